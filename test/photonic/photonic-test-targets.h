/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef PHOTONIC_TEST_TARGETS_H
#define PHOTONIC_TEST_TARGETS_H

// The photonic suites' one way of generating a target (the generator's defaults otherwise:
// 0.05 dB crossings, 10 us switching).

#include "ns3/abort.h"
#include "ns3/photonic-target.h"

#include <cstdint>
#include <string>

namespace ns3
{
namespace optical
{
namespace test
{

/**
 * Generates a target; aborts on failure (every spec of the suites is valid).
 * \param [in] style Style
 * \param [in] ports Least switch inputs and outputs
 * \param [in] elements Least elements (0: the least for the ports)
 * \param [in] elementLossDb Loss of an element pass (dB)
 * \return the target
 */
inline PhotonicTarget
GenerateTarget(const std::string& style,
               uint32_t ports,
               uint32_t elements = 0,
               double elementLossDb = 0.3)
{
    PhotonicTarget::Spec spec;
    spec.style = style;
    spec.ports = ports;
    spec.elements = elements;
    spec.elementLossDb = elementLossDb;
    PhotonicTarget target;
    std::string error;
    NS_ABORT_MSG_IF(!PhotonicTarget::Generate(spec, target, error), error);
    return target;
}

} // namespace test
} // namespace optical
} // namespace ns3

#endif /* PHOTONIC_TEST_TARGETS_H */
