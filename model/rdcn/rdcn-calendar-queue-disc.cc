/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "rdcn-calendar-queue-disc.h"

#include "rdcn-tag.h"

#include "ns3/abort.h"
#include "ns3/boolean.h"
#include "ns3/drop-tail-queue.h"
#include "ns3/log.h"
#include "ns3/object-factory.h"
#include "ns3/ocs-channel.h"
#include "ns3/ocs-net-device.h"
#include "ns3/ppp-header.h"
#include "ns3/simulator.h"

#include <algorithm>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("RdcnCalendarQueueDisc");

NS_OBJECT_ENSURE_REGISTERED(RdcnCalendarQueueDisc);

TypeId
RdcnCalendarQueueDisc::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::RdcnCalendarQueueDisc")
            .SetParent<QueueDisc>()
            .SetGroupName("Optical")
            .AddConstructor<RdcnCalendarQueueDisc>()
            .AddAttribute("MaxSize",
                          "Size of each slice queue (packets or bytes; default 1000p, about 1.5 MB "
                          "of 1500-byte packets per slice). A packet whose slice queue is at this "
                          "size is dropped (queue-full).",
                          QueueSizeValue(QueueSize("1000p")),
                          MakeQueueSizeAccessor(&QueueDisc::SetMaxSize, &QueueDisc::GetMaxSize),
                          MakeQueueSizeChecker())
            .AddAttribute("EcnMarkThreshold",
                          "Slice queue size above which ECN-capable packets are marked CE instead "
                          "of being kept unmarked (packets or bytes; 0, the default: no marking).",
                          QueueSizeValue(QueueSize("0p")),
                          MakeQueueSizeAccessor(&RdcnCalendarQueueDisc::m_ecnThreshold),
                          MakeQueueSizeChecker())
            .AddAttribute("TransitFirst",
                          "Give each slice a FIFO for packets in transit (arrived over an uplink), "
                          "served before the FIFO of packets from the ToR's hosts, as RotorLB "
                          "does (default true); false: one FIFO per slice for both.",
                          BooleanValue(true),
                          MakeBooleanAccessor(&RdcnCalendarQueueDisc::m_transitFirst),
                          MakeBooleanChecker());
    return tid;
}

RdcnCalendarQueueDisc::RdcnCalendarQueueDisc()
    : QueueDisc(QueueDiscSizePolicy::MULTIPLE_QUEUES)
{
    NS_LOG_FUNCTION(this);
}

RdcnCalendarQueueDisc::~RdcnCalendarQueueDisc()
{
    NS_LOG_FUNCTION(this);
}

void
RdcnCalendarQueueDisc::DoDispose()
{
    NS_LOG_FUNCTION(this);
    m_wake.Cancel();
    m_schedule = nullptr;
    m_device = nullptr;
    m_admit = nullptr;
    m_release = nullptr;
    m_lbRouter = nullptr;
    m_queueOf = nullptr;
    QueueDisc::DoDispose();
}

void
RdcnCalendarQueueDisc::Setup(Ptr<RdcnSchedule> schedule,
                             uint32_t tor,
                             uint32_t uplink,
                             Ptr<OcsNetDevice> device)
{
    NS_LOG_FUNCTION(this << schedule << tor << uplink << device);
    NS_ABORT_MSG_IF(!schedule || !device, "RdcnCalendarQueueDisc::Setup: null schedule or device");
    NS_ABORT_MSG_IF(tor >= schedule->GetNTors() || uplink >= schedule->GetNUplinks(),
                    "RdcnCalendarQueueDisc::Setup: ToR "
                        << tor << " uplink " << uplink << " is not in the schedule ("
                        << schedule->GetNTors() << " ToRs, " << schedule->GetNUplinks()
                        << " uplinks)");
    Ptr<OcsChannel> fibre = DynamicCast<OcsChannel>(device->GetChannel());
    NS_ABORT_MSG_IF(!fibre,
                    "RdcnCalendarQueueDisc::Setup: the device of ToR "
                        << tor << " uplink " << uplink << " is not attached to a fibre");
    m_schedule = schedule;
    m_tor = tor;
    m_uplink = uplink;
    m_device = device;
    m_rate = device->GetDataRate();
    TimeValue gap;
    device->GetAttribute("InterframeGap", gap);
    m_gap = gap.Get();
    m_fibre = fibre->GetDelay();
    device->TraceConnectWithoutContext("PhyTxBegin",
                                       MakeCallback(&RdcnCalendarQueueDisc::CheckFrame, this));
}

