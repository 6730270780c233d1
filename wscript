## -*- Mode: python; py-indent-offset: 4; indent-tabs-mode: nil; coding: utf-8; -*-
#
# waf build of the optical module for waf-era ns-3 (3.35 and earlier), as contrib/optical.
# CMakeLists.txt is the one list of sources: this file reads the lists from it (and
# examples/wscript reads examples/CMakeLists.txt), so the two builds cannot drift apart.

import os
import re

def _cmake_set(here, name, path='CMakeLists.txt'):
    """Return the items of `set(<name> ...)` in a CMake file of this module (in `here`)."""
    with open(os.path.join(here, path)) as f:
        text = f.read()
    match = re.search(r'set\(\s*%s\s+(.*?)\)' % re.escape(name), text, re.S)
    if not match:
        raise RuntimeError('optical/wscript: no set(%s ...) in %s' % (name, path))
    return [item for item in match.group(1).split() if not item.startswith('#')]


def _units(here):
    """Return (sources, headers) of the module from CMakeLists.txt's optical_units list, as
    CMake expands it: "dir/name" is dir/name.cc and dir/name.h where they exist, an entry
    ending in ".h" a header without a source."""
    sources, headers = [], []
    for unit in _cmake_set(here, 'optical_units'):
        if unit.endswith('.h'):
            headers.append(unit)
            continue
        for ext, out in (('.cc', sources), ('.h', headers)):
            if os.path.exists(os.path.join(here, unit + ext)):
                out.append(unit + ext)
    return sources, headers


def configure(conf):
    # The results store needs SQLite (Debian: libsqlite3-dev).
    conf.check_cfg(package='sqlite3', uselib_store='SQLITE3',
                   args=['--cflags', '--libs'], mandatory=True)
    # Linear and mixed-integer programs: COIN-OR CBC over CLP (Debian: coinor-libcbc-dev).
    conf.check_cfg(package='cbc', uselib_store='COINOR',
                   args=['--cflags', '--libs'], mandatory=True)
    # GraphML topologies are read with libxml2 (Debian: libxml2-dev).
    conf.check_cfg(package='libxml-2.0', uselib_store='OPTICAL_LIBXML2',
                   args=['--cflags', '--libs'], mandatory=True)
    # The graph algorithms: Boost.Graph, header-only (Debian: libboost-graph-dev).
    conf.check_cxx(header_name='boost/graph/compressed_sparse_row_graph.hpp',
                   msg='Checking for Boost.Graph', mandatory=True)
    # Complex linear algebra of the photonic meshes: Eigen (Debian: libeigen3-dev).
    conf.check_cfg(package='eigen3', uselib_store='OPTICAL_EIGEN',
                   args=['--cflags'], mandatory=True)
    # The ADMM TE solver's threads: oneTBB (Debian: libtbb-dev).
    conf.check_cfg(package='tbb', uselib_store='OPTICAL_TBB',
                   args=['--cflags', '--libs'], mandatory=True)
    # The SMN's coarse bandwidth logs: GSL's quantiles (Debian: libgsl-dev).
    conf.check_cfg(package='gsl', uselib_store='OPTICAL_GSL',
                   args=['--cflags', '--libs'], mandatory=True)
    # The learned TE initializer: libtorch (Debian: libtorch-dev), which has no pkg-config file.
    # Optional: without it te-learned-model-none.cc stands in (the method refuses to run).
    conf.env['OPTICAL_HAVE_TORCH'] = bool(conf.check_cxx(
        header_name='torch/torch.h', lib=['torch', 'torch_cpu', 'c10'],
        uselib_store='OPTICAL_TORCH', msg='Checking for libtorch', mandatory=False))


def build(bld):
    # waf runs this file without __file__: the module's directory comes from waf's node.
    here = bld.path.abspath()
    deps = _cmake_set(here, 'optical_ns3_modules')
    deps = [d for d in deps if d != 'core'] + ['core']
    module = bld.create_ns3_module('optical', deps)
    sources, header_files = _units(here)
    # As CMakeLists.txt does: the learned TE model on libtorch, or its stand-in.
    if bld.env['OPTICAL_HAVE_TORCH']:
        sources.append('model/wan/te/te-learned-model.cc')
    else:
        sources.append('model/wan/te/te-learned-model-none.cc')
    module.source = sources
    with open(os.path.join(here, 'VERSION')) as f:
        version = f.read().strip()
    module.defines = ['OPTICAL_DATA_DIR="%s"' % os.path.join(here, 'data'),
                      'OPTICAL_VERSION="%s"' % version,
                      'OPTICAL_SOURCE_DIR="%s"' % here]
    module.use.append('SQLITE3')
    module.use.append('COINOR')
    module.use.append('OPTICAL_LIBXML2')
    module.use.append('OPTICAL_EIGEN')
    module.use.append('OPTICAL_TBB')
    if bld.env['OPTICAL_HAVE_TORCH']:
        module.use.append('OPTICAL_TORCH')
    module.use.append('OPTICAL_GSL')

    module_test = bld.create_ns3_module_test_library('optical')
    module_test.source = _cmake_set(here, 'optical_test_sources')
    module_test.defines = ['OPTICAL_SOURCE_DIR="%s"' % here]

    headers = bld(features='ns3header')
    headers.module = 'optical'
    headers.source = header_files

    if bld.env['ENABLE_EXAMPLES']:
        bld.recurse('examples')
