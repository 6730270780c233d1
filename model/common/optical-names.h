/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef OPTICAL_NAMES_H
#define OPTICAL_NAMES_H

#include "ns3/abort.h"
#include "ns3/attribute.h"
#include "ns3/enum.h"
#include "ns3/ptr.h"

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace ns3
{

/**
 * \ingroup optical
 * \brief The names of a typed choice (a collective kind, a backend, ...), as users type them at
 * the command-line edge: found in any case, refused with the list of allowed names.
 *
 * Value i of the choice is named GetName(i). The typed choices of the module (CollectiveKind,
 * CollectiveAlgorithm, Backend) keep their values as enums and read and print names through
 * one table each:
 * \code
 *   static const OpticalNames names("collective kind", {"allreduce", "alltoall"});
 *   uint32_t i;
 *   std::string error;
 *   names.Find("AllReduce", i, error);   // i = 0
 *   names.Find("reduce", i, error);      // false; error = "'reduce' is not a collective kind
 *                                        //   (allowed: allreduce, alltoall)"
 * \endcode
 */
class OpticalNames
{
  public:
    /**
     * \param [in] what What the names name, for messages ("collective kind")
     * \param [in] names Name of each value, in value order (distinct in any case)
     */
    OpticalNames(std::string what, std::vector<std::string> names);

    /**
     * \param [in] index A value
     * \return its name ("?" if out of range)
     */
    const std::string& GetName(uint32_t index) const;

    /// \return the number of names
    uint32_t GetN() const;

    /**
     * \brief Finds a name, in any case, surrounding blanks ignored.
     * \param [in] text The name given
     * \param [out] index Its value
     * \param [out] error If not found: "'text' is not a <what> (allowed: a, b, c)"
     * \return true if found
     */
    bool Find(const std::string& text, uint32_t& index, std::string& error) const;

    /// \return "a, b, c"
    std::string GetList() const;

    /// \return what the names name
    const std::string& GetWhat() const;

  private:
    std::string m_what;               //!< What they name
    std::vector<std::string> m_names; //!< By value
};

namespace optical
{

namespace detail
{
/**
 * \param [in] checker An enum checker
 * \return the (documented name, alias) pairs MakeAnyCaseEnumChecker adds: the lower-case,
 * upper-case and capitalized spelling of every name that the checker lacks
 */
std::vector<std::pair<std::string, std::string>> CaseAliases(Ptr<const AttributeChecker> checker);
} // namespace detail

/**
 * \brief MakeEnumChecker(v, "Name", ...) whose names are taken in the usual cases: adds the
 * lower-case, upper-case and capitalized spelling of every name to the checker
 * (SetAttribute("Policy", StringValue("drop")) then works where only "Drop" did; the command
 * line of OpticalExperiment takes any case). GetName() still gives the documented spelling;
 * ns-3's --PrintAttributes lists the aliases too. Works on ns-3.37 to 3.40 (one EnumChecker)
 * and 3.41 on (EnumChecker<T>; the build defines OPTICAL_TYPED_ENUM_CHECKER there).
 * \param [in] v The default value
 * \param [in] n Its name
 * \param [in] args More value, name pairs
 * \return the checker
 */
template <typename T, typename... Ts>
Ptr<const AttributeChecker>
MakeAnyCaseEnumChecker(T v, std::string n, Ts... args)
{
    Ptr<const AttributeChecker> checker = MakeEnumChecker(v, n, args...);
#ifdef OPTICAL_TYPED_ENUM_CHECKER
    using Checker = EnumChecker<T>;
#else
    using Checker = EnumChecker;
#endif
    auto* typed = dynamic_cast<Checker*>(const_cast<AttributeChecker*>(PeekPointer(checker)));
    NS_ABORT_MSG_IF(!typed, "optical::MakeAnyCaseEnumChecker: not an enum checker");
    for (const auto& [name, alias] : detail::CaseAliases(checker))
    {
        typed->Add(typed->GetValue(name), alias);
    }
    return checker;
}

/**
 * \param [in] checker An attribute's checker
 * \return true if it is an enum attribute's (EnumChecker, or EnumChecker<T> from ns-3.41 on)
 */
bool IsEnumChecker(Ptr<const AttributeChecker> checker);

/**
 * \brief Finds the documented spelling of an enum attribute's value given in any case.
 * \param [in] checker An enum attribute's checker (EnumChecker)
 * \param [in] text The value given
 * \param [out] canonical The documented name, if found
 * \return true if \p text names a value of the checker
 */
bool FindEnumName(Ptr<const AttributeChecker> checker,
                  const std::string& text,
                  std::string& canonical);

/**
 * \param [in] checker An enum attribute's checker (EnumChecker)
 * \return its documented names, "Drop, Drain" (the aliases of MakeAnyCaseEnumChecker left out)
 */
std::string EnumNameList(Ptr<const AttributeChecker> checker);

} // namespace optical

} // namespace ns3

#endif /* OPTICAL_NAMES_H */
