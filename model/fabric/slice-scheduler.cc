/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "slice-scheduler.h"

#include "ns3/abort.h"
#include "ns3/enum.h"
#include "ns3/log.h"
#include "ns3/optical-compat.h"
#include "ns3/optical-names.h"
#include "ns3/simulator.h"
#include "ns3/string.h"
#include "ns3/uinteger.h"

#include <algorithm>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("SliceScheduler");

NS_OBJECT_ENSURE_REGISTERED(SliceScheduler);

namespace
{
/// First owner id of the spare pools (one per rack).
constexpr int64_t kSpareBase = int64_t{1} << 62;
} // namespace

TypeId
SliceScheduler::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::SliceScheduler")
            .SetParent<Object>()
            .SetGroupName("Optical")
            .AddConstructor<SliceScheduler>()
            .AddAttribute(
                "Policy",
                "Allocation policy: contiguous (boxes of free servers, plain torus) or "
                "morphlux (non-contiguous servers stitched and steered by the fabrics)",
                EnumValue(SliceScheduler::MORPHLUX),
                optical::compat::MakeEnumAccessorCompat<Policy>(&SliceScheduler::m_policy),
                optical::MakeAnyCaseEnumChecker(SliceScheduler::CONTIGUOUS,
                                                "contiguous",
                                                SliceScheduler::MORPHLUX,
                                                "morphlux"))
            .AddAttribute("SparesPerRack",
                          "Spare accelerators held back in each rack (whole servers, at the end "
                          "of the rack; Morphlux: 4 per 64-accelerator rack)",
                          UintegerValue(0),
                          MakeUintegerAccessor(&SliceScheduler::m_spares),
                          MakeUintegerChecker<uint32_t>())
            .AddAttribute("ResyncTime",
                          "Collective-library re-synchronisation after a spare swap or a "
                          "migration (Morphlux prototype: NCCL 4.5 s)",
                          TimeValue(Seconds(4.5)),
                          MakeTimeAccessor(&SliceScheduler::m_resync),
                          MakeTimeChecker(Seconds(0)))
            .AddAttribute("MigrationTime",
                          "Moving a job to a new slice and restarting it from its checkpoint "
                          "(no public figure: an assumption, set it to your system's)",
                          TimeValue(Seconds(60)),
                          MakeTimeAccessor(&SliceScheduler::m_migration),
                          MakeTimeChecker(Seconds(0)))
            .AddTraceSource("Allocated",
                            "A slice was placed: tenant, accelerators, method",
                            MakeTraceSourceAccessor(&SliceScheduler::m_allocatedTrace),
                            "ns3::SliceScheduler::AllocatedTracedCallback")
            .AddTraceSource("Rejected",
                            "A request was rejected: tenant, accelerators, fragmented",
                            MakeTraceSourceAccessor(&SliceScheduler::m_rejectedTrace),
                            "ns3::SliceScheduler::RejectedTracedCallback")
            .AddTraceSource("Recovered",
                            "A job hit by a failure runs again: tenant, downtime, blast radius, "
                            "rewire time",
                            MakeTraceSourceAccessor(&SliceScheduler::m_recoveredTrace),
                            "ns3::SliceScheduler::RecoveredTracedCallback");
    return tid;
}

SliceScheduler::SliceScheduler()
    : m_morphlux(CreateObject<MorphluxAllocator>()),
      m_failureGap(CreateObject<ExponentialRandomVariable>()),
      m_failurePick(CreateObject<UniformRandomVariable>())
{
}

void
SliceScheduler::DoDispose()
{
    m_fabric = nullptr;
    m_steering = nullptr;
    m_morphlux = nullptr;
    Object::DoDispose();
}

bool
SliceScheduler::CheckPolicy(const std::string& policy, std::string& error)
{
    if (policy == "contiguous" || policy == "morphlux")
    {
        return true;
    }
    error = "policy '" + policy + "' is not one of contiguous, morphlux";
    return false;
}

double
SliceScheduler::Stats::Pct(double a, double b)
{
    return b > 0 ? 100.0 * a / b : 0.0;
}

double
SliceScheduler::Stats::GetFragmentationPct() const
{
    return Pct(fragmented, enoughFree);
}

double
SliceScheduler::Stats::GetFragmentationPct(uint32_t size) const
{
    const auto it = bySize.find(size);
    return it == bySize.end() ? 0.0 : Pct(it->second[1], it->second[0]);
}

