/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef WAN_TOPOLOGY_H
#define WAN_TOPOLOGY_H

#include "ns3/optical-units.h"
#include "ns3/ptr.h"
#include "ns3/random-variable-stream.h"

#include <cstdint>
#include <map>
#include <string>
#include <utility>
#include <vector>

namespace ns3
{

/**
 * \ingroup optical
 * \brief The fibre layer of a wide-area network: sites (with coordinates and a gravity weight)
 * and undirected fibres between them (with a length).
 *
 * A plain value class. It comes from one of three sources:
 *  - the project's CSV format (LoadCsv(); the built-in topologies in data/wan/ use it);
 *  - a GraphML or GML file in the Internet Topology Zoo's style (LoadGraphMl(), LoadGml();
 *    what they do with the Zoo's parallel links, nodes without coordinates and disconnected
 *    networks is chosen by GraphOptions);
 *  - a synthetic generator (Generate()).
 *
 * The project CSV format: a header row and one row per site or fibre, told apart by the
 * \c kind column ('#' comment lines and blank lines are allowed, rows in any order):
 * \verbatim
   kind,site,peer,latitude,longitude,weight,length_km
   site,Seattle,,47.61,-122.33,4.0,
   site,Portland,,45.52,-122.68,2.5,
   fibre,Seattle,Portland,,,,280
 \endverbatim
 *  - \c site rows: \c site is the site's unique name; \c latitude (-90 to 90) and \c longitude
 *    (-180 to 180) in degrees are required; \c weight (the gravity mass, e.g. the metro
 *    population in millions; > 0 and <= MAX_WEIGHT) defaults to 1; \c peer and \c length_km
 *    stay empty.
 *  - \c fibre (or \c fiber) rows: \c site and \c peer name the two ends (declared sites,
 *    different, each pair at most once in either direction); \c length_km (> 0 and <=
 *    MAX_LENGTH_KM) is the fibre
 *    length; when it is empty the length is the great-circle distance x DEFAULT_ROUTE_FACTOR
 *    (at least MIN_LENGTH_KM); \c latitude, \c longitude and \c weight stay empty.
 *
 * A loaded network must have at least one site (at most MAX_SITES, and at most MAX_FIBRES
 * fibres) and be connected. The file is read by OpticalDataFile (a UTF-8 byte-order mark and
 * CRLF line endings are fine; at most OpticalDataFile::MAX_FILE_BYTES).
 */
class WanTopology
{
  public:
    /// A site (a city, a point of presence).
    struct Site
    {
        std::string name;    //!< Unique name
        double latitude{0};  //!< Latitude (degrees, north positive)
        double longitude{0}; //!< Longitude (degrees, east positive)
        double weight{1};    //!< Gravity mass (e.g. metro population in millions), > 0
    };

    /// An undirected fibre between two sites.
    struct Fibre
    {
        uint32_t a{0};      //!< One end (site index)
        uint32_t b{0};      //!< The other end (site index)
        double lengthKm{0}; //!< Length (km), > 0
    };

    /// Earth's mean radius used by GreatCircleKm() (km).
    static constexpr double EARTH_RADIUS_KM = 6371.0;
    /// Fibre route length over great-circle distance when a file gives no length.
    static constexpr double DEFAULT_ROUTE_FACTOR = 1.2;
    /// Shortest fibre derived from coordinates (co-located sites) (km).
    static constexpr double MIN_LENGTH_KM = 1.0;
    /// Longest fibre a file may give (km): Earth's equatorial circumference.
    static constexpr double MAX_LENGTH_KM = 40075.0;
    /// Largest route factor of LoadGraphMl(): a derived length (at most half the
    /// circumference x this) then stays within MAX_LENGTH_KM.
    static constexpr double MAX_ROUTE_FACTOR = 2.0;
    /// Largest site weight a file may give (the world's population in millions is 8,100).
    static constexpr double MAX_WEIGHT = 1e6;
    /// Most sites a file may declare (the Topology Zoo's largest network has 754).
    static constexpr uint32_t MAX_SITES = 10000;
    /// Most fibres a file may declare.
    static constexpr uint32_t MAX_FIBRES = 100000;
    /// Largest GraphML or GML file read (bytes; 16 MiB; the Topology Zoo's largest is below
    /// 1 MiB).
    static constexpr uint64_t MAX_GRAPHML_BYTES = 16ULL * 1024 * 1024;
    /// Deepest nesting of lists a GML file may have (the Zoo's files nest 3 deep).
    static constexpr uint32_t MAX_GML_DEPTH = 64;
    /// Default of GraphOptions::unlocatedLengthKm (km): a regional span.
    static constexpr double DEFAULT_UNLOCATED_LENGTH_KM = 100.0;

