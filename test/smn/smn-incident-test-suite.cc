/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// SMN incident routing: a hand-made two-layer case routed to the right team; alerts exactly the
// symptoms without misses or noise; coarsening that merges a fibre's wavelengths and nothing
// across fibres; identical seeds identical incidents and answers; refusals.

#include "../common/optical-test-compat.h"

#include "ns3/double.h"
#include "ns3/optical-module.h"
#include "ns3/test.h"

#include <set>

using namespace ns3;
using namespace ns3::optical::compat;

namespace
{

/**
 * Two fibres f1, f2 (fibre-plant), each with two wavelengths (optical-transport) and two
 * transponders; IP links L1 over f1's wavelengths and L2 over f2's (ip-network), ending at line
 * cards c1 and c2 (ip-network); routes R1 over L1 and R2 over L2 (traffic-engineering); service
 * S over R1 and T over R2 (service).
 */
SmnGraph
TwoLayer(SmnRepository& r)
{
    std::string e;
    NS_ABORT_MSG_IF(!r.Open("", "two-layer", 0, e), e);
    auto add = [&](const std::string& n, const std::string& kind, const std::string& team) {
        NS_ABORT_MSG_IF(!r.AddComponent(n, kind, team, e), e);
    };
    auto rel = [&](const std::string& a, const std::string& b, const std::string& kind) {
        NS_ABORT_MSG_IF(!r.Relate(a, b, kind, Seconds(0), e), e);
    };
    for (const std::string f : {"1", "2"})
    {
        add("f" + f, "fibre", "fibre-plant");
        add("c" + f, "linecard", "ip-network");
        add("L" + f, "ip-link", "ip-network");
        add("R" + f, "route", "traffic-engineering");
        for (const std::string w : {"a", "b"})
        {
            add("w" + f + w, "wavelength", "optical-transport");
            add("t" + f + w, "transponder", "optical-transport");
            rel("w" + f + w, "f" + f, "rides-on");
            rel("w" + f + w, "t" + f + w, "ends-at");
            rel("L" + f, "w" + f + w, "rides-on");
        }
        rel("L" + f, "c" + f, "ends-at");
        rel("R" + f, "L" + f, "uses");
    }
    add("S", "service", "service");
    add("T", "service", "service");
    rel("S", "R1", "uses");
    rel("T", "R2", "uses");
    return SmnGraph::FromRepository(r);
}

/// \return the hand-made network's graph (its repository closed)
SmnGraph
TwoLayer()
{
    SmnRepository r;
    return TwoLayer(r);
}

/// The graph's transitive dependents against the repository's SQL query.
class DependentsTestCase : public TestCase
{
  public:
    DependentsTestCase()
        : TestCase("SmnGraph::DependentsOf (a breadth-first visit in memory) gives, for every "
                   "component of the two-layer network, what the repository's recursive SQL "
                   "query 'dependents' gives; f1: w1a, w1b, L1, R1, S")
    {
    }

  private:
    void DoRun() override
    {
        SmnRepository r;
        const SmnGraph g = TwoLayer(r);
        for (uint32_t c = 0; c < g.components.size(); ++c)
        {
            std::set<std::string> memory;
            for (uint32_t d : g.DependentsOf(c))
            {
                memory.insert(g.components[d].name);
            }
            std::vector<SmnRepository::Component> rows;
            std::string e;
            NS_TEST_ASSERT_MSG_EQ(r.DependentsOf(g.components[c].name, rows, e), true, e);
            std::set<std::string> sql;
            for (const auto& row : rows)
            {
                sql.insert(row.name);
            }
            NS_TEST_ASSERT_MSG_EQ((memory == sql), true, "dependents of " << g.components[c].name);
        }
        std::set<std::string> f1;
        for (uint32_t d : g.DependentsOf(static_cast<uint32_t>(g.IndexOf("f1"))))
        {
            f1.insert(g.components[d].name);
        }
        NS_TEST_ASSERT_MSG_EQ((f1 == std::set<std::string>{"w1a", "w1b", "L1", "R1", "S"}),
                              true,
                              "by hand");
    }
};

/// \return the incidents of every type and root of \p g, noise-free, with and without the root
std::vector<SmnIncident>
AllClean(const SmnGraph& g, Ptr<SmnIncidentGenerator> gen)
{
    std::vector<SmnIncident> all;
    const std::map<std::string, std::string> rootKind = {{"fibre-cut", "fibre"},
                                                         {"transponder-fault", "transponder"},
                                                         {"linecard-failure", "linecard"},
                                                         {"congestion", "ip-link"},
                                                         {"software-fault", "service"}};
    for (const auto& [type, kind] : rootKind)
    {
        for (uint32_t i = 0; i < g.components.size(); ++i)
        {
            if (g.components[i].kind == kind)
            {
                all.push_back(gen->Make(type, i, true));
                all.push_back(gen->Make(type, i, false));
            }
        }
    }
    return all;
}

/// The hand-made case.
class HandCaseTestCase : public TestCase
{
  public:
    HandCaseTestCase()
        : TestCase("incident routing: on a hand-made two-layer network a fibre cut, a line-card "
                   "failure, a transponder fault and congestion go to their teams (cdg); "
                   "first-alert sends it to the first alerting component's team")
    {
    }

