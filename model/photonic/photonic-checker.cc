/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// The linear type checker of the photonic switch language, one scope at a time: references
// expanded to elements, each signal defined once and consumed once, wires, a call's inputs,
// outputs and nodes, and the scope's graph (each primitive's own rules are in
// photonic-checker-primitives.cc).

#include "photonic-checker-detail.h"

#include <utility>

namespace ns3
{
namespace photonic
{

namespace
{

/// Largest number of elements one range of signals may expand to (a[0..N]): guards memory.
constexpr uint64_t MAX_RANGE = 1u << 20;

} // namespace

ScopeChecker::ScopeChecker(Context& ctx,
                           const std::unordered_map<std::string, PortInfo>& ports,
                           const std::vector<Decl>& decls,
                           const std::unordered_set<std::string>& loops,
                           const std::string& scopeName)
    : m_ctx(ctx),
      m_ports(ports),
      m_decls(decls),
      m_loops(loops),
      m_scope(scopeName)
{
}

void
ScopeChecker::SetLines(const std::vector<Stmt>& stmts)
{
    m_stmtLines.clear();
    for (const Stmt& s : stmts)
    {
        m_stmtLines.push_back(s.first.line);
    }
}

void
ScopeChecker::Run(const std::vector<Stmt>& stmts, PhotonicGraph& g)
{
    m_g = &g;
    CollectDefinitions(stmts);
    for (std::size_t s = 0; s < stmts.size(); ++s)
    {
        m_stmt = s;
        CheckStmt(stmts[s]);
    }
    // Every signal consumed, every input port element used (not checked after syntax
    // errors: skipped statements would be reported as leaks).
    if (m_ctx.syntaxErrors > 0)
    {
        m_order.clear();
    }
    ReportUnconsumedSignals();
    ReportUnusedInputPorts();
    AddPendingEdges(g);
}

void
ScopeChecker::CollectDefinitions(const std::vector<Stmt>& stmts)
{
    for (std::size_t s = 0; s < stmts.size(); ++s)
    {
        for (const Ref& r : stmts[s].lhs)
        {
            std::vector<Elem> es;
            Expand(r, true, es, false);
            for (const Elem& e : es)
            {
                if (e.kind == Elem::SIGNAL)
                {
                    m_firstDef.emplace(e.key, s);
                    if (r.indexed)
                    {
                        for (uint64_t i = r.lo; i <= r.hi; ++i)
                        {
                            m_arrays[r.name.text].insert(i);
                        }
                    }
                }
            }
        }
    }
}

void
ScopeChecker::ReportUnconsumedSignals()
{
    bool cycleReported = false;
    for (const std::string& key : m_order)
    {
        const SigState& st = m_sig[key];
        uint32_t rn = 0;
        uint32_t ro = 0;
        bool cycle = false;
        if (!cycleReported && !st.alias.empty() && !Resolve(key, rn, ro, &cycle) && cycle)
        {
            cycleReported = true;
            m_ctx.Error(st.defTok,
                        "loop",
                        key,
                        "signal " + key +
                            " is a loop of renamings through no element; allowed: loops "
                            "that pass through at least one primitive");
        }
        if (st.defined && !st.consumed && !st.poisoned)
        {
            m_ctx.Error(st.defTok,
                        "unconsumed",
                        key,
                        "signal " + key + " is never consumed" + m_scope +
                            "; allowed: consume it once, or end it with drop(" + key +
                            ") or detect(" + key + ")");
        }
    }
}

void
ScopeChecker::ReportUnusedInputPorts()
{
    for (const Decl& d : m_decls)
    {
        if (!d.input || m_ctx.syntaxErrors > 0)
        {
            continue;
        }
        const PortInfo& p = m_ports.at(d.name.text);
        if (p.decl != static_cast<std::size_t>(&d - &m_decls[0]))
        {
            continue; // a redefined port name
        }
        for (uint32_t i = 0; i < p.size; ++i)
        {
            const std::string key = ElemName(d.name.text, p.array, i);
            auto it = m_sig.find(key);
            if (it == m_sig.end() || !it->second.consumed)
            {
                m_ctx.Error(d.name,
                            "unconsumed",
                            key,
                            "input port " + key + " is never used" + m_scope +
                                "; allowed: use it once, or end it with drop(" + key + ")");
            }
        }
    }
}

void
ScopeChecker::AddPendingEdges(PhotonicGraph& g)
{
    for (const PendingEdge& pe : m_pending)
    {
        uint32_t node = 0;
        uint32_t out = 0;
        bool cycle = false;
        if (!Resolve(pe.src, node, out, &cycle))
        {
            if (cycle)
            {
                PhotonicDiagnostic d;
                d.location = pe.location;
                d.rule = "loop";
                d.signal = pe.src;
                d.message = "signal " + pe.src +
                            " is a loop of renamings through no element; allowed: loops "
                            "that pass through at least one primitive";
                m_ctx.diags->push_back(d);
            }
            continue;
        }
        PhotonicEdge e;
        e.from = node;
        e.fromPort = out;
        e.to = pe.to;
        e.toPort = pe.toPort;
        e.signal = pe.src;
        e.location = pe.location;
        g.AddEdge(e);
    }
}

std::string
ScopeChecker::ElemName(const std::string& name, bool array, uint64_t i)
{
    return array ? name + "[" + std::to_string(i) + "]" : name;
}

std::string
ScopeChecker::Keys(const std::vector<Elem>& es)
{
    std::string s;
    for (std::size_t i = 0; i < es.size() && i < 4; ++i)
    {
        s += (i ? ", " : "") + es[i].key;
    }
    return es.size() > 4 ? s + ", ..." : s;
}

uint32_t
ScopeChecker::DefLine(std::size_t s) const
{
    return s < m_stmtLines.size() ? m_stmtLines[s] : 0;
}

bool
ScopeChecker::Resolve(const std::string& key, uint32_t& node, uint32_t& out, bool* cycle) const
{
    std::string k = key;
    for (std::size_t hops = 0; hops <= m_sig.size(); ++hops)
    {
        auto it = m_sig.find(k);
        if (it == m_sig.end())
        {
            return false;
        }
        if (!it->second.alias.empty())
        {
            k = it->second.alias;
            continue;
        }
        if (it->second.node == UINT32_MAX)
        {
            return false;
        }
        node = it->second.node;
        out = it->second.out;
        return true;
    }
    *cycle = true; // a cycle of renamings
    return false;
}

bool
ScopeChecker::Expand(const Ref& r, bool lhs, std::vector<Elem>& out, bool report)
{
    const std::string& name = r.name.text;
    if (r.indexed && r.hi < r.lo)
    {
        if (report)
        {
            m_ctx.Error(r.hiTok,
                        "index-range",
                        name,
                        "range " + name + "[" + r.loTok.text + ".." + r.hiTok.text +
                            "] is empty; allowed: first index <= last index");
        }
        return false;
    }
    if (r.indexed && r.hi - r.lo >= MAX_RANGE)
    {
        if (report)
        {
            m_ctx.Error(r.hiTok,
                        "index-range",
                        name,
                        "range of " + name + " has more than " + std::to_string(MAX_RANGE) +
                            " elements");
        }
        return false;
    }
    auto pit = m_ports.find(name);
    if (pit != m_ports.end())
    {
        const PortInfo& p = pit->second;
        Elem e;
        e.kind = p.input ? Elem::PORT_IN : Elem::PORT_OUT;
        e.tok = r.name;
        if (!r.indexed)
        {
            for (uint32_t i = 0; i < p.size; ++i)
            {
                e.key = ElemName(name, p.array, i);
                e.port = p.first + i;
                out.push_back(e);
            }
            return true;
        }
        if (!p.array)
        {
            if (report)
            {
                m_ctx.Error(r.loTok,
                            "index-range",
                            name,
                            "port " + name + " is a scalar; allowed: " + name +
                                " without an index");
            }
            return false;
        }
        if (r.hi >= p.size)
        {
            if (report)
            {
                m_ctx.Error(r.hiTok,
                            "index-range",
                            name,
                            "index " + r.hiTok.text + " of port " + name + "[" +
                                std::to_string(p.size) + "]; allowed: 0 to " +
                                std::to_string(p.size - 1));
            }
            return false;
        }
        for (uint64_t i = r.lo; i <= r.hi; ++i)
        {
            e.key = ElemName(name, true, i);
            e.port = p.first + static_cast<uint32_t>(i);
            out.push_back(e);
        }
        return true;
    }
    Elem e;
    e.kind = Elem::SIGNAL;
    e.tok = r.name;
    if (!r.indexed)
    {
        auto ait = m_arrays.find(name);
        if (!lhs && m_firstDef.find(name) == m_firstDef.end() && ait != m_arrays.end())
        {
            for (uint64_t i : ait->second)
            {
                e.key = ElemName(name, true, i);
                out.push_back(e);
            }
            return true;
        }
        e.key = name;
        out.push_back(e);
        return true;
    }
    for (uint64_t i = r.lo; i <= r.hi; ++i)
    {
        e.key = ElemName(name, true, i);
        out.push_back(e);
    }
    return true;
}

std::string
ScopeChecker::Consume(const Elem& e)
{
    if (e.kind == Elem::PORT_OUT)
    {
        m_ctx.Error(e.tok,
                    "port-direction",
                    e.key,
                    "output port " + e.key + " is read; allowed: drive an output port (" + e.key +
                        " = ...), read input ports");
        return "";
    }
    if (e.kind == Elem::PORT_IN)
    {
        SigState& st = m_sig[e.key];
        if (st.consumed)
        {
            m_ctx.Error(e.tok,
                        "use-once",
                        e.key,
                        "input port " + e.key + " is used a second time (first at line " +
                            std::to_string(st.defTok.line) +
                            "); allowed: once; copy light with split(" + e.key + ")");
            return "";
        }
        st.consumed = true;
        st.port = true;
        st.defTok = e.tok;
        PhotonicNode n;
        n.op = PhotonicOp::INPUT;
        n.nIn = 0;
        n.nOut = 1;
        n.port = e.port;
        n.name = e.key;
        n.location = m_ctx.Loc(e.tok);
        st.node = m_g->AddNode(n);
        st.out = 0;
        return e.key;
    }
    auto it = m_sig.find(e.key);
    if (it != m_sig.end() && it->second.defined)
    {
        if (it->second.poisoned && !it->second.consumed)
        {
            it->second.consumed = true;
            return "";
        }
        if (it->second.consumed)
        {
            m_ctx.Error(e.tok,
                        "use-once",
                        e.key,
                        "signal " + e.key +
                            " is consumed a second time; allowed: once; "
                            "copy light with split(" +
                            e.key + ") or multicast");
            return "";
        }
        it->second.consumed = true;
        return e.key;
    }
    auto fit = m_firstDef.find(e.key);
    if (fit != m_firstDef.end())
    {
        // Defined by this statement or a later one.
        std::string base = e.key.substr(0, e.key.find('['));
        if (m_loops.count(e.key) == 0 && m_loops.count(base) == 0)
        {
            m_ctx.Error(e.tok,
                        "loop",
                        e.key,
                        "signal " + e.key + " is used before its definition (line " +
                            std::to_string(DefLine(fit->second)) +
                            "); allowed: only with a declaration 'loop " + base + ";'");
            SigState& st = m_sig[e.key];
            st.consumed = true; // no second report as unconsumed
            return "";
        }
        SigState& st = m_sig[e.key];
        if (st.consumed)
        {
            m_ctx.Error(e.tok,
                        "use-once",
                        e.key,
                        "signal " + e.key + " is consumed a second time; allowed: once");
            return "";
        }
        st.consumed = true;
        return e.key;
    }
    m_ctx.Error(e.tok,
                "undefined",
                e.key,
                "signal " + e.key + " is not defined" + m_scope +
                    "; allowed: input ports and signals defined by a statement");
    return "";
}

void
ScopeChecker::Define(const Elem& e,
                     uint32_t node,
                     uint32_t out,
                     const std::string& alias,
                     bool valid)
{
    if (e.kind == Elem::PORT_IN)
    {
        m_ctx.Error(e.tok,
                    "port-direction",
                    e.key,
                    "input port " + e.key +
                        " is driven; allowed: read input ports, drive "
                        "output ports");
        return;
    }
    if (e.kind == Elem::PORT_OUT)
    {
        if (!m_driven.insert(e.key).second)
        {
            m_ctx.Error(e.tok,
                        "port-once",
                        e.key,
                        "output port " + e.key + " is driven a second time" + m_scope +
                            "; allowed: once (combine signals first with combine())");
            return;
        }
        if (!valid)
        {
            return;
        }
        PhotonicNode n;
        n.op = PhotonicOp::OUTPUT;
        n.nIn = 1;
        n.nOut = 0;
        n.port = e.port;
        n.name = e.key;
        n.location = m_ctx.Loc(e.tok);
        const uint32_t id = m_g->AddNode(n);
        PendingEdge pe;
        pe.to = id;
        pe.toPort = 0;
        pe.location = m_ctx.Loc(e.tok);
        if (!alias.empty())
        {
            pe.src = alias;
        }
        else
        {
            // A node's output straight to the port: a synthetic key.
            const std::string k = "\x01" + std::to_string(node) + ":" + std::to_string(out);
            SigState& st = m_sig[k];
            st.node = node;
            st.out = out;
            pe.src = k;
        }
        m_pending.push_back(pe);
        return;
    }
    SigState& st = m_sig[e.key];
    if (st.defined)
    {
        m_ctx.Error(e.tok,
                    "redefined",
                    e.key,
                    "signal " + e.key + " is defined a second time (first at line " +
                        std::to_string(st.defTok.line) + "); allowed: one definition");
        return;
    }
    st.defined = true;
    st.defTok = e.tok;
    if (valid)
    {
        st.node = node;
        st.out = out;
        st.alias = alias;
    }
    else
    {
        st.poisoned = true;
    }
    m_order.push_back(e.key);
}

void
ScopeChecker::CheckStmt(const Stmt& st)
{
    if (st.broken)
    {
        DefineBrokenLhs(st);
        return;
    }
    // Left-hand side elements.
    std::vector<Elem> lhs;
    bool lhsOk = true;
    for (const Ref& r : st.lhs)
    {
        lhsOk = Expand(r, true, lhs, true) && lhsOk;
    }
    if (!st.isCall)
    {
        CheckWire(st, lhs, lhsOk);
        return;
    }
    Call call(st);
    call.lhs = std::move(lhs);
    call.lhsOk = lhsOk;
    CheckCall(call);
}

void
ScopeChecker::DefineBrokenLhs(const Stmt& st)
{
    for (const Ref& r : st.lhs)
    {
        std::vector<Elem> es;
        Expand(r, true, es, false);
        for (const Elem& e : es)
        {
            if (e.kind == Elem::PORT_OUT)
            {
                m_driven.insert(e.key);
            }
            else if (e.kind == Elem::SIGNAL && !m_sig[e.key].defined)
            {
                Define(e, UINT32_MAX, 0, "", false);
            }
        }
    }
}

void
ScopeChecker::CheckWire(const Stmt& st, const std::vector<Elem>& lhs, bool lhsOk)
{
    std::vector<Elem> rhs;
    bool rhsOk = true;
    for (const Ref& r : st.rhs)
    {
        rhsOk = Expand(r, false, rhs, true) && rhsOk;
    }
    std::vector<std::string> src;
    for (const Elem& e : rhs)
    {
        src.push_back(Consume(e));
    }
    if (lhsOk && rhsOk && lhs.size() != rhs.size())
    {
        m_ctx.Error(st.rhs[0].name,
                    "size-mismatch",
                    rhs.empty() ? "" : rhs[0].key,
                    "a wire of " + std::to_string(lhs.size()) + " target(s) (" + Keys(lhs) +
                        ") from " + std::to_string(rhs.size()) + " source(s) (" + Keys(rhs) + ")" +
                        "; allowed: the same number on both sides");
    }
    for (std::size_t i = 0; i < lhs.size(); ++i)
    {
        const bool have = i < src.size() && !src[i].empty();
        Define(lhs[i], UINT32_MAX, 0, have ? src[i] : std::string(), have);
    }
}

void
ScopeChecker::CheckCall(Call& call)
{
    ExpandCallInputs(call);
    call.prim = call.st.prim.text;
    call.sig0 = call.ins.empty() ? "" : call.ins[0].key;
    call.node.location = m_ctx.Loc(call.st.prim);
    call.node.name = call.prim;
    call.ok = call.insOk && call.lhsOk;
    call.nOut = 0;
    if (!CheckPrimitive(call))
    {
        return; // an unknown primitive
    }
    CheckOutputCount(call);
    const uint32_t id = AddCallNodes(call);
    for (std::size_t i = 0; i < call.lhs.size(); ++i)
    {
        Define(call.lhs[i], id, static_cast<uint32_t>(i), "", call.ok && i < call.nOut);
    }
}

void
ScopeChecker::ExpandCallInputs(Call& call)
{
    // Inputs: the signals among the arguments, in order.
    for (const Arg& a : call.st.args)
    {
        if (a.kind == Arg::REF && !a.keyed)
        {
            call.insOk = Expand(a.ref, false, call.ins, true) && call.insOk;
        }
        else if (a.kind == Arg::REF && a.keyed)
        {
            // KEY = NAME: a signal where a value belongs.
            m_ctx.Error(a.tok,
                        "arguments",
                        a.ref.name.text,
                        "'" + a.key.text + "' takes a number, string or matrix, not signal " +
                            a.ref.name.text);
            call.insOk = false;
        }
    }
    for (const Elem& e : call.ins)
    {
        call.src.push_back(Consume(e));
    }
}

void
ScopeChecker::CheckOutputCount(Call& call)
{
    if (call.lhsOk && call.prim != "multicast" && call.lhs.size() != call.nOut)
    {
        m_ctx.Error(call.lhs.empty() ? call.st.prim : call.st.lhs[0].name,
                    "arity",
                    call.lhs.empty() ? call.sig0 : call.lhs[0].key,
                    call.prim + "(" + call.sig0 + ") gives " + std::to_string(call.nOut) +
                        " output(s), the left side (" + Keys(call.lhs) + ") has " +
                        std::to_string(call.lhs.size()) + "; allowed: exactly " +
                        std::to_string(call.nOut));
        call.ok = false;
    }
}

uint32_t
ScopeChecker::AddCallNodes(Call& call)
{
    uint32_t id = UINT32_MAX;
    if (call.ok && (call.node.op == PhotonicOp::DETECTOR || call.node.op == PhotonicOp::TERMINATOR))
    {
        call.node.nIn = 1;
        call.node.nOut = 0;
        for (std::size_t i = 0; i < call.src.size(); ++i)
        {
            const uint32_t t = m_g->AddNode(call.node);
            if (!call.src[i].empty())
            {
                PendingEdge pe;
                pe.src = call.src[i];
                pe.to = t;
                pe.toPort = 0;
                pe.location = m_ctx.Loc(call.ins[i].tok);
                m_pending.push_back(pe);
            }
        }
    }
    else if (call.ok)
    {
        call.node.nIn = static_cast<uint32_t>(call.ins.size());
        call.node.nOut = call.nOut;
        id = m_g->AddNode(call.node);
        for (std::size_t i = 0; i < call.src.size(); ++i)
        {
            if (call.src[i].empty())
            {
                continue;
            }
            PendingEdge pe;
            pe.src = call.src[i];
            pe.to = id;
            pe.toPort = static_cast<uint32_t>(i);
            pe.location = m_ctx.Loc(call.ins[i].tok);
            m_pending.push_back(pe);
        }
    }
    return id;
}

} // namespace photonic
} // namespace ns3