    /// What a graph file's links between the same two nodes (and from a node to itself) become.
    enum class ParallelLinks
    {
        MERGE,  //!< One fibre per pair, the shortest length of its links; self-loops dropped
        REFUSE, //!< A file:line error at the second link (or the self-loop)
    };

    /// How a node without Latitude and Longitude gets the lengths of its fibres (a link with a
    /// length of its own keeps it whatever the rule).
    enum class UnlocatedSites
    {
        /// Placed at the centre (mean of unit vectors) of its located neighbours, repeated
        /// until no more can be placed; a node that no located node reaches gets
        /// unlocatedLengthKm fibres
        NEIGHBOURS,
        FIXED_LENGTH, //!< Every fibre with an unlocated end is unlocatedLengthKm long
        REFUSE,       //!< A file:line error at the first such fibre
    };

    /// What a graph file whose nodes are not all connected becomes.
    enum class Disconnected
    {
        LARGEST, //!< Its largest component (fewest sites dropped; ties: the first node's)
        REFUSE,  //!< A file:line error naming the first unreachable node
    };

    /**
     * How LoadGraphMl() and LoadGml() turn a real network file (the Topology Zoo's, say) into
     * a fibre layer. What a rule changed is said in GetNotes(), once per rule.
     */
    struct GraphOptions
    {
        double routeFactor{DEFAULT_ROUTE_FACTOR};             //!< 1 to MAX_ROUTE_FACTOR
        ParallelLinks parallelLinks{ParallelLinks::MERGE};    //!< Parallel links and self-loops
        UnlocatedSites unlocated{UnlocatedSites::NEIGHBOURS}; //!< Nodes without coordinates
        /// Length of a fibre of a node no rule can place (km; > 0 and <= MAX_LENGTH_KM)
        double unlocatedLengthKm{DEFAULT_UNLOCATED_LENGTH_KM};
        Disconnected disconnected{Disconnected::LARGEST}; //!< A network in several pieces
    };

    /// The directory of the built-in topologies, inside the data directory.
    static const std::string BUILT_IN_DIRECTORY;

    /// \return the latitudes a file may give: -90 to 90 degrees
    static OpticalBounds LatitudeBounds();
    /// \return the longitudes a file may give: -180 to 180 degrees
    static OpticalBounds LongitudeBounds();
    /// \return the site weights a file may give: > 0 and <= MAX_WEIGHT
    static OpticalBounds WeightBounds();
    /// \return the fibre lengths a CSV file may give: > 0 and <= MAX_LENGTH_KM (km)
    static OpticalBounds LengthBounds();

    /**
     * \brief Adds a site.
     * \param [in] site The site (its name should be unique; FindSite() finds the first)
     * \return its index
     */
    uint32_t AddSite(const Site& site);

    /**
     * \brief Adds an undirected fibre.
     * \param [in] a One end (site index)
     * \param [in] b The other end (site index)
     * \param [in] lengthKm Length (km)
     * \param [out] error On failure: the bad value and what is allowed
     * \return true on success; false (and nothing added) for a self-loop, an unknown index, a
     * length that is not a finite number > 0, or a pair that already has a fibre
     */
    bool AddFibre(uint32_t a, uint32_t b, double lengthKm, std::string& error);

    /// \return the number of sites
    uint32_t GetNSites() const;

    /// \return the number of fibres
    uint32_t GetNFibres() const;

