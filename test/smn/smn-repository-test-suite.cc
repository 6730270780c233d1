/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// The SMN repository: relations exactly those of a hand-built network, "what depends on fibre
// X", relations in time, events between two times, refusals that write nothing; the recorder
// describing a rate-adaptive WAN and following a TE controller's decisions.

#include "../common/optical-test-compat.h"
#include "../fabric/torus-test-helpers.h"

#include "ns3/enum.h"
#include "ns3/optical-module.h"
#include "ns3/simulator.h"
#include "ns3/string.h"
#include "ns3/test.h"

#include <algorithm>
#include <fstream>
#include <set>

using namespace ns3;
using namespace ns3::optical::compat;

namespace
{

/// \return the names of \p components, sorted
std::set<std::string>
Names(const std::vector<SmnRepository::Component>& components)
{
    std::set<std::string> names;
    for (const auto& c : components)
    {
        names.insert(c.name);
    }
    return names;
}

/**
 * A two-site WAN by hand: fibre f1 (2 amplifiers) carries wavelengths w1 and w2; fibre f2
 * carries w3. IP link L1 rides on w1 and w2, L2 on w3; route R1 uses L1, R2 uses L2; service S
 * uses R1 from 0 to 100 s, then R2; job J is hosted on accelerator G1 and uses S.
 */
void
BuildHandNetwork(SmnRepository& r)
{
    std::string e;
    const std::vector<std::pair<std::string, std::string>> components = {{"f1", "fibre"},
                                                                         {"f2", "fibre"},
                                                                         {"a1", "amplifier"},
                                                                         {"a2", "amplifier"},
                                                                         {"w1", "wavelength"},
                                                                         {"w2", "wavelength"},
                                                                         {"w3", "wavelength"},
                                                                         {"L1", "ip-link"},
                                                                         {"L2", "ip-link"},
                                                                         {"R1", "route"},
                                                                         {"R2", "route"},
                                                                         {"S", "service"},
                                                                         {"G1", "accelerator"},
                                                                         {"J", "job"},
                                                                         {"other", "router"}};
    for (const auto& [name, kind] : components)
    {
        NS_ABORT_MSG_IF(!r.AddComponent(name, kind, "team-" + kind, e), e);
    }
    const std::vector<std::tuple<std::string, std::string, std::string>> relations = {
        {"f1", "a1", "amplified-by"},
        {"f1", "a2", "amplified-by"},
        {"w1", "f1", "rides-on"},
        {"w2", "f1", "rides-on"},
        {"w3", "f2", "rides-on"},
        {"L1", "w1", "rides-on"},
        {"L1", "w2", "rides-on"},
        {"L2", "w3", "rides-on"},
        {"R1", "L1", "uses"},
        {"R2", "L2", "uses"},
        {"J", "G1", "hosted-on"},
        {"J", "S", "uses"}};
    for (const auto& [a, b, kind] : relations)
    {
        NS_ABORT_MSG_IF(!r.Relate(a, b, kind, Seconds(0), e), e);
    }
    NS_ABORT_MSG_IF(!r.Relate("S", "R1", "uses", Seconds(0), e), e);
    NS_ABORT_MSG_IF(!r.EndRelation("S", "R1", Seconds(100), e), e);
    NS_ABORT_MSG_IF(!r.Relate("S", "R2", "uses", Seconds(100), e), e);
}

/// Relations and dependents of a hand-built network.
class RelationsTestCase : public TestCase
{
  public:
    RelationsTestCase()
        : TestCase("repository: what depends on fibre f1 is exactly its wavelengths, the IP "
                   "link, route, service and job over it; in time, only while the service uses "
                   "it")
    {
    }

