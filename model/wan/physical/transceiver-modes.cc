/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "transceiver-modes.h"

#include "ns3/optical-data-file.h"

#include <algorithm>
#include <cmath>
#include <set>
#include <sstream>

namespace ns3
{

const std::string TransceiverModes::DEFAULT_FILE = "transceiver-modes.csv";

bool
TransceiverModes::Load(const std::string& table, const std::string& file, std::string& error)
{
    std::vector<OpticalDataFile::Record> rows;
    if (!OpticalDataFile::ReadRecords(
            file,
            {"table", "rate_gbps", "baud_gbd", "osnr_db", "snr_db", "spacing_ghz"},
            {"format"},
            rows,
            error))
    {
        return false;
    }
    std::vector<Mode> modes;
    std::set<std::string> known;
    for (const auto& row : rows)
    {
        // Every row is checked, not only those of the table asked for: a bad file is an error.
        Mode m;
        m.format = row.Text("format");
        if (!row.Real("rate_gbps",
                      OpticalBounds::Above(0).AtMost(MAX_RATE_GBPS),
                      "Gb/s",
                      m.rateGbps,
                      error) ||
            !row.Real("baud_gbd",
                      OpticalBounds::Above(0).AtMost(MAX_BAUD_GBD),
                      "GBd",
                      m.baudGbd,
                      error) ||
            !row.Real("osnr_db",
                      OpticalBounds::Between(MIN_OSNR_DB, MAX_OSNR_DB),
                      "dB",
                      m.osnrDb,
                      error) ||
            !row.Real("snr_db",
                      OpticalBounds::Between(MIN_SNR_DB, MAX_OSNR_DB),
                      "dB",
                      m.snrDb,
                      error) ||
            !row.Real("spacing_ghz",
                      OpticalBounds::Above(0).AtMost(MAX_SPACING_GHZ),
                      "GHz",
                      m.spacingGhz,
                      error))
        {
            error += " (table " + row.Text("table") + ")";
            return false;
        }
        known.insert(row.Text("table"));
        if (row.Text("table") == table)
        {
            modes.push_back(m);
        }
    }
    if (modes.empty())
    {
        std::ostringstream list;
        for (const auto& k : known)
        {
            list << (list.tellp() > 0 ? ", " : "") << k;
        }
        error = "no mode table '" + table + "' in " + OpticalDataFile::Resolve(file) +
                " (tables: " + list.str() + ")";
        return false;
    }
    std::stable_sort(modes.begin(), modes.end(), [](const Mode& a, const Mode& b) {
        return a.rateGbps < b.rateGbps;
    });
    m_table = table;
    m_modes = modes;
    return true;
}

const std::string&
TransceiverModes::GetName() const
{
    return m_table;
}

const std::vector<TransceiverModes::Mode>&
TransceiverModes::GetModes() const
{
    return m_modes;
}

TransceiverModes
TransceiverModes::Scaled(double factor) const
{
    TransceiverModes out = *this;
    for (auto& m : out.m_modes)
    {
        m.rateGbps *= factor;
        m.baudGbd *= factor;
        m.spacingGhz *= factor;
        m.osnrDb += 10 * std::log10(factor);
    }
    return out;
}

int
TransceiverModes::Select(double gsnrDb01nm, double marginDb) const
{
    int best = -1;
    for (std::size_t i = 0; i < m_modes.size(); ++i)
    {
        if (gsnrDb01nm >= m_modes[i].osnrDb + marginDb &&
            (best < 0 || m_modes[i].rateGbps > m_modes[best].rateGbps))
        {
            best = static_cast<int>(i);
        }
    }
    return best;
}

bool
TransceiverModes::SelectFor(const std::string& link,
                            double gsnrDb01nm,
                            double marginDb,
                            Mode& mode,
                            std::string& error) const
{
    const int i = Select(gsnrDb01nm, marginDb);
    if (i < 0)
    {
        std::ostringstream msg;
        msg << "link " << link << ": GSNR " << gsnrDb01nm << " dB (0.1 nm) reaches no mode of '"
            << m_table << "' (the slowest needs "
            << (m_modes.empty() ? 0.0 : m_modes.front().osnrDb + marginDb) << " dB with a "
            << marginDb << " dB margin)";
        error = msg.str();
        return false;
    }
    mode = m_modes[static_cast<std::size_t>(i)];
    return true;
}

} // namespace ns3
