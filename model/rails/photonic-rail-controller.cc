/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "photonic-rail-controller.h"

#include "ns3/abort.h"
#include "ns3/boolean.h"
#include "ns3/log.h"
#include "ns3/optical-compat.h"
#include "ns3/simulator.h"

#include <algorithm>
#include <map>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("PhotonicRailController");

NS_OBJECT_ENSURE_REGISTERED(PhotonicRailController);

TypeId
PhotonicRailController::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::PhotonicRailController")
            .SetParent<CollectiveController>()
            .SetGroupName("Optical")
            .AddConstructor<PhotonicRailController>()
            .AddAttribute("Provision",
                          "Opus+Provision: learn each port's circuits over an iteration and set up "
                          "the next one as soon as the port falls idle (false: Opus, on demand).",
                          BooleanValue(false),
                          MakeBooleanAccessor(&PhotonicRailController::m_provision),
                          MakeBooleanChecker())
            .AddTraceSource("Transition",
                            "An OCS reconfiguration was requested (rail, configuration, "
                            "speculative).",
                            MakeTraceSourceAccessor(&PhotonicRailController::m_transitionTrace),
                            "ns3::PhotonicRailController::TransitionTracedCallback")
            .AddTraceSource("Granted",
                            "A request's circuits are lit and its ranks released (collective id, "
                            "round, time waited).",
                            MakeTraceSourceAccessor(&PhotonicRailController::m_grantedTrace),
                            "ns3::PhotonicRailController::GrantedTracedCallback");
    return tid;
}

PhotonicRailController::PhotonicRailController()
    : m_provision(false)
{
}

void
PhotonicRailController::DoDispose()
{
    m_rails.clear();
    m_live.clear();
    m_waiting.clear();
    m_arming.clear();
    CollectiveController::DoDispose();
}

uint32_t
PhotonicRailController::AddRail(Ptr<OpticalCircuitSwitch> ocs)
{
    NS_ABORT_MSG_IF(!ocs, "PhotonicRailController::AddRail: null switch");
    const uint32_t index = static_cast<uint32_t>(m_rails.size());
    const uint32_t n = ocs->GetNPorts();
    Rail rail;
    rail.ocs = ocs;
    rail.out.assign(n, -1);
    rail.in.assign(n, -1);
    rail.users.assign(n, 0);
    rail.readySeq.assign(n, 0);
    for (int side = 0; side < 2; ++side)
    {
        rail.used[side].assign(n, {});
        rail.plan[side].assign(n, {});
        rail.cursor[side].assign(n, 0);
    }
    for (const auto& c : ocs->GetConfiguration().GetCircuits())
    {
        for (int dir = 0; dir < (c.bidirectional ? 2 : 1); ++dir)
        {
            const uint32_t from = dir == 0 ? c.from : c.to;
            const uint32_t to = dir == 0 ? c.to : c.from;
            rail.out[from] = static_cast<int32_t>(to);
            rail.in[to] = static_cast<int32_t>(from);
        }
    }
    m_rails.push_back(std::move(rail));
    // The rail travels as the trace context (ns-3 releases before 3.36 bind one argument only).
    ocs->TraceConnect("ReconfigurationEnd",
                      std::to_string(index),
                      MakeCallback(&PhotonicRailController::ReconfigurationEnd, this));
    return index;
}

void
PhotonicRailController::SetRankLocation(uint32_t rank, uint32_t server, uint32_t rail)
{
    NS_ABORT_MSG_IF(rail >= m_rails.size(),
                    "PhotonicRailController: rank " << rank << " on rail " << rail << ", but only "
                                                    << m_rails.size() << " rails were added");
    NS_ABORT_MSG_IF(server >= m_rails[rail].out.size(),
                    "PhotonicRailController: rank " << rank << " on server " << server
                                                    << ", but rail " << rail << "'s OCS has "
                                                    << m_rails[rail].out.size() << " ports");
    if (m_location.size() <= rank)
    {
        m_location.resize(rank + 1, {NONE, NONE});
    }
    m_location[rank] = {server, rail};
}

