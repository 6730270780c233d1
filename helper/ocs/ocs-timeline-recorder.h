/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef OCS_TIMELINE_RECORDER_H
#define OCS_TIMELINE_RECORDER_H

#include "ns3/nstime.h"
#include "ns3/optical-circuit-switch.h"
#include "ns3/optical-timeline.h"
#include "ns3/ptr.h"

#include <memory>
#include <string>
#include <vector>

namespace ns3
{

/**
 * \ingroup optical
 * \brief What the ports of optical circuit switches did, for a timeline: each input port's
 * circuits (lit, to which output port) and the dark gaps of its reconfigurations, from the
 * switches' CircuitUp and CircuitDown traces.
 * \code
 *   OcsTimelineRecorder circuits;
 *   circuits.Add(ocs, "rail 0");         // before or during the run
 *   Simulator::Run();
 *   OpticalTimeline timeline;
 *   circuits.AddToTimeline(timeline);    // a process per switch, a track per port
 *   timeline.Write("run.json", error);
 * \endcode
 * A circuit lit when the switch is added starts then; one still lit when AddToTimeline is
 * called ends then. The recorder must outlive the run.
 */
class OcsTimelineRecorder
{
  public:
    /// One interval of a port.
    struct Interval
    {
        Time start;       //!< From
        Time end;         //!< To
        int32_t peer{-1}; //!< The output port it was lit to (-1: dark)
    };

    /**
     * \brief Records a switch.
     * \param [in] ocs The switch
     * \param [in] name Its name on the timeline
     */
    void Add(Ptr<OpticalCircuitSwitch> ocs, const std::string& name);

    /**
     * \param [in] index A switch, in the order added \param [in] port An input port
     * \return its intervals so far, in time order (open ones end now)
     */
    std::vector<Interval> GetIntervals(std::size_t index, uint32_t port) const;

    /**
     * \brief Adds every switch as a process "OCS NAME" with a track per input port lit in the
     * window: slices "to port P" (category "circuit") and "dark" (category "dark": from a
     * circuit going down to the next coming up, the reconfiguration and any idle time),
     * cut to the window.
     * \param [in,out] timeline The timeline
     * \param [in] from Start of the window
     * \param [in] until End of the window (negative: now); circuits still lit end there
     */
    void AddToTimeline(OpticalTimeline& timeline, Time from = Time(0), Time until = Time(-1)) const;

  private:
    /// A port's state and history.
    struct Port
    {
        int32_t peer{-1};                //!< Lit to (-1: not lit)
        Time since;                      //!< Since when (lit), or dark since (after a down)
        bool darkening{false};           //!< Went down: a gap until the next up
        std::vector<Interval> intervals; //!< Closed intervals
    };

    /// A switch.
    struct Switch
    {
        std::string name;        //!< Name
        std::vector<Port> ports; //!< Per input port
    };

    std::vector<std::shared_ptr<Switch>> m_switches; //!< Recorded switches
};

} // namespace ns3

#endif // OCS_TIMELINE_RECORDER_H
