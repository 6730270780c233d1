/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "execution-graph.h"

#include "collective-algorithms.h"

#include "ns3/abort.h"
#include "ns3/log.h"

#include <algorithm>
#include <cmath>
#include <queue>
#include <set>
#include <sstream>
#include <tuple>
#include <unordered_map>
#include <unordered_set>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("ExecutionGraph");

namespace
{

/// \param [in] rank A rank \param [in] node Its node \return "rank R node ID (name)"
std::string
Where(uint32_t rank, const ExecNode& node)
{
    std::ostringstream s;
    s << "rank " << rank << " node " << node.id;
    if (!node.name.empty())
    {
        s << " (" << node.name << ")";
    }
    return s.str();
}

/// \param [in] node A collective \return whether CollectiveAlgorithms builds its pair
bool
IsSupported(const ExecNode& node)
{
    return CollectiveAlgorithms::IsSupported(node.collective, node.algorithm);
}

/// \return the supported pairs, "allreduce/ring, ..."
std::string
SupportedNames()
{
    std::string names;
    for (const auto& [kind, algorithm] : CollectiveAlgorithms::GetSupported())
    {
        names += (names.empty() ? "" : ", ") + kind.GetName() + "/" + algorithm.GetName();
    }
    return names;
}

/// \param [in] x A size or count \return true if finite and not negative
bool
IsAmount(double x)
{
    return std::isfinite(x) && x >= 0;
}

} // namespace

std::string
GetExecNodeKindName(ExecNodeKind kind)
{
    switch (kind)
    {
    case ExecNodeKind::COMPUTE:
        return "compute";
    case ExecNodeKind::COLLECTIVE:
        return "collective";
    case ExecNodeKind::SEND:
        return "send";
    case ExecNodeKind::RECV:
        return "recv";
    case ExecNodeKind::MEMORY_LOAD:
        return "memory-load";
    case ExecNodeKind::MEMORY_STORE:
        return "memory-store";
    }
    return "unknown";
}

ExecutionGraph::ExecutionGraph(uint32_t ranks, uint32_t replicas)
    : m_ranks(ranks),
      m_replicas(replicas),
      m_nodes(ranks),
      m_index(ranks)
{
    NS_ABORT_MSG_IF(ranks == 0, "ExecutionGraph: at least one rank");
    NS_ABORT_MSG_IF(replicas == 0, "ExecutionGraph: at least one replica per rank");
}

uint32_t
ExecutionGraph::GetNRanks() const
{
    return m_ranks;
}

uint32_t
ExecutionGraph::GetNReplicas() const
{
    return m_replicas;
}

ExecutionGraph
ExecutionGraph::Expand() const
{
    if (m_replicas == 1)
    {
        return *this;
    }
    ExecutionGraph flat(m_ranks * m_replicas);
    VisitExpanded([&flat](const std::string& name,
                          const std::vector<uint32_t>& ranks) { flat.AddGroup(name, ranks); },
                  [&flat](uint32_t rank, std::size_t, const ExecNode& node) {
                      flat.Add(rank, ExecNode(node));
                      return true;
                  });
    return flat;
}

