/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef OPTICAL_TIMELINE_H
#define OPTICAL_TIMELINE_H

#include "ns3/nstime.h"

#include <cstdint>
#include <string>
#include <vector>

namespace ns3
{

/**
 * \ingroup optical
 * \brief A timeline of a run in the Chrome trace event format, which ui.perfetto.dev and
 * chrome://tracing open: processes (groups of tracks: ranks, OCS ports), tracks (threads),
 * slices (complete events, "ph": "X", with a start and a duration) and counters ("ph": "C").
 * Times are written in microseconds with nanosecond precision.
 *
 * \code
 *   OpticalTimeline timeline;
 *   const uint32_t ranks = timeline.AddProcess("ranks");
 *   const uint32_t rank0 = timeline.AddTrack(ranks, "rank 0");
 *   timeline.AddSlice(ranks, rank0, "allreduce", "collective", start, end);
 *   std::string error;
 *   timeline.Write("run.json", error);   // open it in ui.perfetto.dev
 * \endcode
 */
class OpticalTimeline
{
  public:
    /// \param [in] name A group of tracks \return its process id
    uint32_t AddProcess(const std::string& name);

    /// \param [in] process Its process \param [in] name A track's name \return its thread id
    uint32_t AddTrack(uint32_t process, const std::string& name);

    /**
     * \brief A slice of a track: something that ran from \p start to \p end.
     * \param [in] process Process id
     * \param [in] track Track id
     * \param [in] name What ran
     * \param [in] category Its category (compute, collective, ...)
     * \param [in] start Start
     * \param [in] end End (not before start)
     */
    void AddSlice(uint32_t process,
                  uint32_t track,
                  const std::string& name,
                  const std::string& category,
                  Time start,
                  Time end);

    /**
     * \brief A counter's value from \p at on (a step until the next value).
     * \param [in] process Process id
     * \param [in] name Counter name
     * \param [in] at When
     * \param [in] value Its value
     */
    void AddCounter(uint32_t process, const std::string& name, Time at, double value);

    /// \return the slices added
    std::size_t GetNSlices() const;

    /**
     * \brief Writes the JSON file, to a temporary name renamed at the end (no half-written
     * file).
     * \param [in] path The file
     * \param [out] error What went wrong
     * \return true on success
     */
    bool Write(const std::string& path, std::string& error) const;

    /// \param [in] text Any text \return it as a JSON string literal, quotes included
    static std::string Quote(const std::string& text);

  private:
    /// One event, written as a JSON object.
    struct Event
    {
        char phase;           //!< 'X' slice, 'C' counter, 'M' metadata
        uint32_t process;     //!< pid
        uint32_t track;       //!< tid
        std::string name;     //!< Name
        std::string category; //!< Category (slices)
        Time start;           //!< Start
        Time duration;        //!< Duration (slices)
        double value;         //!< Counter value
    };

    std::vector<Event> m_events;    //!< Events in the order added
    std::vector<uint32_t> m_tracks; //!< Tracks per process
    std::size_t m_slices{0};        //!< Slices added
};

} // namespace ns3

#endif // OPTICAL_TIMELINE_H
