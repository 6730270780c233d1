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
 *
 * OpticalLineSystem::AddSpan() takes values in these ranges (finite, physically sensible):
 * length 0 to 1000 km, attenuation above 0 up to 10 dB/km (the closed-form GN model needs a
 * lossy fibre), connector loss 0 to 30 dB, gamma 0 to 100 /W/km, |beta2| 0.1 to 200 ps^2/km
 * (the GN model does not hold near zero dispersion), gain 0 to 50 dB (or negative: the span's
 * loss), noise figure 0 to 20 dB.
 */
struct FibreSpan
{
    double lengthKm{80};          //!< Length (km, 0 to 1000)
    double lossDbPerKm{0.2};      //!< Attenuation (dB/km; SSMF 0.2)
    double connectorLossDb{0};    //!< Connectors and splices (dB)
    double gamma{1.3};            //!< Nonlinear coefficient (1/W/km; SSMF ~1.3, GNPy 1.27)
    double beta2PsSqPerKm{-21.3}; //!< Group-velocity dispersion (ps^2/km; SSMF ~-21.3)
    double amplifierGainDb{-1};   //!< Amplifier gain (dB; negative: the span's loss)
    double noiseFigureDb{5.5};    //!< Amplifier noise figure (dB; EDFA 5 to 10)

    /// \return the span's loss (dB)
    double GetLossDb() const;

    /// \return the amplifier's gain (dB): amplifierGainDb, or the span's loss if it is negative
    double GetGainDb() const;
};

/**
 * \ingroup optical
 * \brief One channel of a WDM line: where it sits, how fast it goes, how loud it is, and the
 * comb of channels it shares the fibre with.
 *
 * The comb is \c channels channels of \c baudGbd, one every \c spacingGhz, all launched at
 * \c launchPowerDbm; this channel is the one at \c position (0: lowest frequency). How the
 * comb's nonlinear interference is reckoned is \c nliModel (see OpticalLineSystem).
 */
struct OpticalChannel
{
    /// How the nonlinear interference of the comb is computed.
    enum NliModel
    {
        PER_CHANNEL, //!< Channel by channel: self- and cross-channel terms (gaps included)
        COMB         //!< One gap-free band of channels x spacing at the channel's PSD
    };

    /// The position meaning "the centre channel" (index channels / 2, the most disturbed).
    static constexpr uint32_t CENTRE = UINT32_MAX;

    double frequencyThz{193.41};    //!< Centre frequency (THz; 1550 nm)
    double baudGbd{32};             //!< Symbol rate (GBd): the signal bandwidth
    double spacingGhz{50};          //!< Spectral width of the slot: distance between channels (GHz)
    double launchPowerDbm{0};       //!< Launch power per channel (dBm)
    uint32_t channels{1};           //!< Channels on the line (1 to 2000)
    uint32_t position{CENTRE};      //!< This channel's place in the comb (0 to channels - 1)
    NliModel nliModel{PER_CHANNEL}; //!< How NLI is computed

    /**
     * \brief Checks the channel against the model's ranges: baud rate above 0 up to 1000 GBd,
     * spacing above 0 up to 10 THz, 1 to MAX_CHANNELS channels occupying at most 50 THz,
     * position within the comb, launch power -50 to +40 dBm, frequency 150 to 250 THz.
     * \param [out] error What is out of range
     * \return false if something is
     */
    bool Check(std::string& error) const;

    /// Most channels of a comb.
    static constexpr uint32_t MAX_CHANNELS = 2000;
};

