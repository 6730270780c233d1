/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef PHOTONIC_SWITCH_HELPER_H
#define PHOTONIC_SWITCH_HELPER_H

#include "ns3/compiled-switch-model.h"
#include "ns3/object-factory.h"
#include "ns3/ocs-cyclic-schedule.h"
#include "ns3/optical-circuit-switch.h"
#include "ns3/photonic-compiler.h"
#include "ns3/photonic-target.h"

#include <string>
#include <vector>

namespace ns3
{

/**
 * \ingroup optical
 * \brief Puts compiled silicon photonic targets inside optical circuit switches, and runs
 * rotor programs as their schedules.
 *
 * \code
 *   PhotonicSwitchHelper photonic;
 *   photonic.SetTarget(target);                       // or SetModelAttribute("TargetStyle", ...)
 *   photonic.SetModelAttribute("Algorithm", EnumValue(CompiledSwitchModel::PATHFINDER));
 *   Ptr<CompiledSwitchModel> model = photonic.Install(ocs);  // before the first configuration
 *   photonic.InstallRotor(ocs, compilation, Seconds(0));     // a compiled rotor program
 * \endcode
 */
class PhotonicSwitchHelper
{
  public:
    PhotonicSwitchHelper();

    /**
     * \brief Every model installed gets a copy of this target.
     * \param [in] target The target
     */
    void SetTarget(const PhotonicTarget& target);

    /**
     * \brief Sets an attribute of the models (ns3::CompiledSwitchModel).
     * \param [in] name Attribute
     * \param [in] value Value
     */
    void SetModelAttribute(const std::string& name, const AttributeValue& value);

    /**
     * \brief Makes a model and puts it inside a switch (which must not have a configuration
     * yet, or have the empty one).
     * \param [in] ocs The switch
     * \return the model
     */
    Ptr<CompiledSwitchModel> Install(Ptr<OpticalCircuitSwitch> ocs) const;

    /**
     * \brief The OCS configuration of each slot of a compiled circuit program: one one-way
     * circuit per input-output pair, with the pair's loss.
     * \param [in] compilation A compiled program whose slots are all circuits (no fan-out)
     * \param [out] configs One configuration per slot
     * \param [out] error Why not (an analog slot, a fan-out or fan-in)
     * \return true on success
     */
    static bool SlotConfigurations(const PhotonicCompilation& compilation,
                                   std::vector<OcsConfiguration>& configs,
                                   std::string& error);

    /**
     * \brief Runs a compiled rotor program as a switch's cyclic schedule: slot k's circuits
     * for slot k's duration, cycling.
     * \param [in] ocs The switch
     * \param [in] compilation A compiled time-varying circuit program
     * \param [in] start When the first slot begins
     * \return the schedule (started); a program that is not a rotor of circuits is a fatal
     * error naming why
     */
    Ptr<OcsCyclicSchedule> InstallRotor(Ptr<OpticalCircuitSwitch> ocs,
                                        const PhotonicCompilation& compilation,
                                        Time start) const;

  private:
    ObjectFactory m_factory; //!< Models
    PhotonicTarget m_target; //!< Target given
    bool m_hasTarget{false}; //!< SetTarget called
};

} // namespace ns3

#endif /* PHOTONIC_SWITCH_HELPER_H */
