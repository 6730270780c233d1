/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef RDCN_FLOW_TRANSPORT_H
#define RDCN_FLOW_TRANSPORT_H

#include "rdcn-fluid-network.h"

#include "ns3/collective-transport.h"

#include <deque>
#include <unordered_map>

namespace ns3
{

/**
 * \ingroup optical
 * \brief The workload seam over the fluid time-slotted network: ranks are the hosts of a
 * RdcnFluidNetwork and each message is one of its flows, so collectives and training jobs
 * (CollectiveHelper, TrainingJob) run over the fluid RDCN unchanged.
 *
 * Messages between the same two ranks keep their order, like the bytes of one connection: the
 * next one starts when the previous one's last byte has left the source host
 * (RdcnFluidNetwork::SetInjectedCallback), so that a run of messages rides the same circuits
 * without a gap. Each message's flow carries its payload plus \c MessageHeaderBytes.
 */
class RdcnFlowTransport : public CollectiveTransport
{
  public:
    /**
     * \brief Get the TypeId
     * \return The TypeId for this class
     */
    static TypeId GetTypeId();

    RdcnFlowTransport();
    ~RdcnFlowTransport() override;

    /**
     * \brief Sets the network the messages run on (its schedule and router set).
     * \param [in] network The network
     */
    void SetNetwork(Ptr<RdcnFluidNetwork> network);

    /// \return the network
    Ptr<RdcnFluidNetwork> GetNetwork() const;

    // CollectiveTransport
    /**
     * \brief Sends a message as a flow of the network (after the pair's earlier messages have
     * left the source host). A message the network rejects (bad rank) is a fatal error naming
     * the ranks.
     * \param [in] src Source rank (host)
     * \param [in] dst Destination rank (host), != src
     * \param [in] bytes Payload (bytes, > 0)
     * \param [in] delivered Called once the whole message has reached \p dst
     */
    void Send(uint32_t src, uint32_t dst, uint64_t bytes, DeliveryCallback delivered) override;
    /// \return the network's hosts
    uint32_t GetNRanks() const override;
    /// \return the network's flows in progress (RdcnFluidNetwork::DescribeStalledFlows)
    std::string DescribeStall() override;

    /// \return messages waiting behind an earlier message of their pair now
    uint64_t GetNWaitingMessages() const;

  protected:
    void DoDispose() override;

  private:
    /// A message not yet started.
    struct Message
    {
        uint64_t bytes;             //!< Payload
        DeliveryCallback delivered; //!< Delivery callback
    };

    /// The messages of one ordered pair of ranks.
    struct Pair
    {
        std::deque<Message> queue; //!< Not yet started
        bool busy{false};          //!< A message's bytes are still leaving the source
    };

    void StartNext(Pair* pair, uint32_t src, uint32_t dst);

    Ptr<RdcnFluidNetwork> m_network;            //!< Network
    std::unordered_map<uint64_t, Pair> m_pairs; //!< By src << 32 | dst
    uint32_t m_messageHeader{0};                //!< Header bytes per message
    uint64_t m_waiting{0};                      //!< Messages queued behind others
};

} // namespace ns3

#endif /* RDCN_FLOW_TRANSPORT_H */
