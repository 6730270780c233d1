/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "inference-arrivals.h"

#include "ns3/boolean.h"
#include "ns3/double.h"
#include "ns3/enum.h"
#include "ns3/log.h"
#include "ns3/optical-compat.h"
#include "ns3/optical-data-file.h"
#include "ns3/optical-names.h"
#include "ns3/optical-util.h"
#include "ns3/pointer.h"
#include "ns3/string.h"
#include "ns3/trace-source-accessor.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <cmath>
#include <sstream>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("InferenceArrivals");

NS_OBJECT_ENSURE_REGISTERED(InferenceArrivals);

namespace
{

/// Seconds of a time that may be negative (ns-3's conversion of a negative time shifts a
/// negative integer left, undefined behaviour: convert its magnitude).
double
SignedSeconds(Time t)
{
    return t.IsStrictlyNegative() ? -(Seconds(0) - t).GetSeconds() : t.GetSeconds();
}

/// Columns of a trace file.
const char* const ARRIVAL_COLUMN = "arrival_s";
/// \copydoc ARRIVAL_COLUMN
const char* const PROMPT_COLUMN = "prompt_tokens";
/// \copydoc ARRIVAL_COLUMN
const char* const OUTPUT_COLUMN = "output_tokens";

/// Latest arrival of a trace (s): 10^8 s (about 3 years) keeps every arrival far inside the
/// range of ns-3's Time at its default nanosecond resolution (about 292 years).
constexpr double TRACE_ARRIVAL_LIMIT_S = 1e8;

/// \param [in] value A number \return it as text, with up to 12 significant digits
std::string
Num(double value)
{
    return optical::Num(value, 12);
}

} // namespace

