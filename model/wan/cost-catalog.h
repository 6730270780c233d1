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
 * Every component must be listed once, with a finite cost >= 0; unknown components are an
 * error (a typo would otherwise cost nothing).
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

    /// Unit costs of 1 (ports, transponders), 2 (regenerators, amplifiers): the default file's.
    CostCatalog();

    /**
     * \brief Reads a catalog.
     * \param [in] file A file of data/wan (no '/') or a path
     * \param [out] error The file, the component and what is wrong (a missing, repeated or
     * unknown component, a bad cost)
     * \return true on success (the catalog is unchanged on failure)
     */
    bool Load(const std::string& file, std::string& error);

    /// \param [in] c A component \return its unit cost
    double Get(Component c) const;

    /// \param [in] c A component \param [in] cost Its unit cost (>= 0; fatal otherwise)
    void Set(Component c, double cost);

    /// \param [in] c A component \return its name in the file ("router-port", ...)
    static std::string Name(Component c);

  private:
    std::array<double, N_COMPONENTS> m_cost; //!< Unit costs
};

} // namespace ns3

#endif /* COST_CATALOG_H */
