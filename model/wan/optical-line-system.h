/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef OPTICAL_LINE_SYSTEM_H
#define OPTICAL_LINE_SYSTEM_H

#include <cstdint>
#include <string>
#include <vector>

namespace ns3
{

/**
 * \ingroup optical
 * \brief A fibre span and the amplifier at its end.
 */
struct FibreSpan
{
    double lengthKm{80};          //!< Length (km, >= 0)
    double lossDbPerKm{0.2};      //!< Attenuation (dB/km; SSMF 0.2)
    double connectorLossDb{0};    //!< Connectors and splices (dB)
    double gamma{1.3};            //!< Nonlinear coefficient (1/W/km; SSMF ~1.3)
    double beta2PsSqPerKm{-21.3}; //!< Group-velocity dispersion (ps^2/km; SSMF ~-21.3)
    double amplifierGainDb{-1};   //!< Amplifier gain (dB; negative: the span's loss)
    double noiseFigureDb{5.5};    //!< Amplifier noise figure (dB; EDFA 5 to 10)

    /// \return the span's loss (dB)
    double GetLossDb() const;
};

/**
 * \ingroup optical
 * \brief One channel of a WDM line: where it sits, how fast it goes, how loud it is.
 */
struct OpticalChannel
{
    double frequencyThz{193.41}; //!< Centre frequency (THz; 1550 nm)
    double baudGbd{32};          //!< Symbol rate (GBd): the signal bandwidth
    double spacingGhz{50};       //!< Spectral width of the slot (GHz)
    double launchPowerDbm{0};    //!< Launch power per channel (dBm)
    uint32_t channels{1};        //!< Channels on the line (occupied bandwidth = channels x
                                 //!< spacing, for the nonlinear interference)
};

/**
 * \ingroup optical
 * \brief An optical line system: fibre spans, each ended by an amplifier (EDFA) that makes up
 * its loss, and the signal-to-noise ratio a channel reaches over it.
 *
 * Amplified spontaneous emission (ASE), per amplifier in a reference bandwidth B:
 * P_ASE = NF h nu G B (high-gain approximation). Nonlinear interference (NLI), the closed-form
 * incoherent GN model (Poggiolini, arXiv 1209.0394) for a Nyquist-WDM comb of bandwidth B_tot,
 * per span: G_NLI = (8/27) gamma^2 G_ch^3 L_eff^2 asinh((pi^2/2) |beta2| L_eff,a B_tot^2) /
 * (pi |beta2| L_eff,a), with L_eff = (1 - exp(-alpha L)) / alpha, L_eff,a = 1 / alpha, G_ch =
 * P_ch / B_ch; spans add incoherently. Then
 *
 * - OSNR (0.1 nm, B = 12.5 GHz) = P_ch / sum P_ASE (ASE only);
 * - GSNR in the signal bandwidth = P_ch / (sum P_ASE(B_ch) + sum G_NLI B_ch), B_ch the baud
 *   rate; in 0.1 nm it is GSNR + 10 log10(B_ch / 12.5 GHz);
 * - over a path of segments (lines, ROADMs, transmitters), 1/SNR adds (CombineDb()).
 *
 * With N identical spans whose loss the gain cancels, OSNR_dB = 58 + P_ch - loss - NF -
 * 10 log10 N at 1550 nm: the textbook form the tests check.
 */
class OpticalLineSystem
{
  public:
    /// Reference bandwidth of OSNR: 0.1 nm at 1550 nm (Hz).
    static constexpr double REFERENCE_BANDWIDTH_HZ = 12.5e9;

    OpticalLineSystem() = default;

    /**
     * \brief Adds a span (and its amplifier).
     * \param [in] span The span
     * \param [out] error What is wrong (negative length, loss, gain or noise figure; a span
     * whose loss exceeds \p maxSpanLossDb, beyond the amplifier's reach)
     * \param [in] maxSpanLossDb Highest span loss an amplifier makes up (dB; GNPy: 28)
     * \return false on error (nothing added)
     */
    bool AddSpan(const FibreSpan& span, std::string& error, double maxSpanLossDb = 28);

