/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "flow-size-distribution.h"

#include "ns3/double.h"
#include "ns3/log.h"
#include "ns3/optical-data-file.h"
#include "ns3/optical-util.h"

#include <algorithm>
#include <cmath>
#include <sstream>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("FlowSizeDistribution");

NS_OBJECT_ENSURE_REGISTERED(FlowSizeDistribution);

namespace
{

/// Largest size of a point (bytes): 2^53, the largest range in which a double holds every whole
/// number, so that sizes rounded up to bytes are exact.
constexpr double MAX_POINT_BYTES = 9007199254740992.0;

/// Sub-directory of the data directory holding flow-size files.
const char* const WORKLOAD_DATA_DIRECTORY = "workload";

/// \param [in] value A number \return it as text, with up to 12 significant digits
std::string
Num(double value)
{
    return optical::Num(value, 12);
}

/**
 * \brief Splits a line at commas, trimming each cell.
 * \param [in] line The line
 * \return the cells
 */
std::vector<std::string>
SplitCells(const std::string& line)
{
    std::vector<std::string> cells;
    std::size_t start = 0;
    while (true)
    {
        const std::size_t comma = line.find(',', start);
        cells.push_back(OpticalDataFile::Trim(line.substr(start, comma - start)));
        if (comma == std::string::npos)
        {
            break;
        }
        start = comma + 1;
    }
    return cells;
}

} // namespace

TypeId
FlowSizeDistribution::GetTypeId()
{
    static TypeId tid = TypeId("ns3::FlowSizeDistribution")
                            .SetParent<Object>()
                            .SetGroupName("Optical")
                            .AddConstructor<FlowSizeDistribution>();
    return tid;
}

FlowSizeDistribution::FlowSizeDistribution()
    : m_uniform(CreateObject<UniformRandomVariable>())
{
    m_uniform->SetAttribute("Min", DoubleValue(0));
    m_uniform->SetAttribute("Max", DoubleValue(1));
}

void
FlowSizeDistribution::DoDispose()
{
    m_uniform = nullptr;
    Object::DoDispose();
}

std::string
FlowSizeDistribution::Resolve(const std::string& name)
{
    if (name.find('/') != std::string::npos)
    {
        return name;
    }
    const std::string file = name.find('.') == std::string::npos ? name + ".csv" : name;
    return OpticalDataFile::GetDataDirectory() + "/" + WORKLOAD_DATA_DIRECTORY + "/" + file;
}

std::string
FlowSizeDistribution::Check(const std::vector<Point>& points, const std::vector<std::string>& where)
{
    if (points.empty())
    {
        return "no points (a CDF needs at least one point whose probability is 1)";
    }
    for (std::size_t i = 0; i < points.size(); ++i)
    {
        const Point& p = points[i];
        const std::string& at = where[i];
        if (!std::isfinite(p.bytes) || p.bytes < 0 || p.bytes > MAX_POINT_BYTES)
        {
            return at + "size " + Num(p.bytes) + " is out of range (allowed: 0 to 2^53 bytes)";
        }
        if (!std::isfinite(p.probability) || p.probability < 0 || p.probability > 1)
        {
            return at + "cumulative probability " + Num(p.probability) +
                   " is out of range (allowed: 0 to 1)";
        }
        if (i == 0 && p.bytes == 0 && p.probability > 0)
        {
            return at + "a size of 0 bytes cannot have probability " + Num(p.probability) +
                   " (a flow has at least 1 byte; start a CDF at 0 bytes with probability 0)";
        }
        if (i > 0 && !(p.bytes > points[i - 1].bytes))
        {
            return at + "size " + Num(p.bytes) + " is not larger than the previous size " +
                   Num(points[i - 1].bytes) + " (sizes must strictly increase)";
        }
        if (i > 0 && p.probability < points[i - 1].probability)
        {
            return at + "cumulative probability " + Num(p.probability) +
                   " is smaller than the previous one, " + Num(points[i - 1].probability) +
                   " (probabilities must not decrease)";
        }
    }
    if (points.back().probability != 1)
    {
        return where.back() + "the last cumulative probability is " +
               Num(points.back().probability) + ", it must be 1 (the CDF must end at 1)";
    }
    return "";
}

bool
FlowSizeDistribution::SetPoints(const std::vector<Point>& points, std::string& error)
{
    std::vector<std::string> where;
    for (std::size_t i = 0; i < points.size(); ++i)
    {
        where.push_back("point " + std::to_string(i) + ": ");
    }
    const std::string why = Check(points, where);
    if (!why.empty())
    {
        error = why;
        return false;
    }
    m_points = points;
    m_source.clear();
    return true;
}

