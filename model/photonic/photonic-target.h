/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef PHOTONIC_TARGET_H
#define PHOTONIC_TARGET_H

#include "ns3/nstime.h"

#include <cstdint>
#include <string>
#include <vector>

namespace ns3
{

/**
 * \ingroup optical
 * \brief What one programmable element of a target can do.
 */
enum class PhotonicElementKind
{
    MZI,    //!< Tunable 2x2 MZI: bar, cross, any split ratio, a phase (meshes, unit cells)
    SWITCH, //!< 2x2 switch: bar or cross only (Benes networks of 2x2 switches)
};

/**
 * \ingroup optical
 * \brief One programmable 2x2 element of a silicon photonic switch target.
 *
 * An element has two ends (0 and 1) of two ports each. Light entering port i of one end leaves
 * by port i (bar) or 1 - i (cross) of the other end, or by both (split, MZI only). A
 * feed-forward element (\c directed) carries light from end 0 to end 1 only; a unit cell of a
 * recirculating mesh carries it either way. Its graph node ids are 4 e + 2 end + i
 * (PhotonicTarget::ElementPort).
 */
struct PhotonicElement
{
    PhotonicElementKind kind{PhotonicElementKind::MZI}; //!< Capabilities
    double lossDb{0.3};                                 //!< Insertion loss of one pass (dB)
    Time switchingTime{0}; //!< Time to change its state (phase shifter)
    double powerMw{25};    //!< Power to hold a pi phase shift (mW)
    double x{0};           //!< Layout position (cell or column units), for routing
    double y{0};           //!< Layout position (cell or mode units), for routing
    uint32_t column{0};    //!< Meshes: column (stage) of the element
    uint32_t mode{0};      //!< Meshes: upper mode (row) of the element
};

/**
 * \ingroup optical
 * \brief A fixed waveguide between two graph nodes (element ports or I/O ports), crossing
 * \c crossings other waveguides on its way.
 */
struct PhotonicWaveguide
{
    uint32_t a{0};         //!< One node (for directed targets: the upstream one)
    uint32_t b{0};         //!< The other node
    uint32_t crossings{0}; //!< Waveguide crossings on it
    double lossDb{0};      //!< Its own loss beyond crossings (propagation, dB)
};

/**
 * \ingroup optical
 * \brief An I/O port of the target, where a fibre meets the chip: switch port \c index.
 */
struct PhotonicIoPort
{
    uint32_t node{0};     //!< Its graph node id (PhotonicTarget::IoNode)
    bool canInput{true};  //!< Light may enter here
    bool canOutput{true}; //!< Light may leave here
    double x{0};          //!< Layout position
    double y{0};          //!< Layout position
};

/**
 * \ingroup optical
 * \brief A silicon photonic switch target: programmable 2x2 elements joined by fixed
 * waveguides, with I/O ports, read from an editable data file or generated.
 *
 * Styles: "clements" (rectangular MZI mesh, N(N-1)/2 MZIs, depth N), "reck" (triangular,
 * N(N-1)/2 MZIs, depth 2N-3), "benes" (N = 2^k ports, 2 log2 N - 1 stages of N/2 switches),
 * "hexagonal", "square", "triangular" (recirculating meshes of tunable unit cells), "custom"
 * (a file). Feed-forward styles have inputs 0..N-1 on the left (switch input port i = I/O
 * port i) and outputs on the right (switch output port i = I/O port N + i); recirculating
 * meshes have I/O ports around their border, numbered clockwise from the top left. Hexagonal
 * meshes' ports serve either way (switch port k is I/O port k, input or output); square and
 * triangular meshes are bipartite (IsTwoSided()): switch inputs are one class of their ports,
 * outputs the other, each in clockwise order.
 *
 * Graph nodes: element ports 0 .. 4E-1, then I/O ports 4E .. 4E+P-1.
 */
class PhotonicTarget
{
  public:
    /// Parameters of a generated target.
    struct Spec
    {
        std::string style{
            "clements"};             //!< clements | reck | benes | hexagonal | square | triangular
        uint32_t ports{8};           //!< At least this many switch inputs (and outputs)
        uint32_t elements{0};        //!< At least this many elements (0: the least for ports)
        double elementLossDb{0.3};   //!< Per element pass (dB; silicon thermo-optic 0.1-0.5)
        double crossingLossDb{0.05}; //!< Per waveguide crossing (dB; 0.02-0.2)
        double splitterExcessLossDb{0.2};     //!< Beyond the split itself (dB; 0.1-0.3)
        Time switchingTime{MicroSeconds(10)}; //!< Thermo-optic phase shifter (1-100 us)
        double powerMw{25};                   //!< Per pi phase shift (mW; 20-30)
    };

