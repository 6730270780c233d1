/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef PHOTONIC_RAIL_CONTROLLER_H
#define PHOTONIC_RAIL_CONTROLLER_H

#include "ns3/collective-controller.h"
#include "ns3/nstime.h"
#include "ns3/ocs-configuration.h"
#include "ns3/optical-circuit-switch.h"
#include "ns3/traced-callback.h"

#include <deque>
#include <functional>
#include <set>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

namespace ns3
{

/**
 * \ingroup optical
 * \brief The control plane of photonic rails (Opus): one OCS per rail, reconfigured at the
 * boundaries of the parallelism phases of a training job.
 *
 * Each GPU's scale-out transceiver sits on one port of its rail's OCS; port s of rail g is GPU
 * g of server s. Circuits are one-way (transmit fibre of one port to receive fibre of another),
 * so a port sends to one peer and receives from one peer at a time: a directed ring is one
 * configuration.
 *
 * Before each collective that crosses servers, its ranks ask for circuits (RequestStart: the
 * CONFIG_REQ of every rank of the communicator). The controller works out the one-way circuits
 * the collective's transfers need; if they do not form one configuration (an all-to-all, a
 * halving-doubling exchange), it splits the collective into rounds, each a configuration, and
 * runs them one after the other like a rotor: the transfers of round r + 1 start once every
 * transfer of round r was delivered and round r + 1's circuits are lit. A request is granted
 * when every circuit it needs exists or can be set up without touching a circuit in use;
 * circuits are never torn down with traffic in flight, and a request never overtakes an earlier
 * waiting one on the same ports. All the circuits granted at one instant on one rail change in
 * one reconfiguration of that OCS (one delay per transition, whatever the number of circuits);
 * the ranks are released (CONFIG_ACK) once their circuits are lit.
 *
 * With \c Provision, the controller learns each port's sequence of circuits over an iteration
 * (NewIteration() marks the boundaries) and, as soon as a port falls idle, sets up the circuit
 * it will need next, so that the reconfiguration runs in the idle window (Opus+Provision). A
 * speculative change never touches a circuit in use, one that an earlier request waits for, or
 * one that its own port will need next.
 */
class PhotonicRailController : public CollectiveController
{
  public:
    /**
     * TracedCallback signature for transitions.
     * \param [in] rail Rail
     * \param [in] config Configuration requested
     * \param [in] speculative true if only Provision asked for it
     */
    typedef void (*TransitionTracedCallback)(uint32_t rail,
                                             const OcsConfiguration& config,
                                             bool speculative);

    /**
     * TracedCallback signature for granted requests.
     * \param [in] collective Collective id
     * \param [in] round Round of the collective (0 unless it is time-multiplexed)
     * \param [in] waited Time from the request to the release
     */
    typedef void (*GrantedTracedCallback)(uint64_t collective, uint32_t round, Time waited);

    /**
     * \brief Get the TypeId
     * \return The TypeId for this class
     */
    static TypeId GetTypeId();

    PhotonicRailController();

    /**
     * \brief Adds a rail.
     * \param [in] ocs Its OCS (port s: the GPU of server s on this rail)
     * \return the rail index
     */
    uint32_t AddRail(Ptr<OpticalCircuitSwitch> ocs);

    /**
     * \brief Places a transport rank.
     * \param [in] rank Transport rank
     * \param [in] server Server (its scale-up domain; the OCS port of its rail)
     * \param [in] rail Rail of its scale-out NIC
     */
    void SetRankLocation(uint32_t rank, uint32_t server, uint32_t rail);

    /**
     * \brief Marks an iteration boundary: with Provision, the circuits each port used since the
     * last boundary become the plan for the next iteration.
     */
    void NewIteration();

    /// \return reconfigurations: decisions that changed circuits on one or more rails at once
    /// (each costs one reconfiguration delay)
    uint64_t GetNReconfigurations() const;

    /// \return OCS reconfigurations requested (one per rail per transition)
    uint64_t GetNTransitions() const;

    /// \return of which only Provision asked for
    uint64_t GetNSpeculativeTransitions() const;

    /// \return circuit requests (one per collective crossing servers, one more per extra round)
    uint64_t GetNRequests() const;

    /// \return requests granted at once, with every circuit already lit
    uint64_t GetNImmediate() const;

    /// \return total time requests waited for their circuits (sum over requests)
    Time GetWaitTime() const;

    /// \return collectives split into several rounds (time-multiplexed)
    uint64_t GetNMultiRound() const;

    /// \return the current circuits of a rail (one-way, as requested)
    OcsConfiguration GetConfiguration(uint32_t rail) const;

    // CollectiveController
    void RequestStart(const CollectiveRecord& about, std::function<void()> release) override;
    void RequestTransfer(const CollectiveRecord& about,
                         uint32_t op,
                         std::function<void()> go) override;
    void TransferDelivered(const CollectiveRecord& about, uint32_t op) override;
    void Completed(const CollectiveRecord& record) override;

  protected:
    void DoDispose() override;