bool
ExecutionGraph::VisitExpanded(
    const std::function<void(const std::string&, const std::vector<uint32_t>&)>& group,
    const std::function<bool(uint32_t, std::size_t, const ExecNode&)>& node) const
{
    const uint32_t w = m_replicas;
    auto replicaGroup = [](uint32_t r) { return "rank" + std::to_string(r) + ".replicas"; };
    auto groupOf = [](const std::string& name, uint32_t k) {
        return (name.empty() ? std::string("every") : name) + ".r" + std::to_string(k);
    };
    bool everyUsed = false;
    for (const auto& nodes : m_nodes)
    {
        for (const ExecNode& n : nodes)
        {
            everyUsed |= n.kind == ExecNodeKind::COLLECTIVE && !n.amongReplicas && n.group.empty();
        }
    }
    for (uint32_t k = 0; k < w; ++k)
    {
        for (const auto& [name, members] : m_groups)
        {
            std::vector<uint32_t> ranks;
            for (uint32_t g : members)
            {
                ranks.push_back(g * w + k);
            }
            group(groupOf(name, k), ranks);
        }
        // "every.rK" only if a collective uses every rank (a trace names only groups in use).
        if (everyUsed && !m_groups.count(groupOf("", k)))
        {
            std::vector<uint32_t> every;
            for (uint32_t g = 0; g < m_ranks; ++g)
            {
                every.push_back(g * w + k);
            }
            group(groupOf("", k), every);
        }
    }
    // One node object is filled for every expanded node in turn (assigning reuses its memory
    // and makes no new Time); synchronizations start from one zero-byte all-gather.
    ExecNode e;
    ExecNode sync;
    sync.kind = ExecNodeKind::COLLECTIVE;
    sync.collective = CollectiveKind::ALLGATHER;
    sync.algorithm = CollectiveAlgorithm::RING;
    for (uint32_t r = 0; r < m_ranks; ++r)
    {
        std::vector<uint32_t> replicas;
        for (uint32_t k = 0; k < w; ++k)
        {
            replicas.push_back(r * w + k);
        }
        const std::string own = replicaGroup(r);
        group(own, replicas);
        // Nodes whose replicas may finish apart, that others depend on: their dependents wait
        // on a synchronization.
        const auto& nodes = m_nodes[r];
        std::unordered_set<uint64_t> depended;
        uint64_t top = 0;
        for (const ExecNode& n : nodes)
        {
            top = std::max(top, n.id);
            depended.insert(n.dataDeps.begin(), n.dataDeps.end());
            depended.insert(n.ctrlDeps.begin(), n.ctrlDeps.end());
        }
        std::unordered_map<uint64_t, uint64_t> syncOf;
        for (const ExecNode& n : nodes)
        {
            const bool apart = n.kind == ExecNodeKind::SEND || n.kind == ExecNodeKind::RECV ||
                               (n.kind == ExecNodeKind::COLLECTIVE && !n.amongReplicas);
            if (apart && depended.count(n.id))
            {
                syncOf[n.id] = ++top;
            }
        }
        for (uint32_t k = 0; k < w; ++k)
        {
            const uint32_t fr = r * w + k;
            std::size_t index = 0;
            for (const ExecNode& n : nodes)
            {
                e = n;
                if (e.kind == ExecNodeKind::COLLECTIVE)
                {
                    e.group = e.amongReplicas ? own : groupOf(e.group, k);
                    e.amongReplicas = false;
                }
                else if (e.kind == ExecNodeKind::SEND || e.kind == ExecNodeKind::RECV)
                {
                    e.peer = e.peer * w + k;
                }
                for (auto* deps : {&e.dataDeps, &e.ctrlDeps})
                {
                    for (uint64_t& d : *deps)
                    {
                        const auto it = syncOf.find(d);
                        d = it == syncOf.end() ? d : it->second;
                    }
                }
                if (!node(fr, index++, e))
                {
                    return false;
                }
                const auto it = syncOf.find(n.id);
                if (it != syncOf.end())
                {
                    e = sync;
                    e.id = it->second;
                    e.name = "replicas of " + std::to_string(n.id);
                    e.group = own;
                    e.stream = n.stream;
                    e.dataDeps.assign(1, n.id);
                    if (!node(fr, index++, e))
                    {
                        return false;
                    }
                }
            }
        }
    }
    return true;
}

namespace
{

/// \return whether two nodes are the same, field for field
bool
SameNode(const ExecNode& a, const ExecNode& b)
{
    return a.id == b.id && a.name == b.name && a.kind == b.kind && a.duration == b.duration &&
           a.flops == b.flops && a.bytes == b.bytes && a.collective == b.collective &&
           a.algorithm == b.algorithm && a.group == b.group && a.amongReplicas == b.amongReplicas &&
           a.peer == b.peer && a.tag == b.tag && a.stream == b.stream && a.dataDeps == b.dataDeps &&
           a.ctrlDeps == b.ctrlDeps;
}

} // namespace

