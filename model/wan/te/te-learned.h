/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef TE_LEARNED_H
#define TE_LEARNED_H

#include "te-admm.h"
#include "te-method.h"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace ns3
{

/**
 * \ingroup optical
 * \brief A small graph neural network that proposes traffic splits (Teal's FlowGNN idea, in
 * C++ on libtorch): path and link embeddings exchange messages over the path-link incidence,
 * and each demand's paths get a softmax split. It is made for one graph and one set of
 * commodities with their candidate paths (capacities and demands are its inputs, so it also
 * sees failed links); a file saved for another graph or other paths is refused on loading.
 *
 * Training minimises the TE objective directly: the loss is minus the share of the demand
 * carried when each path's flow (demand x split) is cut to its bottleneck (the smallest
 * capacity / load over its arcs), a differentiable surrogate of what the repair carries.
 *
 * libtorch appears in one source file only (te-learned-model.cc): this header needs none of
 * it. libtorch is optional: a build without it (CMake did not find Debian's libtorch-dev, or
 * OPTICAL_WITH_TORCH=OFF) has the model's interface, and every operation refuses with
 * GetUnavailableReason(); IsAvailable() tells before anything runs.
 */
class TeLearnedModel
{
  public:
    /// The network's shape.
    struct Options
    {
        uint32_t hidden{16}; //!< Embedding width
        uint32_t layers{3};  //!< Message-passing rounds
        uint64_t seed{1};    //!< Seed of the initial weights
    };

    /// Training settings.
    struct TrainOptions
    {
        uint32_t epochs{50};       //!< Passes over the problems
        double learningRate{1e-2}; //!< Adam's step
        uint32_t threads{1};       //!< libtorch intra-op threads
    };

    /// What training did.
    struct TrainReport
    {
        double initialLoss{0};         //!< Mean loss before training
        double finalLoss{0};           //!< Mean loss after
        double seconds{0};             //!< Wall time
        std::vector<double> epochLoss; //!< Mean loss per epoch
    };

    TeLearnedModel();
    ~TeLearnedModel();
    TeLearnedModel(TeLearnedModel&&) noexcept;
    TeLearnedModel& operator=(TeLearnedModel&&) noexcept;
    TeLearnedModel(const TeLearnedModel&) = delete;
    TeLearnedModel& operator=(const TeLearnedModel&) = delete;

    /**
     * \brief Makes an untrained model for a graph and its commodities' paths (their demands
     * are not used).
     * \param [in] g The graph
     * \param [in] commodities The commodities (paths valid over g)
     * \param [in] o The network's shape
     * \param [out] error A bad shape or path
     * \return true on success
     */
    bool Init(const TeGraph& g,
              const std::vector<TeSolver::Commodity>& commodities,
              const Options& o,
              std::string& error);

    /// \return true once Init or Load succeeded
    bool IsReady() const;

    /**
     * \brief Trains on problems of the model's graph and commodities (their capacities and
     * demands differ).
     * \param [in] problems The training problems
     * \param [in] t Settings
     * \param [out] report What training did
     * \param [out] error A problem that does not match the model
     * \return true on success
     */
    bool Train(const std::vector<TeSolver::Problem>& problems,
               const TrainOptions& t,
               TrainReport& report,
               std::string& error);

    /**
     * \param [in] p A problem of the model's graph and commodities
     * \return the loss on it (the negative carried share, -1 .. 0); NaN if it does not match
     */
    double Loss(const TeSolver::Problem& p) const;

    /**
     * \brief Splits for a problem: per commodity, its paths' shares (each row sums to 1).
     * \param [in] p A problem of the model's graph and commodities
     * \param [out] splits [commodity][path]
     * \param [out] error Why not (no model, or a problem that does not match it)
     * \return true on success
     */
    bool Predict(const TeSolver::Problem& p,
                 std::vector<std::vector<double>>& splits,
                 std::string& error) const;

    /**
     * \brief Saves the weights, the shape and the graph's fingerprint.
     * \param [in] file The file
     * \param [out] error Why not
     * \return true on success
     */
    bool Save(const std::string& file, std::string& error) const;

    /**
     * \brief Loads a saved model for a graph and its commodities' paths.
     * \param [in] file The file
     * \param [in] g The graph
     * \param [in] commodities The commodities
     * \param [out] error A missing or unreadable file, or one made for another graph or paths
     * \return true on success
     */
    bool Load(const std::string& file,
              const TeGraph& g,
              const std::vector<TeSolver::Commodity>& commodities,
              std::string& error);

    /**
     * \param [in] g A graph
     * \param [in] commodities Its commodities
     * \return a fingerprint of the nodes, arcs and paths (not of capacities or demands)
     */
    static std::string Fingerprint(const TeGraph& g,
                                   const std::vector<TeSolver::Commodity>& commodities);

    /**
     * \return true if the module was built with libtorch (CMake found it); false: every
     * operation of the model refuses, saying how to get it (GetUnavailableReason())
     */
    static bool IsAvailable();

    /// \return why the model cannot run in this build, and how to fix it ("" if it can)
    static std::string GetUnavailableReason();

    /// \param [in] threads libtorch's intra-op threads for the calls that follow
    static void SetThreads(uint32_t threads);

    /// \return the setup time (building the inputs) of the last Predict on this thread (s)
    static double GetLastSetupSeconds();

  private:
    class Impl;
    std::unique_ptr<Impl> m_impl; //!< The network (libtorch)
};

/**
 * \ingroup optical
 * \brief "learned": a TeLearnedModel's splits, times the demands, start ADMM (TeAdmmMethod,
 * AdmmIterations iterations), as Teal does. The model comes from SetModel, else from ModelFile
 * (te-train writes it; refused if made for another network), else it is trained for the
 * network at its first problem (TrainMatrices, TrainEpochs, TrainSeed; the time counts as
 * setup), which lets a TeController use "learned" on any topology.
 */
class TeLearnedMethod : public TeMethod
{
  public:
    /**
     * \brief Get the type ID.
     * \return the object TypeId
     */
    static TypeId GetTypeId();
    TeLearnedMethod();
    ~TeLearnedMethod() override;
    std::string GetName() const override;
    /// \return TeLearnedModel::GetUnavailableReason(): "" when built with libtorch
    std::string GetUnavailableReason() const override;
    void Reset() override;

    /**
     * \brief Uses this model (instead of loading ModelFile).
     * \param [in] model A ready model
     */
    void SetModel(std::shared_ptr<TeLearnedModel> model);

    /// \return the ADMM stage
    Ptr<TeAdmmMethod> GetAdmm() const;

  protected:
    bool DoAllocate(const TeGraph& g,
                    const TeSolver::Problem& p,
                    TeSolver::Solution& out,
                    std::string& error) override;
    void DoDispose() override;

  private:
    /**
     * \brief Trains a model for \p p's network (TrainMatrices, TrainEpochs, TrainSeed).
     * \param [in] g The graph
     * \param [in] p The problem whose demands the training matrices vary
     * \param [out] model The trained model
     * \param [out] error Why not
     * \return true on success
     */
    bool Train(const TeGraph& g,
               const TeSolver::Problem& p,
               TeLearnedModel& model,
               std::string& error) const;

    std::string m_modelFile;                 //!< ModelFile attribute
    uint32_t m_trainMatrices{16};            //!< TrainMatrices attribute
    uint32_t m_trainEpochs{30};              //!< TrainEpochs attribute
    uint64_t m_trainSeed{1};                 //!< TrainSeed attribute
    uint32_t m_admmIterations{20};           //!< AdmmIterations attribute
    std::shared_ptr<TeLearnedModel> m_model; //!< The model
    std::string m_loadedFor;                 //!< Fingerprint it was loaded for
    Ptr<TeAdmmMethod> m_admm;                //!< Fine-tuning
};

} // namespace ns3

#endif /* TE_LEARNED_H */
