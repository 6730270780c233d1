/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef PHOTONIC_IR_H
#define PHOTONIC_IR_H

#include "ns3/nstime.h"

#include <complex>
#include <cstdint>
#include <string>
#include <vector>

namespace ns3
{

/**
 * \ingroup optical
 * \brief A dense complex matrix, row-major: the transfer matrices of analog photonic programs.
 *
 * The module does its linear algebra with Eigen inside its sources; public headers carry this
 * plain type so that users' programs need no Eigen headers.
 */
class PhotonicMatrix
{
  public:
    PhotonicMatrix() = default;

    /**
     * \brief A rows x cols matrix of zeros.
     * \param [in] rows Rows
     * \param [in] cols Columns
     */
    PhotonicMatrix(uint32_t rows, uint32_t cols);

    /**
     * \param [in] n Size
     * \return the n x n identity
     */
    static PhotonicMatrix Identity(uint32_t n);

    /// \return the number of rows
    uint32_t Rows() const;
    /// \return the number of columns
    uint32_t Cols() const;

    /**
     * \param [in] r Row (below Rows())
     * \param [in] c Column (below Cols())
     * \return the entry
     */
    std::complex<double>& operator()(uint32_t r, uint32_t c);

    /**
     * \param [in] r Row (below Rows())
     * \param [in] c Column (below Cols())
     * \return the entry
     */
    const std::complex<double>& operator()(uint32_t r, uint32_t c) const;

  private:
    uint32_t m_rows{0};                       //!< Rows
    uint32_t m_cols{0};                       //!< Columns
    std::vector<std::complex<double>> m_data; //!< Entries, row-major
};

/**
 * \ingroup optical
 * \brief A place in a program's source text.
 */
struct PhotonicLocation
{
    std::string file;   //!< File name as given (or "<string>")
    uint32_t line{0};   //!< Line, from 1 (0: unknown)
    uint32_t column{0}; //!< Column, from 1 (0: unknown)

    /// \return "file:line:column"
    std::string ToString() const;
};

/**
 * \ingroup optical
 * \brief One rejection of a program: where, which rule, which signal.
 */
struct PhotonicDiagnostic
{
    PhotonicLocation location; //!< Where
    std::string rule;          //!< The rule broken (a stable name such as "use-once")
    std::string signal;        //!< The signal or port concerned ("" if none)
    std::string message;       //!< What is wrong, in words