bool
ExecutionGraph::Fold(ExecutionGraph& folded) const
{
    // The replicas of rank 0 name the width; every rank R's replicas are consecutive.
    const auto first = m_groups.find("rank0.replicas");
    if (m_replicas != 1 || first == m_groups.end() || first->second.size() < 2 ||
        m_ranks % first->second.size() != 0)
    {
        return false;
    }
    const uint32_t w = static_cast<uint32_t>(first->second.size());
    const uint32_t n = m_ranks / w;
    const std::string suffix = ".r0";
    ExecutionGraph candidate(n, w);
    for (const auto& [name, members] : m_groups)
    {
        if (name.size() <= suffix.size() ||
            name.compare(name.size() - suffix.size(), suffix.size(), suffix) != 0)
        {
            continue;
        }
        const std::string base = name.substr(0, name.size() - suffix.size());
        if (base == "every")
        {
            continue;
        }
        std::vector<uint32_t> ranks;
        for (uint32_t g : members)
        {
            if (g % w != 0)
            {
                return false;
            }
            ranks.push_back(g / w);
        }
        candidate.AddGroup(base, ranks);
    }
    for (uint32_t r = 0; r < n; ++r)
    {
        const std::string own = "rank" + std::to_string(r) + ".replicas";
        const auto& nodes = m_nodes[r * w];
        // The synchronizations: zero-byte all-gathers among the replicas named for the node
        // they follow. Their dependents depended on that node.
        std::map<uint64_t, uint64_t> original;
        for (const ExecNode& e : nodes)
        {
            if (e.kind == ExecNodeKind::COLLECTIVE && e.group == own && e.bytes == 0 &&
                e.dataDeps.size() == 1 && e.ctrlDeps.empty() &&
                e.name == "replicas of " + std::to_string(e.dataDeps[0]))
            {
                original[e.id] = e.dataDeps[0];
            }
        }
        for (const ExecNode& e : nodes)
        {
            if (original.count(e.id))
            {
                continue;
            }
            ExecNode f = e;
            if (f.kind == ExecNodeKind::COLLECTIVE)
            {
                if (f.group == own)
                {
                    f.group.clear();
                    f.amongReplicas = true;
                }
                else if (f.group.size() > suffix.size() &&
                         f.group.compare(f.group.size() - suffix.size(), suffix.size(), suffix) ==
                             0)
                {
                    f.group = f.group.substr(0, f.group.size() - suffix.size());
                    f.group = f.group == "every" ? "" : f.group;
                }
                else
                {
                    return false;
                }
            }
            else if (f.kind == ExecNodeKind::SEND || f.kind == ExecNodeKind::RECV)
            {
                if (f.peer % w != 0)
                {
                    return false;
                }
                f.peer /= w;
            }
            for (auto* deps : {&f.dataDeps, &f.ctrlDeps})
            {
                for (uint64_t& d : *deps)
                {
                    const auto it = original.find(d);
                    d = it == original.end() ? d : it->second;
                }
            }
            if (candidate.Find(r, f.id))
            {
                return false;
            }
            candidate.Add(r, std::move(f));
        }
    }
    // Exact or nothing: the candidate's expansion must be this graph, group for group and node
    // for node (compared as they are made, none kept).
    std::map<std::string, std::vector<uint32_t>> groups;
    std::vector<std::size_t> matched(m_ranks, 0);
    const bool same = candidate.VisitExpanded(
        [&groups](const std::string& name, const std::vector<uint32_t>& ranks) {
            groups.emplace(name, ranks);
        },
        [this, &matched](uint32_t rank, std::size_t index, const ExecNode& node) {
            matched[rank] = index + 1;
            return index < m_nodes[rank].size() && SameNode(node, m_nodes[rank][index]);
        });
    if (!same || groups != m_groups)
    {
        return false;
    }
    for (uint32_t r = 0; r < m_ranks; ++r)
    {
        if (matched[r] != m_nodes[r].size()) // the expansion has fewer nodes
        {
            return false;
        }
    }
    folded = std::move(candidate);
    return true;
}

void
ExecutionGraph::AddGroup(const std::string& name, const std::vector<uint32_t>& ranks)
{
    NS_ABORT_MSG_IF(name.empty(), "ExecutionGraph::AddGroup: a group needs a name");
    NS_ABORT_MSG_IF(m_groups.count(name), "ExecutionGraph::AddGroup: group '" << name << "' twice");
    NS_ABORT_MSG_IF(ranks.empty(), "ExecutionGraph::AddGroup: group '" << name << "' is empty");
    std::set<uint32_t> seen;
    for (uint32_t r : ranks)
    {
        NS_ABORT_MSG_IF(r >= m_ranks,
                        "ExecutionGraph::AddGroup: group '" << name << "' has rank " << r << " of "
                                                            << m_ranks);
        NS_ABORT_MSG_IF(!seen.insert(r).second,
                        "ExecutionGraph::AddGroup: group '" << name << "' has rank " << r
                                                            << " twice");
    }
    m_groups[name] = ranks;
}

const std::map<std::string, std::vector<uint32_t>>&
ExecutionGraph::GetGroups() const
{
    return m_groups;
}

std::vector<uint32_t>
ExecutionGraph::GetGroupRanks(const std::string& group) const
{
    if (group.empty())
    {
        std::vector<uint32_t> all(m_ranks);
        for (uint32_t r = 0; r < m_ranks; ++r)
        {
            all[r] = r;
        }
        return all;
    }
    auto it = m_groups.find(group);
    return it == m_groups.end() ? std::vector<uint32_t>{} : it->second;
}