    /**
     * \param [in] i Site index (< GetNSites(); aborts otherwise)
     * \return the site
     */
    const Site& GetSite(uint32_t i) const;

    /**
     * \param [in] i Fibre index (< GetNFibres(); aborts otherwise)
     * \return the fibre
     */
    const Fibre& GetFibre(uint32_t i) const;

    /// \return all sites, by index
    const std::vector<Site>& GetSites() const;

    /// \return all fibres, by index
    const std::vector<Fibre>& GetFibres() const;

    /**
     * \param [in] i Site index (< GetNSites(); aborts otherwise)
     * \return the indices of the fibres that end at site \p i, in the order they were added
     */
    const std::vector<uint32_t>& GetFibresAt(uint32_t i) const;

    /**
     * \param [in] a One site index
     * \param [in] b Another site index
     * \return the index of the fibre between them, or -1
     */
    int64_t FindFibre(uint32_t a, uint32_t b) const;

    /**
     * \param [in] name A site name
     * \return its index (the first site of that name), or -1 if there is none
     */
    int64_t FindSite(const std::string& name) const;

    /// \return the mean site degree, 2 x fibres / sites (0 without sites)
    double GetMeanDegree() const;

    /// \return the total fibre length (km)
    double GetTotalLengthKm() const;

    /// \return true if there is at least one site and every site is reachable from site 0
    bool IsConnected() const;

    /// \return the sites not reachable from site 0, by index (empty if connected)
    std::vector<uint32_t> GetUnreachable() const;

    /**
     * \brief The bridges: fibres whose loss disconnects the network.
     * \return their indices, ascending
     */
    std::vector<uint32_t> GetBridges() const;

    /// \return true if connected and without bridges (no single fibre cut disconnects it)
    bool IsTwoEdgeConnected() const;

    /// \return the name (the file's stem when loaded; empty by default)
    std::string GetName() const;

    /// \param [in] name The name
    void SetName(const std::string& name);

    /**
     * \brief Loads a topology.
     *
     * A name without '/' and without '.' is a built-in topology, data/wan/NAME.csv (see
     * ListBuiltIn()); a name ending in ".graphml" is read by LoadGraphMl(), one ending in
     * ".gml" by LoadGml(); any other name is read by LoadCsv(). A file name without '/' is
     * looked up in data/wan/; write "./x.csv" for a file in the working directory.
     * \param [in] nameOrFile Built-in name or file
     * \param [out] error On failure: the file, the line and what is wrong, or the unknown
     * name with the built-in names
     * \param [in] options For a GraphML or GML file: its rules (see GraphOptions)
     * \return true on success (on failure this topology is unchanged)
     */
    bool Load(const std::string& nameOrFile, std::string& error, const GraphOptions& options);

    /// Load() with the default GraphOptions.
    /// \param [in] nameOrFile As above \param [out] error As above \return as above
    bool Load(const std::string& nameOrFile, std::string& error);

    /**
     * \brief Loads the project CSV format (see the class description).
     * \param [in] file The file (a name without '/' is looked up in data/wan/)
     * \param [out] error On failure: file:line and the bad value with what is allowed
     * \return true on success (on failure this topology is unchanged)
     */
    bool LoadCsv(const std::string& file, std::string& error);