void
PhotonicRailController::NewIteration()
{
    for (auto& rail : m_rails)
    {
        for (int side = 0; side < 2; ++side)
        {
            for (std::size_t p = 0; p < rail.used[side].size(); ++p)
            {
                rail.plan[side][p] = std::move(rail.used[side][p]);
                rail.used[side][p].clear();
                rail.cursor[side][p] = 0;
            }
        }
    }
    if (m_provision)
    {
        m_provisionAll = true;
        ScheduleProcess();
    }
}

uint64_t
PhotonicRailController::GetNTransitions() const
{
    return m_transitions;
}

uint64_t
PhotonicRailController::GetNReconfigurations() const
{
    return m_reconfigurations;
}

uint64_t
PhotonicRailController::GetNSpeculativeTransitions() const
{
    return m_speculative;
}

uint64_t
PhotonicRailController::GetNRequests() const
{
    return m_requests;
}

uint64_t
PhotonicRailController::GetNImmediate() const
{
    return m_immediate;
}

Time
PhotonicRailController::GetWaitTime() const
{
    return m_wait;
}

uint64_t
PhotonicRailController::GetNMultiRound() const
{
    return m_multiRound;
}

OcsConfiguration
PhotonicRailController::GetConfiguration(uint32_t rail) const
{
    NS_ABORT_MSG_IF(rail >= m_rails.size(), "PhotonicRailController: no rail " << rail);
    OcsConfiguration config;
    const Rail& r = m_rails[rail];
    for (std::size_t p = 0; p < r.out.size(); ++p)
    {
        if (r.out[p] >= 0)
        {
            config.ConnectOneWay(static_cast<uint32_t>(p), static_cast<uint32_t>(r.out[p]));
        }
    }
    return config;
}

void
PhotonicRailController::Plan(const CollectiveRecord& about, Live& live) const
{
    const auto& ops = about.schedule->GetOps();
    live.roundOf.assign(ops.size(), NONE);
    std::vector<uint32_t> floor(ops.size(), 0); // lowest round an op may run in
    // Per round: (rail, port) -> the port it sends to / receives from.
    std::vector<std::map<std::pair<uint32_t, uint32_t>, uint32_t>> sends;
    std::vector<std::map<std::pair<uint32_t, uint32_t>, uint32_t>> recvs;
    for (uint32_t i = 0; i < ops.size(); ++i)
    {
        const CollectiveOp& op = ops[i];
        uint32_t low = 0;
        for (uint32_t d : op.deps)
        {
            low = std::max(low, live.roundOf[d] == NONE ? floor[d] : live.roundOf[d]);
        }
        floor[i] = low;
        const uint32_t a = about.ranks[op.src];
        const uint32_t b = about.ranks[op.dst];
        NS_ABORT_MSG_IF(a >= m_location.size() || m_location[a].first == NONE ||
                            b >= m_location.size() || m_location[b].first == NONE,
                        "PhotonicRailController: transport rank "
                            << (a >= m_location.size() || m_location[a].first == NONE ? a : b)
                            << " has no location (SetRankLocation)");
        const auto [sa, ra] = m_location[a];
        const auto [sb, rb] = m_location[b];
        if (sa == sb)
        {
            continue; // inside the server's scale-up domain
        }
        NS_ABORT_MSG_IF(ra != rb,
                        "PhotonicRailController: " << about.kind << " of job '" << about.job
                                                   << "' sends from rank " << a << " (server " << sa
                                                   << ", rail " << ra << ") to rank " << b
                                                   << " (server " << sb << ", rail " << rb
                                                   << "): photonic rails join only the GPUs of "
                                                      "one rail; place the ranks so that "
                                                      "cross-server peers share a rail");
        const auto from = std::make_pair(ra, sa);
        const auto to = std::make_pair(ra, sb);
        uint32_t r = low;
        for (;; ++r)
        {
            if (r == sends.size())
            {
                sends.emplace_back();
                recvs.emplace_back();
                live.rounds.emplace_back();
            }
            auto s = sends[r].find(from);
            auto v = recvs[r].find(to);
            const bool sendOk = s == sends[r].end() || s->second == sb;
            const bool recvOk = v == recvs[r].end() || v->second == sa;
            if (sendOk && recvOk)
            {
                if (s == sends[r].end())
                {
                    sends[r][from] = sb;
                    recvs[r][to] = sa;
                    live.rounds[r].push_back(Circuit{ra, sa, sb});
                }
                break;
            }
        }
        live.roundOf[i] = r;
    }
    live.left.assign(live.rounds.size(), 0);
    for (uint32_t r : live.roundOf)
    {
        if (r != NONE)
        {
            ++live.left[r];
        }
    }
}

