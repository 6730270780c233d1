/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef PHOTONIC_LANGUAGE_H
#define PHOTONIC_LANGUAGE_H

#include "photonic-ir.h"

#include <string>
#include <vector>

namespace ns3
{

/**
 * \ingroup optical
 * \brief The front end of the photonic switch language: lexer, parser and linear type checker.
 * A program that passes comes out as IR graphs (one per slot) whose every signal is consumed
 * exactly once. Grammar and rules: doc/optical.rst, "The language".
 */
class PhotonicLanguage
{
  public:
    /**
     * \brief Parses and type-checks a program file. Matrix files it names are read relative
     * to the program's directory.
     * \param [in] path The file
     * \param [out] program The program (valid only when true is returned)
     * \param [out] diagnostics Every rejection found (file:line:column, rule, signal)
     * \return true if the program is well typed
     */
    static bool ParseFile(const std::string& path,
                          PhotonicProgram& program,
                          std::vector<PhotonicDiagnostic>& diagnostics);

    /**
     * \brief Parses and type-checks program text.
     * \param [in] text The source
     * \param [in] fileName The name used in locations
     * \param [out] program The program (valid only when true is returned)
     * \param [out] diagnostics Every rejection found
     * \param [in] baseDir Directory for relative matrix files ("" : current directory)
     * \return true if the program is well typed
     */
    static bool ParseString(const std::string& text,
                            const std::string& fileName,
                            PhotonicProgram& program,
                            std::vector<PhotonicDiagnostic>& diagnostics,
                            const std::string& baseDir = "");

    /// \return the names of every rule the type checker enforces, for the documentation
    static std::vector<std::string> GetRules();

    /**
     * \brief Lowers PERMUTE nodes to plain edges and MULTICAST nodes to trees of equal-power
     * SPLITTERs (UNITARY nodes are lowered by MziMesh::LowerUnitaries).
     * \param [in,out] graph A well-typed graph
     */
    static void LowerCircuits(PhotonicGraph& graph);
};

} // namespace ns3

#endif /* PHOTONIC_LANGUAGE_H */
