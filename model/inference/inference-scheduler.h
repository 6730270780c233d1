/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef INFERENCE_SCHEDULER_H
#define INFERENCE_SCHEDULER_H

#include "ns3/object.h"
#include "ns3/traced-callback.h"

#include <cstdint>
#include <vector>

namespace ns3
{

class InferenceService;
struct InferenceSequence;

/**
 * \ingroup optical
 * \brief Decides which requests of an InferenceService are in GPU memory: called before every
 * iteration, and when the engine runs out of KV blocks for a request it is about to run.
 *
 * Implementations act through the service's scheduler API (Admit, Recompute, PageOut,
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
    virtual void Schedule(InferenceService& service) = 0;

    /**
     * \brief Frees blocks for a resident request that needs \p blocks more for its next
     * iteration (by preempting others, or itself).
     * \param [in] service The service
     * \param [in] id The request
     * \param [in] blocks Blocks it needs beyond those it holds
     * \return true if it may now run (the blocks are free); false: skip it this iteration
     */
    virtual bool MakeRoom(InferenceService& service, uint64_t id, uint64_t blocks) = 0;

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
    void Schedule(InferenceService& service) override;
    bool MakeRoom(InferenceService& service, uint64_t id, uint64_t blocks) override;
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
 * the resident request with the most service is paged out.
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
    void Schedule(InferenceService& service) override;
    bool MakeRoom(InferenceService& service, uint64_t id, uint64_t blocks) override;
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
    void Reslice(InferenceService& service);
    /// Brings in the chosen requests whose blocks are free.
    void BringIn(InferenceService& service);

    uint32_t m_sliceIterations{5};  //!< Iterations per slice
    uint64_t m_sliceStart{0};       //!< Iterations run when the slice began
    uint64_t m_slices{0};           //!< Boundaries passed
    std::vector<uint64_t> m_chosen; //!< Chosen at the last boundary, not yet resident
    TracedCallback<const std::vector<uint64_t>&> m_sliceTrace; //!< Slice
};

} // namespace ns3

#endif /* INFERENCE_SCHEDULER_H */
