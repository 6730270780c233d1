/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef INFERENCE_ARRIVALS_H
#define INFERENCE_ARRIVALS_H

#include "ns3/nstime.h"
#include "ns3/object.h"
#include "ns3/random-variable-stream.h"
#include "ns3/traced-callback.h"

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace ns3
{

/// One request of an inference service.
struct InferenceRequestSpec
{
    uint64_t id{0};           //!< 0, 1, ... in arrival order
    Time arrival;             //!< Arrival time
    uint64_t promptTokens{0}; //!< >= 1
    uint64_t outputTokens{0}; //!< >= 1 (the first is produced by the prefill)
};

/**
 * \ingroup optical
 * \brief Generates the requests of a service: Poisson, bursty (two-state Markov-modulated
 * Poisson), or a trace file.
 *
 * - POISSON: arrivals at \c Rate requests/s, exponential inter-arrival times.
 * - BURSTY: a two-state Markov-modulated Poisson process (MMPP-2). The process alternates
 *   between a quiet state (arrivals at \c Rate) and a burst state (arrivals at \c BurstRate);
 *   the time spent in each is exponential with mean \c QuietTime and \c BurstTime. The first
 *   state is drawn from the stationary distribution (a burst with probability
 *   BurstTime / (QuietTime + BurstTime)), so that the long-run mean rate is
 *   (Rate x QuietTime + BurstRate x BurstTime) / (QuietTime + BurstTime) from time 0. With
 *   \c FixedPeriods the periods last exactly their means and the first is quiet: bursts are
 *   [q, q + b), [2q + b, 2q + 2b), ... (for figures through a burst). A \c Rate of 0 makes it
 *   an on/off process.
 * - TRACE: the rows of \c TraceFile (ReadTrace()) arriving before the duration; lengths come
 *   from the file.
 *
 * For POISSON and BURSTY, prompt and output lengths are drawn from \c PromptLength and
 * \c OutputLength, rounded to whole tokens; a draw below 1 or above \c MaxTokens is an error,
 * not clamped. The whole sequence is drawn up front by Generate(), so that two schedulers can
 * be run on the same requests. AssignStreams() fixes every stream (call it after setting the
 * length attributes: it fixes the streams of the variables set then).
 */
class InferenceArrivals : public Object
{
  public:
    /// The arrival process.
    enum Process
    {
        POISSON, //!< Poisson at Rate
        BURSTY,  //!< Two-state Markov-modulated Poisson (Rate, BurstRate)
        TRACE    //!< Rows of TraceFile
    };

    /// Largest token count of a trace read without a MaxTokens (2^32 - 1).
    static constexpr uint64_t TRACE_TOKEN_LIMIT = 4294967295ULL;

    /**
     * \brief Get the TypeId
     * \return The TypeId for this class
     */
    static TypeId GetTypeId();

    InferenceArrivals();

    /**
     * \brief Draws (or reads) all requests arriving in [0, \p duration).
     * \param [in] duration End of the arrival period (> 0)
     * \param [out] requests The requests by arrival time, ids 0, 1, ... (cleared first)
     * \param [out] error On failure: what is wrong, naming the attribute, the drawn value or
     *   the trace's file:line
     * \return true on success; false on bad attributes, a bad draw or a bad trace
     */
    bool Generate(Time duration, std::vector<InferenceRequestSpec>& requests, std::string& error);

    /**
     * \return the burst periods [start, end) of the last Generate(), clipped to its duration
     *   (bursty only; empty otherwise), in time order
     */
    const std::vector<std::pair<Time, Time>>& GetBursts() const;

    /**
     * \param [in] t A time
     * \return whether \p t lies in a burst of the last Generate()
     */
    bool InBurst(Time t) const;

    /**
     * \brief Fixes the random streams: inter-arrival, quiet duration, burst duration, first
     * state, then the PromptLength and OutputLength variables.
     * \param [in] stream First stream
     * \return streams used (6)
     */
    int64_t AssignStreams(int64_t stream);

    /**
     * \brief Reads a trace of `arrival_s,prompt_tokens,output_tokens` (header line required,
     * other columns ignored; '#' comments; arrivals >= 0, finite and non-decreasing; tokens
     * whole, 1 to TRACE_TOKEN_LIMIT).
     * \param [in] file File name or path (OpticalDataFile::Resolve())
     * \param [out] requests The requests in file order, ids 0, 1, ... (unchanged on failure)
     * \param [out] error On failure: "file:line: column 'c': what is wrong (allowed: ...)"
     * \return true on success
     */
    static bool ReadTrace(const std::string& file,
                          std::vector<InferenceRequestSpec>& requests,
                          std::string& error);

    /**
     * \brief ReadTrace() with token counts bounded by \p maxTokens.
     * \param [in] file File name or path (OpticalDataFile::Resolve())
     * \param [in] maxTokens Largest prompt or output length allowed (>= 1)
     * \param [out] requests The requests in file order, ids 0, 1, ... (unchanged on failure)
     * \param [out] error On failure: "file:line: column 'c': what is wrong (allowed: ...)"
     * \return true on success
     */
    static bool ReadTrace(const std::string& file,
                          uint64_t maxTokens,
                          std::vector<InferenceRequestSpec>& requests,
                          std::string& error);

    /**
     * \brief Validates the attribute values (rates >= 0 or > 0 and finite, times > 0, length
     * variables set, MaxTokens >= 1, a TraceFile for TRACE).
     * \return "" if they are good, else what is wrong, naming the attribute and what is allowed
     */
    std::string Validate() const;

    /**
     * \brief The expected number of requests over \p duration of the POISSON or BURSTY process
     * (Rate x T; for BURSTY with fixed periods the exact integral of the rate, otherwise the
     * stationary rate x T). 0 for TRACE.
     * \param [in] duration The period
     * \return the expected count
     */
    double ExpectedRequests(Time duration) const;

    /// \return the long-run mean rate (requests/s) of POISSON or BURSTY; 0 for TRACE
    double GetMeanRate() const;

    /// Signature of the Generated trace source.
    /// \param [in] request A request, as Generate() returns it
    typedef void (*RequestCallback)(const InferenceRequestSpec& request);

  private:
    /**
     * \brief Draws one length, rounded to whole tokens.
     * \param [in] variable The distribution
     * \param [in] name Its attribute's name (for messages)
     * \param [in] id The request drawn for
     * \param [out] tokens The length
     * \param [out] error What is wrong with the draw
     * \return true if the draw is 1 to MaxTokens
     */
    bool DrawLength(Ptr<RandomVariableStream> variable,
                    const std::string& name,
                    uint64_t id,
                    uint64_t& tokens,
                    std::string& error) const;

    /**
     * \brief Poisson arrivals at \p rate in [start, end), appended to \p times.
     * \param [in] rate Requests/s (0 draws none)
     * \param [in] start Start of the period
     * \param [in] end End of the period (exclusive)
     * \param [in,out] times Arrival times
     * \param [out] error Set when more than MaxRequests arrive
     * \return false when more than MaxRequests arrive
     */
    bool DrawPoisson(double rate,
                     Time start,
                     Time end,
                     std::vector<Time>& times,
                     std::string& error) const;

    Process m_process{POISSON};                  //!< The arrival process
    double m_rate{0};                            //!< Poisson / quiet rate (requests/s)
    double m_burstRate{0};                       //!< Burst rate (requests/s)
    Time m_quietTime;                            //!< Mean quiet period
    Time m_burstTime;                            //!< Mean burst period
    bool m_fixedPeriods{false};                  //!< Periods exactly their means
    Ptr<RandomVariableStream> m_promptLength;    //!< Prompt length (tokens)
    Ptr<RandomVariableStream> m_outputLength;    //!< Output length (tokens)
    uint64_t m_maxTokens{0};                     //!< Largest length
    uint64_t m_maxRequests{0};                   //!< Most requests (and burst cycles) of a run
    std::string m_traceFile;                     //!< Trace file
    Ptr<ExponentialRandomVariable> m_interval;   //!< Inter-arrival (scaled by 1 / rate)
    Ptr<ExponentialRandomVariable> m_quietDraw;  //!< Quiet period (scaled)
    Ptr<ExponentialRandomVariable> m_burstDraw;  //!< Burst period (scaled)
    Ptr<UniformRandomVariable> m_firstState;     //!< First state of the bursty process
    std::vector<std::pair<Time, Time>> m_bursts; //!< Bursts of the last Generate()
    TracedCallback<const InferenceRequestSpec&> m_generatedTrace; //!< Generated requests
};

} // namespace ns3

#endif /* INFERENCE_ARRIVALS_H */
