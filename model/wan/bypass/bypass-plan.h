/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef BYPASS_PLAN_H
#define BYPASS_PLAN_H

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

/**
 * \file
 * \ingroup optical
 * The types a bypass plan is made of (Lightpath, BypassPlan), shared by BypassPlanner and
 * BypassGrooming without either header including the other.
 */

namespace ns3
{

/**
 * \ingroup optical
 * \brief An IP link made of wavelengths over a fibre path: hop-by-hop (one fibre, a router at
 * each end) or an express lightpath (several fibres, staying optical through the ROADMs of
 * the sites between, whose routers it skips).
 */
struct Lightpath
{
    uint32_t a{0};                //!< One end site
    uint32_t b{0};                //!< The other end site
    std::vector<uint32_t> sites;  //!< Sites along the way, a first, b last
    std::vector<uint32_t> fibres; //!< Fibres along the way
    double lengthKm{0};           //!< Fibre length
    double osnrDb{0};             //!< End-to-end generalised OSNR in 0.1 nm (dB)
    double rateGbps{0};           //!< Per wavelength: the fastest mode the OSNR allows
    uint32_t regenerators{0};     //!< Per wavelength (a single fibre beyond every reach)
    double wavelengthCost{0};     //!< Per wavelength: 2 router ports, 2 transponders, regens
    uint32_t wavelengths{0};      //!< Planned wavelengths

    /// \return true for an express lightpath (more than one fibre)
    bool IsBypass() const
    {
        return fibres.size() > 1;
    }
};

/**
 * \ingroup optical
 * \brief A plan: lightpaths with wavelengths, the routing of the demands over them, and the
 * hardware it takes.
 */
struct BypassPlan
{
    std::vector<Lightpath> links; //!< Lightpaths with at least one wavelength
    /// Per demand (in the order given), its routes: (lightpath sequence, Gb/s)
    std::vector<std::vector<std::pair<std::vector<uint32_t>, double>>> routes;
    uint32_t routerPorts{0};            //!< 2 per wavelength
    uint32_t transponders{0};           //!< 2 per wavelength
    uint32_t regenerators{0};           //!< Per wavelength of regenerated links
    uint32_t amplifiers{0};             //!< Amplifier sites of the lit fibres
    double capacityCost{0};             //!< Cost of the capacity: ports, transponders, regenerators
                                        //!< (what the planners minimise; catalog units)
    double cost{0};                     //!< Total: capacityCost plus the lit fibres' amplifiers
    double bound{0};                    //!< Lower bound on the optimal capacityCost (ILP; greedy:
                                        //!< its own capacityCost)
    double gap{0};                      //!< (capacityCost - bound) / capacityCost (ILP)
    std::string status;                 //!< "optimal", "feasible" (time limit), "greedy"
    double seconds{0};                  //!< Planning wall time
    uint32_t restorationWavelengths{0}; //!< Wavelengths added for failure scenarios
    std::vector<uint32_t> portsPerSite; //!< Router ports per site
};

} // namespace ns3

#endif // BYPASS_PLAN_H
