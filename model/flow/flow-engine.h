/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FLOW_ENGINE_H
#define FLOW_ENGINE_H

#include "ns3/nstime.h"
#include "ns3/object.h"
#include "ns3/traced-callback.h"

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace ns3
{

/**
 * \ingroup optical
 * \brief The fluid contract: what every flow-level engine offers, so that one transport
 * (FlowCollectiveTransport) and every workload run over any of them.
 *
 * An engine moves flows between its endpoints (a FlowTopology's vertices for FlowNetwork, the
 * hosts of a time-slotted network for RdcnFluidNetwork): StartFlow() starts one now, its
 * \c sent callback runs when its last byte has left the source and its \c delivered callback
 * when its last byte has arrived; every completed flow fires the one FlowCompleted trace
 * source (src, dst, bytes, start, end). What an engine does with the rest of a FlowSpec (a
 * rate cap, packet headers, a pinned path) is its own and documented by it.
 */
class FlowEngine : public Object
{
  public:
    /// What to start.
    struct FlowSpec
    {
        uint32_t src{0};                 //!< Source endpoint
        uint32_t dst{0};                 //!< Destination endpoint
        double bytes{0};                 //!< Bytes to move (> 0), above the packet headers
        uint64_t hash{0};                //!< Flow hash (ECMP)
        double capBps{0};                //!< Rate cap (bit/s; 0: none)
        uint32_t mtu{0};                 //!< Packet size limit (bytes; 0: the path's MTU)
        uint32_t headerBytes{0};         //!< Per-packet headers inside the MTU (e.g. IP + TCP)
        uint32_t linkHeaderBytes{0};     //!< Per-packet headers outside the MTU (e.g. PPP)
        std::vector<uint32_t> path;      //!< Links to use (empty: the engine routes)
        std::function<void()> sent;      //!< Called when the last byte has left (may be empty)
        std::function<void()> delivered; //!< Called when the last byte has arrived
    };

    /**
     * TracedCallback signature of FlowCompleted, the same for every engine.
     * \param [in] src Source endpoint
     * \param [in] dst Destination endpoint
     * \param [in] bytes Bytes moved (the flow's size)
     * \param [in] start When it started
     * \param [in] end When its last byte arrived
     */
    typedef void (*FlowCompletedTracedCallback)(uint32_t src,
                                                uint32_t dst,
                                                double bytes,
                                                Time start,
                                                Time end);

    /**
     * \brief Get the TypeId
     * \return The TypeId for this class
     */
    static TypeId GetTypeId();

    FlowEngine();
    ~FlowEngine() override;

    /**
     * \brief Starts a flow now.
     * \param [in] spec The flow
     * \param [out] error If not null, receives why the flow cannot start (bad endpoint or size,
     * no route); if null, that is a fatal error
     * \return the flow's id (>= 0), or -1 on error
     */
    virtual int64_t StartFlow(FlowSpec spec, std::string* error = nullptr) = 0;

    /// \return the number of endpoints (valid src and dst are below it)
    virtual uint32_t GetNEndpoints() const = 0;

    /// \return flows started so far
    virtual uint64_t GetFlowsStarted() const = 0;

    /// \return flows delivered so far
    virtual uint64_t GetFlowsCompleted() const = 0;

    /// \return flows in progress
    virtual uint64_t GetNActiveFlows() const = 0;

    /**
     * \brief Describes the flows that make no progress, for error messages when a workload
     * does not complete.
     * \param [in] max Flows to name at most
     * \return "" if none
     */
    virtual std::string DescribeStalledFlows(uint32_t max = 5) = 0;

    /**
     * \brief The links that join two endpoints directly and are up now (an OCS's lit
     * circuits), for transports that pin messages to lanes. The default has none.
     * \param [in] src Source endpoint
     * \param [in] dst Destination endpoint
     * \return their indices, in index order
     */
    virtual std::vector<uint32_t> GetDirectLinks(uint32_t src, uint32_t dst) const;

  protected:
    /**
     * \brief Fires FlowCompleted (engines call it when a flow's last byte has arrived).
     * \param [in] src Source endpoint
     * \param [in] dst Destination endpoint
     * \param [in] bytes Its size
     * \param [in] start When it started
     */
    void NotifyFlowCompleted(uint32_t src, uint32_t dst, double bytes, Time start);

  private:
    TracedCallback<uint32_t, uint32_t, double, Time, Time> m_completedTrace; //!< FlowCompleted
};

} // namespace ns3

#endif /* FLOW_ENGINE_H */
