/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef OPTICAL_LINEAR_PROGRAM_H
#define OPTICAL_LINEAR_PROGRAM_H

#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

class ClpSimplex;

namespace ns3
{

/**
 * \ingroup optical
 * \brief A linear or mixed-integer linear program, solved with COIN-OR: CLP when every
 * variable is continuous, CBC (branch and cut over CLP) when some are integer.
 *
 * The one place of the module that talks to COIN-OR: planners and controllers (slice
 * allocation, traffic engineering, bypass planning) state their problem here and read the
 * answer, with the solver's status, bound and gap, and never include a COIN-OR header.
 *
 * \code
 *   LinearProgram lp;
 *   const uint32_t x = lp.AddVariable(0, 3, 3.0, false);
 *   const uint32_t y = lp.AddVariable(0, LinearProgram::Infinity(), 2.0, false);
 *   lp.AddConstraint({{x, 1}, {y, 1}}, -LinearProgram::Infinity(), 4);
 *   lp.SetMaximize(true);
 *   const LinearProgram::Result r = lp.Solve();   // r.objective 11, r.values {3, 1}
 * \endcode
 *
 * Numbers: every coefficient and cost, and every bound other than +-Infinity(), must be
 * finite and at most MAX_MAGNITUDE in magnitude. A program given another number is not
 * solved: Solve() and Resolve() return INVALID with Result::error naming the first bad
 * number (GetError() says it as soon as it is added), and COIN-OR never sees it. Indices out
 * of range and a lower bound above the upper one remain fatal errors (programming errors).
 *
 * Column generation: Resolve() solves an LP and keeps CLP's model, so that after
 * AddColumn() and AddConstraint() the next Resolve() starts from the last basis instead of
 * from scratch; Result::duals gives the constraints' prices to price new columns with.
 */
class LinearProgram
{
  public:
    /// How a solve ended.
    enum Status
    {
        OPTIMAL,     //!< Proven optimal (within the solver's tolerances)
        FEASIBLE,    //!< A solution, not proven optimal (time limit): see bound and gap
        INFEASIBLE,  //!< No solution exists
        UNBOUNDED,   //!< The objective is unbounded
        NO_SOLUTION, //!< The time limit came before any solution
        INVALID,     //!< Not solved: a coefficient, cost or bound is not finite or is beyond
                     //!< MAX_MAGNITUDE (Result::error says which); COIN-OR is not called
    };

    /**
     * Largest magnitude of a coefficient, a cost or a finite bound the program accepts
     * (1e12). CLP works in double precision with absolute feasibility and optimality
     * tolerances of 1e-7 and treats large numbers as infinities: max x, x <= 1e15 (a row
     * bound) comes back unbounded from CLP 1.17, while 1e14 still solves (measured on
     * Debian's coinor-libclp), and larger costs and bounds have tripped its assertions. 1e12
     * keeps a margin of 100 below that. Infinity() (a
     * missing bound) is not a number of the program and is always accepted as a bound.
     */
    static constexpr double MAX_MAGNITUDE = 1e12;

    /// The answer.
    struct Result
    {
        Status status{NO_SOLUTION}; //!< How it ended
        double objective{0};        //!< Objective of the solution (if any)
        double bound{0};            //!< Best bound on the optimum (MILP; = objective for LP)
        double gap{0};              //!< |objective - bound| / max(1e-9, |objective|)
        std::vector<double> values; //!< Value of each variable (if any solution)
        std::vector<double> duals;  //!< LP only (if optimal): per constraint, its price, the
                                    //!< objective's rate of change per unit by which its
                                    //!< binding bound moves up (>= 0 for a binding upper
                                    //!< bound of a maximisation); empty for a MILP
        double seconds{0};          //!< Wall-clock time of the solve
        uint64_t nodes{0};          //!< Branch-and-bound nodes (MILP)
        std::string error;          //!< INVALID: the first bad number, naming its place

