/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "inference-service.h"

#include "ns3/collective-algorithms.h"
#include "ns3/collective.h"
#include "ns3/double.h"
#include "ns3/log.h"
#include "ns3/pointer.h"
#include "ns3/simulator.h"
#include "ns3/trace-source-accessor.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("InferenceService");

NS_OBJECT_ENSURE_REGISTERED(InferenceService);

double
InferenceRequestRecord::TtftSeconds() const
{
    if (firstToken == Time::Max())
    {
        return std::numeric_limits<double>::quiet_NaN();
    }
    return (firstToken - arrival).GetSeconds();
}

TypeId
InferenceService::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::InferenceService")
            .SetParent<Object>()
            .SetGroupName("Optical")
            .AddConstructor<InferenceService>()
            .AddAttribute("BlockTokens",
                          "Tokens per KV-cache block (vLLM's paged attention and Aqua's paging "
                          "unit: 16)",
                          UintegerValue(16),
                          MakeUintegerAccessor(&InferenceService::m_blockTokens),
                          MakeUintegerChecker<uint32_t>(1, 1u << 20))
            .AddAttribute("MemoryReserve",
                          "Fraction of each GPU's HBM kept out of the KV cache besides the "
                          "weights (activations, workspace; vLLM's default gpu_memory_"
                          "utilization 0.9 keeps 0.1)",
                          DoubleValue(0.1),
                          MakeDoubleAccessor(&InferenceService::m_reserve),
                          MakeDoubleChecker<double>(0, 0.99))
            .AddAttribute("MaxBatchTokens",
                          "Tokens one iteration processes at most (decode steps count one each; "
                          "prefills are cut into chunks to fit: chunked prefill)",
                          UintegerValue(8192),
                          MakeUintegerAccessor(&InferenceService::m_maxBatchTokens),
                          MakeUintegerChecker<uint64_t>(1, 1ULL << 30))
            .AddAttribute("MaxBatchSequences",
                          "Requests one iteration runs at most (vLLM's max_num_seqs: 256)",
                          UintegerValue(256),
                          MakeUintegerAccessor(&InferenceService::m_maxBatchSequences),
                          MakeUintegerChecker<uint32_t>(1, 1u << 24))
            .AddAttribute("Scheduler",
                          "The scheduler (AdmissionScheduler, TimeSliceScheduler)",
                          PointerValue(),
                          MakePointerAccessor(&InferenceService::m_scheduler),
                          MakePointerChecker<InferenceScheduler>())
            .AddTraceSource("FirstToken",
                            "A request produced its first token",
                            MakeTraceSourceAccessor(&InferenceService::m_firstTokenTrace),
                            "ns3::InferenceService::RequestTracedCallback")
            .AddTraceSource("RequestCompleted",
                            "A request produced its last token (or was rejected)",
                            MakeTraceSourceAccessor(&InferenceService::m_completedTrace),
                            "ns3::InferenceService::RequestTracedCallback")
            .AddTraceSource("Iteration",
                            "An iteration ended: requests, tokens, duration",
                            MakeTraceSourceAccessor(&InferenceService::m_iterationTrace),
                            "ns3::InferenceService::IterationTracedCallback")
            .AddTraceSource("Page",
                            "A request's KV was paged out or in: id, out, bytes, target kind",
                            MakeTraceSourceAccessor(&InferenceService::m_pageTrace),
                            "ns3::InferenceService::PageTracedCallback");
    return tid;
}

InferenceService::InferenceService()
    : m_blockTokens(16),
      m_reserve(0.1),
      m_maxBatchTokens(8192),
      m_maxBatchSequences(256)
{
}

InferenceService::~InferenceService() = default;

void
InferenceService::DoDispose()
{
    m_arrival.Cancel();
    m_computeEvent.Cancel();
    m_scheduler = nullptr;
    m_transport = nullptr;
    m_targets.clear();
    Object::DoDispose();
}

