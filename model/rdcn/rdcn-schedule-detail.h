/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef RDCN_SCHEDULE_DETAIL_H
#define RDCN_SCHEDULE_DETAIL_H

// Private to RdcnSchedule's source files (not installed): what the schedule (rdcn-schedule.cc)
// and its file format (rdcn-schedule-file.cc) share.

#include "ns3/log.h"
#include "ns3/nstime.h"

#include <string>
#include <utility>

namespace ns3
{
namespace rdcnscheduledetail
{

/**
 * \brief The log component "RdcnSchedule" (defined in rdcn-schedule.cc), which the file
 * format's source logs to as well (one component may be registered only once).
 * \return the component
 */
LogComponent& ScheduleLog();

/// Time units of the schedule file, largest first, with ns-3's names.
inline const std::pair<const char*, Time::Unit> FILE_TIME_UNITS[] = {{"s", Time::S},
                                                                     {"ms", Time::MS},
                                                                     {"us", Time::US},
                                                                     {"ns", Time::NS},
                                                                     {"ps", Time::PS},
                                                                     {"fs", Time::FS}};

/**
 * \brief A time as the schedule file writes it.
 * \param [in] t The time
 * \return \p t as text in the largest unit that holds it exactly ("50us", "1500ns")
 */
std::string TimeText(Time t);

} // namespace rdcnscheduledetail
} // namespace ns3

#endif /* RDCN_SCHEDULE_DETAIL_H */
