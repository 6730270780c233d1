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
    std::vector<OpticalDataFile::Row> rows;
    if (!OpticalDataFile::ReadCsv(file,
                                  {"name", "reconfiguration_delay_s", "control_plane_delay_s"},
                                  {"insertion_loss_db", "example", "source"},
                                  rows,
                                  error))
    {
        return false;
    }
    std::vector<OcsDeviceClass> parsed;
    for (auto& row : rows)
    {
        OcsDeviceClass c;
        c.name = row["name"];
        double reconf = 0;
        double control = 0;
        if (!OpticalDataFile::ParseDouble(row["reconfiguration_delay_s"], reconf) || reconf < 0 ||
            !OpticalDataFile::ParseDouble(row["control_plane_delay_s"], control) || control < 0)
        {
            error = OpticalDataFile::Resolve(file) + ": class '" + c.name +
                    "': delays must be non-negative numbers of seconds";
            return false;
        }
        c.reconfigurationDelay = Seconds(reconf);
        c.controlPlaneDelay = Seconds(control);
        const std::string loss = row["insertion_loss_db"];
        if (!loss.empty())
        {
            if (!OpticalDataFile::ParseDouble(loss, c.insertionLossDb) || c.insertionLossDb < 0)
            {
                error = OpticalDataFile::Resolve(file) + ": class '" + c.name +
                        "': insertion_loss_db must be a non-negative number or empty";
                return false;
            }
            c.hasInsertionLoss = true;
        }
        c.example = row["example"];
        c.source = row["source"];
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