void
InferenceService::SetInstance(const InferenceCost& cost,
                              Ptr<CollectiveTransport> transport,
                              const std::vector<uint32_t>& ranks)
{
    m_cost = cost;
    m_transport = transport;
    m_ranks = ranks;
}

void
InferenceService::SetPageTargets(const std::vector<std::vector<InferencePageTarget>>& levels)
{
    m_targets = levels;
}

void
InferenceService::SetScheduler(Ptr<InferenceScheduler> scheduler)
{
    m_scheduler = scheduler;
}

Ptr<InferenceScheduler>
InferenceService::GetScheduler() const
{
    return m_scheduler;
}

std::string
InferenceService::Check() const
{
    if (!m_scheduler)
    {
        return "InferenceService: no scheduler";
    }
    if (const std::string problem = m_scheduler->Check(); !problem.empty())
    {
        return problem;
    }
    if (m_ranks.empty() || m_ranks.size() != m_cost.GetTensorParallel())
    {
        return "InferenceService: " + std::to_string(m_ranks.size()) +
               " GPU ranks for tensor parallelism " + std::to_string(m_cost.GetTensorParallel());
    }
    if (!m_transport)
    {
        return "InferenceService: no transport";
    }
    for (uint32_t r : m_ranks)
    {
        if (r >= m_transport->GetNRanks())
        {
            return "InferenceService: GPU rank " + std::to_string(r) + " beyond the transport's " +
                   std::to_string(m_transport->GetNRanks());
        }
    }
    if (const std::string fits = m_cost.CheckFits(m_reserve, m_blockTokens); !fits.empty())
    {
        return fits;
    }
    if (m_scheduler->Pages() && m_targets.empty())
    {
        return "InferenceService: scheduler '" + m_scheduler->GetName() +
               "' pages KV state but the instance has no page target";
    }
    for (const auto& level : m_targets)
    {
        if (level.size() != m_ranks.size())
        {
            return "InferenceService: a page-target level has " + std::to_string(level.size()) +
                   " targets for " + std::to_string(m_ranks.size()) + " GPUs";
        }
        for (const auto& t : level)
        {
            if (!t.pool || !t.pager)
            {
                return "InferenceService: a page target without memory or pager";
            }
        }
    }
    return "";
}

void
InferenceService::Submit(const std::vector<InferenceRequestSpec>& requests)
{
    if (m_kv.GetCapacity() == 0)
    {
        m_kv = KvBlockManager(m_cost.KvBlocksPerGpu(m_reserve, m_blockTokens), m_blockTokens);
    }
    for (const auto& r : requests)
    {
        NS_ABORT_MSG_IF(!m_submitted.empty() && r.arrival < m_submitted.back().arrival,
                        "InferenceService: request " << r.id << " arrives at "
                                                     << r.arrival.As(Time::S)
                                                     << ", before the one submitted before it");
        NS_ABORT_MSG_IF(r.promptTokens == 0 || r.outputTokens == 0,
                        "InferenceService: request " << r.id << " has " << r.promptTokens
                                                     << " prompt and " << r.outputTokens
                                                     << " output tokens");
        m_submitted.push_back(r);
    }
    // One pending arrival at a time: each schedules the next.
    if (m_arrival.IsExpired() && m_nextArrival < m_submitted.size())
    {
        ScheduleArrival();
    }
}

void
InferenceService::ScheduleArrival()
{
    const Time delay = std::max(Seconds(0), m_submitted[m_nextArrival].arrival - Simulator::Now());
    m_arrival = Simulator::Schedule(delay, [this]() {
        const InferenceRequestSpec spec = m_submitted[m_nextArrival++];
        if (m_nextArrival < m_submitted.size())
        {
            ScheduleArrival();
        }
        Arrive(spec);
    });
}