TypeId
InferenceArrivals::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::InferenceArrivals")
            .SetParent<Object>()
            .SetGroupName("Optical")
            .AddConstructor<InferenceArrivals>()
            .AddAttribute(
                "Process",
                "Arrival process: poisson (at Rate), bursty (two-state Markov-modulated "
                "Poisson: Rate when quiet, BurstRate in bursts) or trace (TraceFile)",
                EnumValue(InferenceArrivals::POISSON),
                optical::compat::MakeEnumAccessorCompat<Process>(&InferenceArrivals::m_process),
                optical::MakeAnyCaseEnumChecker(InferenceArrivals::POISSON,
                                                "poisson",
                                                InferenceArrivals::BURSTY,
                                                "bursty",
                                                InferenceArrivals::TRACE,
                                                "trace"))
            .AddAttribute("Rate",
                          "Arrival rate (requests/s) of the poisson process and of the bursty "
                          "process's quiet state (finite; > 0 for poisson, >= 0 for bursty, 0 "
                          "making it on/off). Default 10: illustrative, no published value",
                          DoubleValue(10),
                          MakeDoubleAccessor(&InferenceArrivals::m_rate),
                          MakeDoubleChecker<double>())
            .AddAttribute("BurstRate",
                          "Arrival rate (requests/s) in a burst of the bursty process (> 0, "
                          "finite). Default 100, ten times Rate: illustrative, no published value",
                          DoubleValue(100),
                          MakeDoubleAccessor(&InferenceArrivals::m_burstRate),
                          MakeDoubleChecker<double>())
            .AddAttribute("QuietTime",
                          "Mean duration of a quiet period of the bursty process (exponential; "
                          "exact with FixedPeriods; > 0). Default 20 s: illustrative",
                          TimeValue(Seconds(20)),
                          MakeTimeAccessor(&InferenceArrivals::m_quietTime),
                          MakeTimeChecker())
            .AddAttribute("BurstTime",
                          "Mean duration of a burst of the bursty process (exponential; exact "
                          "with FixedPeriods; > 0). Default 5 s: illustrative",
                          TimeValue(Seconds(5)),
                          MakeTimeAccessor(&InferenceArrivals::m_burstTime),
                          MakeTimeChecker())
            .AddAttribute("FixedPeriods",
                          "Whether the bursty process's periods last exactly QuietTime and "
                          "BurstTime, starting with a quiet period (for figures through a "
                          "burst), instead of exponential durations from the stationary state",
                          BooleanValue(false),
                          MakeBooleanAccessor(&InferenceArrivals::m_fixedPeriods),
                          MakeBooleanChecker())
            .AddAttribute("PromptLength",
                          "Prompt length distribution (tokens; each draw rounded to a whole "
                          "number, refused if below 1 or above MaxTokens). Default 512: "
                          "illustrative",
                          StringValue("ns3::ConstantRandomVariable[Constant=512]"),
                          MakePointerAccessor(&InferenceArrivals::m_promptLength),
                          MakePointerChecker<RandomVariableStream>())
            .AddAttribute("OutputLength",
                          "Output length distribution (tokens, the first produced by the "
                          "prefill; each draw rounded to a whole number, refused if below 1 or "
                          "above MaxTokens). Default 128: illustrative",
                          StringValue("ns3::ConstantRandomVariable[Constant=128]"),
                          MakePointerAccessor(&InferenceArrivals::m_outputLength),
                          MakePointerChecker<RandomVariableStream>())
            .AddAttribute("MaxTokens",
                          "Largest prompt or output length (tokens, >= 1). Default 131072 "
                          "(128 Ki), the context length of the Llama 3.1 models",
                          UintegerValue(131072),
                          MakeUintegerAccessor(&InferenceArrivals::m_maxTokens),
                          MakeUintegerChecker<uint64_t>())
            .AddAttribute("MaxRequests",
                          "Most requests (and most quiet-burst cycles) one Generate may produce "
                          "(>= 1); a run expected to exceed it is refused before drawing. "
                          "Default 10^7: a bound on memory (tens of bytes per request)",
                          UintegerValue(10000000),
                          MakeUintegerAccessor(&InferenceArrivals::m_maxRequests),
                          MakeUintegerChecker<uint64_t>())
            .AddAttribute("TraceFile",
                          "Trace of the trace process: CSV arrival_s,prompt_tokens,"
                          "output_tokens with a header line (a data file name or a path)",
                          StringValue(""),
                          MakeStringAccessor(&InferenceArrivals::m_traceFile),
                          MakeStringChecker())
            .AddTraceSource("Generated",
                            "A request of Generate(), in arrival order",
                            MakeTraceSourceAccessor(&InferenceArrivals::m_generatedTrace),
                            "ns3::InferenceArrivals::RequestCallback");
    return tid;
}

InferenceArrivals::InferenceArrivals()
    : m_interval(CreateObject<ExponentialRandomVariable>()),
      m_quietDraw(CreateObject<ExponentialRandomVariable>()),
      m_burstDraw(CreateObject<ExponentialRandomVariable>()),
      m_firstState(CreateObject<UniformRandomVariable>())
{
    NS_LOG_FUNCTION(this);
}

std::string
InferenceArrivals::Validate() const
{
    if (m_process == TRACE)
    {
        if (m_traceFile.empty())
        {
            return "TraceFile is empty: the trace process needs a file of "
                   "arrival_s,prompt_tokens,output_tokens";
        }
    }
    else
    {
        if (!std::isfinite(m_rate) || m_rate < 0 || (m_process == POISSON && m_rate == 0))
        {
            return "Rate " + Num(m_rate) + " requests/s is not allowed (allowed: " +
                   (m_process == POISSON ? "> 0" : ">= 0") + " and finite)";
        }
        if (!m_promptLength)
        {
            return "PromptLength is not set (allowed: a RandomVariableStream)";
        }
        if (!m_outputLength)
        {
            return "OutputLength is not set (allowed: a RandomVariableStream)";
        }
    }
    if (m_process == BURSTY)
    {
        if (!std::isfinite(m_burstRate) || m_burstRate <= 0)
        {
            return "BurstRate " + Num(m_burstRate) +
                   " requests/s is not allowed (allowed: > 0 and finite)";
        }
        if (!m_quietTime.IsStrictlyPositive())
        {
            return "QuietTime " + Num(SignedSeconds(m_quietTime)) +
                   " s is not allowed (allowed: > 0 s)";
        }
        if (!m_burstTime.IsStrictlyPositive())
        {
            return "BurstTime " + Num(SignedSeconds(m_burstTime)) +
                   " s is not allowed (allowed: > 0 s)";
        }
    }
    if (m_maxTokens < 1)
    {
        return "MaxTokens 0 is not allowed (allowed: >= 1)";
    }
    if (m_maxRequests < 1)
    {
        return "MaxRequests 0 is not allowed (allowed: >= 1)";
    }
    return "";
}

