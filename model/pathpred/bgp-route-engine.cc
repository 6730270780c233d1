/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "bgp-route-engine.h"

#include "ns3/abort.h"
#include "ns3/double.h"
#include "ns3/log.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <deque>
#include <limits>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("BgpRouteEngine");

NS_OBJECT_ENSURE_REGISTERED(AsPolicyDeviations);

bool
AsPolicy::IsTextbook() const
{
    return deviating.empty();
}

void
AsPolicy::Reset(const AsGraph& g)
{
    rank.assign(g.GetSlotCount(), 0);
    noExport.assign(g.GetSlotCount(), 0);
    prepend.assign(g.GetSlotCount(), 0);
    deviating.clear();
}

TypeId
AsPolicyDeviations::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::AsPolicyDeviations")
            .SetParent<Object>()
            .SetGroupName("Optical")
            .AddConstructor<AsPolicyDeviations>()
            .AddAttribute("Fraction",
                          "Share of the ASes whose policy deviates from the textbook",
                          DoubleValue(0),
                          MakeDoubleAccessor(&AsPolicyDeviations::m_fraction),
                          MakeDoubleChecker<double>(0, 1))
            .AddAttribute("LocalPreferenceWeight",
                          "Relative weight of local-preference deviations",
                          DoubleValue(1),
                          MakeDoubleAccessor(&AsPolicyDeviations::m_localPrefWeight),
                          MakeDoubleChecker<double>(0))
            .AddAttribute("SelectiveExportWeight",
                          "Relative weight of selective export (nothing announced to one "
                          "provider)",
                          DoubleValue(1),
                          MakeDoubleAccessor(&AsPolicyDeviations::m_selectiveWeight),
                          MakeDoubleChecker<double>(0))
            .AddAttribute("PrependWeight",
                          "Relative weight of prepending toward one provider",
                          DoubleValue(1),
                          MakeDoubleAccessor(&AsPolicyDeviations::m_prependWeight),
                          MakeDoubleChecker<double>(0))
            .AddAttribute("LocalPreferenceRanks",
                          "Ranks a local-preference deviation draws from (per neighbour)",
                          UintegerValue(3),
                          MakeUintegerAccessor(&AsPolicyDeviations::m_ranks),
                          MakeUintegerChecker<uint32_t>(2, 1000))
            .AddAttribute("MaxPrepend",
                          "Extra copies of its AS number a prepending AS adds at most",
                          UintegerValue(3),
                          MakeUintegerAccessor(&AsPolicyDeviations::m_maxPrepend),
                          MakeUintegerChecker<uint32_t>(1, 50));
    return tid;
}

AsPolicyDeviations::AsPolicyDeviations()
{
    m_uniform = CreateObject<UniformRandomVariable>();
}

int64_t
AsPolicyDeviations::AssignStreams(int64_t stream)
{
    m_uniform->SetStream(stream);
    return 1;
}

AsPolicy
AsPolicyDeviations::Draw(const AsGraph& g)
{
    AsPolicy p;
    if (m_fraction <= 0)
    {
        return p;
    }
    p.Reset(g);
    auto draw = [this](uint32_t below) { return m_uniform->GetInteger(0, below - 1); };
    for (uint32_t a = 0; a < g.GetN(); ++a)
    {
        if (m_uniform->GetValue() >= m_fraction)
        {
            continue;
        }
        const uint32_t providers = g.End(a) - g.PeersEnd(a);
        const double wLocal = g.Degree(a) >= 2 ? m_localPrefWeight : 0;
        const double wSelective = providers >= 2 ? m_selectiveWeight : 0;
        const double wPrepend = providers >= 2 ? m_prependWeight : 0;
        const double total = wLocal + wSelective + wPrepend;
        if (total <= 0)
        {
            continue;
        }
        const double u = m_uniform->GetValue() * total;
        p.deviating.push_back(a);
        if (u < wLocal)
        {
            for (uint32_t e = g.Begin(a); e < g.End(a); ++e)
            {
                p.rank[e] = static_cast<int32_t>(draw(m_ranks));
            }
            continue;
        }
        const uint32_t e = g.PeersEnd(a) + draw(providers);
        if (u < wLocal + wSelective)
        {
            p.noExport[e] = 1;
        }
        else
        {
            p.prepend[e] = static_cast<uint8_t>(1 + draw(m_maxPrepend));
        }
    }
    return p;
}

