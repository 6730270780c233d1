/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef KV_BLOCK_MANAGER_H
#define KV_BLOCK_MANAGER_H

#include <cstdint>
#include <memory>
#include <string>

namespace ns3
{

/**
 * \ingroup optical
 * \brief The KV cache of one model instance, in fixed-size blocks (vLLM's paged attention):
 * every GPU of the instance holds the same number of blocks (each its share of the KV heads),
 * so one count serves them all.
 *
 * A block holds \c blockTokens tokens. Allocate() and Release() move blocks between the free
 * pool and the sequences; Allocate() refuses what does not fit, so the blocks in use never
 * exceed the capacity (GetPeakUsed() says how close they came).
 */
class KvBlockManager
{
  public:
    KvBlockManager() = default;

    /**
     * \param [in] capacityBlocks Blocks per GPU
     * \param [in] blockTokens Tokens per block (> 0)
     */
    KvBlockManager(uint64_t capacityBlocks, uint32_t blockTokens);

    /// \return blocks per GPU
    uint64_t GetCapacity() const;
    /// \return tokens per block
    uint32_t GetBlockTokens() const;
    /// \return blocks in use
    uint64_t GetUsed() const;
    /// \return blocks free
    uint64_t GetFree() const;
    /// \return the most blocks in use at once so far
    uint64_t GetPeakUsed() const;

    /**
     * \param [in] tokens Tokens of a sequence's cache
     * \return the blocks they take: ceil(tokens / blockTokens)
     */
    uint64_t BlocksFor(uint64_t tokens) const;

    /**
     * \brief Takes blocks from the free pool.
     * \param [in] blocks Blocks
     * \return false (nothing taken) if fewer are free
     */
    bool Allocate(uint64_t blocks);

    /**
     * \brief Returns blocks to the free pool.
     * \param [in] blocks Blocks (at most those in use: more is a fatal error)
     */
    void Release(uint64_t blocks);

  private:
    uint64_t m_capacity{0};    //!< Blocks per GPU
    uint32_t m_blockTokens{1}; //!< Tokens per block
    uint64_t m_used{0};        //!< Blocks in use
    uint64_t m_peak{0};        //!< Most blocks in use
};

/**
 * \ingroup optical
 * \brief Memory that holds pages of KV state away from the GPU that owns it: a host's DRAM,
 * or the HBM a peer GPU lends. Shared by the GPUs that page to it.
 */
class InferenceMemoryPool
{
  public:
    /**
     * \param [in] name Name, for messages and records (e.g. "host0", "gpu0.5")
     * \param [in] capacityBytes Bytes it can hold
     */
    InferenceMemoryPool(std::string name, double capacityBytes);

    /// \return its name
    const std::string& GetName() const;
    /// \return bytes it can hold
    double GetCapacity() const;
    /// \return bytes held
    double GetUsed() const;
    /// \return the most bytes held at once
    double GetPeakUsed() const;

    /**
     * \param [in] bytes Bytes to place
     * \return false (nothing placed) if they do not fit
     */
    bool Reserve(double bytes);

    /// \param [in] bytes Bytes to give back (at most those held)
    void Free(double bytes);

  private:
    std::string m_name; //!< Name
    double m_capacity;  //!< Capacity (bytes)
    double m_used{0};   //!< Held (bytes)
    double m_peak{0};   //!< Most held (bytes)
};

} // namespace ns3

#endif /* KV_BLOCK_MANAGER_H */