  private:
    void DoRun() override
    {
        SmnRepository r;
        std::string e;
        NS_TEST_ASSERT_MSG_EQ(r.Open("", "hand", 0, e), true, e);
        BuildHandNetwork(r);
        const auto rows = r.CountRowsByTable();
        NS_TEST_ASSERT_MSG_EQ(rows.at("smn_components"), 15, "15 components");
        NS_TEST_ASSERT_MSG_EQ(rows.at("smn_relations"), 14, "12 static + 2 of S");
        NS_TEST_ASSERT_MSG_EQ(rows.at("smn_events"), 0, "no events");

        std::vector<SmnRepository::Component> c;
        NS_TEST_ASSERT_MSG_EQ(r.DependentsOf("f1", c, e), true, e);
        NS_TEST_ASSERT_MSG_EQ((Names(c) == std::set<std::string>{"w1", "w2", "L1", "R1", "S", "J"}),
                              true,
                              "dependents of f1 at any time");
        NS_TEST_ASSERT_MSG_EQ(c.size(), 6, "each once, although L1 rides on two of them");
        NS_TEST_ASSERT_MSG_EQ(c.front().layer, 1, "ordered by layer: wavelengths first");
        NS_TEST_ASSERT_MSG_EQ(c.back().kind, "service", "then by kind's name: job, service");

        NS_TEST_ASSERT_MSG_EQ(r.DependentsOf("f1", c, e, Seconds(50)), true, e);
        NS_TEST_ASSERT_MSG_EQ(Names(c).count("S"), 1, "at 50 s S uses R1 over f1");
        NS_TEST_ASSERT_MSG_EQ(r.DependentsOf("f1", c, e, Seconds(100)), true, e);
        NS_TEST_ASSERT_MSG_EQ((Names(c) == std::set<std::string>{"w1", "w2", "L1", "R1"}),
                              true,
                              "at 100 s S has moved to R2: the end is exclusive");
        NS_TEST_ASSERT_MSG_EQ(r.ServicesCrossing("f2", Seconds(150), c, e), true, e);
        NS_TEST_ASSERT_MSG_EQ((Names(c) == std::set<std::string>{"S"}), true, "S over f2 later");
        NS_TEST_ASSERT_MSG_EQ(r.ServicesCrossing("f2", Seconds(50), c, e), true, e);
        NS_TEST_ASSERT_MSG_EQ(c.empty(), true, "nothing over f2 before 100 s");

        NS_TEST_ASSERT_MSG_EQ(r.DependentsOf("a1", c, e), true, e);
        NS_TEST_ASSERT_MSG_EQ(Names(c).count("f1") + Names(c).count("J"), 2, "f1 up to J");
        NS_TEST_ASSERT_MSG_EQ(r.DependentsOf("other", c, e), true, e);
        NS_TEST_ASSERT_MSG_EQ(c.empty(), true, "nothing depends on an unrelated router");

        NS_TEST_ASSERT_MSG_EQ(r.DependenciesOf("J", c, e, Seconds(50)), true, e);
        NS_TEST_ASSERT_MSG_EQ(
            (Names(c) ==
             std::set<std::string>{"G1", "S", "R1", "L1", "w1", "w2", "f1", "a1", "a2"}),
            true,
            "J at 50 s depends on its accelerator and the path over f1");
        SmnRepository::Component f;
        NS_TEST_ASSERT_MSG_EQ(r.Find("a2", f, e), true, e);
        NS_TEST_ASSERT_MSG_EQ(f.team, "team-amplifier", "team kept");
        NS_TEST_ASSERT_MSG_EQ(f.layer, 1, "amplifiers are layer 1");
    }
};

/// Events of a component between two times.
class EventsTestCase : public TestCase
{
  public:
    EventsTestCase()
        : TestCase("repository: events between two times, inclusive, in time order, ties in "
                   "recording order")
    {
    }

  private:
    void DoRun() override
    {
        SmnRepository r;
        std::string e;
        NS_TEST_ASSERT_MSG_EQ(r.Open("", "events", 0, e), true, e);
        BuildHandNetwork(r);
        NS_TEST_ASSERT_MSG_EQ(r.Record(Seconds(30), "L1", "rate-change", 150, e, "from 200"),
                              true,
                              e);
        NS_TEST_ASSERT_MSG_EQ(r.Record(Seconds(10), "L1", "link-down", 0, e), true, e);
        NS_TEST_ASSERT_MSG_EQ(r.Record(Seconds(20), "L1", "link-up", 1, e), true, e);
        NS_TEST_ASSERT_MSG_EQ(r.Record(Seconds(20), "L1", "alarm", 7, e), true, e);
        NS_TEST_ASSERT_MSG_EQ(r.Record(Seconds(20), "L2", "alarm", 8, e), true, e);
        std::vector<SmnRepository::Event> ev;
        NS_TEST_ASSERT_MSG_EQ(r.EventsOf("L1", Seconds(10), Seconds(20), ev, e), true, e);
        NS_TEST_ASSERT_MSG_EQ(ev.size(), 3, "10 and 20 included, 30 not, L2's not");
        NS_TEST_ASSERT_MSG_EQ(ev[0].kind, "link-down", "first in time");
        NS_TEST_ASSERT_MSG_EQ(ev[1].kind, "link-up", "tie: recording order");
        NS_TEST_ASSERT_MSG_EQ(ev[2].value, 7, "tie: recording order");
        NS_TEST_ASSERT_MSG_EQ(r.EventsOf("L1", Seconds(25), Seconds(40), ev, e), true, e);
        NS_TEST_ASSERT_MSG_EQ(ev.size(), 1, "one rate change");
        NS_TEST_ASSERT_MSG_EQ(ev[0].detail, "from 200", "detail kept");
        NS_TEST_ASSERT_MSG_EQ(r.CountRowsByTable().at("smn_events"), 5, "five events");
    }
};

/// Bad input: clear errors, nothing written.
class RefusalsTestCase : public TestCase
{
  public:
    RefusalsTestCase()
        : TestCase("repository: unknown names and kinds, a self-relation, an end before the "
                   "start, a reversed time window: refused by name, nothing written")
    {
    }