    /**
     * \brief Generates a target.
     * \param [in] spec What to generate
     * \param [out] target The target (unchanged on failure)
     * \param [out] error What is wrong with \p spec (style unknown: lists the styles)
     * \return true on success
     */
    static bool Generate(const Spec& spec, PhotonicTarget& target, std::string& error);

    /**
     * \brief Reads a target file (format in doc/optical.rst, "Target files").
     * \param [in] path The file
     * \param [out] target The target (unchanged on failure)
     * \param [out] error file:line: and what is wrong (a missing field is named)
     * \return true on success
     */
    static bool Load(const std::string& path, PhotonicTarget& target, std::string& error);

    /**
     * \brief Writes this target in the file format Load() reads.
     * \param [in] path The file
     * \param [out] error Why it could not be written
     * \return true on success
     */
    bool Save(const std::string& path, std::string& error) const;

    /// \return the style name
    const std::string& GetStyle() const;
    /// \return the target's name
    const std::string& GetName() const;
    /// \return true if light runs from element end 0 to end 1 only (feed-forward meshes)
    bool IsDirected() const;

    /// \return the elements
    const std::vector<PhotonicElement>& GetElements() const;
    /// \return the fixed waveguides
    const std::vector<PhotonicWaveguide>& GetWaveguides() const;
    /// \return the I/O ports; I/O port k is switch port k of the style's numbering
    const std::vector<PhotonicIoPort>& GetIoPorts() const;

    /// \return the number of switch input ports (feed-forward: N; hexagonal: every I/O port;
    /// square and triangular: one class of I/O ports, see IsTwoSided())
    uint32_t GetNInputs() const;
    /// \return the number of switch output ports
    uint32_t GetNOutputs() const;

    /**
     * \param [in] port Switch input port (below GetNInputs())
     * \return the I/O port index light enters by
     */
    uint32_t InputIo(uint32_t port) const;
    /**
     * \param [in] port Switch output port (below GetNOutputs())
     * \return the I/O port index light leaves by
     */
    uint32_t OutputIo(uint32_t port) const;

    /**
     * \param [in] io An I/O port index
     * \return the switch input port it is, or -1
     */
    int32_t InputPortOf(uint32_t io) const;
    /**
     * \param [in] io An I/O port index
     * \return the switch output port it is, or -1
     */
    int32_t OutputPortOf(uint32_t io) const;
    /**
     * \return true if inputs and outputs are distinct I/O ports: feed-forward targets, and
     * recirculating meshes whose ports fall in two classes (square, triangular: light only
     * turns to a neighbouring cell at a vertex, so it joins ports of opposite classes only;
     * inputs are one class, outputs the other, each in clockwise order)
     */
    bool IsTwoSided() const;
    /**
     * \param [in] io An I/O port index
     * \return per I/O port, whether light entering at \p io can leave there (ignoring other
     * nets)
     */
    std::vector<bool> ReachableFrom(uint32_t io) const;

    /// \return the number of graph nodes (4 E + P)
    uint32_t GetNNodes() const;
    /**
     * \param [in] element Element index
     * \param [in] end 0 or 1
     * \param [in] index 0 or 1
     * \return the graph node id of that element port
     */
    static uint32_t ElementPort(uint32_t element, uint32_t end, uint32_t index);
    /**
     * \param [in] io I/O port index
     * \return its graph node id
     */
    uint32_t IoNode(uint32_t io) const;
    /**
     * \param [in] node A graph node id
     * \return the waveguide at that node (every node has at most one), or -1
     */
    int32_t WaveguideAt(uint32_t node) const;

    /// \return loss of one waveguide crossing (dB)
    double GetCrossingLossDb() const;
    /// \return a splitter's excess loss beyond the split (dB)
    double GetSplitterExcessLossDb() const;
    /**
     * \param [in] w Waveguide index
     * \return its loss: crossings x crossing loss + its own (dB)
     */
    double WaveguideLossDb(uint32_t w) const;