double
InferenceArrivals::GetMeanRate() const
{
    switch (m_process)
    {
    case POISSON:
        return m_rate;
    case BURSTY: {
        const double q = m_quietTime.GetSeconds();
        const double b = m_burstTime.GetSeconds();
        return (m_rate * q + m_burstRate * b) / (q + b);
    }
    default:
        return 0;
    }
}

double
InferenceArrivals::ExpectedRequests(Time duration) const
{
    const double t = std::max(0.0, duration.GetSeconds());
    if (m_process != BURSTY || !m_fixedPeriods)
    {
        return GetMeanRate() * t;
    }
    // Fixed periods: whole cycles, then the quiet part and the burst part of the last one.
    const double q = m_quietTime.GetSeconds();
    const double b = m_burstTime.GetSeconds();
    const double cycles = std::floor(t / (q + b));
    const double rest = t - cycles * (q + b);
    const double quiet = cycles * q + std::min(rest, q);
    const double burst = cycles * b + std::max(0.0, rest - q);
    return m_rate * quiet + m_burstRate * burst;
}

bool
InferenceArrivals::DrawPoisson(double rate,
                               Time start,
                               Time end,
                               std::vector<Time>& times,
                               std::string& error) const
{
    if (rate <= 0)
    {
        return true;
    }
    // Offsets are compared in seconds before they become a Time, so that a very low rate (a
    // very long gap) cannot overflow Time.
    const double span = (end - start).GetSeconds();
    double offset = 0;
    while (true)
    {
        offset += m_interval->GetValue(1.0 / rate, 0);
        if (!(offset < span))
        {
            return true;
        }
        const Time t = start + Seconds(offset);
        if (t >= end)
        {
            return true;
        }
        if (times.size() >= m_maxRequests)
        {
            error = "more than MaxRequests = " + std::to_string(m_maxRequests) +
                    " requests arrived (expected " + Num(ExpectedRequests(end)) +
                    " by then); raise MaxRequests or shorten the duration";
            return false;
        }
        times.push_back(t);
    }
}

bool
InferenceArrivals::DrawLength(Ptr<RandomVariableStream> variable,
                              const std::string& name,
                              uint64_t id,
                              uint64_t& tokens,
                              std::string& error) const
{
    const double v = variable->GetValue();
    const double whole = std::round(v);
    if (!std::isfinite(v) || whole < 1 || whole > static_cast<double>(m_maxTokens))
    {
        error = name + " drew " + Num(v) + " for request " + std::to_string(id) +
                (std::isfinite(v) ? ", " + Num(whole) + " tokens when rounded" : "") +
                " (allowed: whole tokens 1 to MaxTokens = " + std::to_string(m_maxTokens) + ")";
        return false;
    }
    tokens = static_cast<uint64_t>(whole);
    return true;
}

