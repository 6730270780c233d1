/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// OpticalExperiment::Parse: the pre-check of every argument (the program's options, ns-3's
// global values such as RngRun, attribute defaults --ns3::Type::Attribute=value, unknown
// options) before ns-3's CommandLine reads them.

#include "optical-experiment.h"

#include "ns3/boolean.h"
#include "ns3/double.h"
#include "ns3/global-value.h"
#include "ns3/integer.h"
#include "ns3/string.h"
#include "ns3/type-id.h"
#include "ns3/uinteger.h"

#include <cmath>
#include <cstdlib>
#include <iostream>
#include <unistd.h>

namespace ns3
{

namespace
{
/// Arguments that ask ns-3's CommandLine for help and end the program.
bool
IsHelpArgument(const std::string& name)
{
    return name == "help" || name == "PrintHelp" || name == "PrintGlobals" ||
           name == "PrintGroups" || name == "PrintGroup" || name == "PrintTypeIds" ||
           name == "PrintAttributes" || name == "version" || name == "PrintVersion";
}
} // namespace

int
OpticalExperiment::CheckNs3Argument(const std::string& name,
                                    const std::string& value,
                                    std::string& canonical,
                                    std::string& error)
{
    Ptr<const AttributeChecker> checker;
    std::string what;
    for (auto it = GlobalValue::Begin(); it != GlobalValue::End(); ++it)
    {
        if ((*it)->GetName() == name)
        {
            checker = (*it)->GetChecker();
            what = "ns-3 global value";
        }
    }
    if (!checker && name.rfind("ns3::", 0) == 0)
    {
        const auto colon = name.rfind("::");
        const std::string typeName = name.substr(0, colon);
        const std::string attribute = name.substr(colon + 2);
        TypeId tid;
        if (colon <= 3 || !TypeId::LookupByNameFailSafe(typeName, &tid))
        {
            error = "no ns-3 type '" + typeName +
                    "' (attribute defaults are --ns3::Type::Attribute=value)";
            return 0;
        }
        TypeId::AttributeInformation info;
        if (!tid.LookupAttributeByName(attribute, &info))
        {
            error = typeName + " has no attribute '" + attribute +
                    "' (see --PrintAttributes=" + typeName + ")";
            return 0;
        }
        checker = info.checker;
        what = "attribute " + name;
    }
    if (!checker)
    {
        return -1;
    }
    std::string type = checker->GetValueTypeName();
    if (type.rfind("ns3::", 0) != 0)
    {
        type = "ns3::" + type;
    }
    Ptr<AttributeValue> candidate;
    if (type == "ns3::UintegerValue")
    {
        uint64_t v = 0;
        if (!OpticalUnits::ParseUnsigned(value, UINT64_MAX, v, error))
        {
            return 0;
        }
        if (name == "RngSeed" && (v == 0 || v > UINT32_MAX))
        {
            // ns-3 aborts on a zero seed once the first random variable is drawn.
            error = "'" + value + "' is out of range (allowed: 1 to 4294967295)";
            return 0;
        }
        candidate = Create<UintegerValue>(v);
        canonical = std::to_string(v);
    }
    else if (type == "ns3::IntegerValue")
    {
        double v = 0;
        if (!OpticalUnits::ParseReal(value, v, error))
        {
            return 0;
        }
        if (v != std::floor(v) || std::fabs(v) > 9.2e18)
        {
            error = "'" + value + "' is not a whole number";
            return 0;
        }
        candidate = Create<IntegerValue>(static_cast<int64_t>(v));
        canonical = std::to_string(static_cast<int64_t>(v));
    }
    else if (type == "ns3::DoubleValue")
    {
        double v = 0;
        if (!OpticalUnits::ParseReal(value, v, error))
        {
            return 0;
        }
        candidate = Create<DoubleValue>(v);
        canonical = OpticalUnits::Format(v);
    }
    else if (type == "ns3::BooleanValue")
    {
        bool v = false;
        if (!OpticalUnits::ParseBool(value, v, error))
        {
            return 0;
        }
        candidate = Create<BooleanValue>(v);
        canonical = v ? "true" : "false";
    }
    else if (type == "ns3::TimeValue")
    {
        double s = 0;
        if (!OpticalUnits::ParseTime(value, "s", s, error))
        {
            return 0;
        }
        if (std::fabs(s) > OpticalUnits::MAX_TIME_S)
        {
            error = "'" + value + "' is out of range (allowed: at most 100 years)";
            return 0;
        }
        candidate = Create<TimeValue>(Seconds(s));
        canonical = OpticalUnits::Format(s) + "s";
    }
    else if (type == "ns3::DataRateValue")
    {
        double bps = 0;
        if (!OpticalUnits::ParseDataRate(value, "bps", bps, error))
        {
            return 0;
        }
        if (bps < 0 || bps > 1.8e19)
        {
            error = "'" + value + "' is out of range (allowed: 0 to 1.8e19 bps)";
            return 0;
        }
        candidate = Create<DataRateValue>(DataRate(static_cast<uint64_t>(std::llround(bps))));
        canonical = std::to_string(static_cast<uint64_t>(std::llround(bps))) + "bps";
    }
    if (candidate)
    {
        if (!checker->Check(*candidate))
        {
            error = "'" + value + "' is outside what " + what + " allows (" +
                    checker->GetUnderlyingTypeInformation() + ")";
            return 0;
        }
        return 1;
    }
    // Other value types (strings, enums, type ids, ...): ns-3's own reader decides.
    if (!checker->CreateValidValue(StringValue(value)))
    {
        error = "'" + value + "' is not a valid " + checker->GetValueTypeName() + " for " + what +
                " (" + checker->GetUnderlyingTypeInformation() + ")";
        return 0;
    }
    canonical = value;
    return 1;
}

void
OpticalExperiment::Parse(int argc, char* argv[])
{
    m_progress = isatty(STDERR_FILENO);
    Register(
        "results",
        "Results database (SQLite) to record this run in; 'none' records nothing [path]",
        m_resultsPath,
        [this](const std::string& text, std::string& error) {
            if (OpticalUnits::Trim(text).empty())
            {
                error = "must not be empty (a path, or 'none')";
                return false;
            }
            m_resultsPath = text;
            return true;
        },
        false,
        false);
    Register(
        "sweepKey",
        "Identifier of a sweep's grid point (set by the sweep runner)",
        m_sweepKey,
        [this](const std::string& text, std::string&) {
            m_sweepKey = text;
            return true;
        },
        false,
        false);
    Register(
        "progress",
        "Print simulation progress on stderr [true or false]",
        m_progress ? "true" : "false",
        [this](const std::string& text, std::string& error) {
            return OpticalUnits::ParseBool(text, m_progress, error);
        },
        true,
        false);

    std::vector<std::string> errors;
    std::vector<std::string> normalized{argc > 0 ? argv[0] : m_program};
    std::vector<std::string> help;
    for (int i = 1; i < argc; ++i)
    {
        const std::string arg = argv[i];
        m_args.push_back(arg);
        size_t dashes = 0;
        while (dashes < 2 && dashes < arg.size() && arg[dashes] == '-')
        {
            ++dashes;
        }
        if (dashes == 0)
        {
            errors.push_back("unexpected argument '" + arg + "' (options are --name=value)");
            continue;
        }
        const auto eq = arg.find('=');
        const std::string name =
            arg.substr(dashes, eq == std::string::npos ? std::string::npos : eq - dashes);
        const bool hasValue = eq != std::string::npos;
        const std::string value = hasValue ? arg.substr(eq + 1) : "";
        if (name.empty())
        {
            errors.push_back("unexpected argument '" + arg + "' (options are --name=value)");
            continue;
        }
        if (IsHelpArgument(name))
        {
            help.push_back(arg);
            continue;
        }
        Option* option = nullptr;
        for (auto& o : m_options)
        {
            if (o.name == name)
            {
                option = &o;
            }
        }
        if (option)
        {
            if (!hasValue && !option->isFlag)
            {
                errors.push_back("--" + name + " needs a value (--" + name + "=...)");
                continue;
            }
            option->given = hasValue ? value : "true";
            option->wasGiven = true;
            normalized.push_back("--" + name + "=" + option->given);
            continue;
        }
        std::string canonical;
        std::string error;
        if (!hasValue)
        {
            errors.push_back("unknown option --" + name + " (run with --help for the options)");
            continue;
        }
        const int known = CheckNs3Argument(name, value, canonical, error);
        if (known < 0)
        {
            errors.push_back("unknown option --" + name + " (run with --help for the options)");
        }
        else if (known == 0)
        {
            errors.push_back("--" + name + "=" + value + ": " + error);
        }
        else
        {
            normalized.push_back("--" + name + "=" + canonical);
        }
    }
    if (!help.empty())
    {
        // Help goes to ns-3's CommandLine alone, which prints it and ends the program.
        help.insert(help.begin(), normalized.front());
        std::vector<char*> helpArgv;
        for (auto& h : help)
        {
            helpArgv.push_back(&h[0]);
        }
        m_cmd.Parse(static_cast<int>(helpArgv.size()), helpArgv.data());
        std::exit(0);
    }
    for (auto& option : m_options)
    {
        std::string error;
        if (option.wasGiven && !option.parse(option.given, error))
        {
            errors.push_back("--" + option.name + "=" + option.given + ": " + error);
        }
    }
    if (!errors.empty())
    {
        for (const auto& e : errors)
        {
            std::cerr << m_program << ": " << e << std::endl;
        }
        std::cerr << m_program
                  << ": nothing was run (see --help for every option and its allowed values)"
                  << std::endl;
        m_finished = true;
        std::exit(1);
    }
    std::vector<char*> cmdArgv;
    for (auto& n : normalized)
    {
        cmdArgv.push_back(&n[0]);
    }
    m_cmd.Parse(static_cast<int>(cmdArgv.size()), cmdArgv.data());
}
} // namespace ns3
