/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef BANDWIDTH_LOG_RUN_H
#define BANDWIDTH_LOG_RUN_H

#include "bandwidth-log.h"

#include "ns3/event-id.h"
#include "ns3/nstime.h"
#include "ns3/object.h"
#include "ns3/random-variable-stream.h"
#include "ns3/rate-adaptive-link.h"
#include "ns3/te-controller.h"
#include "ns3/traffic-matrix.h"

#include <string>
#include <vector>

namespace ns3
{

/**
 * \ingroup optical
 * \brief A fluid WAN run at a fine time step that writes the fine bandwidth logs an SMN keeps:
 * per IP link the carried traffic and per site pair the offered traffic, every Step.
 *
 * Each pair's offered rate at traffic time t (Epoch + simulated time) is its mean demand x the
 * diurnal factor (TrafficMatrix::DiurnalFactor: Amplitude, Peak, a 24 h period) x (1 +
 * AnnualGrowth)^(t / 365 days) x max(0, 1 + z), where z is the pair's own AR(1) noise of
 * standard deviation Noise and lag-one correlation NoiseCorrelation per Step (bursts that last
 * about Step / (1 - NoiseCorrelation)). Every TeInterval the TE controller (GetController(): its
 * Method picks the TE method) allocates the rates of that moment over the links' current
 * capacities (rate x wavelengths, 0 while down); within the interval each pair's traffic is split
 * over its paths in the allocation's proportions (all on the first path when the TE gave it
 * nothing). Over every Step, an arc loaded beyond its capacity carries only its share:
 * each pair-path flow is scaled by the least capacity / load ratio over its arcs (below 1 only
 * on overloaded arcs), and the arcs' counters count the scaled flows. The links are the
 * module's rate-adaptive links, so their SNR, rate changes and failures shape the logs.
 */
class BandwidthLogRun : public Object
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    BandwidthLogRun();

    /**
     * \brief Sets the network.
     * \param [in] graph Arcs
     * \param [in] arcLinks Per arc, its optical link (started by the caller)
     * \param [in] wavelengths Per arc, its wavelengths (capacity = rate x wavelengths)
     * \param [in] arcNames Per arc, its log series name
     */
    void SetNetwork(const TeGraph& graph,
                    const std::vector<Ptr<RateAdaptiveLink>>& arcLinks,
                    const std::vector<double>& wavelengths,
                    const std::vector<std::string>& arcNames);

    /**
     * \brief Sets the demands: their mean rates at traffic time 0 (Gb/s) and paths.
     * \param [in] commodities The demands
     * \param [in] pairNames Per demand, its log series name
     */
    void SetDemands(const std::vector<TeSolver::Commodity>& commodities,
                    const std::vector<std::string>& pairNames);

    /// \return the TE controller the run asks every TeInterval (set its Method before Start)
    Ptr<TeController> GetController() const;

    /**
     * \brief Assigns the noise stream.
     * \param [in] stream First stream
     * \return the streams used (1)
     */
    int64_t AssignStreams(int64_t stream);

    /**
     * \brief Checks the settings and the network.
     * \param [out] error What is wrong (sizes, a TeInterval that is not a whole number of
     * Steps, a growth or noise out of range)
     * \return false on error
     */
    bool Check(std::string& error) const;

    /**
     * \brief Schedules the run from now for \p duration (a whole number of Steps).
     * \param [in] duration How long
     */
    void Start(Time duration);

    /// \return the fine log (complete after the run)
    const FineBandwidthLog& GetLog() const;

    /// \return the bytes offered so far
    double GetOfferedBytes() const;

    /// \return the bytes carried so far
    double GetCarriedBytes() const;

    /**
     * \param [in] annualGrowth Growth per year (0.4: 40 %)
     * \param [in] t Traffic time
     * \return the growth factor (1 + annualGrowth)^(t / 365 days)
     */
    static double GrowthFactor(double annualGrowth, Time t);

  protected:
    void DoDispose() override;

  private:
    /// One Step: TE when due, rates, loads, counters.
    void Tick();
    /// TE over the current rates.
    void Decide();

    Time m_step;                                //!< Fine sampling interval
    Time m_teInterval;                          //!< TE interval
    Time m_epoch;                               //!< Traffic time at simulated time 0
    double m_annualGrowth{0.4};                 //!< Growth per year
    double m_amplitude{0.3};                    //!< Diurnal swing
    Time m_peak;                                //!< Time of day of the peak
    double m_noise{0.1};                        //!< Noise standard deviation
    double m_correlation{0.995};                //!< Noise lag-one correlation per Step
    Ptr<NormalRandomVariable> m_normal;         //!< Noise draws
    Ptr<TeController> m_controller;             //!< TE
    TeGraph m_graph;                            //!< Arcs
    std::vector<Ptr<RateAdaptiveLink>> m_links; //!< Per arc
    std::vector<double> m_wavelengths;          //!< Per arc
    std::vector<std::string> m_arcNames;        //!< Per arc
    std::vector<TeSolver::Commodity> m_demands; //!< Mean demands and paths
    std::vector<std::string> m_pairNames;       //!< Per demand
    std::vector<double> m_z;                    //!< Per demand, its noise state
    std::vector<double> m_rate;                 //!< Per demand, its rate this Step
    std::vector<std::vector<double>> m_split;   //!< Per demand and path, its share
    std::vector<double> m_capacity; //!< Per arc, this Step (kept: no allocation per Step)
    std::vector<double> m_load;     //!< Per arc, this Step
    std::vector<double> m_sample;   //!< This Step's log row
    uint64_t m_ticks{0};            //!< Steps done
    uint64_t m_ticksPerTe{1};       //!< Steps per TE interval
    uint64_t m_totalTicks{0};       //!< Steps to do
    FineBandwidthLog m_log;         //!< The log
    double m_offeredBytes{0};       //!< Offered
    double m_carriedBytes{0};       //!< Carried
    EventId m_event;                //!< Next Step
};

} // namespace ns3

#endif /* BANDWIDTH_LOG_RUN_H */
