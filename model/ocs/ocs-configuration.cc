/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "ocs-configuration.h"

#include "ns3/optical-data-file.h"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <sstream>
#include <tuple>

namespace ns3
{

OcsConfiguration&
OcsConfiguration::Connect(uint32_t a, uint32_t b, double insertionLossDb)
{
    m_circuits.push_back({a, b, true, insertionLossDb});
    return *this;
}

OcsConfiguration&
OcsConfiguration::ConnectOneWay(uint32_t from, uint32_t to, double insertionLossDb)
{
    m_circuits.push_back({from, to, false, insertionLossDb});
    return *this;
}

const std::vector<OcsCircuit>&
OcsConfiguration::GetCircuits() const
{
    return m_circuits;
}

std::size_t
OcsConfiguration::GetNCircuits() const
{
    return m_circuits.size();
}

namespace
{
/// Human-readable form of one circuit, for error messages.
std::string
Describe(const OcsCircuit& c)
{
    std::ostringstream oss;
    oss << c.from << (c.bidirectional ? "-" : ">") << c.to;
    return oss.str();
}
} // namespace

std::string
OcsConfiguration::Validate(uint32_t nPorts) const
{
    // usedIn[p] / usedOut[p]: index+1 of the circuit that already uses port p as input / output.
    // Called at every slot of a rotor schedule: the messages are built only on a failure.
    std::vector<std::size_t> usedIn(nPorts, 0);
    std::vector<std::size_t> usedOut(nPorts, 0);
    for (std::size_t k = 0; k < m_circuits.size(); ++k)
    {
        const OcsCircuit& c = m_circuits[k];
        if (c.from >= nPorts || c.to >= nPorts)
        {
            std::ostringstream err;
            err << "circuit " << Describe(c) << " uses port " << std::max(c.from, c.to)
                << ", but the switch has ports 0.." << (nPorts == 0 ? 0 : nPorts - 1)
                << (nPorts == 0 ? " (none)" : "");
            return err.str();
        }
        if (c.from == c.to)
        {
            std::ostringstream err;
            err << "circuit " << Describe(c) << " joins port " << c.from
                << " to itself (self-loops are not allowed)";
            return err.str();
        }
        if (!std::isfinite(c.insertionLossDb) && !std::isnan(c.insertionLossDb))
        {
            return "circuit " + Describe(c) + " has a non-finite insertion loss";
        }
        // Every (input, output) use of this circuit: one way, or both.
        for (int use = 0; use < (c.bidirectional ? 2 : 1); ++use)
        {
            const uint32_t in = use == 0 ? c.from : c.to;
            const uint32_t out = use == 0 ? c.to : c.from;
            if (usedIn[in] != 0)
            {
                std::ostringstream err;
                err << "port " << in << " is used twice as an input (circuits "
                    << Describe(m_circuits[usedIn[in] - 1]) << " and " << Describe(c) << ")";
                return err.str();
            }
            if (usedOut[out] != 0)
            {
                std::ostringstream err;
                err << "port " << out << " is used twice as an output (circuits "
                    << Describe(m_circuits[usedOut[out] - 1]) << " and " << Describe(c) << ")";
                return err.str();
            }
            usedIn[in] = k + 1;
            usedOut[out] = k + 1;
        }
    }
    return "";
}

std::vector<int32_t>
OcsConfiguration::GetOutputMap(uint32_t nPorts) const
{
    std::vector<int32_t> out(nPorts, NO_PORT);
    for (const auto& c : m_circuits)
    {
        if (c.from < nPorts && c.to < nPorts)
        {
            out[c.from] = static_cast<int32_t>(c.to);
            if (c.bidirectional)
            {
                out[c.to] = static_cast<int32_t>(c.from);
            }
        }
    }
    return out;
}

int32_t
OcsConfiguration::GetPeer(uint32_t port) const
{
    for (const auto& c : m_circuits)
    {
        if (c.from == port)
        {
            return static_cast<int32_t>(c.to);
        }
        if (c.bidirectional && c.to == port)
        {
            return static_cast<int32_t>(c.from);
        }
    }
    return NO_PORT;
}

std::vector<double>
OcsConfiguration::GetLossMap(uint32_t nPorts, double defaultLossDb) const
{
    std::vector<double> loss(nPorts, 0.0);
    for (const auto& c : m_circuits)
    {
        if (c.from < nPorts && c.to < nPorts)
        {
            const double l = c.insertionLossDb < 0 ? defaultLossDb : c.insertionLossDb;
            loss[c.from] = l;
            if (c.bidirectional)
            {
                loss[c.to] = l;
            }
        }
    }
    return loss;
}

namespace
{
/// Parses a port number; false if \p s is not a plain whole number up to MAX_PORT.
bool
ParsePort(const std::string& s, uint32_t& port)
{
    uint64_t value = 0;
    std::string why;
    if (s.empty() ||
        !std::all_of(s.begin(), s.end(), [](char ch) { return ch >= '0' && ch <= '9'; }) ||
        !OpticalDataFile::ReadCount(s, 0, OcsConfiguration::MAX_PORT, value, why))
    {
        return false;
    }
    port = static_cast<uint32_t>(value);
    return true;
}
} // namespace

bool
OcsConfiguration::Parse(const std::string& text, OcsConfiguration& config, std::string& error)
{
    OcsConfiguration parsed;
    std::istringstream iss(text);
    std::string token;
    while (std::getline(iss, token, ','))
    {
        const std::string t = OpticalDataFile::Trim(token);
        if (t.empty())
        {
            if (OpticalDataFile::Trim(text).empty())
            {
                break;
            }
            error = "empty circuit in configuration '" + text + "'";
            return false;
        }
        double loss = -1.0;
        std::string body = t;
        const auto at = t.find('@');
        if (at != std::string::npos)
        {
            body = t.substr(0, at);
            const std::string lossText = t.substr(at + 1);
            std::string why;
            if (!OpticalDataFile::ReadReal(lossText,
                                           OpticalBounds::Between(0, MAX_INSERTION_LOSS_DB),
                                           "dB",
                                           loss,
                                           why))
            {
                error = "bad insertion loss in circuit '" + t + "': " + why;
                return false;
            }
        }
        const auto sep = body.find_first_of("->");
        uint32_t a = 0;
        uint32_t b = 0;
        if (sep == std::string::npos || !ParsePort(OpticalDataFile::Trim(body.substr(0, sep)), a) ||
            !ParsePort(OpticalDataFile::Trim(body.substr(sep + 1)), b))
        {
            error = "bad circuit '" + t +
                    "' (expected 'a-b' for a bidirectional or 'a>b' for a one-way circuit, "
                    "with port numbers 0 to " +
                    std::to_string(MAX_PORT) + ", optionally followed by '@<loss dB>')";
            return false;
        }
        if (body[sep] == '-')
        {
            parsed.Connect(a, b, loss);
        }
        else
        {
            parsed.ConnectOneWay(a, b, loss);
        }
    }
    config = parsed;
    return true;
}

std::string
OcsConfiguration::ToString() const
{
    std::ostringstream oss;
    for (std::size_t k = 0; k < m_circuits.size(); ++k)
    {
        const OcsCircuit& c = m_circuits[k];
        oss << (k ? "," : "") << Describe(c);
        if (c.insertionLossDb >= 0)
        {
            oss << "@" << c.insertionLossDb;
        }
    }
    return oss.str();
}

bool
OcsConfiguration::operator==(const OcsConfiguration& other) const
{
    // The same circuits in the same order (a schedule's repeated step): equal, without sorting.
    auto same = [](const OcsCircuit& x, const OcsCircuit& y) {
        return x.from == y.from && x.to == y.to && x.bidirectional == y.bidirectional &&
               x.insertionLossDb == y.insertionLossDb;
    };
    if (m_circuits.size() == other.m_circuits.size() &&
        std::equal(m_circuits.begin(), m_circuits.end(), other.m_circuits.begin(), same))
    {
        return true;
    }
    // Otherwise compare as sets of directed connections with their losses.
    auto directed = [](const OcsConfiguration& c) {
        std::vector<std::tuple<uint32_t, uint32_t, double>> v;
        v.reserve(2 * c.m_circuits.size());
        for (const auto& x : c.m_circuits)
        {
            v.emplace_back(x.from, x.to, x.insertionLossDb);
            if (x.bidirectional)
            {
                v.emplace_back(x.to, x.from, x.insertionLossDb);
            }
        }
        std::sort(v.begin(), v.end());
        return v;
    };
    return directed(*this) == directed(other);
}

std::ostream&
operator<<(std::ostream& os, const OcsConfiguration& config)
{
    return os << config.ToString();
}

} // namespace ns3