  private:
    void DoRun() override
    {
        const SmnGraph g = TwoLayer();
        Ptr<SmnIncidentGenerator> gen = CreateObject<SmnIncidentGenerator>();
        gen->SetGraph(g);
        SmnIncidentRouter router(g, 0);
        router.Train(AllClean(g, gen));
        auto idx = [&g](const std::string& n) { return static_cast<uint32_t>(g.IndexOf(n)); };

        // Fibre f1 cut, not reported by the fibre: both wavelengths and L1 go down, S is slow.
        SmnIncident cut = gen->Make("fibre-cut", idx("f1"), false);
        NS_TEST_ASSERT_MSG_EQ(cut.team, "fibre-plant", "owner");
        NS_TEST_ASSERT_MSG_EQ(cut.alerts.size(), 4, "w1a, w1b, L1 link-down; S latency");
        NS_TEST_ASSERT_MSG_EQ(router.Route("cdg", cut), "fibre-plant", "cdg: the fibre");
        // Line card c1: L1 down with its hardware alarm, no wavelength alert.
        SmnIncident card = gen->Make("linecard-failure", idx("c1"), true);
        NS_TEST_ASSERT_MSG_EQ(router.Route("cdg", card), "ip-network", "cdg: the line card");
        // Transponder t2a: one wavelength and L2 down.
        SmnIncident tp = gen->Make("transponder-fault", idx("t2a"), false);
        NS_TEST_ASSERT_MSG_EQ(router.Route("cdg", tp), "optical-transport", "cdg: transponder");
        // Congestion on L2: owned by the TE, whose route rides on it.
        SmnIncident hot = gen->Make("congestion", idx("L2"), true);
        NS_TEST_ASSERT_MSG_EQ(hot.team, "traffic-engineering", "congestion is the TE's");
        NS_TEST_ASSERT_MSG_EQ(router.Route("cdg", hot), "traffic-engineering", "cdg: TE");
        // First alert: the earliest component's team (Make lists alerts in index order: L1
        // first, then the wavelengths and S); first-alert misroutes the cut to the IP team.
        cut.alerts[0].time = 0;
        for (std::size_t k = 1; k < cut.alerts.size(); ++k)
        {
            cut.alerts[k].time = static_cast<double>(k);
        }
        NS_TEST_ASSERT_MSG_EQ(g.components[cut.alerts[0].component].name, "L1", "L1 first");
        NS_TEST_ASSERT_MSG_EQ(router.Route("first-alert", cut),
                              "ip-network",
                              "first-alert: the IP link's team");
        std::swap(cut.alerts[0].time, cut.alerts[1].time);
        NS_TEST_ASSERT_MSG_EQ(router.Route("first-alert", cut),
                              "optical-transport",
                              "first-alert: now the wavelength's team");
        SmnIncident none;
        NS_TEST_ASSERT_MSG_EQ(router.Route("cdg", none), "", "no alert, no team");
    }
};

/// Alerts without misses or noise are exactly the symptoms.
class SymptomsTestCase : public TestCase
{
  public:
    SymptomsTestCase()
        : TestCase("generator: without misses or noise an incident's alerts are exactly its "
                   "root and every signalling dependent; identical seeds, identical incidents")
    {
    }