void
ExecutionGraph::Add(uint32_t rank, const ExecNode& node)
{
    Add(rank, ExecNode(node));
}

void
ExecutionGraph::Add(uint32_t rank, ExecNode&& node)
{
    NS_ABORT_MSG_IF(rank >= m_ranks,
                    "ExecutionGraph::Add: rank " << rank << " of " << m_ranks << " ranks");
    NS_ABORT_MSG_IF(!m_index[rank].emplace(node.id, m_nodes[rank].size()).second,
                    "ExecutionGraph::Add: " << Where(rank, node) << ": id used twice");
    m_nodes[rank].push_back(std::move(node));
}

void
ExecutionGraph::SetNodes(uint32_t rank, std::vector<ExecNode>&& nodes)
{
    NS_ABORT_MSG_IF(rank >= m_ranks,
                    "ExecutionGraph::SetNodes: rank " << rank << " of " << m_ranks << " ranks");
    NS_ABORT_MSG_IF(!m_nodes[rank].empty(),
                    "ExecutionGraph::SetNodes: rank " << rank << " has nodes already");
    m_index[rank].reserve(nodes.size());
    for (std::size_t i = 0; i < nodes.size(); ++i)
    {
        NS_ABORT_MSG_IF(!m_index[rank].emplace(nodes[i].id, i).second,
                        "ExecutionGraph::SetNodes: " << Where(rank, nodes[i]) << ": id used twice");
    }
    m_nodes[rank] = std::move(nodes);
}

void
ExecutionGraph::Reserve(uint32_t rank, std::size_t nodes)
{
    NS_ABORT_MSG_IF(rank >= m_ranks,
                    "ExecutionGraph::Reserve: rank " << rank << " of " << m_ranks << " ranks");
    m_nodes[rank].reserve(nodes);
    m_index[rank].reserve(nodes);
}

const std::vector<ExecNode>&
ExecutionGraph::GetNodes(uint32_t rank) const
{
    NS_ABORT_MSG_IF(rank >= m_ranks,
                    "ExecutionGraph::GetNodes: rank " << rank << " of " << m_ranks << " ranks");
    return m_nodes[rank];
}

const ExecNode*
ExecutionGraph::Find(uint32_t rank, uint64_t id) const
{
    if (rank >= m_ranks)
    {
        return nullptr;
    }
    auto it = m_index[rank].find(id);
    return it == m_index[rank].end() ? nullptr : &m_nodes[rank][it->second];
}

std::size_t
ExecutionGraph::GetNNodes() const
{
    std::size_t n = 0;
    for (const auto& nodes : m_nodes)
    {
        n += nodes.size();
    }
    return n;
}

bool
ExecutionGraph::Validate(std::string& error) const
{
    std::vector<std::vector<std::size_t>> orders(m_ranks);
    for (uint32_t r = 0; r < m_ranks; ++r)
    {
        if (!CheckRank(r, orders[r], error))
        {
            return false;
        }
    }
    return CheckCollectives(orders, error) && CheckMessages(orders, error);
}

std::string
ExecutionGraph::NodeProblem(uint32_t rank, const ExecNode& node) const
{
    // A message is built only for a node at fault: most nodes are fine, and a stream per node
    // costs more than the checks.
    const bool collective = node.kind == ExecNodeKind::COLLECTIVE;
    if (node.duration.IsStrictlyNegative())
    {
        std::ostringstream why;
        why << "negative duration " << node.duration.As(Time::US);
        return why.str();
    }
    if (!IsAmount(node.flops) || !IsAmount(node.bytes))
    {
        std::ostringstream why;
        why << "flops " << node.flops << " and bytes " << node.bytes
            << " must be finite and not negative";
        return why.str();
    }
    if (collective && !node.collective.IsValid())
    {
        return "collective of unknown kind '" + node.collective.GetName() + "'";
    }
    if (collective && !IsSupported(node))
    {
        return "no algorithm " + node.algorithm.GetName() + " for " + node.collective.GetName() +
               " (" + SupportedNames() + ")";
    }
    if (collective && !node.amongReplicas && !node.group.empty())
    {
        const auto group = m_groups.find(node.group);
        if (group == m_groups.end())
        {
            return "unknown process group '" + node.group + "'";
        }
        if (std::find(group->second.begin(), group->second.end(), rank) == group->second.end())
        {
            return "collective on group '" + node.group + "', which rank " + std::to_string(rank) +
                   " is not in";
        }
    }
    if ((node.kind == ExecNodeKind::SEND || node.kind == ExecNodeKind::RECV) &&
        (node.peer >= m_ranks || node.peer == rank))
    {
        return GetExecNodeKindName(node.kind) + " with peer " + std::to_string(node.peer) +
               " (ranks 0 to " + std::to_string(m_ranks - 1) + ", not itself)";
    }
    for (const auto* deps : {&node.dataDeps, &node.ctrlDeps})
    {
        for (uint64_t d : *deps)
        {
            if (!m_index[rank].count(d))
            {
                return std::string(deps == &node.dataDeps ? "data" : "control") +
                       " dependency on unknown node " + std::to_string(d);
            }
        }
    }
    return "";
}

