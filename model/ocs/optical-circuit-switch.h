/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef OPTICAL_CIRCUIT_SWITCH_H
#define OPTICAL_CIRCUIT_SWITCH_H

#include "ocs-configuration.h"
#include "ocs-switch-model.h"

#include "ns3/event-id.h"
#include "ns3/nstime.h"
#include "ns3/object.h"
#include "ns3/packet.h"
#include "ns3/traced-callback.h"

#include <deque>
#include <string>
#include <vector>

namespace ns3
{

class OcsChannel;

/**
 * \defgroup optical Optical and photonic networks
 * Optical circuit switches, photonic fabrics, rate-adaptive optical links and ML traffic.
 */

/**
 * \ingroup optical
 * \brief An optical circuit switch (OCS): N ports joined in pairs by circuits, with light passing
 * straight through and a reconfiguration delay whenever circuits change.
 *
 * Each port connects over an OcsChannel (a fibre pair) to one endpoint OcsNetDevice. A circuit
 * from port i to port j carries every frame entering port i out of port j after a fixed
 * switching latency (attribute \c Latency): there is no buffer and no queue in the switch, and
 * no re-serialization. A frame entering a port that has no lit circuit is dropped and counted.
 *
 * Reconfigure() asks for a new circuit configuration. After the control-plane delay, only the
 * ports whose circuit changes go dark; they stay dark for \c ReconfigurationDelay and then light
 * their new circuits. Circuits that do not change keep carrying traffic throughout. Under the
 * \c Drop policy the switch changes at once and frames crossing a changing port are lost; under
 * \c Drain the switch first pauses the endpoints of the changing ports and waits until the
 * frames they already sent have left the switch (at most \c DrainTimeout), so nothing is lost.
 * Requests that arrive while a reconfiguration is under way are applied one after the other.
 *
 * Endpoint devices see their link go down when their port goes dark and up when it lights again.
 *
 * Timing of a frame sent by endpoint A (port i) to endpoint B (port j): its last bit leaves A
 * after the serialization time s, enters the switch after A's fibre delay d_i, leaves port j
 * after the latency L and reaches B after B's fibre delay d_j: one-way delay s + d_i + L + d_j.
 * The frame crosses the switch during [t0 + d_i, t0 + d_i + s); it is lost if port i is not
 * lit for that whole interval.
 */
class OpticalCircuitSwitch : public Object
{
  public:
    /// What the switch does with frames on ports that change circuit.
    enum ReconfigurationPolicy
    {
        DROP,  //!< Switch at once; frames crossing changing ports are lost
        DRAIN, //!< Pause the endpoints of changing ports, wait until idle, then switch
    };

    /// Why the switch dropped a frame.
    enum DropReason
    {
        NO_CIRCUIT = 0,    //!< The input port has no circuit
        RECONFIGURING = 1, //!< The input port was dark, or went dark while the frame crossed it
        NO_ENDPOINT = 2,   //!< The circuit leads to a port with no fibre attached
    };

    /// Number of drop reasons.
    static constexpr uint32_t N_DROP_REASONS = 3;

    /// Counters of one port. Frames are counted where they enter (rx) and leave (tx) the switch.
    struct PortCounters
    {
        uint64_t rxFrames{0};                    //!< Frames that entered through this port
        uint64_t rxBytes{0};                     //!< Bytes that entered through this port
        uint64_t txFrames{0};                    //!< Frames that left through this port
        uint64_t txBytes{0};                     //!< Bytes that left through this port
        uint64_t drops[N_DROP_REASONS]{0, 0, 0}; //!< Frames entering here and dropped, by reason
        uint64_t droppedBytes{0};                //!< Bytes of the dropped frames
        Time darkTime{0};                        //!< Total time the port was dark reconfiguring

        /// \return frames dropped, all reasons together
        uint64_t GetDroppedFrames() const;
    };

    /**
     * TracedCallback signature for reconfiguration start.
     * \param [in] oldConfig The configuration being left
     * \param [in] newConfig The configuration being set up
     */
    typedef void (*ReconfigurationStartTracedCallback)(const OcsConfiguration& oldConfig,
                                                       const OcsConfiguration& newConfig);

    /**
     * TracedCallback signature for reconfiguration end.
     * \param [in] config The configuration now in place
     */
    typedef void (*ReconfigurationEndTracedCallback)(const OcsConfiguration& config);

    /**
     * TracedCallback signature for circuit up and down (one call per direction).
     * \param [in] from Input port
     * \param [in] to Output port
     */
    typedef void (*CircuitTracedCallback)(uint32_t from, uint32_t to);

    /**
     * TracedCallback signature for dropped frames.
     * \param [in] packet The frame
     * \param [in] port The input port
     * \param [in] reason Why it was dropped (a DropReason)
     */
    typedef void (*DropTracedCallback)(Ptr<const Packet> packet, uint32_t port, uint32_t reason);