bool
FlowSizeDistribution::ReadFile(const std::string& name, std::string& error)
{
    const std::string path = Resolve(name);
    std::string text;
    std::string why;
    if (!OpticalDataFile::ReadText(path, OpticalDataFile::MAX_FILE_BYTES, text, why))
    {
        error = why;
        return false;
    }
    std::vector<Point> points;
    std::vector<std::string> where;
    uint64_t lineNo = 0;
    bool content = false; // a line other than a blank or a comment was seen
    OpticalDataFile::Lines lines(text);
    std::string line;
    while (lines.Next(line))
    {
        ++lineNo;
        const std::string t = OpticalDataFile::Trim(line);
        if (t.empty() || t[0] == '#')
        {
            continue;
        }
        const std::string at = path + ":" + std::to_string(lineNo) + ": ";
        const std::vector<std::string> cells = SplitCells(t);
        double bytes = 0;
        double probability = 0;
        const bool bytesOk = OpticalDataFile::ParseDouble(cells[0], bytes);
        const bool probabilityOk =
            cells.size() > 1 && OpticalDataFile::ParseDouble(cells[1], probability);
        const bool header = !content && !bytesOk && !probabilityOk;
        content = true;
        if (cells.size() != 2)
        {
            error = at + "expected 2 cells (bytes, cumulative probability), found " +
                    std::to_string(cells.size()) + ": '" + OpticalDataFile::Shorten(t) + "'";
            return false;
        }
        if (header)
        {
            continue;
        }
        if (!bytesOk)
        {
            error = at + "size '" + OpticalDataFile::Shorten(cells[0]) +
                    "' is not a number (allowed: a size in bytes, 0 to 2^53)";
            return false;
        }
        if (!probabilityOk)
        {
            error = at + "cumulative probability '" + OpticalDataFile::Shorten(cells[1]) +
                    "' is not a number (allowed: 0 to 1)";
            return false;
        }
        points.push_back({bytes, probability});
        where.push_back(at);
    }
    if (points.empty())
    {
        error = path + ":" + std::to_string(std::max<uint64_t>(lineNo, 1)) +
                ": end of file without a data point (expected lines 'bytes,cumulative "
                "probability')";
        return false;
    }
    why = Check(points, where);
    if (!why.empty())
    {
        error = why;
        return false;
    }
    m_points = points;
    m_source = path;
    NS_LOG_INFO("read " << points.size() << " points from " << path << ", mean " << Mean()
                        << " bytes");
    return true;
}

const std::vector<FlowSizeDistribution::Point>&
FlowSizeDistribution::GetPoints() const
{
    return m_points;
}

const std::string&
FlowSizeDistribution::GetSource() const
{
    return m_source;
}

bool
FlowSizeDistribution::IsSet() const
{
    return !m_points.empty();
}

double
FlowSizeDistribution::Cdf(double bytes) const
{
    if (m_points.empty() || bytes < m_points.front().bytes)
    {
        return 0;
    }
    // Last point at or below bytes.
    auto after =
        std::upper_bound(m_points.begin(), m_points.end(), bytes, [](double b, const Point& p) {
            return b < p.bytes;
        });
    const Point& lo = *(after - 1);
    if (after == m_points.end())
    {
        return lo.probability;
    }
    const Point& hi = *after;
    return lo.probability +
           (bytes - lo.bytes) / (hi.bytes - lo.bytes) * (hi.probability - lo.probability);
}

double
FlowSizeDistribution::Quantile(double p) const
{
    if (m_points.empty())
    {
        return 0;
    }
    p = std::min(1.0, std::max(0.0, p));
    if (p <= m_points.front().probability)
    {
        return m_points.front().bytes;
    }
    // First point whose probability reaches p: the one before it is below p, so the segment
    // between them has a positive probability.
    auto hiIt = std::lower_bound(m_points.begin(), m_points.end(), p, [](const Point& q, double v) {
        return q.probability < v;
    });
    const Point& hi = *hiIt;
    const Point& lo = *(hiIt - 1);
    return lo.bytes +
           (p - lo.probability) / (hi.probability - lo.probability) * (hi.bytes - lo.bytes);
}

double
FlowSizeDistribution::Mean() const
{
    if (m_points.empty())
    {
        return 0;
    }
    double mean = m_points.front().probability * m_points.front().bytes;
    for (std::size_t i = 1; i < m_points.size(); ++i)
    {
        mean += (m_points[i].probability - m_points[i - 1].probability) *
                (m_points[i].bytes + m_points[i - 1].bytes) / 2;
    }
    return mean;
}

double
FlowSizeDistribution::SampleMean() const
{
    if (m_points.empty())
    {
        return 0;
    }
    // E[ceil X] = sum over k >= 0 of P(X > k) = sum of (1 - F(k)). Below s_0, F(k) = 0; on a
    // segment F is linear, so the sum over its whole numbers is their count times
    // 1 - F(their mean); from the end F(k) = 1. X > 0 with probability 1, so ceil X >= 1 and
    // the "at least 1" of Sample() changes nothing.
    double sum = std::ceil(m_points.front().bytes);
    for (std::size_t i = 0; i + 1 < m_points.size(); ++i)
    {
        const Point& lo = m_points[i];
        const Point& hi = m_points[i + 1];
        const double first = std::ceil(lo.bytes); // whole numbers k with lo <= k < hi
        const double last = std::ceil(hi.bytes) - 1;
        if (last < first)
        {
            continue;
        }
        const double count = last - first + 1;
        const double mid = (first + last) / 2;
        const double f = lo.probability + (mid - lo.bytes) / (hi.bytes - lo.bytes) *
                                              (hi.probability - lo.probability);
        sum += count * (1 - f);
    }
    return sum;
}

double
FlowSizeDistribution::GetMinBytes() const
{
    return m_points.empty() ? 0 : m_points.front().bytes;
}

double
FlowSizeDistribution::GetMaxBytes() const
{
    return Quantile(1);
}

uint64_t
FlowSizeDistribution::Sample()
{
    NS_ASSERT_MSG(!m_points.empty(), "FlowSizeDistribution::Sample before the points are set");
    const double x = std::ceil(Quantile(m_uniform->GetValue()));
    return x < 1 ? 1 : static_cast<uint64_t>(x);
}

int64_t
FlowSizeDistribution::AssignStreams(int64_t stream)
{
    m_uniform->SetStream(stream);
    return 1;
}

} // namespace ns3
