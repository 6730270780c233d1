/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

/**
 * \file
 * \ingroup optical
 * OpticalUnits and OpticalBounds: the strict readers of numbers, times, rates and sizes, and
 * the typed options of OpticalExperiment on command lines whose values are known by hand.
 */

#include "optical-test-compat.h"

#include "ns3/optical-data-file.h"
#include "ns3/optical-experiment.h"
#include "ns3/optical-units.h"
#include "ns3/test.h"

#include <string>
#include <vector>

using namespace ns3;
using namespace ns3::optical::compat;

namespace
{

/// Numbers and whole numbers: what is read and what is refused.
class NumberTestCase : public TestCase
{
  public:
    NumberTestCase()
        : TestCase(
              "Numbers: whole text, finite, decimal; whole numbers refuse -1, 4.7 and overflow")
    {
    }

  private:
    void DoRun() override
    {
        double v = 0;
        std::string error;
        NS_TEST_ASSERT_MSG_EQ(OpticalUnits::ParseReal(" 1e3 ", v, error), true, "1e3");
        NS_TEST_ASSERT_MSG_EQ(v, 1000.0, "1e3 is 1000");
        NS_TEST_ASSERT_MSG_EQ(OpticalUnits::ParseReal("-0.25", v, error), true, "-0.25");
        NS_TEST_ASSERT_MSG_EQ(v, -0.25, "-0.25");
        NS_TEST_ASSERT_MSG_EQ(OpticalUnits::ParseReal(".5", v, error), true, ".5");
        NS_TEST_ASSERT_MSG_EQ(v, 0.5, ".5");
        for (const char* bad :
             {"", "abc", "1.0x", "nan", "inf", "-inf", "1e400", "0x10", "1,5", "--1"})
        {
            NS_TEST_ASSERT_MSG_EQ(OpticalUnits::ParseReal(bad, v, error),
                                  false,
                                  "'" << bad << "' is refused");
            NS_TEST_ASSERT_MSG_EQ(error.empty(), false, "with a message");
        }
        OpticalUnits::ParseReal("1.0x", v, error);
        NS_TEST_ASSERT_MSG_EQ(error, "'1.0x' is not a number (trailing 'x')", "message");
        // Subnormals and underflows are refused (1e-320 km would pass "> 0" where 0 fails).
        for (const char* tiny : {"1e-320", "-4e-310", "1e-400"})
        {
            NS_TEST_ASSERT_MSG_EQ(OpticalUnits::ParseReal(tiny, v, error), false, tiny);
            NS_TEST_ASSERT_MSG_NE(error.find("too close to 0"), std::string::npos, error);
        }
        NS_TEST_ASSERT_MSG_EQ(OpticalUnits::ParseReal("2.3e-308", v, error), true, "normal");
        NS_TEST_ASSERT_MSG_EQ(OpticalDataFile::ParseDouble("1e-320", v), false, "subnormal cell");

        uint64_t n = 0;
        NS_TEST_ASSERT_MSG_EQ(OpticalUnits::ParseUnsigned("1e3", UINT32_MAX, n, error),
                              true,
                              "1e3");
        NS_TEST_ASSERT_MSG_EQ(n, 1000u, "1e3 is 1000, not 1");
        NS_TEST_ASSERT_MSG_EQ(OpticalUnits::ParseUnsigned("-1", UINT32_MAX, n, error), false, "-1");
        NS_TEST_ASSERT_MSG_EQ(error, "'-1' is negative (expected a whole number >= 0)", "message");
        NS_TEST_ASSERT_MSG_EQ(OpticalUnits::ParseUnsigned("4.7", UINT32_MAX, n, error),
                              false,
                              "4.7");
        NS_TEST_ASSERT_MSG_EQ(error, "'4.7' is not a whole number", "message");
        NS_TEST_ASSERT_MSG_EQ(OpticalUnits::ParseUnsigned("4294967296", UINT32_MAX, n, error),
                              false,
                              "2^32 does not fit 32 bits");
        NS_TEST_ASSERT_MSG_EQ(OpticalUnits::ParseUnsigned("4294967295", UINT32_MAX, n, error),
                              true,
                              "2^32 - 1 fits");
        NS_TEST_ASSERT_MSG_EQ(n, 4294967295u, "2^32 - 1");
        NS_TEST_ASSERT_MSG_EQ(
            OpticalUnits::ParseUnsigned("18446744073709551615", UINT64_MAX, n, error),
            true,
            "2^64 - 1 read exactly");
        NS_TEST_ASSERT_MSG_EQ(n, UINT64_MAX, "2^64 - 1 exactly (a double would round it)");
        NS_TEST_ASSERT_MSG_EQ(
            OpticalUnits::ParseUnsigned("18446744073709551616", UINT64_MAX, n, error),
            false,
            "2^64 overflows");
        NS_TEST_ASSERT_MSG_EQ(OpticalUnits::ParseUnsigned("1e20", UINT64_MAX, n, error),
                              false,
                              "1e20 overflows");

        bool b = false;
        NS_TEST_ASSERT_MSG_EQ(OpticalUnits::ParseBool("yes", b, error) && b, true, "yes");
        NS_TEST_ASSERT_MSG_EQ(OpticalUnits::ParseBool("0", b, error) && !b, true, "0");
        NS_TEST_ASSERT_MSG_EQ(OpticalUnits::ParseBool("2", b, error), false, "2");
    }
};

/// Times, rates and sizes with ns-3's units.
class QuantityTestCase : public TestCase
{
  public:
    QuantityTestCase()
        : TestCase(
              "Times, rates, sizes: ns-3's units, bare numbers in the caller's unit, bad units")
    {
    }

