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
 * paging-time-pct of the chosen scheduler (--timeline=FILE.json: its run as a Perfetto timeline);
 * with --compare, for the same requests, responsiveness-gain (admission control's mean TTFT of
 * requests arriving in bursts over the chosen scheduler's) and long-prompt-throughput-gain (one
 * prompt whose KV does not fit a GPU: decode throughput paging to the peer over paging to the
 * host). Records every request in the results store (ev_inference_requests) and the long-prompt
 * runs (ev_inference_long_prompt).
 */

#include "ns3/core-module.h"
#include "ns3/optical-module.h"

using namespace ns3;

NS_LOG_COMPONENT_DEFINE("InferenceServing");

int
main(int argc, char* argv[])
{
    InferenceServingConfig c;
    std::string model = "llama3-8b";
    std::string gpu = "h100";
    uint32_t servingGpus = 0;
    std::string arrivals = "bursty";
    double rate = 8;
    double burstRate = 150;
    Time quietTime = Seconds(20);
    Time burstTime = Seconds(10);
    Time duration = Seconds(60);
    uint32_t promptMin = 256;
    uint32_t promptMax = 1024;
    uint32_t outputMin = 512;
    uint32_t outputMax = 2048;
    uint64_t peerSpare = 40000000000ULL;
    uint64_t hostMemory = 1000000000000ULL;
    uint64_t longPrompt = 0;
    uint32_t longOutput = 64;
    bool compare = true;
    std::string colocate = "none";

    OpticalExperiment exp("inference-serving", "LLM inference serving with KV paging (Aqua)");
    exp.AddText("model", "Model (a row of data/models.csv)", model, false);
    exp.AddText("gpu", "GPU type (a row of data/gpu-types.csv)", gpu, false);
    exp.AddCount("gpus", "GPUs in the server", c.gpus, 1, 64);
    exp.AddCount("servingGpus", "GPUs serving (0: half of them)", servingGpus, 0, 64);
    exp.AddCount("tp", "Tensor parallelism of an instance", c.tp, 1, 64);
    exp.AddEnum("scheduler", "Scheduler", c.scheduler, {"admission", "timeslice"});
    exp.AddFlag("recompute", "Admission control: recompute preempted requests", c.recompute);
    exp.AddCount("slice", "Time slice (iterations; Aqua: 5)", c.sliceIterations, 1, 1000000);
    exp.AddEnum("pageTo", "Where time slices page KV state", c.pageTo, {"host", "peer", "fabric"});
    exp.AddText("arrivals",
                "poisson, bursty, or a trace file (arrival_s,prompt_tokens,"
                "output_tokens)",
                arrivals,
                false);
    exp.AddReal("rate",
                "Arrival rate (requests/s; bursty: between bursts)",
                rate,
                OpticalBounds::AtLeast(0).AtMost(1e6));
    exp.AddReal("burstRate",
                "Arrival rate in a burst (requests/s)",
                burstRate,
                OpticalBounds::Above(0).AtMost(1e6));
    exp.AddTime("quietTime",
                "Time between bursts (fixed)",
                quietTime,
                OpticalBounds::Above(0).AtMost(1e7));
    exp.AddTime("burstTime",
                "Length of a burst (fixed)",
                burstTime,
                OpticalBounds::Above(0).AtMost(1e7));
    exp.AddTime("duration", "Arrivals during", duration, OpticalBounds::Above(0).AtMost(1e7));
    exp.AddCount("promptMin", "Shortest prompt (tokens; uniform)", promptMin, 1, 1u << 24);
    exp.AddCount("promptMax", "Longest prompt (tokens)", promptMax, 1, 1u << 24);
    exp.AddCount("outputMin", "Shortest output (tokens; uniform)", outputMin, 1, 1u << 24);
    exp.AddCount("outputMax", "Longest output (tokens)", outputMax, 1, 1u << 24);
    exp.AddBytes("peerSpare",
                 "HBM each lending GPU lends",
                 peerSpare,
                 OpticalBounds::AtLeast(0).AtMost(1e15));
    exp.AddBytes("hostMemory",
                 "Host DRAM for pages",
                 hostMemory,
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
    exp.AddEnum("colocate", "Work on the lending GPUs", colocate, {"none", "training"});
    exp.AddCount("longPrompt",
                 "Long prompt (tokens; 0: 1.25 x one GPU's KV capacity)",
                 longPrompt,
                 0,
                 1000000000);
    exp.AddCount("longOutput", "Output of the long prompt (tokens)", longOutput, 2, 1u << 20);
    exp.AddFlag("compare", "Run admission control and the long prompt too", compare);
    std::string timelinePath;
    exp.AddOutputFile("timeline",
                      "Timeline of the chosen scheduler's run (Chrome trace JSON for "
                      "ui.perfetto.dev: each instance's iterations, the pages; empty: none)",
                      timelinePath);
    exp.Parse(argc, argv);

    std::string error;
    exp.Require(ModelSpec::Lookup(model, c.model, error), "model", error);
    exp.Require(GpuSpec::Lookup(gpu, c.gpu, error), "gpu", error);
    exp.Require(promptMin <= promptMax, "promptMin", "above --promptMax");
    exp.Require(outputMin <= outputMax, "outputMin", "above --outputMax");
    c.servingGpus = servingGpus > 0 ? servingGpus : std::max(c.tp, c.gpus / 2 / c.tp * c.tp);
    c.peerSpareBytes = peerSpare;
    c.hostMemoryBytes = hostMemory;
    c.colocateTraining = colocate == "training";
    if (c.colocateTraining)
    {
        exp.Require(ModelSpec::Lookup("tiny", c.trainingModel, error), "colocate", error);
    }
    // The study names the option at fault (tp, servingGpus, pageTo, model, ...).
    if (const std::string problem = InferenceServingStudy::Check(c); !problem.empty())
    {
        exp.Fail(problem);
    }

    Ptr<InferenceArrivals> source = CreateObject<InferenceArrivals>();
    const bool trace = arrivals != "poisson" && arrivals != "bursty";
    source->SetAttribute("Process", StringValue(trace ? "trace" : arrivals));
    source->SetAttribute("TraceFile", StringValue(trace ? arrivals : ""));
    source->SetAttribute("Rate", DoubleValue(rate));
    source->SetAttribute("BurstRate", DoubleValue(burstRate));
    source->SetAttribute("QuietTime", TimeValue(quietTime));
    source->SetAttribute("BurstTime", TimeValue(burstTime));
    source->SetAttribute("FixedPeriods", BooleanValue(true));
    source->SetAttribute("PromptLength",
                         StringValue("ns3::UniformRandomVariable[Min=" + std::to_string(promptMin) +
                                     "|Max=" + std::to_string(promptMax) + "]"));
    source->SetAttribute("OutputLength",
                         StringValue("ns3::UniformRandomVariable[Min=" + std::to_string(outputMin) +
                                     "|Max=" + std::to_string(outputMax) + "]"));
    source->AssignStreams(0);
    std::vector<InferenceRequestSpec> requests;
    exp.Require(source->Generate(duration, requests, error), "arrivals", error);
    exp.Require(!requests.empty(), "arrivals", "no request arrives in --duration");
    const uint64_t prompt =
        longPrompt > 0 ? longPrompt : InferenceServingStudy::KvCapacityTokens(c) * 5 / 4;
    if (const std::string bad = InferenceServingStudy::CheckLongPrompt(c, prompt, longOutput);
        compare && !bad.empty())
    {
        exp.Fail(bad);
    }
    exp.Start();

    OpticalTimeline timeline;
    const InferenceServingOutcome out =
        InferenceServingStudy::Run(c, requests, 0, timelinePath.empty() ? nullptr : &timeline);
    if (!timelinePath.empty() && !timeline.Write(timelinePath, error))
    {
        exp.Fail("--timeline=" + timelinePath + ": " + error);
    }
    InferenceServingRecorder recorder(exp.GetStore(), exp.GetRunId());
    recorder.WriteRequests(c, out, [&source](Time t) { return source->InBurst(t); });
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
    if (compare)
    {
        InferenceServingConfig base = c;
        base.scheduler = "admission";
        base.recompute = false;
        const InferenceServingOutcome admission = InferenceServingStudy::Run(base, requests);
        recorder.WriteRequests(base, admission, [&source](Time t) { return source->InBurst(t); });
        const bool bursty = !source->GetBursts().empty();
        exp.Metric("admission-ttft-p50-s", admission.summary.ttftP50, "s");
        exp.Metric(
            "responsiveness-gain",
            InferenceServingStudy::ResponsivenessGain(
                admission.records,
                out.records,
                bursty ? std::function<bool(Time)>([&source](Time t) { return source->InBurst(t); })
                       : std::function<bool(Time)>()));
        const double host =
            InferenceServingStudy::LongPromptThroughput(c, "host", prompt, longOutput);
        const double peer =
            InferenceServingStudy::LongPromptThroughput(c,
                                                        c.pageTo == "fabric" ? "fabric" : "peer",
                                                        prompt,
                                                        longOutput);
        recorder.WriteLongPrompt("host", prompt, longOutput, host);
        recorder.WriteLongPrompt(c.pageTo == "fabric" ? "fabric" : "peer",
                                 prompt,
                                 longOutput,
                                 peer);
        exp.Metric("long-prompt-tokens", prompt, "tokens");
        exp.Metric("long-prompt-throughput-gain", peer / host);
    }
    return exp.Finish();
}