void
PhotonicRailController::RequestStart(const CollectiveRecord& about, std::function<void()> release)
{
    NS_ABORT_MSG_IF(!about.schedule, "PhotonicRailController: a collective without schedule");
    // The most frequent case, a tensor-parallel collective inside one server, needs no plan.
    const uint32_t first = about.ranks.empty() ? 0 : about.ranks.front();
    const uint32_t server = first < m_location.size() ? m_location[first].first : NONE;
    if (server != NONE &&
        std::all_of(about.ranks.begin(), about.ranks.end(), [this, server](uint32_t r) {
            return r < m_location.size() && m_location[r].first == server;
        }))
    {
        release();
        return;
    }
    Live live;
    Plan(about, live);
    if (live.rounds.empty())
    {
        release(); // nothing leaves the servers
        return;
    }
    if (live.rounds.size() > 1)
    {
        ++m_multiRound;
    }
    const uint64_t id = about.id;
    NS_ABORT_MSG_IF(m_live.count(id), "PhotonicRailController: collective " << id << " twice");
    m_live.emplace(id, std::move(live));
    Enqueue(id, 0, [this, id, release]() {
        m_live.at(id).lit = true;
        release();
    });
}

void
PhotonicRailController::RequestTransfer(const CollectiveRecord& about,
                                        uint32_t op,
                                        std::function<void()> go)
{
    auto it = m_live.find(about.id);
    if (it == m_live.end())
    {
        go();
        return;
    }
    Live& live = it->second;
    const uint32_t r = live.roundOf[op];
    if (r == NONE || (r == live.active && live.lit))
    {
        go();
        return;
    }
    live.parked.emplace_back(op, std::move(go));
}

void
PhotonicRailController::TransferDelivered(const CollectiveRecord& about, uint32_t op)
{
    auto it = m_live.find(about.id);
    if (it == m_live.end())
    {
        return;
    }
    Live& live = it->second;
    const uint32_t r = live.roundOf[op];
    if (r == NONE || --live.left[r] > 0 || r + 1 == live.rounds.size())
    {
        return;
    }
    // The round is over: free its circuits and ask for the next round's.
    Release(live.rounds[r]);
    live.active = r + 1;
    live.lit = false;
    const uint64_t id = about.id;
    Enqueue(id, live.active, [this, id]() { RoundLit(id); });
}

void
PhotonicRailController::RoundLit(uint64_t collective)
{
    Live& live = m_live.at(collective);
    live.lit = true;
    std::vector<std::pair<uint32_t, std::function<void()>>> parked;
    parked.swap(live.parked);
    for (auto& [op, go] : parked)
    {
        if (live.roundOf[op] == live.active)
        {
            go();
        }
        else
        {
            live.parked.emplace_back(op, std::move(go));
        }
    }
}

void
PhotonicRailController::Completed(const CollectiveRecord& record)
{
    auto it = m_live.find(record.id);
    if (it == m_live.end())
    {
        return;
    }
    Release(it->second.rounds[it->second.active]);
    m_live.erase(it);
}

void
PhotonicRailController::Enqueue(uint64_t collective, uint32_t round, std::function<void()> granted)
{
    ++m_requests;
    Request request;
    request.collective = collective;
    request.round = round;
    request.circuits = m_live.at(collective).rounds[round];
    request.asked = Simulator::Now();
    request.granted = std::move(granted);
    m_waiting.push_back(std::move(request));
    ScheduleProcess();
}

void
PhotonicRailController::Release(const std::vector<Circuit>& circuits)
{
    for (const Circuit& c : circuits)
    {
        Rail& rail = m_rails[c.rail];
        NS_ASSERT(rail.users[c.from] > 0);
        if (--rail.users[c.from] == 0)
        {
            m_idle.emplace(c.rail, c.from);
        }
    }
    ScheduleProcess();
}

