/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef INFERENCE_SCHEDULER_H
#define INFERENCE_SCHEDULER_H

#include "inference-sequence.h"
#include "kv-block-manager.h"

#include "ns3/object.h"
#include "ns3/traced-callback.h"

#include <cstdint>
#include <deque>
#include <string>
#include <vector>

namespace ns3
{

/**
 * \ingroup optical
 * \brief What a scheduler sees of a serving instance and what it may do (InferenceService
 * implements it): the requests and their states, the KV cache, and the four actions.
 */
class InferenceSchedulerContext
{
  public:
    virtual ~InferenceSchedulerContext() = default;

    /// \return every request that has arrived, by index (the ids of the lists below)
    virtual std::vector<InferenceSequence>& Sequences() = 0;
    /// \return the waiting requests, first come first
    virtual std::deque<uint64_t>& Waiting() = 0;
    /// \return the resident requests, in the order they became resident
    virtual const std::vector<uint64_t>& Resident() const = 0;
    /// \return the requests at page targets, in the order they were paged out
    virtual const std::vector<uint64_t>& Swapped() const = 0;
    /// \return whether the instance has page targets
    virtual bool CanPage() const = 0;
    /// \return the KV cache
    virtual const KvBlockManager& GetKvCache() const = 0;
    /// \return iterations run so far
    virtual uint64_t GetIterations() const = 0;
    /// \return blocks held by requests whose page-out is under way (free once it arrives)
    virtual uint64_t GetBlocksPagingOut() const = 0;
    /// \return requests one iteration runs at most
    virtual uint32_t GetMaxBatchSequences() const = 0;
    /**
     * \param [in] s A request
     * \return blocks it needs for its next iteration (those it will hold after it)
     */
    virtual uint64_t BlocksToRun(const InferenceSequence& s) const = 0;
    /**
     * \param [in] s A request
     * \param [in] extraTokens Tokens it will add after the next iteration
     * \return blocks it needs, capped at the capacity for an oversized request
     */
    virtual uint64_t BlocksWith(const InferenceSequence& s, uint64_t extraTokens) const = 0;
    /**
     * \brief Makes a waiting request resident, taking blocks for \p reserveTokens tokens (at
     * least those of its next iteration).
     * \param [in] id The request
     * \param [in] reserveTokens Tokens to reserve blocks for
     * \return false (nothing done) if the blocks are not free
     */
    virtual bool Admit(uint64_t id, uint64_t reserveTokens) = 0;
    /**
     * \brief Preempts a resident request by dropping its KV: it waits again at the head of the
     * queue, to prefill its prompt and the tokens generated so far.
     * \param [in] id The request
     */
    virtual void Recompute(uint64_t id) = 0;
    /**
     * \brief Pages a resident request's KV out to the first page-target level with room.
     * \param [in] id The request
     * \return false (nothing done) if no level has room
     */
    virtual bool PageOut(uint64_t id) = 0;
    /**
     * \brief Pages a swapped request's KV back in, taking its blocks now.
     * \param [in] id The request
     * \return false (nothing done) if the blocks are not free
     */
    virtual bool PageIn(uint64_t id) = 0;
};

/**
 * \ingroup optical
 * \brief Decides which requests of an InferenceService are in GPU memory: called before every
 * iteration, and when the engine runs out of KV blocks for a request it is about to run.
 *
 * Implementations act through InferenceSchedulerContext (Admit, Recompute, PageOut,
 * PageIn) and never touch blocks directly, so that the KV cache stays within its capacity
 * whatever they do.
 */
class InferenceScheduler : public Object
{
  public:
    /**
     * \brief Get the TypeId
     * \return The TypeId for this class
     */
    static TypeId GetTypeId();

    /**
     * \brief Chooses the resident requests before an iteration.
     * \param [in] service The service
     */
    virtual void Schedule(InferenceSchedulerContext& service) = 0;

    /**
     * \brief Frees blocks for a resident request that needs \p blocks more for its next
     * iteration (by preempting others, or itself).
     * \param [in] service The service
     * \param [in] id The request
     * \param [in] blocks Blocks it needs beyond those it holds
     * \return true if it may now run (the blocks are free); false: skip it this iteration
     */
    virtual bool MakeRoom(InferenceSchedulerContext& service, uint64_t id, uint64_t blocks) = 0;

