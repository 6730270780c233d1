/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef TE_ADMM_H
#define TE_ADMM_H

#include "te-method.h"

#include <array>
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

    /**
     * \brief The index of a problem: the paths that take part (demand > 0, every arc up) in
     * commodity order with their gains, their incidences, the arcs' slots (a counting sort),
     * the scale (the mean fair share of an incidence) and zero iterates at the Rho attribute.
     * \param [in] g The graph
     * \param [in] p The problem
     * \param [in] maxCap The largest capacity (> 0)
     * \return the index and its iterates
     */
    std::unique_ptr<State> BuildIndex(const TeGraph& g,
                                      const TeSolver::Problem& p,
                                      double maxCap) const;

    /**
     * \brief The starting point: flows set by SetInitialFlows (with SeedDuals), else the last
     * solve's iterates if it had the same structure (WarmStart), else zero; sets the Stats'
     * fromInitial and warmStarted.
     * \param [in] p The problem
     * \param [in] initial The flows set by SetInitialFlows (empty: none)
     * \param [in,out] s Index and zero iterates
     */
    void SetStart(const TeSolver::Problem& p,
                  const std::vector<std::vector<double>>& initial,
                  State& s);

    /**
     * \brief The iterations, until both relative residuals are at most Tolerance or
     * MaxIterations have run (Threads at a time, in fixed blocks); sets the Stats' iterations,
     * residuals and convergence.
     * \param [in] p The problem
     * \param [in,out] s Index and iterates
     * \param [in,out] tauOf Per arc, the last projection's threshold (in: zero)
     * \return the rho of the step that last set tauOf (the arc prices are its multiples)
     */
    double Iterate(const TeSolver::Problem& p, State& s, std::vector<double>& tauOf);

    /**
     * \brief The commodity step of one block of commodities: each commodity's flows, the
     * projection of its paths' targets; left beside every copy of the path.
     * \param [in,out] s Index and iterates
     * \param [in] demand Per commodity, the demand (scaled)
     * \param [in] block The block (of 256 commodities)
     */
    static void CommodityStep(State& s, const std::vector<double>& demand, std::size_t block);

    /**
     * \brief The arc step of one block of arcs: each arc's copies, the projection of the
     * over-relaxed flows plus the duals, and the duals' update.
     * \param [in,out] s Index and iterates
     * \param [in] cap Per arc, the capacity (scaled)
     * \param [in] alpha The Relaxation attribute
     * \param [in,out] tauOf Per arc, the last projection's threshold
     * \param [in] block The block (of 64 arcs)
     * \return the block's primal^2, dual^2 (without rho), ||z||^2 and ||u||^2
     */
    static std::array<double, 4> ArcStep(State& s,
                                         const std::vector<double>& cap,
                                         double alpha,
                                         std::vector<double>& tauOf,
                                         std::size_t block);

    /**
     * \brief Residual balancing (AdaptRho): doubles rho when the primal residual is more than
     * 10 times the dual one, halves it in the opposite case, and rescales the duals to match.
     * \param [in,out] s The iterates
     * \param [in] total The iteration's primal^2, dual^2 (without rho), ||z||^2 and ||u||^2
     */
    static void AdaptRho(State& s, const std::array<double, 4>& total);

    std::unique_ptr<State> m_state; //!< Kept between solves
    Stats m_stats;                  //!< Last solve
};

} // namespace ns3

#endif /* TE_ADMM_H */
