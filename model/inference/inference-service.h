/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef INFERENCE_SERVICE_H
#define INFERENCE_SERVICE_H

#include "inference-arrivals.h"
#include "inference-cost.h"
#include "inference-pager.h"
#include "inference-scheduler.h"
#include "inference-sequence.h"
#include "kv-block-manager.h"

#include "ns3/collective-schedule.h"
#include "ns3/collective-transport.h"
#include "ns3/event-id.h"
#include "ns3/nstime.h"
#include "ns3/object.h"
#include "ns3/traced-callback.h"

#include <cstdint>
#include <deque>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace ns3
{

/**
 * \ingroup optical
 * \brief Where one GPU of a model instance may put pages of KV state: a memory (a host's
 * DRAM, a peer GPU's spare HBM), the transport rank that holds it, and the pager that moves
 * pages there (over PCIe, the scale-up links or a photonic fabric).
 */
struct InferencePageTarget
{
    std::string kind;                          //!< "host", "peer" or "fabric" (for records)
    uint32_t rank{0};                          //!< Transport rank of the memory
    std::shared_ptr<InferenceMemoryPool> pool; //!< The memory (shared by the GPUs using it)
    Ptr<InferencePager> pager;                 //!< Moves the pages
};

/**
 * \ingroup optical
 * \brief What one request did: the per-request record of a service.
 */
struct InferenceRequestRecord
{
    uint64_t id{0};           //!< Request id
    Time arrival;             //!< Arrival
    uint64_t promptTokens{0}; //!< Prompt length
    uint64_t outputTokens{0}; //!< Output length asked for
    uint64_t generated{0};    //!< Output tokens produced
    Time firstToken;          //!< First token (Time::Max() if none)
    Time end;                 //!< Last token (Time::Max() if not done)
    uint32_t preemptions{0};  //!< Preemptions
    uint32_t pageOuts{0};     //!< Page-outs
    double pagedBytes{0};     //!< Bytes paged out and in (all its GPUs)
    bool rejected{false};     //!< Refused

    /// \return time to first token (s), or NaN if none
    double TtftSeconds() const;
};

/**
 * \ingroup optical
 * \brief One model instance serving requests on tensor-parallel GPUs of a server, iteration
 * by iteration (continuous batching), with its KV cache in blocks and a scheduler that decides
 * which requests are in GPU memory (admission control, or preemptive time slices that page
 * KV state to a host or to peer GPUs).
 *
 * An iteration runs every resident request: a decode step (one token) for each that has
 * started, and a chunk of prefill (up to \c MaxBatchTokens tokens in all) for the others; its
 * time is the roofline time of the batch (InferenceCost::ComputeSeconds), then, with tensor
 * parallelism, one ring all-reduce over the instance's GPUs through the transport carrying the
 * iteration's tensor-parallel bytes (InferenceCost::TpAllReduceBytes x the all-reduces per
 * iteration), so that it shares the scale-up links with paging and with other jobs. A request
 * whose KV can never fit the GPUs (\c oversized) runs with the part that does not fit at its
 * page targets (the first level as much as it has room for, the next the rest, ...): every
 * iteration fetches that part over the pagers while it computes, and writes the new tokens' KV
 * there; the iteration ends when all are done.
 *
 * Pages are traffic: a page-out or page-in moves the request's blocks (whole blocks, each GPU
 * its share) from each GPU to its page target through the target's InferencePager; blocks are
 * freed when a page-out has arrived, taken when a page-in starts.
 */
class InferenceService : public Object, public InferenceSchedulerContext
{
  public:
    /**
     * \brief Get the TypeId
     * \return The TypeId for this class
     */
    static TypeId GetTypeId();

    InferenceService();
    ~InferenceService() override;

    /**
     * TracedCallback signature for a request's first token and its completion.
     * \param [in] record The request
     */
    typedef void (*RequestTracedCallback)(const InferenceRequestRecord& record);

    /**
     * TracedCallback signature for an iteration.
     * \param [in] sequences Requests in the batch
     * \param [in] tokens Tokens processed
     * \param [in] duration Its time
     */
    typedef void (*IterationTracedCallback)(uint32_t sequences, uint64_t tokens, Time duration);

    /**
     * TracedCallback signature for a page-out or page-in of a request.
     * \param [in] id The request
     * \param [in] out true for a page-out
     * \param [in] bytes Bytes moved (all its GPUs)
     * \param [in] kind Page target kind
     */
    typedef void (*PageTracedCallback)(uint64_t id,
                                       bool out,
                                       double bytes,
                                       const std::string& kind);

    /**
     * \brief Sets the model instance: its cost model and the transport ranks of its GPUs.
     * \param [in] cost The cost model (its tensor parallelism is the number of ranks)
     * \param [in] transport The transport the GPUs' traffic goes through
     * \param [in] ranks Transport rank of each GPU of the instance
     */
    void SetInstance(const InferenceCost& cost,
                     Ptr<CollectiveTransport> transport,
                     const std::vector<uint32_t>& ranks);

    /**
     * \brief Sets where each GPU pages to, in order of preference (e.g. a peer, then the host):
     * a request's pages go to the first level whose memories have room on every GPU.
     * \param [in] levels levels[l][g]: level l's target for GPU g of the instance
     */
    void SetPageTargets(const std::vector<std::vector<InferencePageTarget>>& levels);

    /// \param [in] scheduler The scheduler (before Submit)
    void SetScheduler(Ptr<InferenceScheduler> scheduler);
    /// \return the scheduler
    Ptr<InferenceScheduler> GetScheduler() const;

    /**
     * \brief Checks the instance before a run.
     * \return "" or what is wrong (the model does not fit its GPUs, no scheduler, a scheduler
     * that pages without page targets, ...), naming the value
     */
    std::string Check() const;

    /**
     * \brief Schedules the arrival of requests (at their times, from now on).
     * \param [in] requests The requests (arrival order)
     */
    void Submit(const std::vector<InferenceRequestSpec>& requests);

    /// \return one record per submitted request, in the order of submission
    std::vector<InferenceRequestRecord> GetRecords() const;

    /**
     * \param [in] i A submitted request (order of submission)
     * \return its record
     */
    InferenceRequestRecord GetRecord(uint64_t i) const;

    /// \return gaps between consecutive tokens of every request (s)
    const std::vector<float>& GetTokenGaps() const;

    /// \return the KV cache
    const KvBlockManager& GetKvCache() const override;

    /// \return iterations run
    uint64_t GetIterations() const override;

    /// \return the cost model
    const InferenceCost& GetCost() const;

    /// \return requests completed
    uint64_t GetCompleted() const;

    /// \return bytes paged (all GPUs, both directions, offload fetches included)
    double GetPagedBytes() const;

    // InferenceSchedulerContext: the scheduler's view and its actions.

    /// \return every submitted request that has arrived, by id
    std::vector<InferenceSequence>& Sequences() override;
    /// \return ids of the waiting requests, first come first
    std::deque<uint64_t>& Waiting() override;
    /// \return ids of the resident requests, in the order they became resident
    const std::vector<uint64_t>& Resident() const override;
    /// \return ids of the requests at page targets (SWAPPED), in the order they were paged out
    const std::vector<uint64_t>& Swapped() const override;
    /// \return whether the instance has page targets
    bool CanPage() const override;
    /// \return blocks held by requests whose page-out is under way (free once it arrives)
    uint64_t GetBlocksPagingOut() const override;
    /// \return the MaxBatchSequences attribute
    uint32_t GetMaxBatchSequences() const override;

    /**
     * \param [in] s A request
     * \return blocks it needs for its next iteration (those it will hold after it)
     */
    uint64_t BlocksToRun(const InferenceSequence& s) const override;

    /**
     * \param [in] s A request
     * \param [in] extraTokens Tokens it will add after the next iteration
     * \return blocks it needs, capped at the capacity for an oversized request
     */
    uint64_t BlocksWith(const InferenceSequence& s, uint64_t extraTokens) const override;

    /**
     * \brief Makes a waiting request resident: takes blocks for \p reserveTokens tokens (at
     * least those of its next iteration).
     * \param [in] id The request
     * \param [in] reserveTokens Tokens to reserve blocks for
     * \return false (nothing done) if the blocks are not free
     */
    bool Admit(uint64_t id, uint64_t reserveTokens) override;

    /**
     * \brief Preempts a resident request by dropping its KV: it waits again at the head of the
     * queue and will prefill its prompt and the tokens generated so far.
     * \param [in] id The request
     */
    void Recompute(uint64_t id) override;

    /**
     * \brief Pages a resident request's KV out to the first page-target level with room.
     * \param [in] id The request
     * \return false (nothing done) if no level has room
     */
    bool PageOut(uint64_t id) override;

    /**
     * \brief Pages a swapped request's KV back in, taking its blocks now.
     * \param [in] id The request
     * \return false (nothing done) if the blocks are not free
     */
    bool PageIn(uint64_t id) override;

  protected:
    void DoDispose() override;

  private:
    void Arrive(const InferenceRequestSpec& spec);
    void ScheduleArrival();
    /// \return the bytes every GPU's memory of a page-target level has free (the least of them)
    double LevelRoom(uint32_t level) const;
    /// Places \p bytes in each GPU's memory of a level, all or none. \return false if none
    bool ReserveOnLevel(uint32_t level, double bytes);
    /// Gives \p bytes back to each GPU's memory of a level.
    void FreeOnLevel(uint32_t level, double bytes);
    /// Records a request refused at arrival.
    void Reject(InferenceSequence& s);
    /// \return the bytes per GPU all page targets could hold together (their capacities)
    double OffloadRoom() const;
    void Kick();

    /// The part of an oversized request's KV at its page targets, around the next iteration.
    struct Offload
    {
        InferenceSequence* sequence{nullptr}; //!< The oversized request in the batch, if any
        double before{0};                     //!< Its offloaded tokens before the iteration
        double after{0};                      //!< And after
    };

    /// Chooses the next iteration's batch (m_batch, m_work), growing blocks as needed.
    Offload BuildBatch();
    void StartIteration();
    /// After the compute: the iteration's tensor-parallel all-reduce, if any.
    void TensorParallel(uint64_t tokens);
    /// Fetches and writes an oversized request's offloaded KV during the iteration.
    void StreamOffload(const Offload& offload);
    void EndIteration();
    void Finish(InferenceSequence& s);
    void RemoveResident(uint64_t id);
    bool Grow(InferenceSequence& s, uint64_t blocks);
    /**
     * \brief Moves a request's pages between its GPUs and a page-target level (each GPU its
     * share), counting the bytes.
     */
    void PageMove(InferenceSequence& s,
                  uint32_t level,
                  bool out,
                  double bytesPerGpu,
                  std::function<void()> done);
    void PartDone();

    InferenceCost m_cost;                                    //!< Cost model
    Ptr<CollectiveTransport> m_transport;                    //!< Transport
    std::vector<uint32_t> m_ranks;                           //!< GPUs' ranks
    std::vector<std::vector<InferencePageTarget>> m_targets; //!< Page-target levels
    Ptr<InferenceScheduler> m_scheduler;                     //!< Scheduler
    KvBlockManager m_kv;                                     //!< KV cache
    uint32_t m_blockTokens;                                  //!< Tokens per block
    double m_reserve;                                        //!< HBM kept free (fraction)
    uint64_t m_maxBatchTokens;                               //!< Tokens per iteration at most
    uint32_t m_maxBatchSequences;                            //!< Requests per iteration at most

    std::vector<InferenceSequence> m_sequences;    //!< Arrived requests, by id
    std::vector<InferenceRequestSpec> m_submitted; //!< Submitted requests
    std::deque<uint64_t> m_waiting;                //!< Waiting, FCFS
    std::vector<uint64_t> m_resident;              //!< Resident
    std::vector<uint64_t> m_swapped;               //!< Swapped
    std::vector<float> m_gaps;                     //!< Token gaps (s)
    EventId m_arrival;                             //!< The next arrival
    uint64_t m_nextArrival{0};                     //!< Index of the next arrival
    uint32_t m_pagesInFlight{0};                   //!< Page-outs and page-ins under way

    bool m_running{false};      //!< An iteration is under way
    uint32_t m_pendingParts{0}; //!< Iteration parts not yet done (compute, comm, fetch)
    std::vector<InferenceSequenceWork> m_work; //!< The batch's work
    std::vector<uint64_t> m_batch;             //!< The batch's requests
    Time m_iterationStart;                     //!< Start of the iteration under way
    uint64_t m_iterations{0};                  //!< Iterations run
    uint64_t m_admitCounter{0};                //!< Admission stamp
    uint64_t m_completed{0};                   //!< Requests done
    uint64_t m_blocksPagingOut{0};             //!< Blocks of page-outs under way
    double m_pagedBytes{0};                    //!< Bytes paged
    EventId m_computeEvent;                    //!< End of the compute part
    /// Tensor-parallel all-reduce schedules, by bytes
    std::map<uint64_t, std::shared_ptr<const CollectiveSchedule>> m_tpSchedules;

    TracedCallback<const InferenceRequestRecord&> m_firstTokenTrace;        //!< FirstToken
    TracedCallback<const InferenceRequestRecord&> m_completedTrace;         //!< RequestCompleted
    TracedCallback<uint32_t, uint64_t, Time> m_iterationTrace;              //!< Iteration
    TracedCallback<uint64_t, bool, double, const std::string&> m_pageTrace; //!< Page
};

} // namespace ns3

#endif /* INFERENCE_SERVICE_H */