bool
ExecutionGraph::CheckRank(uint32_t rank, std::vector<std::size_t>& order, std::string& error) const
{
    for (const ExecNode& node : m_nodes[rank])
    {
        const std::string why = NodeProblem(rank, node);
        if (!why.empty())
        {
            error = Where(rank, node) + ": " + why;
            return false;
        }
    }
    order = GetOrder(rank);
    if (order.size() < m_nodes[rank].size())
    {
        // Kahn's order stops at a cycle: name a node on one (the first not ordered).
        std::vector<bool> placed(m_nodes[rank].size(), false);
        for (std::size_t i : order)
        {
            placed[i] = true;
        }
        const auto first = std::find(placed.begin(), placed.end(), false) - placed.begin();
        error = Where(rank, m_nodes[rank][first]) + ": on a dependency cycle (" +
                std::to_string(m_nodes[rank].size() - order.size()) +
                " nodes of the rank never become ready)";
        return false;
    }
    return true;
}

std::vector<std::size_t>
ExecutionGraph::GetDependencies(uint32_t rank, std::size_t index) const
{
    const ExecNode& node = m_nodes[rank][index];
    std::vector<std::size_t> out;
    out.reserve(node.dataDeps.size() + node.ctrlDeps.size());
    for (const auto* deps : {&node.dataDeps, &node.ctrlDeps})
    {
        for (uint64_t d : *deps)
        {
            const auto it = m_index[rank].find(d);
            // A node named twice (data and control) counts once.
            if (it != m_index[rank].end() &&
                std::find(out.begin(), out.end(), it->second) == out.end())
            {
                out.push_back(it->second);
            }
        }
    }
    return out;
}

std::vector<std::size_t>
ExecutionGraph::GetOrder(uint32_t rank) const
{
    const auto& nodes = GetNodes(rank);
    const std::size_t n = nodes.size();
    std::vector<uint32_t> waiting(n, 0);
    std::vector<std::vector<std::size_t>> next(n);
    for (std::size_t i = 0; i < n; ++i)
    {
        for (std::size_t j : GetDependencies(rank, i))
        {
            ++waiting[i];
            next[j].push_back(i);
        }
    }
    std::priority_queue<std::size_t, std::vector<std::size_t>, std::greater<>> ready;
    for (std::size_t i = 0; i < n; ++i)
    {
        if (waiting[i] == 0)
        {
            ready.push(i);
        }
    }
    std::vector<std::size_t> order;
    order.reserve(n);
    while (!ready.empty())
    {
        const std::size_t i = ready.top();
        ready.pop();
        order.push_back(i);
        for (std::size_t j : next[i])
        {
            if (--waiting[j] == 0)
            {
                ready.push(j);
            }
        }
    }
    return order;
}

