/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef COMPILED_SWITCH_MODEL_H
#define COMPILED_SWITCH_MODEL_H

#include "photonic-embedding.h"
#include "photonic-target.h"

#include "ns3/ocs-switch-model.h"
#include "ns3/traced-callback.h"

#include <cstdint>
#include <string>
#include <vector>

namespace ns3
{

/**
 * \ingroup optical
 * \brief A compiled silicon photonic target as the inside of an OpticalCircuitSwitch (or of a
 * PhotonicServerFabric's switch).
 *
 * Every configuration is embedded on the target's elements (PhotonicRouter): each circuit's
 * insertion loss is the loss of its embedded path; a reconfiguration re-embeds, reusing the
 * routes of the circuits that stay (attribute Reuse), and darkens only the circuits whose
 * output changes or whose path crosses an element that changes, for the longest switching
 * time among the changed elements. A configuration the target cannot embed is refused when it
 * is requested, naming the circuits that fail.
 *
 * The target is SetTarget()'s, or (attributes, so that an ObjectFactory can make one model per
 * switch) the TargetFile, or a TargetStyle target generated at the switch's size when the
 * first configuration is set.
 *
 * Switch port p is target input p and output p (feed-forward targets), or I/O port p
 * (recirculating meshes, where a bidirectional circuit is one path used both ways; on
 * feed-forward targets it is two paths, one per direction).
 */
class CompiledSwitchModel : public OcsSwitchModel
{
  public:
    /// Embedding algorithm.
    enum Algorithm
    {
        AUTO,       //!< benes on Benes targets, else pathfinder
        PATHFINDER, //!< Negotiated congestion
        ILP,        //!< Exact (small targets)
        FIRST_FIT,  //!< Greedy baseline
        BENES,      //!< Looping algorithm
    };

    /**
     * TracedCallback signature for a compiled reconfiguration.
     * \param [in] elementsChanged Elements that change state
     * \param [in] interrupted Switch input ports whose light is interrupted
     * \param [in] switchingTime Their dark time
     */
    typedef void (*CompiledTracedCallback)(uint32_t elementsChanged,
                                           uint32_t interrupted,
                                           Time switchingTime);

    /**
     * \brief Get the TypeId
     * \return The TypeId for this class
     */
    static TypeId GetTypeId();

    CompiledSwitchModel();
    ~CompiledSwitchModel() override;

    /**
     * \brief Sets the target (before the switch's initial configuration); otherwise one is
     * loaded (TargetFile) or generated (TargetStyle) when the first configuration comes.
     * \param [in] target The target
     */
    void SetTarget(const PhotonicTarget& target);

    /// \return the target
    const PhotonicTarget& GetTarget() const;

    /// \return the embedding now in place
    const PhotonicEmbedding& GetEmbedding() const;

    /// \return the elements the last reconfiguration changed
    const std::vector<uint32_t>& GetLastChangedElements() const;

    /**
     * \param [in] port A switch input port
     * \return the loss of the circuit leaving it (dB; NaN if none)
     */
    double GetCircuitLossDb(uint32_t port) const;

    /**
     * \brief The nets of a configuration on a target.
     * \param [in] config A valid configuration
     * \param [in] nPorts The switch's ports
     * \param [in] target The target
     * \param [out] nets The nets
     * \param [out] netPorts Per net, the switch input ports whose circuit it carries
     * \param [out] error Why not (the switch has more ports than the target)
     * \return true on success
     */
    static bool MakeNets(const OcsConfiguration& config,
                         uint32_t nPorts,
                         const PhotonicTarget& target,
                         std::vector<PhotonicNet>& nets,
                         std::vector<std::vector<uint32_t>>& netPorts,
                         std::string& error);

    bool CanRealize(const OcsConfiguration& config, uint32_t nPorts, std::string& error) override;
    bool Realize(const OcsConfiguration& config,
                 uint32_t nPorts,
                 Plan& plan,
                 std::string& error) override;

  private:
    /// An embedding computed for a configuration, against a given current state.
    struct Candidate
    {
        std::string key;                          //!< Configuration text
        uint64_t generation{0};                   //!< State it was computed against
        std::vector<PhotonicNet> nets;            //!< Nets
        std::vector<std::vector<uint32_t>> ports; //!< Per net, its input ports
        PhotonicEmbedding embedding;              //!< Embedding
    };

    bool Embed(const OcsConfiguration& config, uint32_t nPorts, std::string& error);
    PhotonicRouter::Options RouterOptions() const;

    PhotonicTarget m_target;                                  //!< The target
    bool m_hasTarget{false};                                  //!< SetTarget was called
    std::string m_targetFile;                                 //!< TargetFile
    std::string m_style;                                      //!< TargetStyle
    double m_elementLossDb{0.3};                              //!< ElementLoss (dB)
    double m_crossingLossDb{0.05};                            //!< CrossingLoss (dB)
    Time m_elementSwitchingTime;                              //!< SwitchingTime
    Algorithm m_algorithm{AUTO};                              //!< Algorithm
    bool m_reuse{true};                                       //!< Reuse routes that stay
    uint32_t m_maxIterations{50};                             //!< PathFinder rounds
    std::vector<PhotonicNet> m_nets;                          //!< Nets in place
    std::vector<std::vector<uint32_t>> m_netPorts;            //!< Their input ports
    PhotonicEmbedding m_embedding;                            //!< Embedding in place
    std::vector<double> m_loss;                               //!< Per input port, loss (NaN: none)
    std::vector<uint32_t> m_changed;                          //!< Elements changed last time
    uint64_t m_generation{0};                                 //!< Incremented at every Realize
    Candidate m_candidate;                                    //!< Last embedding computed
    TracedCallback<uint32_t, uint32_t, Time> m_compiledTrace; //!< Compiled
};

} // namespace ns3

#endif /* COMPILED_SWITCH_MODEL_H */
