/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef PHOTONIC_SYNTHESIZER_H
#define PHOTONIC_SYNTHESIZER_H

#include "photonic-ir.h"

#include "ns3/nstime.h"
#include "ns3/ocs-configuration.h"

#include <cstdint>
#include <string>
#include <vector>

namespace ns3
{

/**
 * \ingroup optical
 * \brief Writes photonic programs from high-level specifications, so that users need not
 * reason about optical primitives. The text it writes is an ordinary program: it compiles
 * like a hand-written one (PhotonicLanguage, then PhotonicCompiler).
 *
 * Every program declares `in a[N]` and `out b[M] @ outFirst`; inputs that carry no light in
 * a slot are dropped explicitly (the linear type system demands it). `outFirst` is 0 for
 * feed-forward targets, whose outputs are separate ports, and N for recirculating meshes,
 * whose I/O ports serve either way (so inputs and outputs must not share one).
 */
class PhotonicSynthesizer
{
  public:
    /// A specification that cannot be written.
    static constexpr int32_t NONE = -1;

    /**
     * Where a program's ports sit on the switch: input k (a[k]) on switch input inputs[k],
     * output k (b[k]) on switch output outputs[k]. Contiguous placements are written as port
     * arrays (in a[N] @ x); others as one declaration per port (in a_3 @ 17), so a study can
     * spread a program's ports around a mesh's border.
     */
    struct PortPlacement
    {
        std::vector<uint32_t> inputs;  //!< Switch input of each program input
        std::vector<uint32_t> outputs; //!< Switch output of each program output
    };

    /**
     * \brief Permutation() on placed ports.
     * \param [in] perm Per input, its output index or NONE
     * \param [in] ports Placement (one input per entry of \p perm)
     * \param [out] text The program
     * \param [out] error What is wrong
     * \return true on success
     */
    static bool Permutation(const std::vector<int32_t>& perm,
                            const PortPlacement& ports,
                            std::string& text,
                            std::string& error);

    /**
     * \brief Multicast() on placed ports.
     * \param [in] groups (input, outputs) pairs, as indices of the placement
     * \param [in] ports Placement
     * \param [out] text The program
     * \param [out] error What is wrong
     * \return true on success
     */
    static bool Multicast(const std::vector<std::pair<uint32_t, std::vector<uint32_t>>>& groups,
                          const PortPlacement& ports,
                          std::string& text,
                          std::string& error);

    /**
     * \brief Rotor() on placed ports.
     * \param [in] matchings Per slot, input k to output matchings[s][k] or NONE
     * \param [in] durations Per slot, a positive duration
     * \param [in] ports Placement
     * \param [out] text The program
     * \param [out] error What is wrong
     * \return true on success
     */
    static bool Rotor(const std::vector<std::vector<int32_t>>& matchings,
                      const std::vector<Time>& durations,
                      const PortPlacement& ports,
                      std::string& text,
                      std::string& error);

    /**
     * \brief A (partial) permutation: input i to output perm[i], or dark when NONE.
     * \param [in] perm Per input, its output or NONE (outputs distinct, below \p nOutputs)
     * \param [in] nOutputs Outputs
     * \param [in] outFirst First switch port of the outputs
     * \param [out] text The program
     * \param [out] error What is wrong with the specification
     * \return true on success
     */
    static bool Permutation(const std::vector<int32_t>& perm,
                            uint32_t nOutputs,
                            uint32_t outFirst,
                            std::string& text,
                            std::string& error);

    /**
     * \brief A multicast set: each group is one input and the outputs that receive it with
     * equal power; inputs in no group are dropped.
     * \param [in] nInputs Inputs
     * \param [in] groups (input, outputs) pairs; inputs distinct, outputs disjoint
     * \param [in] nOutputs Outputs
     * \param [in] outFirst First switch port of the outputs
     * \param [out] text The program
     * \param [out] error What is wrong
     * \return true on success
     */
    static bool Multicast(uint32_t nInputs,
                          const std::vector<std::pair<uint32_t, std::vector<uint32_t>>>& groups,
                          uint32_t nOutputs,
                          uint32_t outFirst,
                          std::string& text,
                          std::string& error);

    /**
     * \brief A rotor schedule: one slot per matching (each a partial permutation), each held
     * for its duration.
     * \param [in] matchings Per slot, input i to output matchings[s][i] or NONE
     * \param [in] durations Per slot, a positive duration
     * \param [in] nOutputs Outputs
     * \param [in] outFirst First switch port of the outputs
     * \param [out] text The program
     * \param [out] error What is wrong
     * \return true on success
     */
    static bool Rotor(const std::vector<std::vector<int32_t>>& matchings,
                      const std::vector<Time>& durations,
                      uint32_t nOutputs,
                      uint32_t outFirst,
                      std::string& text,
                      std::string& error);

    /**
     * \brief An analog transform: outputs = u x inputs (the matrix written inline).
     * \param [in] u A square unitary
     * \param [out] text The program
     * \param [out] error What is wrong
     * \return true on success
     */
    static bool Unitary(const PhotonicMatrix& u, std::string& text, std::string& error);

    /**
     * \brief The permutation of an OCS configuration: each circuit direction from -> to.
     * \param [in] config The configuration
     * \param [in] nPorts The switch's ports
     * \return per input port, its output or NONE
     */
    static std::vector<int32_t> FromConfiguration(const OcsConfiguration& config, uint32_t nPorts);

    /**
     * \brief The round-robin rotor of N ports: N - 1 matchings, slot k sends i to (i + k) mod N.
     * \param [in] n Ports (at least 2)
     * \return the matchings
     */
    static std::vector<std::vector<int32_t>> RoundRobin(uint32_t n);
};

} // namespace ns3

#endif /* PHOTONIC_SYNTHESIZER_H */
