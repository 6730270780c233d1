/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef OPTICAL_DATA_FILE_H
#define OPTICAL_DATA_FILE_H

#include "optical-units.h"

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace ns3
{

/**
 * \ingroup optical
 * \brief The one loader of the module's data files (catalogs, tables, topologies, traces).
 *
 * Files are comma-separated, with a header row naming the columns; blank lines and lines
 * starting with '#' are ignored. A cell may be quoted ("a, b"; "" inside quotes is one
 * quote). A UTF-8 byte-order mark at the start and CRLF line endings are accepted. Files larger
 * than MAX_FILE_BYTES are refused before they are read, and files of more than MAX_ROWS rows
 * while they are read. Data files are found in the directory
 * named by the environment variable NS3_OPTICAL_DATA_DIR when it is set, else in the module's
 * data/ directory; a path containing '/' is used as it is.
 *
 * Every number a loader takes from a file goes through ReadReal() or ReadCount() (or the
 * Record methods of the same names), which check it against a finite range and say, on failure,
 * "file:line: column 'name': what is wrong (allowed: range unit)".
 */
class OpticalDataFile
{
  public:
    /// One row: column name to cell text.
    using Row = std::map<std::string, std::string>;

    /// Most data rows of a CSV file read by ReadRecords() (a WAN topology of MAX_SITES sites
    /// and MAX_FIBRES fibres has 110,000).
    static constexpr uint64_t MAX_ROWS = 250000;

    /// Largest data file read: 64 MiB (a year of one-second SNR samples is about 600 MiB,
    /// of one-minute samples 10 MiB; the largest Topology Zoo network is below 1 MiB).
    static constexpr uint64_t MAX_FILE_BYTES = 64ULL * 1024 * 1024;

    /// One data row of a CSV file, with where it came from.
    struct Record
    {
        std::string path; //!< The file as opened
        uint64_t line{0}; //!< 1-based line number of the row
        Row cells;        //!< Column name to (trimmed) cell text

        /// \return "path:line: "
        std::string Where() const;

        /**
         * \param [in] column A column name
         * \return the cell's text; empty if the cell is empty or the column absent
         */
        std::string Text(const std::string& column) const;

        /**
         * \param [in] column A column name
         * \return true if the cell is not empty
         */
        bool Has(const std::string& column) const;

        /**
         * \brief Reads a cell as a real number within \p bounds.
         * \param [in] column The column
         * \param [in] bounds The allowed values, in \p unit
         * \param [in] unit The column's unit as written in messages (e.g. "km"), may be empty
         * \param [out] value The number (unchanged on failure)
         * \param [out] error On failure: "path:line: column 'c': problem (allowed: ...)"
         * \return true on success
         */
        bool Real(const std::string& column,
                  const OpticalBounds& bounds,
                  const std::string& unit,
                  double& value,
                  std::string& error) const;

        /**
         * \brief Reads a cell as a whole number from \p min to \p max ("1e3" is 1000; "4.7",
         * "-1" and "5e9" beyond \p max are refused).
         * \param [in] column The column
         * \param [in] min Smallest allowed value
         * \param [in] max Largest allowed value
         * \param [out] value The number (unchanged on failure)
         * \param [out] error On failure: "path:line: column 'c': problem (allowed: ...)"
         * \return true on success
         */
        bool Count(const std::string& column,
                   uint64_t min,
                   uint64_t max,
                   uint64_t& value,
                   std::string& error) const;

        /**
         * \brief Count() into a 32-bit number; \p max must fit it.
         * \param [in] column The column
         * \param [in] min Smallest allowed value
         * \param [in] max Largest allowed value (at most 2^32 - 1)
         * \param [out] value The number (unchanged on failure)
         * \param [out] error On failure, as Count()
         * \return true on success
         */
        bool Count(const std::string& column,
                   uint32_t min,
                   uint32_t max,
                   uint32_t& value,
                   std::string& error) const;
    };

    /**
     * \brief Resolves a data file name to a path.
     * \param [in] name A file name in the data directory, or a path
     * \return the path to open
     */
    static std::string Resolve(const std::string& name);

    /// \return the data directory in use
    static std::string GetDataDirectory();

    /**
     * \brief Reads a CSV data file with the line number of every row.
     * \param [in] name File name or path (see Resolve())
     * \param [in] required Columns every row must have (non-empty)
     * \param [in] optional Columns the header must have, whose cells may be empty
     * \param [out] records The rows, on success (unchanged on failure)
     * \param [out] error On failure: the file, the line and what is wrong
     * \return true on success
     */
    static bool ReadRecords(const std::string& name,
                            const std::vector<std::string>& required,
                            const std::vector<std::string>& optional,
                            std::vector<Record>& records,
                            std::string& error);

    /**
     * \brief Reads a CSV data file (ReadRecords() without the line numbers).
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
     * \brief Reads a whole file of at most \p maxBytes, without a leading UTF-8 byte-order
     * mark (the size is checked before anything is read).
     * \param [in] path The file (not resolved)
     * \param [in] maxBytes Largest size accepted
     * \param [out] text The content (unchanged on failure)
     * \param [out] error On failure: the file and what is wrong
     * \return true on success
     */
    static bool ReadText(const std::string& path,
                         uint64_t maxBytes,
                         std::string& text,
                         std::string& error);

    /**
     * \brief Reads a whole binary file of at most \p maxBytes, byte for byte (the size is
     * checked before anything is read).
     * \param [in] path The file (not resolved)
     * \param [in] maxBytes Largest size accepted
     * \param [out] bytes The content (unchanged on failure)
     * \param [out] error On failure: the file and what is wrong
     * \return true on success
     */
    static bool ReadBytes(const std::string& path,
                          uint64_t maxBytes,
                          std::string& bytes,
                          std::string& error);

    /**
     * \brief Checks that the brackets of a JSON text ('[' and '{', outside strings) nest at
     * most \p maxDepth deep, before a recursive parser sees it (a 100,000-deep text would
     * overflow its stack).
     * \param [in] path The file, for the message
     * \param [in] text The content
     * \param [in] maxDepth Deepest nesting accepted
     * \param [out] error On failure: "path:line: nested deeper than maxDepth levels"
     * \return true if it nests no deeper
     */
    static bool CheckJsonNesting(const std::string& path,
                                 const std::string& text,
                                 uint32_t maxDepth,
                                 std::string& error);

    /// Reads text line by line (LF, CRLF or a lone CR end a line), without copying it all.
    class Lines
    {
      public:
        /// \param [in] text The text (must outlive the reader)
        explicit Lines(const std::string& text);

        /**
         * \param [out] line The next line, without its terminator
         * \return false at the end (a final terminator starts no empty line)
         */
        bool Next(std::string& line);

      private:
        const std::string& m_text; //!< The text
        std::size_t m_pos{0};      //!< Start of the next line
    };

    /**
     * \brief Reads a real number within \p bounds (OpticalUnits::ParseReal's syntax).
     * \param [in] text The text
     * \param [in] bounds The allowed values, in \p unit
     * \param [in] unit Unit written after each end of the range in messages (e.g. "km")
     * \param [out] value The number (unchanged on failure)
     * \param [out] error On failure: "problem (allowed: range unit)"
     * \return true on success
     */
    static bool ReadReal(const std::string& text,
                         const OpticalBounds& bounds,
                         const std::string& unit,
                         double& value,
                         std::string& error);

    /**
     * \brief Reads a whole number from \p min to \p max (OpticalUnits::ParseUnsigned's syntax).
     * \param [in] text The text
     * \param [in] min Smallest allowed value
     * \param [in] max Largest allowed value
     * \param [out] value The number (unchanged on failure)
     * \param [out] error On failure: "problem (allowed: whole number min to max)"
     * \return true on success
     */
    static bool ReadCount(const std::string& text,
                          uint64_t min,
                          uint64_t max,
                          uint64_t& value,
                          std::string& error);

    /**
     * \brief Parses a number cell (any finite number; prefer ReadReal(), which bounds it).
     * \param [in] text The cell
     * \param [out] value The number
     * \return true if the whole cell is a finite number
     */
    static bool ParseDouble(const std::string& text, double& value);

    /**
     * \brief Shortens text quoted in a message: at most \p max characters, then "..." and the
     * length (a cell of a fuzzed file may be megabytes long); control characters and bytes
     * that are not printable ASCII are written \\xNN, so a binary file echoes no raw bytes.
     * \param [in] text Some text
     * \param [in] max Most characters kept (before escaping)
     * \return the text, or its beginning with "... (N characters)"
     */
    static std::string Shorten(const std::string& text, std::size_t max = 60);

    /**
     * \brief Removes blanks (spaces, tabs, carriage returns) at both ends.
     * \param [in] text Some text
     * \return the text without leading and trailing blanks
     */
    static std::string Trim(const std::string& text);
};

} // namespace ns3

#endif /* OPTICAL_DATA_FILE_H */
