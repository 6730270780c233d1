/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef TE_TOPOLOGY_H
#define TE_TOPOLOGY_H

#include "te-paths.h"
#include "te-solver.h"

#include "ns3/traffic-matrix.h"

#include <cstdint>
#include <string>
#include <vector>

namespace ns3
{

class WanTopology;

/**
 * \ingroup optical
 * \brief A directed WAN with arc capacities, as traffic-engineering studies use it (B4,
 * UsCarrier, Kdl, ASN2k): the TeGraph (arc weight 1, so paths are counted in hops), each arc's
 * capacity in Gb/s and each node's name.
 *
 * Sources (Load()):
 *  - a built-in name, "b4", "uscarrier", "kdl" or "asn" (data/wan/te-topologies/: B4.json,
 *    UsCarrier.json, Kdl.json, ASN2k.json, from Teal's public repository, MIT licence);
 *  - a networkx node-link JSON file (".json": "nodes" with "id", "links" with "source",
 *    "target" and "capacity"; "directed": false makes two arcs of each link);
 *  - any file WanTopology::Load() reads (project CSV, GraphML, or one of its built-ins), each
 *    fibre two arcs of \p defaultGbps.
 * The files' capacities are unitless; they are read as gbpsPerUnit Gb/s each (default 1:
 * B4's 5,000 is 5 Tb/s per link).
 *
 * Every node must reach every other (Check()): TE over a disconnected network would leave
 * demands without paths.
 */
struct TeTopology
{
    std::string name;                   //!< Name (the built-in name or the file)
    TeGraph graph;                      //!< Nodes and arcs (weights 1)
    std::vector<double> capacity;       //!< Per arc (Gb/s)
    std::vector<std::string> nodeNames; //!< Per node, as in the file

    /// Largest JSON file read (bytes).
    static constexpr uint64_t MAX_JSON_BYTES = 64ULL * 1024 * 1024;
    /// Largest capacity of one link read (Gb/s): 1 Pb/s, beyond any fibre's C+L band.
    static constexpr double MAX_LINK_GBPS = 1e6;
    /// Deepest nesting of arrays and objects read (a node-link file needs 3 or 4).
    static constexpr uint32_t MAX_JSON_DEPTH = 64;

    /**
     * \brief Loads a topology (see the class description).
     * \param [in] nameOrFile Built-in name or file
     * \param [out] out The topology (unchanged on failure)
     * \param [out] error The file and what is wrong, the unknown name with the built-in ones,
     * or the nodes that cannot reach each other
     * \param [in] gbpsPerUnit Gb/s per unit of the files' capacities (> 0)
     * \param [in] defaultGbps Capacity of each arc of a WanTopology file (Gb/s, > 0)
     * \return true on success
     */
    static bool Load(const std::string& nameOrFile,
                     TeTopology& out,
                     std::string& error,
                     double gbpsPerUnit = 1.0,
                     double defaultGbps = 100.0);

    /**
     * \brief Reads a networkx node-link JSON file.
     * \param [in] file The file
     * \param [out] out The topology (unchanged on failure)
     * \param [out] error What is wrong (the link's index, the bad value)
     * \param [in] gbpsPerUnit Gb/s per unit of capacity (> 0)
     * \return true on success (connectivity is not checked here)
     */
    static bool LoadJson(const std::string& file,
                         TeTopology& out,
                         std::string& error,
                         double gbpsPerUnit = 1.0);

    /**
     * \brief A WanTopology's fibres as arcs of one capacity.
     * \param [in] wan The WAN
     * \param [in] gbps Capacity of each arc (Gb/s)
     * \return the topology
     */
    static TeTopology FromWan(const WanTopology& wan, double gbps);

    /**
     * \brief The topology as a fibre layer (for rate-adaptive links): one site per node (at
     * latitude and longitude 0, weight 1) and one fibre of \p lengthKm per pair of nodes joined
     * by an arc in either direction (capacities are left to the links).
     * \param [in] lengthKm Each fibre's length (km)
     * \param [out] out The WAN (unchanged on failure)
     * \param [out] error A bad length or too large a topology
     * \return true on success
     */
    bool ToWan(double lengthKm, WanTopology& out, std::string& error) const;

    /**
     * \brief Loads a fibre layer by name, whatever its kind: a TE topology (a name of
     * ListBuiltIn() or a .json file: ToWan with fibres of \p lengthKm) or a WAN topology
     * (WanTopology::Load: a name of data/wan, a CSV or GraphML file).
     * \param [in] nameOrFile The name or file
     * \param [in] lengthKm Fibre length for TE topologies (km)
     * \param [out] out The fibre layer
     * \param [out] error What is wrong
     * \return false on error
     */
    static bool LoadFibres(const std::string& nameOrFile,
                           double lengthKm,
                           WanTopology& out,
                           std::string& error);

