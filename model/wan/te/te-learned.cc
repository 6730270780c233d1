/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// STUB (replaced by the libtorch implementation)
#include "te-learned.h"

#include "ns3/log.h"
#include "ns3/string.h"
#include "ns3/uinteger.h"

namespace ns3
{

NS_LOG_COMPONENT_DEFINE("TeLearnedMethod");
NS_OBJECT_ENSURE_REGISTERED(TeLearnedMethod);

class TeLearnedModel::Impl
{
};

TeLearnedModel::TeLearnedModel() = default;
TeLearnedModel::~TeLearnedModel() = default;
TeLearnedModel::TeLearnedModel(TeLearnedModel&&) noexcept = default;
TeLearnedModel& TeLearnedModel::operator=(TeLearnedModel&&) noexcept = default;

bool
TeLearnedModel::Init(const TeGraph& g,
                     const std::vector<TeSolver::Commodity>& commodities,
                     const Options& o,
                     std::string& error)
{
    error = "not implemented";
    return false;
}

bool
TeLearnedModel::IsReady() const
{
    return false;
}

bool
TeLearnedModel::Train(const std::vector<TeSolver::Problem>& problems,
                      const TrainOptions& t,
                      TrainReport& report,
                      std::string& error)
{
    error = "not implemented";
    return false;
}

double
TeLearnedModel::Loss(const TeSolver::Problem& p) const
{
    return 0;
}

bool
TeLearnedModel::Predict(const TeSolver::Problem& p,
                        std::vector<std::vector<double>>& splits,
                        std::string& error) const
{
    error = "not implemented";
    return false;
}

bool
TeLearnedModel::Save(const std::string& file, std::string& error) const
{
    error = "not implemented";
    return false;
}

bool
TeLearnedModel::Load(const std::string& file,
                     const TeGraph& g,
                     const std::vector<TeSolver::Commodity>& commodities,
                     std::string& error)
{
    error = "not implemented";
    return false;
}

std::string
TeLearnedModel::Fingerprint(const TeGraph& g, const std::vector<TeSolver::Commodity>& commodities)
{
    return "";
}

TypeId
TeLearnedMethod::GetTypeId()
{
    static TypeId tid = TypeId("ns3::TeLearnedMethod")
                            .SetParent<TeMethod>()
                            .SetGroupName("Optical")
                            .AddConstructor<TeLearnedMethod>()
                            .AddAttribute("ModelFile",
                                          "The trained model (te-train writes it)",
                                          StringValue(""),
                                          MakeStringAccessor(&TeLearnedMethod::m_modelFile),
                                          MakeStringChecker());
    return tid;
}

TeLearnedMethod::TeLearnedMethod() = default;
TeLearnedMethod::~TeLearnedMethod() = default;

std::string
TeLearnedMethod::GetName() const
{
    return "learned";
}

void
TeLearnedMethod::Reset()
{
}

void
TeLearnedMethod::SetModel(std::shared_ptr<TeLearnedModel> model)
{
    m_model = std::move(model);
}

Ptr<TeAdmmMethod>
TeLearnedMethod::GetAdmm() const
{
    return m_admm;
}

void
TeLearnedMethod::DoDispose()
{
    m_admm = nullptr;
    TeMethod::DoDispose();
}

bool
TeLearnedMethod::DoAllocate(const TeGraph& g,
                            const TeSolver::Problem& p,
                            TeSolver::Solution& out,
                            std::string& error)
{
    error = "not implemented";
    return false;
}

} // namespace ns3
