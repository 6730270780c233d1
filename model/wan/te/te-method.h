/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef TE_METHOD_H
#define TE_METHOD_H

#include "te-solver.h"

#include "ns3/nstime.h"
#include "ns3/object.h"

#include <string>
#include <vector>

namespace ns3
{

/**
 * \ingroup optical
 * \brief A way to solve a traffic-engineering problem (TeSolver::Problem over a TeGraph): the
 * seam behind which the full LP and its accelerations sit, chosen by name (TeController's
 * Method attribute, the te-acceleration example's --method).
 *
 * Methods: "lp" (TeLpMethod, the whole path LP on CLP), "pop" (TePopMethod, POP's random
 * parts), "ncflow" (TeNcflowMethod, NCFlow-style clusters), "admm" (TeAdmmMethod, parallel
 * ADMM warm-started from the previous allocation) and "learned" (TeLearnedMethod, a graph
 * neural network's splits refined by ADMM).
 *
 * Allocate() validates the problem (TeSolver::Check), times the method, and then makes its
 * answer feasible whatever the method returned: Repair() scales down every path crossing an
 * over-full arc and clips each commodity to its demand, then (for MAX_FLOW) fills what capacity
 * is left greedily, shortest paths first. The answer respects every capacity (up to a relative
 * 1e-9, CheckFeasible) and every demand, and Evaluate() fills its loads, throughput and maximum
 * utilisation. Solution::buildSeconds is the method's setup time (index and model building),
 * Solution::seconds its solve time including the repair.
 *
 * All methods solve MAX_FLOW; lp and pop also MIN_MAX_UTILISATION (the others refuse it).
 * Only lp and pop use a problem's extra capacity (RADWAN's abstraction); the others refuse a
 * problem that has some.
 */
class TeMethod : public Object
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    TeMethod();
    ~TeMethod() override;

    /// \return the method's name ("lp", "pop", "ncflow", "admm", "learned")
    virtual std::string GetName() const = 0;

    /**
     * \brief Solves a problem and returns a feasible allocation.
     * \param [in] g The graph
     * \param [in] p The problem (as for TeSolver::Solve)
     * \param [out] out The allocation (ok true), with buildSeconds (setup) and seconds (solve);
     * unchanged on failure
     * \param [out] error The bad value, the unsupported objective, or the method's failure
     * \return true on success
     */
    bool Allocate(const TeGraph& g,
                  const TeSolver::Problem& p,
                  TeSolver::Solution& out,
                  std::string& error);

    /// Forgets any state kept between calls (warm starts).
    virtual void Reset();

    /// \return the Threads attribute
    uint32_t GetThreads() const;

    /**
     * \return the threads to run at once: Threads, at most the hardware's (more would only
     * wait for each other; results never depend on it)
     */
    uint32_t GetUsableThreads() const;

    /**
     * \brief A method by name, with its attributes' defaults.
     * \param [in] name One of GetNames()
     * \param [out] error The unknown name and the allowed ones
     * \return the method, or null
     */
    static Ptr<TeMethod> Create(const std::string& name, std::string& error);

    /// \return "lp", "pop", "ncflow", "admm", "learned"
    static std::vector<std::string> GetNames();

    /**
     * \brief Makes an allocation feasible: negative or non-finite flows become 0; each
     * commodity's flows are scaled to at most its demand (MAX_FLOW; MIN_MAX_UTILISATION leaves
     * them); each path is scaled by the smallest capacity / load over its arcs (MAX_FLOW only:
     * MIN_MAX_UTILISATION routes all demand and may exceed capacity, U > 1); with \p fill, the
     * capacity left (below each arc's capacity: extra capacity is never filled) is then given
     * greedily (commodities by their shortest usable path's hops,
     * then index; each path in order up to its bottleneck). Then Evaluate().
     * \param [in] g The graph
     * \param [in] p The problem (valid)
     * \param [in,out] s The allocation (pathFlow sized like the commodities and their paths;
     * missing entries count 0)
     * \param [in] fill Fill what is left (MAX_FLOW)
     */
    static void Repair(const TeGraph& g,
                       const TeSolver::Problem& p,
                       TeSolver::Solution& s,
                       bool fill = true);

