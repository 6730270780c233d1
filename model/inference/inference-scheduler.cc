/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "inference-scheduler.h"

#include "ns3/enum.h"
#include "ns3/log.h"
#include "ns3/optical-compat.h"
#include "ns3/optical-names.h"
#include "ns3/trace-source-accessor.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <tuple>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("InferenceScheduler");

NS_OBJECT_ENSURE_REGISTERED(InferenceScheduler);
NS_OBJECT_ENSURE_REGISTERED(AdmissionScheduler);
NS_OBJECT_ENSURE_REGISTERED(TimeSliceScheduler);

TypeId
InferenceScheduler::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::InferenceScheduler").SetParent<Object>().SetGroupName("Optical");
    return tid;
}

bool
InferenceScheduler::Pages() const
{
    return false;
}

std::string
InferenceScheduler::Check() const
{
    return "";
}

TypeId
AdmissionScheduler::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::AdmissionScheduler")
            .SetParent<InferenceScheduler>()
            .SetGroupName("Optical")
            .AddConstructor<AdmissionScheduler>()
            .AddAttribute("Preemption",
                          "none: a request reserves its whole prompt and output at admission; "
                          "recompute: it reserves its prompt, grows, and the latest admitted "
                          "request is dropped and recomputed when blocks run out",
                          EnumValue(AdmissionScheduler::NONE),
                          optical::compat::MakeEnumAccessorCompat<Preemption>(
                              &AdmissionScheduler::m_preemption),
                          optical::MakeAnyCaseEnumChecker(AdmissionScheduler::NONE,
                                                          "none",
                                                          AdmissionScheduler::RECOMPUTE,
                                                          "recompute"));
    return tid;
}

std::string
AdmissionScheduler::GetName() const
{
    return "admission";
}

void
AdmissionScheduler::Schedule(InferenceSchedulerContext& service)
{
    auto& waiting = service.Waiting();
    while (!waiting.empty() && service.Resident().size() < service.GetMaxBatchSequences())
    {
        const uint64_t id = waiting.front();
        const InferenceSequence& s = service.Sequences()[id];
        // none: the whole request; recompute: what its next iteration needs.
        const uint64_t reserve =
            m_preemption == NONE ? s.spec.promptTokens + s.spec.outputTokens - 1 : 0;
        if (!service.Admit(id, reserve))
        {
            break; // first come, first served: nobody passes the head
        }
    }
}

bool
AdmissionScheduler::MakeRoom(InferenceSchedulerContext& service, uint64_t id, uint64_t blocks)
{
    if (m_preemption == NONE)
    {
        return false; // cannot happen: the whole request was reserved
    }
    // Preempt the most recently admitted requests, last first, until the blocks are free.
    while (service.GetKvCache().GetFree() < blocks)
    {
        const auto& resident = service.Resident();
        uint64_t victim = resident.front();
        for (uint64_t r : resident)
        {
            if (service.Sequences()[r].admitOrder > service.Sequences()[victim].admitOrder)
            {
                victim = r;
            }
        }
        service.Recompute(victim);
        if (victim == id)
        {
            return false;
        }
    }
    return true;
}

TypeId
TimeSliceScheduler::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::TimeSliceScheduler")
            .SetParent<InferenceScheduler>()
            .SetGroupName("Optical")
            .AddConstructor<TimeSliceScheduler>()
            .AddAttribute("SliceIterations",
                          "Iterations of a time slice: the resident set is chosen again every "
                          "this many iterations (Aqua: every 5 decode iterations)",
                          UintegerValue(5),
                          MakeUintegerAccessor(&TimeSliceScheduler::m_sliceIterations),
                          MakeUintegerChecker<uint32_t>())
            .AddTraceSource("Slice",
                            "A slice began: the requests chosen to be resident",
                            MakeTraceSourceAccessor(&TimeSliceScheduler::m_sliceTrace),
                            "ns3::TimeSliceScheduler::SliceTracedCallback");
    return tid;
}

std::string
TimeSliceScheduler::GetName() const
{
    return "timeslice";
}

bool
TimeSliceScheduler::Pages() const
{
    return true;
}

std::string
TimeSliceScheduler::Check() const
{
    if (m_sliceIterations == 0)
    {
        return "TimeSliceScheduler: SliceIterations 0: a slice must last at least one iteration";
    }
    return "";
}

uint64_t
TimeSliceScheduler::GetSlices() const
{
    return m_slices;
}

