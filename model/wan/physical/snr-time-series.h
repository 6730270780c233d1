/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef SNR_TIME_SERIES_H
#define SNR_TIME_SERIES_H

#include "ns3/nstime.h"
#include "ns3/object.h"
#include "ns3/random-variable-stream.h"

#include <string>
#include <vector>

namespace ns3
{

/**
 * \ingroup optical
 * \brief The SNR of an optical link over time: its physical-layer baseline, a slow drift, fast
 * fluctuations whose size grows with the channel's spectral width, degradation events and
 * loss-of-light cuts; or a trace the user brings (LoadCsv()).
 *
 * Sample k (time k x SampleInterval) is
 *   SNR = BaselineDb + drift(k) + fluctuation(k) - sum of the degradations in progress,
 * unless a cut is in progress (loss of light: no signal). The drift is an Ornstein-Uhlenbeck
 * process (standard deviation DriftSigmaDb, time constant DriftTimeConstant); fluctuations are
 * independent normal samples of standard deviation FluctuationSigmaDb x (SpectralWidthGhz /
 * 50)^FluctuationWidthExponent; degradations arrive as a Poisson process (DegradationRate)
 * with exponential depth and duration; cuts likewise (CutRate, CutDuration).
 *
 * The defaults are assumptions chosen to give a population of links the shape of the
 * published statistics (doc/optical.rst); every one is an attribute. Deterministic for a given
 * run number; AssignStreams() fixes the streams.
 */
class SnrTimeSeries : public Object
{
  public:
    /// One sample.
    struct Sample
    {
        Time time;        //!< When
        double snrDb{0};  //!< SNR (dB; meaningless during a cut)
        bool dark{false}; //!< Loss of light
    };

    /**
     * \brief Get the TypeId
     * \return The TypeId for this class
     */
    static TypeId GetTypeId();

    SnrTimeSeries();

    /**
     * \brief Draws a series.
     * \param [in] duration Its length
     * \return samples at 0, SampleInterval, ... up to duration
     */
    std::vector<Sample> Generate(Time duration);

    /// \return the standard deviation of the fast fluctuations for the spectral width (dB)
    double GetFluctuationSigmaDb() const;

    /// Smallest SNR of a trace (dB).
    static constexpr double MIN_TRACE_SNR_DB = -50;
    /// Largest SNR of a trace (dB).
    static constexpr double MAX_TRACE_SNR_DB = 100;
    /// Most samples of a trace (a month of samples every 0.65 s).
    static constexpr uint64_t MAX_TRACE_SAMPLES = 4000000;

    /**
     * \brief Reads a trace: CSV lines "time_s,snr_db" (a first line starting with "time" is a
     * header; # comments, blank lines, a UTF-8 byte-order mark and CRLF line endings are
     * allowed; an empty SNR cell, "nan" or "dark" is loss of light), times strictly increasing.
     * time_s is 0 to OpticalUnits::MAX_TIME_S (100 years) in seconds, snr_db MIN_TRACE_SNR_DB to
     * MAX_TRACE_SNR_DB; at most MAX_TRACE_SAMPLES samples and OpticalDataFile::MAX_FILE_BYTES.
     * \param [in] file The file
     * \param [out] samples The samples (unchanged on failure)
     * \param [out] error The file, the line and what is wrong
     * \return true on success
     */
    static bool LoadCsv(const std::string& file, std::vector<Sample>& samples, std::string& error);

    /**
     * \brief Fixes the random streams.
     * \param [in] stream First stream
     * \return streams used
     */
    int64_t AssignStreams(int64_t stream);

  private:
    double m_baselineDb{18};          //!< Baseline SNR
    double m_driftSigmaDb{0.3};       //!< Drift standard deviation
    Time m_driftTau;                  //!< Drift time constant
    double m_fluctuationSigmaDb{0.1}; //!< Fluctuation at 50 GHz
    double m_widthGhz{50};            //!< Spectral width
    double m_widthExponent{1};        //!< Growth of fluctuations with width
    Time m_interval;                  //!< Sample interval
    double m_degradationRate{0.1};    //!< Degradations per day
    double m_degradationDepthDb{5};   //!< Mean depth
    Time m_degradationDuration;       //!< Mean duration
    double m_cutRate{2};              //!< Cuts per year
    Time m_cutDuration;               //!< Mean cut duration

    Ptr<NormalRandomVariable> m_normal;           //!< Drift and fluctuations
    Ptr<ExponentialRandomVariable> m_exponential; //!< Event times, depths, durations
};

} // namespace ns3

#endif /* SNR_TIME_SERIES_H */
