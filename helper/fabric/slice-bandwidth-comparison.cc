/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "slice-bandwidth-comparison.h"

#include "torus-datacenter-helper.h"

#include "ns3/log.h"
#include "ns3/simulator.h"
#include "ns3/slice-allocator.h"
#include "ns3/slice-steering.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("SliceBandwidthComparison");

SliceBandwidthComparison::SliceBandwidthComparison(const TorusGeometry& geometry,
                                                   const SliceBandwidthProbe& probe)
    : m_geometry(geometry),
      m_probe(probe)
{
}

double
SliceBandwidthComparison::GetInjectionUnits() const
{
    double injection = 0;
    for (uint32_t p = 0; p < TorusGeometry::PORTS; ++p)
    {
        injection += m_geometry.HasPort(p) ? 1 : 0;
    }
    return injection;
}

bool
SliceBandwidthComparison::BoxUnits(const std::array<uint32_t, 3>& shape,
                                   double& units,
                                   std::string& error)
{
    const std::string name = TenantDriver::ShapeName(shape);
    const auto it = m_box.find(name);
    if (it != m_box.end())
    {
        units = it->second;
        return true;
    }
    Ptr<TorusFabric> fabric = TorusDatacenterHelper().Create(m_geometry);
    SliceAllocator allocator(m_geometry);
    error = allocator.CheckShape(shape);
    if (!error.empty())
    {
        return false;
    }
    SliceAllocator::Placement placement;
    if (!allocator.AllocateContiguous(0, shape, placement))
    {
        error = "slice shape " + name + " does not fit an empty rack";
        return false;
    }
    const SliceLayout layout = SliceLayout::FromPlacement(m_geometry, placement);
    SliceBandwidthProbe::Result r;
    const bool ok =
        m_probe.Measure(layout, SliceSteering::LinksWithin(fabric, layout.accelerators), r, error);
    Simulator::Destroy();
    if (!ok)
    {
        return false;
    }
    m_box[name] = r.units;
    units = r.units;
    return true;
}

bool
SliceBandwidthComparison::Compare(const TenantDriver::Sample& s, Row& row, std::string& error)
{
    row = Row{};
    row.tenant = s.layout.tenant;
    row.shape = TenantDriver::ShapeName(s.layout.shape);
    row.accelerators = static_cast<uint32_t>(s.layout.accelerators.size());
    row.method = s.method;
    row.links = static_cast<uint32_t>(s.links.size());
    if (!BoxUnits(s.layout.shape, row.boxUnits, error))
    {
        return false;
    }
    SliceBandwidthProbe::Result r;
    const bool ok = m_probe.Measure(s.layout, s.links, r, error);
    Simulator::Destroy();
    if (!ok)
    {
        return false;
    }
    row.busUnits = r.units;
    // Gain in share of the accelerator's injection bandwidth (all its ports).
    row.gainPct = 100.0 * (r.units - row.boxUnits) / GetInjectionUnits();
    NS_LOG_DEBUG("tenant " << row.tenant << " " << row.shape << " " << row.method << ": "
                           << row.busUnits << " vs " << row.boxUnits << " units");
    return true;
}

void
SliceBandwidthComparison::Add(const Row& row)
{
    m_ratioSum += row.busUnits / row.boxUnits;
    m_gainSum += row.gainPct;
    ++m_n;
    auto& [sum, count] = m_perShape[row.shape];
    sum += row.busUnits;
    ++count;
}

bool
SliceBandwidthComparison::CompareAll(const std::vector<TenantDriver::Sample>& samples,
                                     bool add,
                                     const std::string& policy,
                                     ResultsStore* store,
                                     int64_t runId,
                                     std::string& error)
{
    if (store)
    {
        store->CreateEventTable("slices");
    }
    for (const TenantDriver::Sample& sample : samples)
    {
        Row r;
        if (!Compare(sample, r, error))
        {
            return false;
        }
        if (add)
        {
            Add(r);
        }
        if (store)
        {
            store->AddEvent("slices",
                            runId,
                            {policy,
                             static_cast<int64_t>(r.tenant),
                             r.shape,
                             static_cast<int64_t>(r.accelerators),
                             r.method,
                             static_cast<int64_t>(r.links),
                             r.busUnits,
                             r.boxUnits,
                             GetInjectionUnits(),
                             r.gainPct});
        }
    }
    return true;
}

uint32_t
SliceBandwidthComparison::GetN() const
{
    return m_n;
}

double
SliceBandwidthComparison::GetMeanRatio() const
{
    return m_n ? m_ratioSum / m_n : 1.0;
}

double
SliceBandwidthComparison::GetMeanGainPct() const
{
    return m_n ? m_gainSum / m_n : 0.0;
}

std::map<std::string, SliceBandwidthComparison::ShapeSummary>
SliceBandwidthComparison::GetPerShape() const
{
    std::map<std::string, ShapeSummary> out;
    for (const auto& [shape, sum] : m_perShape)
    {
        ShapeSummary& o = out[shape];
        o.busUnits = sum.first / sum.second;
        o.boxUnits = m_box.at(shape);
        o.ratio = o.busUnits / o.boxUnits;
        o.gainPct = 100.0 * (o.busUnits - o.boxUnits) / GetInjectionUnits();
    }
    return out;
}

} // namespace ns3
