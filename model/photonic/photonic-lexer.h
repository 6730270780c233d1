/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef PHOTONIC_LEXER_H
#define PHOTONIC_LEXER_H

// The tokens of the photonic switch language and its lexer (photonic-lexer.cc), which the
// language's parser and the tests use.

#include <cstdint>
#include <string>
#include <vector>

namespace ns3
{
namespace photonic
{

/// Kinds of tokens.
enum class TokenKind
{
    NAME,   //!< [A-Za-z_][A-Za-z0-9_]*
    NUMBER, //!< digits [. digits] [e[+-]digits] [letters]: "12", "0.5", "1e-3", "2i", "50us"
    STRING, //!< "..." (text without the quotes)
    PUNCT,  //!< ( ) [ ] { } , ; = @ + - ..
    ERROR,  //!< A character the language does not use, or an unterminated string
    END,    //!< End of the text
};

/// One token, with its place (line and column from 1).
struct Token
{
    TokenKind kind{TokenKind::END}; //!< Kind
    std::string text;               //!< Text (a NUMBER keeps its suffix)
    uint32_t line{0};               //!< Line
    uint32_t column{0};             //!< Column
};

/**
 * \brief Splits a text into tokens; comments ("//" or "#" to the end of the line) and white
 * space are skipped. The last token is END.
 * \param [in] text The text
 * \return the tokens
 */
std::vector<Token> Tokenize(const std::string& text);

} // namespace photonic
} // namespace ns3

#endif /* PHOTONIC_LEXER_H */
