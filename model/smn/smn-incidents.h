/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef SMN_INCIDENTS_H
#define SMN_INCIDENTS_H

#include "smn-repository.h"

#include "ns3/object.h"
#include "ns3/random-variable-stream.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace ns3
{

/**
 * \ingroup optical
 * \brief A network's dependency graph as the incident tools read it from an SmnRepository:
 * components by index, with their direct dependents and dependencies.
 */
struct SmnGraph
{
    std::vector<SmnRepository::Component> components; //!< In the repository's order
    std::vector<std::vector<uint32_t>> dependents;    //!< Per component, direct dependents
    std::vector<std::vector<uint32_t>> dependencies;  //!< Per component, direct dependencies

    /**
     * \brief Reads a repository's components and the relations that hold at \p at.
     * \param [in] repository The repository
     * \param [in] at The time (none: every relation)
     * \return the graph
     */
    static SmnGraph FromRepository(SmnRepository& repository,
                                   std::optional<Time> at = std::nullopt);

    /**
     * \param [in] c A component
     * \return every component that depends on \p c, directly or not (not \p c), in index order
     */
    std::vector<uint32_t> DependentsOf(uint32_t c) const;

    /**
     * \param [in] name A component name
     * \return its index, or -1
     */
    int64_t IndexOf(const std::string& name) const;
};

/// An alert: a component reports a signal at a time.
struct SmnAlert
{
    double time{0};        //!< Seconds after the incident began
    uint32_t component{0}; //!< Who raises it (SmnGraph index)
    std::string signal;    //!< What it reports (loss-of-light, link-down, snr-low, ...)
};

/// An incident: its type, root component, owning team, and the alerts it caused (noise
/// included), in time order.
struct SmnIncident
{
    std::string type;             //!< One of SmnIncidentGenerator::Types()
    uint32_t root{0};             //!< Root component (SmnGraph index)
    std::string team;             //!< The team that owns it (the right answer)
    std::vector<SmnAlert> alerts; //!< Alerts, by time
};

/**
 * \ingroup optical
 * \brief Injects incidents into a multi-layer network described in an SmnRepository, each
 * owned by a team, and produces the alerts its components raise.
 *
 * Types (Types()), with the component kind of their root and the team that owns them:
 * fibre-cut (a fibre; its team), amplifier-degradation (an amplifier: the fibre's SNR falls
 * and its links re-rate; its team), transponder-fault (a transponder; its team),
 * linecard-failure (a router line card; its team), ocs-port-failure (an OCS port; its team),
 * congestion (an IP link overloaded by a traffic shift; the team of the routes over it, the TE's)
 * and software-fault (a service; its team). A type whose root kind the network lacks is not
 * drawn. The root raises its own signal with RootAlertProbability (many physical components
 * have no telemetry of their own); every component that depends on the root raises the
 * signal its kind shows for that type (e.g. a wavelength over a cut fibre: link-down; over a
 * degraded amplifier: snr-low) unless missed (MissProbability), after an exponential delay
 * (MeanDelay); NoiseAlerts unrelated alerts (Poisson mean) come from random components with
 * random signals within twice MeanDelay. An incident that raised no alert of its own is drawn
 * again (at most 100 times).
 */
class SmnIncidentGenerator : public Object
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    SmnIncidentGenerator();

    /// \return the incident types, in a fixed order
    static const std::vector<std::string>& Types();

    /// \return every signal an alert may carry
    static const std::vector<std::string>& Signals();

    /**
     * \param [in] graph The network (kept)
     */
    void SetGraph(const SmnGraph& graph);

    /**
     * \param [in] stream First stream
     * \return the streams used (2)
     */
    int64_t AssignStreams(int64_t stream);

    /**
     * \brief Draws incidents.
     * \param [in] n How many
     * \param [out] incidents Them
     * \param [out] error The network has no component that can be a root
     * \return false on error
     */
    bool Generate(uint32_t n, std::vector<SmnIncident>& incidents, std::string& error);

    /**
     * \brief The incident of a given type and root, without noise or misses, every alert at
     * time 0 in index order (for hand-made cases).
     * \param [in] type The type
     * \param [in] root The root
     * \param [in] rootAlerts Whether the root raises its own signal
     * \return the incident
     */
    SmnIncident Make(const std::string& type, uint32_t root, bool rootAlerts) const;

  private:
    /// \return the kind of the root of \p type
    static std::string RootKind(const std::string& type);
    /// \return the signal a component of \p kind shows in an incident of \p type ("" none)
    static std::string SignalOf(const std::string& type, const std::string& kind, bool root);
    /// \return the team that owns an incident of \p type rooted at \p root
    std::string OwnerOf(const std::string& type, uint32_t root) const;
    /// \return a Poisson draw of mean NoiseAlerts (inversion of its distribution function
    /// with one uniform draw; ns-3 has no Poisson variable)
    uint32_t DrawNoiseCount();

    double m_miss{0.2};                     //!< MissProbability
    double m_rootAlert{0.3};                //!< RootAlertProbability
    Time m_meanDelay;                       //!< MeanDelay
    double m_noise{2};                      //!< NoiseAlerts
    SmnGraph m_graph;                       //!< The network
    Ptr<UniformRandomVariable> m_uniform;   //!< Draws
    Ptr<ExponentialRandomVariable> m_delay; //!< Delays
};

