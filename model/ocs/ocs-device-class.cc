/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "ocs-device-class.h"

#include "ns3/optical-data-file.h"

namespace ns3
{

bool
OcsDeviceClass::LoadAll(const std::string& file,
                        std::vector<OcsDeviceClass>& classes,
                        std::string& error)
{
    std::vector<OpticalDataFile::Record> rows;
    if (!OpticalDataFile::ReadRecords(file,
                                      {"name", "reconfiguration_delay_s", "control_plane_delay_s"},
                                      {"insertion_loss_db", "example", "source"},
                                      rows,
                                      error))
    {
        return false;
    }
    const OpticalBounds delay = OpticalBounds::Between(0, MAX_DELAY_S);
    std::vector<OcsDeviceClass> parsed;
    for (const auto& row : rows)
    {
        OcsDeviceClass c;
        c.name = row.Text("name");
        for (const auto& other : parsed)
        {
            if (other.name == c.name)
            {
                error = row.Where() + "class '" + c.name + "' is listed twice";
                return false;
            }
        }
        double reconf = 0;
        double control = 0;
        if (!row.Real("reconfiguration_delay_s", delay, "s", reconf, error) ||
            !row.Real("control_plane_delay_s", delay, "s", control, error) ||
            (row.Has("insertion_loss_db") &&
             !row.Real("insertion_loss_db",
                       OpticalBounds::Between(0, MAX_INSERTION_LOSS_DB),
                       "dB",
                       c.insertionLossDb,
                       error)))
        {
            error += " (class '" + c.name + "')";
            return false;
        }
        c.hasInsertionLoss = row.Has("insertion_loss_db");
        c.reconfigurationDelay = Seconds(reconf);
        c.controlPlaneDelay = Seconds(control);
        c.example = row.Text("example");
        c.source = row.Text("source");
        parsed.push_back(c);
    }
    classes = parsed;
    return true;
}

bool
OcsDeviceClass::Lookup(const std::string& name,
                       OcsDeviceClass& deviceClass,
                       std::string& error,
                       const std::string& file)
{
    std::vector<OcsDeviceClass> classes;
    if (!LoadAll(file, classes, error))
    {
        return false;
    }
    std::string known;
    for (const auto& c : classes)
    {
        if (c.name == name)
        {
            deviceClass = c;
            return true;
        }
        known += (known.empty() ? "" : ", ") + c.name;
    }
    error = "unknown OCS device class '" + name + "' (known: " + known + ")";
    return false;
}

} // namespace ns3