  private:
    void DoRun() override
    {
        SmnRepository r;
        std::string e;
        NS_TEST_ASSERT_MSG_EQ(r.Open("", "bad", 0, e), true, e);
        BuildHandNetwork(r);
        const uint64_t before = r.CountRows();
        std::vector<SmnRepository::Component> c;
        std::vector<SmnRepository::Event> ev;
        auto refused = [&e](bool ok, const std::string& needle) {
            return !ok && e.find(needle) != std::string::npos;
        };
        NS_TEST_ASSERT_MSG_EQ(
            refused(r.DependentsOf("fibre-9", c, e), "unknown component 'fibre-9'"),
            true,
            e);
        NS_TEST_ASSERT_MSG_EQ(refused(r.EventsOf("nope", Seconds(0), Seconds(1), ev, e), "'nope'"),
                              true,
                              e);
        NS_TEST_ASSERT_MSG_EQ(refused(r.EventsOf("L1", Seconds(2), Seconds(1), ev, e), "before"),
                              true,
                              e);
        NS_TEST_ASSERT_MSG_EQ(refused(r.AddComponent("x", "toaster", "t", e), "'toaster'"),
                              true,
                              e);
        NS_TEST_ASSERT_MSG_EQ(refused(r.AddComponent("f1", "fibre", "t", e), "already"), true, e);
        NS_TEST_ASSERT_MSG_EQ(refused(r.AddComponent("y", "fibre", "", e), "team"), true, e);
        NS_TEST_ASSERT_MSG_EQ(refused(r.Relate("f1", "f1", "rides-on", Seconds(0), e), "itself"),
                              true,
                              e);
        NS_TEST_ASSERT_MSG_EQ(refused(r.Relate("f1", "w1", "likes", Seconds(0), e), "'likes'"),
                              true,
                              e);
        NS_TEST_ASSERT_MSG_EQ(refused(r.Relate("f1", "ghost", "uses", Seconds(0), e), "'ghost'"),
                              true,
                              e);
        NS_TEST_ASSERT_MSG_EQ(refused(r.EndRelation("S", "R2", Seconds(50), e), "before its start"),
                              true,
                              e);
        NS_TEST_ASSERT_MSG_EQ(refused(r.EndRelation("S", "R1", Seconds(150), e), "no relation"),
                              true,
                              e);
        NS_TEST_ASSERT_MSG_EQ(refused(r.Record(Seconds(1), "L1", "sneeze", 0, e), "'sneeze'"),
                              true,
                              e);
        NS_TEST_ASSERT_MSG_EQ(refused(r.Record(Seconds(1), "L9", "alarm", 0, e), "'L9'"), true, e);
        NS_TEST_ASSERT_MSG_EQ(r.CountRows(), before, "nothing written by any refusal");
        NS_TEST_ASSERT_MSG_EQ(refused(r.Open("", "", 0, e), "empty network name"), true, e);
    }
};

/// Two networks in one database file stay apart; a second connection sees the rows.
class FileTestCase : public TestCase
{
  public:
    FileTestCase()
        : TestCase("repository: two networks in one file stay apart and survive reopening")
    {
    }

