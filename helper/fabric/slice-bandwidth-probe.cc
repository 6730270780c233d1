/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "slice-bandwidth-probe.h"

#include "ns3/abort.h"
#include "ns3/collective-helper.h"
#include "ns3/flow-network.h"
#include "ns3/flow-topology.h"
#include "ns3/linear-program.h"
#include "ns3/log.h"
#include "ns3/simulator.h"

#include <algorithm>
#include <map>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("SliceBandwidthProbe");

SliceBandwidthProbe::SliceBandwidthProbe() = default;

void
SliceBandwidthProbe::SetUnitBandwidth(double bps)
{
    NS_ABORT_MSG_IF(!(bps > 0), "SliceBandwidthProbe: port bandwidth " << bps << " bit/s (> 0)");
    m_unitBps = bps;
}

void
SliceBandwidthProbe::SetPathDelay(Time delay)
{
    NS_ABORT_MSG_IF(delay.IsStrictlyNegative(), "SliceBandwidthProbe: negative path delay");
    m_delay = delay;
}

void
SliceBandwidthProbe::SetBytes(uint64_t bytes)
{
    NS_ABORT_MSG_IF(bytes == 0, "SliceBandwidthProbe: all-reduce of 0 bytes");
    m_bytes = bytes;
}

std::vector<std::vector<uint32_t>>
SliceBandwidthProbe::Rings(const std::array<uint32_t, 3>& shape)
{
    std::vector<std::vector<uint32_t>> rings;
    for (uint32_t fast = 0; fast < 3; ++fast)
    {
        if (shape[fast] < 2)
        {
            continue;
        }
        // Snake: along `fast` first, then the next dimension, then the last; each row runs
        // the other way from the one before, so consecutive positions are neighbours.
        const uint32_t mid = (fast + 1) % 3;
        const uint32_t slow = (fast + 2) % 3;
        std::vector<uint32_t> order;
        uint32_t row = 0;
        for (uint32_t k = 0; k < shape[slow]; ++k)
        {
            for (uint32_t jj = 0; jj < shape[mid]; ++jj, ++row)
            {
                const uint32_t j = k % 2 == 0 ? jj : shape[mid] - 1 - jj;
                for (uint32_t ii = 0; ii < shape[fast]; ++ii)
                {
                    const uint32_t i = row % 2 == 0 ? ii : shape[fast] - 1 - ii;
                    std::array<uint32_t, 3> pos{};
                    pos[fast] = i;
                    pos[mid] = j;
                    pos[slow] = k;
                    order.push_back(pos[0] + shape[0] * (pos[1] + shape[1] * pos[2]));
                }
            }
        }
        // The snake, its reverse, and their translations over the logical torus, so that
        // rings of one kind do not all turn on the same links.
        for (uint32_t shift = 0; shift < shape[0] * shape[1] * shape[2]; ++shift)
        {
            const std::array<uint32_t, 3> by{shift % shape[0],
                                             (shift / shape[0]) % shape[1],
                                             shift / (shape[0] * shape[1])};
            std::vector<uint32_t> moved;
            for (uint32_t i : order)
            {
                const std::array<uint32_t, 3> pos{(i % shape[0] + by[0]) % shape[0],
                                                  ((i / shape[0]) % shape[1] + by[1]) % shape[1],
                                                  (i / (shape[0] * shape[1]) + by[2]) % shape[2]};
                moved.push_back(pos[0] + shape[0] * (pos[1] + shape[1] * pos[2]));
            }
            rings.push_back(moved);
            std::reverse(moved.begin(), moved.end());
            rings.push_back(moved);
        }
    }
    std::sort(rings.begin(), rings.end());
    rings.erase(std::unique(rings.begin(), rings.end()), rings.end());
    return rings;
}

std::vector<double>
SliceBandwidthProbe::Shares(Ptr<FlowTopology> topology,
                            const std::vector<std::vector<uint32_t>>& rings)
{
    // A ring in steady state sends at one rate f on each of its hops: the rates that fill the
    // links best, max sum f subject to sum over rings of f x (hops over a link) <= capacity,
    // with each hop on its shortest path (ECMP's first choice).
    LinearProgram lp;
    std::map<uint32_t, std::vector<std::pair<uint32_t, double>>> usage; // link -> (ring, hops)
    for (uint32_t i = 0; i < rings.size(); ++i)
    {
        lp.AddVariable(0, LinearProgram::Infinity(), 1, false);
        std::map<uint32_t, double> hops;
        for (std::size_t k = 0; k < rings[i].size(); ++k)
        {
            std::vector<uint32_t> path;
            std::string error;
            if (topology->ShortestPath(rings[i][k],
                                       rings[i][(k + 1) % rings[i].size()],
                                       0,
                                       true,
                                       path,
                                       error))
            {
                for (uint32_t l : path)
                {
                    hops[l] += 1;
                }
            }
            else
            {
                hops[UINT32_MAX] += 1; // not connected: this ring cannot run
            }
        }
        for (const auto& [l, h] : hops)
        {
            usage[l].emplace_back(i, h);
        }
    }
    for (const auto& [l, terms] : usage)
    {
        lp.AddConstraint(terms,
                         -LinearProgram::Infinity(),
                         l == UINT32_MAX ? 0.0 : topology->GetLink(l).capacity / 1e9);
    }
    lp.SetMaximize(true);
    const LinearProgram::Result r = lp.Solve();
    std::vector<double> shares(rings.size(), 0);
    if (!r.HasSolution() || !(r.objective > 0))
    {
        return shares;
    }
    for (uint32_t i = 0; i < rings.size(); ++i)
    {
        shares[i] = r.values[i] / r.objective;
    }
    return shares;
}