    /**
     * \brief Loads a GraphML file in the Internet Topology Zoo's style.
     *
     * Keys are resolved by their attr.name (case-insensitive): node "label" (else the node
     * id is the name), "Latitude", "Longitude", optional "population" or "weight" (the site
     * weight; default 1); edge "LinkLength", "length" or "distance" in km, when present.
     * Without an edge length, the length is the great-circle distance x the route factor, at
     * least MIN_LENGTH_KM. A label used twice gets " [id]" appended. Parallel links, nodes
     * without coordinates and a disconnected network follow \p options (by default: merged,
     * placed among their neighbours, the largest component), each said in GetNotes(). The
     * name is the file's stem.
     *
     * The file is parsed by libxml2 (comments, CDATA, character references and foreign
     * elements such as yEd graphics are fine; edge direction is ignored) without network
     * access, DTD loading or entity substitution: a document declaring entities is refused,
     * and so is a file larger than MAX_GRAPHML_BYTES (before it is parsed). Values are
     * bounded: Latitude -90 to 90, Longitude -180 to 180, weight > 0 and <= MAX_WEIGHT,
     * length 0 to MAX_LENGTH_KM (km); at most MAX_SITES nodes and MAX_FIBRES edges.
     * \param [in] file The file (a name without '/' is looked up in data/wan/)
     * \param [out] error On failure: file:line and what is wrong (malformed XML, an edge to an
     * unknown node, a number that is not one or out of its range, no nodes, or what a
     * REFUSE rule of \p options refuses)
     * \param [in] options The rules for parallel links, unlocated nodes and pieces
     * \return true on success (on failure this topology is unchanged)
     */
    bool LoadGraphMl(const std::string& file, std::string& error, const GraphOptions& options);

    /// LoadGraphMl() with the default GraphOptions.
    /// \param [in] file As above \param [out] error As above \return as above
    bool LoadGraphMl(const std::string& file, std::string& error);

    /**
     * \brief Loads a GML file (Graph Modelling Language, as networkx and the Topology Zoo
     * write it) into the same topology as LoadGraphMl(), with the same keys (case-insensitive
     * attribute names of node and edge lists: label, Latitude, Longitude, population or
     * weight; LinkLength, length or distance), bounds, rules and errors.
     *
     * The grammar read: a list of key-value pairs, a key a name ([A-Za-z_][A-Za-z0-9_]*), a
     * value an integer, a real, a string in double quotes (HTML character references such as
     * &amp;amp; and &amp;#233; are decoded) or a list in [ ]; '#' starts a comment line. The
     * first top-level "graph" list is read: its "node" lists (an "id" each, unique) and "edge"
     * lists ("source" and "target" ids); other keys and nested lists (graphics) are skipped.
     * Bounded like GraphML: MAX_GRAPHML_BYTES, lists at most MAX_GML_DEPTH deep, MAX_SITES
     * nodes, MAX_FIBRES edges.
     * \param [in] file The file (a name without '/' is looked up in data/wan/)
     * \param [out] error On failure: file:line and what is wrong
     * \param [in] options The rules for parallel links, unlocated nodes and pieces
     * \return true on success (on failure this topology is unchanged)
     */
    bool LoadGml(const std::string& file, std::string& error, const GraphOptions& options);

    /// LoadGml() with the default GraphOptions.
    /// \param [in] file As above \param [out] error As above \return as above
    bool LoadGml(const std::string& file, std::string& error);

    /**
     * \return what the last successful load of a graph file decided by its rules, one line
     * per rule that applied (links merged, nodes placed or given the fixed length, components
     * dropped); empty after any other load
     */
    const std::vector<std::string>& GetNotes() const;

    /**
     * \brief Parses a ParallelLinks name (merge, refuse; any case).
     * \param [in] text The name
     * \param [out] out The rule
     * \param [out] error If unknown: the name and the allowed names
     * \return false if unknown
     */
    static bool ParseParallelLinks(const std::string& text, ParallelLinks& out, std::string& error);

    /**
     * \brief Parses an UnlocatedSites name (neighbours, fixed, refuse; any case).
     * \param [in] text The name
     * \param [out] out The rule
     * \param [out] error If unknown: the name and the allowed names
     * \return false if unknown
     */
    static bool ParseUnlocatedSites(const std::string& text,
                                    UnlocatedSites& out,
                                    std::string& error);

    /**
     * \brief Parses a Disconnected name (largest, refuse; any case).
     * \param [in] text The name
     * \param [out] out The rule
     * \param [out] error If unknown: the name and the allowed names
     * \return false if unknown
     */
    static bool ParseDisconnected(const std::string& text, Disconnected& out, std::string& error);

    /**
     * \brief Writes the topology in the project CSV format (lengths in km, rounded to 0.001).
     * \param [in] file The path
     * \param [out] error On failure: the file
     * \return true on success
     */
    bool SaveCsv(const std::string& file, std::string& error) const;

