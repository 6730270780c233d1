/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef LOSSLESS_QUEUE_DISC_H
#define LOSSLESS_QUEUE_DISC_H

#include "roce-header.h"

#include "ns3/data-rate.h"
#include "ns3/event-id.h"
#include "ns3/nstime.h"
#include "ns3/queue-disc.h"
#include "ns3/random-variable-stream.h"
#include "ns3/traced-callback.h"

#include <array>
#include <cstdint>

namespace ns3
{

class RoceSharedBuffer;

/**
 * \ingroup optical
 * \brief The egress port of a lossless Ethernet (RoCEv2) device: eight priorities that
 * priority flow control pauses one by one, ECN marking by (Kmin, Kmax, Pmax), INT stamping for
 * HPCC, and the shared buffer of its switch charged per ingress.
 *
 * Classification: PFC frames (IPv4 protocol PfcHeader::IP_PROTOCOL) go to a control band
 * that is never paused and always served first; every other IPv4 packet goes to the priority
 * of its DSCP's class selector (DSCP / 8, so CS3 is priority 3); anything else to priority 0.
 * Service is strict priority, 7 first, skipping paused priorities.
 *
 * ECN: when a packet of an ECN-capable transport leaves a band holding q bytes (after it),
 * it is marked CE with probability 0 below EcnKmin, Pmax (q - Kmin) / (Kmax - Kmin) between,
 * and 1 above EcnKmax (marking at dequeue, as HPCC's simulator does).
 *
 * PFC: a frame naming a priority with quanta q pauses it for q x 512 bit times at the link's
 * rate (the Pause trace says when); quanta 0 resume it. Paused time is summed per priority.
 *
 * INT: with IntEnabled, a RoCE data packet that carries INT gets a record of this port
 * (departure time, bytes sent, bytes queued, line rate) when it leaves.
 *
 * Buffer: on a switch, a packet tagged with its ingress (RoceIngressTag) is admitted by the
 * node's RoceSharedBuffer when enqueued and released when dequeued or dropped; a packet the
 * buffer refuses is dropped ("Buffer full"). Without a buffer (hosts) a band holds at most
 * MaxSize.
 */
class LosslessQueueDisc : public QueueDisc
{
  public:
    /// Number of priorities.
    static constexpr uint32_t N_PRIORITIES = 8;

    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();
    LosslessQueueDisc();
    ~LosslessQueueDisc() override;

    /**
     * \brief Connects the port to its switch's shared buffer.
     * \param [in] buffer The buffer
     */
    void SetSharedBuffer(Ptr<RoceSharedBuffer> buffer);

    /**
     * \brief Applies a received PFC frame.
     * \param [in] frame The frame
     */
    void ReceivePfc(const PfcHeader& frame);

    /**
     * \brief Pauses a priority for a time (a frame's quanta, converted), or resumes it (zero).
     * \param [in] priority The priority (< 8)
     * \param [in] duration How long (zero resumes)
     */
    void Pause(uint32_t priority, Time duration);

    /// \param [in] priority A priority \return whether it is paused now
    bool IsPaused(uint32_t priority) const;
    /// \param [in] priority A priority \return the time it has been paused so far
    Time GetPausedTime(uint32_t priority) const;
    /// \param [in] priority A priority \return PFC frames received that paused it
    uint64_t GetPauseFrames(uint32_t priority) const;
    /// \param [in] priority A priority \return bytes queued in it
    uint32_t GetPriorityBytes(uint32_t priority) const;
    /// \return the largest number of bytes queued at once, all priorities
    uint32_t GetPeakBytes() const;
    /// \return packets marked CE
    uint64_t GetEcnMarks() const;
    /// \return the line rate (set by the helper from the device)
    DataRate GetLineRate() const;
    /// \param [in] rate The line rate (pause quanta and INT use it)
    void SetLineRate(DataRate rate);

    /**
     * \brief Assign a fixed random variable stream number to the random variables used by
     * this model.
     * \param [in] stream first stream index to use
     * \return the number of stream indices assigned by this model
     */
    int64_t AssignStreams(int64_t stream);

    /**
     * \brief TracedCallback signature of a pause or resume.
     * \param [in] priority The priority
     * \param [in] paused True when paused, false when resumed
     */
    typedef void (*PauseTracedCallback)(uint32_t priority, bool paused);

  private:
    bool DoEnqueue(Ptr<QueueDiscItem> item) override;
    Ptr<QueueDiscItem> DoDequeue() override;
    bool CheckConfig() override;
    void InitializeParams() override;
    void DoDispose() override;

    /// \param [in] item A packet \return its band (N_PRIORITIES: the control band)
    uint32_t Classify(Ptr<const QueueDiscItem> item) const;
    /// \param [in] item A packet leaving band \p band: marks it by the band's bytes
    void MaybeMark(Ptr<QueueDiscItem> item, uint32_t band);
    /// \param [in] item A RoCE data packet leaving: stamps this port's INT record
    void StampInt(Ptr<QueueDiscItem> item);
    /// \param [in] item A packet leaving or dropped: releases its buffer charge
    /// \param [in] band Its band
    void Release(Ptr<const QueueDiscItem> item, uint32_t band);
    /// \param [in] priority Resumes it if its pause has expired
    void Expire(uint32_t priority);

    uint32_t m_ecnKmin;                   //!< Marking starts above (bytes)
    uint32_t m_ecnKmax;                   //!< Every packet marked above (bytes)
    double m_ecnPmax;                     //!< Marking probability at Kmax
    bool m_ecn;                           //!< Whether to mark
    bool m_int;                           //!< Whether to stamp INT
    DataRate m_rate;                      //!< Line rate
    Ptr<UniformRandomVariable> m_uniform; //!< Marking draws
    Ptr<RoceSharedBuffer> m_buffer;       //!< The switch's buffer, or null

    std::array<Time, N_PRIORITIES> m_pausedUntil{};       //!< End of the current pause
    std::array<Time, N_PRIORITIES> m_pauseStart{};        //!< Start of the current pause
    std::array<Time, N_PRIORITIES> m_pausedTotal{};       //!< Closed pause time
    std::array<bool, N_PRIORITIES> m_paused{};            //!< Paused now
    std::array<uint64_t, N_PRIORITIES> m_pauseFrames{};   //!< Frames that paused
    std::array<EventId, N_PRIORITIES> m_expiry{};         //!< Pause expiry events
    std::array<uint32_t, N_PRIORITIES + 1> m_bandBytes{}; //!< Bytes per band
    uint32_t m_peakBytes{0};                              //!< Largest queue
    uint64_t m_marks{0};                                  //!< CE marks
    uint64_t m_txBytes{0};                                //!< Bytes sent (INT)

    TracedCallback<uint32_t, bool> m_pauseTrace; //!< Pause and resume of a priority
};

} // namespace ns3

#endif /* LOSSLESS_QUEUE_DISC_H */