uint32_t
RdcnCalendarQueueDisc::GetTor() const
{
    return m_tor;
}

uint32_t
RdcnCalendarQueueDisc::GetUplink() const
{
    return m_uplink;
}

uint32_t
RdcnCalendarQueueDisc::GetNSliceQueues() const
{
    return static_cast<uint32_t>(GetNInternalQueues() / m_perSlice);
}

bool
RdcnCalendarQueueDisc::IsTransitFirst() const
{
    return m_perSlice == 2;
}

std::vector<Ptr<QueueDisc::InternalQueue>>
RdcnCalendarQueueDisc::Fifos(uint32_t slice) const
{
    std::vector<Ptr<InternalQueue>> fifos;
    if (slice < GetNSliceQueues())
    {
        // Index slice * perSlice is the local FIFO, + 1 the transit FIFO (TransitFirst).
        for (uint32_t k = m_perSlice; k > 0; --k)
        {
            fifos.push_back(GetInternalQueue(slice * m_perSlice + k - 1));
        }
    }
    return fifos;
}

uint32_t
RdcnCalendarQueueDisc::GetSliceNPackets(uint32_t slice) const
{
    uint32_t n = 0;
    for (const auto& fifo : Fifos(slice))
    {
        n += fifo->GetNPackets();
    }
    return n;
}

uint32_t
RdcnCalendarQueueDisc::GetSliceNBytes(uint32_t slice) const
{
    uint32_t n = 0;
    for (const auto& fifo : Fifos(slice))
    {
        n += fifo->GetNBytes();
    }
    return n;
}

uint64_t
RdcnCalendarQueueDisc::GetPeakBytes() const
{
    return m_peakBytes;
}

uint64_t
RdcnCalendarQueueDisc::GetWindowViolations() const
{
    return m_violations;
}

uint64_t
RdcnCalendarQueueDisc::GetNFramesChecked() const
{
    return m_checked;
}

const std::unordered_map<uint32_t, uint64_t>&
RdcnCalendarQueueDisc::GetQueuedBytesByPair() const
{
    return m_pairBytes;
}

Time
RdcnCalendarQueueDisc::GetTransmissionTime(uint32_t packetBytes) const
{
    return m_rate.CalculateBytesTxTime(packetBytes + PppHeader().GetSerializedSize()) + m_gap;
}

bool
RdcnCalendarQueueDisc::Fits(uint32_t packetBytes, Time start, uint64_t slot) const
{
    if (m_schedule->GetPeer(m_tor, m_uplink, slot) == RdcnSchedule::NO_PEER)
    {
        return false;
    }
    return start >= m_schedule->GetWindowStart(m_tor, m_uplink, slot) &&
           start + GetTransmissionTime(packetBytes) + m_fibre <= m_schedule->GetSlotStart(slot + 1);
}

void
RdcnCalendarQueueDisc::GrowTo(uint32_t slices)
{
    ObjectFactory factory;
    factory.SetTypeId("ns3::DropTailQueue<QueueDiscItem>");
    // The slice queues never refuse a packet themselves: DoEnqueue checks MaxSize first (so
    // that the drop carries this queue disc's reason), with the same limit.
    factory.Set("MaxSize", QueueSizeValue(GetMaxSize()));
    while (GetNInternalQueues() < static_cast<std::size_t>(slices) * m_perSlice)
    {
        AddInternalQueue(factory.Create<InternalQueue>());
    }
    if (m_backlog.size() < slices)
    {
        m_backlog.resize(slices, Seconds(0));
    }
}

bool
RdcnCalendarQueueDisc::CheckConfig()
{
    NS_LOG_FUNCTION(this);
    if (!m_schedule)
    {
        NS_LOG_ERROR("RdcnCalendarQueueDisc: Setup was not called (no schedule)");
        return false;
    }
    if (GetNQueueDiscClasses() > 0 || GetNPacketFilters() > 0)
    {
        NS_LOG_ERROR("RdcnCalendarQueueDisc takes no classes and no packet filters");
        return false;
    }
    if (GetNInternalQueues() > 0)
    {
        NS_LOG_ERROR("RdcnCalendarQueueDisc makes its own internal queues");
        return false;
    }
    m_perSlice = m_transitFirst ? 2 : 1;
    GrowTo(m_schedule->GetNSlices());
    return true;
}

