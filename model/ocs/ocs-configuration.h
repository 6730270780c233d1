/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef OCS_CONFIGURATION_H
#define OCS_CONFIGURATION_H

#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

namespace ns3
{

/**
 * \ingroup optical
 * \brief One circuit of an optical circuit switch: light entering port \c from leaves port \c to.
 */
struct OcsCircuit
{
    uint32_t from;          //!< Input port
    uint32_t to;            //!< Output port
    bool bidirectional;     //!< If true, \c to also feeds \c from
    double insertionLossDb; //!< Insertion loss of this circuit (dB); negative: the switch default
};

/**
 * \ingroup optical
 * \brief A circuit configuration of an optical circuit switch: a partial permutation of its ports.
 *
 * A configuration is a set of circuits. Each input port feeds at most one output port and each
 * output port is fed by at most one input port; a circuit never joins a port to itself.
 * Bidirectional circuits (the default) use port \c a and port \c b both as input and as output.
 * Validate() checks all of this against a switch's port count and names the offending ports.
 *
 * Text form (Parse(), ToString()): circuits separated by commas; "a-b" is bidirectional, "a>b" is
 * unidirectional from a to b; an optional "@L" gives the circuit's insertion loss in dB, for
 * example "0-1,2>3@2.5". The empty string is the empty configuration (every port dark). Ports
 * are whole numbers 0 to MAX_PORT, losses 0 to MAX_INSERTION_LOSS_DB dB.
 */
class OcsConfiguration
{
  public:
    /// Output map entry of a port that feeds no other port.
    static constexpr int32_t NO_PORT = -1;
    /// Largest port number of the text form (the largest switches have about 1,000 ports).
    static constexpr uint32_t MAX_PORT = 65535;
    /// Largest insertion loss of the text form and of a device class (dB).
    static constexpr double MAX_INSERTION_LOSS_DB = 40;

    OcsConfiguration() = default;

    /**
     * \brief Adds a bidirectional circuit between ports \p a and \p b.
     * \param [in] a One port
     * \param [in] b The other port
     * \param [in] insertionLossDb Insertion loss (dB); negative means the switch's default
     * \return this configuration, to chain calls
     */
    OcsConfiguration& Connect(uint32_t a, uint32_t b, double insertionLossDb = -1.0);

    /**
     * \brief Adds a unidirectional circuit: light entering \p from leaves through \p to.
     * \param [in] from Input port
     * \param [in] to Output port
     * \param [in] insertionLossDb Insertion loss (dB); negative means the switch's default
     * \return this configuration, to chain calls
     */
    OcsConfiguration& ConnectOneWay(uint32_t from, uint32_t to, double insertionLossDb = -1.0);

    /// \return the circuits, in the order they were added
    const std::vector<OcsCircuit>& GetCircuits() const;

    /// \return the number of circuits (a bidirectional circuit counts once)
    std::size_t GetNCircuits() const;

    /**
     * \brief Checks that this configuration is a valid partial permutation of \p nPorts ports.
     * \param [in] nPorts Number of ports of the switch
     * \return an empty string when valid, otherwise a message naming the offending ports
     */
    std::string Validate(uint32_t nPorts) const;

    /**
     * \brief The output port fed by each input port.
     * \param [in] nPorts Number of ports; the configuration must be valid for it
     * \return a vector of \p nPorts entries: the output port, or NO_PORT
     */
    std::vector<int32_t> GetOutputMap(uint32_t nPorts) const;

    /**
     * \brief The port that light entering \p port leaves through.
     * \param [in] port An input port
     * \return the output port of its circuit, or NO_PORT if the configuration has none
     */
    int32_t GetPeer(uint32_t port) const;

    /**
     * \brief Insertion loss of the circuit leaving each input port.
     * \param [in] nPorts Number of ports; the configuration must be valid for it
     * \param [in] defaultLossDb Loss to use for circuits that set none (dB)
     * \return a vector of \p nPorts entries (dB); 0 for ports that feed no port
     */
    std::vector<double> GetLossMap(uint32_t nPorts, double defaultLossDb) const;

    /**
     * \brief Parses the text form (see the class description).
     * \param [in] text The text to parse
     * \param [out] error Set to a message naming the bad token when parsing fails
     * \param [out] config Set to the parsed configuration on success; unchanged otherwise
     * \return true on success
     */
    static bool Parse(const std::string& text, OcsConfiguration& config, std::string& error);

    /// \return the text form of this configuration
    std::string ToString() const;

    /**
     * \brief Equality of circuit sets (order of circuits does not matter).
     * \param [in] other Another configuration
     * \return true when both configure the same connections with the same losses
     */
    bool operator==(const OcsConfiguration& other) const;

  private:
    std::vector<OcsCircuit> m_circuits; //!< Circuits in insertion order
};

/**
 * \brief Writes the text form of a configuration.
 * \param [in,out] os Output stream
 * \param [in] config The configuration
 * \return the stream
 */
std::ostream& operator<<(std::ostream& os, const OcsConfiguration& config);

} // namespace ns3

#endif /* OCS_CONFIGURATION_H */