std::vector<uint32_t>
AsRoutes::Path(uint32_t i) const
{
    std::vector<uint32_t> path;
    if (!HasRoute(i))
    {
        return path;
    }
    path.push_back(i);
    while (cls[i] != AsRouteClass::ORIGIN)
    {
        i = next[i];
        path.push_back(i);
        NS_ABORT_MSG_IF(path.size() > cls.size(), "AsRoutes::Path: a forwarding loop");
    }
    return path;
}

BgpRouteEngine::BgpRouteEngine(const AsGraph& g, const AsPolicy* policy)
    : m_g(g),
      m_policy(policy && !policy->IsTextbook() ? policy : nullptr)
{
}

void
BgpRouteEngine::Compute(uint32_t origin, AsRoutes& routes) const
{
    Compute(std::vector<uint32_t>{origin}, routes);
}

template <typename Usable>
void
BgpRouteEngine::Choose(uint32_t a,
                       uint32_t from,
                       uint32_t to,
                       AsRouteClass cls,
                       Usable usable,
                       AsRoutes& r) const
{
    uint32_t best = AsGraph::NONE;
    int32_t bestRank = 0;
    uint32_t bestLength = 0;
    for (uint32_t e = from; e < to; ++e)
    {
        const uint32_t n = m_g.Neighbor(e);
        if (!usable(r.cls[n]))
        {
            continue;
        }
        int32_t rank = 0;
        uint32_t length = r.length[n] + 1;
        if (m_policy)
        {
            const uint32_t back = m_g.Reverse(e);
            if (m_policy->noExport[back])
            {
                continue;
            }
            rank = m_policy->rank[e];
            length += m_policy->prepend[back];
        }
        // Slots are in ascending AS-number order: a strict improvement keeps the lowest.
        if (best == AsGraph::NONE || rank < bestRank || (rank == bestRank && length < bestLength))
        {
            best = n;
            bestRank = rank;
            bestLength = length;
        }
    }
    if (best != AsGraph::NONE)
    {
        r.cls[a] = cls;
        r.length[a] = bestLength;
        r.next[a] = best;
        r.origin[a] = r.origin[best];
    }
}

void
BgpRouteEngine::Compute(const std::vector<uint32_t>& origins, AsRoutes& r) const
{
    const uint32_t n = m_g.GetN();
    r.cls.assign(n, AsRouteClass::NONE);
    r.length.assign(n, 0);
    r.next.assign(n, AsGraph::NONE);
    r.origin.assign(n, AsGraph::NONE);
    for (uint32_t o : origins)
    {
        NS_ABORT_MSG_UNLESS(o < n, "BgpRouteEngine: origin " << o << " out of range");
        r.cls[o] = AsRouteClass::ORIGIN;
        r.next[o] = o;
        r.origin[o] = o;
    }
    auto exportedUp = [](AsRouteClass c) {
        return c == AsRouteClass::ORIGIN || c == AsRouteClass::CUSTOMER;
    };
    auto any = [](AsRouteClass c) { return c != AsRouteClass::NONE; };
    const auto& topo = m_g.TopologicalOrder();
    // 1. Customer routes: an AS after all its customers.
    for (uint32_t a : topo)
    {
        if (r.cls[a] == AsRouteClass::NONE)
        {
            Choose(a, m_g.Begin(a), m_g.CustomersEnd(a), AsRouteClass::CUSTOMER, exportedUp, r);
        }
    }
    // 2. Peer routes: peers export their customer routes (settled in step 1) only.
    for (uint32_t a = 0; a < n; ++a)
    {
        if (r.cls[a] == AsRouteClass::NONE)
        {
            Choose(a, m_g.CustomersEnd(a), m_g.PeersEnd(a), AsRouteClass::PEER, exportedUp, r);
        }
    }
    // 3. Provider routes: an AS after all its providers.
    for (auto it = topo.rbegin(); it != topo.rend(); ++it)
    {
        const uint32_t a = *it;
        if (r.cls[a] == AsRouteClass::NONE)
        {
            Choose(a, m_g.PeersEnd(a), m_g.End(a), AsRouteClass::PROVIDER, any, r);
        }
    }
}

