/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "collective-controller.h"

namespace ns3
{

NS_OBJECT_ENSURE_REGISTERED(CollectiveController);

namespace
{
/// A start gate as a controller: holds the start, nothing else.
class StartGateController : public CollectiveController
{
  public:
    /// \param [in] gate The gate
    explicit StartGateController(Collective::StartGate gate)
        : m_gate(std::move(gate))
    {
    }

    void RequestStart(const CollectiveRecord& about, std::function<void()> release) override
    {
        m_gate(about, std::move(release));
    }

  private:
    Collective::StartGate m_gate; //!< The gate
};
} // namespace

TypeId
CollectiveController::GetTypeId()
{
    static TypeId tid =
        TypeId("ns3::CollectiveController").SetParent<Object>().SetGroupName("Optical");
    return tid;
}

Ptr<CollectiveController>
CollectiveController::FromStartGate(Collective::StartGate gate)
{
    return CreateObject<StartGateController>(std::move(gate));
}

void
CollectiveController::RequestTransfer(const CollectiveRecord& /* about */,
                                      uint32_t /* op */,
                                      std::function<void()> go)
{
    go();
}

void
CollectiveController::TransferDelivered(const CollectiveRecord& /* about */, uint32_t /* op */)
{
}

void
CollectiveController::Completed(const CollectiveRecord& /* record */)
{
}

} // namespace ns3
