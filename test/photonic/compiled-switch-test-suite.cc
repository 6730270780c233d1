/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// Compiled photonic targets inside the module's switches: circuit losses from embedded paths,
// reconfigurations that darken only the circuits whose elements change, for the elements'
// switching time, rotor programs as cyclic schedules, analog programs as transfer matrices,
// and server fabrics on compiled meshes.

#include "../common/optical-test-compat.h"
#include "photonic-test-targets.h"

#include "ns3/compiled-switch-model.h"
#include "ns3/double.h"
#include "ns3/enum.h"
#include "ns3/mzi-mesh.h"
#include "ns3/object-factory.h"
#include "ns3/ocs-cyclic-schedule.h"
#include "ns3/optical-circuit-switch.h"
#include "ns3/photonic-compiler.h"
#include "ns3/photonic-language.h"
#include "ns3/photonic-server-fabric.h"
#include "ns3/photonic-switch-helper.h"
#include "ns3/photonic-synthesizer.h"
#include "ns3/photonic-target.h"
#include "ns3/simulator.h"
#include "ns3/string.h"
#include "ns3/test.h"
#include "ns3/torus-datacenter-helper.h"
#include "ns3/torus-fabric.h"
#include "ns3/uinteger.h"

#include <cmath>
#include <map>
#include <set>
#include <string>
#include <vector>

using namespace ns3;
using namespace ns3::optical::compat;

namespace
{

Ptr<OpticalCircuitSwitch>
Switch(uint32_t ports)
{
    Ptr<OpticalCircuitSwitch> ocs = CreateObject<OpticalCircuitSwitch>();
    ocs->SetAttribute("PortCount", UintegerValue(ports));
    // An ideal switch would keep changing circuits dark this long: a compiled one must not.
    ocs->SetAttribute("ReconfigurationDelay", TimeValue(MilliSeconds(5)));
    return ocs;
}

/// Loss of a route summed here from the target: element passes and waveguides between nodes.
double
SumRoute(const PhotonicTarget& t, const std::vector<uint32_t>& nodes)
{
    const uint32_t elementNodes = 4 * static_cast<uint32_t>(t.GetElements().size());
    double loss = 0;
    for (std::size_t k = 1; k < nodes.size(); ++k)
    {
        const uint32_t u = nodes[k - 1];
        const uint32_t v = nodes[k];
        if (u < elementNodes && v < elementNodes && u / 4 == v / 4)
        {
            loss += t.GetElements()[u / 4].lossDb;
            continue;
        }
        const int32_t w = t.WaveguideAt(u);
        if (w < 0)
        {
            return -1; // not a path
        }
        const PhotonicWaveguide& g = t.GetWaveguides()[w];
        if (!((g.a == u && g.b == v) || (g.a == v && g.b == u)))
        {
            return -1;
        }
        loss += g.crossings * t.GetCrossingLossDb() + g.lossDb;
    }
    return loss;
}

/// Records when each input port's light went down and up.
struct Events
{
    std::map<uint32_t, std::vector<Time>> down; //!< Port -> times
    std::map<uint32_t, std::vector<Time>> up;   //!< Port -> times

    void Down(uint32_t from, uint32_t)
    {
        down[from].push_back(Simulator::Now());
    }

    void Up(uint32_t from, uint32_t)
    {
        up[from].push_back(Simulator::Now());
    }
};

} // namespace

/// Each circuit of a switch on a compiled Benes target loses what its embedded path crosses.
class CompiledLossTestCase : public TestCase
{
  public:
    CompiledLossTestCase()
        : TestCase("circuit loss = element passes + crossings of the embedded path")
    {
    }

