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

AsGraph
AsGraphGenerator::Generate(uint32_t ases)
{
    NS_ABORT_MSG_IF(ases <= m_tier1,
                    "AsGraphGenerator: " << ases << " ASes for " << m_tier1 << " tier-1s");
    const uint32_t n = ases;
    auto draw = [this](uint32_t below) { return m_uniform->GetInteger(0, below - 1); };
    // AS numbers: distinct, random, below 4n (a partial Fisher-Yates over 1..4n).
    const uint32_t space = 4 * n;
    std::vector<uint32_t> pool(space);
    for (uint32_t k = 0; k < space; ++k)
    {
        pool[k] = k + 1;
    }
    for (uint32_t k = 0; k < n; ++k)
    {
        std::swap(pool[k], pool[k + draw(space - k)]);
    }
    const uint32_t transit =
        m_tier1 + static_cast<uint32_t>(std::lround(m_transitFraction * (n - m_tier1)));
    std::vector<std::vector<uint32_t>> providers(n);
    std::vector<uint32_t> customers(n, 0);
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
            return draw(below);
        }
        return urn[draw(static_cast<uint32_t>(urn.size()))];
    };
    for (uint32_t i = m_tier1; i < n; ++i)
    {
        uint32_t want = 1;
        while (want < m_maxProviders && m_uniform->GetValue() < m_multihoming)
        {
            ++want;
        }
        const uint32_t below = std::min(i, transit);
        want = std::min(want, below);
        for (uint32_t tries = 0; providers[i].size() < want && tries < 20 * want; ++tries)
        {
            const uint32_t p = pickProvider(below);
            if (std::find(providers[i].begin(), providers[i].end(), p) == providers[i].end())
            {
                providers[i].push_back(p);
            }
        }
        for (uint32_t p : providers[i])
        {
            ++customers[p];
            urn.push_back(p);
        }
    }
    AsGraph g;
    for (uint32_t i = 0; i < n; ++i)
    {
        g.AddAs(pool[i]);
    }
    std::string error;
    std::unordered_set<uint64_t> linked;
    auto key = [](uint32_t a, uint32_t b) {
        return (static_cast<uint64_t>(std::min(a, b)) << 32) | std::max(a, b);
    };
    auto link = [&](uint32_t a, uint32_t b, int rel) {
        if (a == b || !linked.insert(key(a, b)).second)
        {
            return false;
        }
        const bool ok = g.AddLink(pool[a], pool[b], rel, error);
        NS_ABORT_MSG_UNLESS(ok, "AsGraphGenerator: " << error);
        return true;
    };
    for (uint32_t a = 0; a < m_tier1; ++a)
    {
        for (uint32_t b = a + 1; b < m_tier1; ++b)
        {
            link(a, b, 0);
        }
    }
    for (uint32_t i = m_tier1; i < n; ++i)
    {
        for (uint32_t p : providers[i])
        {
            link(p, i, -1);
        }
    }
    // Peering: transit ASes (tier-1s excluded) with Pareto degrees toward transit ASes picked
    // by customers; some stubs with one to three peers among stubs and transit ASes.
    const uint32_t transitCount = transit - m_tier1;
    std::vector<uint32_t> transitUrn;
    for (uint32_t i = m_tier1; i < transit; ++i)
    {
        transitUrn.push_back(i);
        for (uint32_t k = 0; k < customers[i]; ++k)
        {
            transitUrn.push_back(i);
        }
    }
    if (transitCount > 1 && m_transitPeers > 0)
    {
        const double xm = m_transitPeers * (m_peeringShape - 1) / m_peeringShape;
        for (uint32_t i = m_tier1; i < transit; ++i)
        {
            const double u = std::max(1e-12, 1 - m_uniform->GetValue());
            const double degree = xm / std::pow(u, 1 / m_peeringShape);
            const uint32_t want =
                std::min<uint32_t>(transitCount - 1, static_cast<uint32_t>(degree + 0.5));
            for (uint32_t k = 0, tries = 0; k < want && tries < 4 * want; ++tries)
            {
                const uint32_t j = transitUrn[draw(static_cast<uint32_t>(transitUrn.size()))];
                if (std::find(providers[i].begin(), providers[i].end(), j) == providers[i].end() &&
                    std::find(providers[j].begin(), providers[j].end(), i) == providers[j].end() &&
                    link(i, j, 0))
                {
                    ++k;
                }
            }
        }
    }
    for (uint32_t i = transit; i < n; ++i)
    {
        if (m_uniform->GetValue() >= m_stubPeering)
        {
            continue;
        }
        const uint32_t want = 1 + draw(3);
        for (uint32_t k = 0, tries = 0; k < want && tries < 8; ++tries)
        {
            const uint32_t j = m_tier1 + draw(n - m_tier1);
            if (std::find(providers[i].begin(), providers[i].end(), j) == providers[i].end() &&
                (j < transit ||
                 std::find(providers[j].begin(), providers[j].end(), i) == providers[j].end()) &&
                link(i, j, 0))
            {
                ++k;
            }
        }
    }
    // Organisations: each AS its own, except stubs taken over by their provider's organisation.
    std::vector<uint32_t> owner(n);
    for (uint32_t i = 0; i < n; ++i)
    {
        owner[i] = i;
    }
    std::vector<std::vector<uint32_t>> stubCustomers(transit);
    for (uint32_t i = transit; i < n; ++i)
    {
        for (uint32_t p : providers[i])
        {
            stubCustomers[p].push_back(i);
        }
    }
    for (uint32_t t = 0; t < transit; ++t)
    {
        if (stubCustomers[t].empty() || m_uniform->GetValue() >= m_siblings)
        {
            continue;
        }
        const uint32_t take = 1 + draw(std::max<uint32_t>(1, m_maxSiblings));
        for (uint32_t k = 0; k < take && k < stubCustomers[t].size(); ++k)
        {
            const uint32_t s =
                stubCustomers[t][draw(static_cast<uint32_t>(stubCustomers[t].size()))];
            if (owner[s] == s)
            {
                owner[s] = t;
            }
        }
    }
    for (uint32_t i = 0; i < n; ++i)
    {
        const uint32_t o = owner[i];
        g.SetOrganisation(i,
                          "ORG-" + std::to_string(pool[o]),
                          "Organisation of AS" + std::to_string(pool[o]));
    }
    const bool ok = g.Finalize(error);
    NS_ABORT_MSG_UNLESS(ok, "AsGraphGenerator: " << error);
    return g;
}

} // namespace ns3
