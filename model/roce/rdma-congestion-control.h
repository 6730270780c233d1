/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef RDMA_CONGESTION_CONTROL_H
#define RDMA_CONGESTION_CONTROL_H

#include "roce-header.h"

#include "ns3/data-rate.h"
#include "ns3/nstime.h"
#include "ns3/object.h"

#include <cstdint>
#include <string>

namespace ns3
{

/**
 * \ingroup optical
 * \brief What a congestion control law reads and sets on its queue pair: the sending rate (the
 * NIC's rate limiter) and the window (bytes in flight; 0: none).
 */
struct RdmaQpControl
{
    uint32_t qp{0};       //!< Queue pair id
    DataRate lineRate;    //!< The NIC port's line rate
    Time baseRtt;         //!< Round trip of the path, unloaded (from the NIC's BaseRtt)
    DataRate rate;        //!< Current sending rate (set by the law)
    uint64_t window{0};   //!< Bytes in flight allowed (set by the law; 0: no window)
    uint32_t mtuBytes{0}; //!< Wire bytes of a full data packet
    Time rtt;             //!< Round trip of the packet the ACK being handled answers (laws that
                          //!< NeedsRtt; zero when unknown: a packet sent more than once)
};

/**
 * \ingroup optical
 * \brief The seam of RDMA congestion control: one object per queue pair (the NIC creates it
 * from its CongestionControl type), told of what the sender sees and setting the queue pair's
 * rate and window. One file per law: DcqcnCongestionControl, HpccCongestionControl; this base
 * class keeps line rate and no window (a NIC without congestion control, PFC alone).
 */
class RdmaCongestionControl : public Object
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();
    RdmaCongestionControl();
    ~RdmaCongestionControl() override;

    /**
     * \brief Starts on a queue pair (sets its initial rate and window).
     * \param [in,out] qp The queue pair
     */
    virtual void Init(RdmaQpControl& qp);

    /**
     * \brief An ACK (or NACK) arrived.
     * \param [in,out] qp The queue pair
     * \param [in] ack The ACK's header (its PSN, its echoed INT records)
     * \param [in] newlyAcked Bytes it acknowledged for the first time
     */
    virtual void OnAck(RdmaQpControl& qp, const RoceHeader& ack, uint64_t newlyAcked);

    /**
     * \brief A congestion notification packet arrived.
     * \param [in,out] qp The queue pair
     */
    virtual void OnCnp(RdmaQpControl& qp);

    /**
     * \brief The NIC sent a data packet.
     * \param [in,out] qp The queue pair
     * \param [in] bytes Its wire bytes
     */
    virtual void OnSent(RdmaQpControl& qp, uint32_t bytes);

    /// \return whether the law reads INT (data packets then carry it, switches stamp it)
    virtual bool NeedsInt() const;

    /// \return whether the receiver should send CNPs for CE-marked packets
    virtual bool NeedsCnp() const;
    /// \return whether the NIC should measure each ACK's round trip (RdmaQpControl::rtt)
    virtual bool NeedsRtt() const;

    /**
     * \brief Checks the law's attributes.
     * \param [out] error The attribute, its value and what is allowed
     * \return true if they can work
     */
    virtual bool Check(std::string& error) const;

  protected:
    /**
     * \brief Sets a rate within [minimum, line rate].
     * \param [in,out] qp The queue pair
     * \param [in] bps The rate (b/s)
     * \param [in] minimum The lowest rate (b/s)
     */
    static void SetRate(RdmaQpControl& qp, double bps, double minimum);
};

} // namespace ns3

#endif /* RDMA_CONGESTION_CONTROL_H */
