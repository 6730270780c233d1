/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef PHOTONIC_CHECKER_DETAIL_H
#define PHOTONIC_CHECKER_DETAIL_H

// Private to the photonic language's type checker (not installed): the checker of one scope,
// which photonic-checker.cc, photonic-checker-primitives.cc and photonic-checker-program.cc
// share.

#include "photonic-language-detail.h"

#include <cstddef>
#include <cstdint>
#include <set>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace ns3
{
namespace photonic
{

/// An element a reference expands to.
struct Elem
{
    /// What an element names.
    enum Kind
    {
        SIGNAL,     //!< A signal
        PORT_IN,    //!< An input port element
        PORT_OUT    //!< An output port element
    } kind{SIGNAL}; //!< What it names

    std::string key;  //!< "x", "a[3]"
    Token tok;        //!< The token to point at
    uint32_t port{0}; //!< Switch port (ports)
};

/// What the checker knows of a signal or port element in one scope.
struct SigState
{
    bool defined{false};       //!< Defined (a port element: always)
    bool consumed{false};      //!< Consumed
    bool port{false};          //!< An input port element
    bool poisoned{false};      //!< Made by a rejected statement: no further reports
    uint32_t node{UINT32_MAX}; //!< Producer (UINT32_MAX: none, or alias)
    uint32_t out{0};           //!< Producer's output
    std::string alias;         //!< A renamed signal: the key it stands for
    Token defTok;              //!< Where defined
};

/// An edge whose source is a signal (resolved at the end of the scope).
struct PendingEdge
{
    std::string src;           //!< The consumed key
    uint32_t to{0};            //!< Consumer
    uint32_t toPort{0};        //!< Its input
    PhotonicLocation location; //!< Where consumed
};

/**
 * \brief The checker of one scope (a static program, or one slot). Its linearity rules
 * (definitions, uses, wires, the graph) are in photonic-checker.cc, the rules of each
 * primitive in photonic-checker-primitives.cc.
 */
class ScopeChecker
{
  public:
    /**
     * \brief Checker for the statements of one scope with the ports and loops of the program.
     * \param [in,out] ctx Diagnostics
     * \param [in] ports The ports (kept by reference)
     * \param [in] decls The declarations (kept by reference)
     * \param [in] loops The declared loops (kept by reference)
     * \param [in] scopeName " in slot N" or "", for messages
     */
    ScopeChecker(Context& ctx,
                 const PortMap& ports,
                 const std::vector<Decl>& decls,
                 const std::unordered_set<std::string>& loops,
                 const std::string& scopeName);

    /**
     * \brief Lines of the statements, for messages.
     * \param [in] stmts The statements
     */
    void SetLines(const std::vector<Stmt>& stmts);

    /**
     * \brief Checks the statements and builds \p g.
     * \param [in] stmts The statements
     * \param [out] g The graph
     */
    void Run(const std::vector<Stmt>& stmts, PhotonicGraph& g);

  private:
    /// A call statement under check: its elements, its node, whether it is still valid.
    struct Call
    {
        /**
         * \brief The check of \p s.
         * \param [in] s The statement (kept by reference)
         */
        explicit Call(const Stmt& s)
            : st(s)
        {
        }

        const Stmt& st;               //!< The statement
        std::vector<Elem> lhs;        //!< Left-hand side elements
        bool lhsOk{true};             //!< The left side expanded without errors
        std::vector<Elem> ins;        //!< Input signals, in order
        bool insOk{true};             //!< The inputs expanded without errors
        std::vector<std::string> src; //!< Consumed key of each input ("" : refused)
        std::string prim;             //!< The primitive's name
        std::string sig0;             //!< The first input's key ("" : none)
        PhotonicNode node;            //!< The node being built
        bool ok{true};                //!< No error so far
        uint32_t nOut{0};             //!< Outputs of the node
    };

    Context& m_ctx;                                               //!< Diagnostics
    const PortMap& m_ports;                                       //!< Ports
    const std::vector<Decl>& m_decls;                             //!< Declarations
    const std::unordered_set<std::string>& m_loops;               //!< Declared loops
    std::string m_scope;                                          //!< " in slot N" or ""
    PhotonicGraph* m_g{nullptr};                                  //!< Output
    std::unordered_map<std::string, std::size_t> m_firstDef;      //!< Key -> defining statement
    std::unordered_map<std::string, std::set<uint64_t>> m_arrays; //!< Signal arrays
    std::unordered_map<std::string, SigState> m_sig;              //!< States
    std::vector<std::string> m_order;                             //!< Signals in definition order
    std::unordered_set<std::string> m_driven;                     //!< Out port elements driven
    std::vector<PendingEdge> m_pending;                           //!< Edges
    std::size_t m_stmt{0};                                        //!< Current statement
    std::vector<uint32_t> m_stmtLines; //!< Line of each statement (for messages)

    // photonic-checker.cc: elements, linearity, statements, the graph.

    /**
     * \param [in] name A port or signal name
     * \param [in] array Whether it is an array
     * \param [in] i The index
     * \return the key of one element: "x" or "a[3]"
     */
    static std::string ElemName(const std::string& name, bool array, uint64_t i);

    /**
     * \param [in] es Elements
     * \return the keys of elements, joined by ", " (at most 4, then "...")
     */
    static std::string Keys(const std::vector<Elem>& es);

    /**
     * \param [in] s A statement's index
     * \return its line (0 : unknown)
     */
    uint32_t DefLine(std::size_t s) const;

    /**
     * \brief Follows renamings to the producer of a signal.
     * \param [in] key The signal
     * \param [out] node The producer
     * \param [out] out Its output
     * \param [out] cycle Set to true when the renamings form a cycle
     * \return false if there is no producer
     */
    bool Resolve(const std::string& key, uint32_t& node, uint32_t& out, bool* cycle) const;

    /**
     * \brief Expands a reference to its elements.
     * \param [in] r The reference
     * \param [in] lhs On the left side of a statement
     * \param [in,out] out The elements (appended)
     * \param [in] report Report errors
     * \return false on an error
     */
    bool Expand(const Ref& r, bool lhs, std::vector<Elem>& out, bool report);

    /**
     * \brief Consumes an element.
     * \param [in] e The element
     * \return its key (the edge's source) or "" on an error
     */
    std::string Consume(const Elem& e);

    /**
     * \brief Defines or drives the lhs element \p e from (node, out) or, for a renaming,
     * \p alias.
     * \param [in] e The element
     * \param [in] node The producer (UINT32_MAX: none)
     * \param [in] out Its output
     * \param [in] alias The renamed key ("" : none)
     * \param [in] valid The producer is valid (else the signal is poisoned)
     */
    void Define(const Elem& e, uint32_t node, uint32_t out, const std::string& alias, bool valid);

    /**
     * \brief Definitions first: a use before its definition is a loop (or an error).
     * \param [in] stmts The statements
     */
    void CollectDefinitions(const std::vector<Stmt>& stmts);

    /// \brief Reports renaming cycles and signals never consumed.
    void ReportUnconsumedSignals();

    /// \brief Reports input port elements never used.
    void ReportUnusedInputPorts();

    /**
     * \brief Resolves the pending edges into \p g.
     * \param [in,out] g The graph
     */
    void AddPendingEdges(PhotonicGraph& g);

    /**
     * \brief Checks one statement and adds its nodes.
     * \param [in] st The statement
     */
    void CheckStmt(const Stmt& st);

    /**
     * \brief A statement with a syntax error: defines its left side (no further reports).
     * \param [in] st The statement
     */
    void DefineBrokenLhs(const Stmt& st);

    /**
     * \brief A wire (renaming): targets = sources.
     * \param [in] st The statement
     * \param [in] lhs Its expanded left side
     * \param [in] lhsOk The left side expanded without errors
     */
    void CheckWire(const Stmt& st, const std::vector<Elem>& lhs, bool lhsOk);

    /**
     * \brief A call of a primitive.
     * \param [in,out] call The call (its left side expanded)
     */
    void CheckCall(Call& call);

    /**
     * \brief Expands and consumes the signals among the arguments, in order.
     * \param [in,out] call The call
     */
    void ExpandCallInputs(Call& call);

    /**
     * \brief The left side has as many elements as the primitive has outputs.
     * \param [in,out] call The call
     */
    void CheckOutputCount(Call& call);

    /**
     * \brief Adds the call's node(s) and their pending input edges.
     * \param [in,out] call The call (its node gets its port counts)
     * \return the node (UINT32_MAX: none, or one per input for detect and drop)
     */
    uint32_t AddCallNodes(Call& call);

    // photonic-checker-primitives.cc: one rule per primitive.

    /**
     * \brief Checks the call by its primitive and fills its node.
     * \param [in,out] call The call
     * \return false for an unknown primitive (reported, left side defined)
     */
    bool CheckPrimitive(Call& call);

    /**
     * \brief The primitive takes \p k signals.
     * \param [in,out] call The call
     * \param [in] k The number of signals
     */
    void NeedInputs(Call& call, uint32_t k);

    /**
     * \brief The primitive takes only signals.
     * \param [in,out] call The call
     */
    void NoValueArgs(Call& call);

    /**
     * \brief Reads the numbers of a call: positional and keyed.
     * \param [in] st The statement
     * \param [in] keys The names of the numbers, in positional order
     * \param [in,out] values The numbers
     * \param [in,out] given Which are given
     * \param [in,out] toks Their tokens
     * \param [in] sig0 The first input's key, for messages
     * \return false on an error
     */
    bool Params(const Stmt& st,
                const std::vector<std::string>& keys,
                std::vector<double>& values,
                std::vector<bool>& given,
                std::vector<Token>& toks,
                const std::string& sig0);

    /**
     * \brief mzi, phase, split: signals and real parameters.
     * \param [in,out] call The call
     */
    void CheckParametric(Call& call);

    /**
     * \brief combine, cross, detect, drop: signals only.
     * \param [in,out] call The call
     */
    void CheckPassive(Call& call);

    /**
     * \brief multicast: one signal to k >= 1 outputs.
     * \param [in,out] call The call
     */
    void CheckMulticast(Call& call);

    /**
     * \brief permute: signals and one list [p0, p1, ...].
     * \param [in,out] call The call
     */
    void CheckPermute(Call& call);

    /**
     * \brief Finds permute's list among the arguments; reports the others.
     * \param [in,out] call The call
     * \return the list, or nullptr
     */
    const Arg* FindPermutationList(Call& call);

    /**
     * \brief Each output index exactly once; fills the node's permutation.
     * \param [in,out] call The call
     * \param [in] list The list (one row of one entry per input)
     */
    void CheckPermutationEntries(Call& call, const Arg& list);

    /**
     * \brief unitary: signals and one matrix, literal or from a file.
     * \param [in,out] call The call
     */
    void CheckUnitary(Call& call);

    /**
     * \brief Finds unitary's matrix among the arguments; reports the others.
     * \param [in,out] call The call
     * \return the matrix argument, or nullptr
     */
    const Arg* FindUnitaryMatrix(Call& call);

    /**
     * \brief The matrix of a literal: rows of one length.
     * \param [in] call The call
     * \param [in] mat The argument
     * \param [out] m The matrix (set only when true is returned)
     * \return false on an error (reported)
     */
    bool MatrixFromLiteral(const Call& call, const Arg& mat, PhotonicMatrix& m);

    /**
     * \brief The matrix of file="name" (relative to the program's directory).
     * \param [in] call The call
     * \param [in] mat The argument
     * \param [out] m The matrix
     * \return false on an error (reported)
     */
    bool MatrixFromFile(const Call& call, const Arg& mat, PhotonicMatrix& m);

    /**
     * \brief The matrix is square, of the inputs' size, finite and unitary.
     * \param [in] call The call
     * \param [in] mat The argument
     * \param [in] m The matrix
     * \return false on an error (reported)
     */
    bool CheckUnitaryMatrix(const Call& call, const Arg& mat, const PhotonicMatrix& m);

    /**
     * \brief Reports an unknown primitive; its left side is defined (no further reports).
     * \param [in] call The call
     */
    void RejectUnknownPrimitive(const Call& call);
};

} // namespace photonic
} // namespace ns3

#endif /* PHOTONIC_CHECKER_DETAIL_H */
