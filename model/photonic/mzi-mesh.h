/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef MZI_MESH_H
#define MZI_MESH_H

#include "photonic-ir.h"

#include <cstdint>
#include <string>
#include <vector>

namespace ns3
{

/**
 * \ingroup optical
 * \brief One MZI of a mesh: it acts on modes \c mode and \c mode + 1 in column \c column with
 * the transfer matrix [[e^{i phi} cos theta, -sin theta], [e^{i phi} sin theta, cos theta]].
 */
struct MziSetting
{
    uint32_t column{0}; //!< Column (optical depth position)
    uint32_t mode{0};   //!< Upper mode
    double theta{0};    //!< Splitting angle (rad): 0 is bar, pi/2 is cross
    double phi{0};      //!< Input phase (rad)
};

/**
 * \ingroup optical
 * \brief A unitary as an MZI mesh: the MZIs in the order light meets them (by column) and the
 * phase screen at the output: U = D x T_last x ... x T_first.
 */
struct MziMeshDecomposition
{
    uint32_t n{0};                    //!< Modes
    std::string style;                //!< "clements" or "reck"
    std::vector<MziSetting> mzis;     //!< N(N-1)/2 MZIs, by column then mode
    std::vector<double> outputPhases; //!< D = diag(e^{i outputPhases[k]})
};

/**
 * \ingroup optical
 * \brief Clements (rectangular) and Reck (triangular) decompositions of unitaries into MZI
 * meshes, and the transfer matrix of a mesh with losses (Eigen inside).
 */
class MziMesh
{
  public:
    /**
     * \brief Where the MZIs of an N-mode mesh sit. Clements: N columns; column c holds MZIs
     * on modes m = c mod 2, c mod 2 + 2, ... up to N - 2. Reck: 2N - 3 columns; column c
     * holds MZIs on modes m with m = c (mod 2), m <= c and c + m <= 2N - 4. Both hold
     * N(N-1)/2 MZIs; both are listed by column, then mode.
     * \param [in] n Modes (at least 2)
     * \param [in] style "clements" or "reck"
     * \return (column, mode) of every MZI (theta and phi 0)
     */
    static std::vector<MziSetting> Layout(uint32_t n, const std::string& style);

    /**
     * \brief Decomposes a unitary onto the layout of \p style.
     * \param [in] u An n x n unitary (n >= 2)
     * \param [in] style "clements" or "reck"
     * \param [out] mesh The decomposition; its mzis follow Layout(n, style) one for one
     * \param [out] error Why not (not square, not unitary within 1e-8, unknown style)
     * \return true on success
     */
    static bool Decompose(const PhotonicMatrix& u,
                          const std::string& style,
                          MziMeshDecomposition& mesh,
                          std::string& error);

    /**
     * \brief The transfer matrix of a mesh, each MZI attenuating both its modes by its loss.
     * \param [in] mesh The mesh
     * \param [in] elementLossDb Loss of each MZI pass (dB); empty: lossless; one value: all
     * MZIs; else one per MZI (mesh order). Any other count aborts (a programming error), as
     * does an MZI whose mode + 1 is not below n.
     * \return the n x n transfer matrix (O(N) work per MZI: 2x2 rotations of rows)
     */
    static PhotonicMatrix Reconstruct(const MziMeshDecomposition& mesh,
                                      const std::vector<double>& elementLossDb = {});

    /**
     * \brief Fidelity of a realized transform to an ideal unitary:
     * |Tr(U^H T)|^2 / (n Tr(T^H T)) (1 when T is U up to a global phase and scale).
     * \param [in] ideal U
     * \param [in] realized T (same size)
     * \return the fidelity in [0, 1]; 0 if the sizes differ or T is zero
     */
    static double Fidelity(const PhotonicMatrix& ideal, const PhotonicMatrix& realized);

    /**
     * \param [in] a A matrix
     * \param [in] b Another, same size
     * \return the largest |a_ij - b_ij| (infinity if the sizes differ)
     */
    static double MaxAbsDifference(const PhotonicMatrix& a, const PhotonicMatrix& b);

    /**
     * \param [in] m A square matrix
     * \param [in] tolerance Largest |M^H M - I| entry accepted
     * \return true if \p m is unitary within \p tolerance
     */
    static bool IsUnitary(const PhotonicMatrix& m, double tolerance = 1e-8);

    /**
     * \brief A Haar-random unitary (QR of a complex Gaussian matrix, phases fixed).
     * \param [in] n Size
     * \param [in] seed Seed of the generator (same seed, same matrix)
     * \return the unitary
     */
    static PhotonicMatrix RandomUnitary(uint32_t n, uint64_t seed);

    /**
     * \param [in] a Left factor (r x k)
     * \param [in] b Right factor (k x c; another k aborts)
     * \return a x b
     */
    static PhotonicMatrix Multiply(const PhotonicMatrix& a, const PhotonicMatrix& b);

    /**
     * \brief The transfer matrix of a (lowered or not) IR graph from its INPUT nodes (columns,
     * by switch port) to its OUTPUT nodes (rows, by switch port): each node contributes its
     * ideal matrix (PERMUTE, MULTICAST and UNITARY included; DETECTOR and TERMINATOR absorb).
     * Nodes are evaluated in topological order (Kahn); an input fed by no edge carries nothing.
     * A graph with a cycle, or with an edge naming a missing node or port, has no transfer
     * matrix: the result is an empty 0 x 0 matrix and both port lists are empty.
     * \param [in] graph A well-typed acyclic graph
     * \param [out] inputs Switch ports of the columns, ascending
     * \param [out] outputs Switch ports of the rows, ascending
     * \return the transfer matrix
     */
    static PhotonicMatrix GraphTransfer(const PhotonicGraph& graph,
                                        std::vector<uint32_t>& inputs,
                                        std::vector<uint32_t>& outputs);

    /**
     * \brief Lowers every UNITARY node of a graph into MZI and PHASE nodes (a \p style mesh
     * on its modes), keeping the graph's transfer matrix. Each UNITARY is replaced in place (in
     * node order) by its N(N-1)/2 MZI nodes (params {theta, phi}, mesh order) and then its N
     * PHASE nodes (the output screen D); a 1 x 1 unitary becomes one PHASE. Other nodes keep
     * their order; edges are reindexed, the mesh's internal edges appended after them. On
     * failure the graph is left unchanged.
     * \param [in,out] graph The graph
     * \param [in] style "clements" or "reck"
     * \param [out] error Why not (a matrix that is not unitary names its node)
     * \return true on success
     */
    static bool LowerUnitaries(PhotonicGraph& graph, const std::string& style, std::string& error);
};

} // namespace ns3

#endif /* MZI_MESH_H */