void
RdcnCalendarQueueDisc::InitializeParams()
{
    NS_LOG_FUNCTION(this);
}

void
RdcnCalendarQueueDisc::CountPair(Ptr<const QueueDiscItem> item, int64_t bytes)
{
    RdcnTag tag;
    if (!item->GetPacket()->PeekPacketTag(tag))
    {
        return;
    }
    const uint32_t key = (tag.GetSource() << 16) | tag.GetDestination();
    uint64_t& b = m_pairBytes[key];
    b = static_cast<uint64_t>(static_cast<int64_t>(b) + bytes);
    if (b == 0)
    {
        m_pairBytes.erase(key);
    }
}

Time
RdcnCalendarQueueDisc::GetBacklogTime(uint32_t slice) const
{
    return slice < m_backlog.size() ? m_backlog[slice] : Seconds(0);
}

bool
RdcnCalendarQueueDisc::HasRoom(uint64_t slot, uint32_t packetBytes) const
{
    if (!m_schedule)
    {
        return false;
    }
    const Time now = Simulator::Now();
    const uint64_t current = m_schedule->GetSlotAt(now);
    const uint32_t slice = m_schedule->GetSlice(slot);
    const Time need = GetBacklogTime(slice) + GetTransmissionTime(packetBytes);
    Time capacity = Seconds(0);
    uint64_t k = current;
    while (k <= slot)
    {
        const uint32_t sk = m_schedule->GetSlice(k);
        const uint32_t length = m_schedule->GetNSlicesAt(k);
        if (sk != slice)
        {
            // Jump to the slice's next turn in this cycle (one slot if it has none).
            k += slice < length ? (slice + length - sk) % length : 1;
            continue;
        }
        if (m_schedule->GetPeer(m_tor, m_uplink, k) != RdcnSchedule::NO_PEER)
        {
            Time start = m_schedule->GetWindowStart(m_tor, m_uplink, k);
            if (k == current)
            {
                start = std::max({start, now, m_busyUntil});
            }
            const Time end = m_schedule->GetSlotStart(k + 1) - m_fibre;
            if (end > start)
            {
                capacity += end - start;
            }
        }
        if (capacity >= need)
        {
            return true;
        }
        k += length;
    }
    return capacity >= need;
}

void
RdcnCalendarQueueDisc::SetLoadBalancing(Ptr<RdcnRouter> router, QueueOf queueOf)
{
    m_lbRouter = router;
    m_queueOf = std::move(queueOf);
}

uint64_t
RdcnCalendarQueueDisc::GetNOffloaded() const
{
    return m_offloads;
}

int32_t
RdcnCalendarQueueDisc::Offloadable(uint64_t slot, Time start) const
{
    const int32_t peer = m_schedule->GetPeer(m_tor, m_uplink, slot);
    if (!m_lbRouter || peer == RdcnSchedule::NO_PEER || m_perSlice != 2)
    {
        return -1; // off, no circuit, or local and transit packets share one FIFO
    }
    // One window: what a slot's circuit carries (guard and fibre excluded).
    const Time window = m_schedule->GetSlot() - m_schedule->GetGuard() - m_fibre;
    const uint32_t current = m_schedule->GetSlice(slot);
    for (uint32_t s = 0; s < GetNSliceQueues(); ++s)
    {
        Ptr<const QueueDiscItem> head = GetInternalQueue(s * m_perSlice)->Peek();
        RdcnTag tag;
        if (s == current || !head || m_backlog[s] <= window ||
            !Fits(head->GetSize(), start, slot) || !head->GetPacket()->PeekPacketTag(tag) ||
            tag.GetDestination() == static_cast<uint32_t>(peer))
        {
            continue;
        }
        RdcnHop onward;
        if (!m_lbRouter->DirectHop(peer, slot + 1, tag.GetDestination(), onward))
        {
            continue;
        }
        Ptr<RdcnCalendarQueueDisc> there = m_queueOf(peer, onward.uplink);
        Time need = GetTransmissionTime(head->GetSize());
        if (m_offloadSlot == slot)
        {
            const auto it = m_offloaded.find(tag.GetDestination());
            need += it == m_offloaded.end() ? Seconds(0) : it->second;
        }
        if (there && there->GetBacklogTime(m_schedule->GetSlice(onward.slot)) + need <= window)
        {
            return static_cast<int32_t>(s * m_perSlice);
        }
    }
    return -1;
}

