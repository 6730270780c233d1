/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// The learned TE model in a build without libtorch: the same interface, every operation
// refusing with the reason and the way to get libtorch. CMake builds this file instead of
// te-learned-model.cc when it does not find libtorch (or OPTICAL_WITH_TORCH is OFF).

#include "te-learned.h"

#include <cmath>

namespace ns3
{

/// Nothing: no network without libtorch.
class TeLearnedModel::Impl
{
};

namespace
{
/**
 * \param [out] error Set to the reason
 * \return false
 */
bool
Refuse(std::string& error)
{
    error = TeLearnedModel::GetUnavailableReason();
    return false;
}
} // namespace

TeLearnedModel::TeLearnedModel() = default;
TeLearnedModel::~TeLearnedModel() = default;
TeLearnedModel::TeLearnedModel(TeLearnedModel&&) noexcept = default;
TeLearnedModel& TeLearnedModel::operator=(TeLearnedModel&&) noexcept = default;

bool
TeLearnedModel::Init(const TeGraph&,
                     const std::vector<TeSolver::Commodity>&,
                     const Options&,
                     std::string& error)
{
    return Refuse(error);
}

bool
TeLearnedModel::IsReady() const
{
    return false;
}

bool
TeLearnedModel::Train(const std::vector<TeSolver::Problem>&,
                      const TrainOptions&,
                      TrainReport&,
                      std::string& error)
{
    return Refuse(error);
}

double
TeLearnedModel::Loss(const TeSolver::Problem&) const
{
    return std::nan("");
}

bool
TeLearnedModel::Predict(const TeSolver::Problem&,
                        std::vector<std::vector<double>>&,
                        std::string& error) const
{
    return Refuse(error);
}

bool
TeLearnedModel::Save(const std::string&, std::string& error) const
{
    return Refuse(error);
}

bool
TeLearnedModel::Load(const std::string&,
                     const TeGraph&,
                     const std::vector<TeSolver::Commodity>&,
                     std::string& error)
{
    return Refuse(error);
}

bool
TeLearnedModel::IsAvailable()
{
    return false;
}

std::string
TeLearnedModel::GetUnavailableReason()
{
    return "the learned TE method needs libtorch, which this build does not have: install "
           "Debian's libtorch-dev (apt-get install libtorch-dev) and configure again "
           "(./ns3 configure; in an ns-3 tree, ./ns3 configure there)";
}

void
TeLearnedModel::SetThreads(uint32_t)
{
}

double
TeLearnedModel::GetLastSetupSeconds()
{
    return 0;
}

} // namespace ns3
