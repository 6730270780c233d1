/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// The fixed point of the DCQCN fluid model (equations in dcqcn-fluid-model.h): one equation in
// the marking probability, solved with GSL's Brent root finder on ln p.

#include "dcqcn-fluid-model.h"

#include <cmath>
#include <gsl/gsl_errno.h>
#include <gsl/gsl_roots.h>

namespace ns3
{

namespace
{

/// \brief One flow's cut cycle at the fixed point, for one marking probability.
struct CycleBalance
{
    double a{0};   //!< Probability that an interval tau holds a CE mark (one CNP, one cut)
    double s{0};   //!< S: expected rate-increase events between two cuts
    double sAi{0}; //!< S_AI: those past fast recovery (additive increase)
};

/**
 * \brief Expected events of one periodic source (timer or byte counter) between two cuts.
 * \param [in] kappa Cuts per second
 * \param [in] period The source's period, restarted at a cut (s)
 * \param [in] skipped How many of its first events are left out
 * \return the sum over k > skipped of exp(-kappa k period)
 */
double
PeriodicEvents(double kappa, double period, uint32_t skipped)
{
    return std::exp(-kappa * period * (skipped + 1.0)) / -std::expm1(-kappa * period);
}

/**
 * \brief The cut cycle of one flow sending C / N when packets are marked with probability p.
 * \param [in] prm The model's parameters
 * \param [in] p The marking probability, in (0, 1]
 * \return a, S and S_AI
 */
CycleBalance
Balance(const DcqcnFluidParameters& prm, double p)
{
    const double rateBps = prm.capacityBps / prm.flows;
    CycleBalance b;
    b.a = -std::expm1(prm.tauSeconds * rateBps / prm.packetBits * std::log1p(-p));
    const double kappa = b.a / prm.tauSeconds;
    const double periods[2] = {prm.timerSeconds, prm.byteCounterBits / rateBps};
    uint32_t fastRecovery[2] = {0, 0}; // of the first F events, how many each source fires
    for (uint32_t i = 0; i < prm.fastRecoverySteps; ++i)
    {
        const double next0 = periods[0] > 0 ? (fastRecovery[0] + 1) * periods[0] : INFINITY;
        const double next1 = periods[1] > 0 ? (fastRecovery[1] + 1) * periods[1] : INFINITY;
        ++fastRecovery[next0 <= next1 ? 0 : 1];
    }
    for (int k = 0; k < 2; ++k)
    {
        if (periods[k] > 0)
        {
            b.s += PeriodicEvents(kappa, periods[k], 0);
            b.sAi += PeriodicEvents(kappa, periods[k], fastRecovery[k]);
        }
    }
    return b;
}

/**
 * \brief The fixed-point residual a - (R_AI / R) S_AI (S + 1), increasing in p.
 * \param [in] logP ln p
 * \param [in] params The model's parameters (a DcqcnFluidParameters)
 * \return the residual, 0 at the fixed point
 */
double
Residual(double logP, void* params)
{
    const auto& prm = *static_cast<const DcqcnFluidParameters*>(params);
    const CycleBalance b = Balance(prm, std::exp(logP));
    return b.a - prm.raiBps / (prm.capacityBps / prm.flows) * b.sAi * (b.s + 1);
}

} // namespace

DcqcnFixedPoint
SolveDcqcnFixedPoint(const DcqcnFluidParameters& params)
{
    DcqcnFixedPoint fp{NAN, NAN, NAN, NAN, NAN, false};
    DcqcnFluidParameters prm = params;
    if (!(prm.capacityBps > 0 && prm.flows > 0 && prm.packetBits > 0 && prm.g > 0 && prm.g <= 1 &&
          prm.tauSeconds > 0 && (prm.timerSeconds > 0 || prm.byteCounterBits > 0) &&
          prm.raiBps > 0 && prm.kmaxBytes > prm.kminBytes && prm.pmax > 0 && prm.pmax <= 1))
    {
        return fp;
    }
    fp.rateBps = prm.capacityBps / prm.flows;
    double lo = std::log(prm.pmax) - 60; // p = pmax e^-60, far below any fixed point
    double hi = std::log(prm.pmax);
    if (!(Residual(lo, &prm) < 0 && Residual(hi, &prm) > 0))
    {
        return fp; // p* is not in (0, pmax): the queue would sit above Kmax
    }
    gsl_function f{&Residual, &prm};
    gsl_error_handler_t* previous = gsl_set_error_handler_off();
    gsl_root_fsolver* s = gsl_root_fsolver_alloc(gsl_root_fsolver_brent);
    int status = gsl_root_fsolver_set(s, &f, lo, hi);
    for (int i = 0; i < 200 && status == GSL_SUCCESS && !fp.ok; ++i)
    {
        status = gsl_root_fsolver_iterate(s);
        lo = gsl_root_fsolver_x_lower(s);
        hi = gsl_root_fsolver_x_upper(s);
        fp.ok = status == GSL_SUCCESS && gsl_root_test_interval(lo, hi, 1e-14, 0) == GSL_SUCCESS;
    }
    fp.p = std::exp(gsl_root_fsolver_root(s));
    gsl_root_fsolver_free(s);
    gsl_set_error_handler(previous);
    const CycleBalance b = Balance(prm, fp.p);
    fp.alpha = b.a;
    fp.targetBps = fp.rateBps + prm.raiBps * b.sAi;
    fp.queueBytes = prm.kminBytes + fp.p / prm.pmax * (prm.kmaxBytes - prm.kminBytes);
    fp.ok = fp.ok && fp.p > 0 && fp.p < prm.pmax;
    return fp;
}

} // namespace ns3
