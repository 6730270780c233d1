/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "rdcn-traffic-aware-scheduler.h"

#include "ns3/abort.h"
#include "ns3/enum.h"
#include "ns3/log.h"
#include "ns3/optical-compat.h"
#include "ns3/optical-names.h"
#include "ns3/optical-units.h"
#include "ns3/simulator.h"
#include "ns3/trace-source-accessor.h"
#include "ns3/uinteger.h"

#include <sstream>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("RdcnTrafficAwareScheduler");

NS_OBJECT_ENSURE_REGISTERED(RdcnTrafficAwareScheduler);

TypeId
RdcnTrafficAwareScheduler::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::RdcnTrafficAwareScheduler")
            .SetParent<Object>()
            .SetGroupName("Optical")
            .AddConstructor<RdcnTrafficAwareScheduler>()
            .AddAttribute("Epoch",
                          "How often the ToRs report their demand and a new cycle is decided (s).",
                          TimeValue(MilliSeconds(1)),
                          MakeTimeAccessor(&RdcnTrafficAwareScheduler::m_epoch),
                          MakeTimeChecker(Seconds(0)))
            .AddAttribute("Algorithm",
                          "Decomposition of the demand: bvn (Birkhoff-von Neumann; demand "
                          "slices in proportion to the weights) or max-weight (one maximum-"
                          "weight matching of the residual demand per demand slice).",
                          EnumValue(RdcnTrafficAwareScheduler::BVN),
                          optical::compat::MakeEnumAccessorCompat<Algorithm>(
                              &RdcnTrafficAwareScheduler::m_algorithm),
                          optical::MakeAnyCaseEnumChecker(RdcnTrafficAwareScheduler::BVN,
                                                          "bvn",
                                                          RdcnTrafficAwareScheduler::MAX_WEIGHT,
                                                          "max-weight"))
            .AddAttribute("DemandSlots",
                          "Slices per uplink and cycle given to the demand, after the "
                          "ceil((N-1)/U) round-robin slices (slices; 0: as many as the round "
                          "robin has).",
                          UintegerValue(0),
                          MakeUintegerAccessor(&RdcnTrafficAwareScheduler::m_demandSlots),
                          MakeUintegerChecker<uint32_t>(0, RdcnSchedule::MAX_SLICES))
            .AddAttribute("ControlDelay",
                          "Time to decide and program the switches (s): a decision takes "
                          "effect at the first cycle boundary at least ControlDelay plus the "
                          "schedule's Guard after it.",
                          TimeValue(Seconds(0)),
                          MakeTimeAccessor(&RdcnTrafficAwareScheduler::m_controlDelay),
                          MakeTimeChecker(Seconds(0)))
            .AddAttribute("UplinkRate",
                          "Rate of one uplink (bit/s): max-weight takes what a slot carries "
                          "as UplinkRate x (Slot - Guard).",
                          DataRateValue(DataRate("100Gbps")),
                          MakeDataRateAccessor(&RdcnTrafficAwareScheduler::m_uplinkRate),
                          MakeDataRateChecker())
            .AddTraceSource("Decided",
                            "A cycle was decided and installed: the epoch index (from 0) and "
                            "the number of weighted matchings it came from.",
                            MakeTraceSourceAccessor(&RdcnTrafficAwareScheduler::m_decided),
                            "ns3::RdcnTrafficAwareScheduler::DecidedTracedCallback");
    return tid;
}

RdcnTrafficAwareScheduler::RdcnTrafficAwareScheduler()
{
    NS_LOG_FUNCTION(this);
}

RdcnTrafficAwareScheduler::~RdcnTrafficAwareScheduler()
{
    NS_LOG_FUNCTION(this);
}

void
RdcnTrafficAwareScheduler::DoDispose()
{
    m_event.Cancel();
    m_schedule = nullptr;
    m_source = nullptr;
    Object::DoDispose();
}