void
InferenceService::Arrive(const InferenceRequestSpec& spec)
{
    InferenceSequence s;
    s.spec = spec;
    s.prefillLeft = spec.promptTokens;
    const uint64_t maxTokens = spec.promptTokens + spec.outputTokens - 1;
    s.oversized = m_kv.BlocksFor(maxTokens) > m_kv.GetCapacity();
    const uint64_t id = m_sequences.size();
    if (s.oversized && !m_scheduler->Pages())
    {
        NS_LOG_INFO("request " << spec.id << " rejected: " << maxTokens
                               << " tokens of KV never fit " << m_kv.GetCapacity() << " blocks");
        Reject(s);
        return;
    }
    if (s.oversized && OffloadRoom() < (maxTokens - m_kv.GetCapacity() * m_kv.GetBlockTokens()) *
                                           m_cost.KvBytesPerTokenPerGpu())
    {
        NS_LOG_INFO("request " << spec.id
                               << " rejected: the KV that does not fit the GPUs "
                                  "exceeds every page target's memory together");
        Reject(s);
        return;
    }
    m_sequences.push_back(s);
    m_waiting.push_back(id);
    Kick();
}

void
InferenceService::Reject(InferenceSequence& s)
{
    const uint64_t id = m_sequences.size();
    s.rejected = true;
    s.state = InferenceSequence::DONE;
    m_sequences.push_back(s);
    m_completedTrace(GetRecord(id));
}

double
InferenceService::OffloadRoom() const
{
    // Per GPU: the memory every level could lend it, at its smallest over the GPUs.
    double room = 0;
    for (const auto& level : m_targets)
    {
        double least = std::numeric_limits<double>::infinity();
        for (const auto& t : level)
        {
            least = std::min(least, t.pool->GetCapacity());
        }
        room += level.empty() ? 0 : least;
    }
    return room;
}

InferenceRequestRecord
InferenceService::GetRecord(uint64_t i) const
{
    InferenceRequestRecord r;
    const InferenceRequestSpec& spec = m_submitted.at(i);
    r.id = spec.id;
    r.arrival = spec.arrival;
    r.promptTokens = spec.promptTokens;
    r.outputTokens = spec.outputTokens;
    r.firstToken = Time::Max();
    r.end = Time::Max();
    if (i < m_sequences.size())
    {
        const InferenceSequence& s = m_sequences[i];
        r.generated = s.generated;
        r.firstToken = s.firstToken;
        r.end = s.state == InferenceSequence::DONE && !s.rejected ? s.end : Time::Max();
        r.preemptions = s.preemptions;
        r.pageOuts = s.pageOuts;
        r.pagedBytes = s.pagedBytes;
        r.rejected = s.rejected;
    }
    return r;
}

std::vector<InferenceRequestRecord>
InferenceService::GetRecords() const
{
    std::vector<InferenceRequestRecord> out;
    out.reserve(m_submitted.size());
    for (size_t i = 0; i < m_submitted.size(); ++i)
    {
        out.push_back(GetRecord(i));
    }
    return out;
}

const std::vector<float>&
InferenceService::GetTokenGaps() const
{
    return m_gaps;
}

const KvBlockManager&
InferenceService::GetKvCache() const
{
    return m_kv;
}

uint64_t
InferenceService::GetIterations() const
{
    return m_iterations;
}

const InferenceCost&
InferenceService::GetCost() const
{
    return m_cost;
}

uint64_t
InferenceService::GetCompleted() const
{
    return m_completed;
}

double
InferenceService::GetPagedBytes() const
{
    return m_pagedBytes;
}

std::vector<InferenceSequence>&
InferenceService::Sequences()
{
    return m_sequences;
}

std::deque<uint64_t>&
InferenceService::Waiting()
{
    return m_waiting;
}

const std::vector<uint64_t>&
InferenceService::Resident() const
{
    return m_resident;
}

const std::vector<uint64_t>&
InferenceService::Swapped() const
{
    return m_swapped;
}

bool
InferenceService::CanPage() const
{
    return !m_targets.empty();
}

uint64_t
InferenceService::GetBlocksPagingOut() const
{
    return m_blocksPagingOut;
}

uint32_t
InferenceService::GetMaxBatchSequences() const
{
    return m_maxBatchSequences;
}

