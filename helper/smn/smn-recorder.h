/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef SMN_RECORDER_H
#define SMN_RECORDER_H

#include "ns3/optical-circuit-switch.h"
#include "ns3/rate-adaptive-wan-helper.h"
#include "ns3/slice-scheduler.h"
#include "ns3/smn-repository.h"
#include "ns3/te-controller.h"
#include "ns3/te-solver.h"
#include "ns3/wan-topology.h"

#include <array>
#include <map>
#include <set>
#include <string>
#include <vector>

namespace ns3
{

/**
 * \ingroup optical
 * \brief Feeds an SmnRepository from the module's models: describes what they are built of
 * (inventory and relations across layers) and records, through their trace sources, what
 * happens to them.
 *
 * A rate-adaptive WAN (DescribeWan) becomes, per site, a router and a ROADM; per fibre, the
 * fibre, the amplifiers ending its spans (RateAdaptiveWan::spans), its wavelengths, a
 * transponder at each end of each wavelength (part of the end's ROADM), a line card at each end
 * (part of the end's router) and the two IP links (one per direction) that ride on the
 * wavelengths and end at the line cards. TE demands (DescribeServices) become services, and
 * their candidate paths routes that use the paths' IP links; a service uses a route while the
 * TE gives that path flow (ConnectController, from the controller's Decided trace: each change
 * starts or ends the relation at the decision's time, so "which services crossed X at t" follows
 * the TE). The links' RateChange, LinkDown and LinkUp traces become events of both IP links
 * of their fibre. An OCS (DescribeOcs) becomes the switch and its ports; its CircuitUp and
 * CircuitDown traces events of the input port.
 *
 * Names: router:SITE, roadm:SITE, fibre:A-B, amp:A-B:K, wl:A-B:W, tp:A-B:W:SITE,
 * linecard:SITE:A-B, ip:A>B, service:A>B, route:A>B:P (P from 1), ocs:NAME, ocs:NAME:PORT
 * (A-B are the fibre's end sites in the topology's order; a second fibre between the same sites
 * is A-B#2). Teams come from SetTeam(), by component kind, with the defaults of DefaultTeam().
 */
class SmnRecorder
{
  public:
    /**
     * \param [in] repository The open repository it writes to (must outlive the recorder and
     * the simulation)
     */
    explicit SmnRecorder(SmnRepository& repository);

    /**
     * \param [in] kind A component kind (SmnRepository::ComponentKinds())
     * \return the team that owns components of that kind unless SetTeam() says otherwise:
     * fibre-plant (fibres), optical-line (amplifiers, ROADMs), optical-transport (transponders,
     * wavelengths), dc-fabric (OCSes and ports), ip-network (routers, line cards, IP links),
     * traffic-engineering (routes), compute (servers, accelerators), service (jobs, tenants,
     * services)
     */
    static std::string DefaultTeam(const std::string& kind);

    /**
     * \brief Sets the team that owns the components of one kind added from now on.
     * \param [in] kind A component kind
     * \param [in] team The team (not empty)
     * \param [out] error An unknown kind, an empty team
     * \return false on error
     */
    bool SetTeam(const std::string& kind, const std::string& team, std::string& error);

    /**
     * \param [in] kind A component kind
     * \return the team of that kind
     */
    std::string GetTeam(const std::string& kind) const;

    /**
     * \brief Describes a rate-adaptive WAN and connects its links' traces.
     * \param [in] fibres The fibre topology the WAN was built from
     * \param [in] wan The WAN (RateAdaptiveWanHelper::Build of \p fibres)
     * \param [out] error A WAN that does not match \p fibres, a name already in the repository
     * \return false on error
     */
    bool DescribeWan(const WanTopology& fibres, const RateAdaptiveWan& wan, std::string& error);

    /**
     * \brief Describes TE demands as services and their candidate paths as routes over the IP
     * links of the WAN described last.
     * \param [in] commodities The demands, as given to the TE controller
     * \param [out] error No WAN described, a node or arc outside it, a service already there
     * \return false on error
     */
    bool DescribeServices(const std::vector<TeSolver::Commodity>& commodities, std::string& error);

    /**
     * \brief Follows a TE controller's decisions: a service uses a route while the TE gives
     * its path more than \p minGbps.
     * \param [in] controller The controller (its commodities those of DescribeServices)
     * \param [in] minGbps Least flow that counts as use (Gb/s)
     */
    void ConnectController(Ptr<TeController> controller, double minGbps = 1e-6);

    /**
     * \brief Describes an optical circuit switch (the switch and its ports) and connects its
     * circuit traces.
     * \param [in] name The switch's name (ocs:NAME)
     * \param [in] ocs The switch
     * \param [out] error A name already in the repository
     * \return false on error
     */
    bool DescribeOcs(const std::string& name, Ptr<OpticalCircuitSwitch> ocs, std::string& error);

