/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef SLICE_SCHEDULER_HELPER_H
#define SLICE_SCHEDULER_HELPER_H

#include "ns3/attribute.h"
#include "ns3/object-factory.h"
#include "ns3/slice-scheduler.h"
#include "ns3/torus-fabric.h"

#include <string>
#include <utility>
#include <vector>

namespace ns3
{

/**
 * \ingroup optical
 * \brief Puts a tenant scheduler (ns3::SliceScheduler) on a torus datacenter, with the
 * attributes of the scheduler and of its Morphlux allocator (ns3::MorphluxAllocator).
 *
 * \code
 *   Ptr<TorusFabric> fabric = TorusDatacenterHelper().Create(geometry);
 *   SliceSchedulerHelper tenants;
 *   tenants.SetSchedulerAttribute("Policy", EnumValue(SliceScheduler::MORPHLUX));
 *   tenants.SetSchedulerAttribute("SparesPerRack", UintegerValue(4));
 *   tenants.SetMorphluxAttribute("UseIlp", BooleanValue(false));
 *   Ptr<SliceScheduler> scheduler = tenants.Install(fabric, error);
 * \endcode
 */
class SliceSchedulerHelper
{
  public:
    SliceSchedulerHelper();

    /**
     * \brief Sets an attribute of the scheduler (ns3::SliceScheduler).
     * \param [in] name Attribute
     * \param [in] value Value
     */
    void SetSchedulerAttribute(std::string name, const AttributeValue& value);

    /**
     * \brief Sets an attribute of the scheduler's Morphlux allocator (ns3::MorphluxAllocator).
     * \param [in] name Attribute
     * \param [in] value Value
     */
    void SetMorphluxAttribute(std::string name, const AttributeValue& value);

    /**
     * \brief Creates a scheduler and sets it up on the datacenter (SliceScheduler::Setup).
     * \param [in] fabric The datacenter, its fabrics in their default configuration
     * \param [out] error Why not (SliceScheduler::Setup)
     * \return the scheduler, or nullptr on error
     */
    Ptr<SliceScheduler> Install(Ptr<TorusFabric> fabric, std::string& error) const;

  private:
    ObjectFactory m_scheduler;                                           //!< Schedulers
    std::vector<std::pair<std::string, Ptr<AttributeValue>>> m_morphlux; //!< Allocator attributes
};

} // namespace ns3

#endif /* SLICE_SCHEDULER_HELPER_H */