/**
 * \ingroup optical
 * \brief Incident routers: which team owns an incident, from its alerts.
 *
 * - first-alert: the team of the component that raised the first alert;
 * - local (Scouts-style): one classifier per team that sees only its own components' alerts
 *   (a Bernoulli naive Bayes over which (signal, kind) pairs its components raised, trained on
 *   labelled incidents: was it ours?); the incident goes to the most confident team that says
 *   yes, else to the first alert's team;
 * - cdg (coarse dependency graph): components are grouped into coarse nodes (Coarsen: level 0
 *   is the graph itself; each level merges, in every coarse node's dependents and in its
 *   dependencies, those of the same kind and team), and the incident is explained from its
 *   alerts: every coarse node is a candidate root, its likelihood the product over alerts of
 *   P(signal, kind | the candidate's kind) (learned from the training incidents) for alerts
 *   the candidate explains (raised by it or by what depends on it) and a noise probability for
 *   the rest; the most likely candidate (ties: the fewest dependents) is the root, and its
 *   team the one that owned most training incidents rooted at that kind (its members' team
 *   when none was seen).
 */
class SmnIncidentRouter
{
  public:
    /// The routers' names.
    static const std::vector<std::string>& Names();

    /**
     * \param [in] graph The network (kept)
     * \param [in] coarsening Levels of coarsening of the cdg router (0: none)
     */
    SmnIncidentRouter(const SmnGraph& graph, uint32_t coarsening);

    /**
     * \brief Learns from labelled incidents (local and cdg).
     * \param [in] incidents Training incidents
     */
    void Train(const std::vector<SmnIncident>& incidents);

    /**
     * \param [in] router One of Names()
     * \param [in] incident The incident (its team is not read)
     * \return the team it is routed to ("" when it has no alert)
     */
    std::string Route(const std::string& router, const SmnIncident& incident) const;

    /// \return the coarse node of every component
    const std::vector<uint32_t>& GetCoarseNodes() const;

    /// \return the number of coarse nodes
    uint32_t GetNCoarseNodes() const;

  private:
    std::string FirstAlert(const SmnIncident& incident) const;
    std::string Local(const SmnIncident& incident) const;
    std::string Cdg(const SmnIncident& incident) const;
    /// \return the (signal, kind) feature of an alert
    std::string Feature(const SmnAlert& a) const;

    SmnGraph m_graph;                              //!< The network
    std::vector<std::string> m_teams;              //!< Teams, sorted
    std::vector<uint32_t> m_coarse;                //!< Per component, its coarse node
    std::vector<std::vector<uint32_t>> m_members;  //!< Per coarse node, its components
    std::vector<std::vector<uint32_t>> m_explains; //!< Per coarse node, nodes it explains
    std::vector<std::string> m_nodeKind;           //!< Per coarse node, its members' kind
    std::vector<std::string> m_nodeTeam;           //!< Per coarse node, its members' team
    /// local: per team, per feature, (count among its incidents, among others).
    std::map<std::string, std::map<std::string, std::pair<double, double>>> m_featureCounts;
    std::map<std::string, std::pair<double, double>> m_teamIncidents; //!< (ours, others)
    /// cdg: per root kind, per feature, symptom count; and the alerts counted per root kind.
    std::map<std::string, std::map<std::string, double>> m_symptoms;
    std::map<std::string, double> m_symptomTotal;                     //!< Per root kind
    std::map<std::string, std::map<std::string, double>> m_kindTeams; //!< Root kind -> teams
    double m_noiseShare{0.1}; //!< Share of alerts that were noise
    uint32_t m_nFeatures{1};  //!< Distinct features seen
};

} // namespace ns3

#endif /* SMN_INCIDENTS_H */
