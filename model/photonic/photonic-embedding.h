/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef PHOTONIC_EMBEDDING_H
#define PHOTONIC_EMBEDDING_H

#include "photonic-target.h"

#include <cstdint>
#include <string>
#include <vector>

namespace ns3
{

/**
 * \ingroup optical
 * \brief One net to embed: light from a source I/O port to one or more sinks.
 *
 * - A circuit: one source, one sink.
 * - A fan-out (a multicast or a splitter tree): one source, several sinks, each receiving the
 *   share \c fractions[k] of the source's power; its branch points become elements in the
 *   split state (MZI elements only), with ratios that give each sink its share.
 * - A fan-in (\c fanIn, combiners): the same tree with light running the other way, from
 *   the sinks to the source; it is searched from the source over reversed arcs.
 * - A terminator: one source, no sink, \c anySink: routed to any I/O port no other net uses
 *   (where the light is absorbed); its loss does not count in the objective.
 */
struct PhotonicNet
{
    std::string name;              //!< For messages ("a[3] -> b[5]")
    uint32_t source{0};            //!< Source I/O port index (PhotonicTarget::GetIoPorts())
    std::vector<uint32_t> sinks;   //!< Sink I/O port indices
    std::vector<double> fractions; //!< Power share per sink (empty: 1 / sinks)
    bool anySink{false};           //!< Terminator: any free I/O port
    bool fanIn{false};             //!< A combiner tree: light runs from the sinks to the
                                   //!< source (each arriving with its share of power lost
                                   //!< at every merge, 10 log10(2) dB per 2:1 merge)
};

/**
 * \ingroup optical
 * \brief State of one element after embedding.
 */
struct PhotonicElementState
{
    /// Setting.
    enum Setting : uint8_t
    {
        UNUSED, //!< No net crosses it (left at its default, bar)
        BAR,    //!< Port i of one end to port i of the other
        CROSS,  //!< Port i to port 1 - i
        SPLIT,  //!< One input to both outputs, \c ratio to the bar output
    };

