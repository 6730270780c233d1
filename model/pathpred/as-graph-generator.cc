/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "as-graph-generator.h"

#include "ns3/abort.h"
#include "ns3/double.h"
#include "ns3/log.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <cmath>
#include <unordered_set>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("AsGraphGenerator");

NS_OBJECT_ENSURE_REGISTERED(AsGraphGenerator);

TypeId
AsGraphGenerator::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::AsGraphGenerator")
            .SetParent<Object>()
            .SetGroupName("Optical")
            .AddConstructor<AsGraphGenerator>()
            .AddAttribute("Tier1",
                          "Number of tier-1 ASes (a full mesh of peers without providers)",
                          UintegerValue(15),
                          MakeUintegerAccessor(&AsGraphGenerator::m_tier1),
                          MakeUintegerChecker<uint32_t>(1, 1000))
            .AddAttribute("TransitFraction",
                          "Share of the ASes, tier-1s excluded, that are transit providers "
                          "(the rest are stubs; about 15% in CAIDA's graphs)",
                          DoubleValue(0.15),
                          MakeDoubleAccessor(&AsGraphGenerator::m_transitFraction),
                          MakeDoubleChecker<double>(0, 1))
            .AddAttribute("MultihomingProbability",
                          "Probability that an AS buys transit from one more provider (drawn "
                          "again after each; mean providers 1/(1-p) up to MaxProviders)",
                          DoubleValue(0.5),
                          MakeDoubleAccessor(&AsGraphGenerator::m_multihoming),
                          MakeDoubleChecker<double>(0, 0.99))
            .AddAttribute("MaxProviders",
                          "Providers of one AS at most",
                          UintegerValue(6),
                          MakeUintegerAccessor(&AsGraphGenerator::m_maxProviders),
                          MakeUintegerChecker<uint32_t>(1, 100))
            .AddAttribute("PreferentialOffset",
                          "A provider is chosen with probability proportional to its "
                          "customers plus this offset (smaller: heavier tail)",
                          DoubleValue(1),
                          MakeDoubleAccessor(&AsGraphGenerator::m_offset),
                          MakeDoubleChecker<double>(0.01, 1000))
            .AddAttribute("TransitPeers",
                          "Mean number of peers a transit AS seeks (Pareto-distributed)",
                          DoubleValue(6),
                          MakeDoubleAccessor(&AsGraphGenerator::m_transitPeers),
                          MakeDoubleChecker<double>(0, 10000))
            .AddAttribute("PeeringShape",
                          "Pareto shape of the peering degrees (> 1)",
                          DoubleValue(1.5),
                          MakeDoubleAccessor(&AsGraphGenerator::m_peeringShape),
                          MakeDoubleChecker<double>(1.01, 100))
            .AddAttribute("StubPeeringProbability",
                          "Probability that a stub peers with one to three ASes (at IXPs)",
                          DoubleValue(0.1),
                          MakeDoubleAccessor(&AsGraphGenerator::m_stubPeering),
                          MakeDoubleChecker<double>(0, 1))
            .AddAttribute("SiblingProbability",
                          "Probability that a transit AS's organisation also owns some of its "
                          "stub customers",
                          DoubleValue(0.1),
                          MakeDoubleAccessor(&AsGraphGenerator::m_siblings),
                          MakeDoubleChecker<double>(0, 1))
            .AddAttribute("MaxSiblings",
                          "Stub customers one organisation takes over at most",
                          UintegerValue(4),
                          MakeUintegerAccessor(&AsGraphGenerator::m_maxSiblings),
                          MakeUintegerChecker<uint32_t>(0, 1000));
    return tid;
}

AsGraphGenerator::AsGraphGenerator()
{
    m_uniform = CreateObject<UniformRandomVariable>();
}

int64_t
AsGraphGenerator::AssignStreams(int64_t stream)
{
    m_uniform->SetStream(stream);
    return 1;
}

/// What the steps of Generate share: the ASes' numbers and providers, and the graph so far.
struct AsGraphGenerator::Draft
{
    uint32_t n{0};                                //!< ASes
    uint32_t transit{0};                          //!< Tier-1 and transit ASes (the first ones)
    std::vector<uint32_t> pool;                   //!< AS i has number pool[i] (i < n)
    std::vector<std::vector<uint32_t>> providers; //!< Per AS, its providers
    std::vector<uint32_t> customers;              //!< Per AS, its customers
    AsGraph g;                                    //!< The graph
    std::unordered_set<uint64_t> linked;          //!< Pairs of ASes linked already
    std::string error;                            //!< Why AddLink or Finalize failed

