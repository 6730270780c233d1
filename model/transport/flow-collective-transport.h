/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FLOW_COLLECTIVE_TRANSPORT_H
#define FLOW_COLLECTIVE_TRANSPORT_H

#include "collective-transport.h"
#include "scale-up-domain.h"

#include "ns3/flow-engine.h"
#include "ns3/flow-network.h"

#include <deque>
#include <map>
#include <unordered_map>
#include <vector>

namespace ns3
{

/**
 * \ingroup optical
 * \brief Flow-level transport of ML messages over any flow engine (the fluid contract,
 * FlowEngine): each message between ranks on different servers is a flow of the engine
 * (FlowNetwork's max-min fluid, or the time-slotted RdcnFluidNetwork); messages inside a
 * server go through its ScaleUpDomain, as at packet level.
 *
 * Messages between the same two ranks are sent one after the other, like the bytes of the one
 * TCP connection the packet-level transport keeps per pair: the next starts when the previous
 * one's last byte has left. A message's flow carries its bytes as TCP/IP would put them on the
 * wire: a \c MessageHeaderBytes frame header, cut into packets of the path's MTU less
 * \c IpTcpHeaderBytes of payload, each with \c IpTcpHeaderBytes + \c LinkHeaderBytes of
 * headers (fluid links, MTU 0, add nothing). All ranks' flows of one pair share a path (the
 * pair is the ECMP hash).
 */
class FlowCollectiveTransport : public CollectiveTransport
{
  public:
    /**
     * \brief Get the TypeId
     * \return The TypeId for this class
     */
    static TypeId GetTypeId();

    FlowCollectiveTransport();

    /**
     * \brief Sets the engine the flows run on.
     * \param [in] engine The engine (a FlowNetwork with its topology set, a RdcnFluidNetwork
     * with its schedule and router, ...)
     */
    void SetNetwork(Ptr<FlowEngine> engine);

    /// \return the engine
    Ptr<FlowEngine> GetEngine() const;

    /// \return the engine if it is a FlowNetwork, else nullptr
    Ptr<FlowNetwork> GetNetwork() const;

    /**
     * \brief Adds the next rank.
     * \param [in] vertex The engine's endpoint of the rank's scale-out NIC (a topology vertex,
     * a host of a time-slotted network)
     * \param [in] scaleUp Scale-up domain of the rank's server (nullptr: none)
     * \param [in] localIndex The rank's GPU index inside its server
     * \return the rank
     */
    uint32_t AddRank(uint32_t vertex, Ptr<ScaleUpDomain> scaleUp, uint32_t localIndex);

    /**
     * \param [in] rank A rank
     * \return its vertex
     */
    uint32_t GetVertex(uint32_t rank) const;

