/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "snr-time-series.h"

#include "ns3/double.h"
#include "ns3/log.h"
#include "ns3/optical-data-file.h"

#include <cmath>
#include <fstream>
#include <sstream>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("SnrTimeSeries");

NS_OBJECT_ENSURE_REGISTERED(SnrTimeSeries);

TypeId
SnrTimeSeries::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::SnrTimeSeries")
            .SetParent<Object>()
            .SetGroupName("Optical")
            .AddConstructor<SnrTimeSeries>()
            .AddAttribute("BaselineDb",
                          "Baseline SNR from the physical layer (dB, signal bandwidth)",
                          DoubleValue(18),
                          MakeDoubleAccessor(&SnrTimeSeries::m_baselineDb),
                          MakeDoubleChecker<double>())
            .AddAttribute("DriftSigmaDb",
                          "Standard deviation of the slow drift (dB; Ornstein-Uhlenbeck)",
                          DoubleValue(0.3),
                          MakeDoubleAccessor(&SnrTimeSeries::m_driftSigmaDb),
                          MakeDoubleChecker<double>(0))
            .AddAttribute("DriftTimeConstant",
                          "Time constant of the slow drift",
                          TimeValue(Days(1)),
                          MakeTimeAccessor(&SnrTimeSeries::m_driftTau),
                          MakeTimeChecker(Seconds(1e-3)))
            .AddAttribute("FluctuationSigmaDb",
                          "Standard deviation of the fast fluctuations of a 50 GHz channel (dB)",
                          DoubleValue(0.1),
                          MakeDoubleAccessor(&SnrTimeSeries::m_fluctuationSigmaDb),
                          MakeDoubleChecker<double>(0))
            .AddAttribute("SpectralWidthGhz",
                          "Spectral width of the channel (GHz, > 0)",
                          DoubleValue(50),
                          MakeDoubleAccessor(&SnrTimeSeries::m_widthGhz),
                          MakeDoubleChecker<double>(1e-3))
            .AddAttribute("FluctuationWidthExponent",
                          "Fluctuations grow as (width / 50 GHz) to this power (no public "
                          "figure: wider channels fluctuate more, up to 4x as often)",
                          DoubleValue(1),
                          MakeDoubleAccessor(&SnrTimeSeries::m_widthExponent),
                          MakeDoubleChecker<double>(0))
            .AddAttribute("SampleInterval",
                          "Time between samples",
                          TimeValue(Minutes(15)),
                          MakeTimeAccessor(&SnrTimeSeries::m_interval),
                          MakeTimeChecker(Seconds(1e-3)))
            .AddAttribute("DegradationRate",
                          "Degradation events per day (Poisson)",
                          DoubleValue(0.1),
                          MakeDoubleAccessor(&SnrTimeSeries::m_degradationRate),
                          MakeDoubleChecker<double>(0))
            .AddAttribute("DegradationDepthDb",
                          "Mean depth of a degradation (dB, exponential; 5 dB: on the "
                          "continental backbone about a quarter of static links' outage time is "
                          "then degradation, as HotNets'17 reports)",
                          DoubleValue(5),
                          MakeDoubleAccessor(&SnrTimeSeries::m_degradationDepthDb),
                          MakeDoubleChecker<double>(0))
            .AddAttribute("DegradationDuration",
                          "Mean duration of a degradation (exponential)",
                          TimeValue(Hours(2)),
                          MakeTimeAccessor(&SnrTimeSeries::m_degradationDuration),
                          MakeTimeChecker(Seconds(0)))
            .AddAttribute("CutRate",
                          "Loss-of-light cuts per year (Poisson)",
                          DoubleValue(2),
                          MakeDoubleAccessor(&SnrTimeSeries::m_cutRate),
                          MakeDoubleChecker<double>(0))
            .AddAttribute("CutDuration",
                          "Mean duration of a cut (exponential)",
                          TimeValue(Hours(8)),
                          MakeTimeAccessor(&SnrTimeSeries::m_cutDuration),
                          MakeTimeChecker(Seconds(0)));
    return tid;
}

SnrTimeSeries::SnrTimeSeries()
    : m_normal(CreateObject<NormalRandomVariable>()),
      m_exponential(CreateObject<ExponentialRandomVariable>())
{
}

double
SnrTimeSeries::GetFluctuationSigmaDb() const
{
    return m_fluctuationSigmaDb * std::pow(m_widthGhz / 50.0, m_widthExponent);
}