uint64_t
InferenceService::BlocksWith(const InferenceSequence& s, uint64_t extraTokens) const
{
    const uint64_t next =
        s.prefillLeft > 0 ? std::min<uint64_t>(s.prefillLeft, m_maxBatchTokens) : 1;
    const uint64_t blocks = m_kv.BlocksFor(s.cached + next + extraTokens);
    return s.oversized ? std::min(blocks, m_kv.GetCapacity()) : blocks;
}

uint64_t
InferenceService::BlocksToRun(const InferenceSequence& s) const
{
    return BlocksWith(s, 0);
}

bool
InferenceService::Admit(uint64_t id, uint64_t reserveTokens)
{
    InferenceSequence& s = m_sequences.at(id);
    NS_ASSERT_MSG(s.state == InferenceSequence::WAITING, "Admit of a request not waiting");
    uint64_t need = std::max(m_kv.BlocksFor(reserveTokens), BlocksToRun(s));
    if (s.oversized)
    {
        need = m_kv.GetCapacity();
        // The part that never fits lives at the page targets for the whole request: the first
        // level takes what it can, the next the rest, ...
        double left =
            (s.spec.promptTokens + s.spec.outputTokens - 1 - need * m_kv.GetBlockTokens()) *
            m_cost.KvBytesPerTokenPerGpu();
        std::vector<double> taken(m_targets.size(), 0);
        for (uint32_t l = 0; l < m_targets.size() && left > 0; ++l)
        {
            const double room = std::min(left, LevelRoom(l));
            if (room > 0 && ReserveOnLevel(l, room))
            {
                taken[l] = room;
                left -= room;
            }
        }
        if (left > 0 || !m_kv.Allocate(need))
        {
            for (uint32_t l = 0; l < m_targets.size(); ++l)
            {
                FreeOnLevel(l, taken[l]);
            }
            return false;
        }
        s.offload = taken;
    }
    else if (!m_kv.Allocate(need))
    {
        return false;
    }
    s.blocks = need;
    s.state = InferenceSequence::RESIDENT;
    s.admitOrder = ++m_admitCounter;
    NS_LOG_DEBUG("request " << s.spec.id << " resident after "
                            << (Simulator::Now() - s.spec.arrival).As(Time::MS) << ", "
                            << m_kv.GetFree() << " blocks free");
    m_waiting.erase(std::find(m_waiting.begin(), m_waiting.end(), id));
    m_resident.push_back(id);
    return true;
}

void
InferenceService::RemoveResident(uint64_t id)
{
    auto it = std::find(m_resident.begin(), m_resident.end(), id);
    NS_ASSERT(it != m_resident.end());
    m_resident.erase(it);
}

void
InferenceService::Recompute(uint64_t id)
{
    InferenceSequence& s = m_sequences.at(id);
    NS_ASSERT_MSG(s.state == InferenceSequence::RESIDENT && !s.oversized,
                  "Recompute of a request not resident");
    NS_LOG_INFO("request " << s.spec.id << " preempted for recompute at " << s.generated
                           << " tokens");
    RemoveResident(id);
    m_kv.Release(s.blocks);
    s.blocks = 0;
    s.cached = 0;
    s.prefillLeft = s.spec.promptTokens + s.generated;
    s.state = InferenceSequence::WAITING;
    ++s.preemptions;
    m_waiting.push_front(id);
}

double
InferenceService::LevelRoom(uint32_t level) const
{
    double room = std::numeric_limits<double>::infinity();
    for (const auto& t : m_targets.at(level))
    {
        room = std::min(room, t.pool->GetCapacity() - t.pool->GetUsed());
    }
    return room;
}

bool
InferenceService::ReserveOnLevel(uint32_t level, double bytes)
{
    const auto& targets = m_targets.at(level);
    for (uint32_t g = 0; g < targets.size(); ++g)
    {
        if (!targets[g].pool->Reserve(bytes))
        {
            for (uint32_t k = 0; k < g; ++k)
            {
                targets[k].pool->Free(bytes);
            }
            return false;
        }
    }
    return true;
}