double
SliceScheduler::Stats::GetRejectionPct() const
{
    return Pct(rejected, requests);
}

double
SliceScheduler::Stats::GetUtilizationPct() const
{
    return Pct(heldSeconds, offeredSeconds);
}

std::string
SliceScheduler::CheckSpares(const TorusGeometry& g, uint32_t spares)
{
    const uint32_t perServer = g.GetAcceleratorsPerServer();
    if (spares % perServer == 0 && spares / perServer < g.GetServersPerRack())
    {
        return "";
    }
    return "must be whole servers of " + std::to_string(perServer) +
           " accelerators and fewer than the " + std::to_string(g.GetServersPerRack()) +
           " servers of a rack";
}

int64_t
SliceScheduler::SpareOwner(uint32_t rack)
{
    return kSpareBase + rack;
}

bool
SliceScheduler::Setup(Ptr<TorusFabric> fabric, std::string& error)
{
    NS_ABORT_MSG_IF(!fabric, "SliceScheduler: null fabric");
    const TorusGeometry& g = fabric->GetGeometry();
    const uint32_t perServer = g.GetAcceleratorsPerServer();
    if (m_spares % perServer != 0 || m_spares / perServer >= g.GetServersPerRack())
    {
        error = "SparesPerRack " + std::to_string(m_spares) + " must be whole servers of " +
                std::to_string(perServer) + " accelerators, fewer than the rack's " +
                std::to_string(g.GetServersPerRack()) + " servers";
        return false;
    }
    m_fabric = fabric;
    m_allocator = std::make_unique<SliceAllocator>(g);
    m_steering = CreateObject<SliceSteering>();
    m_steering->SetFabric(fabric);
    const uint32_t spareServers = m_spares / perServer;
    for (uint32_t r = 0; r < g.GetNRacks(); ++r)
    {
        const uint32_t last = (r + 1) * g.GetServersPerRack();
        for (uint32_t s = last - spareServers; s < last; ++s)
        {
            for (uint32_t a : g.GetServerAccelerators(s))
            {
                m_allocator->Reassign(a, SpareOwner(r));
            }
        }
    }
    m_offered = g.GetNAccelerators() - m_spares * g.GetNRacks();
    m_held = 0;
    m_stats = Stats();
    m_lastAccount = Simulator::Now();
    for (uint32_t s = 0; s < g.GetNServers(); ++s)
    {
        fabric->GetServerFabric(s)->GetSwitch()->TraceConnectWithoutContext(
            "ReconfigurationEnd",
            MakeCallback(&SliceScheduler::FabricSwitched, this).Bind(s));
    }
    return true;
}

void
SliceScheduler::Account()
{
    const double dt = (Simulator::Now() - m_lastAccount).GetSeconds();
    m_stats.heldSeconds += m_held * dt;
    m_stats.offeredSeconds += m_offered * dt;
    m_lastAccount = Simulator::Now();
}

bool
SliceScheduler::Request(uint64_t tenant, const std::array<uint32_t, 3>& shape)
{
    NS_ABORT_MSG_IF(!m_allocator, "SliceScheduler: Request before Setup");
    const std::string problem = m_allocator->CheckShape(shape);
    NS_ABORT_MSG_IF(!problem.empty(), "SliceScheduler: " << problem);
    Account();
    const uint32_t size = shape[0] * shape[1] * shape[2];
    ++m_stats.requests;
    // Enough free capacity in number: some rack has as many free servers as the slice needs
    // (slices never span racks, under either policy).
    const TorusGeometry& g = m_allocator->GetGeometry();
    bool enough = false;
    for (uint32_t r = 0; r < g.GetNRacks() && !enough; ++r)
    {
        enough = m_allocator->GetFreeServers(r).size() * g.GetAcceleratorsPerServer() >= size;
    }
    m_stats.enoughFree += enough ? 1 : 0;
    m_stats.bySize[size][0] += enough ? 1 : 0;
    SliceAllocator::Placement placement;
    MorphluxAllocator::Solution how;
    bool ok = false;
    if (m_policy == CONTIGUOUS)
    {
        ok = m_allocator->AllocateContiguous(tenant, shape, placement);
        how.method = "contiguous";
    }
    else
    {
        ok = m_morphlux->Allocate(*m_allocator, *m_steering, tenant, shape, placement, how);
    }
    if (!ok)
    {
        ++m_stats.rejected;
        m_stats.fragmented += enough ? 1 : 0;
        m_stats.bySize[size][1] += enough ? 1 : 0;
        m_rejectedTrace(tenant, size, enough);
        return false;
    }
    ++m_stats.accepted;
    m_stats.stitched += how.method != "contiguous" ? 1 : 0;
    m_held += size;
    m_shapes[tenant] = shape;
    m_allocatedTrace(tenant, size, how.method);
    return true;
}

