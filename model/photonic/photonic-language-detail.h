/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef PHOTONIC_LANGUAGE_DETAIL_H
#define PHOTONIC_LANGUAGE_DETAIL_H

// Private to PhotonicLanguage's source files (not installed): the syntax tree, the parser, the
// matrix file reader and the checks of a whole program, which its parsing, checking and lowering
// share (the checker of one scope is in photonic-checker-detail.h).

#include "photonic-ir.h"
#include "photonic-lexer.h"

#include "ns3/log.h"

#include <complex>
#include <cstddef>
#include <cstdint>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace ns3
{
namespace photonic
{

/**
 * \brief The log component "PhotonicLanguage" (defined in photonic-language.cc), which the
 * language's other source files log to as well (one component may be registered only once).
 * \return the component
 */
LogComponent& LanguageLog();

// ---------------------------------------------------------------------------------------------
// The syntax tree (photonic-parser.cc builds it)
// ---------------------------------------------------------------------------------------------

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
    /// Kinds of values.
    enum Kind
    {
        REF,        //!< A signal or port reference
        NUMBER,     //!< A (complex) number
        STRING,     //!< A string
        MATRIX      //!< A matrix or list literal
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

    /**
     * \brief Adds a diagnostic at a token of the program.
     * \param [in] t The token
     * \param [in] rule The rule
     * \param [in] signal The signal concerned ("" : none)
     * \param [in] message The message
     */
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

    /**
     * \param [in] t The token
     * \return the location of a token
     */
    PhotonicLocation Loc(const Token& t) const
    {
        PhotonicLocation l;
        l.file = file;
        l.line = t.line;
        l.column = t.column;
        return l;
    }
};

// ---------------------------------------------------------------------------------------------
// The parser (photonic-parser.cc, photonic-parser-literals.cc)
// ---------------------------------------------------------------------------------------------

/**
 * \brief Describes a token for messages.
 * \param [in] t The token
 * \return its description: "'x'", "string \"s\"", "the end of the text"...
 */
std::string Describe(const Token& t);

/// The parser: tokens to a ProgramAst; syntax errors recover at the next ';' or '}'.
class Parser
{
  public:
    /**
     * \brief Parser of \p toks.
     * \param [in] toks The tokens (the last one END; kept by reference)
     * \param [in,out] ctx Where syntax errors go
     */
    Parser(const std::vector<Token>& toks, Context& ctx);

    /**
     * \brief Parses the whole program.
     * \param [out] ast The program
     */
    void ParseProgram(ProgramAst& ast);

    /**
     * \brief Parses a matrix file's content: rows, one per line.
     * \param [out] rows The rows
     * \param [out] error Why the content was refused
     * \param [out] errLine The line of the error
     * \param [out] errCol The column of the error
     * \return false on an error
     */
    bool ParseMatrixRows(std::vector<std::vector<std::complex<double>>>& rows,
                         std::string& error,
                         uint32_t& errLine,
                         uint32_t& errCol);

  private:
    const std::vector<Token>& m_t; //!< Tokens
    Context& m_ctx;                //!< Diagnostics
    std::size_t m_i{0};            //!< Current token
    int m_depth{0};                //!< '[' nesting at the current token
    int m_braces{0};               //!< '{' nesting (slots)

    /// \return true at a keyword that begins an item on a new line (a forgotten ';' before it)
    bool AtItemStart() const;

    /**
     * \param [in] s A name
     * \return true if \p s begins a declaration (in, out, loop, program)
     */
    static bool IsDeclKeyword(const std::string& s);

    /// \return the current token
    const Token& Cur() const;

    /// \return true at the END token
    bool AtEnd() const;

    /**
     * \param [in] p A punctuation
     * \return true if the current token is \p p
     */
    bool IsPunct(const char* p) const;

    /**
     * \param [in] p A punctuation
     * \return true if the token after the current one is \p p
     */
    bool NextIs(const char* p) const;

    /// \brief Moves to the next token (not past END), following the '[' nesting.
    void Advance();

    /**
     * \brief Reports a syntax error.
     * \param [in] t Where
     * \param [in] msg The message
     */
    void SyntaxError(const Token& t, const std::string& msg);

    /// \brief Skips to just after the next ';' outside brackets, or to the next '}' (not
    /// consumed).
    void Sync();

    /**
     * \brief Consumes the punctuation \p p, or reports a syntax error.
     * \param [in] p The punctuation
     * \param [in] what Its description in the message
     * \return true if it was there
     */
    bool Expect(const char* p, const std::string& what);

    /**
     * \brief Parses a whole number.
     * \param [out] v The number
     * \param [out] tok Its token
     * \return false on a syntax error
     */
    bool ParseInt(uint64_t& v, Token& tok);

    /**
     * \brief Parses NAME, NAME[i] or NAME[lo..hi].
     * \param [out] r The reference
     * \return false on a syntax error
     */
    bool ParseRef(Ref& r);

    /**
     * \brief complex := [sign] term [ (+|-) imaginary-term ]; term := NUMBER | "i".
     * \param [out] v The value
     * \param [out] at Its first token
     * \param [out] error Why it was refused
     * \param [in] line The line the second term must be on (0: any)
     * \return false on an error
     */
    bool ParseComplex(std::complex<double>& v, Token& at, std::string& error, uint32_t line);

    /**
     * \brief Parses [sign] (NUMBER | "i").
     * \param [out] x The value
     * \param [out] imag Whether it is imaginary
     * \param [out] error Why it was refused
     * \return false on an error
     */
    bool ParseTerm(double& x, bool& imag, std::string& error);

    /**
     * \brief Parses a matrix literal [a, b; c, d] (or a list [a, b]).
     * \param [out] m The matrix
     * \return false on a syntax error
     */
    bool ParseMatrix(MatrixLit& m);

    /**
     * \brief Parses one argument of a call.
     * \param [out] a The argument
     * \return false on a syntax error
     */
    bool ParseArg(Arg& a);

    /**
     * \brief Parses NAME(args) into \p st.
     * \param [in,out] st The statement
     * \return false on a syntax error
     */
    bool ParseCall(Stmt& st);

    /**
     * \brief A comma-separated list of references.
     * \param [in,out] refs The references
     * \return false on a syntax error
     */
    bool ParseRefList(std::vector<Ref>& refs);

    /**
     * \brief Parses a statement, without recovery.
     * \param [out] st The statement
     * \return false on a syntax error
     */
    bool ParseStmtInner(Stmt& st);

    /**
     * \brief Parses a statement; on a syntax error, skips to the next ';' or '}'.
     * \param [out] st The statement (broken after a syntax error)
     * \return true if \p st is to be kept
     */
    bool ParseStmt(Stmt& st);

    /**
     * \brief Parses the ports of one 'in' or 'out' declaration.
     * \param [in,out] ast The program
     * \param [in] input 'in' (else 'out')
     */
    void ParseDeclList(ProgramAst& ast, bool input);

    /**
     * \brief Parses a declaration: in, out, program or loop.
     * \param [in,out] ast The program
     */
    void ParseDecl(ProgramAst& ast);

    /// \brief Skips a (nested) block: from '{' to its matching '}'.
    void SkipBlock();

    /**
     * \brief slot DURATION { stmts }.
     * \param [out] s The slot
     * \param [in] nested Inside another slot (reported and skipped)
     * \return false when the slot is not kept
     */
    bool ParseSlot(SlotAst& s, bool nested);

    /**
     * \brief Reports a slot inside a slot and skips it.
     * \param [in] s The nested slot (its keyword)
     */
    void SkipNestedSlot(const SlotAst& s);

    /**
     * \brief Parses a slot's duration: [-] NUMBER [unit written apart].
     * \param [in,out] s The slot
     */
    void ParseSlotDuration(SlotAst& s);

    /**
     * \brief Parses a slot's statements up to its '}'.
     * \param [in,out] s The slot
     */
    void ParseSlotBody(SlotAst& s);
};

// ---------------------------------------------------------------------------------------------
// Matrix files (photonic-matrix-file.cc)
// ---------------------------------------------------------------------------------------------

/**
 * \brief Parses a matrix file: rows of comma-separated complex literals.
 * \param [in] path The file
 * \param [out] m The matrix
 * \param [out] error Why it was refused
 * \param [out] line The line of the error in the file (0: the file as a whole)
 * \param [out] col The column of the error
 * \return false on an error
 */
bool ReadMatrixFile(const std::string& path,
                    PhotonicMatrix& m,
                    std::string& error,
                    uint32_t& line,
                    uint32_t& col);

// ---------------------------------------------------------------------------------------------
// The ports of a program, as the type checker sees them
// ---------------------------------------------------------------------------------------------

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

/// The ports of a program by name.
using PortMap = std::unordered_map<std::string, PortInfo>;

// ---------------------------------------------------------------------------------------------
// The checks of a whole program (photonic-checker-program.cc)
// ---------------------------------------------------------------------------------------------

/**
 * \brief Rule 'empty': a program without syntax errors declares a port.
 * \param [in] ast The program
 * \param [in] toks Its tokens
 * \param [in,out] ctx Diagnostics
 */
void CheckNotEmpty(const ProgramAst& ast, const std::vector<Token>& toks, Context& ctx);

/**
 * \brief Ports: names unique, switch ports of one direction disjoint.
 * \param [in] ast The program
 * \param [in,out] ctx Diagnostics
 * \param [in,out] program Gets the port declarations
 * \return the ports by name
 */
PortMap CheckPorts(const ProgramAst& ast, Context& ctx, PhotonicProgram& program);

/**
 * \brief Loops: signals only, each once.
 * \param [in] ast The program
 * \param [in] ports The ports
 * \param [in,out] ctx Diagnostics
 * \param [in,out] program Gets the loop names
 * \return the declared loops
 */
std::unordered_set<std::string> CheckLoops(const ProgramAst& ast,
                                           const PortMap& ports,
                                           Context& ctx,
                                           PhotonicProgram& program);

/**
 * \brief Checks the statements: one scope for a static program, else one per slot.
 * \param [in] ast The program
 * \param [in] ports The ports
 * \param [in] loops The declared loops
 * \param [in,out] ctx Diagnostics
 * \param [in,out] program Gets the slots
 */
void CheckScopes(const ProgramAst& ast,
                 const PortMap& ports,
                 const std::unordered_set<std::string>& loops,
                 Context& ctx,
                 PhotonicProgram& program);

} // namespace photonic
} // namespace ns3

#endif /* PHOTONIC_LANGUAGE_DETAIL_H */
