/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef COLLECTIVE_TRANSPORT_H
#define COLLECTIVE_TRANSPORT_H

#include "collective-schedule.h"
#include "scale-up-domain.h"

#include "ns3/node-container.h"
#include "ns3/object.h"

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace ns3
{

/**
 * \ingroup optical
 * \brief What a CollectiveTransport has carried, counted the same way by every transport.
 *
 * Only messages handed to CollectiveTransport::Send count: the transfers of a schedule that
 * CollectiveTransport::RunLocally times in one scale-up domain do not go through Send.
 */
struct CollectiveTransportCounters
{
    uint64_t messagesSent{0};      //!< Messages handed to Send
    uint64_t bytesSent{0};         //!< Their payload bytes (headers not included)
    uint64_t messagesDelivered{0}; //!< Messages delivered whole
    uint64_t scaleUpDelivered{0};  //!< Of these, the ones carried by a ScaleUpDomain
    uint64_t bytesDelivered{0};    //!< Payload bytes of the messages delivered whole
    uint64_t scaleUpBytes{0};      //!< Of these, the bytes a ScaleUpDomain carried
};

/**
 * \ingroup optical
 * \brief The seam between ML workloads and the network: moves messages between ranks.
 *
 * Workloads (collectives, training jobs) hand messages (source rank, destination rank, bytes)
 * to a transport and are told when each has been delivered whole. The packet-level
 * implementation (TcpCollectiveTransport) uses ns-3's TCP/IP stack; a flow-level one can
 * implement the same interface without any change to the workloads.
 */
class CollectiveTransport : public Object
{
  public:
    /// Called when a message has been delivered whole at its destination.
    using DeliveryCallback = std::function<void()>;

    /**
     * \brief Get the TypeId
     * \return The TypeId for this class
     */
    static TypeId GetTypeId();

    /**
     * \brief Sends a message. Messages between the same two ranks are delivered in order.
     * \param [in] src Source rank
     * \param [in] dst Destination rank
     * \param [in] bytes Message size (bytes, > 0)
     * \param [in] delivered Called once the whole message has arrived
     */
    virtual void Send(uint32_t src, uint32_t dst, uint64_t bytes, DeliveryCallback delivered) = 0;

    /// \return the number of ranks the transport serves
    virtual uint32_t GetNRanks() const = 0;

    /**
     * \brief The parallel lanes between two ranks: distinct paths a message can be pinned to
     * with SendOnLane() (e.g. the circuits an optical switch lit between two GPUs, so that one
     * transfer split over them uses all of them).
     *
     * The default has one lane, the path Send() takes. FlowCollectiveTransport counts the
     * links joining the two ranks' vertices directly that are up.
     * \param [in] src Source rank
     * \param [in] dst Destination rank
     * \return the number of lanes (at least 1)
     */
    virtual uint32_t GetNLanes(uint32_t src, uint32_t dst) const;

    /**
     * \brief Sends a message pinned to one lane. Messages on the same lane of the same two
     * ranks are delivered in order; lanes do not wait for each other.
     *
     * The default ignores \p lane and calls Send().
     * \param [in] src Source rank
     * \param [in] dst Destination rank
     * \param [in] lane The lane (less than GetNLanes(src, dst))
     * \param [in] bytes Message size (bytes, > 0)
     * \param [in] delivered Called once the whole message has arrived
     */
    virtual void SendOnLane(uint32_t src,
                            uint32_t dst,
                            uint32_t lane,
                            uint64_t bytes,
                            DeliveryCallback delivered);

    /**
     * \brief Times a whole schedule at once if its ranks all sit in one scale-up domain whose
     * \c Analytic attribute is true (ScaleUpDomain::RunSchedule: the same port model, without
     * one event per transfer); tensor-parallel collectives of large jobs are millions of such
     * transfers.
     * \param [in] schedule The transfers, on group ranks
     * \param [in] ranks Transport rank of each group rank
     * \param [in] done Called when the last transfer is delivered
     * \return false if the schedule must go transfer by transfer through Send()
     */
    virtual bool RunLocally(const std::shared_ptr<const CollectiveSchedule>& schedule,
                            const std::vector<uint32_t>& ranks,
                            std::function<void()> done);

    /**
     * \brief The scale-up domain of a rank.
     * \param [in] rank A rank
     * \param [out] local Its GPU index in the domain
     * \return the domain, or nullptr if the rank has none
     */
    virtual Ptr<ScaleUpDomain> GetScaleUp(uint32_t rank, uint32_t& local) const;

    /**
     * \brief Why a workload may not have completed, for its error message.
     *
     * The default knows nothing: the packet-level transport cannot tell why TCP makes no
     * progress, and the instant one never stalls. FlowCollectiveTransport reports its
     * network's flows stalled on links down or of zero capacity
     * (FlowNetwork::DescribeStalledFlows).
     * \return the description, or "" if nothing is known to be stalled
     */
    virtual std::string DescribeStall();

    /**
     * \brief Checks that this transport, as configured, can work on a realized network, for
     * a program to refuse it before its run (an RDMA transport's lossless buffers, say).
     * The default accepts every network.
     * \param [in] hosts The ranks' hosts, realized (stacks, addresses, routes)
     * \param [out] error The attribute or option, its value and what is allowed
     * \return true if it can work
     */
    virtual bool CheckNetwork(const NodeContainer& hosts, std::string& error) const;

    /**
     * \brief Whether replicas of a workload can be simulated as one: traffic among the ranks
     * of each replica (and only among them) meets resources no other replica uses, and member
     * i of every replica meets resources equal to those member i of replica 0 meets (rates,
     * delays, MTUs). Then running replica 0's traffic alone gives every replica the same
     * times, exactly (GraphExecutor's MirrorReplicas).
     *
     * Once accepted, the resources checked must not change during the run (the flow level
     * aborts if one does). The default can tell nothing: it refuses.
     * \param [in] replicas replicas[k][i]: the rank that is member i of replica k (every
     * replica the same size, no rank in two)
     * \param [in] pairs The members (i, j) that send to each other (what the collectives'
     * schedules use; empty: every pair)
     * \param [out] why What breaks it (which ranks, which links)
     * \return true if simulating replica 0 alone is exact
     */
    virtual bool CheckMirroredRanks(const std::vector<std::vector<uint32_t>>& replicas,
                                    const std::vector<std::pair<uint32_t, uint32_t>>& pairs,
                                    std::string& why);

    /// \return what the transport has carried so far
    const CollectiveTransportCounters& GetCounters() const;

  protected:
    /**
     * \brief Counts a message handed to Send (implementations call it in Send).
     * \param [in] bytes Its payload
     */
    void CountSent(uint64_t bytes);

    /**
     * \brief Carries a message in the scale-up domain of its two ranks if they share one
     * (GetScaleUp), counting it delivered (scale-up) when it arrives; implementations call it
     * in Send after CountSent.
     * \param [in] src Source rank
     * \param [in] dst Destination rank
     * \param [in] bytes Message size
     * \param [in] delivered Called once it has arrived
     * \return false if the ranks share no domain (the message is the caller's)
     */
    bool SendInScaleUp(uint32_t src,
                       uint32_t dst,
                       uint64_t bytes,
                       const DeliveryCallback& delivered);

    /**
     * \brief Counts a message delivered whole (implementations call it before its callback).
     * \param [in] scaleUp Whether a ScaleUpDomain carried it
     * \param [in] bytes Its payload bytes (a transport written before bytesDelivered existed
     * passes none: its bytes are then not counted)
     */
    void CountDelivered(bool scaleUp, uint64_t bytes = 0);

  private:
    CollectiveTransportCounters m_counters; //!< What was carried
};

} // namespace ns3

#endif /* COLLECTIVE_TRANSPORT_H */
