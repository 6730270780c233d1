/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// RdcnScheduleGenerator: the schedules the module draws (RoundRobin, Opera, Shale, Random, Make);
// the schedule itself and its checks are in rdcn-schedule.cc, its file format in
// rdcn-schedule-file.cc.

#include "../common/optical-graph.h"
#include "rdcn-schedule.h"

#include "ns3/random-variable-stream.h"

#include <algorithm>
#include <cmath>
#include <sstream>

namespace ns3
{

std::vector<std::vector<RdcnMatching>>
RdcnScheduleGenerator::RoundRobin(uint32_t tors, uint32_t uplinks, std::string& error)
{
    std::ostringstream os;
    if (tors < 2 || tors > RdcnSchedule::MAX_TORS)
    {
        os << "rotornet: " << tors << " ToRs (allowed: 2 to " << RdcnSchedule::MAX_TORS << ")";
        error = os.str();
        return {};
    }
    if (uplinks < 1 || uplinks > tors - 1 || uplinks > RdcnSchedule::MAX_UPLINKS)
    {
        os << "rotornet: " << uplinks << " uplinks (allowed: 1 to "
           << std::min(tors - 1, RdcnSchedule::MAX_UPLINKS) << " for " << tors
           << " ToRs: each uplink needs a shift of its own)";
        error = os.str();
        return {};
    }
    const uint32_t shifts = tors - 1;
    const uint32_t slices = (shifts + uplinks - 1) / uplinks;
    std::vector<std::vector<RdcnMatching>> m(uplinks,
                                             std::vector<RdcnMatching>(slices, RdcnMatching(tors)));
    for (uint32_t u = 0; u < uplinks; ++u)
    {
        for (uint32_t s = 0; s < slices; ++s)
        {
            uint32_t k = u + 1 + s * uplinks;
            if (k > shifts)
            {
                k = u + 1; // fewer shifts than slices: repeat the first
            }
            for (uint32_t i = 0; i < tors; ++i)
            {
                m[u][s][i] = static_cast<int32_t>((i + k) % tors);
            }
        }
    }
    return m;
}

namespace
{

/**
 * \param rng uniform stream on [0, 1)
 * \param n size
 * \return a uniformly random permutation of 0..n-1 (Fisher-Yates)
 */
std::vector<int32_t>
RandomPermutation(Ptr<RandomVariableStream> rng, uint32_t n)
{
    std::vector<int32_t> p(n);
    for (uint32_t i = 0; i < n; ++i)
    {
        p[i] = static_cast<int32_t>(i);
    }
    for (uint32_t i = n; i > 1; --i)
    {
        const double x = rng->GetValue();
        uint32_t j = static_cast<uint32_t>(std::floor(x * i));
        j = std::min(j, i - 1);
        std::swap(p[i - 1], p[j]);
    }
    return p;
}

/// \return "square", "cube" or "Nth power" for exponent \p h
std::string
PowerName(uint32_t h)
{
    if (h == 2)
    {
        return "square";
    }
    if (h == 3)
    {
        return "cube";
    }
    return std::to_string(h) + "th power";
}

} // namespace

std::vector<std::vector<RdcnMatching>>
RdcnScheduleGenerator::Opera(uint32_t tors,
                             uint32_t uplinks,
                             Ptr<RandomVariableStream> rng,
                             std::string& error)
{
    std::ostringstream os;
    if (tors < 2 || tors > RdcnSchedule::MAX_TORS)
    {
        os << "opera: " << tors << " ToRs (allowed: 2 to " << RdcnSchedule::MAX_TORS << ")";
        error = os.str();
        return {};
    }
    if (uplinks < 2 || uplinks > tors - 1 || uplinks > RdcnSchedule::MAX_UPLINKS)
    {
        os << "opera: " << uplinks << " uplinks (allowed: 2 to "
           << std::min(tors - 1, RdcnSchedule::MAX_UPLINKS) << " for " << tors
           << " ToRs: one rotor changes while the others keep the network connected)";
        error = os.str();
        return {};
    }
    if (!rng)
    {
        error = "opera: no random stream for the relabelling of the ToRs";
        return {};
    }
    const uint32_t shifts = tors - 1;
    const uint32_t per = (shifts + uplinks - 1) / uplinks; // matchings per rotor
    const uint32_t slices = uplinks * per;
    // Shift list of each rotor: rotor u gets u+1, u+1+U, ...; a rotor one short repeats a
    // shift of rotor 0 (which always has all) so that it still changes at each of its turns.
    std::vector<std::vector<uint32_t>> rotorShifts(uplinks);
    for (uint32_t u = 0; u < uplinks; ++u)
    {
        for (uint32_t j = 0; j < per; ++j)
        {
            const uint32_t k = u + 1 + j * uplinks;
            rotorShifts[u].push_back(k <= shifts ? k : 1 + ((per - 1) / 2) * uplinks);
        }
    }
    const std::vector<int32_t> label = RandomPermutation(rng, tors); // position -> ToR
    std::vector<std::vector<RdcnMatching>> m(uplinks,
                                             std::vector<RdcnMatching>(slices, RdcnMatching(tors)));
    for (uint32_t u = 0; u < uplinks; ++u)
    {
        for (uint32_t s = 0; s < slices; ++s)
        {
            // Rotor u changes at slices s = u (mod U) and holds each matching for U slices.
            const uint32_t j = ((s + slices - u) % slices) / uplinks;
            const uint32_t k = rotorShifts[u][j];
            for (uint32_t p = 0; p < tors; ++p)
            {
                m[u][s][label[p]] = label[(p + k) % tors];
            }
        }
    }
    return m;
}

std::vector<std::vector<RdcnMatching>>
RdcnScheduleGenerator::Shale(uint32_t tors,
                             uint32_t uplinks,
                             uint32_t dimensions,
                             std::string& error)
{
    std::ostringstream os;
    if (tors < 2 || tors > RdcnSchedule::MAX_TORS)
    {
        os << "shale: " << tors << " ToRs (allowed: 2 to " << RdcnSchedule::MAX_TORS << ")";
        error = os.str();
        return {};
    }
    if (dimensions < 1 || (1ULL << std::min(dimensions, 63U)) > tors)
    {
        os << "shale: dimensions " << dimensions << " (allowed: 1 to "
           << static_cast<uint32_t>(std::floor(std::log2(tors))) << " for " << tors
           << " ToRs: each dimension needs at least 2 ToRs)";
        error = os.str();
        return {};
    }
    // Side n of the grid: the integer with n^h == N, if any.
    const uint32_t h = dimensions;
    auto power = [h](uint64_t n) {
        uint64_t r = 1;
        for (uint32_t i = 0; i < h; ++i)
        {
            r *= n;
        }
        return r;
    };
    const auto guess = static_cast<uint64_t>(std::llround(std::pow(tors, 1.0 / h)));
    uint64_t side = 0;
    for (uint64_t n = guess > 1 ? guess - 1 : 1; n <= guess + 1; ++n)
    {
        if (power(n) == tors)
        {
            side = n;
        }
    }
    if (side < 2)
    {
        os << "shale: " << tors << " ToRs is not a perfect " << PowerName(h) << " (dimensions " << h
           << "; the ToRs form an n^" << h << " grid, n >= 2)";
        error = os.str();
        return {};
    }
    const auto n = static_cast<uint32_t>(side);
    const uint32_t slices = h * (n - 1);
    if (uplinks < 1 || uplinks > slices || uplinks > RdcnSchedule::MAX_UPLINKS)
    {
        os << "shale: " << uplinks << " uplinks (allowed: 1 to "
           << std::min(slices, RdcnSchedule::MAX_UPLINKS) << " for a " << n << "^" << h
           << " grid: uplinks are offset by one slice of the " << slices << "-slice cycle)";
        error = os.str();
        return {};
    }
    std::vector<uint32_t> stride(h, 1); // n^d
    for (uint32_t d = 1; d < h; ++d)
    {
        stride[d] = stride[d - 1] * n;
    }
    std::vector<std::vector<RdcnMatching>> m(uplinks,
                                             std::vector<RdcnMatching>(slices, RdcnMatching(tors)));
    for (uint32_t u = 0; u < uplinks; ++u)
    {
        for (uint32_t s = 0; s < slices; ++s)
        {
            const uint32_t t = (s + u) % slices;
            const uint32_t d = t % h;
            const uint32_t k = t / h + 1; // shift along dimension d, 1..n-1
            for (uint32_t i = 0; i < tors; ++i)
            {
                const uint32_t c = (i / stride[d]) % n;
                const uint32_t c2 = (c + k) % n;
                m[u][s][i] = static_cast<int32_t>(i - c * stride[d] + c2 * stride[d]);
            }
        }
    }
    return m;
}

std::vector<std::vector<RdcnMatching>>
RdcnScheduleGenerator::Random(uint32_t tors,
                              uint32_t uplinks,
                              uint32_t slices,
                              Ptr<RandomVariableStream> rng,
                              std::string& error)
{
    std::ostringstream os;
    if (tors < 2 || tors > RdcnSchedule::MAX_TORS)
    {
        os << "random: " << tors << " ToRs (allowed: 2 to " << RdcnSchedule::MAX_TORS << ")";
        error = os.str();
        return {};
    }
    if (uplinks < 1 || uplinks > RdcnSchedule::MAX_UPLINKS)
    {
        os << "random: " << uplinks << " uplinks (allowed: 1 to " << RdcnSchedule::MAX_UPLINKS
           << ")";
        error = os.str();
        return {};
    }
    if (slices < 1 || slices > RdcnSchedule::MAX_SLICES)
    {
        os << "random: " << slices << " slices (allowed: 1 to " << RdcnSchedule::MAX_SLICES << ")";
        error = os.str();
        return {};
    }
    if (!rng)
    {
        error = "random: no random stream";
        return {};
    }
    std::vector<std::vector<RdcnMatching>> m(uplinks, std::vector<RdcnMatching>(slices));
    for (uint32_t u = 0; u < uplinks; ++u)
    {
        for (uint32_t s = 0; s < slices; ++s)
        {
            // Rejection: a uniform permutation is a derangement with probability about 1/e,
            // so this takes e draws on average, and the accepted ones are uniform derangements.
            while (true)
            {
                RdcnMatching p = RandomPermutation(rng, tors);
                bool fixed = false;
                for (uint32_t i = 0; i < tors && !fixed; ++i)
                {
                    fixed = p[i] == static_cast<int32_t>(i);
                }
                if (!fixed)
                {
                    m[u][s] = std::move(p);
                    break;
                }
            }
        }
    }
    return m;
}

std::vector<std::vector<RdcnMatching>>
RdcnScheduleGenerator::StaticExpander(uint32_t tors,
                                      uint32_t uplinks,
                                      uint32_t slices,
                                      Ptr<RandomVariableStream> rng,
                                      std::string& error)
{
    if (tors < 3)
    {
        error = "expander: " + std::to_string(tors) + " ToRs (allowed: 3 or more)";
        return {};
    }
    if (slices < 1 || slices > RdcnSchedule::MAX_SLICES)
    {
        std::ostringstream os;
        os << "expander: " << slices << " slices (allowed: 1 to " << RdcnSchedule::MAX_SLICES
           << ")";
        error = os.str();
        return {};
    }
    // Every ToR reaches every other: ToR 0 reaches all over the circuits, and all reach it
    // (a search over the reversed circuits).
    const auto connected = [tors](const std::vector<std::vector<RdcnMatching>>& m) {
        std::vector<std::vector<uint32_t>> out(tors);
        std::vector<std::vector<uint32_t>> in(tors);
        for (const auto& uplink : m)
        {
            for (uint32_t i = 0; i < tors; ++i)
            {
                const auto j = static_cast<uint32_t>(uplink[0][i]);
                out[i].push_back(j);
                in[j].push_back(i);
            }
        }
        for (const auto* adjacency : {&out, &in})
        {
            const std::vector<bool> reached =
                opticalgraph::Reachable(opticalgraph::FromAdjacency(*adjacency), 0);
            if (std::find(reached.begin(), reached.end(), false) != reached.end())
            {
                return false;
            }
        }
        return true;
    };
    for (uint32_t attempt = 0; attempt < 1000; ++attempt)
    {
        std::vector<std::vector<RdcnMatching>> m = Random(tors, uplinks, 1, rng, error);
        if (m.empty())
        {
            error = "expander: " + error.substr(error.find(':') + 2);
            return {};
        }
        if (connected(m))
        {
            for (auto& uplink : m)
            {
                uplink.resize(slices, uplink[0]);
            }
            return m;
        }
    }
    error = "expander: no strongly connected graph of " + std::to_string(tors) + " ToRs and " +
            std::to_string(uplinks) + " uplinks in 1,000 draws (allowed: more uplinks)";
    return {};
}

Ptr<RdcnSchedule>
RdcnScheduleGenerator::Make(const std::string& architecture,
                            uint32_t tors,
                            uint32_t uplinks,
                            uint32_t dimensions,
                            Ptr<RandomVariableStream> rng,
                            std::string& error)
{
    std::vector<std::vector<RdcnMatching>> m;
    if (architecture == "rotornet")
    {
        m = RoundRobin(tors, uplinks, error);
    }
    else if (architecture == "opera")
    {
        m = Opera(tors, uplinks, rng, error);
    }
    else if (architecture == "shale")
    {
        m = Shale(tors, uplinks, dimensions, error);
    }
    else if (architecture == "random")
    {
        if (tors < 2 || uplinks < 1)
        {
            std::ostringstream os;
            os << "random: " << tors << " ToRs and " << uplinks
               << " uplinks (allowed: 2 or more ToRs, 1 or more uplinks)";
            error = os.str();
            return nullptr;
        }
        m = Random(tors, uplinks, (tors - 1 + uplinks - 1) / uplinks, rng, error);
    }
    else if (architecture == "expander")
    {
        if (uplinks < 1)
        {
            error = "expander: 0 uplinks (allowed: 1 or more)";
            return nullptr;
        }
        m = StaticExpander(tors, uplinks, (tors - 1 + uplinks - 1) / uplinks, rng, error);
    }
    else if (architecture.find('/') != std::string::npos ||
             architecture.find('.') != std::string::npos)
    {
        Ptr<RdcnSchedule> s = RdcnSchedule::Load(architecture, error);
        if (!s)
        {
            return nullptr;
        }
        if ((tors != 0 && s->GetNTors() != tors) || (uplinks != 0 && s->GetNUplinks() != uplinks))
        {
            std::ostringstream os;
            os << architecture << ": the schedule has " << s->GetNTors() << " ToRs and "
               << s->GetNUplinks() << " uplinks, the network " << tors << " ToRs and " << uplinks
               << " uplinks";
            error = os.str();
            return nullptr;
        }
        return s;
    }
    else
    {
        error = "unknown schedule architecture '" + architecture +
                "' (allowed: rotornet, opera, shale, random, expander, or the path of a schedule "
                "file)";
        return nullptr;
    }
    if (m.empty())
    {
        return nullptr;
    }
    Ptr<RdcnSchedule> s = CreateObject<RdcnSchedule>();
    if (!s->SetMatchings(tors, m, error))
    {
        return nullptr;
    }
    return s;
}

} // namespace ns3