void
InferenceService::FreeOnLevel(uint32_t level, double bytes)
{
    if (bytes <= 0)
    {
        return;
    }
    for (const auto& t : m_targets.at(level))
    {
        t.pool->Free(bytes);
    }
}

void
InferenceService::PageMove(InferenceSequence& s,
                           uint32_t levelIndex,
                           bool out,
                           double bytesPerGpu,
                           std::function<void()> done)
{
    const auto& level = m_targets.at(levelIndex);
    auto left = std::make_shared<uint32_t>(m_ranks.size());
    const uint64_t bytes = static_cast<uint64_t>(std::ceil(bytesPerGpu));
    for (uint32_t g = 0; g < m_ranks.size(); ++g)
    {
        const uint32_t src = out ? m_ranks[g] : level[g].rank;
        const uint32_t dst = out ? level[g].rank : m_ranks[g];
        level[g].pager->Page(src, dst, bytes, [left, done]() {
            if (--*left == 0)
            {
                done();
            }
        });
    }
    m_pagedBytes += static_cast<double>(bytes) * m_ranks.size();
    s.pagedBytes += static_cast<double>(bytes) * m_ranks.size();
}

bool
InferenceService::PageOut(uint64_t id)
{
    InferenceSequence& s = m_sequences.at(id);
    NS_ASSERT_MSG(s.state == InferenceSequence::RESIDENT, "PageOut of a request not resident");
    if (s.oversized || s.blocks == 0)
    {
        return false;
    }
    const double bytes = s.blocks * m_cost.BlockBytesPerGpu(m_kv.GetBlockTokens());
    int32_t level = -1;
    for (uint32_t l = 0; l < m_targets.size() && level < 0; ++l)
    {
        if (ReserveOnLevel(l, bytes))
        {
            level = static_cast<int32_t>(l);
        }
    }
    if (level < 0)
    {
        return false;
    }
    RemoveResident(id);
    s.state = InferenceSequence::PAGING_OUT;
    s.targetLevel = level;
    s.targetBytes = bytes;
    ++s.preemptions;
    ++s.pageOuts;
    NS_LOG_INFO("request " << s.spec.id << " paged out to " << m_targets[level][0].kind << " ("
                           << bytes << " bytes per GPU)");
    m_blocksPagingOut += s.blocks;
    ++m_pagesInFlight;
    PageMove(s, level, true, bytes, [this, id]() {
        --m_pagesInFlight;
        InferenceSequence& q = m_sequences[id];
        m_blocksPagingOut -= q.blocks;
        m_kv.Release(q.blocks);
        q.blocks = 0;
        q.state = InferenceSequence::SWAPPED;
        m_swapped.push_back(id);
        m_pageTrace(q.spec.id,
                    true,
                    q.targetBytes * m_ranks.size(),
                    m_targets[q.targetLevel][0].kind);
        Kick();
    });
    return true;
}

bool
InferenceService::PageIn(uint64_t id)
{
    InferenceSequence& s = m_sequences.at(id);
    NS_ASSERT_MSG(s.state == InferenceSequence::SWAPPED, "PageIn of a request not swapped");
    const uint64_t need = BlocksToRun(s);
    if (!m_kv.Allocate(need))
    {
        return false;
    }
    s.blocks = need;
    s.state = InferenceSequence::PAGING_IN;
    m_swapped.erase(std::find(m_swapped.begin(), m_swapped.end(), id));
    ++m_pagesInFlight;
    PageMove(s, s.targetLevel, false, s.targetBytes, [this, id]() {
        --m_pagesInFlight;
        InferenceSequence& q = m_sequences[id];
        FreeOnLevel(q.targetLevel, q.targetBytes);
        m_pageTrace(q.spec.id,
                    false,
                    q.targetBytes * m_ranks.size(),
                    m_targets[q.targetLevel][0].kind);
        q.targetLevel = -1;
        q.targetBytes = 0;
        q.state = InferenceSequence::RESIDENT;
        q.admitOrder = ++m_admitCounter;
        m_resident.push_back(id);
        Kick();
    });
    return true;
}

