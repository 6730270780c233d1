/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// Test runner of the standalone build: ns-3's own TestRunner over the module's suites, which are
// compiled into this program so that their static registration runs. In an ns-3 tree, ns-3's
// test-runner plays this part.

#include "ns3/test.h"

int
main(int argc, char** argv)
{
    return ns3::TestRunner::Run(argc, argv);
}
