#!/usr/bin/env python3
# Copyright (c) 2026 ns3-optical contributors
#
# SPDX-License-Identifier: GPL-2.0-only
"""Writes test/wan/data/gnpy-gn-reference.csv: GNPy's GSNR and NLI for a set of lines.

GNPy (Telecominfraproject/oopt-gnpy) is the independent implementation the optical line test
checks OpticalLineSystem against. This script only calls GNPy's own classes: a flat-power
SpectralInformation (create_arbitrary_spectral_information), Fiber elements (GN model,
'gn_model_analytic', no Raman) and fixed-gain Edfa elements whose gain is the span's loss,
propagated span by span; it reports the centre channel's signal, ASE and NLI powers.

Usage (GNPy is not installed: point PYTHONPATH at an exported tree, Debian's python3 with
python3-numpy, python3-scipy, python3-networkx, python3-xlrd, python3-matplotlib):

    git -C <oopt-gnpy clone> archive v2.9 gnpy | tar -x -C /tmp/gnpy
    PYTHONPATH=/tmp/gnpy /usr/bin/python3 utils/gnpy-gn-reference.py \
        --gnpy-commit <commit of v2.9> > test/wan/data/gnpy-gn-reference.csv
"""

import argparse
import math
import os
import sys

import gnpy
from gnpy.core.elements import Edfa, Fiber
from gnpy.core.info import create_arbitrary_spectral_information
from gnpy.core.parameters import SimParams
from gnpy.tools.json_io import Amp

# Centre frequency of the channel under test: GNPy's reference frequency (1550 nm), where its
# gamma and beta2 take the values given.
C = 299792458.0
F_REF = C / 1550e-9


def line(spans, span_km, loss_db_km, connector_db, gain_db, nf_db, dispersion, aeff_um2, launch_dbm,
         channels, spacing_ghz, baud_gbd, eqpt):
    """Propagates a comb over the line; returns the centre channel's powers (W)."""
    centre = channels // 2
    freqs = [F_REF + (k - centre) * spacing_ghz * 1e9 for k in range(channels)]
    power = 1e-3 * 10 ** (launch_dbm / 10)
    signal = [power] * channels
    if channels == 1:
        # GNPy's Edfa needs two carriers (it reads a slot width off their distance): add a dark
        # one (1e-20 W, 1 THz away) whose cross-channel NLI on the cut, ~ its power squared, is nil.
        freqs.append(F_REF + 1e12)
        signal.append(1e-20)
    si = create_arbitrary_spectral_information(freqs, slot_width=spacing_ghz * 1e9, signal=signal,
                                               baud_rate=baud_gbd * 1e9, roll_off=0.0, tx_osnr=100.0)
    amp = Amp.from_json(eqpt, type_variety='ref', type_def='fixed_gain', gain_flatmax=40.0,
                        gain_min=0.0, p_max=60.0, nf0=nf_db)
    for s in range(spans):
        fibre = Fiber(uid=f'fibre{s}', params={
            'length': span_km, 'length_units': 'km', 'loss_coef': loss_db_km, 'con_in': 0.0,
            'con_out': connector_db, 'att_in': 0.0, 'pmd_coef': 0.0, 'dispersion': dispersion * 1e-6,
            'effective_area': aeff_um2 * 1e-12, 'ref_wavelength': 1550e-9})
        fibre.ref_pch_in_dbm = launch_dbm
        si = fibre(si)
        edfa = Edfa(uid=f'edfa{s}', params=amp.__dict__,
                    operational={'gain_target': gain_db, 'tilt_target': 0.0, 'out_voa': 0.0,
                                 'delta_p': None})
        si = edfa(si)
    return si.signal[centre], si.ase[centre], si.nli[centre]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument('--gnpy-commit', default='unknown', help='commit of the GNPy tree used')
    parser.add_argument('--gnpy-version', default='v2.9', help='GNPy tag used')
    args = parser.parse_args()
    SimParams.set_params({'nli_params': {'method': 'gn_model_analytic'},
                          'raman_params': {'flag': False}})
    eqpt = os.path.join(os.path.dirname(gnpy.__file__), 'example-data', 'eqpt_config.json')
    out = sys.stdout
    out.write(f'# GNPy {args.gnpy_version} (Telecominfraproject/oopt-gnpy, commit {args.gnpy_commit}), '
              'made by utils/gnpy-gn-reference.py with Debian python3:\n')
    out.write('# GN model gn_model_analytic (no Raman), fixed-gain flat EDFA, connector loss at the fibre\'s end (con_out), '
              'channels centred on 1550 nm (193.414 THz), roll-off 0;\n')
    out.write('# values of the centre channel (index channels/2) at the line\'s end; powers in dBm, '
              'gsnr-db = signal / (ase + nli) in the signal bandwidth (baud).\n')
    out.write('spans,span-km,loss-db-per-km,connector-db,gain-db,noise-figure-db,dispersion-ps-nm-km,effective-area-um2,'
              'launch-dbm,channels,spacing-ghz,baud-gbd,signal-dbm,ase-dbm,nli-dbm,gsnr-db\n')
    cases = []
    for channels, spacing, baud in ((1, 50, 32), (11, 50, 32), (41, 50, 32), (80, 50, 32),
                                    (1, 100, 64), (11, 100, 64), (41, 100, 64), (40, 100, 64),
                                    (80, 50, 45), (96, 50, 32)):
        for spans, span_km in ((1, 80), (5, 80), (10, 100), (20, 80)):
            for launch in (-2.0, 0.0, 2.0, 4.0):
                cases.append((spans, span_km, 0.2, 0.0, span_km * 0.2, 5.5, 16.7, 83.0, launch,
                              channels, spacing, baud))
    # Other fibres and amplifiers: a lossier, less dispersive fibre, a noisier amplifier.
    for spans, launch in ((3, 0.0), (8, 2.0)):
        cases.append((spans, 70, 0.25, 0.0, 17.5, 7.0, 4.0, 55.0, launch, 41, 50, 32))
        cases.append((spans, 120, 0.18, 0.0, 21.6, 6.0, 20.0, 110.0, launch, 80, 50, 32))
    # Connectors, and amplifiers that do not make up the loss exactly (the power drifts).
    cases.append((5, 80, 0.2, 1.0, 17.0, 5.5, 16.7, 83.0, 1.0, 41, 50, 32))
    cases.append((5, 80, 0.2, 0.0, 16.5, 5.5, 16.7, 83.0, 0.0, 41, 50, 32))
    cases.append((8, 80, 0.2, 0.5, 15.5, 6.0, 16.7, 83.0, 2.0, 80, 50, 32))
    for c in cases:
        sig, ase, nli = line(*c, eqpt)
        dbm = lambda w: 10 * math.log10(w * 1e3)
        gsnr = 10 * math.log10(sig / (ase + nli))
        out.write(','.join(f'{v:g}' for v in c) +
                  f',{dbm(sig):.6f},{dbm(ase):.6f},{dbm(nli):.6f},{gsnr:.6f}\n')


if __name__ == '__main__':
    main()
