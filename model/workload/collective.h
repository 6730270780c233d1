/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef COLLECTIVE_H
#define COLLECTIVE_H

#include "ns3/collective-schedule.h"
#include "ns3/collective-transport.h"
#include "ns3/nstime.h"
#include "ns3/object.h"
#include "ns3/traced-callback.h"

#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace ns3
{

class CollectiveController;

/**
 * \ingroup optical
 * \brief What a completed collective did.
 */
struct CollectiveRecord
{
    std::string job;             //!< Job name
    std::string kind;            //!< Collective kind
    std::string algorithm;       //!< Algorithm
    uint32_t groupSize{0};       //!< Ranks
    uint64_t bytes{0};           //!< Message size S
    Time requested;              //!< When Start() was called
    Time start;                  //!< When the transfers began (after any controller hold)
    Time end;                    //!< Completion of the last transfer
    double algBandwidthGbps{0};  //!< S / (end - start), Gbit/s
    double busBandwidthGbps{0};  //!< NCCL bus bandwidth, Gbit/s
    uint64_t id{0};              //!< Unique per collective of the simulation (from 1)
    std::vector<uint32_t> ranks; //!< Transport rank of each group rank
    std::shared_ptr<const CollectiveSchedule> schedule; //!< Its transfers, for controllers
};

/**
 * \ingroup optical
 * \brief Runs one collective: executes its schedule over a transport, starting every transfer
 * as soon as the transfers it depends on have been delivered.
 */
class Collective : public Object
{
  public:
    /// Called when the collective completes.
    using DoneCallback = std::function<void(const CollectiveRecord&)>;

    /**
     * A network controller's hold on a phase: called when the collective is asked to start,
     * with what it is about to do (kind, group, bytes, job) and a release function; the
     * transfers begin when release is called, at once or later (for example after the
     * controller has set up circuits for the phase: a CONFIG_REQ / CONFIG_ACK handshake).
     */
    using StartGate =
        std::function<void(const CollectiveRecord& about, std::function<void()> release)>;

    /**
     * TracedCallback signature for phase start and end.
     * \param [in] job Job name
     * \param [in] kind Collective kind
     * \param [in] groupSize Ranks
     * \param [in] bytes Message size S
     */
    typedef void (*PhaseTracedCallback)(const std::string& job,
                                        const std::string& kind,
                                        uint32_t groupSize,
                                        uint64_t bytes);

    /**
     * TracedCallback signature for completed collectives.
     * \param [in] record What the collective did
     */
    typedef void (*CompletedTracedCallback)(const CollectiveRecord& record);

    /**
     * \brief Get the TypeId
     * \return The TypeId for this class
     */
    static TypeId GetTypeId();

    Collective();

    /**
     * \brief Sets what to run and where.
     * \param [in] schedule The schedule (group ranks 0..N-1)
     * \param [in] transport The transport
     * \param [in] ranks Transport rank of each group rank
     * \param [in] job Job name, for records
     */
    void Setup(const CollectiveSchedule& schedule,
               Ptr<CollectiveTransport> transport,
               const std::vector<uint32_t>& ranks,
               const std::string& job = "");

    /**
     * \brief Sets the collective up on a shared schedule (no copy: many collectives of a job
     * share one). The schedule must be valid (CollectiveSchedule::Validate()).
     * \param [in] schedule The transfers, on group ranks 0..n-1
     * \param [in] transport Transport
     * \param [in] ranks Transport rank of each group rank
     * \param [in] job Job name for the record
     */
    void Setup(std::shared_ptr<const CollectiveSchedule> schedule,
               Ptr<CollectiveTransport> transport,
               const std::vector<uint32_t>& ranks,
               const std::string& job = "");

    /**
     * \brief Installs a controller's hold on this collective's start (see StartGate).
     * \param [in] gate The gate (empty: start at once)
     */
    void SetStartGate(StartGate gate);

    /**
     * \brief Installs a network controller (see CollectiveController): asked before the start
     * and before each transfer, told of deliveries and of the completion. Replaces any gate.
     * \param [in] controller The controller (nullptr: none)
     */
    void SetController(Ptr<CollectiveController> controller);

    /**
     * \brief Asks the collective to start now (or when its gate releases it).
     * \param [in] done Called on completion (may be empty)
     */
    void Start(DoneCallback done = nullptr);

    /// \return true once every transfer was delivered
    bool IsDone() const;

    /// \return the record (complete once IsDone())
    const CollectiveRecord& GetRecord() const;

  protected:
    void DoDispose() override;

  private:
    void Begin();
    void Launch(uint32_t op);
    void Send(uint32_t op);
    void Delivered(uint32_t op);
    void Complete();

    std::shared_ptr<const CollectiveSchedule> m_schedule; //!< Schedule
    Ptr<CollectiveTransport> m_transport;                 //!< Transport
    std::vector<uint32_t> m_ranks;                        //!< Group rank -> transport rank
    std::vector<uint32_t> m_waiting;                      //!< Undelivered deps per op
    std::vector<std::vector<uint32_t>> m_dependents;      //!< Ops waiting for each op
    uint64_t m_remaining{0};                              //!< Ops not yet delivered
    CollectiveRecord m_record;                            //!< Record
    DoneCallback m_done;                                  //!< Completion callback
    bool m_started{false};                                //!< Start() called
    bool m_begun{false};                                  //!< Transfers began
    Ptr<CollectiveController> m_controller;               //!< Network controller, if any
    TracedCallback<const std::string&, const std::string&, uint32_t, uint64_t>
        m_phaseStartTrace; //!< PhaseStart
    TracedCallback<const std::string&, const std::string&, uint32_t, uint64_t>
        m_phaseEndTrace;                                      //!< PhaseEnd
    TracedCallback<const CollectiveRecord&> m_completedTrace; //!< Completed
};

} // namespace ns3

#endif /* COLLECTIVE_H */
