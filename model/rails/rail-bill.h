/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef RAIL_BILL_H
#define RAIL_BILL_H

#include <cstdint>
#include <string>
#include <vector>

namespace ns3
{

/**
 * \ingroup optical
 * \brief One kind of network component, per unit: an optical transceiver, a port of an
 * electrical packet switch (the switch's power and price spread over its ports), a port of an
 * optical circuit switch.
 */
struct RailComponent
{
    std::string kind;   //!< "transceiver", "eps-port" or "ocs-port"
    std::string system; //!< GPU system it belongs to ("h200", "gb200"; "any": all)
    double powerW{0};   //!< Power per unit (W)
    double costUsd{0};  //!< Cost per unit (USD)
    std::string source; //!< Where the numbers come from
};

/**
 * \ingroup optical
 * \brief The component catalog: data/rail-components.csv (Opus's numbers), a file users
 * can edit or replace.
 *
 * Columns and their ranges: kind, system (text; each pair at most once), power_w (0 to
 * MAX_POWER_W, W), power_units (a whole number, 1 to MAX_UNITS), cost_usd (0 to
 * MAX_COST_USD), cost_units (a whole number, 1 to MAX_UNITS), source (text, may be empty).
 * A value outside its range is an error naming the file, the line and the column.
 */
class RailCatalog
{
  public:
    /// Default catalog file, in the data directory.
    static constexpr const char* DEFAULT_FILE = "rail-components.csv";
    /// Largest power_w of a row (W; a 144-port switch draws 7 kW).
    static constexpr double MAX_POWER_W = 1e6;
    /// Largest cost_usd of a row (USD).
    static constexpr double MAX_COST_USD = 1e9;
    /// Most units a row's power or cost is spread over (ports of a switch).
    static constexpr uint64_t MAX_UNITS = 1000000;

    /**
     * \brief Loads a catalog.
     * \param [in] file File name in the data directory, or a path
     * \param [out] error The file, the row and what is wrong
     * \return true on success (on failure the catalog is unchanged)
     */
    bool Load(const std::string& file, std::string& error);

    /**
     * \brief Finds a component: the row of \p system, else the row of system "any".
     * \param [in] kind Component kind
     * \param [in] system GPU system
     * \param [out] component The component
     * \param [out] error What is missing, naming the kind, the system and the file
     * \return true if found
     */
    bool Find(const std::string& kind,
              const std::string& system,
              RailComponent& component,
              std::string& error) const;

    /// \return the components
    const std::vector<RailComponent>& GetComponents() const;

  private:
    std::vector<RailComponent> m_components; //!< Rows
    std::string m_file;                      //!< Where they were read
};

/**
 * \ingroup optical
 * \brief The components a scale-out fabric is built from, and its power and cost.
 */
struct RailBill
{
    std::string fabric;       //!< "electrical", "photonic" or "fat-tree"
    std::string system;       //!< GPU system (selects catalog rows)
    uint64_t gpus{0};         //!< GPUs served
    uint64_t transceivers{0}; //!< Optical transceivers (GPU side and switch side)
    uint64_t epsSwitches{0};  //!< Electrical packet switches
    uint64_t epsPorts{0};     //!< Their ports
    uint64_t ocses{0};        //!< Optical circuit switches
    uint64_t ocsPorts{0};     //!< Their ports
    uint32_t switchRadix{0};  //!< Radix k of the packet switches (0: none)

    /**
     * \brief Prices the bill: sum over components of count x per-unit power (cost).
     * \param [in] catalog The catalog
     * \param [out] powerW Network power (W)
     * \param [out] costUsd Network cost (USD)
     * \param [out] error A component missing from the catalog
     * \return true on success
     */
    bool Price(const RailCatalog& catalog,
               double& powerW,
               double& costUsd,
               std::string& error) const;
};

/**
 * \ingroup optical
 * \brief Sizes the scale-out fabrics of S servers x G GPUs by Opus's formulas, counting the
 * components each needs (one scale-out NIC per GPU).
 *
 * - Electrical rail-optimized leaf/spine: switch radix k = round(sqrt(4 S)); each rail has
 *   2 round(S / (k/2)) leaves; round(G S / k) spines; k ports per switch; one transceiver per
 *   GPU and per switch port.
 * - Photonic rails: one OCS per rail of radix R (default 2 S, as in Opus's artifact); G R OCS
 *   ports; one transceiver per GPU (an OCS needs none).
 * - Fat-tree of N = G S hosts: k = round((4 N)^(1/3)); round(N / (k/2)) edge and as many
 *   aggregation switches, round(N / k) core switches, k ports each; one transceiver per GPU and
 *   per switch port.
 */
class RailNetworkSizing
{
  public:
    /**
     * \param [in] servers Servers S (>= 1)
     * \param [in] gpusPerServer GPUs per server G, the rails (>= 1)
     * \param [in] system GPU system of the catalog rows
     * \param [out] bill The bill
     * \param [out] error What is wrong, naming the value
     * \return true on success
     */
    static bool Electrical(uint32_t servers,
                           uint32_t gpusPerServer,
                           const std::string& system,
                           RailBill& bill,
                           std::string& error);

    /**
     * \param [in] servers Servers S
     * \param [in] gpusPerServer GPUs per server G
     * \param [in] system GPU system
     * \param [in] ocsRadix Ports of each rail's OCS (0: 2 S); at least S
     * \param [out] bill The bill
     * \param [out] error What is wrong, naming the value (e.g. a radix too small)
     * \return true on success
     */
    static bool Photonic(uint32_t servers,
                         uint32_t gpusPerServer,
                         const std::string& system,
                         uint32_t ocsRadix,
                         RailBill& bill,
                         std::string& error);

    /**
     * \param [in] servers Servers S
     * \param [in] gpusPerServer GPUs per server G
     * \param [in] system GPU system
     * \param [out] bill The bill
     * \param [out] error What is wrong
     * \return true on success
     */
    static bool FatTree(uint32_t servers,
                        uint32_t gpusPerServer,
                        const std::string& system,
                        RailBill& bill,
                        std::string& error);

    /**
     * \brief One of the above by name.
     * \param [in] fabric "electrical", "photonic" (or "photonic-provision": same hardware) or
     * "fat-tree"
     * \return true on success
     */
    static bool Size(const std::string& fabric,
                     uint32_t servers,
                     uint32_t gpusPerServer,
                     const std::string& system,
                     uint32_t ocsRadix,
                     RailBill& bill,
                     std::string& error);
};

/// \name Names these types had before issue #19 ("fabric" is the server-fabric area's word)
/// \{
using FabricComponent [[deprecated("use RailComponent")]] = RailComponent;
using FabricCatalog [[deprecated("use RailCatalog")]] = RailCatalog;
using FabricBill [[deprecated("use RailBill")]] = RailBill;
using RailFabricSizing [[deprecated("use RailNetworkSizing")]] = RailNetworkSizing;
/// \}

} // namespace ns3

#endif /* RAIL_BILL_H */
