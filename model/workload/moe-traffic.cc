/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "moe-traffic.h"

#include "ns3/abort.h"
#include "ns3/boolean.h"
#include "ns3/double.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <cmath>

namespace ns3
{

NS_OBJECT_ENSURE_REGISTERED(MoeTraffic);

TypeId
MoeTraffic::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::MoeTraffic")
            .SetParent<Object>()
            .SetGroupName("Optical")
            .AddConstructor<MoeTraffic>()
            .AddAttribute("Tokens",
                          "Tokens per GPU T (FlashMoE: 8192).",
                          UintegerValue(8192),
                          MakeUintegerAccessor(&MoeTraffic::m_tokens),
                          MakeUintegerChecker<uint64_t>(1))
            .AddAttribute("Experts",
                          "Experts E (FlashMoE: 64).",
                          UintegerValue(64),
                          MakeUintegerAccessor(&MoeTraffic::m_experts),
                          MakeUintegerChecker<uint32_t>(1))
            .AddAttribute("TopK",
                          "Experts per token k (FlashMoE: 2).",
                          UintegerValue(2),
                          MakeUintegerAccessor(&MoeTraffic::m_topK),
                          MakeUintegerChecker<uint32_t>(1))
            .AddAttribute("CapacityFactor",
                          "Expert capacity factor CF (FlashMoE: 1).",
                          DoubleValue(1.0),
                          MakeDoubleAccessor(&MoeTraffic::m_capacityFactor),
                          MakeDoubleChecker<double>(0.0))
            .AddAttribute("Hidden",
                          "Hidden size H (FlashMoE: 2048).",
                          UintegerValue(2048),
                          MakeUintegerAccessor(&MoeTraffic::m_hidden),
                          MakeUintegerChecker<uint64_t>(1))
            .AddAttribute("BytesPerElement",
                          "Bytes per element (FlashMoE: 4, fp32).",
                          UintegerValue(4),
                          MakeUintegerAccessor(&MoeTraffic::m_bytesPerElement),
                          MakeUintegerChecker<uint32_t>(1))
            .AddAttribute("Zipf",
                          "Zipf exponent s of expert popularity (0: uniform routing).",
                          DoubleValue(0.0),
                          MakeDoubleAccessor(&MoeTraffic::m_zipf),
                          MakeDoubleChecker<double>(0.0))
            .AddAttribute("PayloadEfficient",
                          "Send only real tokens (true) or pad every transfer to capacity.",
                          BooleanValue(true),
                          MakeBooleanAccessor(&MoeTraffic::m_payloadEfficient),
                          MakeBooleanChecker())
            .AddAttribute("Tile",
                          "Rows per tile: capacity is padded to whole tiles; combine sends tiles.",
                          UintegerValue(128),
                          MakeUintegerAccessor(&MoeTraffic::m_tile),
                          MakeUintegerChecker<uint32_t>(1))
            .AddAttribute("SignalBytes",
                          "Signal sent with each (source, expert) dispatch (bytes).",
                          UintegerValue(8),
                          MakeUintegerAccessor(&MoeTraffic::m_signalBytes),
                          MakeUintegerChecker<uint32_t>());
    return tid;
}

MoeTraffic::MoeTraffic()
    : m_rng(CreateObject<UniformRandomVariable>())
{
}

int64_t
MoeTraffic::AssignStreams(int64_t stream)
{
    m_rng->SetStream(stream);
    return 1;
}

uint64_t
MoeTraffic::GetCapacity() const
{
    const double ec =
        std::ceil(static_cast<double>(m_tokens) / m_experts) * m_capacityFactor * m_topK;
    const auto rows = static_cast<uint64_t>(std::ceil(ec));
    return (rows + m_tile - 1) / m_tile * m_tile;
}

uint64_t
MoeTraffic::Rows(uint64_t count) const
{
    return m_payloadEfficient ? std::min(count, GetCapacity()) : GetCapacity();
}

std::vector<std::vector<uint64_t>>
MoeTraffic::Route(uint32_t gpus)
{
    NS_ABORT_MSG_IF(m_topK > m_experts,
                    "MoeTraffic: top-k " << m_topK << " exceeds " << m_experts << " experts");
    std::vector<double> weight(m_experts);
    for (uint32_t e = 0; e < m_experts; ++e)
    {
        weight[e] = m_zipf > 0 ? 1.0 / std::pow(e + 1.0, m_zipf) : 1.0;
    }
    std::vector<std::vector<uint64_t>> counts(gpus, std::vector<uint64_t>(m_experts, 0));
    std::vector<double> w(m_experts);
    for (uint32_t g = 0; g < gpus; ++g)
    {
        for (uint64_t t = 0; t < m_tokens; ++t)
        {
            // k distinct experts, each drawn in proportion to the weights of those left.
            w = weight;
            double total = 0;
            for (double x : w)
            {
                total += x;
            }
            for (uint32_t j = 0; j < m_topK; ++j)
            {
                double u = m_rng->GetValue(0, total);
                uint32_t e = 0;
                while (e + 1 < m_experts && (u >= w[e] || w[e] == 0))
                {
                    u -= w[e];
                    ++e;
                }
                counts[g][e]++;
                total -= w[e];
                w[e] = 0;
            }
        }
    }
    return counts;
}

CollectiveSchedule
MoeTraffic::BuildDispatch(const std::vector<std::vector<uint64_t>>& counts) const
{
    const auto gpus = static_cast<uint32_t>(counts.size());
    const uint64_t rowBytes = m_hidden * m_bytesPerElement;
    CollectiveSchedule s("moe-dispatch",
                         m_payloadEfficient ? "payload" : "padded",
                         gpus,
                         m_tokens * m_topK * rowBytes);
    for (uint32_t src = 0; src < gpus; ++src)
    {
        for (uint32_t e = 0; e < m_experts; ++e)
        {
            const uint32_t dst = e % gpus;
            if (dst == src)
            {
                continue; // the expert is local: nothing crosses the network
            }
            const uint64_t rows = counts[src][e] == 0 ? 0 : Rows(counts[src][e]);
            s.AddOp(src, dst, rows * rowBytes + m_signalBytes);
        }
    }
    return s;
}

CollectiveSchedule
MoeTraffic::BuildCombine(const std::vector<std::vector<uint64_t>>& counts) const
{
    const auto gpus = static_cast<uint32_t>(counts.size());
    const uint64_t rowBytes = m_hidden * m_bytesPerElement;
    CollectiveSchedule s("moe-combine",
                         m_payloadEfficient ? "payload" : "padded",
                         gpus,
                         m_tokens * m_topK * rowBytes);
    for (uint32_t src = 0; src < gpus; ++src)
    {
        for (uint32_t e = 0; e < m_experts; ++e)
        {
            const uint32_t host = e % gpus;
            const uint64_t rows = counts[src][e] == 0 ? 0 : Rows(counts[src][e]);
            if (host == src || rows == 0)
            {
                continue;
            }
            for (uint64_t done = 0; done < rows; done += m_tile)
            {
                s.AddOp(host, src, std::min<uint64_t>(m_tile, rows - done) * rowBytes);
            }
        }
    }
    return s;
}

} // namespace ns3
