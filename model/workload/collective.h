/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef COLLECTIVE_H
#define COLLECTIVE_H

#include "collective-schedule.h"
#include "collective-transport.h"

#include "ns3/nstime.h"
#include "ns3/object.h"
#include "ns3/traced-callback.h"

#include <functional>
#include <string>
#include <vector>

namespace ns3
{

/**
 * \ingroup optical
 * \brief What a completed collective did.
 */
struct CollectiveRecord
{
    std::string job;            //!< Job name
    std::string kind;           //!< Collective kind
    std::string algorithm;      //!< Algorithm
    uint32_t groupSize{0};      //!< Ranks
    uint64_t bytes{0};          //!< Message size S
    Time start;                 //!< Start
    Time end;                   //!< Completion of the last transfer
    double algBandwidthGbps{0}; //!< S / (end - start), Gbit/s
    double busBandwidthGbps{0}; //!< NCCL bus bandwidth, Gbit/s
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
     * \brief Starts the collective now.
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
    void Launch(uint32_t op);
    void Delivered(uint32_t op);

    CollectiveSchedule m_schedule{"", "", 0, 0};              //!< Schedule
    Ptr<CollectiveTransport> m_transport;                     //!< Transport
    std::vector<uint32_t> m_ranks;                            //!< Group rank -> transport rank
    std::vector<uint32_t> m_waiting;                          //!< Undelivered deps per op
    std::vector<std::vector<uint32_t>> m_dependents;          //!< Ops waiting for each op
    uint64_t m_remaining{0};                                  //!< Ops not yet delivered
    CollectiveRecord m_record;                                //!< Record
    DoneCallback m_done;                                      //!< Completion callback
    bool m_started{false};                                    //!< Start() called
    TracedCallback<const CollectiveRecord&> m_completedTrace; //!< Completed
};

} // namespace ns3

#endif /* COLLECTIVE_H */