  private:
    void DoRun() override
    {
        const std::string path = CreateTempDirFilename("smn-repository.db");
        std::remove(path.c_str());
        std::string e;
        int64_t first = 0;
        {
            SmnRepository a;
            NS_TEST_ASSERT_MSG_EQ(a.Open(path, "one", 7, e), true, e);
            BuildHandNetwork(a);
            first = a.GetNetworkId();
        }
        SmnRepository b;
        NS_TEST_ASSERT_MSG_EQ(b.Open(path, "two", 8, e), true, e);
        NS_TEST_ASSERT_MSG_EQ(b.GetNetworkId(), first + 1, "a new network");
        NS_TEST_ASSERT_MSG_EQ(b.CountRows(), 0, "the first network's rows are not the second's");
        NS_TEST_ASSERT_MSG_EQ(b.AddComponent("f1", "fibre", "t", e), true, "names per network");
        b.Close();
        std::remove(path.c_str());
        std::remove((path + "-wal").c_str());
        std::remove((path + "-shm").c_str());
    }
};

/// The repository on the module's one SQLite layer: it shares the results store's file, and
/// refuses what that layer refuses, writing nothing.
class SharedFileTestCase : public TestCase
{
  public:
    SharedFileTestCase()
        : TestCase("repository: shares the results store's file; refuses an empty file and a "
                   "directory; creates missing directories")
    {
    }

  private:
    void DoRun() override
    {
        const std::string dir = CreateTempDirFilename("smn-shared");
        const std::string path = dir + "/nested/results.db";
        std::string e;
        ResultsStore store;
        NS_TEST_ASSERT_MSG_EQ(store.Open(path, e), true, e);
        ResultsStore::RunInfo info;
        info.program = "smn-shared";
        const int64_t run = store.BeginRun(info, {});
        SmnRepository r;
        NS_TEST_ASSERT_MSG_EQ(r.Open(path, "shared", run, e), true, e);
        BuildHandNetwork(r);
        const auto rows = r.CountRows();
        r.Close();
        store.FinishRun(run, true, "");
        store.Close();
        SmnRepository again;
        NS_TEST_ASSERT_MSG_EQ(again.Open(path, "second", run, e), true, e);
        NS_TEST_ASSERT_MSG_GT(rows, 0, "the hand network has rows");
        again.Close();

        const std::string empty = dir + "/empty.db";
        {
            std::ofstream touch(empty);
        }
        SmnRepository refused;
        NS_TEST_ASSERT_MSG_EQ(refused.Open(empty, "x", 0, e), false, "an empty file");
        NS_TEST_EXPECT_MSG_NE(e.find("empty file (0 bytes)"), std::string::npos, e);
        NS_TEST_EXPECT_MSG_NE(e.find("SMN repository"), std::string::npos, e);
        std::ifstream check(empty, std::ios::ate);
        NS_TEST_EXPECT_MSG_EQ(static_cast<long>(check.tellg()), 0, "the empty file stays empty");
        e.clear();
        NS_TEST_ASSERT_MSG_EQ(refused.Open(dir, "x", 0, e), false, "a directory");
        NS_TEST_EXPECT_MSG_NE(e.find("is a directory"), std::string::npos, e);
        NS_TEST_EXPECT_MSG_EQ(refused.IsOpen(), false, "nothing open after a refusal");
    }
};

/// The recorder on a rate-adaptive triangle, following the TE.
class RecorderTestCase : public TestCase
{
  public:
    RecorderTestCase()
        : TestCase("recorder: a triangle WAN's inventory by layer; fibre a-b's dependents; a "
                   "link failure moves the service off it (TE Decided) and is an event of both "
                   "IP links")
    {
    }