  private:
    void DoRun() override
    {
        const PhotonicTarget t = optical::test::GenerateTarget("benes", 8);
        Ptr<OpticalCircuitSwitch> ocs = Switch(8);
        PhotonicSwitchHelper helper;
        helper.SetTarget(t);
        Ptr<CompiledSwitchModel> model = helper.Install(ocs);
        const uint32_t perm[8] = {5, 2, 7, 0, 6, 1, 3, 4};
        OcsConfiguration config;
        for (uint32_t i = 0; i < 8; ++i)
        {
            config.ConnectOneWay(i, perm[i]);
        }
        ocs->SetInitialConfiguration(config);
        const PhotonicEmbedding& e = model->GetEmbedding();
        NS_TEST_ASSERT_MSG_EQ(e.routes.size(), 8u, "one route per circuit");
        for (uint32_t i = 0; i < 8; ++i)
        {
            NS_TEST_ASSERT_MSG_EQ(ocs->GetLitPeer(i), static_cast<int32_t>(perm[i]), "lit");
            const double summed = SumRoute(t, e.routes[i].nodes);
            NS_TEST_ASSERT_MSG_GT(summed, 0, "route " << i << " is a path of the target");
            NS_TEST_ASSERT_MSG_EQ_TOL(ocs->GetInsertionLossDb(i), summed, 1e-12, "port " << i);
            // A Benes path passes 2 log2 8 - 1 = 5 switches; the rest is whole crossings.
            const double crossings = (summed - 5 * 0.3) / 0.05;
            NS_TEST_ASSERT_MSG_EQ_TOL(crossings, std::round(crossings), 1e-9, "whole crossings");
            NS_TEST_ASSERT_MSG_GT_OR_EQ(crossings, -1e-9, "at least 5 switch passes");
            NS_TEST_ASSERT_MSG_EQ(e.routes[i].elements.size(), 5u, "5 stages");
        }
        // A switch larger than the target is refused, naming both sizes.
        Ptr<OpticalCircuitSwitch> big = Switch(16);
        helper.Install(big);
        std::string error;
        OcsConfiguration c16;
        c16.ConnectOneWay(0, 15);
        NS_TEST_ASSERT_MSG_EQ(big->Reconfigure(c16, &error), false, "16 ports on 8");
        NS_TEST_ASSERT_MSG_NE(error.find("16 ports"), std::string::npos, error);
        Simulator::Destroy();
    }
};

/// A reconfiguration darkens exactly the circuits whose output changes or whose path crosses
/// a changed element, for the changed elements' switching time (not ReconfigurationDelay).
class CompiledDarkTestCase : public TestCase
{
  public:
    CompiledDarkTestCase()
        : TestCase("reconfiguration darkens only changed circuits, for the switching time")
    {
    }

