/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef OPTICAL_NAMES_H
#define OPTICAL_NAMES_H

#include "ns3/attribute.h"
#include "ns3/ptr.h"

#include <cstdint>
#include <string>
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

/**
 * \brief Lets an ns-3 enum attribute take its documented names in the usual cases: adds the
 * lower-case, upper-case and capitalized spelling of every name to the checker
 * (SetAttribute("Policy", StringValue("drop")) then works where only "Drop" did; the command
 * line of OpticalExperiment takes any case). GetName() still gives the documented spelling;
 * ns-3's --PrintAttributes lists the aliases too. Use on the module's MakeEnumChecker(...)
 * results.
 * \param [in] checker A checker made by MakeEnumChecker
 * \return the same checker
 */
Ptr<const AttributeChecker> AnyCase(Ptr<const AttributeChecker> checker);

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
 * \return its documented names, "Drop, Drain" (the aliases of AnyCase left out)
 */
std::string EnumNameList(Ptr<const AttributeChecker> checker);

} // namespace optical

} // namespace ns3

#endif /* OPTICAL_NAMES_H */
