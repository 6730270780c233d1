/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// The photonic switch language's checks of a whole program: port and loop declarations, slots
// and their durations, and one ScopeChecker per scope (the static program, or each slot).

#include "photonic-checker-detail.h"

#include "ns3/optical-units.h"

#include <algorithm>
#include <map>
#include <utility>

namespace ns3
{
namespace photonic
{

namespace
{

/**
 * \brief Rule 'port-overlap': a port's switch ports overlap an earlier declaration of the same
 * direction.
 * \param [in] used The switch-port intervals taken in the port's direction: first port ->
 * declaration
 * \param [in] ports The ports declared so far
 * \param [in] ast The program
 * \param [in] d The port's declaration
 * \param [in] p The port
 * \param [in,out] ctx Diagnostics
 * \return true if the port overlaps (reported)
 */
bool
ReportPortOverlap(const std::map<uint32_t, std::size_t>& used,
                  PortMap& ports,
                  const ProgramAst& ast,
                  const Decl& d,
                  const PortInfo& p,
                  Context& ctx)
{
    // Overlap with an earlier declaration of the same direction: the taken interval that
    // begins last before this one ends is the only candidate (the taken ones are disjoint).
    bool overlap = false;
    auto it = used.lower_bound(p.first + p.size);
    if (it != used.begin())
    {
        --it;
        const PortInfo& q = ports[ast.decls[it->second].name.text];
        if (q.first + q.size > p.first)
        {
            overlap = true;
            const uint32_t s = std::max(p.first, q.first);
            ctx.Error(d.hasAt ? d.atTok : d.name,
                      "port-overlap",
                      d.name.text,
                      std::string(d.input ? "input" : "output") + " port " + d.name.text +
                          " takes switch port " + std::to_string(s) + ", already taken by " +
                          q.tok.text + " (line " + std::to_string(q.tok.line) +
                          "); allowed: disjoint switch ports per direction");
        }
    }
    return overlap;
}

/**
 * \brief Rule 'slot': a slot's duration is a positive time.
 * \param [in] s The slot
 * \param [in,out] ctx Diagnostics
 * \param [in,out] slot Gets the duration when it is valid
 */
void
SlotDuration(const SlotAst& s, Context& ctx, PhotonicSlot& slot)
{
    double seconds = 0;
    std::string error;
    if (!s.duration.empty())
    {
        if (!OpticalUnits::ParseTime(s.duration, "s", seconds, error))
        {
            ctx.Error(s.durTok,
                      "slot",
                      "",
                      "slot duration '" + s.duration + "': " + error +
                          "; allowed: a positive time such as 50us or 1.5ms");
        }
        else if (!(seconds > 0))
        {
            ctx.Error(s.durTok,
                      "slot",
                      "",
                      "slot duration '" + s.duration +
                          "' is not positive; allowed: a time > 0 such as 50us");
        }
        else
        {
            slot.duration = Seconds(seconds);
        }
    }
}

/**
 * \brief A program without slots: one scope of all its statements.
 * \param [in] ast The program
 * \param [in] ports The ports
 * \param [in] loops The declared loops
 * \param [in,out] ctx Diagnostics
 * \param [in,out] program Gets the slot
 */
void
CheckStaticProgram(const ProgramAst& ast,
                   const PortMap& ports,
                   const std::unordered_set<std::string>& loops,
                   Context& ctx,
                   PhotonicProgram& program)
{
    PhotonicSlot slot;
    slot.duration = Seconds(0);
    slot.location.file = ctx.file;
    slot.location.line = 1;
    slot.location.column = 1;
    ScopeChecker checker(ctx, ports, ast.decls, loops, "");
    checker.SetLines(ast.top);
    checker.Run(ast.top, slot.graph);
    program.slots.push_back(std::move(slot));
}

/**
 * \brief One slot of a slotted program: its duration and its scope.
 * \param [in] ast The program
 * \param [in] k The slot's index
 * \param [in] ports The ports
 * \param [in] loops The declared loops
 * \param [in,out] ctx Diagnostics
 * \param [in,out] program Gets the slot
 */
void
CheckSlot(const ProgramAst& ast,
          std::size_t k,
          const PortMap& ports,
          const std::unordered_set<std::string>& loops,
          Context& ctx,
          PhotonicProgram& program)
{
    const SlotAst& s = ast.slots[k];
    PhotonicSlot slot;
    slot.location = ctx.Loc(s.kw);
    SlotDuration(s, ctx, slot);
    ScopeChecker checker(ctx, ports, ast.decls, loops, " in slot " + std::to_string(k));
    checker.SetLines(s.stmts);
    checker.Run(s.stmts, slot.graph);
    program.slots.push_back(std::move(slot));
}

} // namespace

void
CheckNotEmpty(const ProgramAst& ast, const std::vector<Token>& toks, Context& ctx)
{
    if (ast.decls.empty() && ctx.syntaxErrors == 0)
    {
        Token at;
        at.line = 1;
        at.column = 1;
        ctx.Error(toks.empty() ? at : toks.front(),
                  "empty",
                  "",
                  "the program declares no port (an empty file, or only comments); allowed: "
                  "at least one 'in' or 'out' declaration");
    }
}

PortMap
CheckPorts(const ProgramAst& ast, Context& ctx, PhotonicProgram& program)
{
    PortMap ports;
    uint32_t nextPort[2] = {0, 0};
    // Per direction, the disjoint switch-port intervals taken: first port -> declaration.
    std::map<uint32_t, std::size_t> used[2];
    for (std::size_t i = 0; i < ast.decls.size(); ++i)
    {
        const Decl& d = ast.decls[i];
        const int dir = d.input ? 0 : 1;
        PortInfo p;
        p.decl = i;
        p.input = d.input;
        p.array = d.array;
        p.size = static_cast<uint32_t>(d.size);
        p.first = d.hasAt ? static_cast<uint32_t>(d.first) : nextPort[dir];
        p.tok = d.name;
        nextPort[dir] = std::max(nextPort[dir], p.first + p.size);
        if (ports.count(d.name.text))
        {
            ctx.Error(d.name,
                      "redefined",
                      d.name.text,
                      "port " + d.name.text + " is declared a second time (first at line " +
                          std::to_string(ports[d.name.text].tok.line) +
                          "); allowed: one declaration per name");
            continue;
        }
        const bool overlap = ReportPortOverlap(used[dir], ports, ast, d, p, ctx);
        ports[d.name.text] = p;
        if (!overlap)
        {
            used[dir][p.first] = i;
        }
        PhotonicPortDecl pd;
        pd.name = d.name.text;
        pd.size = p.size;
        pd.first = p.first;
        pd.input = d.input;
        pd.location = ctx.Loc(d.name);
        program.ports.push_back(pd);
    }
    return ports;
}

std::unordered_set<std::string>
CheckLoops(const ProgramAst& ast, const PortMap& ports, Context& ctx, PhotonicProgram& program)
{
    std::unordered_set<std::string> loops;
    for (const Token& t : ast.loops)
    {
        if (ports.count(t.text))
        {
            ctx.Error(t, "loop", t.text, t.text + " is a port; allowed in 'loop': signals only");
            continue;
        }
        if (loops.insert(t.text).second)
        {
            program.loops.push_back(t.text);
        }
    }
    return loops;
}

void
CheckScopes(const ProgramAst& ast,
            const PortMap& ports,
            const std::unordered_set<std::string>& loops,
            Context& ctx,
            PhotonicProgram& program)
{
    if (ast.slots.empty())
    {
        CheckStaticProgram(ast, ports, loops, ctx, program);
        return;
    }
    for (const Stmt& st : ast.top)
    {
        ctx.Error(st.first,
                  "slot",
                  st.lhs.empty() ? "" : st.lhs[0].name.text,
                  "a statement outside the slots of a slotted program; allowed: statements "
                  "inside 'slot DURATION { ... }' only");
    }
    for (std::size_t k = 0; k < ast.slots.size(); ++k)
    {
        CheckSlot(ast, k, ports, loops, ctx, program);
    }
}

} // namespace photonic
} // namespace ns3
