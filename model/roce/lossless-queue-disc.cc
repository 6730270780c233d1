/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "lossless-queue-disc.h"

#include "roce-shared-buffer.h"

#include "ns3/boolean.h"
#include "ns3/double.h"
#include "ns3/drop-tail-queue.h"
#include "ns3/ipv4-queue-disc-item.h"
#include "ns3/log.h"
#include "ns3/simulator.h"
#include "ns3/udp-header.h"
#include "ns3/uinteger.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("LosslessQueueDisc");
NS_OBJECT_ENSURE_REGISTERED(LosslessQueueDisc);

TypeId
LosslessQueueDisc::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::LosslessQueueDisc")
            .SetParent<QueueDisc>()
            .SetGroupName("Optical")
            .AddConstructor<LosslessQueueDisc>()
            .AddAttribute("EcnEnabled",
                          "Whether to mark ECN-capable packets CE by (EcnKmin, EcnKmax, EcnPmax)",
                          BooleanValue(true),
                          MakeBooleanAccessor(&LosslessQueueDisc::m_ecn),
                          MakeBooleanChecker())
            .AddAttribute("EcnKmin",
                          "Bytes of a priority's queue above which marking starts (bytes; "
                          "RoceFabric sets it by line rate)",
                          UintegerValue(400000),
                          MakeUintegerAccessor(&LosslessQueueDisc::m_ecnKmin),
                          MakeUintegerChecker<uint32_t>())
            .AddAttribute("EcnKmax",
                          "Bytes of a priority's queue above which every packet is marked "
                          "(bytes; RoceFabric sets it by line rate)",
                          UintegerValue(1600000),
                          MakeUintegerAccessor(&LosslessQueueDisc::m_ecnKmax),
                          MakeUintegerChecker<uint32_t>())
            .AddAttribute("EcnPmax",
                          "Marking probability at EcnKmax (0 to 1)",
                          DoubleValue(0.2),
                          MakeDoubleAccessor(&LosslessQueueDisc::m_ecnPmax),
                          MakeDoubleChecker<double>(0.0, 1.0))
            .AddAttribute("IntEnabled",
                          "Whether to stamp an INT record into RoCE data packets that carry "
                          "INT (HPCC)",
                          BooleanValue(false),
                          MakeBooleanAccessor(&LosslessQueueDisc::m_int),
                          MakeBooleanChecker())
            .AddAttribute("LineRate",
                          "Line rate of the port (b/s; RoceFabric sets the device's): pause "
                          "quanta are 512 bit times at it",
                          DataRateValue(DataRate("100Gbps")),
                          MakeDataRateAccessor(&LosslessQueueDisc::m_rate),
                          MakeDataRateChecker())
            .AddTraceSource("Pause",
                            "A priority was paused (true) or resumed (false)",
                            MakeTraceSourceAccessor(&LosslessQueueDisc::m_pauseTrace),
                            "ns3::LosslessQueueDisc::PauseTracedCallback");
    return tid;
}

LosslessQueueDisc::LosslessQueueDisc()
    : QueueDisc(QueueDiscSizePolicy::NO_LIMITS)
{
    m_uniform = CreateObject<UniformRandomVariable>();
}

LosslessQueueDisc::~LosslessQueueDisc() = default;

void
LosslessQueueDisc::DoDispose()
{
    for (auto& e : m_expiry)
    {
        e.Cancel();
    }
    m_buffer = nullptr;
    m_uniform = nullptr;
    QueueDisc::DoDispose();
}

void
LosslessQueueDisc::SetSharedBuffer(Ptr<RoceSharedBuffer> buffer)
{
    m_buffer = buffer;
}

int64_t
LosslessQueueDisc::AssignStreams(int64_t stream)
{
    m_uniform->SetStream(stream);
    return 1;
}

DataRate
LosslessQueueDisc::GetLineRate() const
{
    return m_rate;
}

void
LosslessQueueDisc::SetLineRate(DataRate rate)
{
    m_rate = rate;
}

