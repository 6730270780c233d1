/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef LINK_LOAD_SAMPLER_H
#define LINK_LOAD_SAMPLER_H

#include "ns3/collective-transport.h"
#include "ns3/event-id.h"
#include "ns3/flow-network.h"
#include "ns3/net-device.h"
#include "ns3/node-container.h"
#include "ns3/nstime.h"
#include "ns3/optical-timeline.h"

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace ns3
{

/**
 * \ingroup optical
 * \brief Samples the load of chosen links at a fixed interval, for a run's timeline: each link's
 * utilization (0 to 1) and, at packet level, the bytes queued at its sender.
 *
 * At packet level a link is a point-to-point device: its utilization over [t, t + interval) is
 * the bytes it finished transmitting then (PhyTxEnd, headers included) over what its DataRate
 * could carry, and its queue is the bytes in its root queue disc and its device queue at t. At
 * flow level a link is a FlowNetwork link: its utilization at t is the sum of its flows' rates
 * over its capacity (an instant's value; flows have no queues). Sampling runs from Start() until
 * Stop() (call it when the workload is done, or the samples would keep the simulation going).
 *
 * \code
 *   LinkLoadSampler load;
 *   load.SetInterval(MicroSeconds(10));
 *   load.AddHosts(hosts);                 // each host's scale-out NIC
 *   load.Start();
 *   executor->Start([&load]() { load.Stop(); });
 *   Simulator::Run();
 *   load.AddToTimeline(timeline, "links");
 * \endcode
 */
class LinkLoadSampler
{
  public:
    LinkLoadSampler();
    ~LinkLoadSampler();

    /// \param [in] interval Time between samples (> 0; default 10 us)
    void SetInterval(Time interval);

    /// \return the time between samples
    Time GetInterval() const;

    /**
     * \brief Samples a point-to-point device (packet level).
     * \param [in] device The device (a PointToPointNetDevice: PhyTxEnd and DataRate)
     * \param [in] name The link's name on the timeline
     */
    void AddDevice(Ptr<NetDevice> device, const std::string& name);

    /**
     * \brief Samples every point-to-point device of each node (packet level): the hosts'
     * scale-out NICs, named "host H" (or "host H.D" where a host has several).
     * \param [in] hosts The hosts, in rank order
     */
    void AddHosts(NodeContainer hosts);

    /**
     * \brief Samples a link of a flow network (flow level).
     * \param [in] network The network
     * \param [in] link A link of its topology
     * \param [in] name The link's name on the timeline
     */
    void AddFlowLink(Ptr<FlowNetwork> network, uint32_t link, const std::string& name);

    /**
     * \brief Samples each of \p vertices' outgoing traffic (flow level): "host H" reads the
     * rates of every link out of vertex H at the time of the sample (an OCS circuit is a link
     * of its own, lit or not) over the capacity of those that are up.
     * \param [in] network The network
     * \param [in] vertices The hosts' vertices, in rank order
     */
    void AddFlowHosts(Ptr<FlowNetwork> network, const std::vector<uint32_t>& vertices);

    /**
     * \brief Samples every rank's NIC of a collective transport, at whichever level it runs:
     * AddFlowHosts on a FlowCollectiveTransport's network (its ranks' vertices), AddHosts on
     * \p hosts otherwise.
     * \param [in] transport The transport (ranks installed)
     * \param [in] hosts The ranks' nodes at packet level (may be empty at flow level)
     * \return false if the transport's flow engine has no link rates (not a FlowNetwork)
     */
    bool AddRanks(Ptr<CollectiveTransport> transport, NodeContainer hosts);

    /// \brief Takes a sample now and every interval after, until Stop().
    void Start();

    /**
     * \brief Takes a sample now and every interval after, as long as \p more says so after a
     * sample (then stops as Stop() does), or until Stop().
     * \param [in] more E.g. [&]() { return !workload->IsDone(); }
     */
    void Start(std::function<bool()> more);

    /// \brief Ends the interval under way and takes a closing sample now (packet level:
    /// utilization 0, the queue now), then stops.
    void Stop();

    /// One sample of one link.
    struct Sample
    {
        Time at;               //!< Start of the interval (packet level) or the instant (flow)
        double utilization{0}; //!< Busy fraction, 0 to 1
        double queueBytes{0};  //!< Bytes queued at the sender at \c at (packet level)
    };

    /// \return the links sampled
    std::size_t GetNLinks() const;

    /// \param [in] link Index in the order added \return its name
    const std::string& GetName(std::size_t link) const;

    /// \param [in] link Index in the order added \return its samples, oldest first
    const std::vector<Sample>& GetSamples(std::size_t link) const;

    /**
     * \brief Adds a process named \p process with two counters per link ("NAME util" and
     * "NAME queue bytes"; the second at packet level only), from the samples.
     * \param [in,out] timeline The timeline
     * \param [in] process The process's name
     */
    void AddToTimeline(OpticalTimeline& timeline, const std::string& process) const;

  private:
    struct Link;

    void TakeSample();
    /// \param [in,out] l A link \param [in] now Now \return a sample of it now (packet level:
    /// the queue, utilization 0 until its interval ends)
    static Sample Measure(Link& l, Time now);

    Time m_interval;                            //!< Between samples
    std::vector<std::unique_ptr<Link>> m_links; //!< Links sampled
    EventId m_next;                             //!< Next sample
    bool m_running{false};                      //!< Between Start and Stop
    std::function<bool()> m_more;               //!< Go on sampling (empty: until Stop)
};

} // namespace ns3

#endif /* LINK_LOAD_SAMPLER_H */