/**
 * \ingroup optical
 * \brief An optical line system: fibre spans, each ended by an amplifier (EDFA), and the
 * signal-to-noise ratio a channel reaches over it.
 *
 * The channel's power, ASE and NLI are carried span by span: a span attenuates all three by
 * its loss, its amplifier adds ASE and multiplies all three by its gain (a gain equal to the
 * loss, the default, restores the launch power at every span).
 *
 * Amplified spontaneous emission (ASE), per amplifier in a bandwidth B: P_ASE = NF h nu G B
 * (high-gain approximation, referred to the amplifier's output).
 *
 * Nonlinear interference (NLI): the closed-form incoherent GN model (Poggiolini, "The GN model
 * of non-linear propagation", arXiv 1209.0394, eqs. 120 and 123; GNPy's 'gn_model_analytic'),
 * generated in each span at its input power and added over spans (incoherent). With L_eff =
 * (1 - exp(-alpha L)) / alpha, L_eff,a = 1 / alpha (alpha the power attenuation):
 *
 * - OpticalChannel::PER_CHANNEL (default): channel by channel. The channel under test n (PSD
 *   G_n = P_n / B_n) takes G_NLI = (8 / 27 pi) gamma^2 L_eff^2 G_n sum_k G_k^2 psi_nk /
 *   (|beta2| L_eff,a), with the self-channel term psi_nn = asinh((pi^2 / 2) |beta2| L_eff,a
 *   B_n^2) and the cross-channel term of channel k at distance df_nk: psi_nk = asinh(pi^2
 *   |beta2| L_eff,a B_n (df_nk + B_k / 2)) - asinh(pi^2 |beta2| L_eff,a B_n (df_nk - B_k / 2)).
 *   Each channel occupies its own bandwidth (baud), the gaps between them carry nothing.
 * - OpticalChannel::COMB: the comb as one gap-free band B_tot = channels x spacing at the
 *   channel's PSD, G_NLI = (8 / 27) gamma^2 G_ch^3 L_eff^2 asinh((pi^2 / 2) |beta2| L_eff,a
 *   B_tot^2) / (pi |beta2| L_eff,a) (Nyquist-WDM). It fills the gaps with power and so
 *   overstates NLI (by about 2 dB for 80 channels of 32 GBd every 50 GHz); the two agree for a
 *   Nyquist comb (spacing = baud).
 *
 * Then
 *
 * - OSNR (0.1 nm, B = 12.5 GHz) = P_ch / P_ASE at the line's end (ASE only);
 * - GSNR in the signal bandwidth = P_ch / (P_ASE(B_ch) + G_NLI B_ch), B_ch the baud rate; in
 *   0.1 nm it is GSNR + 10 log10(B_ch / 12.5 GHz);
 * - over a path of segments (lines, ROADMs, transmitters), 1/SNR adds (CombineDb()).
 *
 * NLI grows as P^3 at a fixed ASE, so the optimal launch power has a closed form: NLI is half
 * the ASE there (GetOptimalLaunchDbm()).
 *
 * With N identical spans whose loss the gain cancels, OSNR_dB = 58 + P_ch - loss - NF -
 * 10 log10 N at 1550 nm: the textbook form the tests check. The per-channel model is checked
 * against GNPy v2.9 on the same inputs (test/wan/data/gnpy-gn-reference.csv).
 *
 * Bounds: a line is at most MAX_LINE_KM long and has at most MAX_SPANS spans; Build() and
 * AddSpan() refuse more (and every value of FibreSpan out of its range) with an error.
 */
class OpticalLineSystem
{
  public:
    /// Reference bandwidth of OSNR: 0.1 nm at 1550 nm (Hz).
    static constexpr double REFERENCE_BANDWIDTH_HZ = 12.5e9;
    /// Longest line (km): the Earth's circumference; no fibre route is longer.
    static constexpr double MAX_LINE_KM = 40000;
    /// Most spans of a line (40,000 km at 40 km spacing).
    static constexpr uint32_t MAX_SPANS = 1000;
    /// Longest amplifier spacing (km) Build() takes.
    static constexpr double MAX_SPAN_KM = 1000;
    /// Nonlinear refractive index of silica (m^2/W), GNPy's value.
    static constexpr double SILICA_N2 = 2.6e-20;

    OpticalLineSystem() = default;

    /**
     * \brief Adds a span (and its amplifier).
     * \param [in] span The span
     * \param [out] error What is wrong (a value out of FibreSpan's ranges; a span whose loss
     * exceeds \p maxSpanLossDb, beyond the amplifier's reach; MAX_SPANS reached)
     * \param [in] maxSpanLossDb Highest span loss an amplifier makes up (dB; GNPy: 28)
     * \return false on error (nothing added)
     */
    bool AddSpan(const FibreSpan& span, std::string& error, double maxSpanLossDb = 28);

    /**
     * \brief Builds a line of equal spans over a fibre of \p lengthKm, as few as keep each span
     * within \p maxSpanKm (amplifier spacing).
     * \param [in] lengthKm Fibre length (km, above 0 up to MAX_LINE_KM)
     * \param [in] span Span template (its length is replaced)
     * \param [in] maxSpanKm Longest span (km, above 0 up to MAX_SPAN_KM)
     * \param [out] line The line (unchanged on error)
     * \param [out] error What is wrong (a length or spacing out of range, more than MAX_SPANS
     * spans, a span beyond reach)
     * \return false on error
     */
    static bool Build(double lengthKm,
                      const FibreSpan& span,
                      double maxSpanKm,
                      OpticalLineSystem& line,
                      std::string& error);

