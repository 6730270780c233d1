/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef INFERENCE_SEQUENCE_H
#define INFERENCE_SEQUENCE_H

#include "inference-arrivals.h"

#include "ns3/nstime.h"

#include <cstdint>
#include <vector>

namespace ns3
{

/**
 * \ingroup optical
 * \brief One request in a service, as the engine and its scheduler see it.
 *
 * Tokens: after a prefill of the prompt (and, after a recompute, of the tokens generated so
 * far) the cache holds those tokens and the first (next) token is out; each decode step
 * processes the last token out (its KV joins the cache) and produces the next one. So a
 * request with \c generated tokens out has \c prompt + \c generated - 1 tokens cached.
 */
struct InferenceSequence
{
    /// Where the sequence is.
    enum State
    {
        WAITING,    //!< Arrived, not in GPU memory (new, or dropped for recompute)
        RESIDENT,   //!< Its KV on the GPUs: runs in the iterations
        PAGING_OUT, //!< Its KV on the way to a page target
        SWAPPED,    //!< Its KV at a page target
        PAGING_IN,  //!< Its KV on the way back
        DONE,       //!< Every output token produced
    };

    InferenceRequestSpec spec; //!< The request
    State state{WAITING};      //!< State
    uint64_t generated{0};     //!< Output tokens produced
    uint64_t cached{0};        //!< Tokens whose KV exists (on the GPUs or at a target)
    uint64_t prefillLeft{0};   //!< Tokens still to prefill before the next token
    uint64_t blocks{0};        //!< KV blocks it holds on each GPU
    uint64_t admitOrder{0};    //!< When it last became resident (for LIFO preemption)
    int32_t targetLevel{-1};   //!< Page-target level holding its pages (-1: none)
    double targetBytes{0};     //!< Bytes it holds there, per GPU
    /// Oversized: bytes per GPU of its offloaded KV held at each page-target level (the first
    /// levels filled first)
    std::vector<double> offload;
    Time firstToken{Time::Max()}; //!< When the first token was produced
    Time lastToken;               //!< When the last token so far was produced
    Time end;                     //!< When the last token was produced
    uint32_t preemptions{0};      //!< Times it was preempted (recomputed or paged out)
    uint32_t pageOuts{0};         //!< Times its KV was paged out
    double pagedBytes{0};         //!< Bytes paged out and in, summed over its GPUs
    bool oversized{false};        //!< Its KV cannot all fit on the GPUs: part is offloaded
    bool rejected{false};         //!< Refused (its KV can never fit and nothing pages)

    /// \return true if the next iteration prefills it
    bool NeedsPrefill() const
    {
        return prefillLeft > 0;
    }
};

} // namespace ns3

#endif /* INFERENCE_SEQUENCE_H */
