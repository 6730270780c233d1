/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef ROCE_SHARED_BUFFER_H
#define ROCE_SHARED_BUFFER_H

#include "roce-header.h"

#include "ns3/event-id.h"
#include "ns3/ipv4.h"
#include "ns3/nstime.h"
#include "ns3/object.h"
#include "ns3/traced-callback.h"

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace ns3
{

class Node;
class QueueDiscItem;

/**
 * \ingroup optical
 * \brief A switch's packet buffer (its MMU) and the priority flow control it drives.
 *
 * Every packet a switch forwards is charged, from the moment it arrives until it leaves its
 * egress port, to its ingress: the IPv4 interface it came in on and its priority. Each
 * (ingress, priority) first fills Reserved bytes of its own, then the shared pool, then
 * Headroom bytes of its own. The share of the pool one (ingress, priority) may take is the
 * dynamic threshold Alpha x (the pool's free bytes), or a fixed XoffThreshold if one is set.
 * When an (ingress, priority) of a PFC priority reaches its threshold (or uses headroom), the
 * switch sends the upstream neighbour on that interface a PFC frame pausing the priority for
 * PauseQuanta, and sends it again before it runs out while the condition holds; when the
 * (ingress, priority) has left the headroom and fallen XonOffset bytes below its threshold, a
 * frame with quanta 0 resumes it. A packet that finds its headroom full is dropped: with
 * headroom of at least RoceFabric::RequiredHeadroom (a round trip of the link at line rate and
 * five frames) a PFC priority never drops (RoceFabric checks it).
 *
 * The pool is BufferSize less the reserved and headroom bytes of every (interface, priority).
 */
class RoceSharedBuffer : public Object
{
  public:
    /// Number of priorities.
    static constexpr uint32_t N_PRIORITIES = 8;

    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();
    RoceSharedBuffer();
    ~RoceSharedBuffer() override;

    /**
     * \brief Serves a switch: learns packets' ingress from its IPv4 Rx trace.
     * \param [in] node The switch
     */
    void Install(Ptr<Node> node);

    /**
     * \brief Checks the configuration against the switch's ports.
     * \param [out] error What is wrong: the attribute, its value and what is allowed
     * \return true if it can work
     */
    bool Check(std::string& error) const;

    /**
     * \brief Charges a packet to its ingress (called by the egress port when it enqueues).
     * \param [in] tag Its ingress
     * \param [in] priority Its priority
     * \param [in] bytes Its size
     * \return false if it must be dropped (headroom full)
     */
    bool Admit(const RoceIngressTag& tag, uint32_t priority, uint32_t bytes);

    /**
     * \brief Releases a packet's charge (it left or was dropped).
     * \param [in] tag Its ingress
     * \param [in] priority Its priority
     * \param [in] bytes Its size
     */
    void Release(const RoceIngressTag& tag, uint32_t priority, uint32_t bytes);

    /**
     * \param [in] item A packet a port queues
     * \return its priority (the class selector of its DSCP), or N_PRIORITIES for a PFC frame
     */
    static uint32_t PriorityOf(Ptr<const QueueDiscItem> item);

    /**
     * \brief Charges a packet held by a queue disc that is not a LosslessQueueDisc (an RDCN
     * calendar queue a ToR keeps) to its ingress, as Admit does; a PFC frame or a packet without
     * an ingress tag of this switch is not charged.
     * \param [in] item The packet
     * \return false if it must be dropped (its headroom is full)
     */
    bool AdmitItem(Ptr<const QueueDiscItem> item);

    /**
     * \brief Releases what AdmitItem charged (the packet left, or was taken out to be queued
     * again); the ingress tag stays.
     * \param [in] item The packet
     */
    void ReleaseItem(Ptr<const QueueDiscItem> item);

    /**
     * \brief Marks a packet's ingress (what the switch's IPv4 Rx trace does for frames that
     * take IPv4's path; RoceFastPath calls it for the frames it forwards).
     * \param [in] packet The packet, as received
     * \param [in] interface The IPv4 interface it arrived on
     */
    void SetIngress(Ptr<const Packet> packet, uint32_t interface);

    /// \return the shared pool's size (bytes)
    uint64_t GetPoolSize() const;
    /// \return the shared pool's bytes in use
    uint64_t GetPoolUsed() const;
    /// \return the threshold an (ingress, priority) is paused at now (bytes of the pool)
    uint64_t GetThreshold() const;
    /// \return the most bytes held at once
    uint64_t GetPeakBytes() const;
    /// \return packets dropped for a full headroom
    uint64_t GetDrops() const;
    /// \param [in] interface An interface \param [in] priority A priority
    /// \return whether that ingress is pausing its upstream now
    bool IsPausing(uint32_t interface, uint32_t priority) const;
    /// \param [in] interface An interface \param [in] priority A priority
    /// \return PFC frames sent to pause it
    uint64_t GetPausesSent(uint32_t interface, uint32_t priority) const;
    /// \return the interfaces (IPv4 interface count of the switch)
    uint32_t GetNInterfaces() const;
    /// \return the switch
    Ptr<Node> GetNode() const;

    /**
     * \brief TracedCallback signature of a pause sent or lifted.
     * \param [in] interface The ingress interface
     * \param [in] priority The priority
     * \param [in] pausing True when the switch starts pausing the upstream
     */
    typedef void (*PfcTracedCallback)(uint32_t interface, uint32_t priority, bool pausing);

  private:
    void DoDispose() override;

    /// Bytes charged to one (interface, priority).
    struct Ingress
    {
        uint64_t reserved{0}; //!< In its reserved bytes
        uint64_t shared{0};   //!< In the pool
        uint64_t headroom{0}; //!< In its headroom
        bool pausing{false};  //!< Pausing the upstream
        uint64_t pauses{0};   //!< Frames sent to pause
        EventId refresh;      //!< Next refresh of the pause
    };

    /// \param [in] packet Received \param [in] ipv4 Stack \param [in] interface Its interface
    void Received(Ptr<const Packet> packet, Ptr<Ipv4> ipv4, uint32_t interface);
    /// \param [in] interface Interface \param [in] priority Priority \return its counters
    Ingress& At(uint32_t interface, uint32_t priority);
    /// \param [in] interface Interface \param [in] priority Priority: pauses it again
    void SendPause(uint32_t interface, uint32_t priority);
    /// \param [in] interface Interface \param [in] priority Priority: resumes it
    void SendResume(uint32_t interface, uint32_t priority);

    uint64_t m_bufferSize; //!< BufferSize (bytes)
    uint32_t m_reserved;   //!< Reserved per (interface, priority)
    uint32_t m_headroom;   //!< Headroom per (interface, priority)
    double m_alpha;        //!< Dynamic threshold factor
    uint32_t m_xoff;       //!< Fixed threshold (0: dynamic)
    uint32_t m_xonOffset;  //!< Resume this far below the threshold
    uint16_t m_quanta;     //!< Pause quanta
    uint8_t m_pfcMask;     //!< PFC priorities (bits)

    Ptr<Node> m_node;               //!< The switch
    std::vector<Ingress> m_ingress; //!< Per interface x priority
    uint32_t m_nInterfaces{0};      //!< Interfaces
    uint64_t m_pool{0};             //!< Pool size
    uint64_t m_poolUsed{0};         //!< Pool in use
    uint64_t m_held{0};             //!< All bytes held
    uint64_t m_peak{0};             //!< Most held
    uint64_t m_drops{0};            //!< Headroom drops

    TracedCallback<uint32_t, uint32_t, bool> m_pfcTrace; //!< Pauses sent and lifted
};

} // namespace ns3

#endif /* ROCE_SHARED_BUFFER_H */
