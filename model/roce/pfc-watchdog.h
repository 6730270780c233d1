/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// A watchdog over a RoceFabric's ports: finds PFC deadlocks (cycles of paused, non-empty
// queues) and pause storms, and reports them by port and priority.

#ifndef PFC_WATCHDOG_H
#define PFC_WATCHDOG_H

#include "ns3/callback.h"
#include "ns3/event-id.h"
#include "ns3/nstime.h"
#include "ns3/object.h"
#include "ns3/traced-callback.h"

#include <array>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace ns3
{

class LosslessQueueDisc;
class RoceFabric;

/**
 * \ingroup optical
 * \brief Watches the ports of a RoceFabric for PFC deadlocks and pause storms, so that a run
 * with a cyclic buffer dependency stops with a report naming ports and priorities instead of
 * running on forever.
 *
 * Every Interval it looks at each (port, priority) of the fabric. One is stuck when it is
 * paused (LosslessQueueDisc::IsPaused) and holds bytes (GetPriorityBytes); it has been stuck
 * since the first look that saw it so, as long as every look since has seen it stuck and its
 * priority was not resumed between two looks (the port's Pause trace says when).
 *
 * Wait-for graph: the vertices are the stuck (port, priority); a port of node X on device d is
 * paused by the node Y at the other end of d's channel (a channel of two devices; ports on
 * other channels have no edges). Stuck (X.d, p) waits for stuck (Y.e, p) for every port e of
 * Y other than the one facing X: Y cannot drain what X sent it while its egress e is paused.
 *
 * Deadlock: a cycle of the graph whose vertices have all been stuck for at least DeadlockTime.
 * The first one found is reported once (GetReport(), the Deadlock trace, std::cerr and
 * NS_LOG_WARN), one line per vertex in cycle order, each naming the port it waits for:
 * \verbatim
   PFC deadlock: a cycle of 3 paused queues for at least 0.600 ms:
     node 3 device 2 priority 3 paused with 24096 B queued since 0.100 ms -> node 4 device 2
     ...
   \endverbatim
 * and, with StopOnDeadlock, the simulation is stopped (Simulator::Stop()).
 *
 * Pause storm: a stuck (port, priority) on no cycle of the graph that has been stuck for at
 * least StormTime, reported once per episode (until a look sees it unstuck) by the PauseStorm
 * trace and NS_LOG_WARN, and counted (GetStorms()).
 *
 * It never keeps an otherwise finished simulation running: it schedules its next look only
 * while some port of the fabric has a priority paused (a paused priority always has its
 * expiry pending in the simulator, so the simulation is not finished then), and a look that
 * finds none paused schedules nothing: the watchdog sleeps until a port's Pause trace reports
 * a new pause, which schedules a look Interval later. A run therefore ends at most one
 * Interval after its last pause ends. The watchdog keeps itself alive until
 * Simulator::Destroy (which disposes of it); its results stay readable after that.
 */
class PfcWatchdog : public Object
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();
    PfcWatchdog();
    ~PfcWatchdog() override;

    /**
     * \brief Starts watching a fabric: learns its ports' devices and neighbours and schedules
     * the first look Interval from now. Call once, after RoceFabric::Install and before
     * Simulator::Run.
     * \param [in] fabric The installed fabric
     */
    void Watch(Ptr<RoceFabric> fabric);

    /// \return whether a deadlock has been found
    bool HasDeadlock() const;
    /// \return the deadlock report ("" if none)
    std::string GetReport() const;
    /// \return pause storms reported
    uint64_t GetStorms() const;

    /**
     * \brief TracedCallback signature of a deadlock or pause storm report.
     * \param [in] report The report, naming ports and priorities
     */
    typedef void (*ReportTracedCallback)(const std::string& report);

  private:
    /// Priorities of a port.
    static constexpr uint32_t N_PRIORITIES = 8;
    /// No port (a port without a neighbour).
    static constexpr uint32_t NO_PORT = UINT32_MAX;

    /// What the watchdog knows of one port of the fabric.
    struct Port
    {
        Ptr<LosslessQueueDisc> qdisc;                   //!< Its queue disc
        uint32_t node{0};                               //!< Its node's id
        uint32_t peer{NO_PORT};                         //!< The port at the other end
        std::array<uint64_t, N_PRIORITIES> resumes{};   //!< Resumes seen by the Pause trace
        Callback<void, uint32_t, bool> pauseCallback{}; //!< Connected to its Pause trace
    };

    /// One (port, priority): a vertex of the wait-for graph when stuck.
    struct Vertex
    {
        bool stuck{false};         //!< Stuck at the last look
        Time since;                //!< Stuck since (the first look that saw it)
        uint64_t resumes{0};       //!< Its priority's resumes at the last look
        bool stormReported{false}; //!< This episode was reported as a storm
    };

    /// Successors of each vertex (port x N_PRIORITIES + priority).
    using Graph = std::vector<std::vector<uint32_t>>;

    void DoDispose() override;

    /// Learns the devices of the fabric's ports, their nodes and their neighbours.
    void FindPorts();
    /**
     * \brief A port's Pause trace.
     * \param [in] port Its index \param [in] priority The priority
     * \param [in] paused Paused (true) or resumed (false)
     */
    void PortPaused(uint32_t port, uint32_t priority, bool paused);
    /// Looks at every port: updates the vertices, finds deadlocks and storms, looks again.
    void Look();
    /// \return whether some priority of some port is paused (updates the vertices)
    bool UpdateVertices();
    /**
     * \param [in] minAge How long a vertex must have been stuck to be in the graph
     * \return the wait-for graph of the vertices stuck at least that long
     */
    Graph BuildGraph(Time minAge) const;
    /**
     * \param [in] graph A wait-for graph
     * \return a cycle of it in order (each vertex waits for the next, the last for the first),
     * or empty
     */
    static std::vector<uint32_t> FindCycle(const Graph& graph);
    /**
     * \param [in] graph A wait-for graph \param [in] v A vertex
     * \return whether \p v is on a cycle of \p graph
     */
    static bool OnCycle(const Graph& graph, uint32_t v);
    /// Looks for a deadlock and reports the first one found.
    void CheckDeadlock();
    /// Reports the vertices stuck for StormTime on no cycle.
    void CheckStorms();
    /// \param [in] v A vertex \return "node 3 device 2 priority 3 paused with ... since ..."
    std::string Describe(uint32_t v) const;
    /// \param [in] cycle A cycle found by FindCycle: reports it as the deadlock
    void ReportDeadlock(const std::vector<uint32_t>& cycle);

    Time m_interval;       //!< Interval
    Time m_deadlockTime;   //!< DeadlockTime
    Time m_stormTime;      //!< StormTime
    bool m_stopOnDeadlock; //!< StopOnDeadlock

    Ptr<RoceFabric> m_fabric;                              //!< The fabric watched
    std::vector<Port> m_ports;                             //!< Per port of the fabric
    std::map<uint32_t, std::vector<uint32_t>> m_nodePorts; //!< Node id to its ports
    std::vector<Vertex> m_vertices;                        //!< Per port x priority
    EventId m_look;                                        //!< Next look
    bool m_watching{false};                                //!< Watch called
    bool m_deadlock{false};                                //!< A deadlock was found
    std::string m_report;                                  //!< Its report
    uint64_t m_storms{0};                                  //!< Storms reported

    TracedCallback<const std::string&> m_deadlockTrace; //!< Deadlock
    TracedCallback<const std::string&> m_stormTrace;    //!< PauseStorm
};

} // namespace ns3

#endif /* PFC_WATCHDOG_H */
