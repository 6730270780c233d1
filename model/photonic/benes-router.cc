/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// BenesRouter: the looping algorithm (Opferman and Tsao-Wu, 1971) on the recursive Benes
// network that PhotonicTarget::Generate builds (style "benes"), and a simulator of it.

#include "photonic-target.h"

#include "ns3/fatal-error.h"
#include "ns3/log.h"

#include <cstdint>
#include <vector>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("BenesRouter");

namespace
{

/// log2 of a power of two n >= 2 (aborts otherwise).
uint32_t
Log2(uint32_t n)
{
    NS_ABORT_MSG_IF(n < 2 || (n & (n - 1)) != 0,
                    "Benes network: " << n << " ports is not a power of two >= 2");
    uint32_t k = 0;
    while ((1u << k) < n)
    {
        ++k;
    }
    return k;
}

/**
 * The input row (2 switch + port) of stage s + 1 fed by output row r of stage s: the same rule
 * as the generator (photonic-target-generate.cc): unshuffles within blocks of n >> s rows
 * in the first k - 1 gaps, shuffles back in the last k - 1.
 */
uint32_t
NextRow(uint32_t n, uint32_t k, uint32_t s, uint32_t r)
{
    if (s + 1 < k)
    {
        const uint32_t m = n >> s;
        const uint32_t l = r % m;
        return r - l + (l % 2) * (m / 2) + l / 2;
    }
    const uint32_t m = n >> (2 * k - 3 - s);
    const uint32_t l = r % m;
    return r - l + 2 * (l % (m / 2)) + l / (m / 2);
}

/**
 * Routes the full permutation perm of a block of m ports at recursion depth d whose switches
 * start at offset (within stages d and S-1-d).
 */
void
RouteBlock(uint32_t m,
           uint32_t d,
           uint32_t offset,
           uint32_t stages,
           const std::vector<uint32_t>& perm,
           std::vector<std::vector<bool>>& states)
{
    if (m == 2)
    {
        states[d][offset] = perm[0] == 1;
        return;
    }
    std::vector<uint32_t> inverse(m);
    for (uint32_t i = 0; i < m; ++i)
    {
        inverse[perm[i]] = i;
    }
    // side[x]: 0 if input x goes through the upper sub-network, 1 the lower.
    std::vector<uint8_t> side(m, 2);
    for (uint32_t start = 0; start < m; start += 2)
    {
        if (side[start] != 2)
        {
            continue;
        }
        uint32_t x = start;
        while (side[x] == 2)
        {
            side[x] = 0; // x goes up, so its switch partner goes down
            side[x ^ 1] = 1;
            // The output sharing a switch with the partner's output must come from the top.
            const uint32_t y = perm[x ^ 1] ^ 1;
            x = inverse[y];
            if (side[x] != 2)
            {
                break;
            }
        }
    }
    const uint32_t h = m / 2;
    std::vector<uint32_t> upper(h);
    std::vector<uint32_t> lower(h);
    for (uint32_t x = 0; x < m; ++x)
    {
        (side[x] == 0 ? upper : lower)[x / 2] = perm[x] / 2;
    }
    const uint32_t last = stages - 1 - d;
    for (uint32_t i = 0; i < h; ++i)
    {
        // Input switch i: cross when its upper input goes down.
        states[d][offset + i] = side[2 * i] == 1;
        // Output switch i: its port 0 comes from the upper sub-network; cross when the output
        // 2i is fed from the lower one.
        states[last][offset + i] = side[inverse[2 * i]] == 1;
    }
    RouteBlock(h, d + 1, offset, stages, upper, states);
    RouteBlock(h, d + 1, offset + h / 2, stages, lower, states);
}

} // namespace

std::vector<std::vector<bool>>
BenesRouter::Route(uint32_t n, const std::vector<uint32_t>& perm)
{
    NS_LOG_FUNCTION(n);
    const uint32_t k = Log2(n);
    NS_ABORT_MSG_IF(perm.size() != n,
                    "Benes network of " << n << " ports: permutation of " << perm.size()
                                        << " entries");
    // Complete a partial permutation: free inputs take the unused outputs in order.
    std::vector<uint32_t> full(perm);
    std::vector<bool> used(n, false);
    for (uint32_t i = 0; i < n; ++i)
    {
        if (perm[i] == UINT32_MAX)
        {
            continue;
        }
        NS_ABORT_MSG_IF(perm[i] >= n || used[perm[i]],
                        "Benes network of " << n << " ports: input " << i << " -> " << perm[i]
                                            << " is out of range or repeats an output");
        used[perm[i]] = true;
    }
    uint32_t nextFree = 0;
    for (uint32_t i = 0; i < n; ++i)
    {
        if (full[i] == UINT32_MAX)
        {
            while (used[nextFree])
            {
                ++nextFree;
            }
            full[i] = nextFree;
            used[nextFree] = true;
        }
    }
    const uint32_t stages = 2 * k - 1;
    std::vector<std::vector<bool>> states(stages, std::vector<bool>(n / 2, false));
    RouteBlock(n, 0, 0, stages, full, states);
    return states;
}

std::vector<uint32_t>
BenesRouter::Apply(uint32_t n, const std::vector<std::vector<bool>>& states)
{
    const uint32_t k = Log2(n);
    const uint32_t stages = 2 * k - 1;
    NS_ABORT_MSG_IF(states.size() != stages,
                    "Benes network of " << n << " ports has " << stages << " stages, not "
                                        << states.size());
    std::vector<uint32_t> out(n);
    for (uint32_t i = 0; i < n; ++i)
    {
        uint32_t r = i;
        for (uint32_t s = 0; s < stages; ++s)
        {
            NS_ABORT_MSG_IF(states[s].size() != n / 2,
                            "Benes stage " << s << " has " << states[s].size() << " switches, not "
                                           << n / 2);
            r ^= states[s][r / 2] ? 1u : 0u;
            if (s + 1 < stages)
            {
                r = NextRow(n, k, s, r);
            }
        }
        out[i] = r;
    }
    return out;
}

uint32_t
BenesRouter::Element(uint32_t n, uint32_t stage, uint32_t index)
{
    return stage * (n / 2) + index;
}

} // namespace ns3