  private:
    /// Checks that \p text reads as \p expected with \p reader.
    template <typename Reader>
    void Reads(Reader reader, const std::string& text, const std::string& bare, double expected)
    {
        double v = -1;
        std::string error;
        NS_TEST_ASSERT_MSG_EQ(reader(text, bare, v, error), true, "'" << text << "': " << error);
        NS_TEST_ASSERT_MSG_EQ_TOL(v, expected, 1e-12 * std::abs(expected), "'" << text << "'");
    }

    /// Checks that \p text is refused with a message containing \p part.
    template <typename Reader>
    void Refuses(Reader reader, const std::string& text, const std::string& part)
    {
        double v = 0;
        std::string error;
        NS_TEST_ASSERT_MSG_EQ(reader(text, "s", v, error), false, "'" << text << "' refused");
        NS_TEST_ASSERT_MSG_NE(error.find(part),
                              std::string::npos,
                              "'" << text << "': message '" << error << "' says '" << part << "'");
    }

    void DoRun() override
    {
        auto time = &OpticalUnits::ParseTime;
        Reads(time, "5ms", "s", 0.005);
        Reads(time, "1.5s", "s", 1.5);
        Reads(time, "24h", "s", 86400);
        Reads(time, "7d", "s", 604800);
        Reads(time, "30min", "s", 1800);
        Reads(time, "2", "s", 2);
        Reads(time, "2", "ms", 0.002);
        Reads(time, "2", "h", 7200);
        Reads(time, "1us", "s", 1e-6);
        Reads(time, "1y", "s", 365 * 86400.0);
        Refuses(time, "10mss", "unknown unit 'mss'");
        Refuses(time, "6hh", "unknown unit 'hh'");
        Refuses(time, "nan", "is not a number");
        Refuses(time, "1e400s", "out of the range");
        Refuses(time, "", "empty");

        auto rate = [](const std::string& t, const std::string& bare, double& v, std::string& e) {
            return OpticalUnits::ParseDataRate(t, bare == "s" ? "bps" : bare, v, e);
        };
        Reads(rate, "10Gbps", "bps", 1e10);
        Reads(rate, "10Gb/s", "bps", 1e10);
        Reads(rate, "400Mbps", "bps", 4e8);
        Reads(rate, "1.5GB/s", "bps", 1.2e10);
        Reads(rate, "1KiBps", "bps", 8192);
        Reads(rate, "1Kibps", "bps", 1024);
        Reads(rate, "100", "bps", 100);
        Reads(rate, "100", "Gbps", 1e11);
        Reads(rate, "20", "Tbps", 2e13);
        Refuses(rate, "10Gbpss", "unknown unit 'Gbpss'");
        Refuses(rate, "10ms", "unknown unit 'ms'");

        auto size = [](const std::string& t, const std::string& bare, double& v, std::string& e) {
            return OpticalUnits::ParseBytes(t, bare == "s" ? "B" : bare, v, e);
        };
        Reads(size, "4096", "B", 4096);
        Reads(size, "64KiB", "B", 65536);
        Reads(size, "16MiB", "B", 16777216);
        Reads(size, "1GB", "B", 1e9);
        Reads(size, "1.5KiB", "B", 1536);
        Reads(size, "2", "MiB", 2097152);
        Refuses(size, "1.3B", "not a whole number of bytes");
        Refuses(size, "1KiBB", "unknown unit");
    }
};

/// Bounds and number formatting.
class BoundsTestCase : public TestCase
{
  public:
    BoundsTestCase()
        : TestCase("Bounds: open and closed ends, NaN outside, described in words; shortest texts")
    {
    }