        /// \return true if values hold a solution (OPTIMAL or FEASIBLE)
        bool HasSolution() const;
    };

    /// \return a bound meaning "none"
    static double Infinity();

    /// \return the name of a status ("optimal", "feasible", ...)
    static std::string StatusName(Status status);

    /**
     * \brief Adds a variable.
     * \param [in] lower Lower bound (-Infinity() for none)
     * \param [in] upper Upper bound (Infinity() for none)
     * \param [in] cost Objective coefficient (finite, |cost| <= MAX_MAGNITUDE; else the
     * program is INVALID)
     * \param [in] integer true for an integer variable
     * \param [in] name Name, for messages (default "x<index>")
     * \return its index
     */
    uint32_t AddVariable(double lower,
                         double upper,
                         double cost,
                         bool integer,
                         const std::string& name = "");

    /**
     * \brief Adds a continuous variable with its coefficients in existing constraints (a
     * column, for column generation).
     * \param [in] lower Lower bound (-Infinity() for none)
     * \param [in] upper Upper bound (Infinity() for none)
     * \param [in] cost Objective coefficient
     * \param [in] column (constraint index, coefficient) pairs; an index out of range is a
     * fatal error naming it
     * \return its index
     */
    uint32_t AddColumn(double lower,
                       double upper,
                       double cost,
                       const std::vector<std::pair<uint32_t, double>>& column);

    /**
     * \brief Adds a constraint lower <= sum(coefficient x variable) <= upper.
     * \param [in] terms (variable index, coefficient) pairs; an index out of range is a fatal
     * error naming it
     * \param [in] lower Lower bound (-Infinity() for none)
     * \param [in] upper Upper bound (Infinity() for none)
     */
    void AddConstraint(const std::vector<std::pair<uint32_t, double>>& terms,
                       double lower,
                       double upper);

    /**
     * \brief Changes a constraint's bounds (for Resolve(): a program whose bounds alone
     * changed is re-solved by the dual simplex from the kept basis).
     * \param [in] row The constraint; an index out of range is a fatal error naming it
     * \param [in] lower Lower bound (-Infinity() for none)
     * \param [in] upper Upper bound (Infinity() for none)
     */
    void SetConstraintBounds(uint32_t row, double lower, double upper);

    /// \param [in] maximize Maximize the objective (default: minimize)
    void SetMaximize(bool maximize);

    /// \return the number of variables
    uint32_t GetNVariables() const;

    /// \return the number of constraints
    uint32_t GetNConstraints() const;

    /// \return true if some variable is integer
    bool IsMixedInteger() const;

    /**
     * \return "" while every number given is acceptable; else the first bad one (a
     * coefficient, cost or bound that is NaN, infinite where a number is needed, or beyond
     * MAX_MAGNITUDE), naming its variable or constraint. Such a program is not solved.
     */
    const std::string& GetError() const;

    /**
     * \brief Solves the program; the program is unchanged.
     * \param [in] timeLimitS Wall-clock limit in seconds (0: none). A MILP returns the best
     * solution found so far as FEASIBLE, with its bound and gap; an LP stopped in the primal
     * simplex's second phase returns its current point as FEASIBLE (values and the current
     * basis's duals; bound Infinity(), in the program's sense), and NO_SOLUTION otherwise
     * \param [in] maxNodes Branch-and-bound node limit for a MILP (0: none); unlike the time
     * limit it stops at the same point on every machine, so results are reproducible
     * \return the answer
     */
    Result Solve(double timeLimitS = 0, uint64_t maxNodes = 0) const;

    /**
     * \brief Solves an LP, keeping CLP's model and basis for the next call: after variables
     * and constraints were added (AddColumn, AddVariable, AddConstraint) the next call adds
     * them to the kept model and continues with the primal simplex from the last basis; after
     * constraint bounds alone changed (SetConstraintBounds), with the dual simplex. Nothing
     * else may change. The first call solves from scratch, as Solve() does.
     * A MILP is a fatal error.
     * \param [in] timeLimitS Wall-clock limit of this call in seconds (0: none); stopped in
     * the primal simplex's second phase, the current point comes back FEASIBLE (as for Solve)
     * and the next call continues from it
     * \return the answer
     */
    Result Resolve(double timeLimitS = 0);