void
PhotonicRailController::ScheduleProcess()
{
    if (!m_processPending)
    {
        m_processPending = true;
        Simulator::ScheduleNow(&PhotonicRailController::Process, this);
    }
}

bool
PhotonicRailController::Fits(const Circuit& c) const
{
    const Rail& rail = m_rails[c.rail];
    if (rail.out[c.from] == static_cast<int32_t>(c.to))
    {
        return true;
    }
    if (rail.out[c.from] >= 0 && rail.users[c.from] > 0)
    {
        return false; // the sending port's circuit is in use
    }
    const int32_t source = rail.in[c.to];
    return source < 0 || rail.users[source] == 0; // the receiving port's circuit is idle
}

void
PhotonicRailController::Set(const Circuit& c, std::vector<bool>& changed)
{
    Rail& rail = m_rails[c.rail];
    if (rail.out[c.from] == static_cast<int32_t>(c.to))
    {
        return;
    }
    if (rail.out[c.from] >= 0)
    {
        rail.in[rail.out[c.from]] = -1;
    }
    if (rail.in[c.to] >= 0)
    {
        rail.out[rail.in[c.to]] = -1;
    }
    rail.out[c.from] = static_cast<int32_t>(c.to);
    rail.in[c.to] = static_cast<int32_t>(c.from);
    rail.readySeq[c.from] = rail.issued + 1; // lit by the next transition of the rail
    changed[c.rail] = true;
}

void
PhotonicRailController::Process()
{
    m_processPending = false;
    std::vector<bool> changed(m_rails.size(), false);
    std::set<std::pair<uint32_t, uint32_t>> sendBlocked;
    std::set<std::pair<uint32_t, uint32_t>> recvBlocked;
    std::vector<Request> granted;
    for (auto it = m_waiting.begin(); it != m_waiting.end();)
    {
        bool ok = true;
        for (const Circuit& c : it->circuits)
        {
            if (sendBlocked.count({c.rail, c.from}) || recvBlocked.count({c.rail, c.to}) ||
                !Fits(c))
            {
                ok = false;
                break;
            }
        }
        if (!ok)
        {
            // Later requests may not overtake this one on its ports.
            for (const Circuit& c : it->circuits)
            {
                sendBlocked.emplace(c.rail, c.from);
                recvBlocked.emplace(c.rail, c.to);
            }
            ++it;
            continue;
        }
        for (const Circuit& c : it->circuits)
        {
            Set(c, changed);
            Rail& rail = m_rails[c.rail];
            ++rail.users[c.from];
            rail.used[0][c.from].push_back(c.to);
            rail.used[1][c.to].push_back(c.from);
            Advance(rail, 0, c.from, c.to);
            Advance(rail, 1, c.to, c.from);
            m_idle.erase({c.rail, c.from});
        }
        granted.push_back(std::move(*it));
        it = m_waiting.erase(it);
    }
    std::vector<bool> demanded = changed;
    if (m_provision)
    {
        Provision(changed, sendBlocked, recvBlocked);
    }
    else
    {
        m_idle.clear();
    }
    for (uint32_t r = 0; r < m_rails.size(); ++r)
    {
        if (!changed[r])
        {
            continue;
        }
        Rail& rail = m_rails[r];
        rail.demanded = rail.demanded || demanded[r];
        rail.pending = true;
        if (rail.issued == rail.done)
        {
            Issue(r);
        }
        // Else the OCS is still switching: everything decided meanwhile goes in one
        // transition when it is done (TransitionEnd), not in one queued request per decision.
    }
    for (Request& request : granted)
    {
        if (IsLit(request))
        {
            ++m_immediate;
            Grant(request);
        }
        else
        {
            m_arming.push_back(std::move(request));
        }
    }
}

