/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "collective-algorithms.h"

#include "ns3/abort.h"
#include "ns3/fatal-error.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <map>
#include <sstream>

namespace ns3
{

namespace
{
/// Size of part \p i of \p total split into \p parts nearly equal parts.
uint64_t
Part(uint64_t total, uint32_t parts, uint32_t i)
{
    return total / parts + (i < total % parts ? 1 : 0);
}

/// Dependencies of a chunk: the op delivered to this rank for the same chunk, if any.
std::vector<uint32_t>
DepOn(int64_t op)
{
    return op < 0 ? std::vector<uint32_t>{} : std::vector<uint32_t>{static_cast<uint32_t>(op)};
}

using Builder = std::function<void(const CollectiveSpec&, CollectiveSchedule&)>;

/// Ring steps: ring reduce-scatter then (for all-reduce) all-gather.
void
RingSteps(CollectiveSchedule& s,
          const std::vector<uint32_t>& ranks,
          uint64_t bytes,
          uint32_t chunks,
          uint32_t steps,
          std::vector<std::vector<int64_t>>& lastRecv)
{
    const auto n = static_cast<uint32_t>(ranks.size());
    for (uint32_t step = 0; step < steps; ++step)
    {
        std::vector<std::vector<int64_t>> received(n, std::vector<int64_t>(chunks, -1));
        for (uint32_t pos = 0; pos < n; ++pos)
        {
            const uint32_t next = (pos + 1) % n;
            // Segment sent by this position at this step (ring order), split in chunks.
            const uint32_t segment = (pos + n - step % n) % n;
            const uint64_t segBytes = Part(bytes, n, segment);
            for (uint32_t c = 0; c < chunks; ++c)
            {
                const uint64_t chunkBytes = Part(segBytes, chunks, c);
                const uint32_t op =
                    s.AddOp(ranks[pos], ranks[next], chunkBytes, DepOn(lastRecv[pos][c]));
                received[next][c] = op;
            }
        }
        lastRecv = received;
    }
}

void
BuildRingAllReduce(const CollectiveSpec& spec, CollectiveSchedule& s)
{
    std::vector<uint32_t> ranks(spec.nRanks);
    for (uint32_t r = 0; r < spec.nRanks; ++r)
    {
        ranks[r] = r;
    }
    std::vector<std::vector<int64_t>> last(spec.nRanks, std::vector<int64_t>(spec.chunks, -1));
    RingSteps(s, ranks, spec.bytes, spec.chunks, 2 * (spec.nRanks - 1), last);
}

void
BuildRingHalf(const CollectiveSpec& spec, CollectiveSchedule& s)
{
    std::vector<uint32_t> ranks(spec.nRanks);
    for (uint32_t r = 0; r < spec.nRanks; ++r)
    {
        ranks[r] = r;
    }
    std::vector<std::vector<int64_t>> last(spec.nRanks, std::vector<int64_t>(spec.chunks, -1));
    RingSteps(s, ranks, spec.bytes, spec.chunks, spec.nRanks - 1, last);
}

void
BuildHalvingDoubling(const CollectiveSpec& spec, CollectiveSchedule& s)
{
    const uint32_t n = spec.nRanks;
    std::vector<int64_t> last(n, -1);
    // Each rank owns a byte range [lo, hi) of the buffer. Recursive halving (reduce-scatter),
    // distances n/2, n/4, ..., 1: partners split their common range, the rank whose bit d is
    // clear keeping the lower part (floor of half), and each sends the other part. Recursive
    // doubling (all-gather), distances 1, 2, ..., n/2: each sends its range and the two merge.
    // Exact for any S: every rank ends the halving with its own share, and S - share goes
    // each way.
    std::vector<uint64_t> lo(n, 0);
    std::vector<uint64_t> hi(n, spec.bytes);
    std::vector<uint32_t> distances;
    for (uint32_t d = n / 2; d >= 1; d /= 2)
    {
        distances.push_back(d);
    }
    auto exchange = [&](uint32_t d, const std::vector<uint64_t>& bytes) {
        std::vector<int64_t> received(n, -1);
        for (uint32_t r = 0; r < n; ++r)
        {
            const uint32_t partner = r ^ d;
            for (uint32_t c = 0; c < spec.chunks; ++c)
            {
                const uint32_t op =
                    s.AddOp(r, partner, Part(bytes[r], spec.chunks, c), DepOn(last[r]));
                received[partner] = op;
            }
        }
        last = received;
    };
    for (uint32_t d : distances)
    {
        std::vector<uint64_t> send(n);
        std::vector<uint64_t> newLo(lo);
        std::vector<uint64_t> newHi(hi);
        for (uint32_t r = 0; r < n; ++r)
        {
            const uint64_t mid = lo[r] + (hi[r] - lo[r]) / 2;
            const bool lower = (r & d) == 0;
            send[r] = lower ? hi[r] - mid : mid - lo[r];
            (lower ? newHi[r] : newLo[r]) = mid;
        }
        lo = newLo;
        hi = newHi;
        exchange(d, send);
    }
    for (auto it = distances.rbegin(); it != distances.rend(); ++it)
    {
        const uint32_t d = *it;
        std::vector<uint64_t> send(n);
        for (uint32_t r = 0; r < n; ++r)
        {
            send[r] = hi[r] - lo[r];
        }
        std::vector<uint64_t> newLo(lo);
        std::vector<uint64_t> newHi(hi);
        for (uint32_t r = 0; r < n; ++r)
        {
            newLo[r] = std::min(lo[r], lo[r ^ d]);
            newHi[r] = std::max(hi[r], hi[r ^ d]);
        }
        lo = newLo;
        hi = newHi;
        exchange(d, send);
    }
}

/// Binary tree in heap order over positions 0..n-1 mapped to ranks by \p label.
void
TreeAllReduce(CollectiveSchedule& s,
              uint32_t n,
              uint64_t bytes,
              uint32_t chunks,
              const std::function<uint32_t(uint32_t)>& label)
{
    // Reduce up: chunk c at a node goes to its parent once all its children's chunk c arrived.
    std::vector<std::vector<std::vector<uint32_t>>> fromChildren(
        n,
        std::vector<std::vector<uint32_t>>(chunks));
    std::vector<std::vector<int64_t>> up(n, std::vector<int64_t>(chunks, -1));
    for (int64_t pos = n - 1; pos >= 1; --pos)
    {
        const uint32_t parent = static_cast<uint32_t>((pos - 1) / 2);
        for (uint32_t c = 0; c < chunks; ++c)
        {
            const uint32_t op =
                s.AddOp(label(pos), label(parent), Part(bytes, chunks, c), fromChildren[pos][c]);
            fromChildren[parent][c].push_back(op);
            up[pos][c] = op;
        }
    }
    // Broadcast down: the root has chunk c once its children's chunk c arrived.
    std::vector<std::vector<std::vector<uint32_t>>> have(
        n,
        std::vector<std::vector<uint32_t>>(chunks));
    for (uint32_t c = 0; c < chunks; ++c)
    {
        have[0][c] = fromChildren[0][c];
    }
    for (uint32_t pos = 1; pos < n; ++pos)
    {
        const uint32_t parent = (pos - 1) / 2;
        for (uint32_t c = 0; c < chunks; ++c)
        {
            const uint32_t op =
                s.AddOp(label(parent), label(pos), Part(bytes, chunks, c), have[parent][c]);
            have[pos][c] = {op};
        }
    }
}

void
BuildDoubleBinaryTree(const CollectiveSpec& spec, CollectiveSchedule& s)
{
    // Two trees, each reducing and broadcasting half of the data; the second is the first
    // mirrored (rank n-1-i), so that most leaves of one are inner nodes of the other.
    const uint32_t n = spec.nRanks;
    const uint64_t half1 = spec.bytes / 2 + spec.bytes % 2;
    const uint64_t half2 = spec.bytes / 2;
    TreeAllReduce(s, n, half1, spec.chunks, [](uint32_t p) { return p; });
    if (half2 > 0)
    {
        TreeAllReduce(s, n, half2, spec.chunks, [n](uint32_t p) { return n - 1 - p; });
    }
}

void
BuildDirectAllToAll(const CollectiveSpec& spec, CollectiveSchedule& s)
{
    const uint32_t n = spec.nRanks;
    // Pairwise: in round k every rank sends its block to rank + k; rounds are independent.
    for (uint32_t k = 1; k < n; ++k)
    {
        for (uint32_t r = 0; r < n; ++r)
        {
            const uint32_t dst = (r + k) % n;
            const uint64_t block = Part(spec.bytes, n, dst);
            for (uint32_t c = 0; c < spec.chunks; ++c)
            {
                s.AddOp(r, dst, Part(block, spec.chunks, c));
            }
        }
    }
}

void
BuildRingBroadcast(const CollectiveSpec& spec, CollectiveSchedule& s)
{
    // Pipelined chain root -> root+1 -> ...: each rank forwards chunk c once it has it.
    const uint32_t n = spec.nRanks;
    std::vector<int64_t> have(spec.chunks, -1);
    for (uint32_t k = 0; k + 1 < n; ++k)
    {
        const uint32_t from = (spec.root + k) % n;
        const uint32_t to = (spec.root + k + 1) % n;
        for (uint32_t c = 0; c < spec.chunks; ++c)
        {
            have[c] = s.AddOp(from, to, Part(spec.bytes, spec.chunks, c), DepOn(have[c]));
        }
    }
}

void
BuildBinomialBroadcast(const CollectiveSpec& spec, CollectiveSchedule& s)
{
    const uint32_t n = spec.nRanks;
    std::vector<std::vector<int64_t>> have(n, std::vector<int64_t>(spec.chunks, -1));
    // Relative rank v holds the data after round floor(log2 v); in round k, v < 2^k sends to v +
    // 2^k.
    for (uint32_t dist = 1; dist < n; dist *= 2)
    {
        for (uint32_t v = 0; v < dist && v + dist < n; ++v)
        {
            const uint32_t from = (spec.root + v) % n;
            const uint32_t to = (spec.root + v + dist) % n;
            for (uint32_t c = 0; c < spec.chunks; ++c)
            {
                have[v + dist][c] =
                    s.AddOp(from, to, Part(spec.bytes, spec.chunks, c), DepOn(have[v][c]));
            }
        }
    }
}

void
BuildRingReduce(const CollectiveSpec& spec, CollectiveSchedule& s)
{
    // Pipelined chain into the root, ... -> root+2 -> root+1 -> root: each rank adds its buffer
    // to chunk c and forwards it once it has received it.
    const uint32_t n = spec.nRanks;
    std::vector<int64_t> have(spec.chunks, -1);
    for (uint32_t k = n - 1; k >= 1; --k)
    {
        const uint32_t from = (spec.root + k) % n;
        const uint32_t to = (spec.root + k - 1) % n;
        for (uint32_t c = 0; c < spec.chunks; ++c)
        {
            have[c] = s.AddOp(from, to, Part(spec.bytes, spec.chunks, c), DepOn(have[c]));
        }
    }
}

void
BuildBinomialReduce(const CollectiveSpec& spec, CollectiveSchedule& s)
{
    // The binomial broadcast reversed: in the round of distance d (largest first), relative
    // rank v + d sends its partial sum to v once it has every contribution of its subtree.
    const uint32_t n = spec.nRanks;
    std::vector<std::vector<std::vector<uint32_t>>> received(
        n,
        std::vector<std::vector<uint32_t>>(spec.chunks));
    uint32_t top = 1;
    while (top * 2 < n)
    {
        top *= 2;
    }
    for (uint32_t dist = top; dist >= 1; dist /= 2)
    {
        for (uint32_t v = 0; v < dist && v + dist < n; ++v)
        {
            const uint32_t from = (spec.root + v + dist) % n;
            const uint32_t to = (spec.root + v) % n;
            for (uint32_t c = 0; c < spec.chunks; ++c)
            {
                received[v][c].push_back(
                    s.AddOp(from, to, Part(spec.bytes, spec.chunks, c), received[v + dist][c]));
            }
        }
    }
}

/// Every other rank's block of S/N straight to the root (\p toRoot: gather) or from it
/// (scatter), all at once.
void
BuildDirectRoot(const CollectiveSpec& spec, CollectiveSchedule& s, bool toRoot)
{
    const uint32_t n = spec.nRanks;
    for (uint32_t r = 0; r < n; ++r)
    {
        if (r == spec.root)
        {
            continue;
        }
        const uint64_t block = Part(spec.bytes, n, r);
        for (uint32_t c = 0; c < spec.chunks; ++c)
        {
            s.AddOp(toRoot ? r : spec.root, toRoot ? spec.root : r, Part(block, spec.chunks, c));
        }
    }
}

void
BuildDirectGather(const CollectiveSpec& spec, CollectiveSchedule& s)
{
    BuildDirectRoot(spec, s, true);
}

void
BuildDirectScatter(const CollectiveSpec& spec, CollectiveSchedule& s)
{
    BuildDirectRoot(spec, s, false);
}

void
BuildDisseminationBarrier(const CollectiveSpec& spec, CollectiveSchedule& s)
{
    // Dissemination: in round k every rank r sends S bytes to r + 2^k once it has heard from
    // r - 2^(k-1) in round k - 1; after ceil(log2 N) rounds every rank has heard from all.
    const uint32_t n = spec.nRanks;
    const uint64_t bytes = std::max<uint64_t>(1, spec.bytes);
    std::vector<int64_t> heard(n, -1); // The op that reached each rank in the last round
    for (uint32_t dist = 1; dist < n; dist *= 2)
    {
        std::vector<int64_t> next(n, -1);
        for (uint32_t r = 0; r < n; ++r)
        {
            next[(r + dist) % n] = s.AddOp(r, (r + dist) % n, bytes, DepOn(heard[r]));
        }
        heard = next;
    }
}

void
BuildSendRecv(const CollectiveSpec& spec, CollectiveSchedule& s)
{
    const uint32_t dst = (spec.root + 1) % spec.nRanks;
    for (uint32_t c = 0; c < spec.chunks; ++c)
    {
        s.AddOp(spec.root, dst, Part(spec.bytes, spec.chunks, c));
    }
}

void
BuildHierarchicalAllReduce(const CollectiveSpec& spec, CollectiveSchedule& s)
{
    // NCCL on rail-optimized fabrics: reduce-scatter inside each server, all-reduce across
    // servers on each rail (GPU g of every server) of the segment GPU g then owns, all-gather
    // inside each server.
    const uint32_t g = spec.ranksPerServer;
    const uint32_t m = spec.nRanks / g;
    // The ring reduce-scatter leaves GPU k with segment (k + 1) mod G, of Part(S, G, k + 1).
    auto share = [&](uint32_t k) { return Part(spec.bytes, g, (k + 1) % g); };
    // One phase: a ring sub-collective on each group, mapped to this schedule's ranks.
    auto phase = [&](CollectiveKind kind, bool acrossServers) {
        const uint32_t size = acrossServers ? m : g;
        const uint32_t groups = acrossServers ? g : m;
        if (size < 2)
        {
            return;
        }
        for (uint32_t k = 0; k < groups; ++k)
        {
            const CollectiveSpec sub =
                CollectiveSpec::Of(kind, size, acrossServers ? share(k) : spec.bytes)
                    .WithAlgorithm(CollectiveAlgorithm::RING)
                    .WithChunks(spec.chunks);
            CollectiveSchedule part(sub.kind.GetName(),
                                    sub.algorithm.GetName(),
                                    sub.nRanks,
                                    sub.bytes);
            if (kind == CollectiveKind::ALLREDUCE)
            {
                BuildRingAllReduce(sub, part);
            }
            else
            {
                BuildRingHalf(sub, part);
            }
            std::vector<uint32_t> map(size);
            for (uint32_t i = 0; i < size; ++i)
            {
                map[i] = acrossServers ? i * g + k : k * g + i;
            }
            s.AppendSequential(part, map);
        }
    };
    // Groups of one phase use disjoint ranks, so they do not wait for each other.
    phase(CollectiveKind::REDUCESCATTER, false);
    phase(CollectiveKind::ALLREDUCE, true);
    phase(CollectiveKind::ALLGATHER, false);
}

/// (kind, algorithm) as registry key.
using AlgorithmKey = std::pair<CollectiveKind::Value, CollectiveAlgorithm::Value>;

/// The registry: (kind, algorithm) -> builder, in kind then algorithm order.
const std::map<AlgorithmKey, Builder>&
Registry()
{
    static const std::map<AlgorithmKey, Builder> registry{
        {{CollectiveKind::ALLREDUCE, CollectiveAlgorithm::RING}, BuildRingAllReduce},
        {{CollectiveKind::ALLREDUCE, CollectiveAlgorithm::TREE}, BuildDoubleBinaryTree},
        {{CollectiveKind::ALLREDUCE, CollectiveAlgorithm::HD}, BuildHalvingDoubling},
        {{CollectiveKind::ALLREDUCE, CollectiveAlgorithm::HIERARCHICAL},
         BuildHierarchicalAllReduce},
        {{CollectiveKind::REDUCESCATTER, CollectiveAlgorithm::RING}, BuildRingHalf},
        {{CollectiveKind::ALLGATHER, CollectiveAlgorithm::RING}, BuildRingHalf},
        {{CollectiveKind::ALLTOALL, CollectiveAlgorithm::DIRECT}, BuildDirectAllToAll},
        {{CollectiveKind::BROADCAST, CollectiveAlgorithm::RING}, BuildRingBroadcast},
        {{CollectiveKind::BROADCAST, CollectiveAlgorithm::TREE}, BuildBinomialBroadcast},
        {{CollectiveKind::SENDRECV, CollectiveAlgorithm::DIRECT}, BuildSendRecv},
        {{CollectiveKind::REDUCE, CollectiveAlgorithm::RING}, BuildRingReduce},
        {{CollectiveKind::REDUCE, CollectiveAlgorithm::TREE}, BuildBinomialReduce},
        {{CollectiveKind::GATHER, CollectiveAlgorithm::DIRECT}, BuildDirectGather},
        {{CollectiveKind::SCATTER, CollectiveAlgorithm::DIRECT}, BuildDirectScatter},
        {{CollectiveKind::BARRIER, CollectiveAlgorithm::DIRECT}, BuildDisseminationBarrier},
    };
    return registry;
}

/// \param [in] kind A kind \return the usual algorithm of the kind
CollectiveAlgorithm
DefaultAlgorithm(CollectiveKind kind)
{
    switch (kind)
    {
    case CollectiveKind::ALLTOALL:
    case CollectiveKind::SENDRECV:
    case CollectiveKind::GATHER:
    case CollectiveKind::SCATTER:
    case CollectiveKind::BARRIER:
        return CollectiveAlgorithm::DIRECT;
    default:
        return CollectiveAlgorithm::RING;
    }
}
} // namespace

CollectiveSpec
CollectiveSpec::Of(CollectiveKind kind, uint32_t nRanks, uint64_t bytes)
{
    CollectiveSpec spec;
    spec.kind = kind;
    spec.algorithm = DefaultAlgorithm(kind);
    spec.nRanks = nRanks;
    spec.bytes = bytes;
    return spec;
}

CollectiveSpec&
CollectiveSpec::WithAlgorithm(CollectiveAlgorithm a)
{
    algorithm = a;
    return *this;
}

CollectiveSpec&
CollectiveSpec::WithChunks(uint32_t n)
{
    chunks = n;
    return *this;
}

CollectiveSpec&
CollectiveSpec::WithRanksPerServer(uint32_t g)
{
    ranksPerServer = g;
    return *this;
}

CollectiveSpec&
CollectiveSpec::WithRoot(uint32_t r)
{
    root = r;
    return *this;
}

std::vector<std::pair<CollectiveKind, CollectiveAlgorithm>>
CollectiveAlgorithms::GetSupported()
{
    std::vector<std::pair<CollectiveKind, CollectiveAlgorithm>> out;
    for (const auto& entry : Registry())
    {
        out.emplace_back(entry.first.first, entry.first.second);
    }
    return out;
}

bool
CollectiveAlgorithms::IsSupported(CollectiveKind kind, CollectiveAlgorithm algorithm)
{
    return Registry().count({kind, algorithm}) > 0;
}

bool
CollectiveAlgorithms::Build(const CollectiveSpec& spec,
                            CollectiveSchedule& schedule,
                            std::string& error)
{
    if (!spec.kind.IsValid())
    {
        error = "'" + spec.kind.GetName() +
                "' is not a collective kind (allowed: " + CollectiveKind::GetNames().GetList() +
                ")";
        return false;
    }
    if (!spec.algorithm.IsValid())
    {
        error = "'" + spec.algorithm.GetName() + "' is not a collective algorithm (allowed: " +
                CollectiveAlgorithm::GetNames().GetList() + ")";
        return false;
    }
    const auto& registry = Registry();
    const auto it = registry.find({spec.kind, spec.algorithm});
    if (it == registry.end())
    {
        std::ostringstream err;
        err << "no algorithm '" << spec.algorithm.GetName() << "' for collective '"
            << spec.kind.GetName() << "' (supported:";
        for (const auto& entry : registry)
        {
            err << " " << CollectiveKind(entry.first.first).GetName() << "/"
                << CollectiveAlgorithm(entry.first.second).GetName();
        }
        err << ")";
        error = err.str();
        return false;
    }
    if (spec.nRanks < 2)
    {
        error = "a collective needs at least 2 ranks (got " + std::to_string(spec.nRanks) + ")";
        return false;
    }
    if (spec.bytes == 0)
    {
        error = "the message size must be positive (got 0 bytes)";
        return false;
    }
    if (spec.chunks == 0 || spec.chunks > spec.bytes)
    {
        error = "chunks must be in 1.." + std::to_string(spec.bytes) + " (got " +
                std::to_string(spec.chunks) + ")";
        return false;
    }
    if (spec.algorithm == CollectiveAlgorithm::HD && (spec.nRanks & (spec.nRanks - 1)) != 0)
    {
        error = "halving-doubling needs a power-of-2 group size (got " +
                std::to_string(spec.nRanks) + ")";
        return false;
    }
    if (spec.algorithm == CollectiveAlgorithm::HIERARCHICAL &&
        (spec.ranksPerServer < 1 || spec.nRanks % spec.ranksPerServer != 0 ||
         spec.nRanks / spec.ranksPerServer < 2))
    {
        error = "hierarchical all-reduce needs at least 2 servers of ranksPerServer GPUs (got " +
                std::to_string(spec.nRanks) + " ranks, " + std::to_string(spec.ranksPerServer) +
                " per server)";
        return false;
    }
    if (spec.root >= spec.nRanks)
    {
        error = "root " + std::to_string(spec.root) + " is not a rank of a group of " +
                std::to_string(spec.nRanks);
        return false;
    }
    CollectiveSchedule built(spec.kind.GetName(),
                             spec.algorithm.GetName(),
                             spec.nRanks,
                             spec.bytes);
    it->second(spec, built);
    // S below N (or a segment below the chunk count) leaves empty segments: nothing to send.
    built.RemoveEmptyOps();
    const std::string problem = built.Validate();
    if (!problem.empty())
    {
        error = "internal error in " + spec.kind.GetName() + "/" + spec.algorithm.GetName() + ": " +
                problem;
        return false;
    }
    schedule = built;
    return true;
}

double
CollectiveAlgorithms::AlphaBetaTime(CollectiveKind kind,
                                    CollectiveAlgorithm algorithm,
                                    uint32_t nRanks,
                                    double bytes,
                                    double bytesPerSecond,
                                    double alpha)
{
    if (nRanks < 2 || !(bytesPerSecond > 0) || !(bytes >= 0) || !(alpha >= 0))
    {
        return std::nan("");
    }
    const double n = nRanks;
    const double frac = (n - 1) / n;
    if (kind == CollectiveKind::ALLREDUCE && algorithm == CollectiveAlgorithm::RING)
    {
        // Reduce-scatter then all-gather: 2(N-1) dependent steps of S/N each.
        return 2 * (n - 1) * alpha + 2 * frac * bytes / bytesPerSecond;
    }
    if (kind == CollectiveKind::ALLREDUCE && algorithm == CollectiveAlgorithm::HD &&
        (nRanks & (nRanks - 1)) == 0)
    {
        // log2 N halving steps then log2 N doubling steps; (N-1)/N S each way.
        return 2 * std::log2(n) * alpha + 2 * frac * bytes / bytesPerSecond;
    }
    if ((kind == CollectiveKind::REDUCESCATTER || kind == CollectiveKind::ALLGATHER) &&
        algorithm == CollectiveAlgorithm::RING)
    {
        return (n - 1) * alpha + frac * bytes / bytesPerSecond;
    }
    if (kind == CollectiveKind::ALLTOALL && algorithm == CollectiveAlgorithm::DIRECT)
    {
        // Every block leaves at once: one latency, (N-1)/N S through each host's link.
        return alpha + frac * bytes / bytesPerSecond;
    }
    if (kind == CollectiveKind::SENDRECV && algorithm == CollectiveAlgorithm::DIRECT)
    {
        return alpha + bytes / bytesPerSecond;
    }
    if ((kind == CollectiveKind::GATHER || kind == CollectiveKind::SCATTER) &&
        algorithm == CollectiveAlgorithm::DIRECT)
    {
        // One latency; the root's link carries the N-1 blocks of the others.
        return alpha + frac * bytes / bytesPerSecond;
    }
    if (kind == CollectiveKind::REDUCE && algorithm == CollectiveAlgorithm::RING)
    {
        // A chain of N-1 hops of the whole buffer (one chunk).
        return (n - 1) * (alpha + bytes / bytesPerSecond);
    }
    if ((kind == CollectiveKind::REDUCE && algorithm == CollectiveAlgorithm::TREE) ||
        (kind == CollectiveKind::BARRIER && algorithm == CollectiveAlgorithm::DIRECT))
    {
        // ceil(log2 N) rounds of one message each (a barrier's messages of S, at least 1 B).
        const double message = kind == CollectiveKind::BARRIER ? std::max(1.0, bytes) : bytes;
        return std::ceil(std::log2(n)) * (alpha + message / bytesPerSecond);
    }
    return std::nan("");
}

std::shared_ptr<const CollectiveSchedule>
CollectiveScheduleCache::Get(CollectiveKind kind,
                             CollectiveAlgorithm algorithm,
                             uint32_t nRanks,
                             uint64_t bytes,
                             const std::string& who)
{
    const Key key(kind, algorithm, nRanks, bytes);
    auto it = m_schedules.find(key);
    if (it == m_schedules.end())
    {
        const CollectiveSpec spec =
            CollectiveSpec::Of(kind, nRanks, bytes).WithAlgorithm(algorithm);
        auto schedule = std::make_shared<CollectiveSchedule>(kind.GetName(),
                                                             algorithm.GetName(),
                                                             spec.nRanks,
                                                             spec.bytes);
        std::string error;
        if (!CollectiveAlgorithms::Build(spec, *schedule, error))
        {
            NS_FATAL_ERROR(who << ": " << error);
        }
        error = schedule->Validate();
        NS_ABORT_MSG_IF(!error.empty(), who << ": " << error);
        it = m_schedules.emplace(key, std::move(schedule)).first;
    }
    return it->second;
}

} // namespace ns3