    /// \return the built-in names: "b4", "uscarrier", "kdl", "asn"
    static std::vector<std::string> ListBuiltIn();

    /**
     * \brief Checks that every node reaches every other along arcs of positive capacity.
     * \param [out] error The first node that cannot reach another (both named)
     * \return true if strongly connected
     */
    bool Check(std::string& error) const;

    /// \return each node's gravity weight: its outgoing capacity
    std::vector<double> GetGravityWeights() const;

    /// \return the number of nodes
    uint32_t GetNNodes() const;

    /**
     * \brief Every ordered pair of different nodes as a commodity (demand 0), with up to \p k
     * candidate paths each (TePaths::Make's kinds: "edge-disjoint", the default of TE studies,
     * or "ksp"), found by \p threads finders at once. Pairs without a path are kept, pathless.
     * \param [in] k Paths per pair (>= 1)
     * \param [in] kind "edge-disjoint" or "ksp"
     * \param [in] threads Finders at once (>= 1)
     * \param [out] out The commodities, source-major like TrafficMatrix
     * \param [out] error A bad kind or k
     * \return true on success
     */
    bool MakeCommodities(uint32_t k,
                         const std::string& kind,
                         uint32_t threads,
                         std::vector<TeSolver::Commodity>& out,
                         std::string& error) const;

    /**
     * \brief One commodity per given demand (same order, same volume), with up to \p k
     * candidate paths each, found by \p threads finders at once (for a subset of the pairs,
     * e.g. TrafficMatrix::Largest's).
     * \param [in] demands The demands (nodes in range, src != dst)
     * \param [in] k Paths per pair (>= 1)
     * \param [in] kind "edge-disjoint" or "ksp"
     * \param [in] threads Finders at once (>= 1)
     * \param [out] out The commodities
     * \param [out] error A demand between unknown nodes, a bad kind or k
     * \return true on success
     */
    bool MakeCommodities(const std::vector<TrafficMatrix::Demand>& demands,
                         uint32_t k,
                         const std::string& kind,
                         uint32_t threads,
                         std::vector<TeSolver::Commodity>& out,
                         std::string& error) const;

    /**
     * \brief Sets the commodities' demands from a matrix (TrafficMatrix's pair order).
     * \param [in] demands One per ordered pair, source-major
     * \param [in,out] commodities From MakeCommodities()
     * \param [out] error A matrix of another size, or a demand between unknown nodes
     * \return true on success
     */
    bool SetDemands(const std::vector<TrafficMatrix::Demand>& demands,
                    std::vector<TeSolver::Commodity>& commodities,
                    std::string& error) const;

    /**
     * \brief Reads demands from a CSV file with columns src, dst (node names as in the
     * topology) and gbps; pairs not listed get 0.
     * \param [in] file The file
     * \param [out] out One demand per ordered pair, source-major (unchanged on failure)
     * \param [out] error file:line and the unknown node or bad value
     * \return true on success
     */
    bool LoadDemands(const std::string& file,
                     std::vector<TrafficMatrix::Demand>& out,
                     std::string& error) const;

    /**
     * \brief The volume that, routed on each commodity's first path, loads the arcs \p load
     * times their total capacity, for a matrix of this shape: load x sum capacity / sum over
     * pairs of share x hops.
     * \param [in] shape Demands (any total; only their shares count)
     * \param [in] commodities With paths, one per demand of \p shape in the same order (as
     * MakeCommodities() makes them for a whole matrix or for a list of demands)
     * \param [in] load Target load (> 0)
     * \return the total volume (Gb/s)
     */
    double ScaleForLoad(const std::vector<TrafficMatrix::Demand>& shape,
                        const std::vector<TeSolver::Commodity>& commodities,
                        double load) const;

    /**
     * \brief ScaleForLoad over given arc capacities (any network).
     * \param [in] shape Demands (only their shares count)
     * \param [in] commodities Their paths, in the same order
     * \param [in] capacities Per arc (Gb/s)
     * \param [in] load Target load (> 0)
     * \return the total volume (Gb/s)
     */
    static double ScaleForLoad(const std::vector<TrafficMatrix::Demand>& shape,
                               const std::vector<TeSolver::Commodity>& commodities,
                               const std::vector<double>& capacities,
                               double load);
};

} // namespace ns3

#endif /* TE_TOPOLOGY_H */
