/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef OCS_SWITCH_MODEL_H
#define OCS_SWITCH_MODEL_H

#include "ocs-configuration.h"

#include "ns3/nstime.h"
#include "ns3/object.h"

#include <cstdint>
#include <string>
#include <vector>

namespace ns3
{

/**
 * \ingroup optical
 * \brief What is inside an optical circuit switch: how a configuration is realized, what each
 * circuit loses, which circuits a reconfiguration interrupts and for how long.
 *
 * Without a switch model an OpticalCircuitSwitch is ideal inside: every circuit has the loss
 * its configuration gives (or the switch's default), exactly the ports whose circuit changes
 * go dark, for the switch's ReconfigurationDelay. A switch model replaces those three answers:
 * a compiled photonic target (CompiledSwitchModel) embeds each configuration on its elements,
 * reports each circuit's path loss, and darkens the circuits whose elements change, for the
 * changed elements' switching time.
 */
class OcsSwitchModel : public Object
{
  public:
    /// The model's answer for one reconfiguration.
    struct Plan
    {
        std::vector<double> lossDb;    //!< Per input port: loss of its new circuit (dB; 0: none)
        std::vector<bool> interrupted; //!< Per input port: its light is interrupted even if
                                       //!< its output port stays the same (rerouted inside)
        Time switchingTime{0};         //!< How long the interrupted ports stay dark
        uint32_t elementsChanged{0};   //!< Programmable elements that change state
    };

    /**
     * \brief Get the TypeId
     * \return The TypeId for this class
     */
    static TypeId GetTypeId();

    ~OcsSwitchModel() override;

    /**
     * \brief Whether a configuration can be realized at all (called when it is requested).
     * \param [in] config A configuration, already valid as a partial permutation
     * \param [in] nPorts The switch's port count
     * \param [out] error Why not (naming the circuits that fail)
     * \return true if it can
     */
    virtual bool CanRealize(const OcsConfiguration& config,
                            uint32_t nPorts,
                            std::string& error) = 0;

    /**
     * \brief Realizes a configuration: the model moves from its current state to \p config
     * (called when the switch starts switching, or at once for the initial configuration).
     * \param [in] config The configuration to set up
     * \param [in] nPorts The switch's port count
     * \param [out] plan Losses, interrupted ports and switching time
     * \param [out] error Why it failed (then the model keeps its state)
     * \return true on success
     */
    virtual bool Realize(const OcsConfiguration& config,
                         uint32_t nPorts,
                         Plan& plan,
                         std::string& error) = 0;
};

} // namespace ns3

#endif /* OCS_SWITCH_MODEL_H */
