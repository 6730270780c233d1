/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef TE_CONTROLLER_H
#define TE_CONTROLLER_H

#include "te-method.h"
#include "te-solver.h"

#include "ns3/event-id.h"
#include "ns3/nstime.h"
#include "ns3/object.h"
#include "ns3/rate-adaptive-link.h"
#include "ns3/traced-callback.h"

#include <functional>
#include <vector>

namespace ns3
{

/**
 * \ingroup optical
 * \brief A WAN traffic-engineering controller over rate-adaptive links.
 *
 * Every Interval it reads each arc's capacity from its RateAdaptiveLink (the rate times the
 * arc's wavelengths; 0 while down), solves the path-based multi-commodity flow with the TE method
 * of its Method attribute (TeMethod: the LP on COIN-OR CLP, POP, NCFlow-style clusters, ADMM or
 * the learned initializer with ADMM; warm-started methods start from the last interval's
 * allocation) and hands the solution to the installer (flow level: flows per path at the allocated
 * rates; packet level: per-flow path pinning), which the helpers provide.
 *
 * With Abstraction (RADWAN's graph abstraction), the links run at most at their baseline rate
 * unless the TE asks for more: the capacity a link's SNR supports above its current rate is
 * offered as a parallel arc whose flow costs ExtraPenalty per Gb/s, plus ChurnPenalty per Gb/s
 * when using it means changing the link's rate. When the solution uses an arc's extra capacity,
 * the controller raises that link's cap (RateAdaptiveLink::SetMaxRate) to the slowest mode that
 * carries the arc's load; the link then changes rate (hold-down and downtime apply). Caps are
 * never lowered by the controller: a rate no longer needed costs nothing to keep, and changing it
 * back would cost a downtime.
 */
class TeController : public Object
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    TeController();

    /// Installs a solution (\p solution) for the next \p interval.
    using Installer = std::function<void(const TeSolver::Solution& solution, Time interval)>;

    /// Callback signature of Solved: throughput, demand (same unit) and solve time (s).
    typedef void (*SolvedTracedCallback)(double throughput, double demand, double seconds);

    /// Callback signature of Decided: the solution about to be installed (pathFlow per
    /// commodity of SetCommodities() and path, Gb/s; all zero after a failed solve).
    typedef void (*DecidedTracedCallback)(const TeSolver::Solution& solution);

    /**
     * \brief Sets the network.
     * \param [in] graph Arcs (directed)
     * \param [in] links Each arc's optical link (both directions of a fibre share one)
     * \param [in] wavelengths Each arc's wavelengths: its capacity is rate x wavelengths
     */
    void SetNetwork(const TeGraph& graph,
                    const std::vector<Ptr<RateAdaptiveLink>>& links,
                    const std::vector<double>& wavelengths);

    /**
     * \brief Sets the demands and their candidate paths (Gb/s).
     * \param [in] commodities The commodities
     */
    void SetCommodities(const std::vector<TeSolver::Commodity>& commodities);

    /// \param [in] installer What applies each solution
    void SetInstaller(Installer installer);

    /**
     * \brief Starts solving now and every Interval (with Abstraction: caps the links at
     * BaselineRate first, so call it before the links' first reading, e.g. right after
     * starting them: a link already above the cap changes rate down).
     */
    void Start();

    /// Stops.
    void Stop();

    /**
     * \brief Solves once with the current capacities (no installation, no cap change).
     * \param [out] solution The solution
     * \param [out] error Why there is none
     * \return false on error
     */
    bool SolveNow(TeSolver::Solution& solution, std::string& error) const;

    /// \return the solves so far
    uint32_t GetNSolves() const;

    /// \return the link caps the controller raised
    uint32_t GetNUpgradesRequested() const;

    /// \return the total solver time (s)
    double GetSolverSeconds() const;

    /// The TE methods of the Method attribute.
    enum MethodKind
    {
        LP,      //!< TeLpMethod
        POP,     //!< TePopMethod
        NCFLOW,  //!< TeNcflowMethod
        ADMM,    //!< TeAdmmMethod
        LEARNED, //!< TeLearnedMethod
    };

    /**
     * \brief The method object in use (created from the Method attribute at the first solve,
     * with the Threads attribute), e.g. to set its own attributes (a learned model's
     * ModelFile) before Start.
     * \return the method
     */
    Ptr<TeMethod> GetMethod() const;

    /**
     * \brief Checks that the settings can run: the method supports the objective and, with
     * Abstraction, extra capacity (lp and pop only).
     * \param [out] error What does not fit, naming the attributes
     * \return true if they can
     */
    bool CheckSettings(std::string& error) const;

  protected:
    void DoDispose() override;

  private:
    /// \param [in] rate The BaselineRate attribute
    void SetBaselineRateAttribute(DataRate rate);
    /// \return the BaselineRate attribute
    DataRate GetBaselineRateAttribute() const;

    /// One interval: solve, raise caps, install.
    void Tick();
    /// \return the problem for the current capacities
    TeSolver::Problem BuildProblem() const;

    Time m_interval;                                     //!< Between solves
    TeSolver::Objective m_objective{TeSolver::MAX_FLOW}; //!< Objective
    bool m_abstraction{false};                           //!< RADWAN's graph abstraction
    double m_baselineGbps{100};                          //!< Baseline rate of a link
    double m_extraPenalty{0.01};                         //!< Per Gb/s of extra capacity
    double m_churnPenalty{0.05};                         //!< Per Gb/s when it changes a rate
    Time m_timeLimit;                                    //!< Solver time limit (0: none)
    MethodKind m_methodKind{LP};                         //!< Method attribute
    uint32_t m_threads{1};                               //!< Threads attribute
    mutable Ptr<TeMethod> m_method;                      //!< The method (made on first use)
    TeGraph m_graph;                                     //!< Arcs
    std::vector<Ptr<RateAdaptiveLink>> m_links;          //!< Per arc
    std::vector<double> m_wavelengths;                   //!< Per arc
    std::vector<TeSolver::Commodity> m_commodities;      //!< Demands
    Installer m_installer;                               //!< Installer
    EventId m_event;                                     //!< Next tick
    uint32_t m_solves{0};                                //!< Solves
    uint32_t m_upgrades{0};                              //!< Caps raised
    double m_solverSeconds{0};                           //!< Solver time
    TracedCallback<double, double, double> m_solved;     //!< Solved
    TracedCallback<const TeSolver::Solution&> m_decided; //!< Decided
};

} // namespace ns3

#endif /* TE_CONTROLLER_H */