bool
SliceBandwidthProbe::Measure(const SliceLayout& layout,
                             const std::vector<std::pair<uint32_t, uint32_t>>& links,
                             Result& result,
                             std::string& error) const
{
    result = Result();
    const uint32_t n = static_cast<uint32_t>(layout.accelerators.size());
    if (n < 2)
    {
        error = "a slice of " + std::to_string(n) + " accelerator(s) runs no all-reduce";
        return false;
    }
    if (!Simulator::IsFinished())
    {
        error = "SliceBandwidthProbe::Measure runs the simulator: call it with no events pending";
        return false;
    }
    std::map<uint32_t, uint32_t> index;
    for (uint32_t i = 0; i < n; ++i)
    {
        index[layout.accelerators[i]] = i;
    }
    std::map<std::pair<uint32_t, uint32_t>, uint32_t> trunks;
    for (const auto& [a, b] : links)
    {
        auto ia = index.find(a);
        auto ib = index.find(b);
        if (ia == index.end() || ib == index.end() || a == b)
        {
            error = "link " + std::to_string(a) + "-" + std::to_string(b) +
                    " does not join two accelerators of tenant " + std::to_string(layout.tenant);
            return false;
        }
        ++trunks[std::make_pair(std::min(ia->second, ib->second),
                                std::max(ia->second, ib->second))];
    }
    Ptr<FlowTopology> topology = CreateObject<FlowTopology>();
    std::vector<uint32_t> vertices;
    for (uint32_t i = 0; i < n; ++i)
    {
        vertices.push_back(topology->AddVertex("acc" + std::to_string(layout.accelerators[i])));
    }
    for (const auto& [pair, m] : trunks)
    {
        topology->AddLink(vertices[pair.first], vertices[pair.second], m * m_unitBps, m_delay);
        topology->AddLink(vertices[pair.second], vertices[pair.first], m * m_unitBps, m_delay);
    }
    Ptr<FlowNetwork> network = CreateObject<FlowNetwork>();
    network->SetTopology(topology);
    CollectiveHelper helper;
    Ptr<FlowCollectiveTransport> transport = helper.InstallFlow(network, vertices, 1);
    const auto candidates = Rings(layout.shape);
    const std::vector<double> shares = Shares(topology, candidates);
    std::vector<std::vector<uint32_t>> rings;
    std::vector<uint64_t> bytes;
    for (std::size_t i = 0; i < candidates.size(); ++i)
    {
        // Rings the program gives under 0.5% are left out (they change the answer by less
        // and cost as much to simulate as any other).
        const auto b = shares[i] < 0.005
                           ? uint64_t{0}
                           : static_cast<uint64_t>(shares[i] * static_cast<double>(m_bytes));
        if (b > 0)
        {
            rings.push_back(candidates[i]);
            bytes.push_back(b);
        }
    }
    if (rings.empty())
    {
        error = "tenant " + std::to_string(layout.tenant) + ": no ring can run on its links";
        return false;
    }
    uint32_t done = 0;
    Time last;
    const Time start = Simulator::Now();
    std::vector<Ptr<Collective>> collectives;
    for (std::size_t i = 0; i < rings.size(); ++i)
    {
        const auto& ring = rings[i];
        CollectiveSpec spec;
        spec.kind = CollectiveKind::ALLREDUCE;
        spec.algorithm = CollectiveAlgorithm::RING;
        spec.nRanks = n;
        spec.bytes = bytes[i];
        Ptr<Collective> c = helper.Create(transport, spec, ring, "probe", &error);
        if (!c)
        {
            return false;
        }
        c->Start([&done, &last](const CollectiveRecord&) {
            ++done;
            last = Simulator::Now();
        });
        collectives.push_back(c);
    }
    Simulator::Run();
    if (done < rings.size())
    {
        error = "the all-reduce of tenant " + std::to_string(layout.tenant) +
                " did not complete: " + transport->DescribeStall();
        for (auto& c : collectives)
        {
            c->Dispose();
        }
        return false;
    }
    for (auto& c : collectives)
    {
        c->Dispose();
    }
    result.duration = last - start;
    result.rings = static_cast<uint32_t>(rings.size());
    result.links = static_cast<uint32_t>(links.size());
    double total = 0;
    for (uint64_t b : bytes)
    {
        total += static_cast<double>(b);
    }
    result.busBytesPerS = total / result.duration.GetSeconds() * 2.0 * (n - 1) / n;
    result.units = result.busBytesPerS * 8.0 / m_unitBps;
    return true;
}

} // namespace ns3
