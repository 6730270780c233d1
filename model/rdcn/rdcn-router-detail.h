/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef RDCN_ROUTER_DETAIL_H
#define RDCN_ROUTER_DETAIL_H

// Private to RdcnRouter's source files (not installed): its log component and the markers of
// "none" that the shared tables and the schemes' files (rdcn-router-<scheme>.cc) all use.

#include "ns3/log.h"

#include <cstdint>
#include <limits>

namespace ns3
{
namespace rdcnrouterdetail
{

/**
 * \brief The log component "RdcnRouter" (defined in rdcn-router.cc), which the schemes' source
 * files log to as well (one component may be registered only once).
 * \return the component
 */
LogComponent& RouterLog();

/// No slot (unreached, no next cycle).
constexpr uint64_t NO_SLOT = std::numeric_limits<uint64_t>::max();
/// No hop count (unreached).
constexpr uint32_t NO_HOPS = std::numeric_limits<uint32_t>::max();

} // namespace rdcnrouterdetail
} // namespace ns3

#endif /* RDCN_ROUTER_DETAIL_H */
