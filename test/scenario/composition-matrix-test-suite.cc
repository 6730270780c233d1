/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// The composition matrix: every workload (a collective, a training job, a flow-size workload,
// inference paging) on every scale-out fabric (star, fat-tree, rail-optimized, photonic rails,
// OCS leaf-spine, time-slotted RDCN) on every backend of the registry, a small case each,
// written with the scratch-level API only (ScaleOutFabric::Realize, CollectiveHelper, the
// workloads' own Start(), called before Simulator::Run()). Each cell must complete, deliver
// every message it sent, and move the bytes its workload defines: 2 (N-1) S for a ring
// all-reduce, flows x FlowBytes for an all-to-all of flows, and the same bytes at every level
// for a training job (its traffic does not depend on the network). The cells that do not
// exist are listed in the doc with the reason (doc/optical.rst, "The composition matrix").

#include "../common/optical-test-compat.h"

#include "ns3/core-module.h"
#include "ns3/internet-module.h"
#include "ns3/network-module.h"
#include "ns3/optical-module.h"
#include "ns3/test.h"

#include <functional>
#include <memory>
#include <sstream>

using namespace ns3;
using namespace ns3::optical::compat;

// Everything of this file is internal to it: test classes of the same name in other
// suites would otherwise be merged by the linker (one DoRun for both).
namespace
{

/// The fabrics of the matrix.
enum class Fabric
{
    STAR,
    FAT_TREE,
    RAIL,
    PHOTONIC_RAILS,
    OCS_LEAF_SPINE,
    RDCN,
};

/// The workloads of the matrix (inference paging has its own cells: its server is its fabric).
enum class Workload
{
    COLLECTIVE,
    TRAINING,
    FLOWS,
};

/// \param [in] f A fabric \return its name
std::string
Name(Fabric f)
{
    switch (f)
    {
    case Fabric::STAR:
        return "star";
    case Fabric::FAT_TREE:
        return "fat-tree";
    case Fabric::RAIL:
        return "rail";
    case Fabric::PHOTONIC_RAILS:
        return "photonic-rails";
    case Fabric::OCS_LEAF_SPINE:
        return "ocs-leaf-spine";
    case Fabric::RDCN:
        return "rdcn";
    }
    return "?";
}

/// \param [in] w A workload \return its name
std::string
Name(Workload w)
{
    switch (w)
    {
    case Workload::COLLECTIVE:
        return "collective";
    case Workload::TRAINING:
        return "training";
    case Workload::FLOWS:
        return "flows";
    }
    return "?";
}

constexpr uint32_t HOSTS = 8;                 //!< Ranks of every cell
const DataRate RATE("10Gbps");                //!< Every link and circuit
const Time DELAY = MicroSeconds(1);           //!< Every link
constexpr uint64_t ALLREDUCE_BYTES = 1 << 20; //!< S of the all-reduce
constexpr uint64_t FLOW_BYTES = 64 << 10;     //!< Bytes per flow of the all-to-all

/// A fabric of the matrix, made as a user would, with what its workloads need.
struct MadeFabric
{
    std::unique_ptr<ScaleOutFabric> fabric; //!< The helper
    uint32_t gpusPerServer{1};              //!< Servers of this many GPUs (a scale-up domain)
    uint32_t hostsPerGroup{1};              //!< Hosts that share a ToR, leaf or server
    RailNetworkHelper* rails{nullptr};      //!< Photonic rails: the helper (its controller)
};

/// \param [in] f The fabric \return it, configured for 8 hosts
MadeFabric
Make(Fabric f)
{
    MadeFabric m;
    switch (f)
    {
    case Fabric::STAR:
    case Fabric::FAT_TREE:
    case Fabric::RAIL: {
        auto helper = std::make_unique<ScaleOutTopologyHelper>();
        helper->SetTopology(Name(f));
        helper->SetDeviceAttribute("DataRate", DataRateValue(RATE));
        helper->SetChannelAttribute("Delay", TimeValue(DELAY));
        helper->SetFatTree(2, 2);
        m.gpusPerServer = 2;
        m.hostsPerGroup = f == Fabric::STAR ? 1 : 2;
        m.fabric = std::move(helper);
        break;
    }
    case Fabric::PHOTONIC_RAILS: {
        auto helper = std::make_unique<RailNetworkHelper>();
        helper->SetNetwork("photonic");
        helper->SetGpuDataRate(RATE);
        helper->SetLinkDelay(DELAY);
        helper->SetOcsAttribute("ReconfigurationDelay", TimeValue(MicroSeconds(10)));
        m.gpusPerServer = 2;
        m.hostsPerGroup = 2;
        m.rails = helper.get();
        m.fabric = std::move(helper);
        break;
    }
    case Fabric::OCS_LEAF_SPINE: {
        auto helper = std::make_unique<OcsLeafSpineHelper>();
        helper->SetHostsPerTor(2);
        helper->SetSpines(2);
        helper->SetHostLinkRate(RATE);
        helper->SetUplinkRate(RATE);
        helper->SetHostLinkDelay(DELAY);
        m.gpusPerServer = 2;
        m.hostsPerGroup = 2;
        m.fabric = std::move(helper);
        break;
    }
    case Fabric::RDCN: {
        auto helper = std::make_unique<RdcnHelper>();
        std::string error;
        Ptr<RdcnSchedule> schedule = CreateObject<RdcnSchedule>();
        NS_ABORT_MSG_IF(
            !schedule->SetMatchings(4, RdcnScheduleGenerator::RoundRobin(4, 2, error), error),
            error);
        helper->SetSchedule(schedule);
        helper->SetHostsPerTor(2);
        helper->SetHostLinkAttribute("DataRate", DataRateValue(RATE));
        helper->SetUplinkAttribute("DataRate", DataRateValue(RATE));
        m.gpusPerServer = 1; // hosts of a time-slotted network have no scale-up domain
        m.hostsPerGroup = 2;
        m.fabric = std::move(helper);
        break;
    }
    }
    return m;
}

/// \param [in] f A fabric \param [in] w A workload \return why the cell does not exist ("" if
/// it does)
std::string
Missing(Fabric f, Workload w)
{
    if (f == Fabric::PHOTONIC_RAILS && w == Workload::FLOWS)
    {
        return "a rail's OCS is set per collective by the Opus-style controller; flows of a "
               "flow-size workload are no collective phase, so no circuit would carry them";
    }
    return "";
}

/// What one cell did.
struct CellResult
{
    bool done{false};           //!< The workload completed
    uint64_t bytesSent{0};      //!< Bytes handed to the transport
    uint64_t messagesSent{0};   //!< Messages handed to the transport
    uint64_t delivered{0};      //!< Messages delivered
    uint64_t bytesDelivered{0}; //!< Their bytes
    Time duration;              //!< Simulated time to completion
    std::string stall;          //!< The transport's account of a stall
};

/// A tiny hybrid-parallel job for \p gpusPerServer (TP inside a server).
TrainingConfig
TinyJob(uint32_t gpusPerServer)
{
    TrainingConfig c;
    std::string error;
    NS_ABORT_MSG_IF(!TrainingJobHelper::Configure("tiny", "h100", c, error), error);
    c.tp = gpusPerServer;
    c.pp = 2;
    c.dp = HOSTS / (c.tp * c.pp);
    c.microbatches = 2;
    // Small enough for packet level (under the sanitizers too): two layers (one per stage) of
    // hidden size 256 (3 MB of weights a stage where 1,024 gave 48 MB), short sequences, a
    // small vocabulary (the embedding's gradients would dominate the DP all-reduce).
    c.model.layers = 2;
    c.model.hidden = 256;
    c.model.heads = 4;
    c.model.kvHeads = 4;
    c.model.ffnHidden = 1024;
    c.model.seqLen = 128;
    c.model.vocab = 1024;
    return c;
}

/// Runs one cell.
CellResult
RunCell(Fabric f, Workload w, Backend backend)
{
    MadeFabric m = Make(f);
    const RealizedFabric net = m.fabric->Realize(backend, HOSTS, m.gpusPerServer);
    CollectiveHelper collectives;
    Ptr<CollectiveTransport> transport = collectives.Install(net, m.gpusPerServer);

    // Every workload starts now, before Simulator::Run().
    Ptr<Collective> collective;
    Ptr<TrainingJob> job;
    Ptr<FlowWorkload> flows;
    switch (w)
    {
    case Workload::COLLECTIVE: {
        // NCCL's choice with servers: hierarchical (in the server, per rail, in the server),
        // which also keeps every cross-server transfer on a rail, as photonic rails need.
        CollectiveSpec spec = CollectiveSpec::Of(CollectiveKind::ALLREDUCE, HOSTS, ALLREDUCE_BYTES);
        if (m.gpusPerServer > 1)
        {
            spec.WithAlgorithm(CollectiveAlgorithm::HIERARCHICAL)
                .WithRanksPerServer(m.gpusPerServer);
        }
        collective = collectives.Create(transport, spec, {}, "matrix");
        if (m.rails)
        {
            collective->SetController(m.rails->GetController());
        }
        collective->Start();
        break;
    }
    case Workload::TRAINING:
        job = TrainingJobHelper().Install(transport, TinyJob(m.gpusPerServer), {}, "matrix");
        if (m.rails)
        {
            m.rails->Attach(job);
        }
        job->Start(1);
        break;
    case Workload::FLOWS: {
        flows = CreateObject<FlowWorkload>();
        flows->SetAttribute("Pattern", StringValue("alltoall"));
        flows->SetAttribute("FlowBytes", UintegerValue(FLOW_BYTES));
        flows->SetAttribute("HostsPerGroup", UintegerValue(m.hostsPerGroup));
        flows->SetAttribute("HostRate", DataRateValue(RATE));
        flows->SetTransport(transport);
        std::string error;
        NS_ABORT_MSG_IF(!flows->Start(error), error);
        break;
    }
    }
    // A time-slotted network's schedule runs until told to stop: end the run once the
    // workload is done (checked every 100 us), or at 60 s.
    std::function<void()> stopWhenDone = [&]() {
        const bool done = (collective && collective->IsDone()) ||
                          (job && job->GetIterations().size() == 1) ||
                          (flows && flows->GetSummary().flowsStarted > 0 &&
                           flows->GetSummary().flowsIncomplete == 0);
        if (done)
        {
            Simulator::Stop();
            return;
        }
        Simulator::Schedule(MicroSeconds(100), stopWhenDone);
    };
    Simulator::Schedule(MicroSeconds(100), stopWhenDone);
    Simulator::Stop(Seconds(60));
    Simulator::Run();

    CellResult r;
    switch (w)
    {
    case Workload::COLLECTIVE:
        r.done = collective->IsDone();
        r.duration = collective->GetRecord().end - collective->GetRecord().start;
        break;
    case Workload::TRAINING:
        r.done = job->GetIterations().size() == 1;
        r.duration =
            r.done ? job->GetIterations()[0].end - job->GetIterations()[0].start : Seconds(0);
        break;
    case Workload::FLOWS: {
        const FlowWorkloadSummary s = flows->GetSummary();
        r.done = s.flowsStarted > 0 && s.flowsIncomplete == 0;
        for (const FlowRecord& rec : flows->GetFlows())
        {
            r.duration = std::max(r.duration, rec.end);
        }
        break;
    }
    }
    const CollectiveTransportCounters c = transport->GetCounters();
    r.bytesSent = c.bytesSent;
    r.messagesSent = c.messagesSent;
    r.delivered = c.messagesDelivered;
    r.bytesDelivered = c.bytesDelivered;
    r.stall = transport->DescribeStall();
    Simulator::Destroy();
    return r;
}

/// One workload on one fabric at every level of the registry.
class CellTestCase : public TestCase
{
  public:
    /// \param [in] f The fabric \param [in] w The workload
    CellTestCase(Fabric f, Workload w)
        : TestCase(Name(w) + " on " + Name(f) + " at every backend"),
          m_fabric(f),
          m_workload(w)
    {
    }