    /**
     * TracedCallback signature for frames entering (Rx) or leaving (Tx) the switch.
     * \param [in] packet The frame
     * \param [in] inPort The input port
     * \param [in] outPort The output port (for Rx: the output port when known, else -1)
     */
    typedef void (*FrameTracedCallback)(Ptr<const Packet> packet, uint32_t inPort, int32_t outPort);

    /**
     * \brief Get the TypeId
     * \return The TypeId for this class
     */
    static TypeId GetTypeId();

    OpticalCircuitSwitch();
    ~OpticalCircuitSwitch() override;

    /// \return the number of ports
    uint32_t GetNPorts() const;

    /**
     * \brief Connects a fibre (and through it an endpoint) to a port.
     * \param [in] port The port; must be below GetNPorts() and free
     * \param [in] channel The fibre channel
     */
    void AttachChannel(uint32_t port, Ptr<OcsChannel> channel);

    /**
     * \param [in] port A port
     * \return the fibre attached to \p port, or nullptr
     */
    Ptr<OcsChannel> GetChannel(uint32_t port) const;

    /**
     * \brief Sets what is inside the switch (attribute SwitchModel). With a model, circuit
     * losses, the circuits a reconfiguration interrupts (those whose output changes and those
     * the model reroutes inside) and their dark time come from the model; without one the
     * switch is ideal inside. Set it before the initial configuration.
     * \param [in] model The model, or nullptr for an ideal switch
     */
    void SetSwitchModel(Ptr<OcsSwitchModel> model);

    /// \return the switch model, or nullptr
    Ptr<OcsSwitchModel> GetSwitchModel() const;

    /**
     * \brief Requests a new circuit configuration.
     *
     * The configuration is validated first: a port out of range, a port used twice or a
     * self-loop rejects the request and nothing changes; so does a configuration the switch
     * model cannot realize (the error names the circuits that fail). A valid request starts after
     * the control-plane delay, or after the reconfigurations already requested.
     *
     * \param [in] config The configuration wanted (every circuit not listed is torn down)
     * \param [out] error If not null, receives the reason of a rejection; if null, a rejection
     * is a fatal error naming the bad ports
     * \return true if the request was accepted
     */
    bool Reconfigure(const OcsConfiguration& config, std::string* error = nullptr);

    /**
     * \brief Sets a configuration at once, with no delay and no traffic loss accounting.
     *
     * Meant for the initial configuration before the simulation starts (the helper uses it).
     * \param [in] config The configuration; must be valid (a fatal error otherwise)
     */
    void SetInitialConfiguration(const OcsConfiguration& config);

    /// \return the configuration last put in place (or being put in place, once dark)
    const OcsConfiguration& GetConfiguration() const;

    /// \return true while a reconfiguration is waiting, draining or dark
    bool IsReconfiguring() const;

    /// \return the number of reconfiguration requests not yet completed (including the current)
    uint32_t GetNPendingReconfigurations() const;

    /**
     * \param [in] port An input port
     * \return the output port that \p port currently feeds through a lit circuit, or -1
     */
    int32_t GetLitPeer(uint32_t port) const;

    /**
     * \param [in] port A port
     * \return true if the port has a lit circuit leaving it
     */
    bool IsPortLit(uint32_t port) const;

    /**
     * \param [in] port An input port
     * \return the insertion loss (dB) of the circuit leaving \p port (0 if none)
     */
    double GetInsertionLossDb(uint32_t port) const;

    /**
     * \param [in] port An input port with a circuit
     * \return the optical loss (dB) from the endpoint at \p port to the endpoint at its peer:
     * the input fibre, the circuit's insertion loss and the output fibre; NaN without circuit
     */
    double GetPathLossDb(uint32_t port) const;

    /**
     * \param [in] port A port
     * \return the counters of \p port
     */
    const PortCounters& GetPortCounters(uint32_t port) const;

    /// \return the counters summed over all ports
    PortCounters GetTotalCounters() const;

    /**
     * \param [in] reason A drop reason
     * \return frames dropped for it so far, all ports
     */
    uint64_t GetDrops(DropReason reason) const;

    /**
     * \param [in] reason A drop reason
     * \return its name: "no-circuit", "reconfiguring", "no-endpoint"
     */
    static std::string GetDropReasonName(DropReason reason);

    /// \return the number of completed reconfigurations
    uint64_t GetNReconfigurations() const;

    /// \return the total time during which at least one port was dark reconfiguring
    Time GetDarkTime() const;

    /// \return the total time spent waiting for changing ports to drain
    Time GetDrainTime() const;

    /**
     * \brief Called by an OcsChannel when its endpoint starts transmitting a frame.
     * \param [in] port The input port
     * \param [in] packet The frame
     * \param [in] txTime Its serialization time at the endpoint
     * \param [in] fibreDelay Propagation delay of the input fibre
     */
    void Ingress(uint32_t port, Ptr<Packet> packet, Time txTime, Time fibreDelay);

