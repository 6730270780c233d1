/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef DCQCN_FLUID_MODEL_H
#define DCQCN_FLUID_MODEL_H

/**
 * \file
 * \ingroup optical-tests
 * The fixed point of the DCQCN fluid model for N equal flows on one bottleneck, the reference
 * that tests compare the packet-level DCQCN with.
 */

#include <cstdint>

namespace ns3
{

/// \brief Parameters of the DCQCN fluid model: N equal flows, one bottleneck.
struct DcqcnFluidParameters
{
    double capacityBps;         //!< Bottleneck capacity C (b/s)
    uint32_t flows;             //!< N flows, all through the bottleneck, same parameters
    double packetBits;          //!< L, bits of a packet on the wire (rates in packets/s: b/s / L)
    double g;                   //!< Alpha gain (no effect on the fixed point)
    double tauSeconds;          //!< tau: CNP interval = rate-decrease interval = alpha period
    double timerSeconds;        //!< T, the rate-increase timer (0: none)
    double byteCounterBits;     //!< B, the byte counter in bits (0: no byte-counter events)
    uint32_t fastRecoverySteps; //!< F, fast-recovery events after a cut
    double raiBps;              //!< R_AI, additive increase (b/s)
    double kminBytes;           //!< Kmin: no marking at or below
    double kmaxBytes;           //!< Kmax: every packet marked above
    double pmax;                //!< Marking probability at Kmax
};

/// \brief The fixed point of the model, per flow.
struct DcqcnFixedPoint
{
    double rateBps;    //!< Rc* = C / N
    double targetBps;  //!< Rt*
    double alpha;      //!< alpha*
    double p;          //!< Marking probability p*
    double queueBytes; //!< q* from p* through the marking law
    bool ok;           //!< The solver converged and 0 < p* < pmax
};

/**
 * \brief Solves the fixed point of the DCQCN fluid model.
 *
 * <b>The paper's model</b>: Zhu et al., "Congestion Control for Large-Scale RDMA Deployments",
 * SIGCOMM 2015, fluid-model section; restated per flow in Zhu et al., "ECN or Delay: Lessons
 * Learnt from Analysis of DCQCN and TIMELY", CoNEXT 2016, section "DCQCN", subsection "Model",
 * figure "DCQCN fluid model" (rates R in packets/s, delay tau* dropped: it vanishes at rest):
 * \verbatim
   p      = 0 (q <= Kmin); pmax (q - Kmin) / (Kmax - Kmin) (q <= Kmax); 1 (q > Kmax)
   dq/dt  = N Rc - C
   dalpha/dt = g/tau' [(1 - (1-p)^(tau' Rc)) - alpha]
   dRt/dt = -(Rt - Rc)/tau [1 - (1-p)^(tau Rc)]
            + R_AI Rc (1-p)^(F B) p / ((1-p)^-B - 1)
            + R_AI Rc (1-p)^(F T Rc) p / ((1-p)^(-T Rc) - 1)
   dRc/dt = -Rc alpha/(2 tau) [1 - (1-p)^(tau Rc)]
            + (Rt - Rc)/2 Rc p / ((1-p)^-B - 1) + (Rt - Rc)/2 Rc p / ((1-p)^(-T Rc) - 1)
   \endverbatim
 * Its fixed point (CoNEXT 2016, subsection "Stability", theorem "DCQCN's unique fixed point"):
 * N Rc* = C, alpha* = 1 - (1-p*)^(tau' Rc*), q* = Kmin + p* / pmax (Kmax - Kmin), and p*
 * solves a^2 alpha / ((b + d)(c + e)) = tau^2 R_AI Rc with a = 1 - (1-p)^(tau Rc),
 * b = p / ((1-p)^-B - 1), c = (1-p)^(F B) b, d = p / ((1-p)^(-T Rc) - 1), e = (1-p)^(F T Rc) d.
 *
 * <b>What is solved here</b>, the same model made to match the sender and receiver under
 * test. With R = C / (N L) and x(P) = exp(-kappa P):
 * \verbatim
   a      = 1 - (1-p)^(tau R)        an interval tau holds a CE mark: one CNP, one cut
   kappa  = a / tau                  cuts per second
   alpha* = a                        the alpha equation at rest, tau' = tau
   S      = sum_j exp(-kappa t_j),   S_AI = the same sum over j > F
   dRt/dt = kappa [-(Rt - Rc) + R_AI S_AI]
   dRc/dt = kappa [-Rc alpha / 2 + (Rt - Rc) S / 2 + R_AI S_AI / 2]
   at rest:  Rt* = Rc* + R_AI S_AI,   a = (R_AI / R) S_AI (S + 1)
   \endverbatim
 * where t_1 < t_2 < ... are the times after a cut of the increase events: timer at kT, byte
 * counter at kB / (R L), k >= 1 (both restart at a cut); event j comes before the next cut
 * with probability exp(-kappa t_j) (cuts as a Poisson process of the slot rate kappa, smoothing
 * the once-per-tau lattice). Per source, sum_{k>m} x(P)^k = x(P)^(m+1) / (1 - x(P)), m = its
 * events among the first F. The left side of the last equation grows with p, the right side
 * falls: p* is unique, found by Brent's method (gsl_roots) on ln p in (pmax e^-60, pmax).
 *
 * <b>Where it differs from the paper, and why.</b>
 * - Cut cycles: the paper counts increase events between marked packets (cycles at rate
 *   Rc p, survival (1-p)^(Rc t)) yet cuts at rate a / tau. Here CNPs (receiver) and cuts
 *   (sender) come at most once per tau, so cuts and the counter resets share the rate kappa,
 *   which cancels. (The paper's, timer only: R alpha (a / (tau R p))^2 = R_AI S S_AI.)
 * - tau' = tau (alpha updated every tau): alpha* = a. Hyper increase is ignored, as there.
 * - Stages: the paper counts fast recovery per source (c, e terms); here the first F events
 *   after a cut, of either source, are fast recovery (the same with B = 0).
 * - Additive increase does Rt += R_AI before Rc = (Rt + Rc) / 2, moving Rc by
 *   (Rt - Rc + R_AI) / 2: the R_AI S_AI / 2 term (the "+ 1") the paper leaves out.
 *
 * <b>Self-check</b> (not a test; a throwaway main linked with -lgsl -lgslcblas):
 * \code
   DcqcnFluidParameters prm{100e9, 2, 8 * 1048, 1.0 / 256, 50e-6, 300e-6, 0, 1, 50e6,
                            400e3, 1600e3, 0.2};
   DcqcnFixedPoint fp = SolveDcqcnFixedPoint(prm);
   // rateBps 5e10, targetBps 5.022518e10, alpha 0.02857946, p 9.723561e-5,
   // queueBytes 400583.4, ok true (N = 4, 8, 16: p 2.42387e-4, 6.02661e-4, 1.49361e-3)
   \endcode
 *
 * \param [in] params The model's parameters
 * \return the fixed point; ok false (and NaN where undefined) if the parameters are out of
 *         range or p* is not inside (0, pmax)
 */
DcqcnFixedPoint SolveDcqcnFixedPoint(const DcqcnFluidParameters& params);

} // namespace ns3

#endif /* DCQCN_FLUID_MODEL_H */