  private:
    void DoRun() override
    {
        std::vector<CellResult> results;
        for (const BackendInfo& info : BackendRegistry::GetAll())
        {
            const std::string cell =
                Name(m_workload) + " on " + Name(m_fabric) + " (" + info.name + ")";
            const CellResult r = RunCell(m_fabric, m_workload, info.backend);
            NS_TEST_EXPECT_MSG_EQ(r.done, true, cell << ": did not complete. " << r.stall);
            NS_TEST_EXPECT_MSG_GT(r.messagesSent, 0u, cell << ": nothing sent");
            NS_TEST_EXPECT_MSG_EQ(r.delivered, r.messagesSent, cell << ": messages lost");
            NS_TEST_EXPECT_MSG_EQ(r.bytesDelivered, r.bytesSent, cell << ": bytes lost");
            NS_TEST_EXPECT_MSG_GT(r.duration, Seconds(0), cell << ": no time passed");
            switch (m_workload)
            {
            case Workload::COLLECTIVE:
                // A ring moves 2 (N-1) S; hierarchically, m servers of g GPUs move 2 m (g-1) S
                // in the servers and 2 (m-1) S on the rails: 2 (mg - 1) S, the same.
                NS_TEST_EXPECT_MSG_EQ(r.bytesSent,
                                      2 * (HOSTS - 1) * ALLREDUCE_BYTES,
                                      cell << ": an all-reduce moves 2 (N-1) S");
                break;
            case Workload::FLOWS: {
                const MadeFabric m = Make(m_fabric);
                const uint64_t flows = uint64_t{HOSTS} * (HOSTS - m.hostsPerGroup);
                NS_TEST_EXPECT_MSG_EQ(r.bytesSent,
                                      flows * FLOW_BYTES,
                                      cell << ": every host to every other group");
                break;
            }
            case Workload::TRAINING:
                break;
            }
            results.push_back(r);
        }
        // The workload's traffic does not depend on the level that carries it.
        for (const CellResult& r : results)
        {
            NS_TEST_EXPECT_MSG_EQ(r.bytesSent,
                                  results.front().bytesSent,
                                  Name(m_workload) << " on " << Name(m_fabric)
                                                   << ": the same bytes at every level");
        }
    }