    /// \return the names of the built-in topologies (data/wan/*.csv without ".csv"), sorted
    static std::vector<std::string> ListBuiltIn();

    /**
     * \brief Draws a synthetic connected and 2-edge-connected topology.
     *
     * Sites are placed uniformly at random on a \p widthKm x \p heightKm plane; their
     * coordinates are an equirectangular projection of the plane centred on (0, 0): latitude
     * = (y - heightKm / 2) / 111.195 km, longitude = (x - widthKm / 2) / 111.195 km. Each
     * site's weight follows Zipf's law (1 / u, u uniform in [0.01, 1], so 1 to 100). Fibres
     * are straight lines x \p routeFactor:
     *  1. the Euclidean minimum spanning tree;
     *  2. while bridges are left: the leaves of the bridge tree (2-edge-connected components
     *     hanging by one bridge) are paired greedily, closest first, each pair joined by a
     *     fibre between its two closest sites;
     *  3. Waxman-style fibres up to round(sites x meanDegree / 2): a random pair (u, v) is
     *     accepted with probability exp(-d(u, v) / (WAXMAN_ALPHA x L)), L the plane's
     *     diagonal (if draws stall, the shortest remaining pairs).
     * Steps 1 and 2 give a mean degree of about 2.25 (2.1 to 2.3 for small networks); a
     * lower target is exceeded (logged). For 754 sites and a mean degree of 2.4 (the
     * Topology Zoo's Kdl) this gives 905 fibres, 1,810 directed links. Draws, in order: x, y
     * and weight of each site, then for each Waxman try two site indices and an acceptance;
     * deterministic for a given stream of \p rng.
     * \param [in] sites Number of sites (>= 3)
     * \param [in] meanDegree Target mean degree (2 to sites - 1)
     * \param [in] widthKm Plane width (km, > 0)
     * \param [in] heightKm Plane height (km, > 0)
     * \param [in] rng The random stream
     * \param [out] out The topology (unchanged on failure), named "synthetic-SITES"
     * \param [out] error On failure: the bad parameter and what is allowed
     * \param [in] routeFactor Fibre route length over straight-line distance (>= 1)
     * \return true on success
     */
    static bool Generate(uint32_t sites,
                         double meanDegree,
                         double widthKm,
                         double heightKm,
                         Ptr<UniformRandomVariable> rng,
                         WanTopology& out,
                         std::string& error,
                         double routeFactor = DEFAULT_ROUTE_FACTOR);

    /// Waxman's alpha in Generate(): the share of the plane's diagonal over which the chance
    /// of a fibre falls by e.
    static constexpr double WAXMAN_ALPHA = 0.1;

    /**
     * \brief The great-circle distance (haversine formula, radius EARTH_RADIUS_KM).
     * \param [in] lat1 Latitude of the first point (degrees)
     * \param [in] lon1 Its longitude (degrees)
     * \param [in] lat2 Latitude of the second point (degrees)
     * \param [in] lon2 Its longitude (degrees)
     * \return the distance (km)
     */
    static double GreatCircleKm(double lat1, double lon1, double lat2, double lon2);

    /**
     * \brief GreatCircleKm() between two sites.
     * \param [in] a One site index
     * \param [in] b Another site index
     * \return the distance (km)
     */
    double GetGreatCircleKm(uint32_t a, uint32_t b) const;

  private:
    std::string m_name;                                        //!< Name
    std::vector<Site> m_sites;                                 //!< Sites
    std::vector<Fibre> m_fibres;                               //!< Fibres
    std::vector<std::vector<uint32_t>> m_fibresAt;             //!< Fibre indices per site
    std::map<std::pair<uint32_t, uint32_t>, uint32_t> m_pairs; //!< (low, high) site to fibre
    std::map<std::string, uint32_t> m_byName;                  //!< First site of each name
    std::vector<std::string> m_notes;                          //!< What a graph file's rules did
};

} // namespace ns3

#endif /* WAN_TOPOLOGY_H */