  private:
    void DoRun() override
    {
        const OpticalBounds unit = OpticalBounds::Above(0).AtMost(1);
        NS_TEST_ASSERT_MSG_EQ(unit.Contains(0), false, "0 excluded");
        NS_TEST_ASSERT_MSG_EQ(unit.Contains(1e-300), true, "tiny positive");
        NS_TEST_ASSERT_MSG_EQ(unit.Contains(1), true, "1 included");
        NS_TEST_ASSERT_MSG_EQ(unit.Contains(std::nan("")), false, "NaN outside");
        NS_TEST_ASSERT_MSG_EQ(unit.Describe(), "> 0 and <= 1", "words");
        NS_TEST_ASSERT_MSG_EQ(OpticalBounds::Between(0, 3600).Describe(" s"),
                              "0 s to 3600 s",
                              "words");
        NS_TEST_ASSERT_MSG_EQ(OpticalBounds::AtLeast(1).Describe(), ">= 1", "words");
        NS_TEST_ASSERT_MSG_EQ(OpticalBounds::AtLeast(0).Below(1).Describe(),
                              ">= 0 and < 1",
                              "words");
        NS_TEST_ASSERT_MSG_EQ(OpticalBounds().Contains(1e308), true, "default: any finite");
        NS_TEST_ASSERT_MSG_EQ(OpticalBounds().Contains(INFINITY), false, "never infinity");

        NS_TEST_ASSERT_MSG_EQ(OpticalUnits::Format(0.1), "0.1", "shortest");
        NS_TEST_ASSERT_MSG_EQ(OpticalUnits::Format(7200), "7200", "whole numbers in full");
        NS_TEST_ASSERT_MSG_EQ(OpticalUnits::Format(1e300), "1e+300", "large");
        NS_TEST_ASSERT_MSG_EQ(OpticalUnits::FormatTime(7200), "2h", "time");
        NS_TEST_ASSERT_MSG_EQ(OpticalUnits::FormatTime(0.01), "10ms", "time");
        NS_TEST_ASSERT_MSG_EQ(OpticalUnits::FormatRate(1e10), "10Gbps", "rate");
        NS_TEST_ASSERT_MSG_EQ(OpticalUnits::FormatBytes(65536), "64KiB", "size");
        NS_TEST_ASSERT_MSG_EQ(OpticalUnits::FormatBytes(1e12), "1TB", "size");
    }
};

/// OpticalExperiment's typed options read a whole command line.
class OptionsTestCase : public TestCase
{
  public:
    OptionsTestCase()
        : TestCase(
              "Typed options: a command line of every kind is read to the values worked by hand")
    {
    }

