/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FLOW_WORKLOAD_H
#define FLOW_WORKLOAD_H

#include "flow-size-distribution.h"

#include "ns3/collective-transport.h"
#include "ns3/data-rate.h"
#include "ns3/nstime.h"
#include "ns3/object.h"
#include "ns3/optical-timeline.h"
#include "ns3/random-variable-stream.h"
#include "ns3/traced-callback.h"

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace ns3
{

/**
 * \ingroup optical
 * \brief One flow of a FlowWorkload.
 */
struct FlowRecord
{
    uint64_t id{0};        //!< 0, 1, ... in start order
    uint32_t src{0};       //!< Source host (transport rank)
    uint32_t dst{0};       //!< Destination host (transport rank)
    uint64_t bytes{0};     //!< Size (bytes)
    Time start;            //!< When it was handed to the transport
    Time end;              //!< When the transport delivered it whole (if completed)
    bool completed{false}; //!< Delivered whole
};

/**
 * \ingroup optical
 * \brief What a FlowWorkload did over a window [windowStart, windowEnd].
 *
 * Flows "of the window" are the flows that started in [windowStart, windowEnd); the bytes
 * delivered are those of the flows (started whenever) that completed in
 * [windowStart, windowEnd]. Rates are fractions of the hosts' aggregate line rate,
 * hosts x HostRate, over the window's length.
 *
 * FCT percentiles are the module's percentile (FlowWorkload::Percentile(), linear) of the
 * completion times (end - start) of the completed flows of the window, short (bytes at most
 * ShortFlowBytes) and long (more) apart; a percentile of no flow is 0 (see the counts).
 */
struct FlowWorkloadSummary
{
    Time windowStart;            //!< Start of the window
    Time windowEnd;              //!< End of the window
    uint32_t hosts{0};           //!< Hosts (transport ranks)
    uint64_t flowsStarted{0};    //!< Flows of the window
    uint64_t flowsCompleted{0};  //!< Of these, the ones completed
    uint64_t flowsIncomplete{0}; //!< Of these, the ones not completed when summarized
    uint64_t shortCompleted{0};  //!< Completed flows of the window of at most ShortFlowBytes
    uint64_t longCompleted{0};   //!< Completed flows of the window larger than ShortFlowBytes
    uint64_t bytesStarted{0};    //!< Bytes of the flows of the window (offered)
    uint64_t bytesDelivered{0};  //!< Bytes of the flows completed in the window
    double offeredLoad{0};       //!< bytesStarted x 8 / (hosts x HostRate x window)
    double throughput{0};        //!< bytesDelivered x 8 / (hosts x HostRate x window)
    Time shortFctP50;            //!< Median FCT of the short flows
    Time shortFctP99;            //!< 99th percentile FCT of the short flows
    Time longFctP50;             //!< Median FCT of the long flows
    Time longFctP99;             //!< 99th percentile FCT of the long flows
    bool limitReached{false};    //!< MaxFlows stopped the generation of flows
};

/**
 * \ingroup optical
 * \brief Datacenter flow workloads over any CollectiveTransport whose ranks are hosts.
 *
 * Hosts belong to groups (their ToRs): SetGroups() maps each host to a group label, or, if it
 * is not called, host h is in group h / HostsPerGroup. Groups are numbered 0 to G - 1 in the
 * order of their labels, and the hosts of a group in increasing rank order. No pattern sends
 * between two hosts of one group. Patterns (attribute Pattern):
 *  - poisson: every host starts flows at the times of a Poisson process of rate
 *    lambda = Load x HostRate / (8 x E[size]) flows/s, E[size] being the exact mean of the
 *    sampled sizes (FlowSizeDistribution::SampleMean()), so that each host offers
 *    Load x HostRate; sizes are drawn from the size distribution (SetSizeDistribution(), or
 *    the file SizeFile) and destinations uniformly among the hosts of the other groups.
 *    Arrivals stop at Start() + Duration.
 *  - alltoall: at Start(), every host starts one flow of FlowBytes to every host of the other
 *    groups (sources in rank order, then destinations in rank order).
 *  - permutation: at Start(), host h of group g starts one flow of FlowBytes to host h of
 *    group (g + 1) mod G (groups must have equal sizes). With Continuous, each host starts its
 *    next flow to the same destination as soon as the previous one is delivered, while the
 *    time is before Start() + Duration (a transport of zero delay, as InstantTransport, loops
 *    at one instant until MaxFlows).
 *
 * Every flow is recorded (FlowRecord) and traced (FlowStarted, FlowCompleted); GetSummary()
 * sums them up. At most MaxFlows flows are started: the limit stops the generation, and the
 * summary says so. AssignStreams() fixes the streams of the inter-arrival times, the
 * destinations and the sizes.
 */
class FlowWorkload : public Object
{
  public:
    /// The traffic pattern.
    enum Pattern
    {
        POISSON,     //!< Poisson arrivals, sizes from a distribution, uniform destinations
        ALLTOALL,    //!< Every host to every host of the other groups
        PERMUTATION, //!< Host h of group g to host h of group g + Shift
        INCAST,      //!< Every host of the other groups to host 0 (FlowBytes each)
    };

    /**
     * \brief Get the TypeId
     * \return The TypeId for this class
     */
    static TypeId GetTypeId();

    FlowWorkload();

    /**
     * \brief Sets the transport; its ranks are the hosts.
     * \param [in] transport The transport
     */
    void SetTransport(Ptr<CollectiveTransport> transport);

    /**
     * \brief Maps hosts to groups (ToRs).
     * \param [in] groupOfHost Group label of each host, in rank order (one per rank)
     */
    void SetGroups(const std::vector<uint32_t>& groupOfHost);

    /**
     * \brief Sets the size distribution of the poisson pattern (instead of SizeFile). Call
     * AssignStreams() after it.
     * \param [in] sizes The distribution (its points set)
     */
    void SetSizeDistribution(Ptr<FlowSizeDistribution> sizes);

    /// \return the size distribution (read from SizeFile by Start() if none was set)
    Ptr<FlowSizeDistribution> GetSizeDistribution() const;

    /**
     * \brief Checks the attributes, the transport and the groups (and, for poisson, reads
     * SizeFile if no distribution was set).
     * \return "" if they are good, else what is wrong, naming the value and what is allowed
     */
    std::string Validate();

    /**
     * \brief Validates, then starts the pattern at the current simulation time.
     * \param [out] error On failure: what is wrong (Validate()); nothing is started
     * \return true on success
     */
    bool Start(std::string& error);

    /// \return every flow started, by id
    const std::vector<FlowRecord>& GetFlows() const;

    /// \return the summary over [Start(), Start() + Duration]
    FlowWorkloadSummary GetSummary() const;

    /**
     * \return whether the workload is over: started, every flow it started completed, and none
     * will start any more (the patterns of FlowBytes start all theirs at Start(); poisson
     * arrivals and a continuous permutation go on until Start() + Duration or MaxFlows)
     */
    bool IsDone() const;

    /**
     * \brief Sums up the flows over a window.
     * \param [in] windowStart Start of the window
     * \param [in] windowEnd End of the window (rates are 0 unless it is after windowStart)
     * \return the summary (see FlowWorkloadSummary)
     */
    FlowWorkloadSummary GetSummary(Time windowStart, Time windowEnd) const;

    /**
     * \brief Adds the flows to a timeline: a process \p process with a track per source host
     * ("host H"), a slice per flow that overlaps [from, until) ("to D", category "short flow"
     * or "long flow" by ShortFlowBytes), from its start to its delivery (or to \p until if it
     * is still under way).
     * \param [in,out] timeline The timeline
     * \param [in] process The process's name
     * \param [in] from Start of the window
     * \param [in] until End of the window
     * \return the flows added
     */
    uint64_t AddToTimeline(OpticalTimeline& timeline,
                           const std::string& process,
                           Time from,
                           Time until) const;

    /// \return the poisson arrival rate of each host (flows/s; valid after Start())
    double GetArrivalRate() const;

    /// \return the number of groups (valid after Start() or Validate())
    uint32_t GetNGroups() const;

    /**
     * \param [in] host A host
     * \return its group number, 0 to GetNGroups() - 1 (valid after Start() or Validate())
     */
    uint32_t GetGroup(uint32_t host) const;

    /**
     * \brief Fixes the random streams: inter-arrival times, destinations, then the size
     * distribution's.
     * \param [in] stream First stream
     * \return streams used (3)
     */
    int64_t AssignStreams(int64_t stream);

    /**
     * \brief The module's percentile (optical::Percentile: linear interpolation between the
     * closest ranks, numpy's default; percent 50 of 1, 2, 3, 4 is 2.5, percent 99 of 1 to 100
     * is 99.01), 0 if there is no value.
     * \param [in] values The values (any order)
     * \param [in] percent The percentile, clamped to [0, 100]
     * \return the percentile, or 0 if there is no value
     */
    static double Percentile(std::vector<double> values, double percent);

    /**
     * \brief Percentile() of times, interpolated in time steps and rounded to one.
     * \param [in] values The times (any order)
     * \param [in] percent The percentile, clamped to [0, 100]
     * \return the percentile, or 0 if there is no value
     */
    static Time Percentile(const std::vector<Time>& values, double percent);

    /**
     * TracedCallback signature of FlowStarted and FlowCompleted.
     * \param [in] flow The flow
     */
    typedef void (*FlowTracedCallback)(const FlowRecord& flow);

  protected:
    void DoDispose() override;

  private:
    /// Builds the groups from SetGroups() or HostsPerGroup. \return "" or the problem
    std::string BuildGroups();

    /**
     * \brief Starts one flow.
     * \param [in] src Source host
     * \param [in] dst Destination host
     * \param [in] bytes Size
     * \return false if MaxFlows stopped it
     */
    bool StartFlow(uint32_t src, uint32_t dst, uint64_t bytes);

    /**
     * \brief A flow was delivered.
     * \param [in] id The flow
     */
    void Completed(uint64_t id);

    /**
     * \brief The next poisson arrival of a host.
     * \param [in] host The host
     */
    void Arrival(uint32_t host);

    /**
     * \brief Schedules the next poisson arrival of a host after its last one.
     * \param [in] host The host
     */
    void ScheduleArrival(uint32_t host);

    /// Stops the simulation if StopWhenDone is set and the workload is over.
    void StopIfDone() const;

    Pattern m_pattern{POISSON};    //!< Pattern
    double m_load{0};              //!< Offered load per host (fraction of HostRate)
    DataRate m_hostRate;           //!< Line rate of a host
    Time m_duration;               //!< Arrival period
    uint64_t m_flowBytes{0};       //!< Flow size of alltoall and permutation
    uint64_t m_shortFlowBytes{0};  //!< Largest short flow
    uint64_t m_maxFlows{0};        //!< Most flows started
    uint32_t m_hostsPerGroup{0};   //!< Hosts per group without SetGroups()
    bool m_continuous{false};      //!< Permutation back to back
    bool m_spreadOverLanes{false}; //!< Flows spread over the transport's lanes
    bool m_stopWhenDone{false};    //!< StopWhenDone
    uint64_t m_completed{0};       //!< Flows completed
    uint32_t m_shift{1};           //!< Permutation: groups ahead
    std::map<std::pair<uint32_t, uint32_t>, uint64_t> m_pairFlows; //!< Flows per pair so far
    std::string m_sizeFile;                                        //!< Size distribution file

    Ptr<CollectiveTransport> m_transport;         //!< Transport
    Ptr<FlowSizeDistribution> m_sizes;            //!< Size distribution
    Ptr<ExponentialRandomVariable> m_interval;    //!< Inter-arrival (mean 1, scaled)
    Ptr<UniformRandomVariable> m_destination;     //!< Destination choice
    std::vector<uint32_t> m_groupLabels;          //!< SetGroups() labels
    std::vector<uint32_t> m_group;                //!< Group number of each host
    std::vector<std::vector<uint32_t>> m_members; //!< Hosts of each group, in rank order
    std::vector<uint32_t> m_index;                //!< Index of each host in its group
    std::vector<std::vector<uint32_t>> m_others;  //!< Hosts outside each group, in rank order

    bool m_started{false};             //!< Start() succeeded
    bool m_limitReached{false};        //!< MaxFlows reached
    Time m_startTime;                  //!< Start() time
    double m_rate{0};                  //!< Poisson rate per host (flows/s)
    std::vector<double> m_nextArrival; //!< Next arrival of each host (s, absolute)
    std::vector<FlowRecord> m_flows;   //!< Every flow, by id

    TracedCallback<const FlowRecord&> m_startedTrace;   //!< FlowStarted
    TracedCallback<const FlowRecord&> m_completedTrace; //!< FlowCompleted
};

} // namespace ns3

#endif /* FLOW_WORKLOAD_H */
