/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef OPTICAL_TEST_COMPAT_H
#define OPTICAL_TEST_COMPAT_H

/**
 * \file
 * \ingroup optical-tests
 * Test-only companion of ns3/optical-compat.h: the API differences of ns-3's test framework
 * between releases (3.37 to 3.48), for the module's test suites. It lives under test/ because
 * it includes ns3/test.h, which no public header may pull into a user's build.
 *  - Test durations: 3.37-3.41 have `TestCase::TestDuration` with `TestCase::QUICK`; 3.42+ have
 *    `enum class TestCase::Duration`, and 3.46 removed the old names.
 *  - Test suite types: `TestSuite::Type::UNIT` compiles everywhere (3.37's plain enum is already
 *    named `Type`).
 */

#include "ns3/optical-compat.h"
#include "ns3/test.h"

#include <type_traits>

namespace ns3
{
namespace optical
{
namespace compat
{

/// Detects whether ns-3's TestCase has the nested `Duration` enumeration (ns-3.42 and later).
template <typename C, typename = void>
struct HasDurationEnum : std::false_type
{
};

/// \copydoc HasDurationEnum
template <typename C>
struct HasDurationEnum<C, std::void_t<typename C::Duration>> : std::true_type
{
};

/**
 * Test durations, mapped to whatever the ns-3 release in use calls them.
 * \tparam C ns3::TestCase (a template parameter so that only the taken branch is compiled).
 */
template <typename C = TestCase>
struct TestDurations
{
    /// \return the QUICK duration
    static constexpr auto Quick()
    {
        if constexpr (HasDurationEnum<C>::value)
        {
            return C::Duration::QUICK;
        }
        else
        {
            return C::QUICK;
        }
    }

    /// \return the EXTENSIVE duration
    static constexpr auto Extensive()
    {
        if constexpr (HasDurationEnum<C>::value)
        {
            return C::Duration::EXTENSIVE;
        }
        else
        {
            return C::EXTENSIVE;
        }
    }

    /// \return the TAKES_FOREVER duration
    static constexpr auto TakesForever()
    {
        if constexpr (HasDurationEnum<C>::value)
        {
            return C::Duration::TAKES_FOREVER;
        }
        else
        {
            return C::TAKES_FOREVER;
        }
    }
};

/// Test duration QUICK in the ns-3 release in use.
constexpr auto TEST_QUICK = TestDurations<>::Quick();
/// Test duration EXTENSIVE in the ns-3 release in use.
constexpr auto TEST_EXTENSIVE = TestDurations<>::Extensive();
/// Test duration TAKES_FOREVER in the ns-3 release in use.
constexpr auto TEST_TAKES_FOREVER = TestDurations<>::TakesForever();

/// Test suite types (spelled the same way in every supported release).
constexpr auto SUITE_UNIT = TestSuite::Type::UNIT;
/// \copydoc SUITE_UNIT
constexpr auto SUITE_SYSTEM = TestSuite::Type::SYSTEM;
/// \copydoc SUITE_UNIT
constexpr auto SUITE_PERFORMANCE = TestSuite::Type::PERFORMANCE;

} // namespace compat
} // namespace optical
} // namespace ns3

#endif /* OPTICAL_TEST_COMPAT_H */
