/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// The parser of the photonic switch language: tokens to the syntax tree (declarations, slots,
// statements, calls and their arguments), with its token cursor; syntax errors recover at the
// next ';' or '}'. Literals (numbers, matrices) are in photonic-parser-literals.cc.

#include "photonic-language-detail.h"

#include <algorithm>

namespace ns3
{
namespace photonic
{

namespace
{

/// Largest port array size and switch port number.
constexpr uint64_t MAX_PORT = 1u << 24;

} // namespace

std::string
Describe(const Token& t)
{
    switch (t.kind)
    {
    case TokenKind::END:
        return "the end of the text";
    case TokenKind::STRING:
        return "string \"" + t.text + "\"";
    case TokenKind::ERROR:
        return t.text == "unterminated string" ? t.text : "character '" + t.text + "'";
    default:
        return "'" + t.text + "'";
    }
}

Parser::Parser(const std::vector<Token>& toks, Context& ctx)
    : m_t(toks),
      m_ctx(ctx)
{
}

void
Parser::ParseProgram(ProgramAst& ast)
{
    while (!AtEnd())
    {
        const Token& t = Cur();
        if (IsPunct("}"))
        {
            SyntaxError(t, "a '}' without a slot to close");
            Advance();
            continue;
        }
        if (t.kind == TokenKind::NAME && t.text == "slot")
        {
            SlotAst s;
            if (ParseSlot(s, false))
            {
                ast.slots.push_back(std::move(s));
            }
            continue;
        }
        if (t.kind == TokenKind::NAME && IsDeclKeyword(t.text) && !NextIs("=") && !NextIs("(") &&
            !NextIs(","))
        {
            ParseDecl(ast);
            continue;
        }
        Stmt st;
        if (ParseStmt(st))
        {
            ast.top.push_back(std::move(st));
        }
    }
}

bool
Parser::AtItemStart() const
{
    const Token& p = m_t[m_i > 0 ? m_i - 1 : 0];
    return Cur().kind == TokenKind::NAME && Cur().line != p.line &&
           (IsDeclKeyword(Cur().text) || Cur().text == "slot");
}

bool
Parser::IsDeclKeyword(const std::string& s)
{
    return s == "in" || s == "out" || s == "loop" || s == "program";
}

const Token&
Parser::Cur() const
{
    return m_t[m_i];
}

bool
Parser::AtEnd() const
{
    return m_t[m_i].kind == TokenKind::END;
}

bool
Parser::IsPunct(const char* p) const
{
    return Cur().kind == TokenKind::PUNCT && Cur().text == p;
}

bool
Parser::NextIs(const char* p) const
{
    const Token& n = m_t[std::min(m_i + 1, m_t.size() - 1)];
    return n.kind == TokenKind::PUNCT && n.text == p;
}

void
Parser::Advance()
{
    if (AtEnd())
    {
        return;
    }
    if (IsPunct("["))
    {
        ++m_depth;
    }
    else if (IsPunct("]") && m_depth > 0)
    {
        --m_depth;
    }
    ++m_i;
}

void
Parser::SyntaxError(const Token& t, const std::string& msg)
{
    ++m_ctx.syntaxErrors;
    const bool keyword = IsDeclKeyword(t.text) || t.text == "slot";
    m_ctx.Error(t, "syntax", t.kind == TokenKind::NAME && !keyword ? t.text : "", msg);
}

void
Parser::Sync()
{
    while (!AtEnd())
    {
        if (IsPunct(";") && m_depth == 0)
        {
            Advance();
            return;
        }
        if (IsPunct("}"))
        {
            m_depth = 0;
            return;
        }
        Advance();
    }
}

bool
Parser::Expect(const char* p, const std::string& what)
{
    if (IsPunct(p))
    {
        Advance();
        return true;
    }
    SyntaxError(Cur(), "expected " + what + ", not " + Describe(Cur()));
    return false;
}

bool
Parser::ParseRef(Ref& r)
{
    if (Cur().kind != TokenKind::NAME)
    {
        SyntaxError(Cur(), "expected a signal or port name, not " + Describe(Cur()));
        return false;
    }
    r.name = Cur();
    Advance();
    if (IsPunct("["))
    {
        Advance();
        r.indexed = true;
        if (!ParseInt(r.lo, r.loTok))
        {
            return false;
        }
        r.hi = r.lo;
        r.hiTok = r.loTok;
        if (IsPunct(".."))
        {
            Advance();
            r.range = true;
            if (!ParseInt(r.hi, r.hiTok))
            {
                return false;
            }
        }
        if (!Expect("]", "']'"))
        {
            return false;
        }
    }
    return true;
}

bool
Parser::ParseArg(Arg& a)
{
    a.tok = Cur();
    if (Cur().kind == TokenKind::NAME && NextIs("="))
    {
        a.keyed = true;
        a.key = Cur();
        Advance();
        Advance();
        a.tok = Cur();
        if (Cur().kind == TokenKind::STRING)
        {
            a.kind = Arg::STRING;
            a.str = Cur().text;
            Advance();
            return true;
        }
    }
    if (IsPunct("["))
    {
        a.kind = Arg::MATRIX;
        return ParseMatrix(a.mat);
    }
    if (Cur().kind == TokenKind::STRING)
    {
        a.kind = Arg::STRING;
        a.str = Cur().text;
        Advance();
        return true;
    }
    if (Cur().kind == TokenKind::NAME)
    {
        a.kind = Arg::REF;
        return ParseRef(a.ref);
    }
    a.kind = Arg::NUMBER;
    std::string error;
    Token at;
    if (!ParseComplex(a.num, at, error, 0))
    {
        SyntaxError(Cur(), error);
        return false;
    }
    return true;
}

bool
Parser::ParseCall(Stmt& st)
{
    st.isCall = true;
    st.prim = Cur();
    Advance(); // name
    Advance(); // '('
    if (IsPunct(")"))
    {
        Advance();
        return true;
    }
    while (true)
    {
        Arg a;
        if (!ParseArg(a))
        {
            return false;
        }
        st.args.push_back(std::move(a));
        if (IsPunct(","))
        {
            Advance();
            continue;
        }
        return Expect(")", "',' or ')'");
    }
}

bool
Parser::ParseRefList(std::vector<Ref>& refs)
{
    while (true)
    {
        Ref r;
        if (!ParseRef(r))
        {
            return false;
        }
        refs.push_back(r);
        if (!IsPunct(","))
        {
            return true;
        }
        Advance();
    }
}

bool
Parser::ParseStmtInner(Stmt& st)
{
    st.first = Cur();
    if (Cur().kind == TokenKind::NAME && NextIs("("))
    {
        return ParseCall(st) && Expect(";", "';'");
    }
    if (!ParseRefList(st.lhs))
    {
        return false;
    }
    st.eq = Cur();
    if (!Expect("=", "'=' or ','"))
    {
        return false;
    }
    if (Cur().kind == TokenKind::NAME && NextIs("("))
    {
        return ParseCall(st) && Expect(";", "';'");
    }
    if (!ParseRefList(st.rhs))
    {
        return false;
    }
    return Expect(";", "';' or ','");
}

bool
Parser::ParseStmt(Stmt& st)
{
    const std::size_t before = m_i;
    if (ParseStmtInner(st))
    {
        return true;
    }
    Sync();
    if (m_i == before)
    {
        Advance(); // always make progress
    }
    // Keep what the left side defines, so that later uses are not reported again.
    st.broken = true;
    return !st.lhs.empty();
}

void
Parser::ParseDeclList(ProgramAst& ast, bool input)
{
    while (true)
    {
        Decl d;
        d.input = input;
        if (Cur().kind != TokenKind::NAME)
        {
            SyntaxError(Cur(), "expected a port name, not " + Describe(Cur()));
            Sync();
            return;
        }
        d.name = Cur();
        Advance();
        Token t;
        if (IsPunct("["))
        {
            Advance();
            d.array = true;
            if (!ParseInt(d.size, t) || !Expect("]", "']'"))
            {
                Sync();
                return;
            }
            if (d.size == 0 || d.size > MAX_PORT)
            {
                m_ctx.Error(t,
                            "index-range",
                            d.name.text,
                            "port array " + d.name.text + " has " + t.text +
                                " elements; allowed: 1 to " + std::to_string(MAX_PORT));
                d.size = 1;
            }
        }
        if (IsPunct("@"))
        {
            Advance();
            d.hasAt = true;
            if (!ParseInt(d.first, d.atTok))
            {
                Sync();
                return;
            }
            if (d.first > MAX_PORT)
            {
                m_ctx.Error(d.atTok,
                            "index-range",
                            d.name.text,
                            "switch port " + d.atTok.text + " of " + d.name.text +
                                " is too large; allowed: 0 to " + std::to_string(MAX_PORT));
                d.first = 0;
            }
        }
        ast.decls.push_back(d);
        if (IsPunct(","))
        {
            Advance();
            continue;
        }
        if (!Expect(";", "',' or ';'") && !AtItemStart())
        {
            Sync();
        }
        return;
    }
}

void
Parser::ParseDecl(ProgramAst& ast)
{
    const std::string kw = Cur().text;
    Advance();
    if (kw == "in" || kw == "out")
    {
        ParseDeclList(ast, kw == "in");
        return;
    }
    if (kw == "program")
    {
        if (Cur().kind != TokenKind::NAME)
        {
            SyntaxError(Cur(), "expected the program's name, not " + Describe(Cur()));
            Sync();
            return;
        }
        ast.name = Cur().text;
        Advance();
        if (!Expect(";", "';'"))
        {
            Sync();
        }
        return;
    }
    // loop
    while (true)
    {
        if (Cur().kind != TokenKind::NAME)
        {
            SyntaxError(Cur(), "expected a signal name, not " + Describe(Cur()));
            Sync();
            return;
        }
        ast.loops.push_back(Cur());
        Advance();
        if (IsPunct(","))
        {
            Advance();
            continue;
        }
        if (!Expect(";", "',' or ';'") && !AtItemStart())
        {
            Sync();
        }
        return;
    }
}

void
Parser::SkipBlock()
{
    int depth = 0;
    while (!AtEnd())
    {
        if (IsPunct("{"))
        {
            ++depth;
        }
        else if (IsPunct("}"))
        {
            --depth;
            if (depth <= 0)
            {
                Advance();
                return;
            }
        }
        Advance();
    }
}

bool
Parser::ParseSlot(SlotAst& s, bool nested)
{
    s.kw = Cur();
    Advance();
    if (nested)
    {
        SkipNestedSlot(s);
        return false;
    }
    ParseSlotDuration(s);
    if (!Expect("{", "'{' after the slot's duration"))
    {
        Sync();
        return false;
    }
    ParseSlotBody(s);
    return true;
}

void
Parser::SkipNestedSlot(const SlotAst& s)
{
    m_ctx.Error(s.kw,
                "slot",
                "",
                "a slot inside a slot; allowed: slots only at the top level of a program");
    while (!AtEnd() && !IsPunct("{") && !IsPunct("}") && !IsPunct(";"))
    {
        Advance();
    }
    if (IsPunct("{"))
    {
        SkipBlock();
    }
}

void
Parser::ParseSlotDuration(SlotAst& s)
{
    s.durTok = Cur();
    if (IsPunct("-"))
    {
        s.negative = true;
        Advance();
    }
    if (Cur().kind != TokenKind::NUMBER)
    {
        SyntaxError(Cur(), "expected the slot's duration (such as 50us), not " + Describe(Cur()));
        while (!AtEnd() && !IsPunct("{"))
        {
            Advance();
        }
    }
    else
    {
        s.duration = (s.negative ? "-" : "") + Cur().text;
        const Token num = Cur();
        Advance();
        // "1.5 ms": a unit written apart on the same line.
        if (Cur().kind == TokenKind::NAME && Cur().line == num.line &&
            num.text.find_first_not_of("0123456789.eE+-") == std::string::npos)
        {
            s.duration += Cur().text;
            Advance();
        }
    }
}

void
Parser::ParseSlotBody(SlotAst& s)
{
    while (!AtEnd() && !IsPunct("}"))
    {
        const Token& t = Cur();
        if (t.kind == TokenKind::NAME && t.text == "slot")
        {
            SlotAst inner;
            ParseSlot(inner, true);
            continue;
        }
        if (t.kind == TokenKind::NAME && IsDeclKeyword(t.text) && !NextIs("=") && !NextIs("(") &&
            !NextIs(","))
        {
            m_ctx.Error(t,
                        "slot",
                        "",
                        "declaration '" + t.text +
                            "' in a slot; allowed: declarations only before the slots");
            Sync();
            continue;
        }
        Stmt st;
        if (ParseStmt(st))
        {
            s.stmts.push_back(std::move(st));
        }
    }
    if (AtEnd())
    {
        SyntaxError(Cur(),
                    "the slot that begins at line " + std::to_string(s.kw.line) +
                        " is not closed with '}'");
        return;
    }
    Advance(); // '}'
}

} // namespace photonic
} // namespace ns3