    /**
     * \brief Fills arcLoad, throughput, maxUtilisation, extraUsed (load above capacity) and
     * objective (MAX_FLOW: throughput; MIN_MAX_UTILISATION: maxUtilisation) from pathFlow.
     * \param [in] g The graph
     * \param [in] p The problem
     * \param [in,out] s The allocation
     */
    static void Evaluate(const TeGraph& g, const TeSolver::Problem& p, TeSolver::Solution& s);

    /**
     * \brief Checks an allocation: flows finite and >= 0, each commodity at most its demand
     * (MAX_FLOW) or exactly it (MIN_MAX_UTILISATION, relative \p tolerance), each arc's load at
     * most capacity + extra x (1 + tolerance) (MAX_FLOW).
     * \param [in] g The graph
     * \param [in] p The problem
     * \param [in] s The allocation
     * \param [out] error The first violation: arc or commodity, load and limit
     * \param [in] tolerance Relative tolerance
     * \return true if feasible
     */
    static bool CheckFeasible(const TeGraph& g,
                              const TeSolver::Problem& p,
                              const TeSolver::Solution& s,
                              std::string& error,
                              double tolerance = 1e-9);

    /**
     * \param [in] p A problem
     * \return the sum of its demands
     */
    static double TotalDemand(const TeSolver::Problem& p);

  protected:
    /**
     * \brief The method itself, on a valid problem of a supported objective: fills
     * out.pathFlow (it may be infeasible: Allocate repairs it), and may set out.buildSeconds
     * (setup time; Allocate counts the rest as solve time) and out.status, variables,
     * constraints, rounds, arcPrice, bound.
     * \param [in] g The graph
     * \param [in] p The problem
     * \param [out] out The allocation
     * \param [out] error Why there is none
     * \return true on success
     */
    virtual bool DoAllocate(const TeGraph& g,
                            const TeSolver::Problem& p,
                            TeSolver::Solution& out,
                            std::string& error) = 0;

    /**
     * \return why the method cannot run in this build (an optional library it needs is
     * missing) and how to fix it; "" if it can (the default). Create() refuses such a method.
     */
    virtual std::string GetUnavailableReason() const;

    /**
     * \param [in] p A problem
     * \param [out] error Why the method cannot solve it
     * \return true if the method supports its objective and extra capacity (default: MAX_FLOW
     * without extra)
     */
    virtual bool Supports(const TeSolver::Problem& p, std::string& error) const;

    uint32_t m_threads{1}; //!< Threads the method may use
};

/**
 * \ingroup optical
 * \brief "lp": the whole path LP on COIN-OR CLP (TeSolver::Solve), the baseline. With
 * TimeLimit, a solve that reaches it returns the point CLP reached (TeSolver::Solve's timed-out
 * answer, Solution::timedOut), repaired and filled like any method's, with its bound.
 */
class TeLpMethod : public TeMethod
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();
    std::string GetName() const override;

  protected:
    bool DoAllocate(const TeGraph& g,
                    const TeSolver::Problem& p,
                    TeSolver::Solution& out,
                    std::string& error) override;
    bool Supports(const TeSolver::Problem& p, std::string& error) const override;

  private:
    TeSolver::Method m_method{TeSolver::AUTO}; //!< Full LP or column generation
    Time m_timeLimit{Seconds(0)};              //!< TimeLimit attribute (0: none)
};

/**
 * \ingroup optical
 * \brief "pop": POP's random parts (TeSolver::SolvePartitioned), Threads at a time.
 */
class TePopMethod : public TeMethod
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();
    std::string GetName() const override;

  protected:
    bool DoAllocate(const TeGraph& g,
                    const TeSolver::Problem& p,
                    TeSolver::Solution& out,
                    std::string& error) override;
    bool Supports(const TeSolver::Problem& p, std::string& error) const override;

  private:
    uint32_t m_parts{16}; //!< Sub-problems
    uint64_t m_seed{1};   //!< Seed of the deal
};

} // namespace ns3

#endif /* TE_METHOD_H */
