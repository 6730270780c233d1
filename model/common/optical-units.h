/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef OPTICAL_UNITS_H
#define OPTICAL_UNITS_H

#include <cstdint>
#include <functional>
#include <limits>
#include <string>

namespace ns3
{

/**
 * \ingroup optical
 * \brief An interval of allowed values, each end closed or open, that can say itself in words.
 *
 * Every quantity the module reads from a command line or a file is checked against one, so
 * that no value outside a documented, finite range reaches a model:
 * \code
 *   OpticalBounds::AtLeast(0).AtMost(3600)   // [0, 3600]
 *   OpticalBounds::Above(0).AtMost(1)        // (0, 1]
 * \endcode
 * Bounds are plain numbers in the quantity's base unit (seconds, bit/s, bytes, or the unit the
 * option or column documents).
 */
class OpticalBounds
{
  public:
    /// All finite numbers.
    OpticalBounds() = default;

    /**
     * \param [in] min Smallest allowed value (closed)
     * \param [in] max Largest allowed value (closed)
     * \return [min, max]
     */
    static OpticalBounds Between(double min, double max);
    /// \param [in] min Smallest allowed value \return [min, +inf)
    static OpticalBounds AtLeast(double min);
    /// \param [in] min Exclusive lower end \return (min, +inf)
    static OpticalBounds Above(double min);

    /// \param [in] max Largest allowed value \return these bounds closed above at max
    OpticalBounds AtMost(double max) const;
    /// \param [in] max Exclusive upper end \return these bounds open above at max
    OpticalBounds Below(double max) const;

    /// \param [in] value A number \return true if it is finite and inside
    bool Contains(double value) const;

    /// \return the lower end
    double GetMin() const;
    /// \return the upper end
    double GetMax() const;
    /// \return true if the lower end is excluded
    bool IsMinOpen() const;
    /// \return true if the upper end is excluded
    bool IsMaxOpen() const;

    /**
     * \brief Says the interval in words, e.g. "0 to 3600", "> 0 and <= 1", ">= 1".
     * \param [in] unit Unit appended to each end (e.g. " s"), may be empty
     * \return the description
     */
    std::string Describe(const std::string& unit = "") const;

    /**
     * \brief Says the interval in words with each end written by \p format.
     * \param [in] format Writes one end (e.g. OpticalUnits::FormatTime)
     * \return the description
     */
    std::string Describe(const std::function<std::string(double)>& format) const;

  private:
    double m_min{-std::numeric_limits<double>::infinity()}; //!< Lower end
    double m_max{std::numeric_limits<double>::infinity()};  //!< Upper end
    bool m_minOpen{false};                                  //!< Lower end excluded
    bool m_maxOpen{false};                                  //!< Upper end excluded
};

/**
 * \ingroup optical
 * \brief Strict parsers of numbers and quantities with units, shared by the command-line layer
 * (OpticalExperiment) and every file loader of the module.
 *
 * Each parser reads the whole text (leading and trailing blanks aside): trailing text,
 * hexadecimal numbers, NaN and infinities are refused, and so is a value that does not fit
 * the result type. On failure it returns false and says what is wrong in \p error (without
 * naming the option or file, which the caller adds).
 *
 * Units follow ns-3's: times take y, d, h, min, s, ms, us, ns, ps, fs (ns3::Time); rates
 * take bps, b/s, Bps, B/s with the prefixes k/K, M, G, T (powers of 1000) or Ki, Mi, Gi, Ti
 * (powers of 1024) (ns3::DataRate); sizes take B with the same prefixes (KB = 1000 B,
 * KiB = 1024 B). A bare number is read in the unit the caller names.
 */
class OpticalUnits
{
  public:
    /**
     * \brief Parses a finite decimal number ("12", "-0.5", "1e3").
     * \param [in] text The text
     * \param [out] value The number
     * \param [out] error What is wrong, on failure
     * \return true on success
     */
    static bool ParseReal(const std::string& text, double& value, std::string& error);