void
RdcnCalendarQueueDisc::SetBuffer(AdmitCallback admit, ReleaseCallback release)
{
    m_admit = std::move(admit);
    m_release = std::move(release);
}

std::vector<Ptr<QueueDiscItem>>
RdcnCalendarQueueDisc::Flush()
{
    NS_LOG_FUNCTION(this);
    std::vector<Ptr<QueueDiscItem>> items;
    for (uint32_t slice = 0; slice < GetNSliceQueues(); ++slice)
    {
        for (const auto& fifo : Fifos(slice))
        {
            while (Ptr<QueueDiscItem> item = fifo->Dequeue())
            {
                if (m_release)
                {
                    m_release(item);
                }
                items.push_back(item);
            }
        }
    }
    m_pairBytes.clear();
    std::fill(m_backlog.begin(), m_backlog.end(), Seconds(0));
    m_wake.Cancel();
    return items;
}

bool
RdcnCalendarQueueDisc::DoEnqueue(Ptr<QueueDiscItem> item)
{
    NS_LOG_FUNCTION(this << item);
    RdcnTag tag;
    if (!item->GetPacket()->PeekPacketTag(tag))
    {
        NS_LOG_WARN("ToR " << m_tor << " uplink " << m_uplink << ": a packet without RdcnTag");
        DropBeforeEnqueue(item, UNTAGGED_DROP);
        return false;
    }
    const uint32_t slice = tag.GetSlice();
    if (slice >= GetNSliceQueues())
    {
        GrowTo(slice + 1);
    }
    const bool transit = m_perSlice == 2 && (tag.GetFlags() & RdcnTag::FLAG_TRANSIT);
    Ptr<InternalQueue> queue = GetInternalQueue(slice * m_perSlice + (transit ? 1 : 0));
    const QueueSize max = GetMaxSize();
    const bool full = max.GetUnit() == QueueSizeUnit::PACKETS
                          ? queue->GetNPackets() + 1 > max.GetValue()
                          : queue->GetNBytes() + item->GetSize() > max.GetValue();
    if (full)
    {
        NS_LOG_LOGIC("slice " << slice << " full: " << queue->GetNPackets() << " packets");
        DropBeforeEnqueue(item, QUEUE_FULL_DROP);
        return false;
    }
    if (m_admit && !m_admit(item))
    {
        DropBeforeEnqueue(item, BUFFER_FULL_DROP);
        return false;
    }
    if (m_ecnThreshold.GetValue() > 0)
    {
        const bool above = m_ecnThreshold.GetUnit() == QueueSizeUnit::PACKETS
                               ? queue->GetNPackets() + 1 > m_ecnThreshold.GetValue()
                               : queue->GetNBytes() + item->GetSize() > m_ecnThreshold.GetValue();
        if (above)
        {
            Mark(item, ECN_MARK); // false for packets that are not ECN-capable: kept unmarked
        }
    }
    const bool ok = queue->Enqueue(item);
    NS_ASSERT_MSG(ok, "a slice queue refused a packet below MaxSize");
    CountPair(item, static_cast<int64_t>(item->GetSize()));
    m_backlog[slice] += GetTransmissionTime(item->GetSize());
    m_peakBytes = std::max<uint64_t>(m_peakBytes, GetNBytes());
    return ok;
}

int32_t
RdcnCalendarQueueDisc::Pick(uint64_t slot, Time start) const
{
    const uint32_t slice = m_schedule->GetSlice(slot);
    if (slice >= GetNSliceQueues())
    {
        return -1;
    }
    for (uint32_t k = m_perSlice; k > 0; --k)
    {
        const uint32_t index = slice * m_perSlice + k - 1;
        Ptr<const QueueDiscItem> head = GetInternalQueue(index)->Peek();
        if (head && Fits(head->GetSize(), start, slot))
        {
            return static_cast<int32_t>(index);
        }
    }
    return Offloadable(slot, start);
}

int32_t
RdcnCalendarQueueDisc::Eligible() const
{
    const Time now = Simulator::Now();
    if (!m_schedule || now < m_busyUntil)
    {
        return -1;
    }
    return Pick(m_schedule->GetSlotAt(now), now);
}

