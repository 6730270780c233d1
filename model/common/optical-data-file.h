/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef OPTICAL_DATA_FILE_H
#define OPTICAL_DATA_FILE_H

#include <map>
#include <string>
#include <vector>

namespace ns3
{

/**
 * \ingroup optical
 * \brief The one loader of the module's data files (catalogs and tables kept in data/).
 *
 * Files are comma-separated, with a header row naming the columns; blank lines and lines
 * starting with '#' are ignored. Data files are found in the directory named by the
 * environment variable NS3_OPTICAL_DATA_DIR when it is set, else in the module's data/
 * directory; a path containing '/' is used as it is.
 */
class OpticalDataFile
{
  public:
    /// One row: column name to cell text.
    using Row = std::map<std::string, std::string>;

    /**
     * \brief Resolves a data file name to a path.
     * \param [in] name A file name in the data directory, or a path
     * \return the path to open
     */
    static std::string Resolve(const std::string& name);

    /// \return the data directory in use
    static std::string GetDataDirectory();

    /**
     * \brief Reads a CSV data file.
     * \param [in] name File name or path (see Resolve())
     * \param [in] required Columns every row must have (non-empty)
     * \param [in] optional Columns the header must have, whose cells may be empty
     * \param [out] rows The rows, on success (unchanged on failure)
     * \param [out] error On failure: the file, the line and what is wrong
     * \return true on success
     */
    static bool ReadCsv(const std::string& name,
                        const std::vector<std::string>& required,
                        const std::vector<std::string>& optional,
                        std::vector<Row>& rows,
                        std::string& error);

    /**
     * \brief Parses a number cell.
     * \param [in] text The cell
     * \param [out] value The number
     * \return true if the whole cell is a finite number
     */
    static bool ParseDouble(const std::string& text, double& value);

    /**
     * \brief Removes blanks (spaces, tabs, carriage returns) at both ends.
     * \param [in] text Some text
     * \return the text without leading and trailing blanks
     */
    static std::string Trim(const std::string& text);
};

} // namespace ns3

#endif /* OPTICAL_DATA_FILE_H */
