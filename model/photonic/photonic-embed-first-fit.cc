/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// PhotonicRouter's "first-fit" embedder: each net in order by its least-loss path over the
// nodes the nets before it left free, no rip-up (the baseline of the figures).

#include "photonic-embedding-detail.h"

namespace ns3
{
namespace photonicembeddetail
{

void
FirstFit(Engine& en, const EmbedRequest&, PhotonicEmbedding& emb)
{
    Cost hard;
    hard.hard = true;
    bool all = true;
    for (uint32_t n = 0; n < en.m_nets.size(); ++n)
    {
        const std::string why = en.RouteNet(n, hard);
        if (!why.empty())
        {
            emb.failedNets.push_back(why);
            all = false;
            continue;
        }
        en.Occupy(n, +1);
    }
    emb.iterations = 1;
    emb.ok = all && en.Overused() == 0;
    if (en.Overused() > 0)
    {
        en.Conflicts(emb, 1);
    }
}

} // namespace photonicembeddetail
} // namespace ns3