    /**
     * \brief Links two ASes unless they are the same or linked already.
     * \param [in] a An AS (index)
     * \param [in] b Another
     * \param [in] rel The relationship (as for AsGraph::AddLink)
     * \return true if the link was added
     */
    bool Link(uint32_t a, uint32_t b, int rel)
    {
        if (a == b ||
            !linked.insert((static_cast<uint64_t>(std::min(a, b)) << 32) | std::max(a, b)).second)
        {
            return false;
        }
        const bool ok = g.AddLink(pool[a], pool[b], rel, error);
        NS_ABORT_MSG_UNLESS(ok, "AsGraphGenerator: " << error);
        return true;
    }
};

uint32_t
AsGraphGenerator::Draw(uint32_t below)
{
    return m_uniform->GetInteger(0, below - 1);
}

void
AsGraphGenerator::DrawAsNumbers(Draft& d)
{
    // AS numbers: distinct, random, below 4n (a partial Fisher-Yates over 1..4n).
    const uint32_t space = 4 * d.n;
    d.pool.resize(space);
    for (uint32_t k = 0; k < space; ++k)
    {
        d.pool[k] = k + 1;
    }
    for (uint32_t k = 0; k < d.n; ++k)
    {
        std::swap(d.pool[k], d.pool[k + Draw(space - k)]);
    }
}

void
AsGraphGenerator::ChooseProviders(Draft& d)
{
    d.providers.assign(d.n, {});
    d.customers.assign(d.n, 0);
    // The urn of providers: each provider once per customer it has (providers are always
    // transit ASes made before the customer).
    std::vector<uint32_t> urn;
    auto pickProvider = [&](uint32_t below) {
        // Proportional to customers + offset: with probability offset*below/(offset*below +
        // urnSize) a uniform AS below `below`, else an urn entry (the urn only holds ASes
        // below `below`, since it is filled in creation order).
        const double uniformMass = m_offset * below;
        if (urn.empty() || m_uniform->GetValue() * (uniformMass + urn.size()) < uniformMass)
        {
            return Draw(below);
        }
        return urn[Draw(static_cast<uint32_t>(urn.size()))];
    };
    for (uint32_t i = m_tier1; i < d.n; ++i)
    {
        uint32_t want = 1;
        while (want < m_maxProviders && m_uniform->GetValue() < m_multihoming)
        {
            ++want;
        }
        const uint32_t below = std::min(i, d.transit);
        want = std::min(want, below);
        for (uint32_t tries = 0; d.providers[i].size() < want && tries < 20 * want; ++tries)
        {
            const uint32_t p = pickProvider(below);
            if (std::find(d.providers[i].begin(), d.providers[i].end(), p) == d.providers[i].end())
            {
                d.providers[i].push_back(p);
            }
        }
        for (uint32_t p : d.providers[i])
        {
            ++d.customers[p];
            urn.push_back(p);
        }
    }
}

void
AsGraphGenerator::LinkHierarchy(Draft& d) const
{
    for (uint32_t a = 0; a < m_tier1; ++a)
    {
        for (uint32_t b = a + 1; b < m_tier1; ++b)
        {
            d.Link(a, b, 0);
        }
    }
    for (uint32_t i = m_tier1; i < d.n; ++i)
    {
        for (uint32_t p : d.providers[i])
        {
            d.Link(p, i, -1);
        }
    }
}

