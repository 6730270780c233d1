/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FLOW_SIZE_DISTRIBUTION_H
#define FLOW_SIZE_DISTRIBUTION_H

#include "ns3/object.h"
#include "ns3/random-variable-stream.h"

#include <cstdint>
#include <string>
#include <vector>

namespace ns3
{

/**
 * \ingroup optical
 * \brief An empirical distribution of flow sizes: a cumulative distribution function given by
 * points, sampled by inverse transform.
 *
 * The points (s_0, p_0), ..., (s_n, p_n) have strictly increasing sizes s_i >= 0 (bytes) and
 * non-decreasing cumulative probabilities p_i in [0, 1], the last one exactly 1. They define
 * the CDF F, a documented choice shared by the flow generators of the literature
 * (pFabric's ns-2 scripts, HPCC's traffic_gen.py):
 *  - F(x) = 0 below s_0, and F(s_0) = p_0: the first point's probability is the mass of the
 *    smallest size (a point (0, 0) starts the distribution at 0 bytes without mass);
 *  - between two points F is linear: sizes are uniform inside each segment, with the
 *    probability p_{i+1} - p_i of the segment;
 *  - F(x) = 1 from the first point whose probability is 1.
 *
 * Quantile(p) is the generalized inverse inf{x : F(x) >= p}; Mean() is the exact mean of F,
 * p_0 s_0 + sum_i (p_{i+1} - p_i)(s_i + s_{i+1}) / 2. Sample() draws u from a
 * UniformRandomVariable on (0, 1) and returns Quantile(u) rounded up to whole bytes (at least
 * 1): its mean, SampleMean(), exceeds Mean() by less than one byte, and it is computed exactly
 * as sum_{k >= 0} (1 - F(k)). The stream follows --RngRun and AssignStreams().
 *
 * Files (ReadFile()) are comma-separated, two columns: size in bytes, cumulative probability.
 * Blank lines and lines starting with '#' are ignored; the first other line may be a header
 * (its first cell not a number, e.g. "bytes,cdf"). Errors say "path:line: problem", naming
 * the value and what is allowed.
 */
class FlowSizeDistribution : public Object
{
  public:
    /// One point of the CDF.
    struct Point
    {
        double bytes;       //!< Flow size (bytes, >= 0)
        double probability; //!< Cumulative probability of sizes up to bytes, in [0, 1]
    };

    /**
     * \brief Get the TypeId
     * \return The TypeId for this class
     */
    static TypeId GetTypeId();

    FlowSizeDistribution();

    /**
     * \brief The path of a flow-size file: a name without '/' is a file of the module's
     * data/workload/ directory (OpticalDataFile::GetDataDirectory(), so NS3_OPTICAL_DATA_DIR
     * applies), with ".csv" appended if it has no '.' ("websearch" is
     * data/workload/websearch.csv); a name with '/' is a path used as it is.
     * \param [in] name A name or a path
     * \return the path to open
     */
    static std::string Resolve(const std::string& name);

    /**
     * \brief Reads the points from a CSV file (see the class description).
     * \param [in] name File name or path (Resolve())
     * \param [out] error On failure: "path:line: problem" naming the value
     * \return true on success; on failure the distribution is unchanged
     */
    bool ReadFile(const std::string& name, std::string& error);

    /**
     * \brief Sets the points directly.
     * \param [in] points The CDF points (rules of the class description)
     * \param [out] error On failure: "point i: problem" (0-based) naming the value
     * \return true on success; on failure the distribution is unchanged
     */
    bool SetPoints(const std::vector<Point>& points, std::string& error);

    /// \return the points (empty until ReadFile() or SetPoints() succeeds)
    const std::vector<Point>& GetPoints() const;

    /// \return the file read by the last successful ReadFile() (empty after SetPoints())
    const std::string& GetSource() const;

    /// \return true once points are set
    bool IsSet() const;

    /**
     * \brief The CDF.
     * \param [in] bytes A size
     * \return F(bytes), the probability of a size at most \p bytes (0 if no points)
     */
    double Cdf(double bytes) const;

    /**
     * \brief The generalized inverse of the CDF.
     * \param [in] p A probability, clamped to [0, 1]
     * \return inf{x : F(x) >= p} (0 if no points)
     */
    double Quantile(double p) const;

    /// \return the exact mean of the piecewise-linear CDF (bytes; 0 if no points)
    double Mean() const;

    /// \return the exact mean of Sample() (bytes): Quantile(U) rounded up, at least 1
    double SampleMean() const;

    /// \return the smallest size s_0 (bytes; 0 if no points)
    double GetMinBytes() const;

    /// \return the largest size, where F reaches 1 (bytes; 0 if no points)
    double GetMaxBytes() const;

    /**
     * \brief Draws a flow size (points must be set).
     * \return Quantile(u) for u uniform on (0, 1), rounded up to whole bytes, at least 1
     */
    uint64_t Sample();

    /**
     * \brief Fixes the random stream.
     * \param [in] stream The stream
     * \return streams used (1)
     */
    int64_t AssignStreams(int64_t stream);

  protected:
    void DoDispose() override;

  private:
    /**
     * \brief Checks points against the rules.
     * \param [in] points The points
     * \param [in] where Location of point i, for messages
     * \return "" if good, else the message
     */
    static std::string Check(const std::vector<Point>& points,
                             const std::vector<std::string>& where);

    std::vector<Point> m_points;          //!< The CDF points
    std::string m_source;                 //!< File read
    Ptr<UniformRandomVariable> m_uniform; //!< Draws of u
};

} // namespace ns3

#endif /* FLOW_SIZE_DISTRIBUTION_H */
