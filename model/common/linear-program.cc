/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "linear-program.h"

#include "ns3/abort.h"

#include <CbcModel.hpp>
#include <ClpSimplex.hpp>
#include <ClpSolve.hpp>
#include <CoinMessageHandler.hpp>
#include <OsiClpSolverInterface.hpp>
#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>
#include <sstream>

namespace ns3
{

namespace
{
/**
 * Pure LPs with at least this many variables are solved with CLP's primal simplex instead of
 * OsiClp's default (dual simplex). Path-based traffic engineering (a flow of 0 is feasible)
 * solves 10-20 times faster so (39,000 variables: 1 s instead of 18 s); smaller programs keep
 * the default, and with it their exact vertex among equal optima.
 */
constexpr int LARGE_LP_VARIABLES = 10000;

/// \return true if \p value is a number the program accepts: finite and within
/// LinearProgram::MAX_MAGNITUDE, or (\p isBound) +-infinity, a missing bound
inline bool
Acceptable(double value, bool isBound)
{
    return std::fabs(value) <= LinearProgram::MAX_MAGNITUDE || (isBound && std::isinf(value));
}

/// \return a number as text, in full precision
std::string
Text(double value)
{
    std::ostringstream out;
    out.precision(17);
    out << value;
    return out.str();
}
} // namespace

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
    case INVALID:
        return "invalid input";
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
    CheckBounds(lower, upper, "variable '" + label + "'");
    if (!Acceptable(cost, false))
    {
        Record("cost of variable '" + label + "'", cost, false);
    }
    m_variables.push_back({lower, upper, cost, integer, label});
    return index;
}