void
AsGraphGenerator::PeerTransit(Draft& d)
{
    const std::vector<std::vector<uint32_t>>& providers = d.providers;
    const uint32_t transitCount = d.transit - m_tier1;
    std::vector<uint32_t> transitUrn;
    for (uint32_t i = m_tier1; i < d.transit; ++i)
    {
        transitUrn.push_back(i);
        for (uint32_t k = 0; k < d.customers[i]; ++k)
        {
            transitUrn.push_back(i);
        }
    }
    if (!(transitCount > 1 && m_transitPeers > 0))
    {
        return;
    }
    const double xm = m_transitPeers * (m_peeringShape - 1) / m_peeringShape;
    for (uint32_t i = m_tier1; i < d.transit; ++i)
    {
        const double u = std::max(1e-12, 1 - m_uniform->GetValue());
        const double degree = xm / std::pow(u, 1 / m_peeringShape);
        const uint32_t want =
            std::min<uint32_t>(transitCount - 1, static_cast<uint32_t>(degree + 0.5));
        for (uint32_t k = 0, tries = 0; k < want && tries < 4 * want; ++tries)
        {
            const uint32_t j = transitUrn[Draw(static_cast<uint32_t>(transitUrn.size()))];
            if (std::find(providers[i].begin(), providers[i].end(), j) == providers[i].end() &&
                std::find(providers[j].begin(), providers[j].end(), i) == providers[j].end() &&
                d.Link(i, j, 0))
            {
                ++k;
            }
        }
    }
}

void
AsGraphGenerator::PeerStubs(Draft& d)
{
    const std::vector<std::vector<uint32_t>>& providers = d.providers;
    for (uint32_t i = d.transit; i < d.n; ++i)
    {
        if (m_uniform->GetValue() >= m_stubPeering)
        {
            continue;
        }
        const uint32_t want = 1 + Draw(3);
        for (uint32_t k = 0, tries = 0; k < want && tries < 8; ++tries)
        {
            const uint32_t j = m_tier1 + Draw(d.n - m_tier1);
            if (std::find(providers[i].begin(), providers[i].end(), j) == providers[i].end() &&
                (j < d.transit ||
                 std::find(providers[j].begin(), providers[j].end(), i) == providers[j].end()) &&
                d.Link(i, j, 0))
            {
                ++k;
            }
        }
    }
}

void
AsGraphGenerator::FormOrganisations(Draft& d)
{
    // Organisations: each AS its own, except stubs taken over by their provider's organisation.
    std::vector<uint32_t> owner(d.n);
    for (uint32_t i = 0; i < d.n; ++i)
    {
        owner[i] = i;
    }
    std::vector<std::vector<uint32_t>> stubCustomers(d.transit);
    for (uint32_t i = d.transit; i < d.n; ++i)
    {
        for (uint32_t p : d.providers[i])
        {
            stubCustomers[p].push_back(i);
        }
    }
    for (uint32_t t = 0; t < d.transit; ++t)
    {
        if (stubCustomers[t].empty() || m_uniform->GetValue() >= m_siblings)
        {
            continue;
        }
        const uint32_t take = 1 + Draw(std::max<uint32_t>(1, m_maxSiblings));
        for (uint32_t k = 0; k < take && k < stubCustomers[t].size(); ++k)
        {
            const uint32_t s =
                stubCustomers[t][Draw(static_cast<uint32_t>(stubCustomers[t].size()))];
            if (owner[s] == s)
            {
                owner[s] = t;
            }
        }
    }
    for (uint32_t i = 0; i < d.n; ++i)
    {
        const uint32_t o = owner[i];
        d.g.SetOrganisation(i,
                            "ORG-" + std::to_string(d.pool[o]),
                            "Organisation of AS" + std::to_string(d.pool[o]));
    }
}

AsGraph
AsGraphGenerator::Generate(uint32_t ases)
{
    NS_ABORT_MSG_IF(ases <= m_tier1,
                    "AsGraphGenerator: " << ases << " ASes for " << m_tier1 << " tier-1s");
    Draft d;
    d.n = ases;
    DrawAsNumbers(d);
    d.transit = m_tier1 + static_cast<uint32_t>(std::lround(m_transitFraction * (d.n - m_tier1)));
    ChooseProviders(d);
    for (uint32_t i = 0; i < d.n; ++i)
    {
        d.g.AddAs(d.pool[i]);
    }
    LinkHierarchy(d);
    // Peering: transit ASes (tier-1s excluded) with Pareto degrees toward transit ASes picked
    // by customers; some stubs with one to three peers among stubs and transit ASes.
    PeerTransit(d);
    PeerStubs(d);
    FormOrganisations(d);
    const bool ok = d.g.Finalize(d.error);
    NS_ABORT_MSG_UNLESS(ok, "AsGraphGenerator: " << d.error);
    return std::move(d.g);
}

} // namespace ns3