  private:
    /// A one-way circuit on a rail: port \c from's transmit fibre to port \c to's receiver.
    struct Circuit
    {
        uint32_t rail; //!< Rail
        uint32_t from; //!< Sending port
        uint32_t to;   //!< Receiving port
    };

    /// One rail: its OCS and the state of its ports.
    struct Rail
    {
        Ptr<OpticalCircuitSwitch> ocs;  //!< The switch
        std::vector<int32_t> out;       //!< Port -> port it sends to (-1: none)
        std::vector<int32_t> in;        //!< Port -> port it receives from (-1: none)
        std::vector<uint32_t> users;    //!< Port -> holders of its sending circuit
        std::vector<uint64_t> readySeq; //!< Port -> transition lighting its circuit
        /// Per side (0: a port's sending side, 1: its receiving side) and port: the peers of
        /// the circuits granted this iteration, those of the last iteration (the plan), and how
        /// far this iteration is into the plan.
        std::vector<std::vector<uint32_t>> used[2];
        std::vector<std::vector<uint32_t>> plan[2]; //!< See used
        std::vector<uint32_t> cursor[2];            //!< See used
        bool pending{false};                        //!< Changes not yet sent to the OCS
        bool demanded{false};                       //!< ... of which some a request needs
        uint64_t issued{0};                         //!< Transitions requested
        uint64_t done{0};                           //!< Transitions completed
    };

    /// A request for circuits, waiting or granted.
    struct Request
    {
        uint64_t collective{0};        //!< Collective id
        uint32_t round{0};             //!< Its round
        std::vector<Circuit> circuits; //!< Circuits wanted
        Time asked;                    //!< When
        std::function<void()> granted; //!< Called once the circuits are lit
    };

    /// A collective holding or waiting for circuits.
    struct Live
    {
        std::vector<uint32_t> roundOf;            //!< Op -> round (NONE: no circuit)
        std::vector<std::vector<Circuit>> rounds; //!< Circuits of each round
        std::vector<uint32_t> left;               //!< Undelivered ops of each round
        uint32_t active{0};                       //!< Current round
        bool lit{false};                          //!< The current round's circuits lit
        std::vector<std::pair<uint32_t, std::function<void()>>> parked; //!< Ops waiting
    };

    static constexpr uint32_t NONE = UINT32_MAX;  //!< No round
    static constexpr uint32_t RESYNC_WINDOW = 16; //!< Plan entries searched to resynchronise

    void Plan(const CollectiveRecord& about, Live& live) const;
    void Enqueue(uint64_t collective, uint32_t round, std::function<void()> granted);
    void ScheduleProcess();
    void Process();
    bool Fits(const Circuit& c) const;
    void Set(const Circuit& c, std::vector<bool>& changed);
    void Provision(std::vector<bool>& changed,
                   const std::set<std::pair<uint32_t, uint32_t>>& sendBlocked,
                   const std::set<std::pair<uint32_t, uint32_t>>& recvBlocked);
    void Release(const std::vector<Circuit>& circuits);
    void Advance(Rail& rail, int side, uint32_t port, uint32_t peer);
    int32_t Next(uint32_t rail, int side, uint32_t port) const;
    bool IsLit(const Request& request) const;
    void Grant(Request& request);
    void Issue(uint32_t rail);
    void ReconfigurationEnd(std::string rail, const OcsConfiguration& config);
    void TransitionEnd(uint32_t rail);
    void RoundLit(uint64_t collective);

    bool m_provision;                                      //!< Provision mode
    std::vector<Rail> m_rails;                             //!< Rails
    std::vector<std::pair<uint32_t, uint32_t>> m_location; //!< Rank -> (server, rail)
    std::unordered_map<uint64_t, Live> m_live;             //!< Collectives with circuits
    std::deque<Request> m_waiting;                         //!< Requests not yet granted
    std::vector<Request> m_arming;                         //!< Granted, circuits not yet lit
    std::set<std::pair<uint32_t, uint32_t>> m_idle;        //!< (rail, port) just released
    bool m_processPending{false};                          //!< Process() scheduled
    bool m_provisionAll{false};                            //!< Consider every port next time
    uint64_t m_reconfigurations{0};                        //!< Decisions changing circuits
    uint64_t m_transitions{0};                             //!< Transitions
    uint64_t m_speculative{0};                             //!< Speculative transitions
    uint64_t m_requests{0};                                //!< Requests
    uint64_t m_immediate{0};                               //!< Requests granted lit
    uint64_t m_multiRound{0};                              //!< Time-multiplexed collectives
    Time m_wait;                                           //!< Total wait
    Time m_lastIssue;                                      //!< When the last transition was issued
    TracedCallback<uint32_t, const OcsConfiguration&, bool> m_transitionTrace; //!< Transition
    TracedCallback<uint64_t, uint32_t, Time> m_grantedTrace;                   //!< Granted
};

} // namespace ns3

#endif /* PHOTONIC_RAIL_CONTROLLER_H */