bool
LosslessQueueDisc::CheckConfig()
{
    if (GetNQueueDiscClasses() > 0 || GetNPacketFilters() > 0)
    {
        NS_LOG_ERROR("LosslessQueueDisc classifies by itself: no classes, no filters");
        return false;
    }
    if (m_ecnKmin > m_ecnKmax)
    {
        NS_LOG_ERROR("LosslessQueueDisc: EcnKmin " << m_ecnKmin << " is above EcnKmax "
                                                   << m_ecnKmax);
        return false;
    }
    if (GetNInternalQueues() == 0)
    {
        for (uint32_t b = 0; b <= N_PRIORITIES; ++b)
        {
            // Bounded by the shared buffer on switches and by the NIC's pacing on hosts.
            auto q = CreateObject<DropTailQueue<QueueDiscItem>>();
            q->SetMaxSize(QueueSize(QueueSizeUnit::PACKETS, 1u << 30));
            AddInternalQueue(q);
        }
    }
    return GetNInternalQueues() == N_PRIORITIES + 1;
}

void
LosslessQueueDisc::InitializeParams()
{
}

uint32_t
LosslessQueueDisc::Classify(Ptr<const QueueDiscItem> item) const
{
    return RoceSharedBuffer::PriorityOf(item);
}

bool
LosslessQueueDisc::DoEnqueue(Ptr<QueueDiscItem> item)
{
    uint32_t band = Classify(item);
    const uint32_t size = item->GetSize();
    if (m_buffer && band < N_PRIORITIES)
    {
        RoceIngressTag tag;
        if (item->GetPacket()->PeekPacketTag(tag) && !m_buffer->Admit(tag, band, size))
        {
            item->GetPacket()->RemovePacketTag(tag);
            DropBeforeEnqueue(item, "Buffer full");
            return false;
        }
    }
    if (!GetInternalQueue(band)->Enqueue(item))
    {
        Release(item, band);
        return false;
    }
    m_bandBytes[band] += size;
    m_peakBytes = std::max(m_peakBytes, GetNBytes());
    return true;
}

Ptr<QueueDiscItem>
LosslessQueueDisc::DoDequeue()
{
    for (int b = N_PRIORITIES; b >= 0; --b)
    {
        if (m_bandBytes[b] == 0 || (b < static_cast<int>(N_PRIORITIES) && m_paused[b]))
        {
            continue; // empty (every item has bytes), or paused
        }
        Ptr<QueueDiscItem> item = GetInternalQueue(b)->Dequeue();
        if (!item)
        {
            continue;
        }
        m_bandBytes[b] -= item->GetSize();
        Release(item, b);
        if (b < static_cast<int>(N_PRIORITIES))
        {
            MaybeMark(item, b);
            if (m_int)
            {
                StampInt(item);
            }
        }
        m_txBytes += item->GetSize();
        return item;
    }
    return nullptr;
}

void
LosslessQueueDisc::Release(Ptr<const QueueDiscItem> item, uint32_t band)
{
    RoceIngressTag tag;
    if (m_buffer && band < N_PRIORITIES && item->GetPacket()->PeekPacketTag(tag))
    {
        ConstCast<Packet>(item->GetPacket())->RemovePacketTag(tag);
        m_buffer->Release(tag, band, item->GetSize());
    }
}

void
LosslessQueueDisc::MaybeMark(Ptr<QueueDiscItem> item, uint32_t band)
{
    if (!m_ecn)
    {
        return;
    }
    uint32_t q = m_bandBytes[band];
    bool mark = false;
    if (q > m_ecnKmax)
    {
        mark = true;
    }
    else if (q > m_ecnKmin)
    {
        double p = m_ecnPmax * double(q - m_ecnKmin) / double(m_ecnKmax - m_ecnKmin);
        mark = m_uniform->GetValue() < p;
    }
    if (mark && Mark(item, "Ecn threshold"))
    {
        ++m_marks;
    }
}

