/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

/**
 * \file
 * \ingroup optical
 * LinearProgram: COIN-OR CLP and CBC on programs whose optimum is known by hand.
 */

#include "optical-test-compat.h"

#include "ns3/linear-program.h"
#include "ns3/test.h"

#include <cmath>
#include <string>
#include <vector>

using namespace ns3;
using namespace ns3::optical::compat;

// Everything of this file is internal to it: test classes of the same name in other
// suites would otherwise be merged by the linker (one DoRun for both).
namespace
{

/// An LP: CLP, optimum at a vertex.
class LpTestCase : public TestCase
{
  public:
    LpTestCase()
        : TestCase("LP: max 3x + 2y, x + y <= 4, x + 3y <= 6, x <= 3 gives 11 at (3, 1)")
    {
    }

  private:
    void DoRun() override
    {
        const double inf = LinearProgram::Infinity();
        LinearProgram lp;
        const uint32_t x = lp.AddVariable(0, 3, 3.0, false, "x");
        const uint32_t y = lp.AddVariable(0, inf, 2.0, false, "y");
        lp.AddConstraint({{x, 1}, {y, 1}}, -inf, 4);
        lp.AddConstraint({{x, 1}, {y, 3}}, -inf, 6);
        lp.SetMaximize(true);
        const LinearProgram::Result r = lp.Solve();
        NS_TEST_ASSERT_MSG_EQ(r.status, LinearProgram::OPTIMAL, "optimal");
        NS_TEST_ASSERT_MSG_EQ_TOL(r.objective, 11.0, 1e-9, "objective");
        NS_TEST_ASSERT_MSG_EQ_TOL(r.values[x], 3.0, 1e-9, "x");
        NS_TEST_ASSERT_MSG_EQ_TOL(r.values[y], 1.0, 1e-9, "y");
        NS_TEST_ASSERT_MSG_EQ_TOL(r.gap, 0.0, 1e-12, "no gap");
        // Minimizing instead: the origin.
        lp.SetMaximize(false);
        NS_TEST_ASSERT_MSG_EQ_TOL(lp.Solve().objective, 0.0, 1e-12, "minimum");
    }
};

/// A MILP: integrality changes the answer; repeated terms add up.
class MilpTestCase : public TestCase
{
  public:
    MilpTestCase()
        : TestCase("MILP: a knapsack (23, not the LP relaxation's 23.5) and an integer rounding")
    {
    }

  private:
    void DoRun() override
    {
        // Items (value, weight): (10, 3), (13, 4), (7, 2), (8, 3); capacity 7.
        // Best: items 0 and 1 (23, weight 7).
        const std::vector<std::pair<double, double>> items{{10, 3}, {13, 4}, {7, 2}, {8, 3}};
        for (bool integer : {true, false})
        {
            LinearProgram lp;
            std::vector<std::pair<uint32_t, double>> weight;
            for (const auto& [value, w] : items)
            {
                weight.emplace_back(lp.AddVariable(0, 1, value, integer), w);
            }
            lp.AddConstraint(weight, -LinearProgram::Infinity(), 7);
            lp.SetMaximize(true);
            NS_TEST_ASSERT_MSG_EQ(lp.IsMixedInteger(), integer, "kind");
            const LinearProgram::Result r = lp.Solve(10);
            NS_TEST_ASSERT_MSG_EQ(r.status, LinearProgram::OPTIMAL, "optimal");
            // LP: by value density, 7/2 = 3.5, 10/3, 13/4 = 3.25, 8/3: items 2, 0, then 2/4
            // of item 1: 7 + 10 + 6.5 = 23.5.
            const double expected = integer ? 23.0 : 23.5;
            NS_TEST_ASSERT_MSG_EQ_TOL(r.objective, expected, 1e-6, "knapsack");
            if (integer)
            {
                NS_TEST_ASSERT_MSG_EQ_TOL(r.values[0] + r.values[1], 2.0, 1e-6, "items 0 and 1");
                NS_TEST_ASSERT_MSG_EQ_TOL(r.values[2] + r.values[3], 0.0, 1e-6, "not 2, 3");
            }
        }
        // max x + y with 2x + 2y <= 3 (the terms given twice add up: x + x + ...).
        LinearProgram lp;
        const uint32_t x = lp.AddVariable(0, 10, 1, true);
        const uint32_t y = lp.AddVariable(0, 10, 1, true);
        lp.AddConstraint({{x, 1}, {x, 1}, {y, 2}}, -LinearProgram::Infinity(), 3);
        lp.SetMaximize(true);
        const LinearProgram::Result r = lp.Solve();
        NS_TEST_ASSERT_MSG_EQ(r.status, LinearProgram::OPTIMAL, "optimal");
        NS_TEST_ASSERT_MSG_EQ_TOL(r.objective, 1.0, 1e-9, "integer optimum 1 (LP: 1.5)");
    }
};

/// Infeasible and unbounded programs are told apart.
class StatusTestCase : public TestCase
{
  public:
    StatusTestCase()
        : TestCase("infeasible and unbounded programs, for LP and MILP")
    {
    }