    // CollectiveTransport
    void Send(uint32_t src, uint32_t dst, uint64_t bytes, DeliveryCallback delivered) override;
    uint32_t GetNRanks() const override;
    /**
     * \brief Lanes: the links that join the two ranks' vertices directly and are up (an OCS's
     * lit circuits between two GPUs), in link index order; 1 if there is none (the routed path).
     * Ranks of one scale-up domain have one lane (the domain).
     * \param [in] src Source rank
     * \param [in] dst Destination rank
     * \return the number of lanes
     */
    uint32_t GetNLanes(uint32_t src, uint32_t dst) const override;
    /**
     * \brief Sends a message as a flow pinned to lane \p lane's link (see GetNLanes()); with
     * no direct link, or between ranks of one scale-up domain, as Send(). Each lane of a pair
     * keeps its own order, as a connection of its own.
     * \param [in] src Source rank
     * \param [in] dst Destination rank
     * \param [in] lane The lane (a fatal error if not below GetNLanes())
     * \param [in] bytes Message size (bytes, > 0)
     * \param [in] delivered Called once the whole message has arrived
     */
    void SendOnLane(uint32_t src,
                    uint32_t dst,
                    uint32_t lane,
                    uint64_t bytes,
                    DeliveryCallback delivered) override;
    Ptr<ScaleUpDomain> GetScaleUp(uint32_t rank, uint32_t& local) const override;
    std::string DescribeStall() override;
    /**
     * \brief Accepts replicas whose members each have one link out and one link in (a NIC),
     * every member of a replica in its own scale-up domain (or none) and linked to the same
     * switch vertex as the others: a message between two members then crosses exactly the
     * sender's link out and the receiver's link in, which belong to that replica alone; and
     * member i of replica k's two links have the capacity, delay and MTU of member i of
     * replica 0's. Only over a FlowNetwork; with a path function (a topology built from
     * ns-3 nodes routes as IPv4 does) each of \p pairs (every ordered pair if empty) is routed
     * in every replica and must take its two links (at most a million routes).
     * A checked link that changes later (up, down, capacity) aborts the run.
     * \param [in] replicas replicas[k][i]: the rank that is member i of replica k
     * \param [out] why What breaks it
     * \return true if simulating replica 0 alone is exact
     */
    bool CheckMirroredRanks(const std::vector<std::vector<uint32_t>>& replicas,
                            const std::vector<std::pair<uint32_t, uint32_t>>& pairs,
                            std::string& why) override;

    /// \return bytes handed to flows (message headers included, packet headers not) so far
    double GetBytesSent() const;

    /// \return messages waiting behind an earlier message of their pair (or lane) now
    uint64_t GetNWaitingMessages() const;

    /// \return messages delivered so far (GetCounters().messagesDelivered)
    uint64_t GetMessagesDelivered() const;

  protected:
    void DoDispose() override;

  private:
    /// A rank.
    struct Rank
    {
        uint32_t vertex;            //!< NIC vertex
        Ptr<ScaleUpDomain> scaleUp; //!< Server's scale-up domain
        uint32_t local;             //!< GPU index in the server
    };

    /// A message waiting for its pair's connection.
    struct Message
    {
        uint64_t bytes;             //!< Payload
        DeliveryCallback delivered; //!< Delivery callback
        std::vector<uint32_t> path; //!< Links it is pinned to (empty: routed)
    };

    /// The messages of one ordered pair of ranks.
    struct Pair
    {
        std::deque<Message> queue; //!< Not yet started
        bool busy{false};          //!< A message's flow is sending
    };

    void StartNext(Pair* pair, uint32_t src, uint32_t dst);
    /// Aborts if \p link is one CheckMirroredRanks accepted
    /// \param [in] link A link of the topology that changed
    void MirroredLinkChanged(uint32_t link);
    /// \return the up links joining two ranks' vertices directly, in index order
    std::vector<uint32_t> DirectLinks(uint32_t src, uint32_t dst) const;

    Ptr<FlowEngine> m_network;                  //!< Engine
    std::vector<Rank> m_ranks;                  //!< Ranks
    std::unordered_map<uint64_t, Pair> m_pairs; //!< By src << 32 | dst
    /// Pairs of SendOnLane, by (src << 32 | dst, lane)
    std::map<std::pair<uint64_t, uint32_t>, Pair> m_lanePairs;
    uint32_t m_messageHeader; //!< Frame header per message (bytes)
    uint32_t m_ipTcpHeader;   //!< IP + TCP header per packet (bytes)
    uint32_t m_linkHeader;    //!< Link header per packet (bytes)
    uint32_t m_mtu;           //!< MTU override (0: the path's)
    DataRate m_rateCap;       //!< Per-flow cap (0: none)
    double m_bytesSent{0};    //!< Wire bytes
    uint64_t m_waiting{0};    //!< Messages queued behind others
    /// Links CheckMirroredRanks accepted (by index): they must not change
    std::vector<bool> m_mirrored;
    bool m_watching{false}; //!< Connected to the topology's LinkChanged
};

} // namespace ns3

#endif /* FLOW_COLLECTIVE_TRANSPORT_H */
