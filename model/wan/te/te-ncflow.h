/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef TE_NCFLOW_H
#define TE_NCFLOW_H

#include "te-method.h"

#include <cstdint>
#include <vector>

namespace ns3
{

/**
 * \ingroup optical
 * \brief "ncflow": an NCFlow-style decomposition (Abuzaid et al., NSDI'21): the nodes are
 * clustered, the inter-cluster problem is solved on the contracted graph (one node per
 * cluster) while each cluster's own demands are solved inside it, concurrently (Threads at a
 * time), and the results are reconciled into one allocation on the real paths.
 *
 * With one cluster it is the LP. See the model documentation for the steps.
 */
class TeNcflowMethod : public TeMethod
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();
    std::string GetName() const override;

    /**
     * \brief Clusters a graph's nodes into \p k connected groups of similar size.
     * \param [in] g The graph
     * \param [in] k Clusters (>= 1; more than the nodes gives one per node)
     * \param [in] seed Seed of any random choice
     * \return each node's cluster, 0 .. k-1
     */
    static std::vector<uint32_t> Cluster(const TeGraph& g, uint32_t k, uint64_t seed);

    /// \return the clusters of the last solve
    uint32_t GetNClusters() const;

  protected:
    bool DoAllocate(const TeGraph& g,
                    const TeSolver::Problem& p,
                    TeSolver::Solution& out,
                    std::string& error) override;

  private:
    uint32_t m_clusters{0};    //!< Clusters (0: about sqrt(nodes))
    uint64_t m_seed{1};        //!< Seed
    uint32_t m_lastClusters{0}; //!< Of the last solve
};

} // namespace ns3

#endif /* TE_NCFLOW_H */
