/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef INFERENCE_SERVING_STUDY_H
#define INFERENCE_SERVING_STUDY_H

#include "ns3/collective-backend.h"
#include "ns3/data-rate.h"
#include "ns3/inference-arrivals.h"
#include "ns3/inference-service.h"
#include "ns3/inference-summary.h"
#include "ns3/nstime.h"
#include "ns3/optical-timeline.h"
#include "ns3/training-config.h"

#include <cstdint>
#include <string>
#include <vector>

namespace ns3
{

/**
 * \ingroup optical
 * \brief One server serving a model (Aqua's setting): what runs where and how pages move.
 *
 * The server has \c gpus GPUs (InferenceServerHelper: NVLink-like scale-up links through a
 * switch, a PCIe link from each GPU to the host's DRAM, and optionally a photonic fabric). The
 * first \c servingGpus serve: instances of \c tp GPUs each, requests dealt to them in turn.
 * The others lend \c peerSpareBytes of HBM each (they run memory-light work, or the
 * co-located training job); the placer (InferencePlacer) pairs each serving GPU with one.
 * Pages go to the paired peer (\c pageTo "peer": over the scale-up links; "fabric": over
 * the photonic fabric, steered to the pair), falling back to the host's DRAM when the peer
 * is full, or to the host only ("host": over PCIe).
 */
struct InferenceServingConfig
{
    ModelSpec model;                        //!< Model (data/models.csv)
    GpuSpec gpu;                            //!< GPU type (data/gpu-types.csv)
    uint32_t gpus{8};                       //!< GPUs in the server
    uint32_t servingGpus{4};                //!< Of them, the serving ones (a multiple of tp)
    uint32_t tp{1};                         //!< Tensor parallelism of an instance
    uint32_t kvBytesPerElement{2};          //!< KV cache element (FP16/BF16: 2)
    std::string scheduler{"timeslice"};     //!< "admission" or "timeslice"
    bool recompute{false};                  //!< Admission: recompute on preemption
    uint32_t sliceIterations{5};            //!< Time slice (iterations)
    std::string pageTo{"peer"};             //!< "host", "peer" or "fabric"
    double peerSpareBytes{40e9};            //!< HBM each non-serving GPU lends (bytes)
    double hostMemoryBytes{1e12};           //!< Host DRAM for pages (bytes)
    DataRate pcieRate{"512Gbps"};           //!< PCIe per GPU and direction (5.0 x16)
    DataRate scaleUpRate{0};                //!< Scale-up per GPU and direction (0: the GPU's)
    uint32_t fabricPorts{0};                //!< Photonic fabric ports per GPU (0: none)
    DataRate fabricPortRate{"400Gbps"};     //!< Rate of a fabric port
    Time fabricDelay{NanoSeconds(3700)};    //!< Fabric reconfiguration delay (interposer: 3.7 us)
    Backend backend{Backend::FLOW};         //!< Network model (flow or packet level)
    bool colocateTraining{false};           //!< A data-parallel training job on the lending GPUs
    ModelSpec trainingModel;                //!< Its model (colocateTraining)
    uint32_t trainingIterations{100000000}; //!< Its iterations at most (it stops with the service)
};

/**
 * \ingroup optical
 * \brief What one serving run measured.
 */
struct InferenceServingOutcome
{
    std::vector<InferenceRequestRecord> records; //!< Per request (all instances)
    InferenceSummary summary;                    //!< Headline numbers
    double pagingBusyS{0};                       //!< Time a page was in flight (s)
    double durationS{0};                         //!< Simulated time until the last token (s)
    uint64_t iterations{0};                      //!< Iterations of all instances
    uint64_t events{0};                          //!< Simulator events executed
    uint32_t trainingIterations{0};              //!< Iterations of the co-located job
    uint64_t kvCapacityBlocks{0};                //!< KV blocks per GPU of an instance
    uint64_t kvPeakBlocks{0};                    //!< Most blocks in use in one instance
};

/**
 * \ingroup optical
 * \brief Serving runs and Aqua's two comparisons, the library side of the inference-serving
 * example: a run of one configuration on given requests, the responsiveness gain (admission
 * control's mean time to first token during bursts over another scheduler's, same requests),
 * and the throughput of one long prompt whose KV does not fit its GPU (peer paging against
 * host paging).
 */
class InferenceServingStudy
{
  public:
    /**
     * \brief Checks a configuration before anything runs.
     * \param [in] config The configuration
     * \return "" or what is wrong, naming the value (the model does not fit the GPUs, fabric
     * paging on a server without a fabric, a slice of 0, ...)
     */
    static std::string Check(const InferenceServingConfig& config);

    /**
     * \brief Runs a configuration on requests (Simulator::Run and Destroy inside).
     * \param [in] config The configuration (Check() must accept it)
     * \param [in] requests The requests, in arrival order
     * \param [in] seed Stream offset for the co-located job's randomness
     * \param [in,out] timeline If not null, receives the run: a process "inference" with a
     * track per instance (a slice per iteration, "N requests, T tokens") and a track "paging"
     * (a slice per page from Page() to delivery, "rank A -> rank B"), and the co-located job's
     * last iteration
     * \return what it measured
     */
    static InferenceServingOutcome Run(const InferenceServingConfig& config,
                                       const std::vector<InferenceRequestSpec>& requests,
                                       int64_t seed = 0,
                                       OpticalTimeline* timeline = nullptr);

    /**
     * \param [in] admission Admission control's records
     * \param [in] other Another scheduler's records of the same requests
     * \param [in] inBurst Whether an arrival time is in a burst (everything counts if empty)
     * \return mean TTFT of admission / mean TTFT of the other, over the requests that arrived
     * in a burst
     */
    static double ResponsivenessGain(const std::vector<InferenceRequestRecord>& admission,
                                     const std::vector<InferenceRequestRecord>& other,
                                     const std::function<bool(Time)>& inBurst);

    /**
     * \brief The KV capacity of one GPU of an instance, in tokens.
     * \param [in] config The configuration
     * \return tokens
     */
    static uint64_t KvCapacityTokens(const InferenceServingConfig& config);

    /**
     * \brief Checks a long prompt before LongPromptThroughput runs it.
     * \param [in] config The configuration
     * \param [in] promptTokens Prompt length
     * \param [in] outputTokens Output length
     * \return "" or why it cannot run: the KV beyond one GPU exceeds the page memories (the
     * host's, and the peer's unless paging to the host) together, naming the values
     */
    static std::string CheckLongPrompt(const InferenceServingConfig& config,
                                       uint64_t promptTokens,
                                       uint64_t outputTokens);

    /**
     * \brief Decode throughput of one prompt alone on one instance, paging to \p pageTo:
     * output tokens after the first over the time from the first token to the last.
     * \param [in] config The configuration (its scheduler is made "timeslice")
     * \param [in] pageTo "host", "peer" or "fabric"
     * \param [in] promptTokens Prompt length
     * \param [in] outputTokens Output length (>= 2)
     * \return tokens per second
     */
    static double LongPromptThroughput(InferenceServingConfig config,
                                       const std::string& pageTo,
                                       uint64_t promptTokens,
                                       uint64_t outputTokens);
};

} // namespace ns3

#endif /* INFERENCE_SERVING_STUDY_H */
