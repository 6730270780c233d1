/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef OPTICAL_COMPAT_H
#define OPTICAL_COMPAT_H

/**
 * \file
 * \ingroup optical
 * The one place where ns3-optical hides API differences between ns-3 releases (3.37 to 3.48).
 *
 * Differences are detected from the API itself, never from a version macro, because
 * version-defines.h is generated only in some ns-3 trees. The differences of ns-3's test
 * framework are the tests' business: test/common/optical-test-compat.h (a public header must
 * not pull ns3/test.h into a user's build).
 *  - Enum attributes: 3.37-3.40 have `MakeEnumAccessor(member)` and a plain `EnumValue`; 3.41+
 *    have `EnumValue<T>` and need `MakeEnumAccessor<T>(member)`.
 *  - Scheduling a lambda or std::function: Simulator::Schedule accepts any callable from 3.36
 *    on; 3.35 and older only functions and member functions. Schedule() and ScheduleNow()
 *    below go through an EventImpl, which every release accepts.
 *  - Ipv4RoutingProtocol::RouteInput: 3.37-3.40 take its four callbacks by value, 3.41+ by const
 *    reference; RouteInputArgs reads the parameter types off the member itself.
 */

#include "ns3/enum.h"
#include "ns3/event-impl.h"
#include "ns3/ipv4-routing-protocol.h"
#include "ns3/simulator.h"

#include <functional>
#include <tuple>
#include <type_traits>
#include <utility>

namespace ns3
{
namespace optical
{
namespace compat
{

/// An event that calls a function object.
class FunctionEvent : public EventImpl
{
  public:
    /// \param [in] f What to call
    explicit FunctionEvent(std::function<void()> f)
        : m_f(std::move(f))
    {
    }

  private:
    void Notify() override
    {
        m_f();
    }

    std::function<void()> m_f; //!< What to call
};

/**
 * Schedules a lambda or std::function, in any ns-3 release.
 * \param [in] delay Delay from now
 * \param [in] f What to call
 * \return the event
 */
inline EventId
Schedule(const Time& delay, std::function<void()> f)
{
    return Simulator::Schedule(delay, Ptr<EventImpl>(new FunctionEvent(std::move(f)), false));
}

/**
 * Schedules a lambda or std::function now, in any ns-3 release.
 * \param [in] f What to call
 * \return the event
 */
inline EventId
ScheduleNow(std::function<void()> f)
{
    return Simulator::ScheduleNow(Ptr<EventImpl>(new FunctionEvent(std::move(f)), false));
}

/// Detects whether ns-3 has the typed `MakeEnumAccessor<T>(member)` (ns-3.41 and later).
template <typename T, typename M, typename = void>
struct HasTypedEnumAccessor : std::false_type
{
};

/// \copydoc HasTypedEnumAccessor
template <typename T, typename M>
struct HasTypedEnumAccessor<T, M, std::void_t<decltype(MakeEnumAccessor<T>(std::declval<M>()))>>
    : std::true_type
{
};

/**
 * An accessor for an enum attribute in any supported ns-3 release.
 * \tparam T The enum type
 * \tparam M \deduced The member (or setter/getter) type
 * \param [in] member The member
 * \return the accessor
 */
template <typename T, typename M>
Ptr<const AttributeAccessor>
MakeEnumAccessorCompat(M member)
{
    if constexpr (HasTypedEnumAccessor<T, M>::value)
    {
        return MakeEnumAccessor<T>(member);
    }
    else
    {
        return MakeEnumAccessor(member);
    }
}

/**
 * The parameter types of a member function, read off the member itself.
 * \tparam F The type of a pointer to the member
 */
template <typename F>
struct MemberParameters;

/// \copydoc MemberParameters
template <typename C, typename R, typename... A>
struct MemberParameters<R (C::*)(A...)>
{
    /// The type of parameter \p I
    template <std::size_t I>
    using Arg = std::tuple_element_t<I, std::tuple<A...>>;
};

/// \copydoc MemberParameters
template <typename C, typename R, typename... A>
struct MemberParameters<R (C::*)(A...) const> : MemberParameters<R (C::*)(A...)>
{
};

/**
 * Ipv4RoutingProtocol::RouteInput's parameters in the ns-3 release in use: an override written
 * with RouteInputArgs::Arg<3> to Arg<6> for the callbacks compiles in every release.
 */
using RouteInputArgs = MemberParameters<decltype(&Ipv4RoutingProtocol::RouteInput)>;

} // namespace compat
} // namespace optical
} // namespace ns3

#endif /* OPTICAL_COMPAT_H */