  private:
    void DoRun() override
    {
        const PhotonicTarget t = optical::test::GenerateTarget("hexagonal", 16, 300, 0.3);
        Ptr<OpticalCircuitSwitch> ocs = Switch(16);
        PhotonicSwitchHelper helper;
        helper.SetTarget(t);
        helper.SetModelAttribute("Algorithm", EnumValue(CompiledSwitchModel::PATHFINDER));
        Ptr<CompiledSwitchModel> model = helper.Install(ocs);
        Events ev;
        ocs->TraceConnectWithoutContext("CircuitDown", MakeCallback(&Events::Down, &ev));
        ocs->TraceConnectWithoutContext("CircuitUp", MakeCallback(&Events::Up, &ev));
        OcsConfiguration a;
        a.Connect(0, 5).Connect(2, 9);
        ocs->SetInitialConfiguration(a);
        const PhotonicEmbedding before = model->GetEmbedding();
        ev.down.clear();
        ev.up.clear();

        OcsConfiguration b;
        b.Connect(0, 5).Connect(2, 9).Connect(12, 7);
        Simulator::Schedule(MicroSeconds(100), [&]() { ocs->Reconfigure(b); });
        Simulator::Stop(MilliSeconds(1));
        Simulator::Run();
        const PhotonicEmbedding after = model->GetEmbedding();

        // The rule, computed here from the two embeddings.
        const std::vector<uint32_t> changed = PhotonicRouter::ChangedElements(before, after);
        NS_TEST_ASSERT_MSG_EQ(changed.empty(), false, "the new circuit sets elements");
        std::set<uint32_t> changedSet(changed.begin(), changed.end());
        for (std::size_t n = 0; n < 2; ++n) // the two circuits that stay (same net order)
        {
            bool crosses = before.routes[n].nodes != after.routes[n].nodes;
            for (uint32_t e : after.routes[n].elements)
            {
                crosses = crosses || changedSet.count(e) > 0;
            }
            const uint32_t ports[2][2] = {{0, 5}, {2, 9}};
            for (uint32_t p : ports[n])
            {
                const bool wentDark = ev.down.count(p) > 0;
                NS_TEST_ASSERT_MSG_EQ(wentDark, crosses, "port " << p);
            }
            // On a mesh with room, reuse keeps them where they were.
            NS_TEST_ASSERT_MSG_EQ(crosses, false, "circuit " << n << " kept its path");
        }
        // The new circuit lights one switching time (10 us) after switching began.
        for (uint32_t p : {12u, 7u})
        {
            NS_TEST_ASSERT_MSG_EQ(ev.up[p].size(), 1u, "port " << p << " lit once");
            NS_TEST_ASSERT_MSG_EQ(ev.up[p][0], MicroSeconds(110), "port " << p);
        }
        NS_TEST_ASSERT_MSG_EQ_TOL(ocs->GetInsertionLossDb(12),
                                  SumRoute(t, after.routes[2].nodes),
                                  1e-12,
                                  "new circuit's loss");
        NS_TEST_ASSERT_MSG_EQ_TOL(ocs->GetInsertionLossDb(7),
                                  ocs->GetInsertionLossDb(12),
                                  1e-12,
                                  "one path both ways on a recirculating mesh");
        Simulator::Destroy();
    }
};

/// A rotor program, compiled, runs as the switch's cyclic schedule.
class CompiledRotorTestCase : public TestCase
{
  public:
    CompiledRotorTestCase()
        : TestCase("a compiled rotor program is the switch's schedule")
    {
    }

  private:
    void DoRun() override
    {
        const uint32_t n = 4;
        const auto matchings = PhotonicSynthesizer::RoundRobin(n);
        NS_TEST_ASSERT_MSG_EQ(matchings.size(), 3u, "N - 1 slots");
        const std::vector<Time> durations{MicroSeconds(50), MicroSeconds(80), MicroSeconds(50)};
        std::string text;
        std::string error;
        NS_TEST_ASSERT_MSG_EQ(PhotonicSynthesizer::Rotor(matchings, durations, n, 0, text, error),
                              true,
                              error);
        PhotonicProgram program;
        std::vector<PhotonicDiagnostic> diagnostics;
        NS_TEST_ASSERT_MSG_EQ(PhotonicLanguage::ParseString(text, "rotor", program, diagnostics),
                              true,
                              text);
        NS_TEST_ASSERT_MSG_EQ(program.slots.size(), 3u, "three slots");
        const PhotonicTarget t = optical::test::GenerateTarget("clements", n);
        const PhotonicCompilation c = PhotonicCompiler::Compile(program, t, {});
        NS_TEST_ASSERT_MSG_EQ(c.ok, true, c.error);
        NS_TEST_ASSERT_MSG_EQ(c.pairs, 12u, "4 circuits a slot");

        Ptr<OpticalCircuitSwitch> ocs = Switch(n);
        PhotonicSwitchHelper helper;
        helper.SetTarget(t);
        helper.Install(ocs);
        Ptr<OcsCyclicSchedule> schedule = helper.InstallRotor(ocs, c, Seconds(0));
        // Slot k begins at the sum of the durations before it; its circuits are lit once the
        // changed elements have switched (10 us).
        std::vector<std::pair<Time, uint32_t>> probes;
        Time begin = Seconds(0);
        for (uint32_t k = 0; k < 7; ++k)
        {
            probes.emplace_back(begin + MicroSeconds(30), k % 3);
            begin += durations[k % 3];
        }
        uint32_t wrong = 0;
        for (const auto& [at, slot] : probes)
        {
            Simulator::Schedule(at, [&, slot = slot]() {
                for (uint32_t i = 0; i < n; ++i)
                {
                    wrong += ocs->GetLitPeer(i) != matchings[slot][i];
                }
            });
        }
        Simulator::Stop(begin);
        Simulator::Run();
        NS_TEST_ASSERT_MSG_EQ(wrong, 0u, "every probe sees its slot's matching");
        NS_TEST_ASSERT_MSG_EQ(schedule->GetNSkipped(), 0u, "no slot skipped");
        NS_TEST_ASSERT_MSG_EQ(schedule->GetNRequests(), 7u, "one request a slot");
        Simulator::Destroy();
    }
};