BgpPathVectorSimulator::BgpPathVectorSimulator(const AsGraph& g, const AsPolicy* policy)
    : m_g(g),
      m_policy(policy && !policy->IsTextbook() ? policy : nullptr)
{
}

bool
BgpPathVectorSimulator::Compute(const std::vector<uint32_t>& origins,
                                AsRoutes& r,
                                uint64_t maxActivations) const
{
    const uint32_t n = m_g.GetN();
    if (maxActivations == 0)
    {
        maxActivations = 1000ULL * n;
    }
    // Each AS's best route as a full path (next hop first, origin last).
    std::vector<std::vector<uint32_t>> path(n);
    r.cls.assign(n, AsRouteClass::NONE);
    r.length.assign(n, 0);
    r.next.assign(n, AsGraph::NONE);
    r.origin.assign(n, AsGraph::NONE);
    std::deque<uint32_t> work;
    std::vector<uint8_t> queued(n, 0);
    auto wake = [&](uint32_t a) {
        for (uint32_t e = m_g.Begin(a); e < m_g.End(a); ++e)
        {
            const uint32_t b = m_g.Neighbor(e);
            if (!queued[b] && r.cls[b] != AsRouteClass::ORIGIN)
            {
                queued[b] = 1;
                work.push_back(b);
            }
        }
    };
    for (uint32_t o : origins)
    {
        r.cls[o] = AsRouteClass::ORIGIN;
        r.next[o] = o;
        r.origin[o] = o;
    }
    for (uint32_t o : origins)
    {
        wake(o);
    }
    uint64_t activations = 0;
    while (!work.empty())
    {
        if (++activations > maxActivations)
        {
            return false;
        }
        const uint32_t a = work.front();
        work.pop_front();
        queued[a] = 0;
        // Best among the routes a's neighbours export to it.
        uint32_t best = AsGraph::NONE;
        AsRouteClass bestCls = AsRouteClass::NONE;
        int32_t bestRank = 0;
        uint32_t bestLength = 0;
        for (uint32_t e = m_g.Begin(a); e < m_g.End(a); ++e)
        {
            const uint32_t b = m_g.Neighbor(e);
            const AsRouteClass held = r.cls[b];
            if (held == AsRouteClass::NONE)
            {
                continue;
            }
            const AsRelation rel = m_g.Relation(e); // what b is to a
            const bool exported = held == AsRouteClass::ORIGIN || held == AsRouteClass::CUSTOMER ||
                                  rel == AsRelation::PROVIDER;
            if (!exported || std::find(path[b].begin(), path[b].end(), a) != path[b].end())
            {
                continue;
            }
            const uint32_t back = m_g.Reverse(e);
            if (m_policy && m_policy->noExport[back])
            {
                continue;
            }
            const AsRouteClass cls = rel == AsRelation::CUSTOMER ? AsRouteClass::CUSTOMER
                                     : rel == AsRelation::PEER   ? AsRouteClass::PEER
                                                                 : AsRouteClass::PROVIDER;
            const int32_t rank = m_policy ? m_policy->rank[e] : 0;
            const uint32_t length = r.length[b] + 1 + (m_policy ? m_policy->prepend[back] : 0);
            const bool better =
                best == AsGraph::NONE || cls < bestCls ||
                (cls == bestCls &&
                 (rank < bestRank || (rank == bestRank && (length < bestLength ||
                                                           (length == bestLength &&
                                                            m_g.GetAsn(b) < m_g.GetAsn(best))))));
            if (better)
            {
                best = b;
                bestCls = cls;
                bestRank = rank;
                bestLength = length;
            }
        }
        std::vector<uint32_t> newPath;
        if (best != AsGraph::NONE)
        {
            newPath.reserve(path[best].size() + 1);
            newPath.push_back(best);
            newPath.insert(newPath.end(), path[best].begin(), path[best].end());
        }
        if (newPath == path[a] && bestCls == r.cls[a] && bestLength == r.length[a])
        {
            continue;
        }
        path[a] = std::move(newPath);
        r.cls[a] = bestCls;
        r.length[a] = best == AsGraph::NONE ? 0 : bestLength;
        r.next[a] = best;
        r.origin[a] = best == AsGraph::NONE ? AsGraph::NONE : r.origin[best];
        wake(a);
    }
    return true;
}

} // namespace ns3