  private:
    void DoRun() override
    {
        for (bool integer : {false, true})
        {
            LinearProgram lp;
            const uint32_t x = lp.AddVariable(0, 5, 1, integer);
            lp.AddConstraint({{x, 1}}, 2, LinearProgram::Infinity());
            lp.AddConstraint({{x, 1}}, -LinearProgram::Infinity(), 1);
            const LinearProgram::Result r = lp.Solve();
            NS_TEST_ASSERT_MSG_EQ(r.status, LinearProgram::INFEASIBLE, "x >= 2 and x <= 1");
            NS_TEST_ASSERT_MSG_EQ(r.HasSolution(), false, "no values");
        }
        LinearProgram lp;
        lp.AddVariable(0, LinearProgram::Infinity(), 1, false);
        lp.SetMaximize(true);
        NS_TEST_ASSERT_MSG_EQ(lp.Solve().status, LinearProgram::UNBOUNDED, "max x, x >= 0");
        NS_TEST_ASSERT_MSG_EQ(LinearProgram::StatusName(LinearProgram::FEASIBLE),
                              "feasible",
                              "names");
    }
};

/// Duals and column generation: Resolve() after new columns and rows.
class ResolveTestCase : public TestCase
{
  public:
    ResolveTestCase()
        : TestCase("Duals (max x + y, x + y <= 4: price 1; min x, x >= 2: price 1) and Resolve() "
                   "after a column (max 2x + 3y, x + y <= 1: 3) and a row (y <= 0.5: 2.5)")
    {
    }