    /**
     * \brief Builds a line of equal spans over a fibre of \p lengthKm, as few as keep each span
     * within \p maxSpanKm (amplifier spacing).
     * \param [in] lengthKm Fibre length (km, > 0)
     * \param [in] span Span template (its length is replaced)
     * \param [in] maxSpanKm Longest span (km, > 0)
     * \param [out] line The line (unchanged on error)
     * \param [out] error What is wrong (non-positive length or spacing, a span beyond reach)
     * \return false on error
     */
    static bool Build(double lengthKm,
                      const FibreSpan& span,
                      double maxSpanKm,
                      OpticalLineSystem& line,
                      std::string& error);

    /**
     * \brief The SNR of a point-to-point optical link: a line of equal spans (Build) at the
     * optimal launch power, in series with the transmitter's OSNR.
     * \param [in] lengthKm Fibre length (km)
     * \param [in] span Span template (amplifier noise figure, fibre)
     * \param [in] maxSpanKm Amplifier spacing (km)
     * \param [in] transmitterOsnrDb Transmitter OSNR in 0.1 nm (dB)
     * \param [in] channel The channel (baud rate, comb; its launch power is ignored)
     * \param [out] snrDb The SNR in the signal bandwidth (dB)
     * \param [out] error As for Build
     * \return false on error
     */
    static bool GetLinkSnrDb(double lengthKm,
                             const FibreSpan& span,
                             double maxSpanKm,
                             double transmitterOsnrDb,
                             const OpticalChannel& channel,
                             double& snrDb,
                             std::string& error);

    /// \return the spans
    const std::vector<FibreSpan>& GetSpans() const;

    /// \return the total length (km)
    double GetLengthKm() const;

    /**
     * \param [in] channel The channel
     * \param [in] bandwidthHz Reference bandwidth
     * \return the ASE power of all amplifiers in that bandwidth (W)
     */
    double GetAsePowerW(const OpticalChannel& channel, double bandwidthHz) const;

    /**
     * \param [in] channel The channel (its line's comb: channels x spacing)
     * \return the NLI power spectral density at the channel, all spans (W/Hz)
     */
    double GetNliPsd(const OpticalChannel& channel) const;

    /// \return the OSNR in 0.1 nm from ASE alone (dB)
    double GetOsnrDb(const OpticalChannel& channel) const;

    /**
     * \param [in] channel The channel
     * \param [in] nli Include nonlinear interference
     * \return the generalised SNR in the signal bandwidth (dB)
     */
    double GetGsnrDb(const OpticalChannel& channel, bool nli = true) const;

    /**
     * \param [in] channel The channel (its launch power is ignored)
     * \return the generalised SNR in the signal bandwidth at the optimal launch power (dB)
     */
    double GetOptimalGsnrDb(OpticalChannel channel) const;

    /// \return the generalised SNR in 0.1 nm (dB), what transceiver modes are compared with
    double GetGsnr01nmDb(const OpticalChannel& channel) const;

    /**
     * \brief The launch power that maximises the GSNR (GSL's Brent minimiser over -10 to
     * +10 dBm); there the NLI is half the ASE.
     * \param [in] channel The channel (its launch power is ignored)
     * \return the optimal launch power (dBm)
     */
    double GetOptimalLaunchDbm(const OpticalChannel& channel) const;

    /**
     * \brief Adds signal-to-noise ratios of segments in series: 1/SNR adds.
     * \param [in] snrDb The segments' SNRs (dB, same bandwidth)
     * \return the end-to-end SNR (dB)
     */
    static double CombineDb(const std::vector<double>& snrDb);

    /// \return the SNR in the signal bandwidth for an OSNR in 0.1 nm (dB)
    static double OsnrToSnrDb(double osnrDb, double baudGbd);

  private:
    std::vector<FibreSpan> m_spans; //!< Spans
};

} // namespace ns3

#endif /* OPTICAL_LINE_SYSTEM_H */