bool
SliceScheduler::Release(uint64_t tenant)
{
    if (m_shapes.erase(tenant) == 0)
    {
        return false;
    }
    Account();
    for (uint32_t a = 0; a < m_allocator->GetGeometry().GetNAccelerators(); ++a)
    {
        m_held -= m_allocator->GetOwner(a) == static_cast<int64_t>(tenant) ? 1 : 0;
    }
    m_allocator->Release(tenant);
    m_steering->Release(tenant);
    return true;
}

void
SliceScheduler::Fail(uint32_t accelerator)
{
    NS_ABORT_MSG_IF(!m_allocator, "SliceScheduler: Fail before Setup");
    const int64_t owner = m_allocator->GetOwner(accelerator);
    if (owner == SliceAllocator::FAILED)
    {
        return;
    }
    Account();
    if (owner < 0 || owner >= kSpareBase)
    {
        m_allocator->SetFailed(accelerator, true); // idle or spare: nobody stops
        return;
    }
    const auto tenant = static_cast<uint64_t>(owner);
    ++m_stats.failures;
    const TorusGeometry& g = m_allocator->GetGeometry();
    const uint32_t rack = g.GetRack(accelerator);
    if (m_policy == MORPHLUX)
    {
        const uint32_t first = rack * g.GetAcceleratorsPerRack();
        for (uint32_t spare = first; spare < first + g.GetAcceleratorsPerRack(); ++spare)
        {
            if (m_allocator->GetOwner(spare) != SpareOwner(rack))
            {
                continue;
            }
            SliceSteering::Plan plan;
            std::string error;
            if (!m_steering->PlanSwap(tenant, accelerator, spare, plan, error))
            {
                NS_LOG_LOGIC("spare " << spare << " unusable: " << error);
                continue;
            }
            m_steering->Apply(plan);
            m_allocator->SetFailed(accelerator, true);
            m_allocator->Reassign(spare, owner);
            ++m_stats.covered;
            Swap swap{tenant, Simulator::Now(), {}};
            for (const auto& [server, circuits] : plan.circuits)
            {
                Ptr<OpticalCircuitSwitch> ocs = m_fabric->GetServerFabric(server)->GetSwitch();
                if (ocs->IsReconfiguring() || ocs->GetNPendingReconfigurations() > 0)
                {
                    swap.servers.insert(server);
                }
            }
            m_swaps.push_back(swap);
            if (swap.servers.empty())
            {
                FabricSwitched(UINT32_MAX, OcsConfiguration());
            }
            return;
        }
    }
    m_allocator->SetFailed(accelerator, true);
    --m_held;
    Migrate(tenant, Simulator::Now());
}

void
SliceScheduler::Migrate(uint64_t tenant, Time failedAt)
{
    const std::array<uint32_t, 3> shape = m_shapes.at(tenant);
    const uint32_t size = shape[0] * shape[1] * shape[2];
    Release(tenant);
    SliceAllocator::Placement placement;
    MorphluxAllocator::Solution how;
    const bool ok =
        m_policy == CONTIGUOUS
            ? m_allocator->AllocateContiguous(tenant, shape, placement)
            : m_morphlux->Allocate(*m_allocator, *m_steering, tenant, shape, placement, how);
    if (!ok)
    {
        ++m_stats.lost;
        NS_LOG_WARN("tenant " << tenant << " lost an accelerator and finds no new slice");
        return;
    }
    ++m_stats.migrations;
    m_held += size;
    m_shapes[tenant] = shape;
    const Time downtime = m_migration + m_resync;
    optical::compat::Schedule(
        failedAt + downtime - Simulator::Now(),
        [this, tenant, downtime, size]() { m_recoveredTrace(tenant, downtime, size, Seconds(0)); });
}