  private:
    void DoRun() override
    {
        const double inf = LinearProgram::Infinity();
        {
            LinearProgram lp;
            const uint32_t x = lp.AddVariable(0, inf, 1, false);
            const uint32_t y = lp.AddVariable(0, inf, 1, false);
            lp.AddConstraint({{x, 1}, {y, 1}}, -inf, 4);
            lp.AddConstraint({{x, 1}}, -inf, 3);
            lp.SetMaximize(true);
            for (const LinearProgram::Result& r : {lp.Solve(), lp.Resolve()})
            {
                NS_TEST_ASSERT_MSG_EQ(r.status, LinearProgram::OPTIMAL, "optimal");
                NS_TEST_ASSERT_MSG_EQ(r.duals.size(), 2, "one price per row");
                NS_TEST_ASSERT_MSG_EQ_TOL(r.duals[0], 1.0, 1e-9, "binding row of a max");
                NS_TEST_ASSERT_MSG_EQ_TOL(r.duals[1], 0.0, 1e-9, "slack row");
            }
        }
        {
            LinearProgram lp;
            const uint32_t x = lp.AddVariable(0, inf, 1, false);
            lp.AddConstraint({{x, 1}}, 2, inf);
            NS_TEST_ASSERT_MSG_EQ_TOL(lp.Solve().duals[0], 1.0, 1e-9, "binding lower bound");
        }
        LinearProgram lp;
        const uint32_t x = lp.AddVariable(0, inf, 2, false);
        lp.AddConstraint({{x, 1}}, -inf, 1);
        lp.SetMaximize(true);
        LinearProgram::Result r = lp.Resolve();
        NS_TEST_ASSERT_MSG_EQ_TOL(r.objective, 2.0, 1e-9, "x alone");
        NS_TEST_ASSERT_MSG_EQ_TOL(r.duals[0], 2.0, 1e-9, "x's price");
        // A column of reduced cost 3 - 2 > 0 enters.
        const uint32_t y = lp.AddColumn(0, inf, 3, {{0, 1}});
        r = lp.Resolve();
        NS_TEST_ASSERT_MSG_EQ(r.status, LinearProgram::OPTIMAL, "optimal");
        NS_TEST_ASSERT_MSG_EQ_TOL(r.objective, 3.0, 1e-9, "y replaces x");
        NS_TEST_ASSERT_MSG_EQ_TOL(r.values[y], 1.0, 1e-9, "y");
        NS_TEST_ASSERT_MSG_EQ_TOL(r.duals[0], 3.0, 1e-9, "y's price");
        // A row cutting the current vertex off.
        lp.AddConstraint({{y, 1}}, -inf, 0.5);
        r = lp.Resolve();
        NS_TEST_ASSERT_MSG_EQ(r.status, LinearProgram::OPTIMAL, "optimal");
        NS_TEST_ASSERT_MSG_EQ_TOL(r.objective, 2.5, 1e-9, "half each");
        NS_TEST_ASSERT_MSG_EQ_TOL(r.values[x], 0.5, 1e-9, "x");
        NS_TEST_ASSERT_MSG_EQ_TOL(r.duals[1], 1.0, 1e-9, "y's cap is worth 3 - 2");
        NS_TEST_ASSERT_MSG_EQ_TOL(lp.Solve().objective, 2.5, 1e-9, "as from scratch");
    }
};

/// Resolve() after constraint bounds change (the dual simplex from the kept basis).
class BoundsTestCase : public TestCase
{
  public:
    BoundsTestCase()
        : TestCase("Resolve() after SetConstraintBounds: max x + 2y, x + y <= 4, y <= 3: 7; "
                   "x + y <= 2: 4; x + y in [7, 7]: infeasible; back to <= 4: 7")
    {
    }

