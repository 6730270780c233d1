/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef PHOTONIC_COMPILER_H
#define PHOTONIC_COMPILER_H

#include "mzi-mesh.h"
#include "photonic-embedding.h"
#include "photonic-ir.h"
#include "photonic-target.h"

#include "ns3/nstime.h"

#include <cstdint>
#include <string>
#include <vector>

namespace ns3
{

/**
 * \ingroup optical
 * \brief One input-output pair of a compiled program and what its light loses on the way.
 */
struct PhotonicPair
{
    uint32_t input{0};  //!< Switch input port
    uint32_t output{0}; //!< Switch output port
    double lossDb{0};   //!< Insertion loss from input to output (dB; split shares included)
};

/**
 * \ingroup optical
 * \brief One slot of a compiled program: its nets and their embedding (circuit programs) or its
 * mesh (analog programs).
 */
struct PhotonicCompiledSlot
{
    Time duration{0};                //!< Slot length (0: static)
    bool analog{false};              //!< An analog (interferometric) program
    std::vector<PhotonicNet> nets;   //!< Circuit programs: the nets embedded
    PhotonicEmbedding embedding;     //!< Element states (both kinds), routes (circuits)
    std::vector<PhotonicPair> pairs; //!< Every input-output pair that carries light
    PhotonicMatrix ideal;            //!< Analog: the program's transfer (outputs x inputs)
    PhotonicMatrix realized;         //!< Analog: the mesh's transfer with the target's losses
    std::vector<uint32_t> inputs;    //!< Analog: switch ports of the matrices' columns
    std::vector<uint32_t> outputs;   //!< Analog: switch ports of the matrices' rows
    double fidelity{1};              //!< Analog: MziMesh::Fidelity(ideal, realized)
    uint32_t elementsChanged{0};     //!< Elements that change from the slot before (or the
                                     //!< previous configuration)
    uint32_t darkInputs{0};          //!< Dropped inputs left unrouted: no output was free to
                                     //!< absorb their light, so they are taken as dark
};

/**
 * \ingroup optical
 * \brief A program compiled onto a target.
 */
struct PhotonicCompilation
{
    bool ok{false};                          //!< Every slot compiled
    std::string error;                       //!< What failed (naming pairs and why)
    std::vector<PhotonicCompiledSlot> slots; //!< Per slot, in order
    uint32_t elementsUsed{0};                //!< Elements some slot sets (not UNUSED)
    uint32_t pairs{0};                       //!< Input-output pairs, all slots
    double maxPathLossDb{0};                 //!< Largest pair loss, all slots
    double meanPathLossDb{0};                //!< Mean pair loss, all slots
    double seconds{0};                       //!< Wall time of lowering and embedding
};

/**
 * \ingroup optical
 * \brief The compiler: lowers a type-checked program and embeds it on a target.
 *
 * A slot whose graph holds an MZI, a PHASE or a UNITARY is analog: its transfer matrix
 * (MziMesh::GraphTransfer) must be unitary, and it is decomposed onto the target's mesh
 * (Clements targets by the Clements decomposition, Reck targets by Reck's), the program's
 * ports on the mesh's modes and the rest completed by the identity; the realized transfer
 * comes from the mesh with every MZI's loss. Any other slot is a circuit program: PERMUTE and
 * MULTICAST are lowered (PhotonicLanguage::LowerCircuits), each input is followed through
 * crossings to its outputs, giving circuits, fan-outs (splitter trees, their shares), fan-ins
 * (combiner trees) and terminators, which PhotonicRouter embeds with the least worst loss. A
 * terminator needs an output no other net uses; when the slot cannot be embedded with them
 * (a multicast may take every output), its dropped inputs are taken as dark
 * (PhotonicCompiledSlot::darkInputs) and the rest is embedded alone.
 * Slots after the first reuse the previous slot's embedding where they can, so a rotor
 * changes as few elements as it must.
 */
class PhotonicCompiler
{
  public:
    /// Options.
    struct Options
    {
        PhotonicRouter::Options router; //!< Embedding options
    };

    /**
     * \brief Compiles a program.
     * \param [in] program A type-checked program
     * \param [in] target The target
     * \param [in] options Options
     * \param [in] previous If not null, a compilation on the same target whose last slot is
     * the configuration in place: the first slot reuses it and counts the elements changed
     * \return the compilation (ok false: error names what failed)
     */
    static PhotonicCompilation Compile(const PhotonicProgram& program,
                                       const PhotonicTarget& target,
                                       const Options& options,
                                       const PhotonicCompilation* previous = nullptr);

    /**
     * \brief The nets of a circuit graph (lowered: no PERMUTE or MULTICAST).
     * \param [in] graph The graph
     * \param [in] target The target (its I/O numbering)
     * \param [out] nets The nets
     * \param [out] error What cannot be embedded (a port beyond the target, a splitter
     * branch that ends in a terminator, a split feeding a combine)
     * \return true on success
     */
    static bool ExtractNets(const PhotonicGraph& graph,
                            const PhotonicTarget& target,
                            std::vector<PhotonicNet>& nets,
                            std::string& error);

    /**
     * \param [in] graph A graph
     * \return true if it holds an MZI, a PHASE or a UNITARY (an analog program)
     */
    static bool IsAnalog(const PhotonicGraph& graph);
};

} // namespace ns3

#endif /* PHOTONIC_COMPILER_H */
