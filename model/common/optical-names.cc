/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "optical-names.h"

#include "ns3/abort.h"
#include "ns3/enum.h"

#include <algorithm>
#include <cctype>

namespace ns3
{

namespace
{
/// \param [in] text Any text \return it in lower case (ASCII)
std::string
Lower(std::string text)
{
    std::transform(text.begin(), text.end(), text.begin(), [](unsigned char c) {
        return static_cast<char>(std::tolower(c));
    });
    return text;
}

/// \param [in] text Any text \return it in upper case (ASCII)
std::string
Upper(std::string text)
{
    std::transform(text.begin(), text.end(), text.begin(), [](unsigned char c) {
        return static_cast<char>(std::toupper(c));
    });
    return text;
}

/// \param [in] text Any text \return it without surrounding blanks
std::string
Trim(const std::string& text)
{
    const auto first = text.find_first_not_of(" \t\r\n");
    if (first == std::string::npos)
    {
        return "";
    }
    const auto last = text.find_last_not_of(" \t\r\n");
    return text.substr(first, last - first + 1);
}

/**
 * \param [in] checker An enum checker
 * \return its names, in its order, each once in any case (aliases of MakeAnyCaseEnumChecker
 * dropped)
 */
std::vector<std::string>
EnumNames(Ptr<const AttributeChecker> checker)
{
    std::vector<std::string> names;
    const std::string info = checker->GetUnderlyingTypeInformation();
    size_t start = 0;
    while (start <= info.size())
    {
        const auto bar = info.find('|', start);
        const std::string name =
            info.substr(start, bar == std::string::npos ? std::string::npos : bar - start);
        const bool known = std::any_of(names.begin(), names.end(), [&name](const std::string& n) {
            return Lower(n) == Lower(name);
        });
        if (!name.empty() && !known)
        {
            names.push_back(name);
        }
        if (bar == std::string::npos)
        {
            break;
        }
        start = bar + 1;
    }
    return names;
}
} // namespace

OpticalNames::OpticalNames(std::string what, std::vector<std::string> names)
    : m_what(std::move(what)),
      m_names(std::move(names))
{
    for (size_t i = 0; i < m_names.size(); ++i)
    {
        for (size_t j = 0; j < i; ++j)
        {
            NS_ABORT_MSG_IF(Lower(m_names[i]) == Lower(m_names[j]),
                            "OpticalNames: '" << m_names[i] << "' named twice for " << m_what);
        }
    }
}

const std::string&
OpticalNames::GetName(uint32_t index) const
{
    static const std::string unknown = "?";
    return index < m_names.size() ? m_names[index] : unknown;
}

uint32_t
OpticalNames::GetN() const
{
    return static_cast<uint32_t>(m_names.size());
}

bool
OpticalNames::Find(const std::string& text, uint32_t& index, std::string& error) const
{
    const std::string wanted = Lower(Trim(text));
    for (size_t i = 0; i < m_names.size(); ++i)
    {
        if (Lower(m_names[i]) == wanted)
        {
            index = static_cast<uint32_t>(i);
            return true;
        }
    }
    error = "'" + text + "' is not a " + m_what + " (allowed: " + GetList() + ")";
    return false;
}

std::string
OpticalNames::GetList() const
{
    std::string list;
    for (const auto& n : m_names)
    {
        list += (list.empty() ? "" : ", ") + n;
    }
    return list;
}

const std::string&
OpticalNames::GetWhat() const
{
    return m_what;
}

namespace optical
{

std::vector<std::pair<std::string, std::string>>
detail::CaseAliases(Ptr<const AttributeChecker> checker)
{
    std::vector<std::pair<std::string, std::string>> aliases;
    for (const auto& name : EnumNames(checker))
    {
        std::string title = Lower(name);
        title[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(title[0])));
        std::vector<std::string> added{name};
        for (const std::string& alias : {Lower(name), Upper(name), title})
        {
            if (std::find(added.begin(), added.end(), alias) == added.end())
            {
                aliases.emplace_back(name, alias);
                added.push_back(alias);
            }
        }
    }
    return aliases;
}

bool
IsEnumChecker(Ptr<const AttributeChecker> checker)
{
    // "ns3::EnumValue" up to ns-3.40, "ns3::EnumValue<T>" from 3.41 on.
    return checker && checker->GetValueTypeName().rfind("ns3::EnumValue", 0) == 0;
}

bool
FindEnumName(Ptr<const AttributeChecker> checker, const std::string& text, std::string& canonical)
{
    const std::string wanted = Lower(Trim(text));
    for (const auto& name : EnumNames(checker))
    {
        if (Lower(name) == wanted)
        {
            canonical = name;
            return true;
        }
    }
    return false;
}

std::string
EnumNameList(Ptr<const AttributeChecker> checker)
{
    std::string list;
    for (const auto& name : EnumNames(checker))
    {
        list += (list.empty() ? "" : ", ") + name;
    }
    return list;
}

} // namespace optical

} // namespace ns3