/// An analog program is its mesh's transfer matrix: the ideal product without loss, a passive
/// attenuated one with loss.
class CompiledAnalogTestCase : public TestCase
{
  public:
    CompiledAnalogTestCase()
        : TestCase("an analog program's output against the ideal product")
    {
    }

  private:
    void DoRun() override
    {
        // (H x H) / 2 on 4 modes, with a phase on the last column: unitary.
        const std::string text = "in a[4]; out b[4];\n"
                                 "b[0..3] = unitary(a[0..3], [0.5, 0.5, 0.5, 0.5i;"
                                 " 0.5, -0.5, 0.5, -0.5i; 0.5, 0.5, -0.5, -0.5i;"
                                 " 0.5, -0.5, -0.5, 0.5i]);\n";
        PhotonicProgram program;
        std::vector<PhotonicDiagnostic> diagnostics;
        NS_TEST_ASSERT_MSG_EQ(PhotonicLanguage::ParseString(text, "u4", program, diagnostics),
                              true,
                              (diagnostics.empty() ? "" : diagnostics[0].ToString()));
        const std::complex<double> I(0, 1);
        const std::complex<double> u[4][4] = {{0.5, 0.5, 0.5, 0.5 * I},
                                              {0.5, -0.5, 0.5, -0.5 * I},
                                              {0.5, 0.5, -0.5, -0.5 * I},
                                              {0.5, -0.5, -0.5, 0.5 * I}};
        const std::complex<double> x[4] = {{0.3, 0.1}, {-0.2, 0.4}, {0.5, 0}, {0.1, -0.6}};
        for (const std::string style : {"clements", "reck"})
        {
            const PhotonicCompilation lossless =
                PhotonicCompiler::Compile(program,
                                          optical::test::GenerateTarget(style, 4, 0, 0.0),
                                          {});
            NS_TEST_ASSERT_MSG_EQ(lossless.ok, true, lossless.error);
            const PhotonicCompiledSlot& s = lossless.slots[0];
            NS_TEST_ASSERT_MSG_EQ(s.analog, true, "analog");
            double worst = 0;
            for (uint32_t r = 0; r < 4; ++r)
            {
                std::complex<double> ideal = 0;
                std::complex<double> real = 0;
                for (uint32_t col = 0; col < 4; ++col)
                {
                    ideal += u[r][col] * x[col];
                    real += s.realized(r, col) * x[col];
                }
                worst = std::max(worst, std::abs(ideal - real));
            }
            NS_TEST_ASSERT_MSG_LT(worst, 1e-9, style << ": lossless output = U x");
            NS_TEST_ASSERT_MSG_EQ_TOL(s.fidelity, 1.0, 1e-12, style);

            const PhotonicCompilation lossy =
                PhotonicCompiler::Compile(program,
                                          optical::test::GenerateTarget(style, 4, 0, 0.5),
                                          {});
            NS_TEST_ASSERT_MSG_EQ(lossy.ok, true, lossy.error);
            const PhotonicCompiledSlot& l = lossy.slots[0];
            double in = 0;
            double out = 0;
            for (uint32_t r = 0; r < 4; ++r)
            {
                std::complex<double> y = 0;
                for (uint32_t col = 0; col < 4; ++col)
                {
                    y += l.realized(r, col) * x[col];
                }
                in += std::norm(x[r]);
                out += std::norm(y);
            }
            // Every path crosses at least one 0.5 dB MZI: power falls by at least 0.5 dB.
            NS_TEST_ASSERT_MSG_LT(out, in * std::pow(10, -0.05) + 1e-12, style << " loses power");
            NS_TEST_ASSERT_MSG_GT(lossy.maxPathLossDb, 0.5 - 1e-9, style);
        }
    }
};