void
LinearProgram::AddConstraint(const std::vector<std::pair<uint32_t, double>>& terms,
                             double lower,
                             double upper)
{
    CheckBounds(lower, upper, "constraint " + std::to_string(m_rows.size()));
    // One coefficient per variable (COIN-OR refuses duplicates): terms sorted by variable,
    // repeated ones added up. A sort rather than a map: arc rows of traffic-engineering
    // programs hold hundreds of thousands of terms.
    Row row{terms, lower, upper};
    bool sorted = true;
    for (std::size_t i = 0; i < terms.size(); ++i)
    {
        const auto& [variable, coefficient] = terms[i];
        NS_ABORT_MSG_IF(variable >= m_variables.size(),
                        "LinearProgram: constraint " << m_rows.size() << " uses variable "
                                                     << variable << ", but there are "
                                                     << m_variables.size());
        if (!Acceptable(coefficient, false))
        {
            Record("coefficient of variable '" + m_variables[variable].name + "' in constraint " +
                       std::to_string(m_rows.size()),
                   coefficient,
                   false);
        }
        sorted = sorted && (i == 0 || terms[i - 1].first < variable);
    }
    if (!sorted)
    {
        std::stable_sort(row.terms.begin(), row.terms.end(), [](const auto& a, const auto& b) {
            return a.first < b.first;
        });
        std::size_t kept = 0;
        for (std::size_t i = 0; i < row.terms.size(); ++i)
        {
            if (kept > 0 && row.terms[kept - 1].first == row.terms[i].first)
            {
                row.terms[kept - 1].second += row.terms[i].second;
            }
            else
            {
                row.terms[kept++] = row.terms[i];
            }
        }
        row.terms.resize(kept);
    }
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

const std::string&
LinearProgram::GetError() const
{
    return m_error;
}

void
LinearProgram::Record(const std::string& what, double value, bool isBound)
{
    if (m_error.empty())
    {
        m_error = "LinearProgram: " + what + " is " + Text(value) +
                  " (need a finite number of magnitude at most " + Text(MAX_MAGNITUDE) +
                  (isBound ? ", or -inf as a lower and +inf as an upper bound for none)" : ")");
    }
}

bool
LinearProgram::CheckBounds(double lower, double upper, const std::string& name)
{
    // A lower bound may be -inf (none), an upper one +inf; +inf below or -inf above is no
    // bound but an impossible one.
    const bool lowerOk = Acceptable(lower, true) && lower != Infinity();
    const bool upperOk = Acceptable(upper, true) && upper != -Infinity();
    if (!lowerOk)
    {
        Record("lower bound of " + name, lower, true);
    }
    if (!upperOk)
    {
        Record("upper bound of " + name, upper, true);
    }
    if (lowerOk && upperOk)
    {
        NS_ABORT_MSG_IF(lower > upper,
                        "LinearProgram: " << name << " has bounds [" << lower << ", " << upper
                                          << "] (need lower <= upper)");
    }
    return lowerOk && upperOk;
}

LinearProgram::Result
LinearProgram::Invalid() const
{
    Result r;
    r.status = INVALID;
    r.error = m_error;
    return r;
}

LinearProgram::LinearProgram() = default;
LinearProgram::~LinearProgram() = default;
LinearProgram::LinearProgram(LinearProgram&&) noexcept = default;
LinearProgram& LinearProgram::operator=(LinearProgram&&) noexcept = default;

/// A program's matrix by column, with its bounds, in CLP's arrays.
struct LinearProgram::Matrix
{
    std::vector<CoinBigIndex> start; //!< Column starts
    std::vector<int> index;          //!< Row of each element
    std::vector<double> element;     //!< Elements
    std::vector<double> lower;       //!< Column lower bounds
    std::vector<double> upper;       //!< Column upper bounds
    std::vector<double> cost;        //!< Objective
    std::vector<double> rowLower;    //!< Row lower bounds (of the rows included)
    std::vector<double> rowUpper;    //!< Row upper bounds
};

/// CLP's model and basis, kept between Resolve() calls.
struct LinearProgram::Warm
{
    ClpSimplex model;          //!< The model, with its last basis
    uint32_t variables{0};     //!< Variables it holds
    uint32_t rows{0};          //!< Constraints it holds
    bool boundsChanged{false}; //!< Constraint bounds changed since the last solve
};

LinearProgram::Matrix
LinearProgram::ByColumn(uint32_t fromVariable, uint32_t fromRow, double solverInf) const
{
    // The matrix by column, straight from the rows (no per-row CoinPackedVector: programs
    // of millions of variables load in seconds). Only variables >= fromVariable, their
    // coefficients in rows < fromRow when fromVariable > 0 (the rows after it are added
    // whole, as rows).
    const double inf = Infinity();
    auto clip = [inf, solverInf](double v) {
        return v == inf ? solverInf : (v == -inf ? -solverInf : v);
    };
    const uint32_t n = static_cast<uint32_t>(m_variables.size()) - fromVariable;
    const uint32_t m = fromVariable > 0 ? fromRow : static_cast<uint32_t>(m_rows.size());
    Matrix a;
    a.start.assign(n + 1, 0);
    auto tail = [this, fromVariable](uint32_t i) {
        // Terms are sorted by variable: the new variables' ones are at the end.
        const auto& terms = m_rows[i].terms;
        return std::lower_bound(terms.begin(),
                                terms.end(),
                                fromVariable,
                                [](const auto& t, uint32_t v) { return t.first < v; });
    };
    for (uint32_t i = 0; i < m; ++i)
    {
        for (auto it = tail(i); it != m_rows[i].terms.end(); ++it)
        {
            ++a.start[it->first - fromVariable + 1];
        }
    }
    for (uint32_t j = 0; j < n; ++j)
    {
        a.start[j + 1] += a.start[j];
    }
    a.index.resize(a.start[n]);
    a.element.resize(a.start[n]);
    std::vector<CoinBigIndex> next(a.start.begin(), a.start.end() - 1);
    for (uint32_t i = 0; i < m; ++i)
    {
        for (auto it = tail(i); it != m_rows[i].terms.end(); ++it)
        {
            const uint32_t j = it->first - fromVariable;
            a.index[next[j]] = static_cast<int>(i);
            a.element[next[j]++] = it->second;
        }
    }
    for (uint32_t i = fromRow; i < m_rows.size(); ++i)
    {
        a.rowLower.push_back(clip(m_rows[i].lower));
        a.rowUpper.push_back(clip(m_rows[i].upper));
    }
    for (uint32_t j = fromVariable; j < m_variables.size(); ++j)
    {
        a.lower.push_back(clip(m_variables[j].lower));
        a.upper.push_back(clip(m_variables[j].upper));
        a.cost.push_back(m_variables[j].cost);
    }
    return a;
}

bool
LinearProgram::Satisfies(const std::vector<double>& values, double tolerance) const
{
    if (values.size() != m_variables.size())
    {
        return false;
    }
    auto within = [tolerance](double v, double lower, double upper) {
        const double slack = tolerance * std::max(1.0, std::fabs(v));
        return std::isfinite(v) && v >= lower - slack && v <= upper + slack;
    };
    for (std::size_t j = 0; j < m_variables.size(); ++j)
    {
        if (!within(values[j], m_variables[j].lower, m_variables[j].upper))
        {
            return false;
        }
    }
    for (const Row& row : m_rows)
    {
        double activity = 0;
        for (const auto& [variable, coefficient] : row.terms)
        {
            activity += coefficient * values[variable];
        }
        if (!within(activity, row.lower, row.upper))
        {
            return false;
        }
    }
    return true;
}

void
LinearProgram::ReadLp(const ClpSimplex& model, Result& result) const
{
    // The point, its objective and the current basis's prices (CLP reports them in the
    // program's own sense: a binding upper bound of a maximisation has a price >= 0; tested in
    // optical-linear-program).
    auto readPoint = [this, &model, &result](Status status) {
        result.status = status;
        const double* x = model.getColSolution();
        result.values.assign(x, x + m_variables.size());
        result.objective = 0;
        for (std::size_t j = 0; j < m_variables.size(); ++j)
        {
            result.objective += m_variables[j].cost * result.values[j];
        }
        const double* prices = model.getRowPrice();
        result.duals.assign(prices, prices + m_rows.size());
    };
    if (model.isProvenOptimal())
    {
        readPoint(OPTIMAL);
        result.bound = result.objective;
    }
    else if (model.status() == 3 && model.numberPrimalInfeasibilities() == 0 &&
             model.getColSolution())
    {
        // Stopped by the time limit in the primal simplex's second phase: the point is
        // feasible, its prices those of the current basis (not proven optimal). Trusted only
        // if the point satisfies the program (CLP stopped inside presolve leaves the original
        // model's point unset).
        readPoint(FEASIBLE);
        result.bound = m_maximize ? Infinity() : -Infinity();
        if (!Satisfies(result.values, 1e-6))
        {
            result = Result();
        }
    }
    else if (model.isProvenPrimalInfeasible())
    {
        result.status = INFEASIBLE;
    }
    else if (model.isProvenDualInfeasible())
    {
        result.status = UNBOUNDED;
    }
}

uint32_t
LinearProgram::AddColumn(double lower,
                         double upper,
                         double cost,
                         const std::vector<std::pair<uint32_t, double>>& column)
{
    for (const auto& [row, coefficient] : column)
    {
        NS_ABORT_MSG_IF(row >= m_rows.size(),
                        "LinearProgram: column " << m_variables.size() << " uses constraint " << row
                                                 << ", but there are " << m_rows.size());
        if (!Acceptable(coefficient, false))
        {
            Record("coefficient of column " + std::to_string(m_variables.size()) +
                       " in constraint " + std::to_string(row),
                   coefficient,
                   false);
        }
    }
    const uint32_t j = AddVariable(lower, upper, cost, false);
    for (const auto& [row, coefficient] : column)
    {
        auto& terms = m_rows[row].terms;
        // The newest variable goes last, which keeps the terms sorted; a repeated row adds up.
        if (!terms.empty() && terms.back().first == j)
        {
            terms.back().second += coefficient;
        }
        else
        {
            terms.emplace_back(j, coefficient);
        }
    }
    return j;
}

void
LinearProgram::NonBasic(uint32_t j, bool preferUpper)
{
    // At the preferred bound if finite, else at the other one, else free at 0.
    const Variable& v = m_variables[j];
    const bool up = std::isfinite(v.upper) && (preferUpper || !std::isfinite(v.lower));
    const bool down = !up && std::isfinite(v.lower);
    ClpSimplex& model = m_warm->model;
    model.setColumnStatus(static_cast<int>(j),
                          up     ? ClpSimplex::atUpperBound
                          : down ? ClpSimplex::atLowerBound
                                 : ClpSimplex::isFree);
    model.primalColumnSolution()[j] = up ? v.upper : (down ? v.lower : 0.0);
}

void
LinearProgram::SetStart(const std::vector<bool>& atUpper)
{
    m_startAtUpper = atUpper;
}

void
LinearProgram::SetConstraintBounds(uint32_t row, double lower, double upper)
{
    NS_ABORT_MSG_IF(row >= m_rows.size(),
                    "LinearProgram::SetConstraintBounds: constraint "
                        << row << " does not exist (" << m_rows.size() << " constraints)");
    if (!CheckBounds(lower, upper, "constraint " + std::to_string(row)))
    {
        // Kept out of the program: the next solve returns INVALID.
        return;
    }
    m_rows[row].lower = lower;
    m_rows[row].upper = upper;
    if (m_warm && row < m_warm->rows)
    {
        m_warm->model.setRowBounds(static_cast<int>(row),
                                   std::isfinite(lower) ? lower : -COIN_DBL_MAX,
                                   std::isfinite(upper) ? upper : COIN_DBL_MAX);
        m_warm->boundsChanged = true;
    }
}

LinearProgram::Result
LinearProgram::Resolve(double timeLimitS)
{
    NS_ABORT_MSG_IF(IsMixedInteger(), "LinearProgram::Resolve: the program has integer variables");
    if (!m_error.empty())
    {
        return Invalid();
    }
    const auto start = std::chrono::steady_clock::now();
    const auto n = static_cast<uint32_t>(m_variables.size());
    const auto m = static_cast<uint32_t>(m_rows.size());
    const bool fresh = !m_warm;
    if (fresh)
    {
        m_warm = std::make_unique<Warm>();
    }
    m_warm->model.setMaximumSeconds(timeLimitS > 0 ? timeLimitS : -1.0);
    if (fresh)
    {
        ClpSimplex& model = m_warm->model;
        model.setLogLevel(0);
        const Matrix a = ByColumn(0, 0, COIN_DBL_MAX);
        model.loadProblem(static_cast<int>(n),
                          static_cast<int>(m),
                          a.start.data(),
                          a.index.data(),
                          a.element.data(),
                          a.lower.data(),
                          a.upper.data(),
                          a.cost.data(),
                          a.rowLower.data(),
                          a.rowUpper.data());
        model.setOptimizationDirection(m_maximize ? -1.0 : 1.0);
        if (!m_startAtUpper.empty())
        {
            for (uint32_t i = 0; i < m; ++i)
            {
                model.setRowStatus(static_cast<int>(i), ClpSimplex::basic);
            }
            for (uint32_t j = 0; j < n; ++j)
            {
                NonBasic(j, j < m_startAtUpper.size() && m_startAtUpper[j]);
            }
            model.primal();
        }
        else
        {
            // Primal simplex, as Solve() does for large LPs.
            ClpSolve options;
            options.setSolveType(ClpSolve::usePrimal);
            options.setPresolveType(ClpSolve::presolveOn);
            model.initialSolve(options);
        }
    }
    else
    {
        ClpSimplex& model = m_warm->model;
        const uint32_t oldN = m_warm->variables;
        const uint32_t oldM = m_warm->rows;
        const Matrix a = ByColumn(oldN, oldM, COIN_DBL_MAX);
        if (n > oldN)
        {
            model.addColumns(static_cast<int>(n - oldN),
                             a.lower.data(),
                             a.upper.data(),
                             a.cost.data(),
                             a.start.data(),
                             a.index.data(),
                             a.element.data());
            for (uint32_t j = oldN; j < n; ++j)
            {
                NonBasic(j, false);
            }
        }
        if (m > oldM)
        {
            std::vector<CoinBigIndex> rowStart{0};
            std::vector<int> column;
            std::vector<double> element;
            for (uint32_t i = oldM; i < m; ++i)
            {
                for (const auto& [variable, coefficient] : m_rows[i].terms)
                {
                    column.push_back(static_cast<int>(variable));
                    element.push_back(coefficient);
                }
                rowStart.push_back(static_cast<CoinBigIndex>(column.size()));
            }
            model.addRows(static_cast<int>(m - oldM),
                          a.rowLower.data(),
                          a.rowUpper.data(),
                          rowStart.data(),
                          column.data(),
                          element.data());
            for (uint32_t i = oldM; i < m; ++i)
            {
                // A new constraint's slack enters the basis.
                model.setRowStatus(static_cast<int>(i), ClpSimplex::basic);
            }
        }
        if (n == oldN && m == oldM && m_warm->boundsChanged)
        {
            // Changed bounds keep the basis dual feasible: the dual simplex continues.
            model.dual();
        }
        else
        {
            // New columns make the basis dual infeasible but keep it primal feasible (and
            // new rows' slacks are basic): the primal simplex continues from it. (CLP's dual
            // simplex and sprint were 2-7 times slower on column generation for traffic
            // engineering.)
            model.primal();
        }
    }
    m_warm->boundsChanged = false;
    m_warm->variables = n;
    m_warm->rows = m;
    Result result;
    ReadLp(m_warm->model, result);
    result.seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return result;
}

LinearProgram::Result
LinearProgram::Solve(double timeLimitS, uint64_t maxNodes) const
{
    if (!m_error.empty())
    {
        return Invalid();
    }
    const auto start = std::chrono::steady_clock::now();
    const int n = static_cast<int>(m_variables.size());
    OsiClpSolverInterface solver;
    const Matrix a = ByColumn(0, 0, solver.getInfinity());
    solver.loadProblem(n,
                       static_cast<int>(m_rows.size()),
                       a.start.data(),
                       a.index.data(),
                       a.element.data(),
                       a.lower.data(),
                       a.upper.data(),
                       a.cost.data(),
                       a.rowLower.data(),
                       a.rowUpper.data());
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
        if (n >= LARGE_LP_VARIABLES)
        {
            ClpSolve options;
            options.setSolveType(ClpSolve::usePrimal);
            options.setPresolveType(ClpSolve::presolveOn);
            ClpSimplex* model = solver.getModelPtr();
            model->setLogLevel(0);
            if (timeLimitS > 0)
            {
                model->setMaximumSeconds(timeLimitS);
            }
            model->initialSolve(options);
        }
        else
        {
            if (timeLimitS > 0)
            {
                solver.getModelPtr()->setMaximumSeconds(timeLimitS);
            }
            solver.initialSolve();
        }
        ReadLp(*solver.getModelPtr(), result);
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
