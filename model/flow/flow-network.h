/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FLOW_NETWORK_H
#define FLOW_NETWORK_H

#include "flow-engine.h"
#include "flow-topology.h"

#include "ns3/event-id.h"
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
 * \brief The flow-level (fluid) network engine: flows over the paths of a FlowTopology, rated
 * by max-min fairness, completed by ns-3 events.
 *
 * Each flow has a path, a size and an optional rate cap. Rates are max-min fair (progressive
 * filling: the most constrained link's fair share is frozen first; a flow's cap freezes it
 * earlier). A flow's last byte leaves when its bytes are sent at those rates; its delivery
 * follows after the path latency (propagation plus one packet's store-and-forward per extra
 * hop). Rates are recomputed when a flow starts or ends and when the topology changes, for the
 * connected component of links and flows that the change touches only, and once per instant:
 * every change at the same simulation time is batched into one recomputation.
 *
 * Topology changes: a link that goes down stalls its flows (rate 0); at every change, stalled
 * flows are routed again and follow a new path as soon as one exists (an OCS's new circuits).
 * A capacity change re-rates the flows that cross the link.
 */
class FlowNetwork : public FlowEngine
{
  public:
    /**
     * \brief Get the TypeId
     * \return The TypeId for this class
     */
    static TypeId GetTypeId();

    FlowNetwork();
    ~FlowNetwork() override;

    /**
     * \brief Sets the topology and listens to its changes.
     * \param [in] topology The topology
     */
    void SetTopology(Ptr<FlowTopology> topology);

    /// \return the topology
    Ptr<FlowTopology> GetTopology() const;

    /**
     * \brief Starts a flow now.
     * \param [in] spec The flow
     * \param [out] error If not null, receives why the flow cannot start (no path: both
     * vertices named; bad size); if null, that is a fatal error
     * \return the flow's id, or -1 on error
     */
    int64_t StartFlow(FlowSpec spec, std::string* error = nullptr) override;

    /// \return the topology's vertices
    uint32_t GetNEndpoints() const override;

    /// \return flows in progress
    uint64_t GetNActiveFlows() const override;

    /// \return flows started so far
    uint64_t GetFlowsStarted() const override;

    /// \return flows delivered so far
    uint64_t GetFlowsCompleted() const override;

    /**
     * \brief The links from \p src's vertex to \p dst's that are up and have capacity (an
     * OCS's lit circuits between two GPUs).
     * \param [in] src Source vertex
     * \param [in] dst Destination vertex
     * \return their indices, in index order
     */
    std::vector<uint32_t> GetDirectLinks(uint32_t src, uint32_t dst) const override;

    /**
     * \brief The bytes a flow puts on the wire: \p bytes cut into packets of \p mtu less
     * \p headerBytes of payload, each carrying \p headerBytes + \p linkHeaderBytes of headers.
     * \param [in] bytes Payload
     * \param [in] mtu MTU (0, or not above \p headerBytes: fluid, no headers)
     * \param [in] headerBytes Headers inside the MTU
     * \param [in] linkHeaderBytes Headers outside the MTU
     * \return the wire bytes
     */
    static double WireBytes(double bytes,
                            uint32_t mtu,
                            uint32_t headerBytes,
                            uint32_t linkHeaderBytes);

    /// \return wire bytes of the flows started so far
    double GetBytesStarted() const;

    /// \return wire bytes of the flows whose last byte has left so far
    double GetBytesSent() const;

    /**
     * \return wire bytes that have left so far: those of finished flows and the progress of the
     * flows in progress (at their current rates; O(flows))
     */
    double GetBytesTransferred() const;

    /// \return rate recomputations so far
    uint64_t GetRecomputations() const;

    /// \return the flows re-rated, summed over recomputations (the work done)
    uint64_t GetFlowsRerated() const;

    /// \return the most flows one link carried at once so far
    uint32_t GetPeakLinkFlows() const;

    /// \return the most flows one recomputation re-rated so far (largest component)
    uint64_t GetPeakComponentFlows() const;

    /**
     * \brief Describes the flows that cannot move now (rate 0: a link down or of zero
     * capacity on their path), for error messages when a workload does not complete.
     * \param [in] max Flows to name at most
     * \return "" if none, else e.g. "2 flows stalled: gpu0.1 -> gpu3.1 (link rail1->gpu3.1
     * is down), ..."
     */
    std::string DescribeStalledFlows(uint32_t max = 5) override;

    /// \return flows stalled now on a link that is down
    uint32_t GetNStalledFlows() const;

    /**
     * \param [in] flow A flow in progress
     * \return its current rate (bit/s), after any recomputation pending now
     */
    double GetFlowRate(int64_t flow);

    /**
     * \param [in] link A link of the topology
     * \return the rate the flows crossing it have now (bit/s; the sum of their rates, after any
     * recomputation pending now; O(flows on the link))
     */
    double GetLinkRate(uint32_t link);

    /**
     * \param [in] flow A flow in progress
     * \return its path
     */
    const std::vector<uint32_t>& GetFlowPath(int64_t flow) const;

  protected:
    void DoDispose() override;

  private:
    /// A flow in progress.
    struct Flow
    {
        bool active{false};              //!< Slot in use
        uint32_t src{0};                 //!< Source vertex
        uint32_t dst{0};                 //!< Destination vertex
        uint64_t hash{0};                //!< Flow hash
        double bytes{0};                 //!< Size
        double remaining{0};             //!< Bytes not yet sent at \c last
        double rate{0};                  //!< Rate (bytes/s)
        double cap{0};                   //!< Cap (bytes/s; 0: none)
        uint32_t packetBytes{0};         //!< Packet size for latency
        Time start;                      //!< Start time
        Time last;                       //!< When \c remaining was last brought up to date
        std::vector<uint32_t> path;      //!< Links
        std::vector<uint32_t> slot;      //!< Index of this flow in each path link's list
        EventId done;                    //!< Completion of sending
        std::function<void()> sent;      //!< Sent callback
        std::function<void()> delivered; //!< Delivered callback
        bool pinned{false};              //!< Path given by the caller (never rerouted)
        bool stalled{false};             //!< Path has a link down
        uint64_t stamp{0};               //!< Visit mark
        bool frozen{false};              //!< Rate fixed in this filling
        double next{0};                  //!< Rate given by the filling under way (bytes/s)
    };

    /// The engine's state of a link.
    struct LinkState
    {
        std::vector<uint32_t> flows; //!< Flows crossing it
        uint64_t stamp{0};           //!< Visit mark
        double left{0};              //!< Capacity not yet given out (bytes/s)
        uint32_t unfrozen{0};        //!< Flows not yet frozen
        bool dirty{false};           //!< Queued for recomputation
    };

    void Attach(uint32_t flow);
    void Detach(uint32_t flow);
    void MarkDirty(uint32_t link);
    void ScheduleFlush();
    void Flush();
    void Reroute();
    void Recompute(const std::vector<uint32_t>& flows, const std::vector<uint32_t>& links);
    void Schedule(uint32_t flow);
    void Finish(uint32_t flow);
    void LinkChanged(uint32_t link);
    bool PathUp(const std::vector<uint32_t>& path) const;
    void Grow();

    Ptr<FlowTopology> m_topology;        //!< Topology
    std::vector<Flow> m_flows;           //!< Flow slots
    std::vector<uint32_t> m_freeSlots;   //!< Free flow slots
    std::vector<LinkState> m_links;      //!< Per-link state
    std::vector<uint32_t> m_dirty;       //!< Links to recompute
    std::vector<uint32_t> m_stalled;     //!< Flows whose path has a link down
    std::vector<uint32_t> m_scratchPath; //!< Routing scratch space

    /// (fair share or cap in bytes/s, link or flow)
    using ShareEntry = std::pair<double, uint32_t>;
    std::vector<uint32_t> m_componentFlows; //!< Flush scratch: flows to re-rate
    std::vector<uint32_t> m_componentLinks; //!< Flush scratch: their links
    std::vector<uint32_t> m_stack;          //!< Flush scratch: links to visit
    std::vector<ShareEntry> m_heap;         //!< Recompute scratch: min-heap of link shares
    std::vector<ShareEntry> m_caps;         //!< Recompute scratch: flow caps, ascending
    bool m_topologyChanged{false};          //!< Reroute stalled flows at the next flush
    EventId m_flush;                        //!< Pending recomputation
    bool m_flushing{false};                 //!< Inside Flush(): changes join this recomputation
    uint64_t m_stamp{0};                    //!< Visit counter
    uint32_t m_active{0};                   //!< Flows in progress
    uint64_t m_started{0};                  //!< Flows started
    uint64_t m_completed{0};                //!< Flows delivered
    double m_bytesStarted{0};               //!< Bytes started
    double m_bytesSent{0};                  //!< Bytes sent
    uint64_t m_recomputations{0};           //!< Recomputations
    uint64_t m_rerated{0};                  //!< Flows re-rated
    uint32_t m_peakLinkFlows{0};            //!< Most flows on one link
    uint64_t m_peakComponent{0};            //!< Most flows in one recomputation
    double m_epsilon{1e-9};                 //!< Relative tolerance of rate comparisons
};

} // namespace ns3

#endif /* FLOW_NETWORK_H */