    /// \return "file:line:column: error [rule]: message"
    std::string ToString() const;
};

/**
 * \ingroup optical
 * \brief Operations of the photonic intermediate representation.
 *
 * Optical ports of each node (inputs, outputs):
 * - INPUT (0, 1): a port of the switch where light enters; OUTPUT (1, 0): where it leaves.
 * - MZI (2, 2): a 2x2 Mach-Zehnder interferometer, params {theta, phi} (radians), transfer
 *   matrix [[e^{i phi} cos theta, -sin theta], [e^{i phi} sin theta, cos theta]] (Clements).
 * - PHASE (1, 1): a phase shifter, params {phi}.
 * - SPLITTER (1, 2): params {ratio}, the share of the input power sent to output 0.
 * - COMBINER (2, 1): two signals into one waveguide (each loses half its power).
 * - CROSSING (2, 2): a waveguide crossing; input 0 leaves by output 1 and input 1 by output 0.
 * - DETECTOR (1, 0) and TERMINATOR (1, 0): consume a signal (measured or absorbed).
 * - PERMUTE (n, n): input i leaves by output perm[i] (lowered to plain edges).
 * - MULTICAST (1, k): equal power to k outputs (lowered to a tree of SPLITTERs).
 * - UNITARY (n, n): the linear transform \c matrix, output = matrix x input (lowered to a mesh
 *   of MZIs and PHASEs).
 */
enum class PhotonicOp
{
    INPUT,
    OUTPUT,
    MZI,
    PHASE,
    SPLITTER,
    COMBINER,
    CROSSING,
    DETECTOR,
    TERMINATOR,
    PERMUTE,
    MULTICAST,
    UNITARY,
};

/**
 * \param [in] op An operation
 * \return its name in the language ("mzi", "split", ...)
 */
std::string PhotonicOpName(PhotonicOp op);

/**
 * \ingroup optical
 * \brief A node of the IR graph: one primitive operation.
 */
struct PhotonicNode
{
    PhotonicOp op{PhotonicOp::INPUT}; //!< Operation
    uint32_t nIn{0};                  //!< Optical inputs
    uint32_t nOut{0};                 //!< Optical outputs
    uint32_t port{0};                 //!< INPUT, OUTPUT: the switch port (target I/O index)
    std::string name;                 //!< Port or signal name, for messages ("a[3]")
    std::vector<double> params;       //!< See PhotonicOp
    std::vector<uint32_t> perm;       //!< PERMUTE: input i leaves by output perm[i]
    PhotonicMatrix matrix;            //!< UNITARY
    PhotonicLocation location;        //!< Where the source text made it
};

/**
 * \ingroup optical
 * \brief A waveguide of the IR graph: output \c fromPort of node \c from feeds input
 * \c toPort of node \c to.
 */
struct PhotonicEdge
{
    uint32_t from{0};          //!< Producing node
    uint32_t fromPort{0};      //!< Its output
    uint32_t to{0};            //!< Consuming node
    uint32_t toPort{0};        //!< Its input
    std::string signal;        //!< The signal's name in the source
    PhotonicLocation location; //!< Where it is consumed
};

/**
 * \ingroup optical
 * \brief The graph of one program (or one slot of a time-varying program): primitive
 * operations joined by waveguides. In a well-typed graph every node output feeds exactly one
 * edge and every node input is fed by exactly one edge (linearity).
 */
struct PhotonicGraph
{
    std::vector<PhotonicNode> nodes; //!< Nodes
    std::vector<PhotonicEdge> edges; //!< Waveguides

    /**
     * \brief Adds a node.
     * \param [in] node The node
     * \return its index
     */
    uint32_t AddNode(const PhotonicNode& node);

    /**
     * \brief Adds a waveguide.
     * \param [in] edge The edge
     * \return its index
     */
    uint32_t AddEdge(const PhotonicEdge& edge);

    /**
     * \param [in] op An operation
     * \return how many nodes have it
     */
    uint32_t Count(PhotonicOp op) const;
};

/**
 * \ingroup optical
 * \brief A declared port array: "in a[8] @ 4" is name a, size 8, first switch port 4.
 */
struct PhotonicPortDecl
{
    std::string name;          //!< Name
    uint32_t size{1};          //!< Elements (1 for a scalar port)
    uint32_t first{0};         //!< Switch port of element 0
    bool input{true};          //!< in (true) or out
    PhotonicLocation location; //!< Where declared
};

/**
 * \ingroup optical
 * \brief One slot of a program: a graph and how long it holds. A program without slots has
 * one slot of duration 0 (static).
 */
struct PhotonicSlot
{
    Time duration{0};          //!< Slot length (0 for a static program)
    PhotonicGraph graph;       //!< The slot's program
    PhotonicLocation location; //!< Where the slot begins
};

/**
 * \ingroup optical
 * \brief A type-checked program: its ports and its slots.
 */
struct PhotonicProgram
{
    std::string name;                    //!< "program NAME;" or the file's stem
    std::string file;                    //!< Source file ("<string>" for text)
    std::vector<PhotonicPortDecl> ports; //!< Declared ports, in order
    std::vector<PhotonicSlot> slots;     //!< One (static) or more (time-varying)
    std::vector<std::string> loops;      //!< Signals declared as loops ("loop x;")

    /// \return true if the program has declared slots (a rotor program)
    bool IsTimeVarying() const;

    /// \return the number of switch input ports used (1 + the largest input port)
    uint32_t GetNInputPorts() const;

    /// \return the number of switch output ports used (1 + the largest output port)
    uint32_t GetNOutputPorts() const;
};

} // namespace ns3

#endif /* PHOTONIC_IR_H */
