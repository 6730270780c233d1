/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef TRANSCEIVER_MODES_H
#define TRANSCEIVER_MODES_H

#include <string>
#include <vector>

namespace ns3
{

/**
 * \ingroup optical
 * \brief A transceiver's modes (rates and the OSNR each needs), read from a table of
 * data/transceiver-modes.csv, and the choice of mode for a path.
 *
 * A mode works on a path when the path's generalised SNR in 0.1 nm is at least the mode's
 * required OSNR plus the system margin (GNPy's rule; default margin 2 dB). The chosen mode is
 * the fastest that works.
 *
 * File columns and their ranges (every row of the file is checked): table (text), rate_gbps
 * (> 0 and <= MAX_RATE_GBPS), format (text, may be empty), baud_gbd (> 0 and <= MAX_BAUD_GBD),
 * osnr_db (MIN_OSNR_DB to MAX_OSNR_DB), snr_db (MIN_SNR_DB to MAX_OSNR_DB), spacing_ghz (> 0 and
 * <= MAX_SPACING_GHZ). A value outside its range is an error naming the file, the line and the
 * column.
 */
class TransceiverModes
{
  public:
    /// Largest rate of a mode (Gb/s; today's fastest coherent modules carry 1,600).
    static constexpr double MAX_RATE_GBPS = 10000;
    /// Largest symbol rate of a mode (GBd; today's reach about 200).
    static constexpr double MAX_BAUD_GBD = 1000;
    /// Smallest required OSNR in 0.1 nm (dB).
    static constexpr double MIN_OSNR_DB = -10;
    /// Largest required OSNR or SNR (dB).
    static constexpr double MAX_OSNR_DB = 60;
    /// Smallest required SNR in the signal bandwidth (dB; below the OSNR for baud > 12.5 GBd).
    static constexpr double MIN_SNR_DB = -30;
    /// Widest channel spacing (GHz; the C band is about 4,800 GHz wide).
    static constexpr double MAX_SPACING_GHZ = 10000;

    /// One mode.
    struct Mode
    {
        double rateGbps{0};   //!< Net rate (Gb/s)
        std::string format;   //!< Modulation format (may be empty)
        double baudGbd{0};    //!< Symbol rate (GBd)
        double osnrDb{0};     //!< Required OSNR in 0.1 nm (dB)
        double snrDb{0};      //!< The same in the signal bandwidth (dB)
        double spacingGhz{0}; //!< Minimum channel spacing (GHz)
    };

    /// The default file.
    static const std::string DEFAULT_FILE;

    /**
     * \brief Reads one table.
     * \param [in] table Table name (voyager, openroadm-v5, zr400g, radwan, or one of the file)
     * \param [in] file CSV file (see OpticalDataFile::Resolve)
     * \param [out] error The file and line, or the unknown table with the known ones
     * \return true on success (modes sorted by rate)
     */
    bool Load(const std::string& table, const std::string& file, std::string& error);

    /// \return the modes, slowest first
    const std::vector<Mode>& GetModes() const;

    /// \return the table's name (empty before Load)
    const std::string& GetName() const;

    /**
     * \brief The same modes on a channel \p factor times as wide: rate, baud and spacing scale;
     * the required SNR in the signal bandwidth stays (the OSNR in 0.1 nm grows with the baud).
     * \param [in] factor Width ratio (> 0)
     * \return the scaled table
     */
    TransceiverModes Scaled(double factor) const;

    /**
     * \param [in] gsnrDb01nm The path's generalised SNR in 0.1 nm (dB)
     * \param [in] marginDb System margin (dB)
     * \return the index of the fastest mode that works, or -1
     */
    int Select(double gsnrDb01nm, double marginDb = 2) const;

    /**
     * \brief Select(), with an error naming the link and its SNR when no mode works.
     * \param [in] link Link name, for the message
     * \param [in] gsnrDb01nm Its GSNR in 0.1 nm (dB)
     * \param [in] marginDb System margin (dB)
     * \param [out] mode The mode
     * \param [out] error What is wrong
     * \return true if a mode works
     */
    bool SelectFor(const std::string& link,
                   double gsnrDb01nm,
                   double marginDb,
                   Mode& mode,
                   std::string& error) const;

  private:
    std::string m_table;       //!< Table name
    std::vector<Mode> m_modes; //!< Modes by rate
};

} // namespace ns3

#endif /* TRANSCEIVER_MODES_H */
