/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef AS_GRAPH_H
#define AS_GRAPH_H

#include "ns3/ptr.h"
#include "ns3/random-variable-stream.h"

#include <cstdint>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace ns3
{

/// What a neighbour is to an AS (the AS's view of one link).
enum class AsRelation : uint8_t
{
    CUSTOMER = 0, //!< The neighbour pays this AS for transit
    PEER = 1,     //!< Settlement-free peering
    PROVIDER = 2, //!< This AS pays the neighbour for transit
};

/// \return "customer", "peer" or "provider"
std::string AsRelationName(AsRelation r);

/// The position of an AS in the hierarchy, from its links.
enum class AsTier : uint8_t
{
    TIER1 = 0,   //!< No provider, and customers
    TRANSIT = 1, //!< A provider and customers
    STUB = 2,    //!< No customers
};

/// \return "tier1", "transit" or "stub"
std::string AsTierName(AsTier t);

/**
 * \ingroup optical
 * \brief An AS-level graph of the Internet: ASes (by AS number, indexed densely 0..N-1 in the
 * order they were added), their business relationships (provider-to-customer, peer-to-peer)
 * and the organisations that own them.
 *
 * Built from links (AddLink, then Finalize) by the CAIDA readers (LoadRelationships,
 * LoadOrganisations), by AsGraphGenerator or by Misinfer. Each AS's neighbours are kept in one
 * compressed array, customers first, then peers, then providers, each group by ascending AS
 * number (the order the route engines break ties in). The provider-to-customer links must
 * form no cycle (Finalize refuses a graph with one): TopologicalOrder lists every AS after all
 * its customers.
 */
class AsGraph
{
  public:
    /// Index of "no AS".
    static constexpr uint32_t NONE = 0xffffffffU;

    /// Most links a relationship file may hold (CAIDA's serial-2 file of 2024 has about
    /// 500,000).
    static constexpr uint64_t MAX_LINKS = 4000000;

    /// What ParseAsn accepts, for messages.
    static constexpr const char* ASN_RANGE =
        "1 to 4294967294; AS 0 (RFC 7607) and 4294967295 (RFC 7300) are reserved";

    /**
     * \brief Reads an AS number: decimal digits, 1 to 4294967294 (AS 0 and AS 4294967295 are
     * reserved and never appear in a routing table).
     * \param [in] text The text
     * \param [out] asn The number (unchanged on failure)
     * \return true if \p text is one
     */
    static bool ParseAsn(const std::string& text, uint32_t& asn);

    /**
     * \brief Adds an AS (nothing if it is there).
     * \param [in] asn Its AS number
     * \return its index
     */
    uint32_t AddAs(uint32_t asn);

    /**
     * \brief Adds a link between two ASes (added if new), in CAIDA's coding.
     * \param [in] a First AS number
     * \param [in] b Second AS number
     * \param [in] rel -1: \p a is a provider of \p b; 0: \p a and \p b are peers
     * \param [out] error What is wrong: an unknown code, a self-link, a link given twice
     * \return false on error (nothing added)
     */
    bool AddLink(uint32_t a, uint32_t b, int rel, std::string& error);

    /**
     * \brief Builds the adjacency arrays and the topological order.
     * \param [out] error A provider-to-customer cycle, with ASes on it
     * \return false on error
     */
    bool Finalize(std::string& error);

    /// \return the number of ASes
    uint32_t GetN() const;
    /// \return the number of links (each counted once)
    uint64_t GetLinkCount() const;
    /// \return provider-to-customer links
    uint64_t GetProviderCustomerCount() const;
    /// \return peer links
    uint64_t GetPeerCount() const;

    /// \param [in] i An AS index \return its AS number
    uint32_t GetAsn(uint32_t i) const;
    /// \param [in] asn An AS number \return its index, or NONE
    uint32_t IndexOf(uint32_t asn) const;

    /// \param [in] i An AS \return index of its first neighbour in the arrays
    uint32_t Begin(uint32_t i) const;
    /// \param [in] i An AS \return one past its last neighbour
    uint32_t End(uint32_t i) const;
    /// \param [in] i An AS \return one past its last customer (customers: Begin..CustomersEnd)
    uint32_t CustomersEnd(uint32_t i) const;
    /// \param [in] i An AS \return one past its last peer (peers: CustomersEnd..PeersEnd)
    uint32_t PeersEnd(uint32_t i) const;
    /// \param [in] e A neighbour slot \return the neighbour's index
    uint32_t Neighbor(uint32_t e) const;
    /// \param [in] e A neighbour slot \return what the neighbour is to the slot's AS
    AsRelation Relation(uint32_t e) const;
    /// \param [in] e A neighbour slot of AS a toward b \return the slot of b toward a
    uint32_t Reverse(uint32_t e) const;
    /// \return the number of neighbour slots (twice the links)
    uint32_t GetSlotCount() const;
    /// \param [in] a An AS \param [in] b An AS \return the slot of a toward b, or NONE
    uint32_t FindSlot(uint32_t a, uint32_t b) const;
    /// \param [in] i An AS \return its number of neighbours
    uint32_t Degree(uint32_t i) const;
    /// \param [in] i An AS \return its tier (from its links)
    AsTier Tier(uint32_t i) const;

    /// \return every AS, each after all of its customers
    const std::vector<uint32_t>& TopologicalOrder() const;
    /// \return each AS's position in TopologicalOrder
    const std::vector<uint32_t>& TopologicalRank() const;

    /**
     * \brief Sets an AS's organisation (creating the organisation if new).
     * \param [in] i An AS index
     * \param [in] orgId The organisation's id
     * \param [in] orgName Its name (kept from the first call naming the id)
     */
    void SetOrganisation(uint32_t i, const std::string& orgId, const std::string& orgName = "");
    /// \param [in] i An AS \return its organisation's index (an AS without one has its own)
    uint32_t GetOrganisation(uint32_t i) const;
    /// \return the number of organisations
    uint32_t GetOrganisationCount() const;
    /// \param [in] o An organisation \return its id
    const std::string& GetOrganisationId(uint32_t o) const;
    /// \param [in] o An organisation \return its name
    const std::string& GetOrganisationName(uint32_t o) const;

    /**
     * \brief Reads a CAIDA AS-relationship file: serial-1 (`as1|as2|rel`) or serial-2
     * (`as1|as2|rel|source`), `#` comment lines, codes -1 (provider to customer) and 0 (peers);
     * read by OpticalDataFile (at most OpticalDataFile::MAX_FILE_BYTES, a byte-order mark and
     * CRLF line ends fine), at most MAX_LINKS links.
     * \param [in] path The file
     * \param [out] error "path:line: problem" on error
     * \return false on error
     */
    bool LoadRelationships(const std::string& path, std::string& error);

    /**
     * \brief Reads a CAIDA AS-to-organisation file (organisation records
     * `org_id|changed|org_name|country|source` and AS records
     * `aut|changed|aut_name|org_id|opaque_id|source`, each section after its `# format:` line).
     * ASes of the file that are not in the graph are skipped; ASes it does not name keep an
     * organisation of their own. Read by OpticalDataFile (at most
     * OpticalDataFile::MAX_FILE_BYTES).
     * \param [in] path The file
     * \param [out] error "path:line: problem" on error
     * \return false on error
     */
    bool LoadOrganisations(const std::string& path, std::string& error);

    /**
     * \brief Writes the links in serial-1 format (providers first, then peers).
     * \param [in] path The file
     * \param [out] error What went wrong
     * \return false on error
     */
    bool WriteRelationships(const std::string& path, std::string& error) const;

    /**
     * \brief Writes the organisations in as2org format.
     * \param [in] path The file
     * \param [out] error What went wrong
     * \return false on error
     */
    bool WriteOrganisations(const std::string& path, std::string& error) const;

    /**
     * \brief A copy as relationship inference could have produced it: a fraction of the links
     * is wrong. Of the chosen links, a share \p missingShare is left out; the others change
     * their type (provider-to-customer becomes peer; peer becomes provider-to-customer, the
     * AS later in TopologicalOrder made the provider, so no cycle appears). ASes, their
     * indices and organisations are the same.
     * \param [in] fraction Fraction of links that are wrong, in [0, 1]
     * \param [in] missingShare Share of the wrong links that are missing, in [0, 1]
     * \param [in] rng Uniform random numbers in [0, 1)
     * \return the inferred graph
     */
    AsGraph Misinfer(double fraction, double missingShare, Ptr<UniformRandomVariable> rng) const;

    /**
     * \brief A copy with more provider-to-customer links (the learned predictor's links seen
     * on paths). Links already present are skipped; the provider of each new link is the AS
     * later in TopologicalOrder, so no cycle appears.
     * \param [in] links Pairs of AS indices to link
     * \return the extended graph
     */
    AsGraph WithLinks(const std::vector<std::pair<uint32_t, uint32_t>>& links) const;

    /**
     * \brief Checks a path (AS indices, source first) against the relationships.
     * \param [in] path The path
     * \return true if consecutive ASes are linked and the path climbs customer-to-provider
     * links, crosses at most one peer link, then descends
     */
    bool IsValleyFree(const std::vector<uint32_t>& path) const;

  private:
    /// A link as added (AS indices): rel -1 (a provider of b) or 0 (peers).
    struct RawLink
    {
        uint32_t a; //!< First AS
        uint32_t b; //!< Second AS
        int rel;    //!< -1: a provides transit to b; 0: peers
    };

    std::vector<uint32_t> m_asn;                    //!< AS number per index
    std::unordered_map<uint32_t, uint32_t> m_index; //!< AS number to index
    std::vector<RawLink> m_links;                   //!< Links as added
    std::unordered_set<uint64_t> m_linkKeys;        //!< (min, max) index pairs of the links

    std::vector<uint32_t> m_begin;      //!< Per AS (and one more), first slot
    std::vector<uint32_t> m_custEnd;    //!< Per AS, one past its customers
    std::vector<uint32_t> m_peerEnd;    //!< Per AS, one past its peers
    std::vector<uint32_t> m_neighbor;   //!< Per slot, the neighbour
    std::vector<AsRelation> m_relation; //!< Per slot, what the neighbour is
    std::vector<uint32_t> m_reverse;    //!< Per slot, the opposite slot
    std::vector<uint32_t> m_topo;       //!< Customers before providers
    std::vector<uint32_t> m_topoRank;   //!< Position in m_topo
    uint64_t m_p2c{0};                  //!< Provider-to-customer links
    uint64_t m_peer{0};                 //!< Peer links

    std::vector<uint32_t> m_org;                          //!< Per AS, organisation (or NONE)
    std::vector<std::string> m_orgId;                     //!< Per organisation
    std::vector<std::string> m_orgName;                   //!< Per organisation
    std::unordered_map<std::string, uint32_t> m_orgIndex; //!< Organisation id to index

    /// \return a graph with the same ASes (same indices) and organisations, and no links
    AsGraph SameAses() const;
    /// Gives ASes without an organisation one of their own (id "AS<asn>").
    void CompleteOrganisations();
};

} // namespace ns3

#endif /* AS_GRAPH_H */