  private:
    void DoRun() override
    {
        Time delay = Seconds(1);
        Time untouched = MilliSeconds(3);
        DataRate rate("1Gbps");
        double tbps = 1;
        uint64_t bytes = 1;
        uint32_t count = 1;
        double fraction = 0.5;
        std::string policy = "drop";
        bool flag = false;
        std::vector<double> widths{50};
        std::vector<uint64_t> sizes{1};

        OpticalExperiment exp("optical-units-test");
        exp.AddTime("delay", "d", delay, OpticalBounds::AtLeast(0).AtMost(3600));
        exp.AddTime("untouched", "u", untouched, OpticalBounds::AtLeast(0).AtMost(1));
        exp.AddDataRate("rate", "r", rate, OpticalBounds::Above(0).AtMost(1e15));
        exp.AddRateNumber("tbps", "t", tbps, OpticalBounds::Above(0).AtMost(1000), "Tbps");
        exp.AddBytes("bytes", "b", bytes, OpticalBounds::AtLeast(1).AtMost(1e12));
        exp.AddCount("count", "c", count, 1, 1000000);
        exp.AddFraction("fraction", "f", fraction);
        exp.AddEnum("policy", "p", policy, {"drop", "drain"});
        exp.AddFlag("flag", "g", flag);
        exp.AddRealList("widths", "w", widths, OpticalBounds::Above(0).AtMost(1000), "GHz");
        exp.AddCountList("sizes", "s", sizes, 1, 64);
        std::vector<std::string> args{"optical-units-test",
                                      "--delay=200ms",
                                      "--rate=10Gbps",
                                      "--tbps=500Gbps",
                                      "--bytes=64KiB",
                                      "--count=1e3",
                                      "--fraction=25%",
                                      "--policy=drain",
                                      "--flag",
                                      "--widths=50, 75.5,150",
                                      "--sizes=1,2,4",
                                      "--results=none"};
        std::vector<char*> argv;
        for (auto& a : args)
        {
            argv.push_back(&a[0]);
        }
        exp.Parse(static_cast<int>(argv.size()), argv.data());
        NS_TEST_ASSERT_MSG_EQ(delay, MilliSeconds(200), "200ms is 0.2 s, not 200 s");
        NS_TEST_ASSERT_MSG_EQ(untouched, MilliSeconds(3), "default kept");
        NS_TEST_ASSERT_MSG_EQ(rate.GetBitRate(), 10000000000ull, "10Gbps");
        NS_TEST_ASSERT_MSG_EQ_TOL(tbps, 0.5, 1e-15, "500Gbps is 0.5 Tbps");
        NS_TEST_ASSERT_MSG_EQ(bytes, 65536u, "64KiB");
        NS_TEST_ASSERT_MSG_EQ(count, 1000u, "1e3");
        NS_TEST_ASSERT_MSG_EQ(fraction, 0.25, "25%");
        NS_TEST_ASSERT_MSG_EQ(policy, "drain", "enum");
        NS_TEST_ASSERT_MSG_EQ(flag, true, "--flag alone");
        NS_TEST_ASSERT_MSG_EQ(widths.size(), 3u, "three widths");
        NS_TEST_ASSERT_MSG_EQ(widths[1], 75.5, "blanks around elements");
        NS_TEST_ASSERT_MSG_EQ(sizes.size(), 3u, "three sizes");
        NS_TEST_ASSERT_MSG_EQ(sizes[2], 4u, "last size");
        exp.Finish();
    }
};

/// The suite.
class OpticalUnitsTestSuite : public TestSuite
{
  public:
    OpticalUnitsTestSuite()
        : TestSuite("optical-units", SUITE_UNIT)
    {
        AddTestCase(new NumberTestCase, TEST_QUICK);
        AddTestCase(new QuantityTestCase, TEST_QUICK);
        AddTestCase(new BoundsTestCase, TEST_QUICK);
        AddTestCase(new OptionsTestCase, TEST_QUICK);
    }
};

static OpticalUnitsTestSuite g_opticalUnitsTestSuite; //!< Static instance

} // namespace