void
TimeSliceScheduler::Schedule(InferenceSchedulerContext& service)
{
    // A slice ends after SliceIterations iterations, or when nothing is left to run in it.
    const uint64_t iterations = service.GetIterations();
    if (m_slices == 0 || iterations - m_sliceStart >= m_sliceIterations ||
        (service.Resident().empty() && m_chosen.empty()))
    {
        Reslice(service);
        m_sliceStart = iterations;
        ++m_slices;
    }
    BringIn(service);
    // Work conserving: the waiting requests start, first come first, as soon as their next
    // iteration fits in the blocks the chosen requests still waiting for theirs do not need.
    uint64_t reserved = 0;
    for (uint64_t id : m_chosen)
    {
        reserved += service.BlocksToRun(service.Sequences()[id]);
    }
    const std::vector<uint64_t> queue(service.Waiting().begin(), service.Waiting().end());
    for (uint64_t id : queue)
    {
        const InferenceSequence& s = service.Sequences()[id];
        const auto& resident = service.Resident();
        if (resident.size() >= service.GetMaxBatchSequences() ||
            (!resident.empty() && service.Sequences()[resident[0]].oversized))
        {
            break;
        }
        if (s.oversized && !resident.empty())
        {
            continue; // an oversized request runs alone
        }
        if (service.GetKvCache().GetFree() < reserved + service.BlocksToRun(s) ||
            !service.Admit(id, 0))
        {
            break; // first come first served among the waiting: the next slice chooses again
        }
    }
}

void
TimeSliceScheduler::Reslice(InferenceSchedulerContext& service)
{
    auto& seqs = service.Sequences();
    std::vector<uint64_t> candidates(service.Resident().begin(), service.Resident().end());
    candidates.insert(candidates.end(), service.Swapped().begin(), service.Swapped().end());
    candidates.insert(candidates.end(), service.Waiting().begin(), service.Waiting().end());
    // Least service first, then the earliest arrival.
    std::sort(candidates.begin(), candidates.end(), [&seqs](uint64_t a, uint64_t b) {
        return std::make_tuple(seqs[a].generated, seqs[a].spec.arrival, a) <
               std::make_tuple(seqs[b].generated, seqs[b].spec.arrival, b);
    });
    const uint64_t capacity = service.GetKvCache().GetCapacity();
    uint64_t taken = 0;
    std::vector<bool> chosen(seqs.size(), false);
    m_chosen.clear();
    for (uint64_t id : candidates)
    {
        const InferenceSequence& s = seqs[id];
        // Room for the whole slice's growth.
        const uint64_t need = service.BlocksWith(s, m_sliceIterations);
        if (s.oversized)
        {
            if (taken == 0)
            {
                chosen[id] = true;
                taken = capacity;
                m_chosen.push_back(id);
            }
            break; // runs alone; the others wait for the next slice
        }
        if (taken + need > capacity || m_chosen.size() >= service.GetMaxBatchSequences())
        {
            continue;
        }
        taken += need;
        chosen[id] = true;
        m_chosen.push_back(id);
    }
    m_sliceTrace(m_chosen);
    // Page out the resident requests left out (paging-in ones stay: they are on their way).
    const std::vector<uint64_t> resident = service.Resident();
    for (uint64_t id : resident)
    {
        if (!chosen[id] && !seqs[id].oversized)
        {
            service.PageOut(id);
        }
    }
}

void
TimeSliceScheduler::BringIn(InferenceSchedulerContext& service)
{
    auto& seqs = service.Sequences();
    std::vector<uint64_t> left;
    for (uint64_t id : m_chosen)
    {
        InferenceSequence& s = seqs[id];
        bool done = true;
        if (s.state == InferenceSequence::SWAPPED)
        {
            done = service.PageIn(id);
        }
        else if (s.state == InferenceSequence::WAITING)
        {
            done = service.Admit(id, 0);
        }
        if (!done)
        {
            left.push_back(id);
        }
    }
    m_chosen = left;
}

bool
TimeSliceScheduler::MakeRoom(InferenceSchedulerContext& service, uint64_t id, uint64_t blocks)
{
    auto& seqs = service.Sequences();
    const uint64_t free = service.GetKvCache().GetFree();
    if (free >= blocks)
    {
        return true;
    }
    if (free + service.GetBlocksPagingOut() >= blocks)
    {
        return false; // enough blocks are on their way out: wait for them
    }
    // Page out the resident request with the most service (never the one that needs room):
    // its blocks are free once its page-out has arrived, so this one waits an iteration. When
    // no page target has room, the victim's KV is dropped and recomputed later.
    int64_t victim = -1;
    for (uint64_t r : service.Resident())
    {
        if (r == id || seqs[r].oversized)
        {
            continue;
        }
        if (victim < 0 || seqs[r].generated > seqs[victim].generated)
        {
            victim = static_cast<int64_t>(r);
        }
    }
    if (victim < 0)
    {
        return false;
    }
    if (service.PageOut(static_cast<uint64_t>(victim)))
    {
        return false; // its blocks are free once the page-out has arrived
    }
    // No page target has room for it: drop its KV instead (it will be recomputed).
    service.Recompute(static_cast<uint64_t>(victim));
    return service.GetKvCache().GetFree() >= blocks;
}

} // namespace ns3