    /**
     * \brief Describes a server-scale photonic fabric (servers and their accelerators) and
     * follows its slice scheduler: a placed slice makes its tenant (tenant:NAME:T, added the
     * first time) hosted on the slice's accelerators from then on, with a slice-allocated event
     * (the accelerators as the number, the method as the text); a recovery is a repair event of
     * the tenant (the downtime in seconds), a rejection an alarm (the accelerators asked).
     * \param [in] name The fabric's name (server:NAME:S, acc:NAME:A)
     * \param [in] scheduler The scheduler, set up on its fabric
     * \param [out] error A name already in the repository
     * \return false on error
     */
    bool DescribeFabric(const std::string& name, Ptr<SliceScheduler> scheduler, std::string& error);

    /// \return the IP link name of an arc of the WAN described last
    std::string ArcName(uint32_t arc) const;
    /// \return the fibre name of a fibre of the WAN described last
    std::string FibreName(uint32_t fibre) const;
    /// \return the service name of a commodity described
    std::string ServiceName(uint32_t commodity) const;

    /// \return the events recorded from traces so far
    uint64_t GetNEvents() const;

  private:
    /**
     * \brief Adds a component with its kind's team.
     * \return false on error
     */
    bool Add(const std::string& name,
             const std::string& kind,
             std::string& error,
             const std::string& detail = "");
    /// \brief Records a trace's event (aborts if the repository refuses: names are ours).
    void Event(const std::string& component,
               const std::string& kind,
               double value,
               const std::string& detail = "");
    /// \brief A slice was placed: hosting relations and the event.
    void OnSlice(const std::string& name,
                 Ptr<SliceScheduler> scheduler,
                 uint64_t tenant,
                 uint32_t accelerators,
                 const std::string& method);
    /// \return the tenant's component, added if new
    std::string Tenant(const std::string& name, uint64_t tenant);
    /// \brief Applies a TE decision to the service-route relations.
    void OnDecided(const TeSolver::Solution& solution);
    /**
     * \brief Refuses WAN names already in the repository (before anything is written).
     * \param [in] sites The sites (router:SITE, roadm:SITE)
     * \param [in] fibreNames The fibres (fibre:A-B)
     * \param [out] error The first name already there
     * \return false if one is
     */
    bool CheckWanNamesFree(const std::vector<std::string>& sites,
                           const std::vector<std::string>& fibreNames,
                           std::string& error) const;
    /**
     * \brief Describes one fibre of the WAN (m_siteNames and m_fibreNames set): the fibre, its
     * amplifiers, line cards, wavelengths and IP links, and connects its link's traces.
     * \param [in] fibres The fibre topology
     * \param [in] wan The WAN
     * \param [in] f The fibre
     * \param [in] t0 Start of the relations
     * \param [out] error A name or relation the repository refuses
     * \return false on error
     */
    bool DescribeFibre(const WanTopology& fibres,
                       const RateAdaptiveWan& wan,
                       uint32_t f,
                       Time t0,
                       std::string& error);
    /**
     * \brief Describes the wavelengths of a fibre, riding on it, and a transponder at each end
     * of each (part of the end's ROADM).
     * \param [in] fn The fibre's name (A-B)
     * \param [in] ends Its end sites
     * \param [in] waves Its wavelengths
     * \param [in] t0 Start of the relations
     * \param [out] waveNames The wavelengths' names (wl:A-B:W)
     * \param [out] error A name or relation the repository refuses
     * \return false on error
     */
    bool DescribeWavelengths(const std::string& fn,
                             const std::array<std::string, 2>& ends,
                             uint32_t waves,
                             Time t0,
                             std::vector<std::string>& waveNames,
                             std::string& error);
    /**
     * \brief Describes the two IP links of a fibre (one per arc), riding on its wavelengths
     * and ending at its line cards, and names its arcs (m_arcNames).
     * \param [in] wan The WAN
     * \param [in] f The fibre
     * \param [in] waveNames Its wavelengths
     * \param [in] cards Its line cards
     * \param [in] t0 Start of the relations
     * \param [out] error A name or relation the repository refuses
     * \return false on error
     */
    bool DescribeIpLinks(const RateAdaptiveWan& wan,
                         uint32_t f,
                         const std::vector<std::string>& waveNames,
                         const std::array<std::string, 2>& cards,
                         Time t0,
                         std::string& error);
    /**
     * \brief Makes a link's RateChange, LinkDown and LinkUp traces events of both IP links of
     * its fibre.
     * \param [in] link The link
     * \param [in] ipAB The IP link of one direction
     * \param [in] ipBA The IP link of the other
     */
    void ConnectLinkTraces(Ptr<RateAdaptiveLink> link,
                           const std::string& ipAB,
                           const std::string& ipBA);

    SmnRepository& m_repo;                              //!< Where it writes
    std::map<std::string, std::string> m_teams;         //!< Kind -> team (overrides)
    std::vector<std::string> m_siteNames;               //!< Per site of the WAN
    std::vector<std::string> m_fibreNames;              //!< Per fibre (A-B)
    std::vector<std::string> m_arcNames;                //!< Per arc (ip:A>B)
    std::vector<std::string> m_serviceNames;            //!< Per commodity
    std::vector<std::vector<std::string>> m_routeNames; //!< Per commodity and path
    std::vector<std::vector<bool>> m_inUse;             //!< Per commodity and path: service uses it
    double m_minGbps{1e-6};                             //!< Least flow that is use
    uint64_t m_events{0};                               //!< Events recorded from traces
};

} // namespace ns3

#endif /* SMN_RECORDER_H */
