/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "slice-requests.h"

#include "slice-allocator.h"
#include "torus-geometry.h"

#include "ns3/double.h"
#include "ns3/log.h"
#include "ns3/optical-units.h"
#include "ns3/string.h"

#include <cmath>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("SliceRequestGenerator");

NS_OBJECT_ENSURE_REGISTERED(SliceRequestGenerator);

TypeId
SliceRequestGenerator::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::SliceRequestGenerator")
            .SetParent<Object>()
            .SetGroupName("Optical")
            .AddConstructor<SliceRequestGenerator>()
            .AddAttribute("Load",
                          "Offered load: accelerators asked for x holding time over capacity x "
                          "time (dimensionless, > 0; above 1 the datacenter is oversubscribed)",
                          DoubleValue(0.8),
                          MakeDoubleAccessor(&SliceRequestGenerator::m_load),
                          MakeDoubleChecker<double>(1e-6))
            .AddAttribute("MeanHold",
                          "Mean holding time of a slice (exponential)",
                          TimeValue(Hours(1)),
                          MakeTimeAccessor(&SliceRequestGenerator::m_meanHold),
                          MakeTimeChecker(Seconds(1e-6)))
            .AddAttribute("Shapes",
                          "Slice shapes and weights, \"AxBxC:w,...\". The default asks equally "
                          "for the four sub-rack shapes of a TPUv4 rack (no public size "
                          "distribution exists; 29% of public TPU allocations are sub-rack)",
                          StringValue("2x2x1:1,2x2x2:1,2x2x4:1,2x4x4:1"),
                          MakeStringAccessor(&SliceRequestGenerator::m_shapes),
                          MakeStringChecker());
    return tid;
}

SliceRequestGenerator::SliceRequestGenerator()
    : m_interval(CreateObject<ExponentialRandomVariable>()),
      m_hold(CreateObject<ExponentialRandomVariable>()),
      m_pick(CreateObject<UniformRandomVariable>())
{
}

bool
SliceRequestGenerator::ParseShapes(const std::string& text,
                                   std::vector<std::pair<std::array<uint32_t, 3>, double>>& shapes,
                                   std::string& error)
{
    shapes.clear();
    std::vector<std::string> items;
    if (!TorusGeometry::SplitList(text, items, error))
    {
        error = "slice shapes: " + error;
        return false;
    }
    const OpticalBounds weights = OpticalBounds::Above(0).AtMost(MAX_WEIGHT);
    for (const std::string& item : items)
    {
        const std::size_t colon = item.find(':');
        const std::string shapeText = item.substr(0, colon);
        double weight = 1;
        std::array<uint32_t, 3> shape{};
        if (!TorusGeometry::ParseShape(shapeText, shape, error))
        {
            shapes.clear();
            error = "slice " + error + " (in '" + text + "')";
            return false;
        }
        if (colon != std::string::npos)
        {
            const std::string weightText = item.substr(colon + 1);
            std::string problem;
            if (!OpticalUnits::ParseReal(weightText, weight, problem) || !weights.Contains(weight))
            {
                shapes.clear();
                error = "weight '" + weightText + "' of shape " + OpticalUnits::Trim(shapeText) +
                        " is not a number " + weights.Describe() +
                        (problem.empty() ? "" : " (" + problem + ")");
                return false;
            }
        }
        shapes.emplace_back(shape, weight);
    }
    return true;
}

double
SliceRequestGenerator::GetMeanSize() const
{
    std::vector<std::pair<std::array<uint32_t, 3>, double>> shapes;
    std::string error;
    if (!ParseShapes(m_shapes, shapes, error))
    {
        return 0;
    }
    double total = 0;
    double size = 0;
    for (const auto& [shape, w] : shapes)
    {
        total += w;
        size += w * shape[0] * shape[1] * shape[2];
    }
    return size / total;
}

bool
SliceRequestGenerator::Generate(uint32_t capacity,
                                Time duration,
                                std::vector<Request>& requests,
                                std::string& error)
{
    requests.clear();
    std::vector<std::pair<std::array<uint32_t, 3>, double>> shapes;
    if (!ParseShapes(m_shapes, shapes, error))
    {
        return false;
    }
    if (capacity == 0)
    {
        error = "no capacity to offer load to";
        return false;
    }
    double total = 0;
    for (const auto& s : shapes)
    {
        total += s.second;
    }
    const double rate = m_load * capacity / (GetMeanSize() * m_meanHold.GetSeconds()); // per s
    double t = 0;
    for (uint64_t tenant = 1;; ++tenant)
    {
        t += m_interval->GetValue(1.0 / rate, 0);
        if (t >= duration.GetSeconds())
        {
            break;
        }
        Request r;
        r.tenant = tenant;
        r.arrival = Seconds(t);
        r.hold = Seconds(m_hold->GetValue(m_meanHold.GetSeconds(), 0));
        double u = m_pick->GetValue(0, total);
        r.shape = shapes.back().first;
        for (const auto& [shape, w] : shapes)
        {
            if (u < w)
            {
                r.shape = shape;
                break;
            }
            u -= w;
        }
        requests.push_back(r);
    }
    return true;
}

int64_t
SliceRequestGenerator::AssignStreams(int64_t stream)
{
    m_interval->SetStream(stream);
    m_hold->SetStream(stream + 1);
    m_pick->SetStream(stream + 2);
    return 3;
}

double
SliceRequestGenerator::ExpectedRequests(
    const std::vector<std::pair<std::array<uint32_t, 3>, double>>& shapes,
    double load,
    uint32_t accelerators,
    Time duration,
    Time meanHold)
{
    double weights = 0;
    double meanSize = 0;
    for (const auto& [shape, w] : shapes)
    {
        weights += w;
        meanSize += w * shape[0] * shape[1] * shape[2];
    }
    meanSize /= weights;
    return load * accelerators * duration.GetSeconds() / (meanSize * meanHold.GetSeconds());
}

bool
SliceRequestGenerator::CheckPlan(const TorusGeometry& geometry,
                                 Time duration,
                                 double maxRequests,
                                 std::string& culprit,
                                 std::string& error) const
{
    culprit = "shapes";
    std::vector<std::pair<std::array<uint32_t, 3>, double>> parsed;
    if (!ParseShapes(m_shapes, parsed, error))
    {
        return false;
    }
    SliceAllocator check(geometry);
    for (const auto& [shape, w] : parsed)
    {
        error = check.CheckShape(shape);
        if (!error.empty())
        {
            return false;
        }
    }
    const double expected =
        ExpectedRequests(parsed, m_load, geometry.GetNAccelerators(), duration, m_meanHold);
    if (expected > maxRequests)
    {
        culprit = "duration";
        error = "with --load, --racks, --shapes and --meanHold it asks for about " +
                OpticalUnits::Format(std::round(expected)) + " requests (at most " +
                OpticalUnits::Format(maxRequests) + "): shorten it or lower the load";
        return false;
    }
    return true;
}

} // namespace ns3