    Fabric m_fabric;     //!< Fabric
    Workload m_workload; //!< Workload
};

/// Inference paging on its own server (GPUs, NVSwitch, PCIe, a photonic fabric) at each level.
class InferenceCellTestCase : public TestCase
{
  public:
    InferenceCellTestCase()
        : TestCase("inference paging on its server fabric at every backend")
    {
    }

  private:
    void DoRun() override
    {
        InferenceServingConfig c;
        std::string error;
        NS_TEST_ASSERT_MSG_EQ(ModelSpec::Lookup("llama3-8b", c.model, error), true, error);
        NS_TEST_ASSERT_MSG_EQ(GpuSpec::Lookup("h100", c.gpu, error), true, error);
        NS_TEST_ASSERT_MSG_EQ(ModelSpec::Lookup("tiny", c.trainingModel, error), true, error);
        c.gpus = 4;
        c.servingGpus = 2;
        c.tp = 1;
        c.scheduler = "timeslice";
        c.pageTo = "peer";
        c.gpu.memoryBytes = 20e9; // a few requests fill the KV cache: time slices page
        std::vector<InferenceRequestSpec> requests;
        for (uint32_t i = 0; i < 12; ++i)
        {
            InferenceRequestSpec r;
            r.id = i;
            r.arrival = MicroSeconds(100 * i);
            r.promptTokens = 2048;
            r.outputTokens = 32;
            requests.push_back(r);
        }
        for (const BackendInfo& info : BackendRegistry::GetAll())
        {
            c.backend = info.backend;
            NS_TEST_ASSERT_MSG_EQ(InferenceServingStudy::Check(c), "", info.name);
            const InferenceServingOutcome o = InferenceServingStudy::Run(c, requests, 1);
            uint64_t finished = 0;
            for (const InferenceRequestRecord& r : o.records)
            {
                finished += (!r.rejected && r.end != Time::Max()) ? 1 : 0;
            }
            NS_TEST_EXPECT_MSG_EQ(o.records.size(), requests.size(), info.name << ": records");
            NS_TEST_EXPECT_MSG_EQ(finished, requests.size(), info.name << ": all served");
        }
    }
};

/// The suite.
class CompositionMatrixTestSuite : public TestSuite
{
  public:
    CompositionMatrixTestSuite()
        : TestSuite("optical-composition-matrix", SUITE_UNIT)
    {
        for (Fabric f : {Fabric::STAR,
                         Fabric::FAT_TREE,
                         Fabric::RAIL,
                         Fabric::PHOTONIC_RAILS,
                         Fabric::OCS_LEAF_SPINE,
                         Fabric::RDCN})
        {
            for (Workload w : {Workload::COLLECTIVE, Workload::TRAINING, Workload::FLOWS})
            {
                if (Missing(f, w).empty())
                {
                    AddTestCase(new CellTestCase(f, w), TEST_QUICK);
                }
            }
        }
        AddTestCase(new InferenceCellTestCase, TEST_QUICK);
    }
};

/// The suite's instance.
CompositionMatrixTestSuite g_compositionMatrixTestSuite;

} // namespace
