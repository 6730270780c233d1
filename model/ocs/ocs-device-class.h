/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef OCS_DEVICE_CLASS_H
#define OCS_DEVICE_CLASS_H

#include "ocs-configuration.h"

#include "ns3/nstime.h"

#include <string>
#include <vector>

namespace ns3
{

/**
 * \ingroup optical
 * \brief Published timing and loss of one class of optical circuit switch (3D MEMS, piezo,
 * fast prototypes, silicon photonics), read from data/ocs-device-classes.csv.
 *
 * Columns and their ranges: name (unique), reconfiguration_delay_s and control_plane_delay_s
 * (0 to MAX_DELAY_S, seconds), insertion_loss_db (0 to OcsConfiguration::MAX_INSERTION_LOSS_DB
 * dB, or empty), example and source (text). A value outside its range is an error naming the
 * file, the line and the column.
 */
struct OcsDeviceClass
{
    std::string name;             //!< Class name (first column)
    Time reconfigurationDelay;    //!< Dark time of changing circuits
    Time controlPlaneDelay;       //!< Request-to-switching delay
    bool hasInsertionLoss{false}; //!< Whether the table gives an insertion loss
    double insertionLossDb{0};    //!< Insertion loss per pass (dB), if given
    std::string example;          //!< Example product or prototype
    std::string source;           //!< Where the numbers come from

    /// Default catalog file name in the data directory.
    static constexpr const char* DEFAULT_FILE = "ocs-device-classes.csv";
    /// Longest delay of a class (s; robotic patch panels take minutes).
    static constexpr double MAX_DELAY_S = 3600;
    /// Largest insertion loss of a class (dB).
    static constexpr double MAX_INSERTION_LOSS_DB = OcsConfiguration::MAX_INSERTION_LOSS_DB;

    /**
     * \brief Reads every class of a catalog file.
     * \param [in] file Catalog file name or path
     * \param [out] classes The classes (unchanged on failure)
     * \param [out] error What is wrong, naming the file and line
     * \return true on success
     */
    static bool LoadAll(const std::string& file,
                        std::vector<OcsDeviceClass>& classes,
                        std::string& error);

    /**
     * \brief Finds one class by name.
     * \param [in] name Class name
     * \param [out] deviceClass The class (unchanged on failure)
     * \param [out] error What is wrong (an unknown name lists the known ones)
     * \param [in] file Catalog file name or path
     * \return true on success
     */
    static bool Lookup(const std::string& name,
                       OcsDeviceClass& deviceClass,
                       std::string& error,
                       const std::string& file = DEFAULT_FILE);
};

} // namespace ns3

#endif /* OCS_DEVICE_CLASS_H */
