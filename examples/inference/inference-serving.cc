/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

/**
 * \file
 * \ingroup optical
 * LLM inference serving on one server (Aqua, ASPLOS'25): bursty requests against GPU memory.
 * The first --servingGpus GPUs serve the model (instances of --tp GPUs, requests dealt in
 * turn); the others lend --peerSpare of HBM each. Admission control (first come first served,
 * when the KV cache fits) is the baseline; time slices page the state of preempted requests to
 * the host over PCIe, to the paired peer GPU over the scale-up links (Aqua), or to it over a
 * photonic fabric steered to the pair. Pages are flows on the server's links.
 *
 *   ./ns3 run inference-serving
 *   ./ns3 run "inference-serving --scheduler=timeslice --pageTo=host"
 *   ./ns3 run "inference-serving --arrivals=data/inference-trace-example.csv"
 *
 * Prints ttft-p50-s, ttft-p99-s, ttft-max-s, tbt-p50-ms, tokens-per-s, paged-gb and
 * paging-time-pct of the chosen scheduler; with --compare, for the same requests,
 * responsiveness-gain (admission control's mean TTFT of requests arriving in bursts over the
 * chosen scheduler's) and long-prompt-throughput-gain (one prompt whose KV does not fit a GPU:
 * decode throughput paging to the peer over paging to the host). Records every request in the
 * results store (ev_inference_requests) and the long-prompt runs (ev_inference_long_prompt).
 */

#include "ns3/core-module.h"
#include "ns3/optical-module.h"

using namespace ns3;

NS_LOG_COMPONENT_DEFINE("InferenceServing");