void
RdcnTrafficAwareScheduler::SetSchedule(Ptr<RdcnSchedule> schedule)
{
    NS_LOG_FUNCTION(this << schedule);
    m_schedule = schedule;
}

Ptr<RdcnSchedule>
RdcnTrafficAwareScheduler::GetSchedule() const
{
    return m_schedule;
}

void
RdcnTrafficAwareScheduler::SetDemandSource(DemandSource source)
{
    m_source = std::move(source);
}

uint32_t
RdcnTrafficAwareScheduler::GetDemandSlices() const
{
    if (m_demandSlots != 0 || !m_schedule)
    {
        return m_demandSlots;
    }
    return RdcnDemandDecomposition::BaseSlices(m_schedule->GetNTors(), m_schedule->GetNUplinks());
}

uint32_t
RdcnTrafficAwareScheduler::GetCycleLength() const
{
    if (!m_schedule)
    {
        return 0;
    }
    return RdcnDemandDecomposition::BaseSlices(m_schedule->GetNTors(), m_schedule->GetNUplinks()) +
           GetDemandSlices();
}

bool
RdcnTrafficAwareScheduler::Start(std::string& error)
{
    NS_LOG_FUNCTION(this);
    std::ostringstream os;
    if (!m_schedule || m_schedule->GetNTors() == 0)
    {
        error = "RdcnTrafficAwareScheduler: no schedule (SetSchedule, with its matchings set)";
        return false;
    }
    if (!m_source)
    {
        error = "RdcnTrafficAwareScheduler: no demand source (SetDemandSource)";
        return false;
    }
    if (m_epoch <= Seconds(0))
    {
        os << "RdcnTrafficAwareScheduler: Epoch " << OpticalUnits::FormatTime(m_epoch.GetSeconds())
           << " (allowed: above 0)";
        error = os.str();
        return false;
    }
    if (m_uplinkRate.GetBitRate() == 0)
    {
        error = "RdcnTrafficAwareScheduler: UplinkRate 0bps (allowed: above 0)";
        return false;
    }
    const std::string timing = m_schedule->CheckTiming();
    if (!timing.empty())
    {
        error = "RdcnTrafficAwareScheduler: " + timing;
        return false;
    }
    const uint32_t length = GetCycleLength();
    if (m_schedule->GetNSlices() != length)
    {
        std::vector<std::vector<RdcnMatching>> initial =
            RdcnDemandDecomposition::ToMatchings({},
                                                 m_schedule->GetNTors(),
                                                 m_schedule->GetNUplinks(),
                                                 GetDemandSlices(),
                                                 error);
        if (initial.empty() || !m_schedule->SetMatchings(m_schedule->GetNTors(), initial, error))
        {
            error = "RdcnTrafficAwareScheduler: " + error;
            return false;
        }
        NS_LOG_INFO("first cycle set to the round robin over " << length << " slices");
    }
    m_event.Cancel();
    m_event = Simulator::Schedule(m_epoch, &RdcnTrafficAwareScheduler::Epoch, this);
    return true;
}

void
RdcnTrafficAwareScheduler::Start()
{
    std::string error;
    const bool started = Start(error);
    NS_ABORT_MSG_IF(!started, error);
}

void
RdcnTrafficAwareScheduler::Stop()
{
    NS_LOG_FUNCTION(this);
    m_event.Cancel();
}

