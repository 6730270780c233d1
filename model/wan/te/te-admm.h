/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef TE_ADMM_H
#define TE_ADMM_H

#include "te-method.h"

#include <cstdint>
#include <memory>
#include <vector>

namespace ns3
{

/**
 * \ingroup optical
 * \brief "admm": the path-flow maximum-flow problem solved by the alternating direction method
 * of multipliers, as Teal (SIGCOMM'23) fine-tunes its allocations, with every subproblem
 * independent so that Threads share each iteration.
 *
 * Path flows x[c][p] >= 0 with sum_p x[c][p] <= demand_c; each arc a keeps its own copy z of
 * the flow of every path crossing it, with z >= 0 and sum z <= capacity_a; ADMM's constraint is
 * x = z on every (path, arc) incidence, and the objective is sum (1 - tieBreak * rank) x, the
 * LP's (TeSolver). One iteration, on a problem scaled so that the mean fair share of an
 * incidence (the capacity of the arcs in use over the number of incidences) is 1:
 *  - per commodity (independent): each path's target is the mean over its arcs of (z - u) plus
 *    its gain / (rho * hops); the flows are the projection of the targets, weighted by hops,
 *    onto {x >= 0, sum x <= demand}, in closed form over at most as many breakpoints as paths;
 *  - per arc (independent): the copies are the projection of x + u onto {z >= 0, sum z <=
 *    capacity} (its threshold by Newton's method from the arc's last threshold, as Michelot's
 *    algorithm does from the lowest one: linear passes, no sort, about one pass an iteration
 *    once the thresholds settle), and the scaled duals u gain x - z; with Relaxation alpha
 *    (1.8 by default), alpha x + (1 - alpha) z_prev stands for x in this step
 *    (over-relaxation, Boyd et al. 2011, 3.4.3).
 * It stops when the primal residual ||x - z|| and the dual residual rho ||z - z_prev|| fall
 * below Tolerance times ||z|| and rho ||u|| (Boyd et al. 2011, 3.3), or after MaxIterations.
 * With AdaptiveRho, every 10 iterations rho doubles when the primal residual is more than 10
 * times the dual one and halves in the opposite case (the duals rescaled to match). Work is
 * split into fixed blocks (256 commodities, 64 arcs) and residuals are summed block by block
 * in order, so any number of Threads (a tbb::task_arena) gives bit-identical results.
 * TeMethod's repair then makes the answer exactly feasible and fills what capacity is left.
 *
 * Warm start: with WarmStart, a problem with the same commodities and paths as the last one
 * (a TE interval after another, demands and capacities changed, links failed or repaired)
 * starts from the last flows, copies, duals and rho, path by path (a path that took no part
 * last time starts from zero); flows set by SetInitialFlows (a learned model's) take precedence,
 * once, with zero duals. Paths over an arc of capacity 0 carry nothing and take no part.
 */
class TeAdmmMethod : public TeMethod
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();
    TeAdmmMethod();
    ~TeAdmmMethod() override;
    std::string GetName() const override;
    void Reset() override;

    /**
     * \brief Starting flows for the next Allocate only (e.g. a learned model's splits times the
     * demands), [commodity][path]; ignored if their shape does not match the problem.
     * \param [in] flows The flows
     */
    void SetInitialFlows(std::vector<std::vector<double>> flows);

    /// What the last solve did.
    struct Stats
    {
        uint32_t iterations{0};   //!< Iterations run
        double primalResidual{0}; //!< Last relative primal residual
        double dualResidual{0};   //!< Last relative dual residual
        bool converged{false};    //!< Stopped by Tolerance
        bool warmStarted{false};  //!< Started from the last solve's flows and duals
        bool fromInitial{false};  //!< Started from SetInitialFlows
        double rho{0};            //!< Penalty at the end (scaled problem)
    };

    /// \return what the last solve did
    Stats GetLastStats() const;

  protected:
    bool DoAllocate(const TeGraph& g,
                    const TeSolver::Problem& p,
                    TeSolver::Solution& out,
                    std::string& error) override;

  private:
    double m_rho{0.03};            //!< Rho attribute: starting penalty (scaled problem)
    uint32_t m_maxIterations{100}; //!< MaxIterations attribute
    double m_tolerance{1e-3};      //!< Tolerance attribute: relative residuals for stopping
    bool m_warmStart{true};        //!< WarmStart attribute
    bool m_adaptiveRho{true};      //!< AdaptiveRho attribute: residual balancing
    double m_relaxation{1.8};      //!< Relaxation attribute: over-relaxation alpha
    std::vector<std::vector<double>> m_initial; //!< SetInitialFlows, for the next solve
    struct State;                               //!< Warm-start state (flows, copies, duals)

    /**
     * \brief Duals for flows set by SetInitialFlows: an estimate of the arc prices under which
     * they would be optimal (see the definition).
     * \param [in] p The problem
     * \param [in,out] s Index and iterates, flows and copies set
     */
    void SeedDuals(const TeSolver::Problem& p, State& s) const;

    std::unique_ptr<State> m_state; //!< Kept between solves
    Stats m_stats;                  //!< Last solve
};

} // namespace ns3

#endif /* TE_ADMM_H */