void
SliceScheduler::FabricSwitched(uint32_t server, const OcsConfiguration& /* config */)
{
    for (auto it = m_swaps.begin(); it != m_swaps.end();)
    {
        if (server != UINT32_MAX && it->servers.count(server))
        {
            Ptr<OpticalCircuitSwitch> ocs = m_fabric->GetServerFabric(server)->GetSwitch();
            // At ReconfigurationEnd the finished request has left the queue.
            if (ocs->GetNPendingReconfigurations() == 0)
            {
                it->servers.erase(server);
            }
        }
        if (!it->servers.empty())
        {
            ++it;
            continue;
        }
        const Time rewire = Simulator::Now() - it->failedAt;
        const Time downtime = rewire + m_resync;
        const uint64_t tenant = it->tenant;
        optical::compat::Schedule(m_resync, [this, tenant, downtime, rewire]() {
            m_recoveredTrace(tenant, downtime, 1, rewire);
        });
        it = m_swaps.erase(it);
    }
}

void
SliceScheduler::Repair(uint32_t accelerator)
{
    if (m_allocator->GetOwner(accelerator) != SliceAllocator::FAILED)
    {
        return;
    }
    Account();
    m_allocator->SetFailed(accelerator, false);
    if (m_spares == 0)
    {
        return;
    }
    // Refill the rack's spare pool (under either policy: a spare that failed comes back).
    const TorusGeometry& g = m_allocator->GetGeometry();
    const uint32_t rack = g.GetRack(accelerator);
    const uint32_t first = rack * g.GetAcceleratorsPerRack();
    uint32_t pool = 0;
    for (uint32_t a = first; a < first + g.GetAcceleratorsPerRack(); ++a)
    {
        pool += m_allocator->GetOwner(a) == SpareOwner(rack) ? 1 : 0;
    }
    if (pool < m_spares)
    {
        m_allocator->Reassign(accelerator, SpareOwner(rack));
    }
}

void
SliceScheduler::StartFailures(double perAcceleratorHour, Time repair, Time until)
{
    NS_ABORT_MSG_IF(!(perAcceleratorHour > 0),
                    "SliceScheduler: failure rate " << perAcceleratorHour
                                                    << " per accelerator-hour (> 0)");
    const uint32_t n = m_allocator->GetGeometry().GetNAccelerators();
    const double meanGapS = 3600.0 / (perAcceleratorHour * n);
    const Time next = Seconds(m_failureGap->GetValue(meanGapS, 0));
    if (Simulator::Now() + next > until)
    {
        return;
    }
    optical::compat::Schedule(next, [this, perAcceleratorHour, repair, until, n]() {
        const auto a = static_cast<uint32_t>(m_failurePick->GetInteger(0, n - 1));
        if (m_allocator->GetOwner(a) != SliceAllocator::FAILED)
        {
            Fail(a);
            Simulator::Schedule(repair, &SliceScheduler::Repair, this, a);
        }
        StartFailures(perAcceleratorHour, repair, until);
    });
}

int64_t
SliceScheduler::AssignStreams(int64_t stream)
{
    m_failureGap->SetStream(stream);
    m_failurePick->SetStream(stream + 1);
    return 2;
}

SliceScheduler::Stats
SliceScheduler::GetStats() const
{
    Stats s = m_stats;
    const double dt = (Simulator::Now() - m_lastAccount).GetSeconds();
    s.heldSeconds += m_held * dt;
    s.offeredSeconds += m_offered * dt;
    return s;
}

std::array<uint32_t, 4>
SliceScheduler::Count() const
{
    std::array<uint32_t, 4> c{0, 0, 0, 0};
    for (uint32_t a = 0; a < m_allocator->GetGeometry().GetNAccelerators(); ++a)
    {
        const int64_t owner = m_allocator->GetOwner(a);
        ++c[owner >= kSpareBase ? 3 : (owner >= 0 ? 0 : (owner == SliceAllocator::FREE ? 1 : 2))];
    }
    return c;
}

const SliceAllocator&
SliceScheduler::GetAllocator() const
{
    return *m_allocator;
}

Ptr<SliceSteering>
SliceScheduler::GetSteering() const
{
    return m_steering;
}

Ptr<MorphluxAllocator>
SliceScheduler::GetMorphlux() const
{
    return m_morphlux;
}

Ptr<TorusFabric>
SliceScheduler::GetFabric() const
{
    return m_fabric;
}

} // namespace ns3
