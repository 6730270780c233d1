/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef SLICE_REQUESTS_H
#define SLICE_REQUESTS_H

#include "torus-geometry.h"

#include "ns3/nstime.h"
#include "ns3/object.h"
#include "ns3/random-variable-stream.h"

#include <array>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace ns3
{

/**
 * \ingroup optical
 * \brief Tenants asking for slices of a torus datacenter: Poisson arrivals, a shape drawn
 * from a weighted list, an exponential holding time.
 *
 * The arrival rate makes the offered load what \c Load says: rate = Load x capacity /
 * (mean slice size x MeanHold), capacity being the accelerators tenants may hold. The whole
 * sequence is drawn up front (Generate()), so that two allocation policies can be run on the
 * same requests. Deterministic for a given run number; AssignStreams() fixes the streams.
 */
class SliceRequestGenerator : public Object
{
  public:
    /// One request.
    struct Request
    {
        uint64_t tenant{0};              //!< Tenant id (1, 2, ... in arrival order)
        Time arrival;                    //!< When it arrives
        Time hold;                       //!< How long it holds its slice
        std::array<uint32_t, 3> shape{}; //!< Shape (accelerators)
    };

    /**
     * \brief Get the TypeId
     * \return The TypeId for this class
     */
    static TypeId GetTypeId();

    SliceRequestGenerator();

    /// Largest weight of a shape in a shape list (weights are relative).
    static constexpr double MAX_WEIGHT = 1e6;

    /**
     * \brief Parses a shape list "AxBxC:weight,..." (shapes as TorusGeometry::ParseShape();
     * weights are numbers > 0 and at most MAX_WEIGHT; ":weight" may be left out for 1; an empty
     * list or item is refused).
     * \param [in] text The list
     * \param [out] shapes (shape, weight) pairs
     * \param [out] error What is wrong, naming the item
     * \return true on success
     */
    static bool ParseShapes(const std::string& text,
                            std::vector<std::pair<std::array<uint32_t, 3>, double>>& shapes,
                            std::string& error);

    /**
     * \brief The expected number of requests of a run: load x accelerators x duration /
     * (mean slice size x mean holding time), the mean size weighted by the shapes' weights.
     * \param [in] shapes (shape, weight) pairs, as ParseShapes() gives them (not empty)
     * \param [in] load Offered load
     * \param [in] accelerators Accelerators of the datacenter
     * \param [in] duration Period of requests
     * \param [in] meanHold Mean holding time (> 0)
     * \return the expected number of requests
     */
    static double ExpectedRequests(
        const std::vector<std::pair<std::array<uint32_t, 3>, double>>& shapes,
        double load,
        uint32_t accelerators,
        Time duration,
        Time meanHold);

    /**
     * \brief Checks this generator's plan (its Load, MeanHold and Shapes) against a datacenter
     * before a run: the shape list parses (ParseShapes()), every shape fits a rack in whole
     * servers (SliceAllocator::CheckShape), and it expects at most \p maxRequests requests over
     * \p duration (ExpectedRequests()).
     * \param [in] geometry The datacenter
     * \param [in] duration Period of requests
     * \param [in] maxRequests Most expected requests
     * \param [out] culprit What is at fault: "shapes" or "duration"
     * \param [out] error What is wrong
     * \return true if the plan may run
     */
    bool CheckPlan(const TorusGeometry& geometry,
                   Time duration,
                   double maxRequests,
                   std::string& culprit,
                   std::string& error) const;

    /**
     * \brief Draws the requests of a period.
     * \param [in] capacity Accelerators tenants may hold (> 0)
     * \param [in] duration Period
     * \param [out] requests The requests, by arrival time
     * \param [out] error What is wrong (the Shapes list)
     * \return true on success
     */
    bool Generate(uint32_t capacity,
                  Time duration,
                  std::vector<Request>& requests,
                  std::string& error);

    /// \return the mean slice size (accelerators) of the Shapes list (0 if it does not parse)
    double GetMeanSize() const;

    /**
     * \brief Fixes the random streams.
     * \param [in] stream First stream
     * \return streams used (3)
     */
    int64_t AssignStreams(int64_t stream);

  private:
    double m_load{0.8};                        //!< Offered load
    Time m_meanHold;                           //!< Mean holding time
    std::string m_shapes;                      //!< Shape list
    Ptr<ExponentialRandomVariable> m_interval; //!< Inter-arrival (mean 1, scaled)
    Ptr<ExponentialRandomVariable> m_hold;     //!< Holding (mean 1, scaled)
    Ptr<UniformRandomVariable> m_pick;         //!< Shape choice
};

} // namespace ns3

#endif /* SLICE_REQUESTS_H */
