/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef SMN_INCIDENT_STUDY_H
#define SMN_INCIDENT_STUDY_H

#include "ns3/nstime.h"
#include "ns3/results-store.h"

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace ns3
{

/**
 * \ingroup optical
 * \brief Settings of the SMN incident-routing study (smn-incident-routing).
 */
struct SmnIncidentConfig
{
    std::string topology{"b4"};    //!< Fibre topology (TeTopology::LoadFibres)
    double fibreKm{500};           //!< Fibre length for TE topologies (km)
    uint32_t wavelengths{4};       //!< Wavelengths per fibre
    uint32_t paths{2};             //!< Candidate paths per demand
    uint32_t incidents{1000};      //!< Incidents scored
    uint32_t trainIncidents{1000}; //!< Incidents the local and cdg routers learn from
    std::vector<std::string> routers{"first-alert", "local", "cdg"}; //!< Routers scored
    uint32_t coarsening{1};           //!< Coarsening levels of the cdg router
    double missProbability{0.2};      //!< SmnIncidentGenerator::MissProbability
    double rootAlertProbability{0.3}; //!< SmnIncidentGenerator::RootAlertProbability
    double noiseAlerts{2};            //!< SmnIncidentGenerator::NoiseAlerts
    std::string database;             //!< Repository file ("": memory)
    int64_t runId{0};                 //!< The results store's run (0: none)
    int64_t stream{1};                //!< First random stream
};

/**
 * \ingroup optical
 * \brief What the study measured.
 */
struct SmnIncidentOutcome
{
    uint64_t repositoryRows{0};                      //!< Rows of the network in the repository
    uint32_t components{0};                          //!< Components
    uint32_t coarseNodes{0};                         //!< Coarse nodes of the cdg router
    std::map<std::string, double> accuracyPct;       //!< Per router, incidents routed right (%)
    std::map<std::string, uint32_t> incidentsByType; //!< Scored incidents per type
};

/**
 * \ingroup optical
 * \brief The SMN incident-routing study (Coarse Dependency Graphs): a rate-adaptive WAN and its
 * TE services are described in an SmnRepository (SmnRecorder, with one TE decision so that
 * services ride on routes), incidents are injected into the dependency graph read back from
 * the repository (SmnIncidentGenerator: training incidents, then scored ones from other
 * streams), and every router decides which team owns each scored incident.
 */
class SmnIncidentStudy
{
  public:
    /**
     * \param [in] c Settings
     * \return what is wrong (empty: nothing): an unknown router, probabilities out of [0, 1],
     * no incidents
     */
    static std::string Check(const SmnIncidentConfig& c);

    /**
     * \brief Runs the study.
     * \param [in] c Settings
     * \param [out] out What it measured
     * \param [out] error What went wrong
     * \return false on error
     */
    static bool Run(const SmnIncidentConfig& c, SmnIncidentOutcome& out, std::string& error);

    /**
     * \brief Records one row per router (ev_smn_incident_routing).
     * \param [in] store The store (nothing when null)
     * \param [in] runId The run
     * \param [in] c Settings
     * \param [in] out Outcome
     */
    static void Record(ResultsStore* store,
                       int64_t runId,
                       const SmnIncidentConfig& c,
                       const SmnIncidentOutcome& out);
};

} // namespace ns3

#endif /* SMN_INCIDENT_STUDY_H */
