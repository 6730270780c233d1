/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef COLLECTIVE_CONTROLLER_H
#define COLLECTIVE_CONTROLLER_H

#include "collective.h"

#include "ns3/object.h"

#include <functional>

namespace ns3
{

/**
 * \ingroup optical
 * \brief A network controller's hold on collectives: the seam between the workload layer and a
 * control plane that must prepare the network for each phase (for example OCS circuits).
 *
 * A Collective with a controller asks it before it starts (RequestStart: the CONFIG_REQ of all
 * its ranks at once, since a collective starts when every rank of its communicator reached it)
 * and begins its transfers when the controller calls \c release (the CONFIG_ACK). Each transfer
 * that leaves the scale-up domain is then announced (RequestTransfer) and starts when the
 * controller calls \c go, which lets a controller time-multiplex one collective over several
 * configurations; deliveries and the completion are reported back, so the controller knows
 * when the resources of a phase are free again. The defaults hold nothing.
 */
class CollectiveController : public Object
{
  public:
    /**
     * \brief Get the TypeId
     * \return The TypeId for this class
     */
    static TypeId GetTypeId();

    /**
     * \brief A controller that only holds starts, through a function.
     * \param [in] gate Called at each start with the collective and its release
     * \return the controller
     */
    static Ptr<CollectiveController> FromStartGate(Collective::StartGate gate);

    /**
     * \brief A collective asks to start.
     * \param [in] about What it is about to do (id, kind, ranks, schedule, bytes, job)
     * \param [in] release Call (once, now or later) to let its transfers begin
     */
    virtual void RequestStart(const CollectiveRecord& about, std::function<void()> release) = 0;

    /**
     * \brief A transfer of a released collective is ready (its dependencies were delivered).
     * Not called for collectives timed as a whole inside one scale-up domain.
     * \param [in] about The collective
     * \param [in] op Index of the transfer in about.schedule
     * \param [in] go Call (once, now or later) to start it. The default calls it at once.
     */
    virtual void RequestTransfer(const CollectiveRecord& about,
                                 uint32_t op,
                                 std::function<void()> go);

    /**
     * \brief A transfer was delivered. The default does nothing.
     * \param [in] about The collective
     * \param [in] op Index of the transfer
     */
    virtual void TransferDelivered(const CollectiveRecord& about, uint32_t op);

    /**
     * \brief The collective completed: its last transfer was delivered. The default does
     * nothing.
     * \param [in] record What it did
     */
    virtual void Completed(const CollectiveRecord& record);
};

} // namespace ns3

#endif /* COLLECTIVE_CONTROLLER_H */
