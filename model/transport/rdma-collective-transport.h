/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef RDMA_COLLECTIVE_TRANSPORT_H
#define RDMA_COLLECTIVE_TRANSPORT_H

#include "collective-transport.h"

#include "ns3/node-container.h"
#include "ns3/node.h"
#include "ns3/roce-fabric.h"

#include <cstdint>
#include <map>
#include <tuple>
#include <utility>
#include <vector>

namespace ns3
{

/**
 * \ingroup optical
 * \brief Moves a workload's messages over RoCEv2: one queue pair per ordered pair of ranks
 * (opened at its first message), on a network Start() makes lossless (RoceFabric: PFC, ECN,
 * shared buffers, the congestion control law); ranks of one scale-up domain use it instead.
 *
 * The fabric's other parameters are the attributes of its parts (Config::SetDefault on
 * ns3::RoceSharedBuffer, ns3::LosslessQueueDisc, ns3::RdmaNic and the law's type), or set on
 * GetFabric() before Start().
 */
class RdmaCollectiveTransport : public CollectiveTransport
{
  public:
    /// The congestion control laws, by name on the command line.
    enum Law
    {
        DCQCN,  //!< DcqcnCongestionControl
        HPCC,   //!< HpccCongestionControl
        NONE,   //!< Line rate, PFC alone
        TIMELY, //!< TimelyCongestionControl
        DCTCP,  //!< DctcpCongestionControl
    };

    /**
     * \brief Get the TypeId
     * \return The TypeId for this class
     */
    static TypeId GetTypeId();
    RdmaCollectiveTransport();
    ~RdmaCollectiveTransport() override;

    /**
     * \brief Adds a rank (call for ranks 0, 1, ... in order, before Start).
     * \param [in] node Its host
     * \param [in] scaleUp Its scale-up domain (or nullptr)
     * \param [in] localIndex Its GPU index in the domain
     * \return its rank
     */
    uint32_t AddRank(Ptr<Node> node, Ptr<ScaleUpDomain> scaleUp, uint32_t localIndex);

    /// Makes the ranks' network lossless and installs their NICs (once, before Run).
    void Start();

    /**
     * \brief Checks what Start would make of a network, with this transport's law and the
     * fabric's attributes (RoceFabric::Check), for a program to refuse it before its run.
     * \param [in] hosts The ranks' hosts, realized (stacks, addresses, routes)
     * \param [out] error The attribute, its value and what is allowed
     * \return true if it can work
     */
    bool CheckNetwork(const NodeContainer& hosts, std::string& error) const override;

    /// \return the lossless network (its NICs, ports and buffers; set attributes before Start)
    Ptr<RoceFabric> GetFabric() const;

    /// \param [in] law A law \return its TypeId name
    static std::string LawType(Law law);

    void Send(uint32_t src, uint32_t dst, uint64_t bytes, DeliveryCallback delivered) override;
    /// \return QueuePairsPerPair for ranks on different hosts, else 1
    uint32_t GetNLanes(uint32_t src, uint32_t dst) const override;
    void SendOnLane(uint32_t src,
                    uint32_t dst,
                    uint32_t lane,
                    uint64_t bytes,
                    DeliveryCallback delivered) override;
    uint32_t GetNRanks() const override;
    Ptr<ScaleUpDomain> GetScaleUp(uint32_t rank, uint32_t& local) const override;
    std::string DescribeStall() override;

  private:
    void DoDispose() override;

    /// A rank.
    struct Rank
    {
        Ptr<Node> node;             //!< Host
        Ptr<ScaleUpDomain> scaleUp; //!< Domain
        uint32_t local;             //!< Index in it
    };

    /// \param [in] src Source rank \param [in] dst Destination rank \return their queue pair
    uint32_t QueuePair(uint32_t src, uint32_t dst, uint32_t lane = 0);

    Law m_law;                 //!< Congestion control
    uint32_t m_addressIndex;   //!< AddressIndex
    bool m_connectAtStart;     //!< ConnectAtStart
    uint8_t m_priority;        //!< Data priority
    Ptr<RoceFabric> m_fabric;  //!< The network
    std::vector<Rank> m_ranks; //!< Ranks
    uint32_t m_lanes;          //!< QueuePairsPerPair
    std::map<std::tuple<uint32_t, uint32_t, uint32_t>, uint32_t>
        m_qps;             //!< Queue pair per rank pair
    bool m_started{false}; //!< Start called
};

} // namespace ns3

#endif /* RDMA_COLLECTIVE_TRANSPORT_H */