namespace
{

/// The options that are not the server's configuration, with their defaults.
struct Options
{
    std::string model{"llama3-8b"};        //!< Model (a row of data/models.csv)
    std::string gpu{"h100"};               //!< GPU type (a row of data/gpu-types.csv)
    uint32_t servingGpus{0};               //!< GPUs serving (0: half of them)
    std::string arrivals{"bursty"};        //!< poisson, bursty or a trace file
    double rate{8};                        //!< Arrival rate (requests/s)
    double burstRate{150};                 //!< Arrival rate in a burst (requests/s)
    Time quietTime{Seconds(20)};           //!< Time between bursts
    Time burstTime{Seconds(10)};           //!< Length of a burst
    Time duration{Seconds(60)};            //!< Arrivals during
    uint32_t promptMin{256};               //!< Shortest prompt (tokens)
    uint32_t promptMax{1024};              //!< Longest prompt (tokens)
    uint32_t outputMin{512};               //!< Shortest output (tokens)
    uint32_t outputMax{2048};              //!< Longest output (tokens)
    uint64_t peerSpare{40000000000ULL};    //!< HBM each lending GPU lends (bytes)
    uint64_t hostMemory{1000000000000ULL}; //!< Host DRAM for pages (bytes)
    uint64_t longPrompt{0};                //!< Long prompt (tokens; 0: from the KV capacity)
    uint32_t longOutput{64};               //!< Output of the long prompt (tokens)
    bool compare{true};                    //!< Run admission control and the long prompt too
    std::string colocate{"none"};          //!< Work on the lending GPUs
};

/// The requests served, and where they came from.
struct Workload
{
    Ptr<InferenceArrivals> source;              //!< The arrival process (its bursts)
    std::vector<InferenceRequestSpec> requests; //!< The requests
    uint64_t prompt{0};                         //!< The long prompt (tokens)
};

/**
 * \brief Declares the options (the --help order).
 * \param [in,out] exp The experiment
 * \param [in,out] o The options, holding their defaults
 * \param [in,out] c The server's configuration, holding the defaults of its options
 */
void
AddOptions(OpticalExperiment& exp, Options& o, InferenceServingConfig& c)
{
    exp.AddText("model", "Model (a row of data/models.csv)", o.model, false);
    exp.AddText("gpu", "GPU type (a row of data/gpu-types.csv)", o.gpu, false);
    exp.AddCount("gpus", "GPUs in the server", c.gpus, 1, 64);
    exp.AddCount("servingGpus", "GPUs serving (0: half of them)", o.servingGpus, 0, 64);
    exp.AddCount("tp", "Tensor parallelism of an instance", c.tp, 1, 64);
    exp.AddEnum("scheduler", "Scheduler", c.scheduler, {"admission", "timeslice"});
    exp.AddFlag("recompute", "Admission control: recompute preempted requests", c.recompute);
    exp.AddCount("slice", "Time slice (iterations; Aqua: 5)", c.sliceIterations, 1, 1000000);
    exp.AddEnum("pageTo", "Where time slices page KV state", c.pageTo, {"host", "peer", "fabric"});
    exp.AddText("arrivals",
                "poisson, bursty, or a trace file (arrival_s,prompt_tokens,"
                "output_tokens)",
                o.arrivals,
                false);
    exp.AddReal("rate",
                "Arrival rate (requests/s; bursty: between bursts)",
                o.rate,
                OpticalBounds::AtLeast(0).AtMost(1e6));
    exp.AddReal("burstRate",
                "Arrival rate in a burst (requests/s)",
                o.burstRate,
                OpticalBounds::Above(0).AtMost(1e6));
    exp.AddTime("quietTime",
                "Time between bursts (fixed)",
                o.quietTime,
                OpticalBounds::Above(0).AtMost(1e7));
    exp.AddTime("burstTime",
                "Length of a burst (fixed)",
                o.burstTime,
                OpticalBounds::Above(0).AtMost(1e7));
    exp.AddTime("duration", "Arrivals during", o.duration, OpticalBounds::Above(0).AtMost(1e7));
    exp.AddCount("promptMin", "Shortest prompt (tokens; uniform)", o.promptMin, 1, 1u << 24);
    exp.AddCount("promptMax", "Longest prompt (tokens)", o.promptMax, 1, 1u << 24);
    exp.AddCount("outputMin", "Shortest output (tokens; uniform)", o.outputMin, 1, 1u << 24);
    exp.AddCount("outputMax", "Longest output (tokens)", o.outputMax, 1, 1u << 24);
    exp.AddBytes("peerSpare",
                 "HBM each lending GPU lends",
                 o.peerSpare,
                 OpticalBounds::AtLeast(0).AtMost(1e15));
    exp.AddBytes("hostMemory",
                 "Host DRAM for pages",
                 o.hostMemory,
                 OpticalBounds::AtLeast(0).AtMost(1e15));
    exp.AddDataRate("pcie",
                    "PCIe per GPU and direction (5.0 x16)",
                    c.pcieRate,
                    OpticalBounds::Above(0).AtMost(1e15));
    exp.AddCount("fabricPorts", "Photonic fabric ports per GPU (0: none)", c.fabricPorts, 0, 64);
    exp.AddDataRate("fabricPortRate",
                    "Rate of a fabric port",
                    c.fabricPortRate,
                    OpticalBounds::Above(0).AtMost(1e15));
    exp.AddTime("fabricDelay",
                "Fabric reconfiguration delay",
                c.fabricDelay,
                OpticalBounds::AtLeast(0).AtMost(60));
    exp.AddBackend("backend", "Network model", c.backend);
    exp.AddEnum("colocate", "Work on the lending GPUs", o.colocate, {"none", "training"});
    exp.AddCount("longPrompt",
                 "Long prompt (tokens; 0: 1.25 x one GPU's KV capacity)",
                 o.longPrompt,
                 0,
                 1000000000);
    exp.AddCount("longOutput", "Output of the long prompt (tokens)", o.longOutput, 2, 1u << 20);
    exp.AddFlag("compare", "Run admission control and the long prompt too", o.compare);
}

/**
 * \brief Checks the options together and completes the server's configuration.
 * \param [in] o The options
 * \param [in,out] c The server's configuration
 * \param [in,out] exp The experiment (refuses bad values)
 */
void
CheckAndConfigure(const Options& o, InferenceServingConfig& c, OpticalExperiment& exp)
{
    std::string error;
    exp.Require(ModelSpec::Lookup(o.model, c.model, error), "model", error);
    exp.Require(GpuSpec::Lookup(o.gpu, c.gpu, error), "gpu", error);
    exp.Require(o.promptMin <= o.promptMax, "promptMin", "above --promptMax");
    exp.Require(o.outputMin <= o.outputMax, "outputMin", "above --outputMax");
    c.servingGpus = o.servingGpus > 0 ? o.servingGpus : std::max(c.tp, c.gpus / 2 / c.tp * c.tp);
    c.peerSpareBytes = o.peerSpare;
    c.hostMemoryBytes = o.hostMemory;
    c.colocateTraining = o.colocate == "training";
    if (c.colocateTraining)
    {
        exp.Require(ModelSpec::Lookup("tiny", c.trainingModel, error), "colocate", error);
    }
    // The study names the option at fault (tp, servingGpus, pageTo, model, ...).
    if (const std::string problem = InferenceServingStudy::Check(c); !problem.empty())
    {
        exp.Fail(problem);
    }
}

/**
 * \brief Generates the requests and sizes the long prompt, refusing a workload that cannot run.
 * \param [in] o The options
 * \param [in] c The server's configuration
 * \param [out] w The requests and their source
 * \param [in,out] exp The experiment (refuses bad values)
 */
void
MakeWorkload(const Options& o, const InferenceServingConfig& c, Workload& w, OpticalExperiment& exp)
{
    std::string error;
    w.source = CreateObject<InferenceArrivals>();
    const bool trace = o.arrivals != "poisson" && o.arrivals != "bursty";
    w.source->SetAttribute("Process", StringValue(trace ? "trace" : o.arrivals));
    w.source->SetAttribute("TraceFile", StringValue(trace ? o.arrivals : ""));
    w.source->SetAttribute("Rate", DoubleValue(o.rate));
    w.source->SetAttribute("BurstRate", DoubleValue(o.burstRate));
    w.source->SetAttribute("QuietTime", TimeValue(o.quietTime));
    w.source->SetAttribute("BurstTime", TimeValue(o.burstTime));
    w.source->SetAttribute("FixedPeriods", BooleanValue(true));
    w.source->SetAttribute(
        "PromptLength",
        StringValue("ns3::UniformRandomVariable[Min=" + std::to_string(o.promptMin) +
                    "|Max=" + std::to_string(o.promptMax) + "]"));
    w.source->SetAttribute(
        "OutputLength",
        StringValue("ns3::UniformRandomVariable[Min=" + std::to_string(o.outputMin) +
                    "|Max=" + std::to_string(o.outputMax) + "]"));
    w.source->AssignStreams(0);
    exp.Require(w.source->Generate(o.duration, w.requests, error), "arrivals", error);
    exp.Require(!w.requests.empty(), "arrivals", "no request arrives in --duration");
    w.prompt = o.longPrompt > 0 ? o.longPrompt : InferenceServingStudy::KvCapacityTokens(c) * 5 / 4;
    if (const std::string bad = InferenceServingStudy::CheckLongPrompt(c, w.prompt, o.longOutput);
        o.compare && !bad.empty())
    {
        exp.Fail(bad);
    }
}

/**
 * \brief Prints the metrics of the chosen scheduler, failing if a request did not complete.
 * \param [in,out] exp The experiment
 * \param [in] c The server's configuration
 * \param [in] out What the chosen scheduler did
 */
void
ReportServing(OpticalExperiment& exp,
              const InferenceServingConfig& c,
              const InferenceServingOutcome& out)
{
    const auto& s = out.summary;
    if (s.completed + s.rejected != s.requests)
    {
        exp.Fail(std::to_string(s.requests - s.completed - s.rejected) +
                 " requests did not complete");
    }
    exp.Metric("requests", s.requests);
    exp.Metric("rejected", s.rejected);
    exp.Metric("ttft-p50-s", s.ttftP50, "s");
    exp.Metric("ttft-p99-s", s.ttftP99, "s");
    exp.Metric("ttft-max-s", s.ttftMax, "s");
    exp.Metric("tbt-p50-ms", s.tbtP50 * 1e3, "ms");
    exp.Metric("tokens-per-s", s.tokensPerS, "tokens/s");
    exp.Metric("paged-gb", s.pagedBytes / 1e9, "GB");
    exp.Metric("paging-time-pct",
               out.durationS > 0 ? 100 * out.pagingBusyS / out.durationS : 0,
               "%");
    exp.Metric("kv-peak-pct",
               100.0 * out.kvPeakBlocks / std::max<uint64_t>(1, out.kvCapacityBlocks),
               "%");
    if (c.colocateTraining)
    {
        exp.Metric("training-iterations", out.trainingIterations);
    }
}

/**
 * \brief Serves the same requests under admission control and the long prompt paging to the
 * host and to the peer (or the fabric), records them and prints the gains.
 * \param [in,out] exp The experiment
 * \param [in,out] recorder Records the requests and the long-prompt runs
 * \param [in] o The options
 * \param [in] c The server's configuration
 * \param [in] w The requests and their source
 * \param [in] out What the chosen scheduler did
 */
void
Compare(OpticalExperiment& exp,
        InferenceServingRecorder& recorder,
        const Options& o,
        const InferenceServingConfig& c,
        const Workload& w,
        const InferenceServingOutcome& out)
{
    InferenceServingConfig base = c;
    base.scheduler = "admission";
    base.recompute = false;
    const InferenceServingOutcome admission = InferenceServingStudy::Run(base, w.requests);
    recorder.WriteRequests(base, admission, [&w](Time t) { return w.source->InBurst(t); });
    const bool bursty = !w.source->GetBursts().empty();
    exp.Metric("admission-ttft-p50-s", admission.summary.ttftP50, "s");
    exp.Metric("responsiveness-gain",
               InferenceServingStudy::ResponsivenessGain(
                   admission.records,
                   out.records,
                   bursty ? std::function<bool(Time)>([&w](Time t) { return w.source->InBurst(t); })
                          : std::function<bool(Time)>()));
    const double host =
        InferenceServingStudy::LongPromptThroughput(c, "host", w.prompt, o.longOutput);
    const double peer =
        InferenceServingStudy::LongPromptThroughput(c,
                                                    c.pageTo == "fabric" ? "fabric" : "peer",
                                                    w.prompt,
                                                    o.longOutput);
    recorder.WriteLongPrompt("host", w.prompt, o.longOutput, host);
    recorder.WriteLongPrompt(c.pageTo == "fabric" ? "fabric" : "peer",
                             w.prompt,
                             o.longOutput,
                             peer);
    exp.Metric("long-prompt-tokens", w.prompt, "tokens");
    exp.Metric("long-prompt-throughput-gain", peer / host);
}

} // namespace

int
main(int argc, char* argv[])
{
    InferenceServingConfig c;
    Options o;
    OpticalExperiment exp("inference-serving", "LLM inference serving with KV paging (Aqua)");
    AddOptions(exp, o, c);
    exp.Parse(argc, argv);
    CheckAndConfigure(o, c, exp);
    Workload w;
    MakeWorkload(o, c, w, exp);
    exp.Start();

    const InferenceServingOutcome out = InferenceServingStudy::Run(c, w.requests);
    InferenceServingRecorder recorder(exp.GetStore(), exp.GetRunId());
    recorder.WriteRequests(c, out, [&w](Time t) { return w.source->InBurst(t); });
    ReportServing(exp, c, out);
    if (o.compare)
    {
        Compare(exp, recorder, o, c, w, out);
    }
    return exp.Finish();
}
