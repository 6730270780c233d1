/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// The entry points of the photonic switch language: a program file or text through the lexer,
// the parser and the type checker to IR graphs, and the list of the checker's rules.

#include "photonic-language.h"

#include "photonic-language-detail.h"

#include "ns3/log.h"
#include "ns3/optical-data-file.h"

#include <unordered_set>
#include <utility>

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("PhotonicLanguage");

namespace photonic
{

LogComponent&
LanguageLog()
{
    return g_log;
}

namespace
{

/**
 * \brief The stem of a path: "dir/perm8.lambda" -> "perm8".
 * \param [in] path The path
 * \return its stem
 */
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

/**
 * \brief Reports the lexer's error tokens; error tokens are dropped after being reported (the
 * parser sees the rest).
 * \param [in] toks The tokens
 * \param [in,out] ctx Diagnostics and the count of syntax errors
 * \return the tokens without the error tokens
 */
std::vector<Token>
TokensForParser(const std::vector<Token>& toks, Context& ctx)
{
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
    std::vector<Token> clean;
    clean.reserve(toks.size());
    for (const Token& t : toks)
    {
        if (t.kind != TokenKind::ERROR)
        {
            clean.push_back(t);
        }
    }
    return clean;
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
    const std::vector<Token> clean = TokensForParser(toks, ctx);
    ProgramAst ast;
    Parser parser(clean, ctx);
    parser.ParseProgram(ast);

    program = PhotonicProgram();
    program.file = ctx.file;
    program.name = ast.name.empty() ? Stem(ctx.file) : ast.name;
    CheckNotEmpty(ast, toks, ctx);
    const PortMap ports = CheckPorts(ast, ctx, program);
    const std::unordered_set<std::string> loops = CheckLoops(ast, ports, ctx, program);
    CheckScopes(ast, ports, loops, ctx, program);
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

} // namespace ns3