    /**
     * \brief Parses a non-negative whole number. "1e3" is 1000; "4.7", "-1" and values above
     * \p max are refused.
     * \param [in] text The text
     * \param [in] max Largest value the result type holds
     * \param [out] value The number
     * \param [out] error What is wrong, on failure
     * \return true on success
     */
    static bool ParseUnsigned(const std::string& text,
                              uint64_t max,
                              uint64_t& value,
                              std::string& error);

    /**
     * \brief Parses a time ("5ms", "1.5s", "24h", "7d"; a bare number is in \p bareUnit).
     * \param [in] text The text
     * \param [in] bareUnit Unit of a bare number (one of the time units)
     * \param [out] seconds The time in seconds
     * \param [out] error What is wrong, on failure
     * \return true on success
     */
    static bool ParseTime(const std::string& text,
                          const std::string& bareUnit,
                          double& seconds,
                          std::string& error);

    /**
     * \brief Parses a data rate ("10Gbps", "1.5MB/s"; a bare number is in \p bareUnit).
     * \param [in] text The text
     * \param [in] bareUnit Unit of a bare number (one of the rate units)
     * \param [out] bitsPerSecond The rate in bit/s
     * \param [out] error What is wrong, on failure
     * \return true on success
     */
    static bool ParseDataRate(const std::string& text,
                              const std::string& bareUnit,
                              double& bitsPerSecond,
                              std::string& error);

    /**
     * \brief Parses a size in bytes ("4096", "64KiB", "1.5GB"); the result must be whole.
     * \param [in] text The text
     * \param [in] bareUnit Unit of a bare number (one of the size units)
     * \param [out] bytes The size in bytes
     * \param [out] error What is wrong, on failure
     * \return true on success
     */
    static bool ParseBytes(const std::string& text,
                           const std::string& bareUnit,
                           double& bytes,
                           std::string& error);

    /**
     * \brief Parses a boolean: true, false, 1, 0, yes, no, on, off.
     * \param [in] text The text
     * \param [out] value The boolean
     * \param [out] error What is wrong, on failure
     * \return true on success
     */
    static bool ParseBool(const std::string& text, bool& value, std::string& error);

    /**
     * \brief Multiplier of a time unit to seconds.
     * \param [in] unit A unit name
     * \param [out] factor Seconds per unit
     * \return false if the unit is not a time unit
     */
    static bool TimeUnit(const std::string& unit, double& factor);

    /**
     * \brief Multiplier of a rate unit to bit/s.
     * \param [in] unit A unit name
     * \param [out] factor Bit/s per unit
     * \return false if the unit is not a rate unit
     */
    static bool RateUnit(const std::string& unit, double& factor);

    /**
     * \brief Multiplier of a size unit to bytes.
     * \param [in] unit A unit name
     * \param [out] factor Bytes per unit
     * \return false if the unit is not a size unit
     */
    static bool SizeUnit(const std::string& unit, double& factor);

    /**
     * \brief Shortest text that reads back as the same double ("0.1", "1e+300").
     * \param [in] value A number
     * \return its text
     */
    static std::string Format(double value);

    /// \param [in] seconds A time \return it in the largest unit that keeps it >= 1 ("2h", "10ms")
    static std::string FormatTime(double seconds);
    /// \param [in] bps A rate \return it with the largest SI prefix that keeps it >= 1 ("10Gbps")
    static std::string FormatRate(double bps);
    /// \param [in] bytes A size \return it in the largest binary unit that divides it ("64KiB")
    static std::string FormatBytes(double bytes);

    /**
     * \brief Removes blanks (spaces, tabs, carriage returns, newlines) at both ends.
     * \param [in] text Some text
     * \return the text without leading and trailing blanks
     */
    static std::string Trim(const std::string& text);

    /// Largest time the module accepts anywhere: 100 years, well inside ns3::Time's range.
    static constexpr double MAX_TIME_S = 100 * 365.25 * 86400;
};

} // namespace ns3

#endif /* OPTICAL_UNITS_H */