bool
InferenceArrivals::Generate(Time duration,
                            std::vector<InferenceRequestSpec>& requests,
                            std::string& error)
{
    NS_LOG_FUNCTION(this << duration);
    requests.clear();
    m_bursts.clear();
    error = Validate();
    if (!error.empty())
    {
        return false;
    }
    if (!duration.IsStrictlyPositive())
    {
        error = "arrival duration " + Num(SignedSeconds(duration)) +
                " s is not allowed (allowed: > 0 s)";
        return false;
    }
    if (m_process == TRACE)
    {
        std::vector<InferenceRequestSpec> all;
        if (!ReadTrace(m_traceFile, m_maxTokens, all, error))
        {
            return false;
        }
        for (const InferenceRequestSpec& r : all)
        {
            if (r.arrival >= duration)
            {
                break;
            }
            if (requests.size() >= m_maxRequests)
            {
                error = "trace " + m_traceFile +
                        " has more than MaxRequests = " + std::to_string(m_maxRequests) +
                        " requests before " + Num(duration.GetSeconds()) + " s";
                requests.clear();
                return false;
            }
            requests.push_back(r);
        }
        for (const InferenceRequestSpec& r : requests)
        {
            m_generatedTrace(r);
        }
        NS_LOG_INFO(requests.size() << " requests of trace " << m_traceFile);
        return true;
    }

    const double expected = ExpectedRequests(duration);
    if (expected > static_cast<double>(m_maxRequests))
    {
        error = "the arrivals expect " + Num(expected) + " requests over " +
                Num(duration.GetSeconds()) + " s (mean rate " + Num(GetMeanRate()) +
                " requests/s), more than MaxRequests = " + std::to_string(m_maxRequests);
        return false;
    }
    std::vector<Time> times;
    if (m_process == POISSON)
    {
        if (!DrawPoisson(m_rate, Time(0), duration, times, error))
        {
            return false;
        }
    }
    else
    {
        const double cycles =
            duration.GetSeconds() / (m_quietTime.GetSeconds() + m_burstTime.GetSeconds());
        if (cycles > static_cast<double>(m_maxRequests))
        {
            error = "the bursty process expects " + Num(cycles) + " quiet-burst cycles over " +
                    Num(duration.GetSeconds()) +
                    " s, more than MaxRequests = " + std::to_string(m_maxRequests) +
                    " (lengthen QuietTime or BurstTime)";
            return false;
        }
        const double pBurst =
            m_burstTime.GetSeconds() / (m_quietTime.GetSeconds() + m_burstTime.GetSeconds());
        bool burst = m_fixedPeriods ? false : m_firstState->GetValue(0, 1) < pBurst;
        Time start(0);
        uint64_t periods = 0;
        while (start < duration)
        {
            if (++periods > 2 * m_maxRequests + 2)
            {
                error = "the bursty process drew more than 2 x MaxRequests periods before " +
                        Num(duration.GetSeconds()) + " s (lengthen QuietTime or BurstTime)";
                m_bursts.clear();
                return false;
            }
            // The period's length in seconds, compared with what is left before it becomes a
            // Time (a long draw cannot overflow Time).
            const double left = (duration - start).GetSeconds();
            double length = 0;
            if (m_fixedPeriods)
            {
                length = (burst ? m_burstTime : m_quietTime).GetSeconds();
            }
            else
            {
                length = burst ? m_burstDraw->GetValue(m_burstTime.GetSeconds(), 0)
                               : m_quietDraw->GetValue(m_quietTime.GetSeconds(), 0);
            }
            Time end = duration;
            if (length < left)
            {
                end = std::min(duration,
                               m_fixedPeriods ? start + (burst ? m_burstTime : m_quietTime)
                                              : start + Seconds(length));
            }
            if (burst && end > start)
            {
                m_bursts.emplace_back(start, end);
            }
            if (!DrawPoisson(burst ? m_burstRate : m_rate, start, end, times, error))
            {
                m_bursts.clear();
                return false;
            }
            start = end;
            burst = !burst;
        }
    }
    requests.reserve(times.size());
    for (std::size_t i = 0; i < times.size(); ++i)
    {
        InferenceRequestSpec r;
        r.id = i;
        r.arrival = times[i];
        if (!DrawLength(m_promptLength, "PromptLength", r.id, r.promptTokens, error) ||
            !DrawLength(m_outputLength, "OutputLength", r.id, r.outputTokens, error))
        {
            requests.clear();
            m_bursts.clear();
            return false;
        }
        requests.push_back(r);
    }
    for (const InferenceRequestSpec& r : requests)
    {
        m_generatedTrace(r);
    }
    NS_LOG_INFO(requests.size() << " requests over " << duration.As(Time::S) << ", "
                                << m_bursts.size() << " bursts");
    return true;
}