bool
InferenceService::Grow(InferenceSequence& s, uint64_t blocks)
{
    if (!m_kv.Allocate(blocks))
    {
        return false;
    }
    s.blocks += blocks;
    return true;
}

void
InferenceService::Kick()
{
    if (m_running)
    {
        return;
    }
    // Start at the end of this instant, so that everything happening now joins the batch.
    m_running = true;
    Simulator::ScheduleNow(&InferenceService::StartIteration, this);
}

InferenceService::Offload
InferenceService::BuildBatch()
{
    m_batch.clear();
    m_work.clear();
    Offload offload;
    uint64_t budget = m_maxBatchTokens;
    const std::vector<uint64_t> resident = m_resident;
    for (uint64_t id : resident)
    {
        if (m_batch.size() >= m_maxBatchSequences || budget == 0)
        {
            break;
        }
        InferenceSequence& s = m_sequences[id];
        if (s.state != InferenceSequence::RESIDENT)
        {
            continue; // preempted by MakeRoom for another request
        }
        const uint64_t tokens = s.NeedsPrefill() ? std::min(s.prefillLeft, budget) : 1;
        uint64_t need = m_kv.BlocksFor(s.cached + tokens);
        if (s.oversized)
        {
            need = std::min(need, m_kv.GetCapacity());
        }
        if (need > s.blocks && !Grow(s, need - s.blocks))
        {
            if (!m_scheduler->MakeRoom(*this, id, need - s.blocks) ||
                s.state != InferenceSequence::RESIDENT || !Grow(s, need - s.blocks))
            {
                continue;
            }
        }
        m_batch.push_back(id);
        m_work.push_back({tokens, s.cached});
        budget -= tokens;
        if (s.oversized)
        {
            const double room = static_cast<double>(s.blocks) * m_kv.GetBlockTokens();
            offload.sequence = &s;
            offload.before = std::max(0.0, s.cached - room);
            offload.after = std::max(0.0, s.cached + tokens - room);
        }
    }
    // A scheduler making room may have preempted a request already in the batch: it does not run.
    size_t kept = 0;
    for (size_t i = 0; i < m_batch.size(); ++i)
    {
        if (m_sequences[m_batch[i]].state == InferenceSequence::RESIDENT)
        {
            m_batch[kept] = m_batch[i];
            m_work[kept] = m_work[i];
            ++kept;
        }
    }
    m_batch.resize(kept);
    m_work.resize(kept);
    return offload;
}

void
InferenceService::StartIteration()
{
    m_scheduler->Schedule(*this);
    const Offload offload = BuildBatch();
    if (m_batch.empty())
    {
        m_running = false;
        // Requests resident that cannot run, and nothing under way that could change it (no
        // page in flight): the service would stop silently.
        NS_ABORT_MSG_IF(!m_resident.empty() && m_pagesInFlight == 0,
                        "InferenceService: " << m_resident.size() << " requests resident, "
                                             << m_kv.GetFree()
                                             << " KV blocks free and no page in flight: no "
                                                "request can run (page targets full?)");
        return;
    }
    m_iterationStart = Simulator::Now();
    uint64_t tokens = 0;
    for (const auto& w : m_work)
    {
        tokens += w.newTokens;
    }
    m_pendingParts = 1;
    m_computeEvent = Simulator::Schedule(Seconds(m_cost.ComputeSeconds(m_work)),
                                         &InferenceService::TensorParallel,
                                         this,
                                         tokens);
    if (offload.sequence)
    {
        StreamOffload(offload);
    }
}