bool
RdcnTrafficAwareScheduler::Decide(const RdcnDemandMatrix& demand,
                                  std::vector<std::vector<RdcnMatching>>& matchings,
                                  std::vector<RdcnWeightedMatching>& weighted,
                                  std::string& error) const
{
    NS_ASSERT_MSG(m_schedule, "RdcnTrafficAwareScheduler: no schedule");
    const uint32_t tors = m_schedule->GetNTors();
    const uint32_t uplinks = m_schedule->GetNUplinks();
    if (demand.size() != tors)
    {
        std::ostringstream os;
        os << "demand matrix of " << demand.size() << " rows for " << tors << " ToRs";
        error = os.str();
        return false;
    }
    const uint32_t d = GetDemandSlices();
    std::vector<RdcnWeightedMatching> slices; // what ToMatchings apportions
    if (m_algorithm == BVN)
    {
        RdcnDemandMatrix stuffed;
        if (!RdcnDemandDecomposition::BirkhoffVonNeumann(demand, weighted, stuffed, error))
        {
            return false;
        }
        slices = weighted;
    }
    else
    {
        const double window = (m_schedule->GetSlot() - m_schedule->GetGuard()).GetSeconds();
        const double bytesPerSlot = m_uplinkRate.GetBitRate() * window / 8;
        if (!RdcnDemandDecomposition::MaxWeightPerSlot(demand,
                                                       uplinks * d,
                                                       bytesPerSlot,
                                                       weighted,
                                                       error))
        {
            return false;
        }
        // One slice per slot's matching: equal weights (shared evenly if demand ran out).
        slices = weighted;
        for (RdcnWeightedMatching& wm : slices)
        {
            wm.weight = 1;
        }
    }
    matchings = RdcnDemandDecomposition::ToMatchings(slices, tors, uplinks, d, error);
    return !matchings.empty();
}

uint64_t
RdcnTrafficAwareScheduler::GetInstallSlot(Time decision) const
{
    NS_ASSERT_MSG(m_schedule, "RdcnTrafficAwareScheduler: no schedule");
    const Time ready = decision + m_controlDelay + m_schedule->GetGuard();
    const Time start = m_schedule->GetStart();
    const int64_t slot = m_schedule->GetSlot().GetTimeStep();
    uint64_t first = 0; // first slot that begins at or after ready
    if (ready > start)
    {
        const int64_t after = (ready - start).GetTimeStep();
        first = static_cast<uint64_t>((after + slot - 1) / slot);
    }
    const uint64_t cycleStart = m_schedule->GetCycleStart(first);
    const uint64_t length = m_schedule->GetNSlicesAt(first);
    if (first <= cycleStart)
    {
        return cycleStart;
    }
    return cycleStart + ((first - cycleStart + length - 1) / length) * length;
}

void
RdcnTrafficAwareScheduler::Epoch()
{
    const uint64_t index = m_epochs++;
    NS_LOG_FUNCTION(this << index);
    m_event = Simulator::Schedule(m_epoch, &RdcnTrafficAwareScheduler::Epoch, this);
    std::string error;
    std::vector<std::vector<RdcnMatching>> matchings;
    std::vector<RdcnWeightedMatching> weighted;
    if (!Decide(m_source(), matchings, weighted, error))
    {
        ++m_failed;
        NS_LOG_WARN("epoch " << index << ": " << error << "; the schedule stays");
        return;
    }
    const uint64_t from = GetInstallSlot(Simulator::Now());
    if (!m_schedule->Install(matchings, from, error))
    {
        ++m_failed;
        NS_LOG_WARN("epoch " << index << ": " << error << "; the schedule stays");
        return;
    }
    ++m_installed;
    m_lastSlot = from;
    m_last = std::move(weighted);
    NS_LOG_INFO("epoch " << index << ": " << m_last.size() << " matchings, cycle from slot "
                         << from);
    m_decided(index, static_cast<uint32_t>(m_last.size()));
}

uint64_t
RdcnTrafficAwareScheduler::GetNEpochs() const
{
    return m_epochs;
}

uint64_t
RdcnTrafficAwareScheduler::GetNInstalled() const
{
    return m_installed;
}

uint64_t
RdcnTrafficAwareScheduler::GetNFailed() const
{
    return m_failed;
}

uint64_t
RdcnTrafficAwareScheduler::GetLastInstallSlot() const
{
    return m_lastSlot;
}

const std::vector<RdcnWeightedMatching>&
RdcnTrafficAwareScheduler::GetLastWeighted() const
{
    return m_last;
}

} // namespace ns3