  private:
    void DoRun() override
    {
        WanTopology t;
        std::string e;
        for (const char* n : {"a", "b", "c"})
        {
            WanTopology::Site s;
            s.name = n;
            t.AddSite(s);
        }
        NS_TEST_ASSERT_MSG_EQ(t.AddFibre(0, 1, 170, e), true, e); // 3 spans of 80 km at most
        NS_TEST_ASSERT_MSG_EQ(t.AddFibre(1, 2, 80, e), true, e);  // 1 span
        NS_TEST_ASSERT_MSG_EQ(t.AddFibre(0, 2, 100, e), true, e); // 2 spans
        RateAdaptiveWanHelper helper;
        NS_TEST_ASSERT_MSG_EQ(helper.GetLinkHelper().SetModes("radwan", e), true, e);
        helper.GetLinkHelper().SetLinkAttribute("Policy", EnumValue(RateAdaptiveLink::ADAPTIVE));
        helper.GetLinkHelper().SetLinkAttribute("HoldDown", TimeValue(Seconds(0)));
        helper.SetWavelengths(2);
        RateAdaptiveWan wan;
        NS_TEST_ASSERT_MSG_EQ(helper.Build(t, 1, wan, e), true, e);
        // a-b healthy, then dark from 6 min; the others steady.
        SnrTimeSeries::Sample healthy;
        healthy.snrDb = 14;
        SnrTimeSeries::Sample cut;
        cut.time = Minutes(6);
        cut.dark = true;
        wan.links[0]->SetSamples({healthy, cut});
        wan.links[1]->SetSamples({healthy});
        wan.links[2]->SetSamples({healthy});
        std::vector<TeSolver::Commodity> commodities;
        NS_TEST_ASSERT_MSG_EQ(
            RateAdaptiveWanHelper::MakeCommodities(wan, {{0, 1, 50}}, "ksp", 2, commodities, e),
            true,
            e);

        SmnRepository r;
        NS_TEST_ASSERT_MSG_EQ(r.Open("", "triangle", 0, e), true, e);
        SmnRecorder rec(r);
        NS_TEST_ASSERT_MSG_EQ(rec.DescribeWan(t, wan, e), true, e);
        NS_TEST_ASSERT_MSG_EQ(rec.DescribeServices(commodities, e), true, e);
        const std::map<std::string, std::size_t> expected = {{"router", 3},
                                                             {"roadm", 3},
                                                             {"fibre", 3},
                                                             {"amplifier", 3 + 1 + 2},
                                                             {"wavelength", 6},
                                                             {"transponder", 12},
                                                             {"linecard", 6},
                                                             {"ip-link", 6},
                                                             {"service", 1},
                                                             {"route", 2}};
        for (const auto& [kind, n] : expected)
        {
            NS_TEST_ASSERT_MSG_EQ(r.Components(kind).size(), n, "components of kind " << kind);
        }
        std::vector<SmnRepository::Component> c;
        NS_TEST_ASSERT_MSG_EQ(r.DependentsOf("fibre:a-b", c, e), true, e);
        NS_TEST_ASSERT_MSG_EQ(
            (Names(c) ==
             std::set<std::string>{"wl:a-b:1", "wl:a-b:2", "ip:a>b", "ip:b>a", "route:a>b:1"}),
            true,
            "fibre a-b: its wavelengths, both IP links, the direct route");
        SmnRepository::Component sa;
        NS_TEST_ASSERT_MSG_EQ(r.Find("amp:a-b:3", sa, e), true, e);
        NS_TEST_ASSERT_MSG_EQ(sa.team, "optical-line", "default team of amplifiers");

        Ptr<TeController> te = CreateObject<TeController>();
        te->SetAttribute("Interval", TimeValue(Minutes(5)));
        te->SetNetwork(wan.graph, wan.arcLinks, wan.wavelengths);
        te->SetCommodities(commodities);
        rec.ConnectController(te);
        for (auto& l : wan.links)
        {
            l->Start(Seconds(0));
        }
        Schedule(Seconds(1), [te]() { te->Start(); });
        Simulator::Stop(Minutes(12));
        Simulator::Run();
        // Decisions at 1 s, 5:01 and 10:01: the direct route while a-b is up, the detour after.
        NS_TEST_ASSERT_MSG_EQ(r.ServicesCrossing("fibre:a-b", Minutes(3), c, e), true, e);
        NS_TEST_ASSERT_MSG_EQ(c.size(), 1, "the service crosses fibre a-b at 3 min");
        NS_TEST_ASSERT_MSG_EQ(r.ServicesCrossing("fibre:a-b", Minutes(11), c, e), true, e);
        NS_TEST_ASSERT_MSG_EQ(c.size(), 0, "and not after the cut's TE decision");
        NS_TEST_ASSERT_MSG_EQ(r.ServicesCrossing("amp:a-c:1", Minutes(11), c, e), true, e);
        NS_TEST_ASSERT_MSG_EQ(c.size(), 1, "it crosses a-c's amplifier instead");
        NS_TEST_ASSERT_MSG_EQ(r.ServicesCrossing("amp:a-c:1", Minutes(3), c, e), true, e);
        NS_TEST_ASSERT_MSG_EQ(c.size(), 0, "but not before");
        std::vector<SmnRepository::Event> ev;
        for (const char* ip : {"ip:a>b", "ip:b>a"})
        {
            NS_TEST_ASSERT_MSG_EQ(r.EventsOf(ip, Minutes(5), Minutes(7), ev, e), true, e);
            NS_TEST_ASSERT_MSG_EQ(ev.size(), 1, ip << ": one event around the cut");
            NS_TEST_ASSERT_MSG_EQ(ev[0].kind, "link-down", ip << ": the cut");
            NS_TEST_ASSERT_MSG_EQ_TOL(ev[0].time, 360, 1e-9, ip << ": at 6 min");
        }
        NS_TEST_ASSERT_MSG_EQ(r.EventsOf("service:a>b", Seconds(0), Minutes(12), ev, e), true, e);
        NS_TEST_ASSERT_MSG_EQ(ev.size(), 3, "three TE decisions");
        NS_TEST_ASSERT_MSG_EQ_TOL(ev[2].value, 50, 1e-6, "all 50 Gb/s over the detour");
        Simulator::Destroy();
    }
};

/// The recorder on a photonic server fabric's slice scheduler.
class FabricTestCase : public TestCase
{
  public:
    FabricTestCase()
        : TestCase("recorder: a 4x4x4 rack's servers and accelerators; a placed 2x2x2 slice "
                   "makes its tenant hosted on exactly its 8 accelerators, with the event")
    {
    }

