/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// The lexer of the photonic switch language: text to tokens (names, numbers, strings,
// punctuation), comments and white space skipped.

#include "photonic-lexer.h"

#include <cctype>

namespace ns3
{
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

} // namespace photonic
} // namespace ns3