void
PhotonicRailController::Provision(std::vector<bool>& changed,
                                  const std::set<std::pair<uint32_t, uint32_t>>& sendBlocked,
                                  const std::set<std::pair<uint32_t, uint32_t>>& recvBlocked)
{
    if (m_provisionAll)
    {
        for (uint32_t r = 0; r < m_rails.size(); ++r)
        {
            for (uint32_t p = 0; p < m_rails[r].out.size(); ++p)
            {
                if (m_rails[r].users[p] == 0)
                {
                    m_idle.emplace(r, p);
                }
            }
        }
        m_provisionAll = false;
    }
    // Idle ports stay candidates until their next circuit is set up or they are used again:
    // a receiver busy now may be free at the next decision.
    for (auto it = m_idle.begin(); it != m_idle.end();)
    {
        const auto [r, p] = *it;
        Rail& rail = m_rails[r];
        const int32_t next = Next(r, 0, p);
        if (rail.users[p] > 0 || next < 0 || rail.out[p] == next)
        {
            it = m_idle.erase(it);
            continue;
        }
        ++it;
        if (sendBlocked.count({r, p}) || recvBlocked.count({r, static_cast<uint32_t>(next)}))
        {
            continue;
        }
        if (Next(r, 1, next) != static_cast<int32_t>(p))
        {
            continue; // the receiver expects another sender first
        }
        const int32_t source = rail.in[next];
        if (source >= 0 && rail.users[source] > 0)
        {
            continue; // the receiver's circuit is in use
        }
        Set(Circuit{r, p, static_cast<uint32_t>(next)}, changed);
    }
}

void
PhotonicRailController::Advance(Rail& rail, int side, uint32_t port, uint32_t peer)
{
    // Follow the plan; if this iteration's order drifted from the last one's (phases that
    // overlap can interleave differently), find the grant in the plan a little further on.
    const auto& plan = rail.plan[side][port];
    uint32_t& k = rail.cursor[side][port];
    const std::size_t end = std::min<std::size_t>(plan.size(), k + RESYNC_WINDOW);
    for (std::size_t j = k; j < end; ++j)
    {
        if (plan[j] == peer)
        {
            k = static_cast<uint32_t>(j + 1);
            return;
        }
    }
    ++k;
}

int32_t
PhotonicRailController::Next(uint32_t rail, int side, uint32_t port) const
{
    const Rail& r = m_rails[rail];
    const uint32_t k = r.cursor[side][port];
    return k < r.plan[side][port].size() ? static_cast<int32_t>(r.plan[side][port][k]) : -1;
}

bool
PhotonicRailController::IsLit(const Request& request) const
{
    for (const Circuit& c : request.circuits)
    {
        const Rail& rail = m_rails[c.rail];
        if (rail.readySeq[c.from] > rail.done)
        {
            return false;
        }
    }
    return true;
}

void
PhotonicRailController::Grant(Request& request)
{
    const Time waited = Simulator::Now() - request.asked;
    m_wait += waited;
    m_grantedTrace(request.collective, request.round, waited);
    request.granted();
}

void
PhotonicRailController::Issue(uint32_t r)
{
    Rail& rail = m_rails[r];
    ++rail.issued;
    ++m_transitions;
    m_speculative += rail.demanded ? 0 : 1;
    if (Simulator::Now() != m_lastIssue || m_transitions == 1)
    {
        ++m_reconfigurations; // rails that change at one instant change in parallel
        m_lastIssue = Simulator::Now();
    }
    const OcsConfiguration config = GetConfiguration(r);
    NS_LOG_INFO("rail " << r << " transition " << rail.issued << " (" << config.GetNCircuits()
                        << " circuits)" << (rail.demanded ? "" : ", speculative"));
    m_transitionTrace(r, config, !rail.demanded);
    rail.pending = false;
    rail.demanded = false;
    rail.ocs->Reconfigure(config);
}

void
PhotonicRailController::ReconfigurationEnd(std::string rail, const OcsConfiguration& /* config */)
{
    TransitionEnd(static_cast<uint32_t>(std::stoul(rail)));
}

void
PhotonicRailController::TransitionEnd(uint32_t rail)
{
    ++m_rails[rail].done;
    if (m_rails[rail].pending)
    {
        Issue(rail);
    }
    std::vector<Request> ready;
    for (auto it = m_arming.begin(); it != m_arming.end();)
    {
        if (IsLit(*it))
        {
            ready.push_back(std::move(*it));
            it = m_arming.erase(it);
        }
        else
        {
            ++it;
        }
    }
    for (Request& request : ready)
    {
        Grant(request);
    }
}

} // namespace ns3