const std::vector<std::pair<Time, Time>>&
InferenceArrivals::GetBursts() const
{
    return m_bursts;
}

bool
InferenceArrivals::InBurst(Time t) const
{
    // The first burst starting after t; the one before it is the only candidate.
    auto it = std::upper_bound(
        m_bursts.begin(),
        m_bursts.end(),
        t,
        [](Time value, const std::pair<Time, Time>& b) { return value < b.first; });
    if (it == m_bursts.begin())
    {
        return false;
    }
    --it;
    return t >= it->first && t < it->second;
}

int64_t
InferenceArrivals::AssignStreams(int64_t stream)
{
    NS_LOG_FUNCTION(this << stream);
    m_interval->SetStream(stream);
    m_quietDraw->SetStream(stream + 1);
    m_burstDraw->SetStream(stream + 2);
    m_firstState->SetStream(stream + 3);
    if (m_promptLength)
    {
        m_promptLength->SetStream(stream + 4);
    }
    if (m_outputLength)
    {
        m_outputLength->SetStream(stream + 5);
    }
    return 6;
}

bool
InferenceArrivals::ReadTrace(const std::string& file,
                             std::vector<InferenceRequestSpec>& requests,
                             std::string& error)
{
    return ReadTrace(file, TRACE_TOKEN_LIMIT, requests, error);
}

bool
InferenceArrivals::ReadTrace(const std::string& file,
                             uint64_t maxTokens,
                             std::vector<InferenceRequestSpec>& requests,
                             std::string& error)
{
    NS_LOG_FUNCTION(file << maxTokens);
    if (maxTokens < 1)
    {
        error = "trace " + file + ": largest token count 0 is not allowed (allowed: >= 1)";
        return false;
    }
    const std::string header =
        std::string(ARRIVAL_COLUMN) + "," + PROMPT_COLUMN + "," + OUTPUT_COLUMN;
    std::vector<OpticalDataFile::Record> records;
    if (!OpticalDataFile::ReadRecords(file,
                                      {ARRIVAL_COLUMN, PROMPT_COLUMN, OUTPUT_COLUMN},
                                      {},
                                      records,
                                      error))
    {
        const std::string path = OpticalDataFile::Resolve(file);
        if (error == path + ": no header row")
        {
            // An empty file (or one of comments only): no line to name but the first.
            error = path +
                    ":1: no header row: the file is empty or holds only comments "
                    "(expected the header '" +
                    header + "')";
        }
        else if (error.find("in the header") != std::string::npos)
        {
            error += " (the first line that is not a comment must be the header '" + header + "')";
        }
        return false;
    }
    const OpticalBounds arrivals = OpticalBounds::AtLeast(0).AtMost(TRACE_ARRIVAL_LIMIT_S);
    std::vector<InferenceRequestSpec> parsed;
    parsed.reserve(records.size());
    double previous = 0;
    for (const OpticalDataFile::Record& record : records)
    {
        InferenceRequestSpec r;
        double arrival = 0;
        if (!record.Real(ARRIVAL_COLUMN, arrivals, "s", arrival, error) ||
            !record.Count(PROMPT_COLUMN, 1, maxTokens, r.promptTokens, error) ||
            !record.Count(OUTPUT_COLUMN, 1, maxTokens, r.outputTokens, error))
        {
            return false;
        }
        if (!parsed.empty() && arrival < previous)
        {
            error = record.Where() + "column '" + ARRIVAL_COLUMN + "': " + Num(arrival) +
                    " s is before the previous row's " + Num(previous) +
                    " s (allowed: arrivals in non-decreasing order)";
            return false;
        }
        previous = arrival;
        r.id = parsed.size();
        r.arrival = Seconds(arrival);
        parsed.push_back(r);
    }
    requests = std::move(parsed);
    return true;
}

} // namespace ns3