    /// \return true if the scheduler pages KV state (it then needs page targets)
    virtual bool Pages() const;

    /// \return a name for records ("admission", "timeslice")
    virtual std::string GetName() const = 0;

    /**
     * \brief Checks the scheduler's attributes.
     * \return "" or what is wrong, naming the attribute and value
     */
    virtual std::string Check() const;
};

/**
 * \ingroup optical
 * \brief Admission control, first come first served, as in today's serving engines (the
 * baseline): the request at the head of the queue becomes resident when its KV fits, and no
 * request behind it passes it.
 *
 * \c Preemption chooses what "fits" means:
 * - ``none``: a request reserves blocks for its whole prompt and output at admission and is
 *   never preempted;
 * - ``recompute``: a request is admitted when its prompt fits, its cache grows as it decodes,
 *   and when blocks run out the most recently admitted request is preempted: its KV is dropped
 *   and it waits at the head of the queue to prefill its prompt and its tokens again.
 *
 * A request whose KV can never fit the GPUs is rejected.
 */
class AdmissionScheduler : public InferenceScheduler
{
  public:
    /// What happens when blocks run out.
    enum Preemption
    {
        NONE,      //!< Reserve the whole request at admission
        RECOMPUTE, //!< Preempt the latest admitted, drop its KV, recompute it later
    };

    /**
     * \brief Get the TypeId
     * \return The TypeId for this class
     */
    static TypeId GetTypeId();

    // InferenceScheduler
    void Schedule(InferenceSchedulerContext& service) override;
    bool MakeRoom(InferenceSchedulerContext& service, uint64_t id, uint64_t blocks) override;
    std::string GetName() const override;

  private:
    Preemption m_preemption{NONE}; //!< Preemption
};

/**
 * \ingroup optical
 * \brief Preemptive, time-sliced scheduling of prompts with fair share (Aqua's completely fair
 * scheduler): every \c SliceIterations iterations the requests that have received the least
 * service (output tokens, ties to the earliest) and fit the GPU memory together become the
 * resident set; resident requests left out are paged out to their page targets, and chosen
 * ones that were paged out are paged back in. Between slice boundaries, a waiting request is
 * admitted as soon as its prompt fits (work conserving). When blocks run out inside a slice,
 * the resident request with the most service is paged out (or, when no page target has room
 * for it, its KV is dropped and recomputed later, as admission control's recompute does).
 *
 * A request whose KV can never fit the GPUs runs alone, offloading what does not fit to its
 * page target (InferenceService).
 */
class TimeSliceScheduler : public InferenceScheduler
{
  public:
    /**
     * \brief Get the TypeId
     * \return The TypeId for this class
     */
    static TypeId GetTypeId();

    // InferenceScheduler
    void Schedule(InferenceSchedulerContext& service) override;
    bool MakeRoom(InferenceSchedulerContext& service, uint64_t id, uint64_t blocks) override;
    bool Pages() const override;
    std::string GetName() const override;
    std::string Check() const override;

    /// \return slice boundaries passed so far
    uint64_t GetSlices() const;

    /**
     * TracedCallback signature for a slice boundary.
     * \param [in] chosen Requests chosen to be resident in the slice (least service first)
     */
    typedef void (*SliceTracedCallback)(const std::vector<uint64_t>& chosen);

  private:
    /// Chooses the resident set at a slice boundary.
    void Reslice(InferenceSchedulerContext& service);
    /// Brings in the chosen requests whose blocks are free.
    void BringIn(InferenceSchedulerContext& service);

    uint32_t m_sliceIterations{5};  //!< Iterations per slice
    uint64_t m_sliceStart{0};       //!< Iterations run when the slice began
    uint64_t m_slices{0};           //!< Boundaries passed
    std::vector<uint64_t> m_chosen; //!< Chosen at the last boundary, not yet resident
    TracedCallback<const std::vector<uint64_t>&> m_sliceTrace; //!< Slice
};

} // namespace ns3

#endif /* INFERENCE_SCHEDULER_H */