  private:
    void DoRun() override
    {
        const SmnGraph g = TwoLayer();
        Ptr<SmnIncidentGenerator> gen = CreateObject<SmnIncidentGenerator>();
        gen->SetAttribute("MissProbability", DoubleValue(0));
        gen->SetAttribute("RootAlertProbability", DoubleValue(1));
        gen->SetAttribute("NoiseAlerts", DoubleValue(0));
        gen->SetGraph(g);
        gen->AssignStreams(5);
        std::vector<SmnIncident> a;
        std::string e;
        NS_TEST_ASSERT_MSG_EQ(gen->Generate(200, a, e), true, e);
        std::map<std::string, uint32_t> types;
        for (const auto& inc : a)
        {
            types[inc.type]++;
            const SmnIncident clean = gen->Make(inc.type, inc.root, true);
            NS_TEST_ASSERT_MSG_EQ(inc.alerts.size(), clean.alerts.size(), inc.type);
        }
        NS_TEST_ASSERT_MSG_EQ(types.size(), 5, "every type with roots here (no amplifier, OCS)");
        gen->SetAttribute("NoiseAlerts", DoubleValue(3));
        gen->SetAttribute("MissProbability", DoubleValue(0.3));
        auto draw = [&](int64_t stream) {
            gen->AssignStreams(stream);
            std::vector<SmnIncident> v;
            std::string err;
            NS_ABORT_MSG_IF(!gen->Generate(100, v, err), err);
            return v;
        };
        const auto x = draw(9);
        const auto y = draw(9);
        const auto z = draw(10);
        bool same = x.size() == y.size();
        bool differs = false;
        for (std::size_t i = 0; same && i < x.size(); ++i)
        {
            same = x[i].root == y[i].root && x[i].alerts.size() == y[i].alerts.size();
            for (std::size_t k = 0; same && k < x[i].alerts.size(); ++k)
            {
                same = x[i].alerts[k].component == y[i].alerts[k].component &&
                       x[i].alerts[k].time == y[i].alerts[k].time &&
                       x[i].alerts[k].signal == y[i].alerts[k].signal;
            }
            differs = differs || x[i].root != z[i].root;
        }
        NS_TEST_ASSERT_MSG_EQ(same, true, "same stream, same incidents");
        NS_TEST_ASSERT_MSG_EQ(differs, true, "another stream, other incidents");
    }
};

/// Coarsening merges siblings of one kind and team only.
class CoarseningTestCase : public TestCase
{
  public:
    CoarseningTestCase()
        : TestCase(
              "coarsening: one level merges a fibre's wavelengths, the next their transponders, "
              "never across fibres or kinds; the study's accuracies are reproducible")
    {
    }

  private:
    void DoRun() override
    {
        const SmnGraph g = TwoLayer();
        SmnIncidentRouter zero(g, 0);
        NS_TEST_ASSERT_MSG_EQ(zero.GetNCoarseNodes(), g.components.size(), "level 0: the graph");
        SmnIncidentRouter one(g, 1);
        const auto& node = one.GetCoarseNodes();
        auto at = [&g, &node](const std::string& n) { return node[g.IndexOf(n)]; };
        NS_TEST_ASSERT_MSG_EQ(at("w1a"), at("w1b"), "f1's wavelengths merge");
        NS_TEST_ASSERT_MSG_NE(at("w1a"), at("w2a"), "not across fibres");
        NS_TEST_ASSERT_MSG_NE(at("w1a"), at("t1a"), "not across kinds");
        NS_TEST_ASSERT_MSG_NE(at("t1a"), at("t1b"), "transponders hang under two nodes yet");
        NS_TEST_ASSERT_MSG_EQ(one.GetNCoarseNodes(), g.components.size() - 2, "2 merges");
        SmnIncidentRouter two(g, 2);
        const auto& node2 = two.GetCoarseNodes();
        NS_TEST_ASSERT_MSG_EQ(node2[g.IndexOf("t1a")],
                              node2[g.IndexOf("t1b")],
                              "level 2: under the merged wavelengths, the transponders merge");
        NS_TEST_ASSERT_MSG_EQ(two.GetNCoarseNodes(), g.components.size() - 4, "4 merges");

        SmnIncidentConfig c;
        c.incidents = 300;
        c.trainIncidents = 300;
        SmnIncidentOutcome a;
        SmnIncidentOutcome b;
        std::string e;
        NS_TEST_ASSERT_MSG_EQ(SmnIncidentStudy::Run(c, a, e), true, e);
        NS_TEST_ASSERT_MSG_EQ(SmnIncidentStudy::Run(c, b, e), true, e);
        for (const auto& r : c.routers)
        {
            NS_TEST_ASSERT_MSG_EQ(a.accuracyPct.at(r), b.accuracyPct.at(r), r << ": seeds");
        }
        NS_TEST_ASSERT_MSG_GT(a.accuracyPct.at("cdg"),
                              a.accuracyPct.at("first-alert"),
                              "the dependency graph beats the first alert on B4");
        c.routers = {"psychic"};
        NS_TEST_ASSERT_MSG_NE(SmnIncidentStudy::Check(c).find("--router=psychic"),
                              std::string::npos,
                              "unknown router named");
        c.routers = {"cdg"};
        c.missProbability = 1;
        NS_TEST_ASSERT_MSG_NE(SmnIncidentStudy::Check(c).find("--missProbability"),
                              std::string::npos,
                              "a miss probability of 1 refused");
    }
};

/// The suite.
class SmnIncidentTestSuite : public TestSuite
{
  public:
    SmnIncidentTestSuite()
        : TestSuite("optical-smn-incidents", SUITE_UNIT)
    {
        AddTestCase(new DependentsTestCase, TEST_QUICK);
        AddTestCase(new HandCaseTestCase, TEST_QUICK);
        AddTestCase(new SymptomsTestCase, TEST_QUICK);
        AddTestCase(new CoarseningTestCase, TEST_QUICK);
    }
};

/// The suite's instance.
SmnIncidentTestSuite g_smnIncidentTestSuite;

} // namespace
