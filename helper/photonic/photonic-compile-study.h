/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef PHOTONIC_COMPILE_STUDY_H
#define PHOTONIC_COMPILE_STUDY_H

#include "ns3/nstime.h"
#include "ns3/photonic-compiler.h"
#include "ns3/photonic-target.h"

#include <cstdint>
#include <string>
#include <vector>

namespace ns3
{

/**
 * \ingroup optical
 * \brief What photonic-compile compiles, and onto what.
 */
struct PhotonicCompileConfig
{
    std::string program;         //!< Program file ("" : synthesize from spec)
    std::string spec;            //!< permutation | multicast | rotor | unitary (no program)
    uint32_t ports{16};          //!< Ports of a synthesized program
    uint32_t slots{0};           //!< Rotor: slots (0: ports - 1, the full round robin)
    Time slot{MicroSeconds(50)}; //!< Rotor: slot length
    std::string target{"benes"}; //!< A style (clements, reck, benes, hexagonal, square,
                                 //!< triangular) or a target file
    uint32_t elements{0};        //!< Generated target: at least this many elements
    double elementLossDb{0.3};   //!< Generated target: per element pass (dB)
    double crossingLossDb{0.05}; //!< Generated target: per crossing (dB)
    Time switchingTime{MicroSeconds(10)}; //!< Generated target: element switching time
    std::string algorithm{"auto"};        //!< auto | pathfinder | ilp | first-fit | benes
    std::string previous;                 //!< Program in place before ("" : none)
    bool baseline{true};                  //!< Also embed by first fit, for comparison
    uint64_t stream{1}; //!< ns-3 random stream of synthesized specifications (with --RngRun)
};

/**
 * \ingroup optical
 * \brief What photonic-compile found.
 */
struct PhotonicCompileOutcome
{
    PhotonicTarget target;           //!< The target
    std::string programText;         //!< The synthesized program (spec) or ""
    PhotonicCompilation compilation; //!< The compilation
    double targetSeconds{0};         //!< Wall time to generate or load the target
    uint32_t elementsChanged{0};     //!< Against --previous (or every element set)
    bool analog{false};              //!< Some slot is analog
    double fidelity{1};              //!< Lowest fidelity over analog slots
    bool hasBaseline{false};         //!< A first-fit embedding was made
    bool baselineOk{false};          //!< It embedded every net
    double baselineMaxLossDb{0};     //!< Its worst pair loss
};

/**
 * \ingroup optical
 * \brief The study behind photonic-compile: builds the target, reads or synthesizes the
 * program, compiles it (and the previous program, and a first-fit baseline).
 */
class PhotonicCompileStudy
{
  public:
    /// \return the styles a generated target may have
    static std::vector<std::string> Styles();

    /// \return the specifications the synthesizer writes
    static std::vector<std::string> Specs();

    /**
     * \brief Finds a file named on the command line: as given, or, for a relative path that
     * does not exist here, under the module's directory (so that examples/... and data/...
     * work from an ns-3 tree's top directory too).
     * \param [in] path The path given
     * \return the path to open (\p path itself when neither exists)
     */
    static std::string ResolveFile(const std::string& path);

    /**
     * \brief Checks a configuration's options against each other, naming the option at fault.
     * \param [in] config The configuration
     * \return "" or "--option=value: problem"
     */
    static std::string Check(const PhotonicCompileConfig& config);

    /**
     * \brief Builds the target (generated at the size the program needs, or loaded).
     * \param [in] config The configuration
     * \param [in] needPorts Switch ports the program uses (inputs and outputs)
     * \param [out] target The target
     * \param [out] error What is wrong (naming --target or --elements)
     * \return true on success
     */
    static bool MakeTarget(const PhotonicCompileConfig& config,
                           uint32_t needPorts,
                           PhotonicTarget& target,
                           std::string& error);

    /**
     * \brief Writes the program of a specification (random instances from the seed).
     * \param [in] config The configuration (spec, ports, slots, slot, seed)
     * \param [in] target The target (recirculating meshes put outputs after inputs)
     * \param [out] text The program
     * \param [out] error What is wrong
     * \return true on success
     */
    static bool Synthesize(const PhotonicCompileConfig& config,
                           const PhotonicTarget& target,
                           std::string& text,
                           std::string& error);

    /**
     * \brief Reads (or synthesizes) and type-checks the program only.
     * \param [in] config The configuration
     * \param [in] target The target (needed to synthesize; may be null for a file)
     * \param [out] program The program
     * \param [out] text The synthesized text ("" for a file)
     * \param [out] diagnostics Rejections
     * \param [out] error Other failures
     * \return true if well typed
     */
    static bool Load(const PhotonicCompileConfig& config,
                     const PhotonicTarget* target,
                     PhotonicProgram& program,
                     std::string& text,
                     std::vector<PhotonicDiagnostic>& diagnostics,
                     std::string& error);

    /**
     * \brief Runs the whole study.
     * \param [in] config The configuration
     * \param [out] outcome What it found
     * \param [out] error What failed: type errors (each on a line), an unembeddable program
     * (the pairs that fail and why), a bad target
     * \return true on success
     */
    static bool Run(const PhotonicCompileConfig& config,
                    PhotonicCompileOutcome& outcome,
                    std::string& error);
};

} // namespace ns3

#endif /* PHOTONIC_COMPILE_STUDY_H */