/// Server fabrics on compiled meshes: every default circuit lit, with its path's loss.
class CompiledFabricTestCase : public TestCase
{
  public:
    CompiledFabricTestCase()
        : TestCase("server fabrics on compiled targets")
    {
    }

  private:
    void DoRun() override
    {
        TorusGeometry g;
        std::string error;
        NS_TEST_ASSERT_MSG_EQ(g.Configure(1, {4, 4, 2}, {2, 2, 1}, error), true, error);
        TorusDatacenterHelper dc;
        ObjectFactory model("ns3::CompiledSwitchModel");
        model.Set("TargetStyle", StringValue("benes"));
        dc.SetFabricSwitchModel(model);
        Ptr<TorusFabric> fabric = dc.Create(g);
        for (uint32_t s = 0; s < g.GetNServers(); ++s)
        {
            Ptr<OpticalCircuitSwitch> ocs = fabric->GetServerFabric(s)->GetSwitch();
            Ptr<CompiledSwitchModel> m = DynamicCast<CompiledSwitchModel>(ocs->GetSwitchModel());
            NS_TEST_ASSERT_MSG_NE(m, nullptr, "server " << s << " has its own model");
            const OcsConfiguration& def = fabric->GetServerFabric(s)->GetDefaultConfiguration();
            for (const OcsCircuit& c : def.GetCircuits())
            {
                NS_TEST_ASSERT_MSG_EQ(ocs->GetLitPeer(c.from), static_cast<int32_t>(c.to), "lit");
                NS_TEST_ASSERT_MSG_EQ_TOL(ocs->GetInsertionLossDb(c.from),
                                          m->GetCircuitLossDb(c.from),
                                          1e-12,
                                          "loss from the model");
                NS_TEST_ASSERT_MSG_GT(ocs->GetInsertionLossDb(c.from), 0, "a real path");
            }
        }
        NS_TEST_ASSERT_MSG_NE(DynamicCast<CompiledSwitchModel>(
                                  fabric->GetServerFabric(0)->GetSwitch()->GetSwitchModel()),
                              DynamicCast<CompiledSwitchModel>(
                                  fabric->GetServerFabric(1)->GetSwitch()->GetSwitchModel()),
                              "one model per server");
        Simulator::Destroy();
    }
};

/// The suite.
class CompiledSwitchTestSuite : public TestSuite
{
  public:
    CompiledSwitchTestSuite()
        : TestSuite("optical-photonic-switch", SUITE_UNIT)
    {
        AddTestCase(new CompiledLossTestCase, TEST_QUICK);
        AddTestCase(new CompiledDarkTestCase, TEST_QUICK);
        AddTestCase(new CompiledRotorTestCase, TEST_QUICK);
        AddTestCase(new CompiledAnalogTestCase, TEST_QUICK);
        AddTestCase(new CompiledFabricTestCase, TEST_QUICK);
    }
};

/// Static instance.
static CompiledSwitchTestSuite g_compiledSwitchTestSuite;