Ptr<QueueDiscItem>
RdcnCalendarQueueDisc::DoDequeue()
{
    NS_LOG_FUNCTION(this);
    const int32_t index = Eligible();
    if (index < 0)
    {
        ScheduleNextWake();
        return nullptr;
    }
    Ptr<QueueDiscItem> item = GetInternalQueue(index)->Dequeue();
    if (m_release)
    {
        m_release(item);
    }
    const uint64_t slot = m_schedule->GetSlotAt(Simulator::Now());
    if (index / m_perSlice != m_schedule->GetSlice(slot))
    {
        // RotorLB: carried to this slot's peer, an intermediate.
        RdcnTag tag;
        item->GetPacket()->PeekPacketTag(tag);
        if (m_offloadSlot != slot)
        {
            m_offloadSlot = slot;
            m_offloaded.clear();
        }
        m_offloaded[tag.GetDestination()] += GetTransmissionTime(item->GetSize());
        ++m_offloads;
    }
    m_busyUntil = Simulator::Now() + GetTransmissionTime(item->GetSize());
    CountPair(item, -static_cast<int64_t>(item->GetSize()));
    m_backlog[index / m_perSlice] -= GetTransmissionTime(item->GetSize());
    NS_LOG_LOGIC("ToR " << m_tor << " uplink " << m_uplink << " queue " << index << ": "
                        << item->GetSize() << " bytes, busy until " << m_busyUntil.As(Time::US));
    if (GetNPackets() > 0)
    {
        WakeAt(m_busyUntil);
    }
    return item;
}

Ptr<const QueueDiscItem>
RdcnCalendarQueueDisc::DoPeek()
{
    const int32_t index = Eligible();
    return index < 0 ? nullptr : GetInternalQueue(index)->Peek();
}

void
RdcnCalendarQueueDisc::WakeAt(Time at)
{
    if (!m_wake.IsExpired() && m_wakeAt <= at)
    {
        return;
    }
    m_wake.Cancel();
    m_wakeAt = at;
    m_wake = Simulator::Schedule(at - Simulator::Now(), &RdcnCalendarQueueDisc::Wake, this);
}

void
RdcnCalendarQueueDisc::ScheduleNextWake()
{
    if (GetNPackets() == 0 || !m_schedule)
    {
        return;
    }
    const Time now = Simulator::Now();
    const uint64_t slot = m_schedule->GetSlotAt(now);
    const uint32_t slices = GetNSliceQueues();
    // The current slot: its window may not have begun, or the device may be busy.
    const Time start =
        std::max({now, m_busyUntil, m_schedule->GetWindowStart(m_tor, m_uplink, slot)});
    if (start < m_schedule->GetSlotStart(slot + 1) && Pick(slot, start) >= 0)
    {
        WakeAt(start);
        return;
    }
    // The next slot whose slice has packets and a circuit. Every slice comes round within a
    // cycle; look two cycles ahead (a new cycle may begin meanwhile).
    const uint64_t horizon = 2 * std::max<uint64_t>(slices, m_schedule->GetNSlicesAt(slot));
    for (uint64_t j = 1; j <= horizon; ++j)
    {
        const uint64_t k = slot + j;
        const uint32_t s = m_schedule->GetSlice(k);
        if (m_schedule->GetPeer(m_tor, m_uplink, k) == RdcnSchedule::NO_PEER ||
            ((s >= slices || GetSliceNPackets(s) == 0) && !m_lbRouter))
        {
            continue;
        }
        WakeAt(std::max(m_busyUntil, m_schedule->GetWindowStart(m_tor, m_uplink, k)));
        return;
    }
    // No queued slice comes round soon (e.g. a shorter cycle was installed): look again later.
    WakeAt(m_schedule->GetSlotStart(slot + horizon));
}

void
RdcnCalendarQueueDisc::Wake()
{
    NS_LOG_FUNCTION(this);
    Run();
}

void
RdcnCalendarQueueDisc::CheckFrame(Ptr<const Packet> packet)
{
    if (!m_schedule)
    {
        return;
    }
    const Time now = Simulator::Now();
    const uint64_t slot = m_schedule->GetSlotAt(now);
    const Time end = now + m_rate.CalculateBytesTxTime(packet->GetSize()) + m_fibre;
    ++m_checked;
    if (m_schedule->GetPeer(m_tor, m_uplink, slot) == RdcnSchedule::NO_PEER ||
        now < m_schedule->GetWindowStart(m_tor, m_uplink, slot) ||
        end > m_schedule->GetSlotStart(slot + 1))
    {
        ++m_violations;
        NS_LOG_WARN("ToR " << m_tor << " uplink " << m_uplink << ": a frame at " << now.As(Time::US)
                           << " breaks the window of slot " << slot);
    }
}

} // namespace ns3
