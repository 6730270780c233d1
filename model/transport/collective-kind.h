/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef COLLECTIVE_KIND_H
#define COLLECTIVE_KIND_H

#include "ns3/optical-names.h"

#include <cstdint>
#include <string>

namespace ns3
{

/**
 * \ingroup optical
 * \brief Which collective operation (NCCL's): a typed value with the names users type.
 *
 * Use the constants (CollectiveKind::ALLREDUCE, ...) in programs; names ("allreduce") are for
 * the command line, through FromName(), which accepts any case and lists the allowed names on
 * refusal. The value converts to its enum, so it can be switched on and compared:
 * \code
 *   CollectiveKind kind = CollectiveKind::ALLTOALL;
 *   if (kind == CollectiveKind::ALLTOALL) { ... }
 *   std::string error;
 *   CollectiveKind::FromName("AllReduce", kind, error);   // ALLREDUCE
 * \endcode
 *
 * Programs written when kinds were strings still compile: a CollectiveKind made from a name
 * (deprecated) holds the name's value, or is invalid (IsValid() false) if the name is unknown,
 * and CollectiveAlgorithms::Build() then refuses it, naming it and the allowed names.
 */
class CollectiveKind
{
  public:
    /// The kinds.
    enum Value : uint8_t
    {
        ALLREDUCE,     //!< allreduce: every rank ends with the sum of all buffers
        REDUCESCATTER, //!< reducescatter: each rank ends with 1/N of the sum
        ALLGATHER,     //!< allgather: each rank's 1/N gathered on every rank
        ALLTOALL,      //!< alltoall: each rank sends 1/N of its buffer to every rank
        BROADCAST,     //!< broadcast: the root's buffer to every rank
        SENDRECV,      //!< sendrecv: one message from the root to the next rank
        REDUCE,        //!< reduce: the root ends with the sum of all buffers
        GATHER,        //!< gather: each rank's 1/N gathered on the root
        SCATTER,       //!< scatter: the root's buffer, 1/N to each rank
        BARRIER,       //!< barrier: no rank leaves before every rank has arrived
        INVALID = 0xff //!< Made from an unknown name (deprecated string constructor)
    };

    /// \param [in] value The kind
    CollectiveKind(Value value = ALLREDUCE)
        : m_value(value)
    {
    }

    /**
     * \brief A kind from its name (deprecated: use the constants, or FromName() at the
     * command line); an unknown name gives an invalid kind that Build() refuses.
     * \param [in] name The name
     */
    [[deprecated("use CollectiveKind::ALLREDUCE etc., or CollectiveKind::FromName for "
                 "text")]] CollectiveKind(const char* name);

    /// \copydoc CollectiveKind(const char*)
    [[deprecated("use CollectiveKind::ALLREDUCE etc., or CollectiveKind::FromName for "
                 "text")]] CollectiveKind(const std::string& name);

    /// \return the value (for switch and comparisons)
    operator Value() const
    {
        return m_value;
    }

    /// \return the name ("allreduce"; for an invalid kind the name it was made from)
    std::string GetName() const;

    /// \return false for a kind made from an unknown name
    bool IsValid() const;

    /**
     * \brief Reads a name, in any case.
     * \param [in] name The name
     * \param [out] kind The kind
     * \param [out] error If unknown: the name and the allowed names
     * \return true if known
     */
    static bool FromName(const std::string& name, CollectiveKind& kind, std::string& error);

    /// \return the names, in value order
    static const OpticalNames& GetNames();

  private:
    std::string m_given; //!< An unknown name given (INVALID only; before m_value, which sets it)
    Value m_value;       //!< Value
};

/**
 * \ingroup optical
 * \brief Which algorithm builds a collective's schedule: a typed value with the names users
 * type (see CollectiveKind for how to use it; CollectiveAlgorithms lists which algorithm runs
 * which kind).
 */
class CollectiveAlgorithm
{
  public:
    /// The algorithms.
    enum Value : uint8_t
    {
        RING,          //!< ring: a ring (pipelined chain for broadcast)
        TREE,          //!< tree: double binary tree (all-reduce), binomial tree (broadcast)
        HD,            //!< hd: recursive halving-doubling (N a power of 2)
        DIRECT,        //!< direct: every message straight to its destination
        HIERARCHICAL,  //!< hierarchical: in the server, then per rail, then in the server
        INVALID = 0xff //!< Made from an unknown name (deprecated string constructor)
    };

    /// \param [in] value The algorithm
    CollectiveAlgorithm(Value value = RING)
        : m_value(value)
    {
    }

    /**
     * \brief An algorithm from its name (deprecated: use the constants, or FromName() at the
     * command line); an unknown name gives an invalid algorithm that Build() refuses.
     * \param [in] name The name
     */
    [[deprecated("use CollectiveAlgorithm::RING etc., or CollectiveAlgorithm::FromName for "
                 "text")]] CollectiveAlgorithm(const char* name);

    /// \copydoc CollectiveAlgorithm(const char*)
    [[deprecated("use CollectiveAlgorithm::RING etc., or CollectiveAlgorithm::FromName for "
                 "text")]] CollectiveAlgorithm(const std::string& name);

    /// \return the value (for switch and comparisons)
    operator Value() const
    {
        return m_value;
    }

    /// \return the name ("ring"; for an invalid algorithm the name it was made from)
    std::string GetName() const;

    /// \return false for an algorithm made from an unknown name
    bool IsValid() const;

    /**
     * \brief Reads a name, in any case.
     * \param [in] name The name
     * \param [out] algorithm The algorithm
     * \param [out] error If unknown: the name and the allowed names
     * \return true if known
     */
    static bool FromName(const std::string& name,
                         CollectiveAlgorithm& algorithm,
                         std::string& error);

    /// \return the names, in value order
    static const OpticalNames& GetNames();

  private:
    std::string m_given; //!< An unknown name given (INVALID only; before m_value, which sets it)
    Value m_value;       //!< Value
};

} // namespace ns3

#endif /* COLLECTIVE_KIND_H */
