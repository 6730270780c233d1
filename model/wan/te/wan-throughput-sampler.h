/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef WAN_THROUGHPUT_SAMPLER_H
#define WAN_THROUGHPUT_SAMPLER_H

#include "ns3/nstime.h"
#include "ns3/object.h"

#include <functional>
#include <vector>

namespace ns3
{

/**
 * \ingroup optical
 * \brief Samples the throughput of WAN traffic once per interval.
 *
 * Start schedules a reading of a counter of carried bytes at every multiple of the interval up
 * to the duration (interval, 2 x interval, ... <= duration); each sample is the bytes carried
 * since the previous reading, in Gb/s over the interval. On a piecewise-constant carried rate
 * whose steps fall on the readings, sample i is the rate of interval i exactly.
 */
class WanThroughputSampler : public Object
{
  public:
    /// Reads the bytes carried so far.
    using Counter = std::function<double()>;

    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    WanThroughputSampler();
    ~WanThroughputSampler() override;

    /**
     * \brief Schedules the readings from now (call before the simulation runs).
     * \param [in] carriedBytes The counter (e.g. WanTraffic::GetCarriedBytes)
     * \param [in] interval Time between readings (> 0)
     * \param [in] duration Time of the last reading (at most)
     */
    void Start(Counter carriedBytes, Time interval, Time duration);

    /// \return the throughput of each interval read so far (Gb/s)
    const std::vector<double>& GetSamples() const;

    /// \return the mean of the samples (Gb/s; 0 without samples)
    double GetMean() const;

  private:
    /// Takes one reading.
    void Read();

    Counter m_counter;             //!< Bytes carried so far
    Time m_interval;               //!< Time between readings
    double m_last{0};              //!< Bytes at the last reading
    std::vector<double> m_samples; //!< Gb/s per interval
};

} // namespace ns3

#endif /* WAN_THROUGHPUT_SAMPLER_H */
