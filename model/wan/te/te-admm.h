/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef TE_ADMM_H
#define TE_ADMM_H

#include "te-method.h"

#include <cstdint>
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
 * the flow of every path crossing it, with sum z <= capacity_a; ADMM's constraint is x = z on
 * every (path, arc) incidence. One iteration: the per-commodity step (a weighted projection
 * of each commodity's paths onto its demand simplex, in closed form), the per-arc step (a
 * projection of the arc's copies onto its capacity simplex) and the dual update. It stops when
 * the primal and dual residuals fall below Tolerance (relative to the problem's scale) or
 * after MaxIterations. TeMethod's repair then makes the answer exactly feasible.
 *
 * Warm start: with WarmStart, a problem with the same commodities and paths as the last one
 * (a TE interval after another) starts from the last allocation and its duals; flows set by
 * SetInitialFlows (a learned model's) take precedence, once.
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
        uint32_t iterations{0};  //!< Iterations run
        double primalResidual{0}; //!< Last relative primal residual
        double dualResidual{0};   //!< Last relative dual residual
        bool converged{false};    //!< Stopped by Tolerance
        bool warmStarted{false};  //!< Started from earlier flows
    };

    /// \return what the last solve did
    Stats GetLastStats() const;

  protected:
    bool DoAllocate(const TeGraph& g,
                    const TeSolver::Problem& p,
                    TeSolver::Solution& out,
                    std::string& error) override;

  private:
    double m_rho{1.0};             //!< Penalty parameter (relative to the scale)
    uint32_t m_maxIterations{200}; //!< Iteration limit
    double m_tolerance{1e-3};      //!< Relative residual for stopping
    bool m_warmStart{true};        //!< Start from the last allocation
    std::vector<std::vector<double>> m_initial; //!< SetInitialFlows, for the next solve
    struct State;                               //!< Warm-start state (flows, copies, duals)
    State* m_state{nullptr};                    //!< Kept between solves
    Stats m_stats;                              //!< Last solve
};

} // namespace ns3

#endif /* TE_ADMM_H */
