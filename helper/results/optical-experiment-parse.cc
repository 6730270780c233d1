/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// OpticalExperiment::Parse: the pre-check of every argument (the program's options, ns-3's
// global values such as RngRun, attribute defaults --ns3::Type::Attribute=value, unknown
// options) before ns-3's CommandLine reads them.

#include "optical-experiment-detail.h"
#include "optical-experiment.h"

#include "ns3/abort.h"
#include "ns3/boolean.h"
#include "ns3/double.h"
#include "ns3/enum.h"
#include "ns3/global-value.h"
#include "ns3/integer.h"
#include "ns3/optical-data-file.h"
#include "ns3/simulator.h"
#include "ns3/string.h"
#include "ns3/type-id.h"
#include "ns3/uinteger.h"

#include <algorithm>
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

/**
 * \brief Finds the checker of an ns-3 global value (RngRun) or attribute default
 * (ns3::Type::Attribute) of that name.
 * \param [in] name Name without dashes
 * \param [out] checker The value's checker
 * \param [out] what What the name is, for messages
 * \param [out] error What is wrong
 * \return 1 if found, 0 if \p name names a type or attribute that does not exist, -1 if
 * \p name is not one of ns-3's
 */
int
FindNs3Checker(const std::string& name,
               Ptr<const AttributeChecker>& checker,
               std::string& what,
               std::string& error)
{
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
    return 1;
}

/**
 * \brief Reads a value of one of the types checked strictly here (unsigned and signed
 * integers, reals, booleans, times, data rates).
 * \param [in] type The value's type name (ns3::UintegerValue, ...)
 * \param [in] name Name without dashes
 * \param [in] value Value text
 * \param [out] candidate The value read; null for the other types (ns-3's reader decides)
 * \param [out] canonical The value as ns-3's own reader reads it right
 * \param [out] error What is wrong
 * \return false if the value is wrong for its type
 */
bool
ReadNs3Value(const std::string& type,
             const std::string& name,
             const std::string& value,
             Ptr<AttributeValue>& candidate,
             std::string& canonical,
             std::string& error)
{
    if (type == "ns3::UintegerValue")
    {
        uint64_t v = 0;
        if (!OpticalUnits::ParseUnsigned(value, UINT64_MAX, v, error))
        {
            return false;
        }
        if (name == "RngSeed" && (v == 0 || v > UINT32_MAX))
        {
            // ns-3 aborts on a zero seed once the first random variable is drawn.
            error = "'" + value + "' is out of range (allowed: 1 to 4294967295)";
            return false;
        }
        candidate = Create<UintegerValue>(v);
        canonical = std::to_string(v);
    }
    else if (type == "ns3::IntegerValue")
    {
        double v = 0;
        if (!OpticalUnits::ParseReal(value, v, error))
        {
            return false;
        }
        if (v != std::floor(v) || std::fabs(v) > 9.2e18)
        {
            error = "'" + value + "' is not a whole number";
            return false;
        }
        candidate = Create<IntegerValue>(static_cast<int64_t>(v));
        canonical = std::to_string(static_cast<int64_t>(v));
    }
    else if (type == "ns3::DoubleValue")
    {
        double v = 0;
        if (!OpticalUnits::ParseReal(value, v, error))
        {
            return false;
        }
        candidate = Create<DoubleValue>(v);
        canonical = OpticalUnits::Format(v);
    }
    else if (type == "ns3::BooleanValue")
    {
        bool v = false;
        if (!OpticalUnits::ParseBool(value, v, error))
        {
            return false;
        }
        candidate = Create<BooleanValue>(v);
        canonical = v ? "true" : "false";
    }
    else if (type == "ns3::TimeValue")
    {
        double s = 0;
        if (!OpticalUnits::ParseTime(value, "s", s, error))
        {
            return false;
        }
        if (std::fabs(s) > OpticalUnits::MAX_TIME_S)
        {
            error = "'" + value + "' is out of range (allowed: at most 100 years)";
            return false;
        }
        candidate = Create<TimeValue>(Seconds(s));
        canonical = OpticalUnits::Format(s) + "s";
    }
    else if (type == "ns3::DataRateValue")
    {
        double bps = 0;
        if (!OpticalUnits::ParseDataRate(value, "bps", bps, error))
        {
            return false;
        }
        if (bps < 0 || bps > 1.8e19)
        {
            error = "'" + value + "' is out of range (allowed: 0 to 1.8e19 bps)";
            return false;
        }
        candidate = Create<DataRateValue>(DataRate(static_cast<uint64_t>(std::llround(bps))));
        canonical = std::to_string(static_cast<uint64_t>(std::llround(bps))) + "bps";
    }
    return true;
}

/**
 * \brief Splits one argument, -name=value or --name=value (or a flag without '=').
 * \param [in] arg The argument
 * \param [out] name Its name, without dashes
 * \param [out] hasValue Whether it has '='
 * \param [out] value The text after '=' (empty without)
 * \return false if it is not an option (no dash, or no name)
 */
