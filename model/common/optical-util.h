/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef OPTICAL_UTIL_H
#define OPTICAL_UTIL_H

#include <chrono>
#include <cmath>
#include <cstdint>
#include <sstream>
#include <string>

namespace ns3
{

/**
 * \ingroup optical
 * The small things the module's sources need in many places, written once: wall-clock
 * seconds, numbers in messages, the hash mixers behind flow hashes and fingerprints, decibels.
 */
namespace optical
{

/**
 * \param [in] start A point of the steady clock
 * \return the wall-clock seconds since it
 */
inline double
SecondsSince(std::chrono::steady_clock::time_point start)
{
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

/**
 * \param [in] value A number
 * \param [in] digits Significant digits at most (the stream's precision)
 * \return it as short text, without trailing zeros, for messages
 */
inline std::string
Num(double value, int digits = 6)
{
    std::ostringstream s;
    s.precision(digits);
    s << value;
    return s.str();
}

/**
 * \brief SplitMix64's finalizer: a bijection of 64-bit words that spreads every input bit over
 * the output (Steele, Lea and Flood, OOPSLA'14).
 * \param [in] x A word
 * \return its mix
 */
inline uint64_t
SplitMixFinalize(uint64_t x)
{
    x ^= x >> 30;
    x *= 0xbf58476d1ce4e5b9ULL;
    x ^= x >> 27;
    x *= 0x94d049bb133111ebULL;
    x ^= x >> 31;
    return x;
}

/// SplitMix64's increment (the golden ratio in 64 bits).
constexpr uint64_t SPLITMIX_GAMMA = 0x9e3779b97f4a7c15ULL;

/**
 * \param [in] x A word
 * \return SplitMix64 of it: the finalizer of x + SPLITMIX_GAMMA
 */
inline uint64_t
SplitMix64(uint64_t x)
{
    return SplitMixFinalize(x + SPLITMIX_GAMMA);
}

/// FNV-1a's 64-bit offset basis.
constexpr uint64_t FNV_OFFSET = 14695981039346656037ULL;

/**
 * \param [in] h The hash so far (FNV_OFFSET to start)
 * \param [in] word The next word
 * \return h updated with \p word, FNV-1a over words (not bytes)
 */
inline uint64_t
Fnv1aWord(uint64_t h, uint64_t word)
{
    return (h ^ word) * 1099511628211ULL;
}

/// \param [in] linear A ratio (> 0) \return it in dB
inline double
ToDb(double linear)
{
    return 10.0 * std::log10(linear);
}

/// \param [in] db A ratio in dB \return it as a linear ratio
inline double
FromDb(double db)
{
    return std::pow(10.0, db / 10.0);
}

} // namespace optical
} // namespace ns3

#endif /* OPTICAL_UTIL_H */