  private:
    void DoRun() override
    {
        const double inf = LinearProgram::Infinity();
        LinearProgram lp;
        const uint32_t x = lp.AddVariable(0, inf, 1, false);
        const uint32_t y = lp.AddVariable(0, 3, 2, false);
        lp.AddConstraint({{x, 1}, {y, 1}}, -inf, 4);
        lp.SetMaximize(true);
        LinearProgram::Result r = lp.Resolve();
        NS_TEST_ASSERT_MSG_EQ(r.status, LinearProgram::OPTIMAL, "optimal");
        NS_TEST_ASSERT_MSG_EQ_TOL(r.objective, 7.0, 1e-9, "x = 1, y = 3");
        lp.SetConstraintBounds(0, -inf, 2);
        r = lp.Resolve();
        NS_TEST_ASSERT_MSG_EQ(r.status, LinearProgram::OPTIMAL, "optimal");
        NS_TEST_ASSERT_MSG_EQ_TOL(r.objective, 4.0, 1e-9, "y = 2 alone");
        NS_TEST_ASSERT_MSG_EQ_TOL(r.values[y], 2.0, 1e-9, "y");
        NS_TEST_ASSERT_MSG_EQ_TOL(r.duals[0], 2.0, 1e-9, "the row is worth y's 2");
        NS_TEST_ASSERT_MSG_EQ_TOL(lp.Solve().objective, 4.0, 1e-9, "as from scratch");
        // x is unbounded above, so x + y = 7 would be feasible: cap x first.
        lp.AddConstraint({{x, 1}}, -inf, 1);
        NS_TEST_ASSERT_MSG_EQ_TOL(lp.Resolve().objective, 4.0, 1e-9, "x <= 1 changes nothing");
        lp.SetConstraintBounds(0, 7, 7);
        r = lp.Resolve();
        NS_TEST_ASSERT_MSG_EQ(r.status, LinearProgram::INFEASIBLE, "x <= 1, y <= 3: no 7");
        lp.SetConstraintBounds(0, -inf, 4);
        r = lp.Resolve();
        NS_TEST_ASSERT_MSG_EQ(r.status, LinearProgram::OPTIMAL, "optimal again");
        NS_TEST_ASSERT_MSG_EQ_TOL(r.objective, 7.0, 1e-9, "x = 1, y = 3 again");
        NS_TEST_ASSERT_MSG_EQ_TOL(lp.Solve().objective, 7.0, 1e-9, "as from scratch");
    }
};

/// Numbers COIN-OR must not see: the program is INVALID, named, and never solved.
class BadNumbersTestCase : public TestCase
{
  public:
    BadNumbersTestCase()
        : TestCase("Bad numbers: a cost, coefficient or bound beyond MAX_MAGNITUDE (1e12), NaN or "
                   "an impossible infinity makes the program INVALID, naming it; 1e12 itself "
                   "and +-inf as missing bounds solve")
    {
    }

  private:
    /// \return true if \p text contains \p part
    static bool Has(const std::string& text, const std::string& part)
    {
        return text.find(part) != std::string::npos;
    }