    /**
     * \brief Gives the first Resolve() a starting point: each variable non-basic at the
     * bound its value equals (its lower bound otherwise), every constraint's slack basic. A
     * feasible start (e.g. a greedy solution) saves the primal simplex the pivots that would
     * move those variables to their bounds one by one.
     * \param [in] atUpper Per variable (or empty: none), true to start it at its upper bound
     */
    void SetStart(const std::vector<bool>& atUpper);

    LinearProgram();
    ~LinearProgram();
    LinearProgram(LinearProgram&&) noexcept;
    LinearProgram& operator=(LinearProgram&&) noexcept;

    /**
     * \param [in] values One value per variable
     * \param [in] tolerance Relative tolerance (of max(1, |value|)) on every bound
     * \return true if the values are finite and satisfy every variable's bounds and every
     * constraint
     */
    bool Satisfies(const std::vector<double>& values, double tolerance) const;

  private:
    struct Warm; ///< CLP's model kept by Resolve()

    /// A variable.
    struct Variable
    {
        double lower;     //!< Lower bound
        double upper;     //!< Upper bound
        double cost;      //!< Objective coefficient
        bool integer;     //!< Integer
        std::string name; //!< Name
    };

    /// A constraint.
    struct Row
    {
        std::vector<std::pair<uint32_t, double>> terms; //!< (variable, coefficient)
        double lower;                                   //!< Lower bound
        double upper;                                   //!< Upper bound
    };

    struct Matrix; ///< A program's matrix by column, in CLP's arrays

    /**
     * \param [in] fromVariable First variable to include (0: the whole program)
     * \param [in] fromRow With fromVariable > 0: the columns' coefficients in rows below it
     * only, and the bounds of the rows from it
     * \param [in] solverInf The solver's infinity
     * \return the matrix by column
     */
    Matrix ByColumn(uint32_t fromVariable, uint32_t fromRow, double solverInf) const;

    /**
     * \brief Reads an LP's answer from CLP: status, values, objective and prices.
     * \param [in] model The solved model
     * \param [out] result The result (its time is not set)
     */
    void ReadLp(const ClpSimplex& model, Result& result) const;

    /**
     * \brief Makes a variable of the kept model non-basic at a bound.
     * \param [in] j The variable
     * \param [in] preferUpper At its upper bound if finite (else at its lower one)
     */
    void NonBasic(uint32_t j, bool preferUpper);

    /**
     * \brief Records a bad number as the program's error, unless one was recorded before.
     * \param [in] what What it is (e.g. "cost of variable 'x'")
     * \param [in] value The number
     * \param [in] isBound true for a bound (the message then mentions infinities)
     */
    void Record(const std::string& what, double value, bool isBound);

    /**
     * \brief Checks a variable's or constraint's bounds: bad numbers are recorded (see
     * GetError()), a lower bound above the upper one is fatal.
     * \param [in] lower Lower bound
     * \param [in] upper Upper bound
     * \param [in] name The variable or constraint, for the message
     * \return true if both are acceptable
     */
    bool CheckBounds(double lower, double upper, const std::string& name);

    /// \return an INVALID result carrying GetError()
    Result Invalid() const;

    std::vector<Variable> m_variables; //!< Variables
    std::vector<Row> m_rows;           //!< Constraints
    bool m_maximize{false};            //!< Maximize
    std::unique_ptr<Warm> m_warm;      //!< Model and basis of the last Resolve()
    std::vector<bool> m_startAtUpper;  //!< Variables the first Resolve() starts at upper
    std::string m_error;               //!< First bad number, if any
};

} // namespace ns3

#endif /* OPTICAL_LINEAR_PROGRAM_H */