bool
SplitArgument(const std::string& arg, std::string& name, bool& hasValue, std::string& value)
{
    size_t dashes = 0;
    while (dashes < 2 && dashes < arg.size() && arg[dashes] == '-')
    {
        ++dashes;
    }
    if (dashes == 0)
    {
        return false;
    }
    const auto eq = arg.find('=');
    name = arg.substr(dashes, eq == std::string::npos ? std::string::npos : eq - dashes);
    hasValue = eq != std::string::npos;
    value = hasValue ? arg.substr(eq + 1) : "";
    return !name.empty();
}

/**
 * \brief Hands arguments (the program's name first) to ns-3's CommandLine.
 * \param [in,out] cmd The command line
 * \param [in,out] args The arguments (CommandLine takes them as char*)
 */
void
ParseWith(CommandLine& cmd, std::vector<std::string>& args)
{
    std::vector<char*> cmdArgv;
    for (auto& n : args)
    {
        cmdArgv.push_back(&n[0]);
    }
    cmd.Parse(static_cast<int>(cmdArgv.size()), cmdArgv.data());
}

/**
 * \brief Ends ns-3's recording of Times, once the command line is parsed.
 *
 * Until the first Simulator::Run, ns-3 records every Time made and forgets every Time
 * destroyed (a set insertion under a mutex each), so that Time::SetResolution can convert
 * them. A program that loads a large input before its run (a Chakra trace's 141,000 nodes, a
 * topology) pays for it: 0.2 s of a 0.9 s replay. The resolution is settled before the
 * command line is parsed (ns-3 wants it set before any Time is made), so the recording ends
 * here, the way ns-3 ends it: Simulator::Run on an event queue that is empty. Only with the
 * default simulator and nothing scheduled yet; other implementations (real time, the
 * visualizer, distributed) are left alone.
 */
void
EndTimeMarking()
{
    StringValue implementation;
    GlobalValue::GetValueByName("SimulatorImplementationType", implementation);
    if (implementation.Get() == "ns3::DefaultSimulatorImpl" && Simulator::IsFinished())
    {
        Simulator::Run();
    }
}

/**
 * \brief Prints what is wrong with the arguments, and that nothing was run.
 * \param [in] program The program's name
 * \param [in] errors One message per wrong argument
 */
void
PrintErrors(const std::string& program, const std::vector<std::string>& errors)
{
    for (const auto& e : errors)
    {
        std::cerr << program << ": " << e << std::endl;
    }
    std::cerr << program << ": nothing was run (see --help for every option and its allowed values)"
              << std::endl;
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
    const int found = FindNs3Checker(name, checker, what, error);
    if (found <= 0)
    {
        return found;
    }
    std::string type = checker->GetValueTypeName();
    if (type.rfind("ns3::", 0) != 0)
    {
        type = "ns3::" + type;
    }
    Ptr<AttributeValue> candidate;
    if (!ReadNs3Value(type, name, value, candidate, canonical, error))
    {
        return 0;
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
    // Enums: their documented names, in any case ("drop" for Drop), listed on refusal.
    if (optical::IsEnumChecker(checker))
    {
        if (!optical::FindEnumName(checker, value, canonical))
        {
            error = "'" + value + "' is not a value of " + what +
                    " (allowed: " + optical::EnumNameList(checker) + ")";
            return 0;
        }
        return 1;
    }
    // Other value types (strings, type ids, ...): ns-3's own reader decides.
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
OpticalExperiment::SetPositional(const std::string& name)
{
    const bool known = std::any_of(m_options.begin(), m_options.end(), [&name](const Option& o) {
        return o.name == name;
    });
    NS_ABORT_MSG_IF(!known, "OpticalExperiment::SetPositional: no option --" << name);
    m_positional = name;
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
            // A path given here is taken as it is: its directory must exist (a typo does not
            // grow a tree of directories). Only the default location's are created.
            if (text != "none" && !opticalexperimentdetail::CheckWritableFile(text, error))
            {
                error += " (a path in an existing writable directory, or 'none')";
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
        std::string arg = argv[i];
        m_args.push_back(arg);
        std::string name;
        bool hasValue = false;
        std::string value;
        if (!m_positional.empty() && !arg.empty() && arg[0] != '-')
        {
            arg = "--" + m_positional + "=" + arg;
            m_positional.clear(); // once
        }
        if (!SplitArgument(arg, name, hasValue, value))
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
            errors.push_back("--" + name + "=" + OpticalDataFile::Shorten(value, 200) + ": " +
                             error);
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
        ParseWith(m_cmd, help);
        std::exit(0);
    }
    for (auto& option : m_options)
    {
        std::string error;
        if (option.wasGiven && !option.parse(option.given, error))
        {
            errors.push_back("--" + option.name + "=" +
                             OpticalDataFile::Shorten(option.given, 200) + ": " + error);
        }
    }
    if (!errors.empty())
    {
        PrintErrors(m_program, errors);
        m_finished = true;
        std::exit(1);
    }
    ParseWith(m_cmd, normalized);
    EndTimeMarking();
}
} // namespace ns3