    void DoRun() override
    {
        const double inf = LinearProgram::Infinity();
        const double big = LinearProgram::MAX_MAGNITUDE;
        NS_TEST_ASSERT_MSG_EQ_TOL(big, 1e12, 0, "the documented limit");
        {
            // At the limit: max x, x <= 1e12 (a constraint bound), -inf <= y <= +inf free.
            LinearProgram lp;
            const uint32_t x = lp.AddVariable(0, inf, 1, false, "x");
            const uint32_t y = lp.AddVariable(-inf, inf, 0, false, "y");
            lp.AddConstraint({{x, 1}}, -inf, big);
            lp.AddConstraint({{x, 1}, {y, 1}}, -inf, 0);
            lp.SetMaximize(true);
            NS_TEST_ASSERT_MSG_EQ(lp.GetError(), "", "1e12 and infinities are accepted");
            const LinearProgram::Result r = lp.Solve();
            NS_TEST_ASSERT_MSG_EQ(r.status, LinearProgram::OPTIMAL, "solved");
            NS_TEST_ASSERT_MSG_EQ_TOL(r.objective, big, 1e-6 * big, "x = 1e12");
            NS_TEST_ASSERT_MSG_EQ(r.values.size(), 2, "values");
            if (r.values.size() == 2)
            {
                NS_TEST_ASSERT_MSG_EQ_TOL(r.values[y], -big, 1e-6 * big, "y = -x");
            }
            // Just beyond the limit: refused, not solved.
            LinearProgram beyond;
            const uint32_t v = beyond.AddVariable(0, inf, 1, false, "v");
            beyond.AddConstraint({{v, 1}}, -inf, 1.001 * big);
            NS_TEST_ASSERT_MSG_EQ(beyond.Solve().status, LinearProgram::INVALID, "1.001e12");
        }
        {
            // Just beyond, in a cost: INVALID from both solvers, the cost named.
            LinearProgram lp;
            lp.AddVariable(0, 1, 2 * big, false, "x");
            lp.AddVariable(0, 1, 1e308, false, "y");
            NS_TEST_ASSERT_MSG_EQ(Has(lp.GetError(), "cost of variable 'x'"), true, lp.GetError());
            const LinearProgram::Result r = lp.Solve();
            NS_TEST_ASSERT_MSG_EQ(r.status, LinearProgram::INVALID, "not solved");
            NS_TEST_ASSERT_MSG_EQ(r.error, lp.GetError(), "the first bad number");
            NS_TEST_ASSERT_MSG_EQ(r.values.empty(), true, "no values");
            NS_TEST_ASSERT_MSG_EQ(lp.Resolve().status, LinearProgram::INVALID, "Resolve too");
            NS_TEST_ASSERT_MSG_EQ(LinearProgram::StatusName(LinearProgram::INVALID),
                                  "invalid input",
                                  "name");
        }
        {
            // A NaN coefficient, a 1e25 bound (CLP asserted on such), +inf as a lower bound.
            LinearProgram lp;
            const uint32_t x = lp.AddVariable(0, 1, 1, false, "x");
            lp.AddConstraint({{x, std::nan("")}}, -inf, 1);
            NS_TEST_ASSERT_MSG_EQ(Has(lp.GetError(), "coefficient of variable 'x' in constraint 0"),
                                  true,
                                  lp.GetError());
            LinearProgram b;
            b.AddVariable(0, 1e25, 1, true, "n");
            NS_TEST_ASSERT_MSG_EQ(Has(b.GetError(), "upper bound of variable 'n'"), true, "bound");
            NS_TEST_ASSERT_MSG_EQ(b.Solve().status, LinearProgram::INVALID, "MILP not solved");
            LinearProgram c;
            c.AddVariable(inf, inf, 1, false, "z");
            NS_TEST_ASSERT_MSG_EQ(Has(c.GetError(), "lower bound of variable 'z'"), true, "+inf");
            LinearProgram d;
            const uint32_t w = d.AddVariable(0, 1, 1, false, "w");
            d.AddColumn(0, 1, 1, {});
            d.AddConstraint({{w, 1}}, -inf, -1e13);
            NS_TEST_ASSERT_MSG_EQ(Has(d.GetError(), "upper bound of constraint 0"), true, "row");
        }
        {
            // A warm program given a bad bound later: the kept model is left alone, the next
            // Resolve() is INVALID.
            LinearProgram lp;
            const uint32_t x = lp.AddVariable(0, inf, 1, false, "x");
            lp.AddConstraint({{x, 1}}, -inf, 4);
            lp.SetMaximize(true);
            NS_TEST_ASSERT_MSG_EQ_TOL(lp.Resolve().objective, 4.0, 1e-9, "x = 4");
            lp.SetConstraintBounds(0, -inf, 1e300);
            NS_TEST_ASSERT_MSG_EQ(lp.Resolve().status, LinearProgram::INVALID, "1e300");
            NS_TEST_ASSERT_MSG_EQ(Has(lp.GetError(), "upper bound of constraint 0"), true, "row");
            lp.AddColumn(0, 1, 1, {{0, -inf}});
            NS_TEST_ASSERT_MSG_EQ(Has(lp.GetError(), "upper bound of constraint 0"),
                                  true,
                                  "the first error is kept");
        }
    }
};

/// The suite.
class LinearProgramTestSuite : public TestSuite
{
  public:
    LinearProgramTestSuite()
        : TestSuite("optical-linear-program", SUITE_UNIT)
    {
        AddTestCase(new LpTestCase, TEST_QUICK);
        AddTestCase(new MilpTestCase, TEST_QUICK);
        AddTestCase(new StatusTestCase, TEST_QUICK);
        AddTestCase(new ResolveTestCase, TEST_QUICK);
        AddTestCase(new BoundsTestCase, TEST_QUICK);
        AddTestCase(new BadNumbersTestCase, TEST_QUICK);
    }
};

static LinearProgramTestSuite g_linearProgramTestSuite; //!< Static instance

} // namespace
