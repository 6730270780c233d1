/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "linear-program.h"

#include "ns3/abort.h"

#include <CbcModel.hpp>
#include <CoinMessageHandler.hpp>
#include <CoinPackedMatrix.hpp>
#include <CoinPackedVector.hpp>
#include <OsiClpSolverInterface.hpp>
#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>
#include <map>

namespace ns3
{

bool
LinearProgram::Result::HasSolution() const
{
    return status == OPTIMAL || status == FEASIBLE;
}

double
LinearProgram::Infinity()
{
    return std::numeric_limits<double>::infinity();
}

std::string
LinearProgram::StatusName(Status status)
{
    switch (status)
    {
    case OPTIMAL:
        return "optimal";
    case FEASIBLE:
        return "feasible";
    case INFEASIBLE:
        return "infeasible";
    case UNBOUNDED:
        return "unbounded";
    case NO_SOLUTION:
        return "no solution";
    }
    return "unknown";
}

uint32_t
LinearProgram::AddVariable(double lower,
                           double upper,
                           double cost,
                           bool integer,
                           const std::string& name)
{
    const uint32_t index = static_cast<uint32_t>(m_variables.size());
    const std::string label = name.empty() ? "x" + std::to_string(index) : name;
    NS_ABORT_MSG_IF(std::isnan(lower) || std::isnan(upper) || lower > upper || !std::isfinite(cost),
                    "LinearProgram: variable '" << label << "' has bounds [" << lower << ", "
                                                << upper << "] and cost " << cost
                                                << " (need lower <= upper, a finite cost)");
    m_variables.push_back({lower, upper, cost, integer, label});
    return index;
}

void
LinearProgram::AddConstraint(const std::vector<std::pair<uint32_t, double>>& terms,
                             double lower,
                             double upper)
{
    NS_ABORT_MSG_IF(std::isnan(lower) || std::isnan(upper) || lower > upper,
                    "LinearProgram: constraint " << m_rows.size() << " has bounds [" << lower
                                                 << ", " << upper << "]");
    // One coefficient per variable (COIN-OR refuses duplicates): add repeated terms up.
    std::map<uint32_t, double> merged;
    for (const auto& [variable, coefficient] : terms)
    {
        NS_ABORT_MSG_IF(variable >= m_variables.size(),
                        "LinearProgram: constraint " << m_rows.size() << " uses variable "
                                                     << variable << ", but there are "
                                                     << m_variables.size());
        NS_ABORT_MSG_IF(!std::isfinite(coefficient),
                        "LinearProgram: constraint " << m_rows.size() << ": coefficient "
                                                     << coefficient << " of variable '"
                                                     << m_variables[variable].name << "'");
        merged[variable] += coefficient;
    }
    Row row{{merged.begin(), merged.end()}, lower, upper};
    m_rows.push_back(std::move(row));
}

void
LinearProgram::SetMaximize(bool maximize)
{
    m_maximize = maximize;
}

uint32_t
LinearProgram::GetNVariables() const
{
    return static_cast<uint32_t>(m_variables.size());
}

uint32_t
LinearProgram::GetNConstraints() const
{
    return static_cast<uint32_t>(m_rows.size());
}

bool
LinearProgram::IsMixedInteger() const
{
    return std::any_of(m_variables.begin(), m_variables.end(), [](const Variable& v) {
        return v.integer;
    });
}

LinearProgram::Result
LinearProgram::Solve(double timeLimitS, uint64_t maxNodes) const
{
    const auto start = std::chrono::steady_clock::now();
    const int n = static_cast<int>(m_variables.size());
    const double inf = Infinity();
    OsiClpSolverInterface solver;
    const double solverInf = solver.getInfinity();
    auto clip = [inf, solverInf](double v) {
        return v == inf ? solverInf : (v == -inf ? -solverInf : v);
    };
    CoinPackedMatrix matrix(false, 0, 0);
    matrix.setDimensions(0, n);
    std::vector<double> colLower;
    std::vector<double> colUpper;
    std::vector<double> objective;
    for (const Variable& v : m_variables)
    {
        colLower.push_back(clip(v.lower));
        colUpper.push_back(clip(v.upper));
        objective.push_back(v.cost);
    }
    std::vector<double> rowLower;
    std::vector<double> rowUpper;
    for (const Row& row : m_rows)
    {
        CoinPackedVector vector;
        for (const auto& [variable, coefficient] : row.terms)
        {
            vector.insert(static_cast<int>(variable), coefficient);
        }
        matrix.appendRow(vector);
        rowLower.push_back(clip(row.lower));
        rowUpper.push_back(clip(row.upper));
    }
    solver.loadProblem(matrix,
                       colLower.data(),
                       colUpper.data(),
                       objective.data(),
                       rowLower.data(),
                       rowUpper.data());
    solver.setObjSense(m_maximize ? -1.0 : 1.0);
    solver.messageHandler()->setLogLevel(0);
    for (int i = 0; i < n; ++i)
    {
        if (m_variables[i].integer)
        {
            solver.setInteger(i);
        }
    }
    Result result;
    auto evaluate = [this, &result](const double* values) {
        result.values.assign(values, values + m_variables.size());
        result.objective = 0;
        for (std::size_t i = 0; i < m_variables.size(); ++i)
        {
            result.objective += m_variables[i].cost * result.values[i];
        }
    };
    if (!IsMixedInteger())
    {
        solver.initialSolve();
        if (solver.isProvenOptimal())
        {
            result.status = OPTIMAL;
            evaluate(solver.getColSolution());
            result.bound = result.objective;
        }
        else if (solver.isProvenPrimalInfeasible())
        {
            result.status = INFEASIBLE;
        }
        else if (solver.isProvenDualInfeasible())
        {
            result.status = UNBOUNDED;
        }
    }
    else
    {
        CbcModel model(solver);
        model.setLogLevel(0);
        model.messageHandler()->setLogLevel(0);
        model.solver()->messageHandler()->setLogLevel(0);
        if (timeLimitS > 0)
        {
            model.setMaximumSeconds(timeLimitS);
        }
        if (maxNodes > 0)
        {
            model.setMaximumNodes(static_cast<int>(std::min<uint64_t>(maxNodes, INT32_MAX)));
        }
        model.branchAndBound();
        result.nodes = static_cast<uint64_t>(model.getNodeCount());
        if (model.bestSolution())
        {
            evaluate(model.bestSolution());
            result.status = model.isProvenOptimal() ? OPTIMAL : FEASIBLE;
            // The best bound CBC proved, in the program's own sense (max or min).
            const double bound = model.getBestPossibleObjValue();
            result.bound = result.status == OPTIMAL ? result.objective : bound;
        }
        else if (model.isProvenInfeasible())
        {
            result.status = INFEASIBLE;
        }
        else if (model.isContinuousUnbounded())
        {
            result.status = UNBOUNDED;
        }
    }
    if (result.HasSolution())
    {
        result.gap = std::fabs(result.objective - result.bound) /
                     std::max(1e-9, std::fabs(result.objective));
    }
    result.seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return result;
}

} // namespace ns3
