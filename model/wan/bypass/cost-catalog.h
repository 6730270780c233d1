/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef COST_CATALOG_H
#define COST_CATALOG_H

#include <array>
#include <cstdint>
#include <string>

namespace ns3
{

/**
 * \ingroup optical
 * \brief Unit costs of the hardware a WAN's long-haul capacity is made of, read from a data
 * file (default bypass-costs.csv in the data directory's wan/ folder, columns component, cost;
 * a name with a '/' is a path).
 *
 * Every component must be listed once, with a cost from 0 to MAX_COST; unknown components are
 * an error (a typo would otherwise cost nothing), and so is a cost beyond MAX_COST (reported
 * with the file and line).
 */
class CostCatalog
{
  public:
    /// A hardware component.
    enum Component
    {
        ROUTER_PORT, //!< One long-haul router port (one end of a wavelength)
        TRANSPONDER, //!< One line-side transponder (one end of a wavelength)
        REGENERATOR, //!< One OEO regenerator of one wavelength
        AMPLIFIER,   //!< One amplifier site of a lit fibre (both directions)
        N_COMPONENTS //!< Count
    };

    /// The default file.
    static const std::string DEFAULT_FILE;

    /**
     * Largest unit cost accepted (1e9 catalog units). Catalogs are relative (a router port
     * is 1 in the default file) or in currency (a transponder is some 1e4 to 1e5 dollars): 1e9
     * leaves room for either, while a wavelength's cost (2 ports, 2 transponders and its
     * regenerators), the planners' ILP coefficient, stays below LinearProgram::MAX_MAGNITUDE
     * (1e12) for up to 996 regenerators, and every sum of costs the planners form stays
     * finite (a cost of 1e308 overflowed them).
     */
    static constexpr double MAX_COST = 1e9;

    /// Unit costs of 1 (ports, transponders), 2 (regenerators, amplifiers): the default file's.
    CostCatalog();

    /**
     * \brief Reads a catalog.
     * \param [in] file A file of data/wan (no '/') or a path
     * \param [out] error The file and line, the component and what is wrong (a missing,
     * repeated or unknown component, a cost that is not a number from 0 to MAX_COST)
     * \return true on success (the catalog is unchanged on failure)
     */
    bool Load(const std::string& file, std::string& error);

    /// \param [in] c A component \return its unit cost
    double Get(Component c) const;

    /// \param [in] c A component \param [in] cost Its unit cost (0 to MAX_COST; fatal
    /// otherwise)
    void Set(Component c, double cost);

    /// \param [in] c A component \return its name in the file ("router-port", ...)
    static std::string Name(Component c);

  private:
    std::array<double, N_COMPONENTS> m_cost; //!< Unit costs
};

} // namespace ns3

#endif /* COST_CATALOG_H */
