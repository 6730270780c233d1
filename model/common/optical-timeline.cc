/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "optical-timeline.h"

#include "ns3/abort.h"

#include <cmath>
#include <cstdio>
#include <fstream>
#include <iomanip>
#include <sstream>

namespace ns3
{

namespace
{

/// \param [in] t A time \return it in microseconds, with nanosecond digits ("12.345")
std::string
Micros(Time t)
{
    const int64_t ns = t.GetNanoSeconds();
    std::ostringstream s;
    s << (ns < 0 ? "-" : "") << std::llabs(ns) / 1000 << "." << std::setw(3) << std::setfill('0')
      << std::llabs(ns) % 1000;
    return s.str();
}

} // namespace

uint32_t
OpticalTimeline::AddProcess(const std::string& name)
{
    const auto pid = static_cast<uint32_t>(m_tracks.size());
    m_tracks.push_back(0);
    m_events.push_back({'M', pid, 0, name, "process_name", Time(0), Time(0), 0});
    return pid;
}

uint32_t
OpticalTimeline::AddTrack(uint32_t process, const std::string& name)
{
    NS_ABORT_MSG_IF(process >= m_tracks.size(), "OpticalTimeline: no process " << process);
    const uint32_t tid = m_tracks[process]++;
    m_events.push_back({'M', process, tid, name, "thread_name", Time(0), Time(0), 0});
    return tid;
}

void
OpticalTimeline::AddSlice(uint32_t process,
                          uint32_t track,
                          const std::string& name,
                          const std::string& category,
                          Time start,
                          Time end)
{
    NS_ABORT_MSG_IF(process >= m_tracks.size() || track >= m_tracks[process],
                    "OpticalTimeline: no track " << track << " of process " << process);
    NS_ABORT_MSG_IF(end < start, "OpticalTimeline: slice '" << name << "' ends before it starts");
    m_events.push_back({'X', process, track, name, category, start, end - start, 0});
    ++m_slices;
}

void
OpticalTimeline::AddCounter(uint32_t process, const std::string& name, Time at, double value)
{
    NS_ABORT_MSG_IF(process >= m_tracks.size(), "OpticalTimeline: no process " << process);
    NS_ABORT_MSG_IF(!std::isfinite(value), "OpticalTimeline: counter '" << name << "' not finite");
    m_events.push_back({'C', process, 0, name, "", at, Time(0), value});
}

std::size_t
OpticalTimeline::GetNSlices() const
{
    return m_slices;
}

std::string
OpticalTimeline::Quote(const std::string& text)
{
    std::ostringstream s;
    s << '"';
    for (const unsigned char c : text)
    {
        if (c == '"' || c == '\\')
        {
            s << '\\' << c;
        }
        else if (c < 0x20)
        {
            s << "\\u" << std::hex << std::setw(4) << std::setfill('0') << int(c) << std::dec;
        }
        else
        {
            s << c;
        }
    }
    s << '"';
    return s.str();
}

bool
OpticalTimeline::Write(const std::string& path, std::string& error) const
{
    const std::string tmp = path + ".tmp";
    {
        std::ofstream out(tmp, std::ios::trunc);
        if (!out)
        {
            error = "cannot write '" + tmp + "'";
            return false;
        }
        out << "{\"displayTimeUnit\":\"ns\",\"traceEvents\":[\n";
        for (std::size_t i = 0; i < m_events.size(); ++i)
        {
            const Event& e = m_events[i];
            out << "{\"ph\":\"" << e.phase << "\",\"pid\":" << e.process << ",\"tid\":" << e.track;
            switch (e.phase)
            {
            case 'M':
                out << ",\"name\":" << Quote(e.category) << ",\"args\":{\"name\":" << Quote(e.name)
                    << "}";
                break;
            case 'X':
                out << ",\"name\":" << Quote(e.name) << ",\"cat\":" << Quote(e.category)
                    << ",\"ts\":" << Micros(e.start) << ",\"dur\":" << Micros(e.duration);
                break;
            default:
                out << ",\"name\":" << Quote(e.name) << ",\"ts\":" << Micros(e.start)
                    << ",\"args\":{\"value\":" << std::setprecision(17) << e.value << "}";
                break;
            }
            out << "}" << (i + 1 < m_events.size() ? ",\n" : "\n");
        }
        out << "]}\n";
        if (!out)
        {
            error = "cannot write '" + tmp + "'";
            std::remove(tmp.c_str());
            return false;
        }
    }
    if (std::rename(tmp.c_str(), path.c_str()) != 0)
    {
        error = "cannot rename '" + tmp + "' to '" + path + "'";
        std::remove(tmp.c_str());
        return false;
    }
    return true;
}

} // namespace ns3