    Setting setting{UNUSED}; //!< Setting
    double ratio{1};         //!< SPLIT: power share to the bar output
    double phase{0};         //!< Phase to set (rad), analog programs
    /**
     * \param [in] other Another state
     * \return true if the physical state differs (an element that must switch)
     */
    bool Differs(const PhotonicElementState& other) const;
};

/**
 * \ingroup optical
 * \brief Where one net runs: its tree of graph nodes and each sink's loss.
 */
struct PhotonicRoute
{
    std::vector<uint32_t> nodes;    //!< Graph nodes the net occupies (source first)
    std::vector<uint32_t> parent;   //!< Per entry of nodes, the index of its parent (root: self)
    std::vector<double> sinkLossDb; //!< Per sink (or the chosen sink of a terminator), dB
    std::vector<uint32_t> elements; //!< Elements crossed (each once)
    uint32_t chosenSink{0};         //!< Terminator: the I/O port it ends at
};

/**
 * \ingroup optical
 * \brief A program's nets placed and routed on a target.
 */
struct PhotonicEmbedding
{
    bool ok{false};                           //!< Every net routed, no element overused
    std::string error;                        //!< If not ok: what failed, naming the nets
    std::vector<std::string> failedNets;      //!< Nets that could not be routed, with why
    std::vector<PhotonicRoute> routes;        //!< Per net (same order as the nets)
    std::vector<PhotonicElementState> states; //!< Per element of the target
    double maxLossDb{0};                      //!< Largest sink loss over non-terminator nets
    double totalLossDb{0};                    //!< Sum of sink losses over non-terminator nets
    uint32_t iterations{0};                   //!< Router iterations (PathFinder) or B&B nodes
    std::string algorithm;                    //!< "pathfinder", "ilp", "first-fit", "benes"
    double seconds{0};                        //!< Wall time of the embedding
};

/**
 * \ingroup optical
 * \brief Embeds nets on a target, minimising the largest sink loss, then the total.
 *
 * Algorithms:
 * - "pathfinder": negotiated-congestion routing (McMurchie and Ebeling, 1995): every net by
 *   least-cost search (A* on layout positions) with node costs that grow with present and
 *   historical over-use, repeated until no node is shared; then nets on the worst paths are
 *   re-routed with higher criticality while that lowers the largest loss. Scales to targets
 *   of 100,000+ elements.
 * - "ilp": the exact embedding as an integer program on CBC (LinearProgram): a binary per
 *   (net, arc), flow conservation, node capacity one, minimise max loss then total. Circuit
 *   nets only; small targets (Options::ilpMaxArcs).
 * - "first-fit": each net in order by its shortest path over the nodes still free, no
 *   rip-up (the baseline of the figures).
 * - "benes": the looping algorithm on a generated Benes target (circuits only).
 * - "auto": benes on Benes targets when every net is a circuit, else pathfinder.
 */
class PhotonicRouter
{
  public:
    /// Options.
    struct Options
    {
        std::string algorithm{"auto"}; //!< auto | pathfinder | ilp | first-fit | benes
        uint32_t maxIterations{50};    //!< PathFinder: negotiation rounds before giving up
        double presentFactor{0.5};     //!< PathFinder: initial present-congestion factor
        double presentGrowth{1.6};     //!< PathFinder: its growth per round
        double historyFactor{0.3};     //!< PathFinder: historical cost increment
        uint32_t lossPasses{3};        //!< PathFinder: re-route rounds to lower the max loss
        uint32_t ilpMaxArcs{200000};   //!< ILP: largest net x arc count accepted
        double ilpTimeLimitS{60};      //!< ILP: CBC wall-time limit (s)
        uint64_t ilpMaxNodes{0};       //!< ILP: CBC node limit (0: none)
        /// PathFinder: base cost of entering a node (dB), so that congestion is priced on
        /// nodes reached by loss-free waveguides too (added to each arc's loss)
        double nodeBaseDb{0.01};
        /// ILP: the total-loss term of the objective is scaled to be at most this (dB), so
        /// the largest loss found is within it of the min-max optimum
        double ilpTieDb{1e-3};
        /// PathFinder loss passes: a net's criticality is (its loss / the largest)^this
        double criticalityExponent{2};
        /// PathFinder loss passes: the largest criticality (its pure-loss weight against
        /// congestion, below 1 so that critical nets still negotiate)
        double maxCriticality{0.99};
        /// Weight of the A* heuristic: 1 keeps it admissible (least-loss paths exact)
        double astarWeight{1.0};
        /// Weight of the A* heuristic on targets of largeTargetElements or more: a weighted
        /// A* finds paths within this factor of the least loss and searches far fewer states
        /// (on 100,000-element recirculating meshes, 128 circuits: the same worst loss and a
        /// mean within 0.2% of weight 1, 5-15x faster; measured, see the doc)
        double astarWeightLarge{3.0};
        /// Elements from which astarWeightLarge applies
        uint32_t largeTargetElements{20000};
        /// PathFinder: rip up and re-route every net each round (true, McMurchie and
        /// Ebeling's scheme) or, after the first round, only the nets on shared nodes
        bool rerouteAll{false};
        /// Feed-forward targets: least-cost paths by one scan in topological order (exact,
        /// no heap; false: A* as on recirculating targets)
        bool dagSearch{true};
    };

    /**
     * \brief Embeds the nets.
     * \param [in] target The target
     * \param [in] nets The nets (sources, sinks and terminators on distinct I/O ports)
     * \param [in] options Options
     * \param [in] previous If not null, a previous embedding on the same target: nets equal to
     * one of it (same source, sinks, fractions) keep its route when that costs no conflict,
     * so that a reconfiguration changes as few elements as it can
     * \param [in] previousNets The nets of \p previous (same order as its routes)
     * \return the embedding (ok false names the failing nets and why)
     */
    static PhotonicEmbedding Embed(const PhotonicTarget& target,
                                   const std::vector<PhotonicNet>& nets,
                                   const Options& options,
                                   const PhotonicEmbedding* previous = nullptr,
                                   const std::vector<PhotonicNet>* previousNets = nullptr);

    /**
     * \brief Loss of a path given as graph nodes from a source I/O node to a sink I/O node:
     * every element pass and every waveguide it crosses (the definition the router uses).
     * \param [in] target The target
     * \param [in] path Graph nodes in order
     * \return dB
     */
    static double PathLossDb(const PhotonicTarget& target, const std::vector<uint32_t>& path);

    /**
     * \param [in] before An embedding
     * \param [in] after Another on the same target
     * \return the elements whose state differs
     */
    static std::vector<uint32_t> ChangedElements(const PhotonicEmbedding& before,
                                                 const PhotonicEmbedding& after);
};

} // namespace ns3

#endif /* PHOTONIC_EMBEDDING_H */
