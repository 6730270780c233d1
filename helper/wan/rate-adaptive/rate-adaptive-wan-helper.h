/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef RATE_ADAPTIVE_WAN_HELPER_H
#define RATE_ADAPTIVE_WAN_HELPER_H

#include "rate-adaptive-link-helper.h"

#include "ns3/flow-network.h"
#include "ns3/flow-topology.h"
#include "ns3/optical-line-system.h"
#include "ns3/random-variable-stream.h"
#include "ns3/te-solver.h"
#include "ns3/traffic-matrix.h"
#include "ns3/wan-topology.h"

#include <string>
#include <vector>

namespace ns3
{

/**
 * \ingroup optical
 * \brief A WAN of rate-adaptive links built from a fibre topology, as the flow-level engine and
 * the TE controller see it.
 */
struct RateAdaptiveWan
{
    Ptr<FlowTopology> topology;                  //!< A vertex per site, a duplex link per fibre
    TeGraph graph;                               //!< Arc i is topology link i (weight: km)
    std::vector<Ptr<RateAdaptiveLink>> links;    //!< Per fibre
    std::vector<Ptr<RateAdaptiveLink>> arcLinks; //!< Per arc (both directions share a link)
    std::vector<double> wavelengths;             //!< Per arc
    std::vector<double> baselineDb;              //!< Per fibre: physical-layer SNR (dB)
    std::vector<uint32_t> spans;                 //!< Per fibre: spans, each ended by an amplifier
};

/**
 * \ingroup optical
 * \brief Builds a rate-adaptive WAN over a fibre topology and drives traffic onto it.
 *
 * Each fibre becomes one optical link of Wavelengths channels whose baseline SNR comes from the
 * physical layer: equal spans of at most SpanKm, amplifiers whose noise figure is drawn per
 * link between NoiseFigureMin and NoiseFigureMax (GNPy's EDFA range, 6 to 10 dB), the optimal
 * launch power, and a transmitter OSNR drawn between TransmitterOsnrMin and Max (33 to 40 dB
 * in 0.1 nm). The link helper's attributes (policy, hysteresis, SNR model) apply to every link.
 */
class RateAdaptiveWanHelper
{
  public:
    RateAdaptiveWanHelper();

    /// \return the helper that builds each link (modes, link and SNR attributes)
    RateAdaptiveLinkHelper& GetLinkHelper();

    /**
     * \brief Sets the physical layer.
     * \param [in] spanKm Amplifier spacing (km)
     * \param [in] noiseFigureMinDb Lowest amplifier noise figure (dB)
     * \param [in] noiseFigureMaxDb Highest (dB)
     * \param [in] transmitterOsnrMinDb Lowest transmitter OSNR in 0.1 nm (dB)
     * \param [in] transmitterOsnrMaxDb Highest (dB)
     */
    void SetPhysicalLayer(double spanKm,
                          double noiseFigureMinDb,
                          double noiseFigureMaxDb,
                          double transmitterOsnrMinDb,
                          double transmitterOsnrMaxDb);

    /// \param [in] n Wavelengths per fibre (each link's capacity is rate x n)
    void SetWavelengths(uint32_t n);

    /**
     * \brief Makes every link a static one: the "radwan" mode table, the STATIC policy and
     * \p rateGbps as its rate (for studies whose links should not change rate).
     * \param [in] rateGbps The rate (Gb/s; one of the table's modes)
     * \param [out] error The mode table cannot be read
     * \return false on error
     */
    bool SetStaticLinks(double rateGbps, std::string& error);

    /**
     * \brief Sets how each fibre's line reckons nonlinear interference.
     * \param [in] model OpticalChannel::PER_CHANNEL (the default: GN model channel by channel)
     * or OpticalChannel::COMB (one gap-free band, about 2 dB more NLI)
     */
    void SetNliModel(OpticalChannel::NliModel model);

    /**
     * \brief Builds the links (not started) and the flow-level topology that follows them.
     * \param [in] fibres The fibre layer
     * \param [in] stream First random stream (noise figures, transmitters, SNR series)
     * \param [out] wan The network
     * \param [out] error What is wrong (a span beyond reach, no modes)
     * \return false on error
     */
    bool Build(const WanTopology& fibres, int64_t stream, RateAdaptiveWan& wan, std::string& error);

    /**
     * \brief Turns demands into TE commodities with candidate paths.
     * \param [in] wan The network
     * \param [in] demands Demands (Gb/s)
     * \param [in] paths "ksp" (k shortest by length) or "edge-disjoint"
     * \param [in] k Paths per demand
     * \param [out] commodities The commodities
     * \param [out] error An unknown path kind, a demand without a path
     * \return false on error
     */
    static bool MakeCommodities(const RateAdaptiveWan& wan,
                                const std::vector<TrafficMatrix::Demand>& demands,
                                const std::string& paths,
                                uint32_t k,
                                std::vector<TeSolver::Commodity>& commodities,
                                std::string& error);

    /**
     * \brief Installs a TE solution at flow level: one flow per commodity and path, pinned to
     * the path, at the allocated rate for \p interval (its bytes), capped at that rate
     * (FlowWanTraffic::InstallFlows; FlowWanTraffic is the same behind the WanTraffic seam).
     * \param [in] net The flow engine
     * \param [in] commodities The commodities
     * \param [in] solution The solution (pathFlow in Gb/s)
     * \param [in] interval How long the allocation holds
     * \return the bytes offered
     */
    static double InstallFlows(Ptr<FlowNetwork> net,
                               const std::vector<TeSolver::Commodity>& commodities,
                               const TeSolver::Solution& solution,
                               Time interval);

  private:
    RateAdaptiveLinkHelper m_links; //!< Link helper
    double m_spanKm{80};            //!< Amplifier spacing
    double m_nfMin{6};              //!< Noise figure range
    double m_nfMax{10};             //!< Noise figure range
    double m_txMin{33};             //!< Transmitter OSNR range
    double m_txMax{40};             //!< Transmitter OSNR range
    uint32_t m_wavelengths{1};      //!< Wavelengths per fibre
    /// How each fibre's line reckons NLI.
    OpticalChannel::NliModel m_nliModel{OpticalChannel::PER_CHANNEL};
};

} // namespace ns3

#endif /* RATE_ADAPTIVE_WAN_HELPER_H */
