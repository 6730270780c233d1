/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef WAN_TRAFFIC_HELPER_H
#define WAN_TRAFFIC_HELPER_H

#include "ns3/collective-backend.h"
#include "ns3/wan-packet-helper.h"
#include "ns3/wan-traffic.h"

#include <functional>
#include <string>
#include <vector>

namespace ns3
{

class OpticalExperiment;

/**
 * \ingroup optical
 * \brief WAN traffic at packet level (WanPacketHelper): a router and a host per site,
 * rate-adaptive devices that follow the links, one UDP flow per commodity path pinned to the
 * path's routers, at the allocation x CapacityScale. Carried bytes are scaled back.
 */
class PacketWanTraffic : public WanTraffic
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();

    PacketWanTraffic();
    ~PacketWanTraffic() override;

    /**
     * \brief Builds the packet-level network and pins the commodities' paths (before the
     * links start: devices take their rate from the links' first RateChange).
     * \param [in] wan The WAN (its links are shared)
     * \param [in] links The link helper (queues, device attributes)
     * \param [in] commodities The commodities
     * \param [in] scale Device rate per Gb/s of link capacity, in Gb/s (> 0)
     * \param [out] error What is wrong
     * \return false on error
     */
    bool Setup(const RateAdaptiveWan& wan,
               const RateAdaptiveLinkHelper& links,
               const std::vector<TeSolver::Commodity>& commodities,
               double scale,
               std::string& error);

    /// \return what was built
    const WanPacketNetwork& GetNetwork() const;

    double Install(const TeSolver::Solution& solution, Time interval) override;
    double GetCarriedBytes() const override;
    Counters GetCounters() const override;
    Time GetDrainTime(Time wanted) const override;

  private:
    WanPacketHelper m_helper;                       //!< Builder and installer
    WanPacketNetwork m_net;                         //!< What was built
    std::vector<TeSolver::Commodity> m_commodities; //!< Commodities
    double m_scale{1e-3};                           //!< Capacity scale
};

/**
 * \ingroup optical
 * \brief Builds the WanTraffic of a rate-adaptive WAN at the level asked for (flow or packet).
 *
 *   WanTrafficHelper traffic;
 *   traffic.SetLevel(WanTrafficHelper::PACKET);
 *   traffic.SetPacketScale(1e-3);
 *   Ptr<WanTraffic> t = traffic.Install(wan, linkHelper, commodities, error);
 *   controller->SetInstaller([t](const TeSolver::Solution& s, Time dt) { t->Install(s, dt); });
 */
class WanTrafficHelper
{
  public:
    /// Runs the simulation to a time (e.g. OpticalExperiment::Run, for its progress reports).
    using Runner = std::function<void(Time)>;

    /**
     * \brief Runs the simulation to \p stop with \p run, or with Simulator::Stop and Run when
     * \p run is empty.
     * \param [in] run The runner (may be empty)
     * \param [in] stop The time to stop at
     */
    static void Run(const Runner& run, Time stop);

    /// The level that carries the traffic.
    enum Level
    {
        FLOW,  //!< FlowWanTraffic
        PACKET //!< PacketWanTraffic
    };

    /**
     * \brief Parses a backend's name into the level its network runs at (the registry's).
     * \param [in] name A backend's name ("flow", "packet", ...)
     * \param [out] level The level
     * \return false if the name is unknown
     */
    [[deprecated("use SetBackend(Backend) (Backend::FromName at the command line)")]] static bool
    ParseLevel(const std::string& name, Level& level);

    /// \param [in] level The level Install builds (default FLOW)
    void SetLevel(Level level);

    /**
     * \param [in] backend A backend of the registry
     * \return the level of its network (BackendRegistry::Get(backend).level)
     */
    static Level GetLevelOf(Backend backend);

    /**
     * \brief Builds the traffic at the level of a backend of the registry (its NetworkLevel:
     * FlowWanTraffic for flow-level backends, PacketWanTraffic for packet-level ones).
     * \param [in] backend The backend
     */
    void SetBackend(Backend backend);

    /**
     * \param [in] name A backend's name: the level Install builds
     * \return false (and the level unchanged) if the name is unknown
     */
    [[deprecated("use SetBackend(Backend) (Backend::FromName at the command line)")]] bool SetLevel(
        const std::string& name);

    /// \return the level Install builds
    Level GetLevel() const;

    /// \param [in] scale Packet level: device rate per Gb/s of link capacity, in Gb/s (> 0)
    void SetPacketScale(double scale);

    /**
     * \brief Builds the traffic over a WAN (call before the links start).
     * \param [in] wan The WAN (RateAdaptiveWanHelper::Build or BypassTopologyHelper::Build)
     * \param [in] links The link helper that built its links (packet level: devices, queues)
     * \param [in] commodities The commodities every Install allocates over
     * \param [out] error What is wrong
     * \return the traffic, or nullptr on error
     */
    Ptr<WanTraffic> Install(const RateAdaptiveWan& wan,
                            const RateAdaptiveLinkHelper& links,
                            const std::vector<TeSolver::Commodity>& commodities,
                            std::string& error) const;

    /**
     * \brief Reports a traffic's packet counters as metrics (packets-sent, packets-received,
     * packets-dropped and packets-unaccounted: sent - received - dropped, 0 once the packets
     * in flight have drained); nothing at flow level.
     * \param [in,out] exp The experiment
     * \param [in] c The counters (WanTraffic::GetCounters)
     */
    static void ReportCounters(OpticalExperiment& exp, const WanTraffic::Counters& c);

  private:
    Level m_level{FLOW};  //!< Level
    double m_scale{1e-3}; //!< Packet level: capacity scale
};

} // namespace ns3

#endif /* WAN_TRAFFIC_HELPER_H */
