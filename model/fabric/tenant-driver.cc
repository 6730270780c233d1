/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "tenant-driver.h"

#include "../common/optical-compat.h"

#include "ns3/abort.h"
#include "ns3/log.h"
#include "ns3/simulator.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("TenantDriver");

TenantDriver::TenantDriver(Ptr<TorusFabric> fabric,
                           Ptr<SliceScheduler> scheduler,
                           Time fabricDelay,
                           uint32_t samplesPerShape)
    : m_fabric(fabric),
      m_scheduler(scheduler),
      m_fabricDelay(fabricDelay),
      m_samplesPerShape(samplesPerShape)
{
    NS_ABORT_MSG_IF(!fabric || !scheduler, "TenantDriver: null fabric or scheduler");
}

std::string
TenantDriver::ShapeName(const std::array<uint32_t, 3>& s)
{
    return std::to_string(s[0]) + "x" + std::to_string(s[1]) + "x" + std::to_string(s[2]);
}

bool
TenantDriver::Accounts(const std::array<uint32_t, 4>& c, uint32_t total)
{
    return uint64_t{c[0]} + c[1] + c[2] + c[3] == total;
}

void
TenantDriver::Check()
{
    const auto c = m_scheduler->Count();
    ++m_out.events;
    const bool ok = Accounts(c, m_fabric->GetGeometry().GetNAccelerators());
    m_out.accounted += ok ? 1 : 0;
    if (!ok)
    {
        NS_LOG_WARN("accounting broken at " << Simulator::Now().As(Time::S) << ": " << c[0] << " + "
                                            << c[1] << " + " << c[2] << " + " << c[3]);
    }
    m_out.timeline.push_back(
        Occupancy{Simulator::Now().GetSeconds(), c[0], c[1], m_scheduler->GetStats().rejected});
}

void
TenantDriver::Snapshot(const SliceLayout& layout, const std::string& method)
{
    optical::compat::Schedule(m_fabricDelay + NanoSeconds(1), [this, layout, method]() {
        if (m_scheduler->GetAllocator().GetOwner(layout.accelerators[0]) !=
            static_cast<int64_t>(layout.tenant))
        {
            return; // gone already
        }
        const TorusGeometry& geometry = m_fabric->GetGeometry();
        const uint32_t rack = geometry.GetRack(layout.accelerators[0]);
        for (uint32_t s = rack * geometry.GetServersPerRack();
             s < (rack + 1) * geometry.GetServersPerRack();
             ++s)
        {
            if (m_fabric->GetServerFabric(s)->GetSwitch()->IsReconfiguring())
            {
                Snapshot(layout, method);
                return;
            }
        }
        m_out.samples.push_back(
            Sample{layout, SliceSteering::LinksWithin(m_fabric, layout.accelerators), method});
    });
}

void
TenantDriver::Arrive(const SliceRequestGenerator::Request& r)
{
    const bool placed = m_scheduler->Request(r.tenant, r.shape);
    Check();
    if (!placed)
    {
        return;
    }
    const std::string method = m_lastMethod;
    optical::compat::Schedule(r.hold, [this, r]() {
        m_scheduler->Release(r.tenant);
        Check();
    });
    uint32_t& n = m_sampled[ShapeName(r.shape) + method];
    if (n >= m_samplesPerShape)
    {
        return;
    }
    ++n;
    // The slice's links once its fabrics have switched.
    for (const auto& p : m_scheduler->GetAllocator().GetPlacements())
    {
        if (p.tenant != r.tenant)
        {
            continue;
        }
        Snapshot(SliceLayout::FromPlacement(m_fabric->GetGeometry(), p), method);
    }
}

void
TenantDriver::Schedule(const std::vector<SliceRequestGenerator::Request>& requests)
{
    m_scheduler->TraceConnectWithoutContext(
        "Allocated",
        MakeBoundCallback(
            +[](std::string* last, uint64_t, uint32_t, const std::string& method) {
                *last = method;
            },
            &m_lastMethod));
    for (const auto& r : requests)
    {
        optical::compat::Schedule(r.arrival, [this, r]() { Arrive(r); });
    }
}

TenantDriver::Outcome
TenantDriver::Collect() const
{
    Outcome out = m_out;
    out.stats = m_scheduler->GetStats();
    out.methods = m_scheduler->GetMorphlux()->GetCounts();
    out.fallbacks = m_scheduler->GetMorphlux()->GetNFallbacks();
    return out;
}

} // namespace ns3