bool
ExecutionGraph::CheckCollectives(const std::vector<std::vector<std::size_t>>& orders,
                                 std::string& error) const
{
    // The i-th collective of a group on each member, in the member's dependency order.
    std::map<std::string, std::vector<std::vector<std::pair<uint32_t, const ExecNode*>>>> seq;
    for (uint32_t r = 0; r < m_ranks; ++r)
    {
        for (std::size_t i : orders[r])
        {
            const ExecNode& node = m_nodes[r][i];
            if (node.kind != ExecNodeKind::COLLECTIVE || node.amongReplicas)
            {
                continue;
            }
            auto& perRank = seq[node.group];
            perRank.resize(m_ranks);
            perRank[r].emplace_back(r, &node);
        }
    }
    for (const auto& [group, perRank] : seq)
    {
        const auto members = GetGroupRanks(group);
        const uint32_t first = members.front();
        const auto& reference = perRank[first];
        const std::string name = group.empty() ? "of every rank" : "'" + group + "'";
        for (uint32_t r : members)
        {
            if (perRank[r].size() != reference.size())
            {
                std::ostringstream s;
                s << "group " << name << ": rank " << r << " has " << perRank[r].size()
                  << " collectives, rank " << first << " has " << reference.size();
                error = s.str();
                return false;
            }
            for (std::size_t k = 0; k < reference.size(); ++k)
            {
                const ExecNode& a = *reference[k].second;
                const ExecNode& b = *perRank[r][k].second;
                if (a.collective != b.collective || a.algorithm != b.algorithm ||
                    a.bytes != b.bytes)
                {
                    std::ostringstream s;
                    s << Where(r, b) << ": collective " << k + 1 << " of group " << name << " is "
                      << b.collective.GetName() << "/" << b.algorithm.GetName() << " of " << b.bytes
                      << " B, but " << Where(first, a) << " is " << a.collective.GetName() << "/"
                      << a.algorithm.GetName() << " of " << a.bytes << " B";
                    error = s.str();
                    return false;
                }
            }
        }
    }
    return true;
}

bool
ExecutionGraph::CheckMessages(const std::vector<std::vector<std::size_t>>& orders,
                              std::string& error) const
{
    // Sends and receives per (source, destination, tag), in each rank's dependency order.
    using Key = std::tuple<uint32_t, uint32_t, uint64_t>;
    std::map<Key, std::vector<std::pair<uint32_t, const ExecNode*>>> sends;
    std::map<Key, std::vector<std::pair<uint32_t, const ExecNode*>>> recvs;
    for (uint32_t r = 0; r < m_ranks; ++r)
    {
        for (std::size_t i : orders[r])
        {
            const ExecNode& node = m_nodes[r][i];
            if (node.kind == ExecNodeKind::SEND)
            {
                sends[Key(r, node.peer, node.tag)].emplace_back(r, &node);
            }
            else if (node.kind == ExecNodeKind::RECV)
            {
                recvs[Key(node.peer, r, node.tag)].emplace_back(r, &node);
            }
        }
    }
    auto describe = [](const Key& k) {
        std::ostringstream s;
        s << "from rank " << std::get<0>(k) << " to rank " << std::get<1>(k) << " with tag "
          << std::get<2>(k);
        return s.str();
    };
    for (const auto& [key, list] : sends)
    {
        const auto it = recvs.find(key);
        const std::size_t matched = it == recvs.end() ? 0 : it->second.size();
        for (std::size_t k = 0; k < list.size(); ++k)
        {
            if (k >= matched)
            {
                error = Where(list[k].first, *list[k].second) + ": send " + describe(key) +
                        " has no receive";
                return false;
            }
            const ExecNode& recv = *it->second[k].second;
            if (recv.bytes != list[k].second->bytes)
            {
                std::ostringstream s;
                s << Where(it->second[k].first, recv) << ": receives " << recv.bytes
                  << " B, but its send (" << Where(list[k].first, *list[k].second) << ") sends "
                  << list[k].second->bytes << " B";
                error = s.str();
                return false;
            }
        }
    }
    for (const auto& [key, list] : recvs)
    {
        const auto it = sends.find(key);
        const std::size_t matched = it == sends.end() ? 0 : it->second.size();
        if (list.size() > matched)
        {
            error = Where(list[matched].first, *list[matched].second) + ": receive " +
                    describe(key) + " has no send";
            return false;
        }
    }
    return true;
}

Time
ExecutionGraph::ComputeTime(const ExecNode& node, const GpuSpec& gpu)
{
    if (!node.duration.IsZero())
    {
        return node.duration;
    }
    double seconds = 0;
    if (node.flops > 0)
    {
        NS_ABORT_MSG_IF(!(gpu.peakFlops > 0) || !(gpu.mfu > 0),
                        "ExecutionGraph::ComputeTime: GPU '" << gpu.name
                                                             << "' has no peak FLOP/s or MFU");
        seconds = node.flops / (gpu.peakFlops * gpu.mfu);
    }
    if (node.bytes > 0)
    {
        NS_ABORT_MSG_IF(!(gpu.hbmBytesPerSecond > 0),
                        "ExecutionGraph::ComputeTime: GPU '" << gpu.name
                                                             << "' has no HBM bandwidth");
        seconds = std::max(seconds, node.bytes / gpu.hbmBytesPerSecond);
    }
    return Seconds(seconds);
}

} // namespace ns3
