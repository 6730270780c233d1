/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef RDCN_FLOW_TRANSPORT_H
#define RDCN_FLOW_TRANSPORT_H

#include "rdcn-fluid-network.h"

#include "ns3/flow-collective-transport.h"
#include "ns3/uinteger.h"

namespace ns3
{

/**
 * \ingroup optical
 * \brief Deprecated: the flow-level transport over a time-slotted network is the one
 * flow-level transport, FlowCollectiveTransport, over the RdcnFluidNetwork (a FlowEngine):
 * \code
 *   CollectiveHelper helper;
 *   helper.SetFlowTransportAttribute("MessageHeaderBytes", UintegerValue(0));
 *   Ptr<FlowCollectiveTransport> t = helper.InstallFlow(fluid, hosts);   // hosts 0 .. H-1
 * \endcode
 * or RdcnHelper as a ScaleOutFabric (Realize(Backend::FLOW, ...)). This name is kept so that
 * programs written before still compile: SetNetwork() makes every host of the network a rank
 * (rank h = host h) and sends messages of their payload only, as it did.
 */
class RdcnFlowTransport : public FlowCollectiveTransport
{
  public:
    /**
     * \brief Get the TypeId
     * \return The TypeId for this class
     */
    static TypeId GetTypeId()
    {
        static TypeId tid = TypeId("ns3::RdcnFlowTransport")
                                .SetParent<FlowCollectiveTransport>()
                                .SetGroupName("Optical")
                                .AddConstructor<RdcnFlowTransport>();
        return tid;
    }

    /**
     * \brief Sets the network and makes each of its hosts a rank.
     * \param [in] network The network (its schedule and router set)
     */
    [[deprecated("use FlowCollectiveTransport over the RdcnFluidNetwork "
                 "(CollectiveHelper::InstallFlow, or RdcnHelper::Realize)")]] void
    SetNetwork(Ptr<RdcnFluidNetwork> network)
    {
        FlowCollectiveTransport::SetNetwork(network);
        SetAttribute("MessageHeaderBytes", UintegerValue(0));
        for (uint32_t h = GetNRanks(); h < network->GetNHosts(); ++h)
        {
            AddRank(h, nullptr, 0);
        }
    }
};

} // namespace ns3

#endif /* RDCN_FLOW_TRANSPORT_H */