std::vector<SnrTimeSeries::Sample>
SnrTimeSeries::Generate(Time duration)
{
    const double dt = m_interval.GetSeconds();
    const auto n = static_cast<uint64_t>(std::floor(duration.GetSeconds() / dt)) + 1;

    // Events: (start, end, depth) of degradations; (start, end) of cuts.
    struct Event
    {
        double start;
        double end;
        double depth;
    };

    auto draw = [this, duration](double perSecond, double meanDurationS, double meanDepth) {
        std::vector<Event> events;
        if (perSecond <= 0)
        {
            return events;
        }
        for (double t = m_exponential->GetValue(1.0 / perSecond, 0); t < duration.GetSeconds();
             t += m_exponential->GetValue(1.0 / perSecond, 0))
        {
            const double length = m_exponential->GetValue(meanDurationS, 0);
            const double depth = meanDepth > 0 ? m_exponential->GetValue(meanDepth, 0) : 0.0;
            events.push_back(Event{t, t + length, depth});
        }
        return events;
    };
    const std::vector<Event> degradations =
        draw(m_degradationRate / 86400.0, m_degradationDuration.GetSeconds(), m_degradationDepthDb);
    const std::vector<Event> cuts =
        draw(m_cutRate / (365.0 * 86400.0), m_cutDuration.GetSeconds(), 0);
    const double sigma = GetFluctuationSigmaDb();
    const double rho = std::exp(-dt / m_driftTau.GetSeconds());
    double drift = m_driftSigmaDb > 0 ? m_normal->GetValue(0, m_driftSigmaDb * m_driftSigmaDb) : 0;
    std::vector<Sample> out;
    out.reserve(n);
    for (uint64_t k = 0; k < n; ++k)
    {
        const double t = k * dt;
        if (k > 0 && m_driftSigmaDb > 0)
        {
            // Ornstein-Uhlenbeck step: stationary standard deviation DriftSigmaDb.
            const double s = m_driftSigmaDb * std::sqrt(1 - rho * rho);
            drift = rho * drift + m_normal->GetValue(0, s * s);
        }
        double snr = m_baselineDb + drift + (sigma > 0 ? m_normal->GetValue(0, sigma * sigma) : 0);
        for (const Event& e : degradations)
        {
            snr -= (t >= e.start && t < e.end) ? e.depth : 0.0;
        }
        bool dark = false;
        for (const Event& c : cuts)
        {
            dark = dark || (t >= c.start && t < c.end);
        }
        out.push_back(Sample{Seconds(t), snr, dark});
    }
    return out;
}

bool
SnrTimeSeries::LoadCsv(const std::string& file, std::vector<Sample>& samples, std::string& error)
{
    std::string text;
    if (!OpticalDataFile::ReadText(file, OpticalDataFile::MAX_FILE_BYTES, text, error))
    {
        error = "SNR trace: " + error;
        return false;
    }
    const OpticalBounds timeBounds = OpticalBounds::Between(0, OpticalUnits::MAX_TIME_S);
    const OpticalBounds snrBounds = OpticalBounds::Between(MIN_TRACE_SNR_DB, MAX_TRACE_SNR_DB);
    std::vector<Sample> read;
    uint64_t number = 0;
    bool first = true;
    OpticalDataFile::Lines lines(text);
    std::string raw;
    while (lines.Next(raw))
    {
        ++number;
        const std::string line = OpticalDataFile::Trim(raw);
        if (line.empty() || line[0] == '#')
        {
            continue;
        }
        const std::string where = file + ":" + std::to_string(number) + ": ";
        const bool header =
            first && (line.compare(0, 4, "time") == 0 || line.compare(0, 4, "Time") == 0);
        first = false;
        if (header)
        {
            continue;
        }
        const std::size_t comma = line.find(',');
        if (comma == std::string::npos || line.find(',', comma + 1) != std::string::npos)
        {
            error = where + "'" + OpticalDataFile::Shorten(line) +
                    "' is not 'time_s,snr_db' (two cells)";
            return false;
        }
        if (read.size() >= MAX_TRACE_SAMPLES)
        {
            error = where + "more than " + std::to_string(MAX_TRACE_SAMPLES) +
                    " samples (SnrTimeSeries::MAX_TRACE_SAMPLES)";
            return false;
        }
        double seconds = 0;
        std::string why;
        if (!OpticalDataFile::ReadReal(line.substr(0, comma), timeBounds, "s", seconds, why))
        {
            error = where + "time " + why + " (column 'time_s')";
            return false;
        }
        if (!read.empty() && Seconds(seconds) <= read.back().time)
        {
            error = where + "time " + OpticalUnits::Format(seconds) + " does not follow " +
                    OpticalUnits::Format(read.back().time.GetSeconds()) +
                    " (column 'time_s'; times in s must increase)";
            return false;
        }
        const std::string cell = OpticalDataFile::Trim(line.substr(comma + 1));
        Sample s;
        s.time = Seconds(seconds);
        if (cell.empty() || cell == "nan" || cell == "dark")
        {
            s.dark = true;
        }
        else if (!OpticalDataFile::ReadReal(cell, snrBounds, "dB", s.snrDb, why))
        {
            error =
                where + "SNR " + why + " (column 'snr_db'; or empty, nan, dark for loss of light)";
            return false;
        }
        read.push_back(s);
    }
    if (read.empty())
    {
        error = "SNR trace " + file + " has no samples";
        return false;
    }
    samples = read;
    return true;
}

int64_t
SnrTimeSeries::AssignStreams(int64_t stream)
{
    m_normal->SetStream(stream);
    m_exponential->SetStream(stream + 1);
    return 2;
}

} // namespace ns3