void
InferenceService::TensorParallel(uint64_t tokens)
{
    const uint32_t reduces = m_cost.TpAllReducesPerIteration();
    if (reduces == 0)
    {
        PartDone();
        return;
    }
    // The iteration's tensor-parallel all-reduces, as one ring all-reduce of their bytes.
    const uint64_t bytes =
        std::max<uint64_t>(1, std::ceil(m_cost.TpAllReduceBytes(tokens) * reduces));
    std::shared_ptr<const CollectiveSchedule>& schedule = m_tpSchedules[bytes];
    if (!schedule)
    {
        CollectiveSpec spec;
        spec.kind = CollectiveKind::ALLREDUCE;
        spec.algorithm = CollectiveAlgorithm::RING;
        spec.nRanks = m_ranks.size();
        spec.bytes = bytes;
        auto built = std::make_shared<CollectiveSchedule>("allreduce", "ring", spec.nRanks, bytes);
        std::string error;
        NS_ABORT_MSG_UNLESS(CollectiveAlgorithms::Build(spec, *built, error), error);
        schedule = built;
    }
    Ptr<Collective> c = CreateObject<Collective>();
    c->Setup(schedule, m_transport, m_ranks, "inference");
    c->Start([this, c](const CollectiveRecord&) { PartDone(); });
}

void
InferenceService::StreamOffload(const Offload& offload)
{
    // An oversized request streams the KV that does not fit in from its page targets while the
    // batch computes, and writes the new tokens' KV that does not fit out. Its offloaded tokens
    // fill the levels in order: level l holds the range [start, start + its tokens).
    InferenceSequence& s = *offload.sequence;
    const double perToken = m_cost.KvBytesPerTokenPerGpu();
    double start = 0;
    for (uint32_t l = 0; l < s.offload.size(); ++l)
    {
        const double end = start + s.offload[l] / perToken;
        const double fetch = std::max(0.0, std::min(offload.before, end) - start);
        const double write =
            std::max(0.0, std::min(offload.after, end) - std::max(offload.before, start));
        for (const auto& [tokens, out] :
             {std::make_pair(fetch, false), std::make_pair(write, true)})
        {
            if (tokens > 0)
            {
                ++m_pendingParts;
                PageMove(s, l, out, tokens * perToken, [this]() { PartDone(); });
            }
        }
        start = end;
    }
}

void
InferenceService::PartDone()
{
    NS_ASSERT(m_pendingParts > 0);
    if (--m_pendingParts == 0)
    {
        EndIteration();
    }
}

void
InferenceService::EndIteration()
{
    const Time now = Simulator::Now();
    uint64_t tokens = 0;
    for (size_t i = 0; i < m_batch.size(); ++i)
    {
        InferenceSequence& s = m_sequences[m_batch[i]];
        const uint64_t n = m_work[i].newTokens;
        tokens += n;
        s.cached += n;
        bool produced = true;
        if (s.prefillLeft > 0)
        {
            s.prefillLeft -= n;
            produced = s.prefillLeft == 0;
        }
        if (!produced)
        {
            continue;
        }
        ++s.generated;
        if (s.firstToken == Time::Max())
        {
            s.firstToken = now;
            m_firstTokenTrace(GetRecord(m_batch[i]));
        }
        else
        {
            m_gaps.push_back(static_cast<float>((now - s.lastToken).GetSeconds()));
        }
        s.lastToken = now;
        if (s.generated == s.spec.outputTokens)
        {
            Finish(s);
        }
    }
    ++m_iterations;
    m_iterationTrace(m_batch.size(), tokens, now - m_iterationStart);
    m_running = false;
    Kick();
}

void
InferenceService::Finish(InferenceSequence& s)
{
    const uint64_t id = &s - m_sequences.data();
    RemoveResident(id);
    m_kv.Release(s.blocks);
    s.blocks = 0;
    for (uint32_t l = 0; l < s.offload.size(); ++l)
    {
        FreeOnLevel(l, s.offload[l]);
    }
    s.offload.clear();
    s.state = InferenceSequence::DONE;
    s.end = Simulator::Now();
    ++m_completed;
    m_completedTrace(GetRecord(id));
}

} // namespace ns3