void
LosslessQueueDisc::StampInt(Ptr<QueueDiscItem> item)
{
    auto ip = DynamicCast<Ipv4QueueDiscItem>(item);
    if (!ip || ip->GetHeader().GetProtocol() != 17)
    {
        return;
    }
    Ptr<Packet> p = item->GetPacket();
    UdpHeader udp;
    if (p->PeekHeader(udp) < 8 || udp.GetDestinationPort() != RoceHeader::UDP_PORT)
    {
        return;
    }
    p->RemoveHeader(udp);
    RoceHeader roce;
    p->RemoveHeader(roce);
    if (roce.GetOpcode() == RoceHeader::DATA && roce.IsIntEnabled())
    {
        RoceIntHop hop;
        hop.timeNs = static_cast<uint32_t>(Simulator::Now().GetNanoSeconds());
        hop.txBytes = static_cast<uint32_t>(m_txBytes + item->GetSize());
        hop.qlen = GetNBytes();
        hop.rateMbps = static_cast<uint32_t>(m_rate.GetBitRate() / 1000000);
        roce.PushIntHop(hop);
    }
    p->AddHeader(roce);
    p->AddHeader(udp);
}

void
LosslessQueueDisc::ReceivePfc(const PfcHeader& frame)
{
    for (uint32_t p = 0; p < N_PRIORITIES; ++p)
    {
        if (frame.IsEnabled(p))
        {
            // A quantum is 512 bit times at the line rate.
            Time t = m_rate.CalculateBytesTxTime(64) * frame.GetQuanta(p);
            if (frame.GetQuanta(p) > 0)
            {
                ++m_pauseFrames[p];
            }
            Pause(p, t);
        }
    }
}

void
LosslessQueueDisc::Pause(uint32_t priority, Time duration)
{
    NS_ABORT_MSG_IF(priority >= N_PRIORITIES,
                    "LosslessQueueDisc::Pause: priority " << priority << " (allowed: 0-7)");
    Time now = Simulator::Now();
    m_expiry[priority].Cancel();
    if (duration.IsStrictlyPositive())
    {
        m_pausedUntil[priority] = now + duration;
        if (!m_paused[priority])
        {
            m_paused[priority] = true;
            m_pauseStart[priority] = now;
            m_pauseTrace(priority, true);
        }
        m_expiry[priority] =
            Simulator::Schedule(duration, &LosslessQueueDisc::Expire, this, priority);
        return;
    }
    m_pausedUntil[priority] = now;
    Expire(priority);
}

void
LosslessQueueDisc::Expire(uint32_t priority)
{
    if (!m_paused[priority] || Simulator::Now() < m_pausedUntil[priority])
    {
        return;
    }
    m_paused[priority] = false;
    m_pausedTotal[priority] += Simulator::Now() - m_pauseStart[priority];
    m_pauseTrace(priority, false);
    Run();
}

bool
LosslessQueueDisc::IsPaused(uint32_t priority) const
{
    return priority < N_PRIORITIES && m_paused[priority];
}

Time
LosslessQueueDisc::GetPausedTime(uint32_t priority) const
{
    NS_ABORT_MSG_IF(priority >= N_PRIORITIES, "LosslessQueueDisc: priority " << priority);
    Time t = m_pausedTotal[priority];
    if (m_paused[priority])
    {
        t += Simulator::Now() - m_pauseStart[priority];
    }
    return t;
}

uint64_t
LosslessQueueDisc::GetPauseFrames(uint32_t priority) const
{
    return priority < N_PRIORITIES ? m_pauseFrames[priority] : 0;
}

uint32_t
LosslessQueueDisc::GetPriorityBytes(uint32_t priority) const
{
    return priority <= N_PRIORITIES ? m_bandBytes[priority] : 0;
}

uint32_t
LosslessQueueDisc::GetPeakBytes() const
{
    return m_peakBytes;
}

uint64_t
LosslessQueueDisc::GetEcnMarks() const
{
    return m_marks;
}

} // namespace ns3