  private:
    void DoRun() override
    {
        const TorusGeometry g = optical::test::Tpu();
        Ptr<SliceScheduler> sch = CreateObject<SliceScheduler>();
        sch->SetAttribute("Policy", StringValue("contiguous"));
        std::string e;
        NS_TEST_ASSERT_MSG_EQ(sch->Setup(optical::test::Fabric(g), e), true, e);
        SmnRepository r;
        NS_TEST_ASSERT_MSG_EQ(r.Open("", "fabric", 0, e), true, e);
        SmnRecorder rec(r);
        NS_TEST_ASSERT_MSG_EQ(rec.DescribeFabric("dc", sch, e), true, e);
        NS_TEST_ASSERT_MSG_EQ(r.Components("server").size(), 16, "16 servers of 4");
        NS_TEST_ASSERT_MSG_EQ(r.Components("accelerator").size(), 64, "64 accelerators");
        NS_TEST_ASSERT_MSG_EQ(rec.DescribeFabric("dc", sch, e), false, "twice");
        NS_TEST_ASSERT_MSG_EQ(sch->Request(7, {2, 2, 2}), true, "placed");
        std::vector<SmnRepository::Component> c;
        NS_TEST_ASSERT_MSG_EQ(r.DependenciesOf("tenant:dc:7", c, e), true, e);
        uint32_t accelerators = 0;
        uint32_t servers = 0;
        for (const auto& x : c)
        {
            accelerators += x.kind == "accelerator" ? 1 : 0;
            servers += x.kind == "server" ? 1 : 0;
            const int64_t a = x.kind == "accelerator" ? std::stoll(x.name.substr(7)) : -1;
            NS_TEST_ASSERT_MSG_EQ((a < 0 || sch->GetAllocator().GetOwner(a) == 7), true, x.name);
        }
        NS_TEST_ASSERT_MSG_EQ(accelerators, 8, "exactly the slice's 8");
        NS_TEST_ASSERT_MSG_EQ(servers, 2, "on 2 servers of 2x2x1");
        std::vector<SmnRepository::Event> ev;
        NS_TEST_ASSERT_MSG_EQ(r.EventsOf("tenant:dc:7", Seconds(0), Seconds(1), ev, e), true, e);
        NS_TEST_ASSERT_MSG_EQ(ev.size(), 1, "one event");
        NS_TEST_ASSERT_MSG_EQ(ev[0].kind, "slice-allocated", "the placement");
        NS_TEST_ASSERT_MSG_EQ(ev[0].value, 8, "8 accelerators");
        Simulator::Destroy();
    }
};

/// The suite.
class SmnRepositoryTestSuite : public TestSuite
{
  public:
    SmnRepositoryTestSuite()
        : TestSuite("optical-smn-repository", SUITE_UNIT)
    {
        AddTestCase(new RelationsTestCase, TEST_QUICK);
        AddTestCase(new EventsTestCase, TEST_QUICK);
        AddTestCase(new RefusalsTestCase, TEST_QUICK);
        AddTestCase(new FileTestCase, TEST_QUICK);
        AddTestCase(new SharedFileTestCase, TEST_QUICK);
        AddTestCase(new RecorderTestCase, TEST_QUICK);
        AddTestCase(new FabricTestCase, TEST_QUICK);
    }
};

/// The suite's instance.
SmnRepositoryTestSuite g_smnRepositoryTestSuite;

} // namespace