  protected:
    void DoDispose() override;

  private:
    /// State of the light leaving an input port.
    enum PortState : uint8_t
    {
        LIT,            //!< A circuit carries light to another port
        UNCONNECTED,    //!< No circuit
        DARK_SWITCHING, //!< The port's circuit is changing
    };

    /// A change of an input port's state, kept while frames may still need it.
    struct Transition
    {
        Time at;         //!< When the state began
        PortState state; //!< The state from then on
        int32_t out;     //!< The output port when lit
    };

    /// One port.
    struct Port
    {
        Ptr<OcsChannel> channel;                //!< Fibre to the endpoint, if attached
        PortState state{UNCONNECTED};           //!< Current state
        int32_t out{OcsConfiguration::NO_PORT}; //!< Current output port when lit
        double lossDb{0};                       //!< Insertion loss of the current circuit (dB)
        uint64_t epoch{0};                      //!< Incremented on every transition
        std::deque<Transition> history;         //!< Recent transitions (front: oldest still needed)
        Time busyUntil{0};     //!< When the last frame sent into it leaves the switch
        Time darkSince{0};     //!< When it went dark (valid while DARK_SWITCHING)
        PortCounters counters; //!< Counters
    };

    /// A reconfiguration request waiting or under way.
    struct Request
    {
        OcsConfiguration config; //!< Configuration wanted
    };

    void SetNPorts(uint32_t n);
    uint32_t GetNPortsAttribute() const;
    void StartNextRequest();
    void BeginSwitching();
    void SwitchNow();
    void EndSwitching();
    void SetPortState(uint32_t port, PortState state, int32_t out);
    bool LitDuring(const Port& port, Time from, Time to, int32_t& out, DropReason& reason) const;
    void Egress(uint32_t inPort,
                int32_t outPort,
                uint64_t epoch,
                Time tEnter,
                Time tExit,
                Ptr<Packet> packet);
    void ExitDarkPort(uint32_t inPort, Time tEnter, Time tExit, Ptr<Packet> packet);
    void Deliver(uint32_t inPort, int32_t outPort, Ptr<Packet> packet, Time txTime);
    void DropFrame(uint32_t inPort, DropReason reason, Ptr<Packet> packet);
    void PruneHistory(Port& port);

    std::vector<Port> m_ports;      //!< The ports
    Time m_latency;                 //!< Switching latency
    Time m_reconfigurationDelay;    //!< Dark time of changing circuits
    Time m_controlPlaneDelay;       //!< Delay from request to start of switching
    Time m_drainTimeout;            //!< Longest wait for changing ports to become idle
    ReconfigurationPolicy m_policy; //!< Policy for frames on changing ports
    double m_defaultLossDb;         //!< Default insertion loss per circuit (dB)
    Ptr<OcsSwitchModel> m_model;    //!< What is inside (null: ideal)
    Time m_switchingTime{0};        //!< Dark time of the reconfiguration under way
    Time m_historyHorizon{0};       //!< Longest time a frame's fate may be decided late

    OcsConfiguration m_config;        //!< Configuration in place (or being set up)
    std::deque<Request> m_requests;   //!< Requests: front is under way when m_busy
    bool m_busy{false};               //!< A reconfiguration is under way
    std::vector<uint32_t> m_changing; //!< Ports changing in the current reconfiguration
    std::vector<int32_t> m_newOut;    //!< Output map being set up
    std::vector<double> m_newLoss;    //!< Loss map being set up
    OcsConfiguration m_oldConfig;     //!< Configuration being left
    Time m_drainStart;                //!< When draining began
    Time m_darkStart;                 //!< When the current dark window began
    EventId m_event;                  //!< Next reconfiguration step

    uint64_t m_nReconfigurations{0}; //!< Completed reconfigurations
    Time m_darkTime{0};              //!< Sum of dark windows
    Time m_drainTime{0};             //!< Sum of drain waits

    TracedCallback<const OcsConfiguration&, const OcsConfiguration&> m_reconfigurationStartTrace;
    TracedCallback<const OcsConfiguration&> m_reconfigurationEndTrace; //!< ReconfigurationEnd
    TracedCallback<uint32_t, uint32_t> m_circuitUpTrace;               //!< CircuitUp
    TracedCallback<uint32_t, uint32_t> m_circuitDownTrace;             //!< CircuitDown
    TracedCallback<Ptr<const Packet>, uint32_t, uint32_t> m_dropTrace; //!< Drop
    TracedCallback<Ptr<const Packet>, uint32_t, int32_t> m_rxTrace;    //!< Rx
    TracedCallback<Ptr<const Packet>, uint32_t, int32_t> m_txTrace;    //!< Tx
};

} // namespace ns3

#endif /* OPTICAL_CIRCUIT_SWITCH_H */