    /**
     * \brief Meshes: the element at (column, mode), or -1 (Clements and Reck only).
     * \param [in] column Column
     * \param [in] mode Upper mode
     * \return the element index or -1
     */
    int32_t MeshElement(uint32_t column, uint32_t mode) const;

    /**
     * \brief Builds a custom target (what Load does after parsing): checks that every node has
     * at most one waveguide, ids are in range, I/O ports exist.
     * \param [in] name Name
     * \param [in] style Style
     * \param [in] directed Feed-forward
     * \param [in] elements Elements
     * \param [in] ioPorts I/O ports (node ids are assigned here: 4E + index)
     * \param [in] waveguides Waveguides
     * \param [in] nInputs Switch inputs (feed-forward: I/O ports 0..nInputs-1)
     * \param [in] crossingLossDb Crossing loss
     * \param [in] splitterExcessLossDb Splitter excess loss
     * \param [out] error What is wrong
     * \return true on success
     */
    bool Build(const std::string& name,
               const std::string& style,
               bool directed,
               const std::vector<PhotonicElement>& elements,
               const std::vector<PhotonicIoPort>& ioPorts,
               const std::vector<PhotonicWaveguide>& waveguides,
               uint32_t nInputs,
               double crossingLossDb,
               double splitterExcessLossDb,
               std::string& error);

  private:
    /// Recirculating meshes: splits bipartite meshes' I/O ports into inputs and outputs.
    void SplitIoClasses();

    std::string m_name;                          //!< Name
    std::string m_style;                         //!< Style
    bool m_directed{true};                       //!< Feed-forward
    std::vector<PhotonicElement> m_elements;     //!< Elements
    std::vector<PhotonicWaveguide> m_waveguides; //!< Waveguides
    std::vector<PhotonicIoPort> m_io;            //!< I/O ports
    std::vector<int32_t> m_waveguideAt;          //!< Node -> waveguide or -1
    std::vector<int32_t> m_mesh;                 //!< column * N + mode -> element (meshes)
    std::vector<uint32_t> m_inputIo;             //!< Recirculating: switch input -> I/O
    std::vector<uint32_t> m_outputIo;            //!< Recirculating: switch output -> I/O
    std::vector<int32_t> m_inputOf;              //!< I/O -> switch input or -1
    std::vector<int32_t> m_outputOf;             //!< I/O -> switch output or -1
    uint32_t m_meshModes{0};                     //!< Modes of a mesh (N)
    uint32_t m_nInputs{0};                       //!< Switch inputs
    uint32_t m_nOutputs{0};                      //!< Switch outputs
    double m_crossingLossDb{0.05};               //!< Crossing loss
    double m_splitterExcessLossDb{0.2};          //!< Splitter excess loss
};

/**
 * \ingroup optical
 * \brief Routes a permutation through a Benes network by the looping algorithm (Opferman and
 * Tsao-Wu, 1971) in O(N log N).
 */
class BenesRouter
{
  public:
    /**
     * \brief States of every switch for a permutation.
     * \param [in] n Ports (a power of two, at least 2)
     * \param [in] perm Input i leaves by output perm[i] (a permutation of 0..n-1; entries
     * equal to UINT32_MAX are free and completed arbitrarily)
     * \return per stage (2 log2 n - 1 of them), per switch (n / 2), true for cross
     */
    static std::vector<std::vector<bool>> Route(uint32_t n, const std::vector<uint32_t>& perm);

    /**
     * \brief Follows every input through a Benes network set to \p states.
     * \param [in] n Ports
     * \param [in] states As Route() returns them
     * \return the output each input reaches
     */
    static std::vector<uint32_t> Apply(uint32_t n, const std::vector<std::vector<bool>>& states);

    /**
     * \brief The element index of a generated Benes target's switch.
     * \param [in] n Ports
     * \param [in] stage Stage
     * \param [in] index Switch within the stage (0 .. n/2 - 1)
     * \return the element index (stage-major)
     */
    static uint32_t Element(uint32_t n, uint32_t stage, uint32_t index);
};

} // namespace ns3

#endif /* PHOTONIC_TARGET_H */
