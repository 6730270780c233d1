/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "photonic-language.h"

#include "photonic-lexer.h"

#include "ns3/log.h"
#include "ns3/optical-data-file.h"
#include "ns3/optical-units.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdlib>
#include <functional>
#include <limits>
#include <map>
#include <set>
#include <sstream>
#include <unordered_map>
#include <unordered_set>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("PhotonicLanguage");

namespace photonic
{

std::vector<Token>
Tokenize(const std::string& text)
{
    std::vector<Token> out;
    const std::size_t n = text.size();
    std::size_t i = 0;
    uint32_t line = 1;
    uint32_t col = 1;
    auto peek = [&](std::size_t k) { return i + k < n ? text[i + k] : '\0'; };
    auto advance = [&]() {
        if (text[i] == '\n')
        {
            ++line;
            col = 1;
        }
        else
        {
            ++col;
        }
        ++i;
    };
    while (i < n)
    {
        const char c = text[i];
        if (c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f' || c == '\v')
        {
            advance();
            continue;
        }
        if (c == '#' || (c == '/' && peek(1) == '/'))
        {
            while (i < n && text[i] != '\n')
            {
                advance();
            }
            continue;
        }
        Token t;
        t.line = line;
        t.column = col;
        const std::size_t start = i;
        if (std::isalpha(static_cast<unsigned char>(c)) || c == '_')
        {
            while (i < n && (std::isalnum(static_cast<unsigned char>(text[i])) || text[i] == '_'))
            {
                advance();
            }
            t.kind = TokenKind::NAME;
            t.text = text.substr(start, i - start);
        }
        else if (std::isdigit(static_cast<unsigned char>(c)) ||
                 (c == '.' && std::isdigit(static_cast<unsigned char>(peek(1)))))
        {
            while (i < n && std::isdigit(static_cast<unsigned char>(text[i])))
            {
                advance();
            }
            // A '.' belongs to the number unless it starts "..".
            if (i < n && text[i] == '.' && peek(1) != '.')
            {
                advance();
                while (i < n && std::isdigit(static_cast<unsigned char>(text[i])))
                {
                    advance();
                }
            }
            if (i < n && (text[i] == 'e' || text[i] == 'E'))
            {
                const char a = peek(1);
                const char b = peek(2);
                if (std::isdigit(static_cast<unsigned char>(a)) ||
                    ((a == '+' || a == '-') && std::isdigit(static_cast<unsigned char>(b))))
                {
                    advance();
                    if (text[i] == '+' || text[i] == '-')
                    {
                        advance();
                    }
                    while (i < n && std::isdigit(static_cast<unsigned char>(text[i])))
                    {
                        advance();
                    }
                }
            }
            // A unit or the imaginary suffix: letters right after the number.
            while (i < n && std::isalpha(static_cast<unsigned char>(text[i])))
            {
                advance();
            }
            t.kind = TokenKind::NUMBER;
            t.text = text.substr(start, i - start);
        }
        else if (c == '"')
        {
            advance();
            const std::size_t s = i;
            while (i < n && text[i] != '"' && text[i] != '\n')
            {
                advance();
            }
            if (i < n && text[i] == '"')
            {
                t.kind = TokenKind::STRING;
                t.text = text.substr(s, i - s);
                advance();
            }
            else
            {
                t.kind = TokenKind::ERROR;
                t.text = "unterminated string";
            }
        }
        else if (c == '.' && peek(1) == '.')
        {
            advance();
            advance();
            t.kind = TokenKind::PUNCT;
            t.text = "..";
        }
        else if (std::string("()[]{},;=@+-").find(c) != std::string::npos)
        {
            advance();
            t.kind = TokenKind::PUNCT;
            t.text = std::string(1, c);
        }
        else
        {
            advance();
            t.kind = TokenKind::ERROR;
            t.text = std::string(1, c);
        }
        out.push_back(t);
    }
    Token end;
    end.kind = TokenKind::END;
    end.line = line;
    end.column = col;
    out.push_back(end);
    return out;
}

namespace
{

/// Largest number of elements one range of signals may expand to (a[0..N]): guards memory.
constexpr uint64_t MAX_RANGE = 1u << 20;
/// Largest port array size and switch port number.
constexpr uint64_t MAX_PORT = 1u << 24;
/// Tolerance of the unitarity test: every entry of M^H M - I within this (documented: 1e-8).
constexpr double UNITARY_TOLERANCE = 1e-8;

/// A reference: NAME, NAME[i] or NAME[lo..hi].
struct Ref
{
    Token name;          //!< The name
    bool indexed{false}; //!< Has [..]
    bool range{false};   //!< Has lo..hi
    uint64_t lo{0};      //!< First index
    uint64_t hi{0};      //!< Last index (= lo without a range)
    Token loTok;         //!< Token of lo
    Token hiTok;         //!< Token of hi
};

/// A matrix literal.
struct MatrixLit
{
    Token open;                                          //!< The '['
    std::vector<std::vector<std::complex<double>>> rows; //!< Entries
    std::vector<std::vector<Token>> toks;                //!< First token of each entry
};

/// One argument of a call.
struct Arg
{
    enum Kind
    {
        REF,
        NUMBER,
        STRING,
        MATRIX
    } kind{NUMBER}; //!< Kind of value

    bool keyed{false};        //!< KEY = value
    Token key;                //!< The key
    Token tok;                //!< First token of the value
    Ref ref;                  //!< REF
    std::complex<double> num; //!< NUMBER
    std::string str;          //!< STRING
    MatrixLit mat;            //!< MATRIX
};

/// One statement.
struct Stmt
{
    Token first;           //!< First token
    std::vector<Ref> lhs;  //!< Left-hand side
    bool isCall{false};    //!< A call (else a wire)
    Token prim;            //!< The primitive's name
    std::vector<Arg> args; //!< Its arguments
    std::vector<Ref> rhs;  //!< A wire's sources
    Token eq;              //!< The '='
    bool broken{false};    //!< A syntax error: only its left side is kept
};

/// One declaration element.
struct Decl
{
    Token name;        //!< Name
    bool array{false}; //!< Declared with [N]
    uint64_t size{1};  //!< Elements
    bool hasAt{false}; //!< Declared with @
    uint64_t first{0}; //!< First switch port
    Token atTok;       //!< The @ value token
    bool input{true};  //!< in or out
};

/// One slot.
struct SlotAst
{
    Token kw;                //!< The 'slot'
    Token durTok;            //!< The duration's first token
    std::string duration;    //!< Its text
    bool negative{false};    //!< Written with a '-'
    std::vector<Stmt> stmts; //!< Statements
};

/// The parsed program.
struct ProgramAst
{
    std::string name;           //!< program NAME
    std::vector<Decl> decls;    //!< Ports
    std::vector<Token> loops;   //!< loop NAMEs
    std::vector<SlotAst> slots; //!< Slots
    std::vector<Stmt> top;      //!< Statements outside slots
};

/// Shared state of one parse: file name, base directory, diagnostics.
struct Context
{
    std::string file;                                //!< Program file name
    std::string baseDir;                             //!< Directory of matrix files
    std::vector<PhotonicDiagnostic>* diags{nullptr}; //!< Output
    uint32_t syntaxErrors{0};                        //!< Syntax errors so far

    /// Adds a diagnostic at a token of the program.
    void Error(const Token& t,
               const std::string& rule,
               const std::string& signal,
               const std::string& message)
    {
        PhotonicDiagnostic d;
        d.location.file = file;
        d.location.line = t.line;
        d.location.column = t.column;
        d.rule = rule;
        d.signal = signal;
        d.message = message;
        diags->push_back(d);
    }

    /// \return the location of a token
    PhotonicLocation Loc(const Token& t) const
    {
        PhotonicLocation l;
        l.file = file;
        l.line = t.line;
        l.column = t.column;
        return l;
    }
};

/// Describes a token for messages.
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

/**
 * Parses a NUMBER token's value: a real, or an imaginary one with the suffix i.
 * \return false if the suffix is neither "" nor "i" or the digits are malformed
 */
bool
NumberValue(const Token& t, double& value, bool& imaginary)
{
    std::string s = t.text;
    imaginary = false;
    if (!s.empty() && s.back() == 'i')
    {
        imaginary = true;
        s.pop_back();
    }
    if (s.empty())
    {
        return false;
    }
    for (char c : s)
    {
        if (std::isalpha(static_cast<unsigned char>(c)) && c != 'e' && c != 'E')
        {
            return false;
        }
    }
    char* end = nullptr;
    value = std::strtod(s.c_str(), &end);
    return end && *end == '\0';
}

/// The parser: tokens to a ProgramAst; syntax errors recover at the next ';' or '}'.
class Parser
{
  public:
    /// Parser of \p toks.
    Parser(const std::vector<Token>& toks, Context& ctx)
        : m_t(toks),
          m_ctx(ctx)
    {
    }

    /// Parses the whole program into \p ast.
    void ParseProgram(ProgramAst& ast)
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
            if (t.kind == TokenKind::NAME && IsDeclKeyword(t.text) && !NextIs("=") &&
                !NextIs("(") && !NextIs(","))
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

    /// Parses a matrix file's content: rows, one per line.
    bool ParseMatrixRows(std::vector<std::vector<std::complex<double>>>& rows,
                         std::string& error,
                         uint32_t& errLine,
                         uint32_t& errCol)
    {
        uint32_t rowLine = 0;
        bool expectEntry = true;
        while (!AtEnd())
        {
            const Token& t = Cur();
            if (t.line != rowLine)
            {
                if (!expectEntry || rows.empty())
                {
                    rows.emplace_back();
                    rowLine = t.line;
                    expectEntry = true;
                }
                else
                {
                    error = "a row ends with ','";
                    errLine = rowLine;
                    errCol = 1;
                    return false;
                }
            }
            if (expectEntry)
            {
                std::complex<double> v;
                Token at;
                std::string e;
                if (!ParseComplex(v, at, e, rowLine))
                {
                    error = e;
                    errLine = Cur().line;
                    errCol = Cur().column;
                    return false;
                }
                rows.back().push_back(v);
                expectEntry = false;
            }
            else if (IsPunct(",") && Cur().line == rowLine)
            {
                Advance();
                expectEntry = true;
            }
            else
            {
                error = "expected ',' or the end of the row, not " + Describe(Cur());
                errLine = Cur().line;
                errCol = Cur().column;
                return false;
            }
        }
        if (expectEntry && !rows.empty())
        {
            error = "a row ends with ','";
            errLine = rowLine;
            errCol = 1;
            return false;
        }
        return true;
    }

  private:
    const std::vector<Token>& m_t; //!< Tokens
    Context& m_ctx;                //!< Diagnostics
    std::size_t m_i{0};            //!< Current token
    int m_depth{0};                //!< '[' nesting at the current token
    int m_braces{0};               //!< '{' nesting (slots)

    /// \return true at a keyword that begins an item on a new line (a forgotten ';' before it)
    bool AtItemStart() const
    {
        const Token& p = m_t[m_i > 0 ? m_i - 1 : 0];
        return Cur().kind == TokenKind::NAME && Cur().line != p.line &&
               (IsDeclKeyword(Cur().text) || Cur().text == "slot");
    }

    static bool IsDeclKeyword(const std::string& s)
    {
        return s == "in" || s == "out" || s == "loop" || s == "program";
    }

    const Token& Cur() const
    {
        return m_t[m_i];
    }

    bool AtEnd() const
    {
        return m_t[m_i].kind == TokenKind::END;
    }

    bool IsPunct(const char* p) const
    {
        return Cur().kind == TokenKind::PUNCT && Cur().text == p;
    }

    bool NextIs(const char* p) const
    {
        const Token& n = m_t[std::min(m_i + 1, m_t.size() - 1)];
        return n.kind == TokenKind::PUNCT && n.text == p;
    }

    void Advance()
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

    void SyntaxError(const Token& t, const std::string& msg)
    {
        ++m_ctx.syntaxErrors;
        const bool keyword = IsDeclKeyword(t.text) || t.text == "slot";
        m_ctx.Error(t, "syntax", t.kind == TokenKind::NAME && !keyword ? t.text : "", msg);
    }

    /// Skips to just after the next ';' outside brackets, or to the next '}' (not consumed).
    void Sync()
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

    bool Expect(const char* p, const std::string& what)
    {
        if (IsPunct(p))
        {
            Advance();
            return true;
        }
        SyntaxError(Cur(), "expected " + what + ", not " + Describe(Cur()));
        return false;
    }

    bool ParseInt(uint64_t& v, Token& tok)
    {
        tok = Cur();
        if (Cur().kind != TokenKind::NUMBER ||
            Cur().text.find_first_not_of("0123456789") != std::string::npos ||
            Cur().text.size() > 15)
        {
            SyntaxError(Cur(), "expected a whole number, not " + Describe(Cur()));
            return false;
        }
        v = std::stoull(Cur().text);
        Advance();
        return true;
    }

    bool ParseRef(Ref& r)
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

    /// complex := [sign] term [ (+|-) imaginary-term ]; term := NUMBER | "i".
    bool ParseComplex(std::complex<double>& v, Token& at, std::string& error, uint32_t line)
    {
        at = Cur();
        double re = 0;
        double im = 0;
        double x = 0;
        bool imag = false;
        if (!ParseTerm(x, imag, error))
        {
            return false;
        }
        (imag ? im : re) = x;
        if (!imag && (IsPunct("+") || IsPunct("-")) && (line == 0 || Cur().line == line))
        {
            // The second term must be imaginary ("0.5+0.5i").
            double y = 0;
            bool imag2 = false;
            const Token t2 = Cur();
            if (!ParseTerm(y, imag2, error))
            {
                return false;
            }
            if (!imag2)
            {
                error = "expected an imaginary part (such as 0.5i) at " + Describe(t2);
                return false;
            }
            im = y;
        }
        v = std::complex<double>(re, im);
        return true;
    }

    bool ParseTerm(double& x, bool& imag, std::string& error)
    {
        double sign = 1;
        if (IsPunct("+") || IsPunct("-"))
        {
            sign = IsPunct("-") ? -1 : 1;
            Advance();
        }
        if (Cur().kind == TokenKind::NAME && Cur().text == "i")
        {
            x = sign;
            imag = true;
            Advance();
            return true;
        }
        if (Cur().kind != TokenKind::NUMBER || !NumberValue(Cur(), x, imag))
        {
            error = "expected a number (such as 0.5, -0.5i, 1e-3), not " + Describe(Cur());
            return false;
        }
        x *= sign;
        Advance();
        return true;
    }

    bool ParseMatrix(MatrixLit& m)
    {
        m.open = Cur();
        Advance(); // '['
        m.rows.emplace_back();
        m.toks.emplace_back();
        while (true)
        {
            if (IsPunct("]") && m.rows.size() == 1 && m.rows[0].empty())
            {
                Advance(); // empty list
                return true;
            }
            std::complex<double> v;
            Token at;
            std::string error;
            if (!ParseComplex(v, at, error, 0))
            {
                SyntaxError(Cur(), error);
                return false;
            }
            m.rows.back().push_back(v);
            m.toks.back().push_back(at);
            if (IsPunct(","))
            {
                Advance();
            }
            else if (IsPunct(";"))
            {
                Advance();
                m.rows.emplace_back();
                m.toks.emplace_back();
            }
            else if (IsPunct("]"))
            {
                Advance();
                return true;
            }
            else
            {
                SyntaxError(Cur(), "expected ',', ';' or ']' in a matrix, not " + Describe(Cur()));
                return false;
            }
        }
    }

    bool ParseArg(Arg& a)
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

    bool ParseCall(Stmt& st)
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

    /// A comma-separated list of references into \p refs.
    bool ParseRefList(std::vector<Ref>& refs)
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

    bool ParseStmtInner(Stmt& st)
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

    bool ParseStmt(Stmt& st)
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

    void ParseDeclList(ProgramAst& ast, bool input)
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

    void ParseDecl(ProgramAst& ast)
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

    /// Skips a (nested) block: from '{' to its matching '}'.
    void SkipBlock()
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

    /// slot DURATION { stmts }; \return false when the slot is not kept.
    bool ParseSlot(SlotAst& s, bool nested)
    {
        s.kw = Cur();
        Advance();
        if (nested)
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
            return false;
        }
        s.durTok = Cur();
        if (IsPunct("-"))
        {
            s.negative = true;
            Advance();
        }
        if (Cur().kind != TokenKind::NUMBER)
        {
            SyntaxError(Cur(),
                        "expected the slot's duration (such as 50us), not " + Describe(Cur()));
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
        if (!Expect("{", "'{' after the slot's duration"))
        {
            Sync();
            return false;
        }
        while (!AtEnd() && !IsPunct("}"))
        {
            const Token& t = Cur();
            if (t.kind == TokenKind::NAME && t.text == "slot")
            {
                SlotAst inner;
                ParseSlot(inner, true);
                continue;
            }
            if (t.kind == TokenKind::NAME && IsDeclKeyword(t.text) && !NextIs("=") &&
                !NextIs("(") && !NextIs(","))
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
            return true;
        }
        Advance(); // '}'
        return true;
    }
};

/// Parses a matrix file: rows of comma-separated complex literals.
bool
ReadMatrixFile(const std::string& path,
               PhotonicMatrix& m,
               std::string& error,
               uint32_t& line,
               uint32_t& col)
{
    line = 0;
    col = 0;
    std::string text;
    if (!OpticalDataFile::ReadText(path, OpticalDataFile::MAX_FILE_BYTES, text, error))
    {
        error = "matrix file: " + error;
        return false;
    }
    const std::vector<Token> toks = Tokenize(text);
    std::vector<PhotonicDiagnostic> dummy;
    Context ctx;
    ctx.diags = &dummy;
    Parser p(toks, ctx);
    std::vector<std::vector<std::complex<double>>> rows;
    if (!p.ParseMatrixRows(rows, error, line, col))
    {
        return false;
    }
    if (rows.empty())
    {
        error = "matrix file " + path + " has no rows";
        line = 1;
        col = 1;
        return false;
    }
    uint32_t rowLine = 0;
    for (std::size_t r = 0; r < rows.size(); ++r)
    {
        if (rows[r].size() != rows[0].size())
        {
            // Find the row's line again from the tokens.
            uint32_t seen = 0;
            uint32_t last = 0;
            for (const Token& t : toks)
            {
                if (t.kind != TokenKind::END && t.line != last)
                {
                    last = t.line;
                    if (seen == r)
                    {
                        rowLine = t.line;
                        break;
                    }
                    ++seen;
                }
            }
            error = "row " + std::to_string(r + 1) + " has " + std::to_string(rows[r].size()) +
                    " entries, row 1 has " + std::to_string(rows[0].size()) +
                    "; allowed: every row of the same length";
            line = rowLine;
            col = 1;
            return false;
        }
    }
    m = PhotonicMatrix(rows.size(), rows[0].size());
    for (std::size_t r = 0; r < rows.size(); ++r)
    {
        for (std::size_t c = 0; c < rows[r].size(); ++c)
        {
            m(r, c) = rows[r][c];
        }
    }
    return true;
}

/// \return the largest |(M^H M - I)_{ij}|
double
UnitaryDefect(const PhotonicMatrix& m)
{
    const uint32_t n = m.Cols();
    double worst = 0;
    for (uint32_t i = 0; i < n; ++i)
    {
        for (uint32_t j = 0; j < n; ++j)
        {
            std::complex<double> s = 0;
            for (uint32_t k = 0; k < m.Rows(); ++k)
            {
                s += std::conj(m(k, i)) * m(k, j);
            }
            if (i == j)
            {
                s -= 1.0;
            }
            worst = std::max(worst, std::abs(s));
        }
    }
    return worst;
}

/// An element a reference expands to.
struct Elem
{
    enum Kind
    {
        SIGNAL,
        PORT_IN,
        PORT_OUT
    } kind{SIGNAL}; //!< What it names

    std::string key;  //!< "x", "a[3]"
    Token tok;        //!< The token to point at
    uint32_t port{0}; //!< Switch port (ports)
};

/// A port of the program, by name.
struct PortInfo
{
    std::size_t decl{0}; //!< Index in the declarations
    bool input{true};    //!< Direction
    bool array{false};   //!< Declared with [N]
    uint32_t size{1};    //!< Elements
    uint32_t first{0};   //!< Switch port of element 0
    Token tok;           //!< Declaration
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

/// The checker of one scope (a static program, or one slot).
class ScopeChecker
{
  public:
    /// Checker for \p stmts with the ports and loops of the program.
    ScopeChecker(Context& ctx,
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

    /// Checks the statements and builds \p g.
    void Run(const std::vector<Stmt>& stmts, PhotonicGraph& g)
    {
        m_g = &g;
        // Definitions first: a use before its definition is a loop (or an error).
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
        // Edges.
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

  private:
    Context& m_ctx;                                               //!< Diagnostics
    const std::unordered_map<std::string, PortInfo>& m_ports;     //!< Ports
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

    static std::string ElemName(const std::string& name, bool array, uint64_t i)
    {
        return array ? name + "[" + std::to_string(i) + "]" : name;
    }

    bool Resolve(const std::string& key, uint32_t& node, uint32_t& out, bool* cycle) const
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

    /// Expands a reference to its elements; \return false on an error (reported if \p report).
    bool Expand(const Ref& r, bool lhs, std::vector<Elem>& out, bool report)
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

    /// Consumes an element; \return its key (the edge's source) or "" on an error.
    std::string Consume(const Elem& e)
    {
        if (e.kind == Elem::PORT_OUT)
        {
            m_ctx.Error(e.tok,
                        "port-direction",
                        e.key,
                        "output port " + e.key + " is read; allowed: drive an output port (" +
                            e.key + " = ...), read input ports");
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

    std::vector<uint32_t> m_stmtLines; //!< Line of each statement (for messages)

    uint32_t DefLine(std::size_t s) const
    {
        return s < m_stmtLines.size() ? m_stmtLines[s] : 0;
    }

  public:
    /// Lines of the statements, for messages.
    void SetLines(const std::vector<Stmt>& stmts)
    {
        m_stmtLines.clear();
        for (const Stmt& s : stmts)
        {
            m_stmtLines.push_back(s.first.line);
        }
    }

  private:
    /// \return the keys of elements, joined by ", " (at most 4, then "...")
    static std::string Keys(const std::vector<Elem>& es)
    {
        std::string s;
        for (std::size_t i = 0; i < es.size() && i < 4; ++i)
        {
            s += (i ? ", " : "") + es[i].key;
        }
        return es.size() > 4 ? s + ", ..." : s;
    }

    /// Defines or drives the lhs element \p e from (node, out) or, for a renaming, \p alias.
    void Define(const Elem& e, uint32_t node, uint32_t out, const std::string& alias, bool valid)
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

    /// Reads the numbers of a call: positional and keyed; \return false on an error.
    bool Params(const Stmt& st,
                const std::vector<std::string>& keys,
                std::vector<double>& values,
                std::vector<bool>& given,
                std::vector<Token>& toks,
                const std::string& sig0)
    {
        bool ok = true;
        std::size_t pos = 0;
        const std::string prim = st.prim.text + "(" + sig0 + ")";
        for (const Arg& a : st.args)
        {
            if (a.kind == Arg::REF && !a.keyed)
            {
                continue;
            }
            std::size_t slot = keys.size();
            if (a.keyed)
            {
                auto k = std::find(keys.begin(), keys.end(), a.key.text);
                if (k == keys.end())
                {
                    std::string allowed;
                    for (const std::string& s : keys)
                    {
                        allowed += (allowed.empty() ? "" : ", ") + s;
                    }
                    m_ctx.Error(a.key,
                                "arguments",
                                sig0,
                                prim + " has no argument '" + a.key.text + "'; allowed: " +
                                    (allowed.empty() ? std::string("none") : allowed));
                    ok = false;
                    continue;
                }
                slot = k - keys.begin();
            }
            else if (a.kind == Arg::NUMBER)
            {
                while (pos < keys.size() && given[pos])
                {
                    ++pos;
                }
                slot = pos;
                if (slot >= keys.size())
                {
                    m_ctx.Error(a.tok,
                                "arguments",
                                sig0,
                                prim + " takes at most " + std::to_string(keys.size()) +
                                    " number(s); this one is extra");
                    ok = false;
                    continue;
                }
            }
            else
            {
                m_ctx.Error(a.tok,
                            "arguments",
                            sig0,
                            std::string("a ") + (a.kind == Arg::STRING ? "string" : "matrix") +
                                " is not an argument of " + prim +
                                "; allowed: signals and numbers");
                ok = false;
                continue;
            }
            if (given[slot])
            {
                m_ctx.Error(a.keyed ? a.key : a.tok,
                            "arguments",
                            sig0,
                            prim + "'s " + keys[slot] + " is given twice");
                ok = false;
                continue;
            }
            given[slot] = true; // given (even if refused below): not reported as missing
            if (a.kind != Arg::NUMBER)
            {
                m_ctx.Error(a.tok,
                            "arguments",
                            sig0,
                            prim + "'s " + keys[slot] + " must be a real number");
                ok = false;
                continue;
            }
            if (a.num.imag() != 0 || !std::isfinite(a.num.real()))
            {
                m_ctx.Error(a.tok,
                            "arguments",
                            sig0,
                            prim + "'s " + keys[slot] + " is " +
                                (a.num.imag() != 0 ? "not real" : "not finite") +
                                "; allowed: a finite real number");
                ok = false;
                continue;
            }
            given[slot] = true;
            values[slot] = a.num.real();
            toks[slot] = a.tok;
        }
        return ok;
    }

    void CheckStmt(const Stmt& st)
    {
        if (st.broken)
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
                                ") from " + std::to_string(rhs.size()) + " source(s) (" +
                                Keys(rhs) + ")" + "; allowed: the same number on both sides");
            }
            for (std::size_t i = 0; i < lhs.size(); ++i)
            {
                const bool have = i < src.size() && !src[i].empty();
                Define(lhs[i], UINT32_MAX, 0, have ? src[i] : std::string(), have);
            }
            return;
        }
        // Inputs: the signals among the arguments, in order.
        std::vector<Elem> ins;
        bool insOk = true;
        for (const Arg& a : st.args)
        {
            if (a.kind == Arg::REF && !a.keyed)
            {
                insOk = Expand(a.ref, false, ins, true) && insOk;
            }
            else if (a.kind == Arg::REF && a.keyed)
            {
                // KEY = NAME: a signal where a value belongs.
                m_ctx.Error(a.tok,
                            "arguments",
                            a.ref.name.text,
                            "'" + a.key.text + "' takes a number, string or matrix, not signal " +
                                a.ref.name.text);
                insOk = false;
            }
        }
        std::vector<std::string> src;
        for (const Elem& e : ins)
        {
            src.push_back(Consume(e));
        }
        const std::string prim = st.prim.text;
        const std::string sig0 = ins.empty() ? "" : ins[0].key;
        PhotonicNode node;
        node.location = m_ctx.Loc(st.prim);
        node.name = prim;
        bool ok = insOk && lhsOk;
        uint32_t nOut = 0;
        auto needInputs = [&](uint32_t k) {
            if (insOk && ins.size() != k)
            {
                m_ctx.Error(ins.size() > k ? ins[k].tok : st.prim,
                            "arguments",
                            ins.size() > k ? ins[k].key : sig0,
                            prim + " takes " + std::to_string(k) + " signal(s), got " +
                                std::to_string(ins.size()) + " (" + Keys(ins) + ")");
                ok = false;
            }
        };
        auto noValueArgs = [&]() {
            for (const Arg& a : st.args)
            {
                if (!(a.kind == Arg::REF && !a.keyed))
                {
                    m_ctx.Error(a.keyed ? a.key : a.tok,
                                "arguments",
                                sig0,
                                prim + "(" + sig0 + ") takes only signals; this argument is extra");
                    ok = false;
                }
            }
        };
        if (prim == "mzi" || prim == "phase" || prim == "split")
        {
            std::vector<std::string> keys;
            uint32_t k = 1;
            if (prim == "mzi")
            {
                node.op = PhotonicOp::MZI;
                keys = {"theta", "phi"};
                k = 2;
                nOut = 2;
            }
            else if (prim == "phase")
            {
                node.op = PhotonicOp::PHASE;
                keys = {"phi"};
                nOut = 1;
            }
            else
            {
                node.op = PhotonicOp::SPLITTER;
                keys = {"ratio"};
                nOut = 2;
            }
            needInputs(k);
            std::vector<double> values(keys.size(), 0.0);
            std::vector<bool> given(keys.size(), false);
            std::vector<Token> toks(keys.size());
            if (prim == "split")
            {
                values[0] = 0.5;
            }
            const bool paramsOk = Params(st, keys, values, given, toks, sig0);
            ok = paramsOk && ok;
            if (prim == "phase" && !given[0] && paramsOk)
            {
                m_ctx.Error(st.prim,
                            "arguments",
                            sig0,
                            "phase needs its phase: phase(" + (sig0.empty() ? "x" : sig0) +
                                ", P) or phi=P (radians)");
                ok = false;
            }
            if (prim == "split" && (values[0] <= 0 || values[0] >= 1))
            {
                m_ctx.Error(toks[0],
                            "ratio-range",
                            sig0,
                            "split ratio " + std::to_string(values[0]) + " of " + sig0 +
                                "; allowed: 0 < ratio < 1");
                ok = false;
            }
            node.params = values;
        }
        else if (prim == "combine" || prim == "cross" || prim == "detect" || prim == "drop")
        {
            if (prim == "combine")
            {
                node.op = PhotonicOp::COMBINER;
                needInputs(2);
                nOut = 1;
            }
            else if (prim == "cross")
            {
                node.op = PhotonicOp::CROSSING;
                needInputs(2);
                nOut = 2;
            }
            else
            {
                // drop(a[0..3]) or detect(x, y): one terminator or detector per signal.
                node.op = prim == "detect" ? PhotonicOp::DETECTOR : PhotonicOp::TERMINATOR;
                if (insOk && ins.empty())
                {
                    needInputs(1);
                }
                nOut = 0;
            }
            noValueArgs();
        }
        else if (prim == "multicast")
        {
            node.op = PhotonicOp::MULTICAST;
            needInputs(1);
            noValueArgs();
            nOut = static_cast<uint32_t>(lhs.size());
            if (lhsOk && nOut == 0)
            {
                m_ctx.Error(st.prim,
                            "arity",
                            sig0,
                            "multicast of " + sig0 +
                                " has no outputs; allowed: k >= 1 signals on the left");
                ok = false;
            }
        }
        else if (prim == "permute")
        {
            node.op = PhotonicOp::PERMUTE;
            nOut = static_cast<uint32_t>(ins.size());
            const Arg* list = nullptr;
            for (const Arg& a : st.args)
            {
                if (a.kind == Arg::REF && !a.keyed)
                {
                    continue;
                }
                if (!list && a.kind == Arg::MATRIX && (!a.keyed || a.key.text == "perm"))
                {
                    list = &a;
                    continue;
                }
                m_ctx.Error(a.keyed ? a.key : a.tok,
                            "arguments",
                            sig0,
                            "permute(" + sig0 +
                                ", ...) takes signals and one list [p0, p1, ...]; this argument "
                                "is extra or of the wrong kind");
                ok = false;
            }
            if (!list)
            {
                m_ctx.Error(
                    st.prim,
                    "arguments",
                    sig0,
                    "permute(" + sig0 +
                        ", ...) needs its list [p0, p1, ...] (input i leaves by output p_i)");
                ok = false;
            }
            else if (list->mat.rows.size() != 1)
            {
                m_ctx.Error(list->tok,
                            "not-permutation",
                            sig0,
                            "the permutation of " + sig0 + ", ... is a matrix of " +
                                std::to_string(list->mat.rows.size()) +
                                " rows; allowed: one list [p0, p1, ...]");
                ok = false;
            }
            else if (insOk)
            {
                const auto& row = list->mat.rows[0];
                if (row.size() != ins.size())
                {
                    m_ctx.Error(list->tok,
                                "size-mismatch",
                                sig0,
                                "permutation of " + sig0 + ", ... has " +
                                    std::to_string(row.size()) + " entries for " +
                                    std::to_string(ins.size()) +
                                    " input signals; allowed: one entry per input");
                    ok = false;
                }
                else
                {
                    std::vector<bool> seen(row.size(), false);
                    for (std::size_t i = 0; i < row.size(); ++i)
                    {
                        const double v = row[i].real();
                        const bool integral = row[i].imag() == 0 && v >= 0 &&
                                              v < static_cast<double>(row.size()) &&
                                              v == std::floor(v);
                        if (!integral || seen[static_cast<std::size_t>(v)])
                        {
                            m_ctx.Error(
                                list->mat.toks[0][i],
                                "not-permutation",
                                ins[i].key,
                                "entry " + std::to_string(i) + " (" + list->mat.toks[0][i].text +
                                    ") of the permutation " +
                                    (integral ? "repeats an output" : "is not an output index") +
                                    " (input " + ins[i].key + "); allowed: each of 0.." +
                                    std::to_string(row.size() - 1) + " exactly once");
                            ok = false;
                            break;
                        }
                        seen[static_cast<std::size_t>(v)] = true;
                        node.perm.push_back(static_cast<uint32_t>(v));
                    }
                }
            }
        }
        else if (prim == "unitary")
        {
            node.op = PhotonicOp::UNITARY;
            nOut = static_cast<uint32_t>(ins.size());
            const Arg* mat = nullptr;
            for (const Arg& a : st.args)
            {
                if (a.kind == Arg::REF && !a.keyed)
                {
                    continue;
                }
                const bool isMat = a.kind == Arg::MATRIX && (!a.keyed || a.key.text == "matrix");
                const bool isFile = a.kind == Arg::STRING && a.keyed && a.key.text == "file";
                if (!mat && (isMat || isFile))
                {
                    mat = &a;
                    continue;
                }
                m_ctx.Error(a.keyed ? a.key : a.tok,
                            "arguments",
                            sig0,
                            "unitary(" + sig0 +
                                ", ...) takes signals and one matrix ([..] or file=\"name\"); this "
                                "argument is extra or of the wrong kind");
                ok = false;
            }
            if (!mat)
            {
                m_ctx.Error(st.prim,
                            "arguments",
                            sig0,
                            "unitary(" + sig0 + ", ...) needs its matrix: [..] or file=\"name\"");
                ok = false;
            }
            else
            {
                bool have = true;
                PhotonicMatrix m;
                if (mat->kind == Arg::MATRIX)
                {
                    const auto& rows = mat->mat.rows;
                    for (std::size_t r = 0; r < rows.size() && have; ++r)
                    {
                        if (rows[r].size() != rows[0].size())
                        {
                            m_ctx.Error(mat->mat.toks[r].empty() ? mat->tok : mat->mat.toks[r][0],
                                        "not-unitary",
                                        sig0,
                                        "matrix row " + std::to_string(r + 1) + " of unitary(" +
                                            sig0 + ", ...) has " + std::to_string(rows[r].size()) +
                                            " entries, row 1 has " +
                                            std::to_string(rows[0].size()) +
                                            "; allowed: a square unitary matrix");
                            have = false;
                        }
                    }
                    if (have)
                    {
                        m = PhotonicMatrix(rows.size(), rows[0].size());
                        for (std::size_t r = 0; r < rows.size(); ++r)
                        {
                            for (std::size_t c = 0; c < rows[r].size(); ++c)
                            {
                                m(r, c) = rows[r][c];
                            }
                        }
                    }
                }
                else
                {
                    std::string path = mat->str;
                    if (!path.empty() && path[0] != '/' && !m_ctx.baseDir.empty())
                    {
                        path = m_ctx.baseDir + "/" + path;
                    }
                    std::string error;
                    uint32_t line = 0;
                    uint32_t col = 0;
                    if (!ReadMatrixFile(path, m, error, line, col))
                    {
                        PhotonicDiagnostic d;
                        if (line == 0)
                        {
                            d.location = m_ctx.Loc(mat->tok);
                        }
                        else
                        {
                            d.location.file = path;
                            d.location.line = line;
                            d.location.column = col;
                            error = path + ":" + std::to_string(line) + ": " + error;
                        }
                        d.rule = "matrix-file";
                        d.signal = sig0;
                        d.message = error + " (matrix of unitary(" + sig0 + ", ...) at " +
                                    m_ctx.Loc(mat->tok).ToString() + ")";
                        m_ctx.diags->push_back(d);
                        have = false;
                    }
                }
                if (have)
                {
                    bool finite = true;
                    for (uint32_t r = 0; r < m.Rows(); ++r)
                    {
                        for (uint32_t c = 0; c < m.Cols(); ++c)
                        {
                            finite = finite && std::isfinite(m(r, c).real()) &&
                                     std::isfinite(m(r, c).imag());
                        }
                    }
                    if (m.Rows() != m.Cols())
                    {
                        m_ctx.Error(mat->tok,
                                    "not-unitary",
                                    sig0,
                                    "the matrix of unitary(" + sig0 + ", ...) is " +
                                        std::to_string(m.Rows()) + " x " +
                                        std::to_string(m.Cols()) +
                                        "; allowed: a square unitary matrix");
                        have = false;
                    }
                    else if (insOk && m.Rows() != ins.size())
                    {
                        m_ctx.Error(mat->tok,
                                    "size-mismatch",
                                    sig0,
                                    "a " + std::to_string(m.Rows()) + " x " +
                                        std::to_string(m.Cols()) + " matrix for unitary(" + sig0 +
                                        ", ...) of " + std::to_string(ins.size()) +
                                        " input signals; allowed: n x n for n inputs");
                        have = false;
                    }
                    else if (!finite)
                    {
                        m_ctx.Error(mat->tok,
                                    "arguments",
                                    sig0,
                                    "the matrix of unitary(" + sig0 +
                                        ", ...) has entries that are not finite");
                        have = false;
                    }
                    else
                    {
                        const double defect = UnitaryDefect(m);
                        if (!(defect <= UNITARY_TOLERANCE))
                        {
                            std::ostringstream os;
                            os << "the matrix of unitary(" << sig0
                               << ", ...) is not unitary: M^H M differs from I by " << defect
                               << "; allowed: at most " << UNITARY_TOLERANCE << " per entry";
                            m_ctx.Error(mat->tok, "not-unitary", sig0, os.str());
                            have = false;
                        }
                    }
                }
                ok = ok && have;
                node.matrix = m;
            }
        }
        else
        {
            m_ctx.Error(st.prim,
                        "unknown-primitive",
                        sig0,
                        "unknown primitive '" + prim + "' applied to " +
                            (sig0.empty() ? std::string("nothing") : sig0) +
                            "; allowed: mzi, phase, split, combine, cross, detect, drop, "
                            "permute, multicast, unitary");
            for (const Elem& e : lhs)
            {
                Define(e, UINT32_MAX, 0, "", false);
            }
            return;
        }
        if (lhsOk && prim != "multicast" && lhs.size() != nOut)
        {
            m_ctx.Error(lhs.empty() ? st.prim : st.lhs[0].name,
                        "arity",
                        lhs.empty() ? sig0 : lhs[0].key,
                        prim + "(" + sig0 + ") gives " + std::to_string(nOut) +
                            " output(s), the left side (" + Keys(lhs) + ") has " +
                            std::to_string(lhs.size()) + "; allowed: exactly " +
                            std::to_string(nOut));
            ok = false;
        }
        uint32_t id = UINT32_MAX;
        if (ok && (node.op == PhotonicOp::DETECTOR || node.op == PhotonicOp::TERMINATOR))
        {
            node.nIn = 1;
            node.nOut = 0;
            for (std::size_t i = 0; i < src.size(); ++i)
            {
                const uint32_t t = m_g->AddNode(node);
                if (!src[i].empty())
                {
                    PendingEdge pe;
                    pe.src = src[i];
                    pe.to = t;
                    pe.toPort = 0;
                    pe.location = m_ctx.Loc(ins[i].tok);
                    m_pending.push_back(pe);
                }
            }
        }
        else if (ok)
        {
            node.nIn = static_cast<uint32_t>(ins.size());
            node.nOut = nOut;
            id = m_g->AddNode(node);
            for (std::size_t i = 0; i < src.size(); ++i)
            {
                if (src[i].empty())
                {
                    continue;
                }
                PendingEdge pe;
                pe.src = src[i];
                pe.to = id;
                pe.toPort = static_cast<uint32_t>(i);
                pe.location = m_ctx.Loc(ins[i].tok);
                m_pending.push_back(pe);
            }
        }
        for (std::size_t i = 0; i < lhs.size(); ++i)
        {
            Define(lhs[i], id, static_cast<uint32_t>(i), "", ok && i < nOut);
        }
    }
};

/// The stem of a path: "dir/perm8.lambda" -> "perm8".
std::string
Stem(const std::string& path)
{
    std::string s =
        path.substr(path.find_last_of('/') == std::string::npos ? 0 : path.find_last_of('/') + 1);
    const std::size_t dot = s.find_last_of('.');
    if (dot != std::string::npos && dot > 0)
    {
        s = s.substr(0, dot);
    }
    return s;
}

} // namespace
} // namespace photonic

using namespace photonic;

bool
PhotonicLanguage::ParseFile(const std::string& path,
                            PhotonicProgram& program,
                            std::vector<PhotonicDiagnostic>& diagnostics)
{
    std::string text;
    std::string why;
    if (!OpticalDataFile::ReadText(path, OpticalDataFile::MAX_FILE_BYTES, text, why))
    {
        PhotonicDiagnostic d;
        d.location.file = path;
        d.rule = "syntax";
        d.message = "program file: " + why;
        diagnostics.push_back(d);
        return false;
    }
    const std::size_t slash = path.find_last_of('/');
    const std::string dir = slash == std::string::npos ? "" : path.substr(0, slash);
    return ParseString(text, path, program, diagnostics, dir);
}

bool
PhotonicLanguage::ParseString(const std::string& text,
                              const std::string& fileName,
                              PhotonicProgram& program,
                              std::vector<PhotonicDiagnostic>& diagnostics,
                              const std::string& baseDir)
{
    NS_LOG_FUNCTION(fileName << text.size());
    const std::size_t before = diagnostics.size();
    Context ctx;
    ctx.file = fileName.empty() ? "<string>" : fileName;
    ctx.baseDir = baseDir;
    ctx.diags = &diagnostics;
    const std::vector<Token> toks = Tokenize(text);
    for (const Token& t : toks)
    {
        if (t.kind == TokenKind::ERROR)
        {
            ++ctx.syntaxErrors;
            ctx.Error(t,
                      "syntax",
                      "",
                      t.text == "unterminated string"
                          ? std::string("a string without its closing '\"'")
                          : "character '" + t.text + "' is not part of the language");
        }
    }
    // Error tokens are dropped after being reported (the parser sees the rest).
    std::vector<Token> clean;
    clean.reserve(toks.size());
    for (const Token& t : toks)
    {
        if (t.kind != TokenKind::ERROR)
        {
            clean.push_back(t);
        }
    }
    ProgramAst ast;
    Parser parser(clean, ctx);
    parser.ParseProgram(ast);

    program = PhotonicProgram();
    program.file = ctx.file;
    program.name = ast.name.empty() ? Stem(ctx.file) : ast.name;
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

    // Ports: names unique, switch ports of one direction disjoint.
    std::unordered_map<std::string, PortInfo> ports;
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
        // Overlap with an earlier declaration of the same direction: the taken interval that
        // begins last before this one ends is the only candidate (the taken ones are disjoint).
        bool overlap = false;
        auto it = used[dir].lower_bound(p.first + p.size);
        if (it != used[dir].begin())
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

    if (ast.slots.empty())
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
    else
    {
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
            const SlotAst& s = ast.slots[k];
            PhotonicSlot slot;
            slot.location = ctx.Loc(s.kw);
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
            ScopeChecker checker(ctx, ports, ast.decls, loops, " in slot " + std::to_string(k));
            checker.SetLines(s.stmts);
            checker.Run(s.stmts, slot.graph);
            program.slots.push_back(std::move(slot));
        }
    }
    const bool ok = diagnostics.size() == before;
    NS_LOG_LOGIC(program.name << ": " << (diagnostics.size() - before) << " diagnostics");
    return ok;
}

std::vector<std::string>
PhotonicLanguage::GetRules()
{
    return {"undefined",       "use-once",     "unconsumed", "port-direction",    "port-once",
            "redefined",       "arity",        "arguments",  "index-range",       "size-mismatch",
            "not-unitary",     "ratio-range",  "loop",       "unknown-primitive", "slot",
            "not-permutation", "port-overlap", "syntax",     "matrix-file",       "empty"};
}

void
PhotonicLanguage::LowerCircuits(PhotonicGraph& graph)
{
    NS_LOG_FUNCTION(graph.nodes.size() << graph.edges.size());
    const uint32_t n0 = static_cast<uint32_t>(graph.nodes.size());
    // Edge feeding each node input and leaving each node output.
    std::vector<std::vector<uint32_t>> inEdge(n0);
    std::vector<std::vector<uint32_t>> outEdge(n0);
    for (uint32_t v = 0; v < n0; ++v)
    {
        inEdge[v].assign(graph.nodes[v].nIn, UINT32_MAX);
        outEdge[v].assign(graph.nodes[v].nOut, UINT32_MAX);
    }
    for (uint32_t e = 0; e < graph.edges.size(); ++e)
    {
        const PhotonicEdge& ed = graph.edges[e];
        if (ed.to < n0 && ed.toPort < inEdge[ed.to].size())
        {
            inEdge[ed.to][ed.toPort] = e;
        }
        if (ed.from < n0 && ed.fromPort < outEdge[ed.from].size())
        {
            outEdge[ed.from][ed.fromPort] = e;
        }
    }
    std::vector<bool> deadEdge(graph.edges.size(), false);
    std::vector<bool> deadNode(n0, false);
    auto grow = [&](uint32_t v) {
        // New nodes get their own in/out tables.
        if (v >= inEdge.size())
        {
            inEdge.resize(v + 1);
            outEdge.resize(v + 1);
            deadNode.resize(v + 1, false);
        }
        inEdge[v].assign(graph.nodes[v].nIn, UINT32_MAX);
        outEdge[v].assign(graph.nodes[v].nOut, UINT32_MAX);
    };
    // Joins the edge a (into a lowered node) with the edge b (out of it): a now ends where b
    // ended, b is removed.
    auto join = [&](uint32_t a, uint32_t b) {
        if (a == UINT32_MAX || b == UINT32_MAX)
        {
            if (a != UINT32_MAX)
            {
                deadEdge[a] = true;
            }
            if (b != UINT32_MAX)
            {
                deadEdge[b] = true;
            }
            return;
        }
        if (a == b)
        {
            deadEdge[a] = true; // a lowered node feeding itself
            return;
        }
        PhotonicEdge& ea = graph.edges[a];
        const PhotonicEdge eb = graph.edges[b];
        ea.to = eb.to;
        ea.toPort = eb.toPort;
        ea.signal = eb.signal;
        ea.location = eb.location;
        if (eb.to < inEdge.size() && eb.toPort < inEdge[eb.to].size())
        {
            inEdge[eb.to][eb.toPort] = a;
        }
        deadEdge[b] = true;
    };
    for (uint32_t v = 0; v < n0; ++v)
    {
        const PhotonicNode node = graph.nodes[v];
        if (node.op == PhotonicOp::PERMUTE)
        {
            deadNode[v] = true;
            for (uint32_t i = 0; i < node.nIn; ++i)
            {
                const uint32_t o = i < node.perm.size() ? node.perm[i] : i;
                const uint32_t b = o < outEdge[v].size() ? outEdge[v][o] : UINT32_MAX;
                join(inEdge[v][i], b);
            }
        }
        else if (node.op == PhotonicOp::MULTICAST)
        {
            deadNode[v] = true;
            const uint32_t k = node.nOut;
            const uint32_t a = node.nIn > 0 ? inEdge[v][0] : UINT32_MAX;
            if (k == 0 || a == UINT32_MAX)
            {
                for (uint32_t o = 0; o < k; ++o)
                {
                    if (outEdge[v][o] != UINT32_MAX)
                    {
                        deadEdge[outEdge[v][o]] = true;
                    }
                }
                if (a != UINT32_MAX)
                {
                    deadEdge[a] = true;
                }
                continue;
            }
            const std::string base = graph.edges[a].signal;
            // Builds the tree of outputs [lo, hi) fed by the edge 'feed'.
            std::function<void(uint32_t, uint32_t, uint32_t)> build =
                [&](uint32_t feed, uint32_t lo, uint32_t hi) {
                    if (hi - lo == 1)
                    {
                        join(feed, outEdge[v][lo]);
                        return;
                    }
                    const uint32_t left = (hi - lo + 1) / 2;
                    PhotonicNode s;
                    s.op = PhotonicOp::SPLITTER;
                    s.nIn = 1;
                    s.nOut = 2;
                    s.name = node.name;
                    s.params = {static_cast<double>(left) / static_cast<double>(hi - lo)};
                    s.location = node.location;
                    const uint32_t sid = graph.AddNode(s);
                    grow(sid);
                    PhotonicEdge& fe = graph.edges[feed];
                    fe.to = sid;
                    fe.toPort = 0;
                    inEdge[sid][0] = feed;
                    for (uint32_t side = 0; side < 2; ++side)
                    {
                        PhotonicEdge e;
                        e.from = sid;
                        e.fromPort = side;
                        e.to = sid; // set by the recursion
                        e.signal = base + "." + std::to_string(lo) + "-" + std::to_string(hi) +
                                   (side == 0 ? "L" : "R");
                        e.location = node.location;
                        const uint32_t eid = graph.AddEdge(e);
                        deadEdge.push_back(false);
                        outEdge[sid][side] = eid;
                        if (side == 0)
                        {
                            build(eid, lo, lo + left);
                        }
                        else
                        {
                            build(eid, lo + left, hi);
                        }
                    }
                };
            build(a, 0, k);
        }
    }
    // Remove the lowered nodes and the joined edges; renumber.
    std::vector<uint32_t> newId(graph.nodes.size(), UINT32_MAX);
    std::vector<PhotonicNode> nodes;
    nodes.reserve(graph.nodes.size());
    for (uint32_t v = 0; v < graph.nodes.size(); ++v)
    {
        if (v < deadNode.size() && deadNode[v])
        {
            continue;
        }
        newId[v] = static_cast<uint32_t>(nodes.size());
        nodes.push_back(std::move(graph.nodes[v]));
    }
    std::vector<PhotonicEdge> edges;
    edges.reserve(graph.edges.size());
    for (uint32_t e = 0; e < graph.edges.size(); ++e)
    {
        if (deadEdge[e])
        {
            continue;
        }
        PhotonicEdge ed = graph.edges[e];
        if (ed.from >= newId.size() || ed.to >= newId.size() || newId[ed.from] == UINT32_MAX ||
            newId[ed.to] == UINT32_MAX)
        {
            continue;
        }
        ed.from = newId[ed.from];
        ed.to = newId[ed.to];
        edges.push_back(ed);
    }
    graph.nodes = std::move(nodes);
    graph.edges = std::move(edges);
}

} // namespace ns3