    /**
     * \brief The spans (and amplifiers) Build() makes of a fibre: the fewest equal spans of at
     * most \p maxSpanKm, at least one.
     * \param [in] lengthKm Fibre length (km, > 0)
     * \param [in] maxSpanKm Longest span (km, > 0)
     * \return the span count
     */
    static double SpanCount(double lengthKm, double maxSpanKm);

    /**
     * \brief The SNR of a point-to-point optical link: a line of equal spans (Build) at the
     * optimal launch power, in series with the transmitter's OSNR.
     * \param [in] lengthKm Fibre length (km)
     * \param [in] span Span template (amplifier noise figure, fibre)
     * \param [in] maxSpanKm Amplifier spacing (km)
     * \param [in] transmitterOsnrDb Transmitter OSNR in 0.1 nm (dB)
     * \param [in] channel The channel (baud rate, comb, NLI model; its launch power is ignored)
     * \param [out] snrDb The SNR in the signal bandwidth (dB)
     * \param [out] error As for Build, or a channel out of range (OpticalChannel::Check()), or a
     * transmitter OSNR outside 0 to 100 dB
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
     * \param [in] channel The channel (its frequency)
     * \param [in] bandwidthHz Reference bandwidth
     * \return the ASE power of all amplifiers in that bandwidth at the line's end (W)
     */
    double GetAsePowerW(const OpticalChannel& channel, double bandwidthHz) const;

    /**
     * \param [in] channel The channel (its comb and NLI model)
     * \return the NLI power spectral density at the channel at the line's end, all spans (W/Hz)
     */
    double GetNliPsd(const OpticalChannel& channel) const;

    /**
     * \param [in] channel The channel
     * \return the channel's power at the line's end (W): the launch power times every span's
     * gain over its loss
     */
    double GetSignalPowerW(const OpticalChannel& channel) const;

    /**
     * \brief GNPy's gamma from the effective area: 2 pi n2 nu / (c A_eff).
     * \param [in] effectiveAreaUm2 Effective area (um^2; SSMF 80 to 85)
     * \param [in] frequencyThz Frequency (THz)
     * \return the nonlinear coefficient (1/W/km)
     */
    static double GammaFromEffectiveArea(double effectiveAreaUm2, double frequencyThz);

    /**
     * \brief beta2 from the dispersion parameter: -D lambda^2 / (2 pi c).
     * \param [in] dispersionPsPerNmKm Dispersion D (ps/nm/km; SSMF 16.7)
     * \param [in] frequencyThz Frequency (THz)
     * \return beta2 (ps^2/km; SSMF at 1550 nm -21.3)
     */
    static double Beta2FromDispersion(double dispersionPsPerNmKm, double frequencyThz);

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
     * \brief The launch power that maximises the GSNR. With every channel at the same power P,
     * NLI at the end is eta P^3 and ASE a constant A, so P / (A + eta P^3) peaks where
     * NLI = A / 2: P_opt = (A / (2 eta))^(1/3), in closed form, kept within the channel's
     * range of -50 to +40 dBm (+40 without NLI).
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
    /// Powers at the line's end, in the channel's signal bandwidth (W).
    struct EndPowers
    {
        double signal{0}; //!< The channel's power
        double ase{0};    //!< ASE in the bandwidth asked for
        double nli{0};    //!< NLI in the signal bandwidth
    };

    /**
     * \brief Carries the channel over the spans.
     * \param [in] channel The channel
     * \param [in] aseBandwidthHz Bandwidth of the ASE reported
     * \return the powers at the end
     */
    EndPowers Propagate(const OpticalChannel& channel, double aseBandwidthHz) const;

    /**
     * \param [in] span A span
     * \param [in] channel The channel (its comb, NLI model)
     * \return the NLI PSD the span generates at the channel for a launch power of 1 W per
     * channel (W/Hz; it scales as the cube of the launch power)
     */
    static double SpanNliPsdPerCubicWatt(const FibreSpan& span, const OpticalChannel& channel);

    std::vector<FibreSpan> m_spans; //!< Spans
};

} // namespace ns3

#endif /* OPTICAL_LINE_SYSTEM_H */
