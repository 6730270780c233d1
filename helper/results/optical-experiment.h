/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef OPTICAL_EXPERIMENT_H
#define OPTICAL_EXPERIMENT_H

#include "ns3/command-line.h"
#include "ns3/data-rate.h"
#include "ns3/event-id.h"
#include "ns3/nstime.h"
#include "ns3/results-store.h"

#include <chrono>
#include <functional>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

namespace ns3
{

/**
 * \ingroup optical
 * \brief Wires a program to the results store: command line, run record, metrics and progress.
 *
 * Every example of the module runs through it:
 * \code
 *   OpticalExperiment exp("my-program");
 *   double delay = 0.01;
 *   exp.AddValue("delay", "Reconfiguration delay (s)", delay);
 *   exp.Parse(argc, argv);                 // adds --results, --sweepKey, --progress
 *   if (delay < 0) { exp.Fail("--delay must be >= 0"); }  // before Start: nothing recorded
 *   exp.Start();                           // opens the store, records the run as 'running'
 *   ... build the scenario ...
 *   exp.Run(Seconds(2));                   // Simulator::Stop + Run, with progress on stderr
 *   exp.Metric("delivered-packets", n, "packets");  // prints "delivered-packets: n", records
 *   return exp.Finish();                   // marks the run 'ok'
 * \endcode
 *
 * Options it adds: \c --results=FILE (default results/optical.db; "none" records nothing),
 * \c --sweepKey (set by the sweep runner), \c --progress (progress lines on stderr during
 * Run(); default on when stderr is a terminal).
 *
 * The run records every program option with its value after parsing (kind 'cli'), ns-3's
 * RngSeed and RngRun, and every attribute default (\c --ns3::Type::Attribute=v, kind
 * 'attribute') or global value (kind 'global') given on the command line.
 */
class OpticalExperiment
{
  public:
    /**
     * \param [in] program Program name, as recorded in the results
     * \param [in] description One line printed by --help
     */
    explicit OpticalExperiment(const std::string& program, const std::string& description = "");
    ~OpticalExperiment();

    /**
     * \brief Adds a program option (as CommandLine::AddValue) and records it with the run.
     * \tparam T \deduced Value type
     * \param [in] name Option name (without --)
     * \param [in] help Help text (give the unit)
     * \param [in,out] value The variable, holding its default
     */
    template <typename T>
    void AddValue(const std::string& name, const std::string& help, T& value)
    {
        m_cmd.AddValue(name, help, value);
        m_options.push_back({name, [&value]() {
                                 std::ostringstream oss;
                                 oss << std::boolalpha << value;
                                 return oss.str();
                             }});
    }

    /**
     * \brief Parses the command line (ns-3's CommandLine: bad values and unknown options are
     * reported and the program exits).
     * \param [in] argc Argument count
     * \param [in] argv Arguments
     */
    void Parse(int argc, char* argv[]);

    /// \return the underlying CommandLine, for anything AddValue does not cover
    CommandLine& GetCommandLine();

    /**
     * \brief Reports a bad input or a failure and exits with \p exitCode. Before Start()
     * nothing is recorded; after, the run is marked 'failed' with the message.
     * \param [in] message What is wrong (name the bad value and what is allowed)
     * \param [in] exitCode Process exit status
     */
    [[noreturn]] void Fail(const std::string& message, int exitCode = 1);

    /**
     * \brief Parses an option's data rate, or Fail()s naming the option and the value.
     * \param [in] option Option name (without --)
     * \param [in] text Its value (e.g. "10Gbps")
     * \return the rate (positive)
     */
    DataRate PositiveDataRate(const std::string& option, const std::string& text);

    /**
     * \brief Parses an option's time, or Fail()s naming the option and the value.
     * \param [in] option Option name (without --)
     * \param [in] text Its value (e.g. "1us")
     * \return the time (not negative)
     */
    Time NonNegativeTime(const std::string& option, const std::string& text);

    /// \brief Opens the store and records the run as 'running'. Call after validating input.
    void Start();

    /**
     * \brief Runs the simulation until \p stop (Simulator::Stop and Simulator::Run), printing
     * progress on stderr when enabled.
     * \param [in] stop Simulated time at which to stop
     */
    void Run(Time stop);

    /**
     * \brief Prints "name: value" on stdout and records the metric.
     * \param [in] name Metric name
     * \param [in] value Value
     * \param [in] unit Unit (may be empty)
     */
    void Metric(const std::string& name, double value, const std::string& unit = "");

    /**
     * \brief Records one point of a curve.
     * \param [in] series Series name
     * \param [in] x Abscissa
     * \param [in] y Ordinate
     */
    void SeriesPoint(const std::string& series, double x, double y);

    /// \return the store (nullptr with --results=none or before Start())
    ResultsStore* GetStore();

    /// \return the run id (-1 without a store)
    int64_t GetRunId() const;

    /**
     * \brief Marks the run 'ok' and closes the store.
     * \return 0, for main() to return
     */
    int Finish();

    /// \return the module version compiled in (git describe, or the VERSION file)
    static std::string GetVersion();

  private:
    /// A program option and how to print its current value.
    struct Option
    {
        std::string name;                   //!< Option name
        std::function<std::string()> print; //!< Current value as text
    };

    void Progress();

    std::string m_program;                              //!< Program name
    CommandLine m_cmd;                                  //!< Command line
    std::vector<Option> m_options;                      //!< Program options
    std::vector<std::string> m_args;                    //!< Arguments as given
    std::string m_resultsPath{"results/optical.db"};    //!< --results
    std::string m_sweepKey;                             //!< --sweepKey
    bool m_progress{false};                             //!< --progress
    std::unique_ptr<ResultsStore> m_store;              //!< Store, once started
    int64_t m_runId{-1};                                //!< Run id
    bool m_started{false};                              //!< Start() was called
    bool m_finished{false};                             //!< Finish() or Fail() was called
    Time m_stop;                                        //!< Stop time of Run()
    Time m_progressStep;                                //!< Simulated time between progress checks
    std::chrono::steady_clock::time_point m_wallStart;  //!< Wall clock at Run()
    std::chrono::steady_clock::time_point m_lastReport; //!< Wall clock of the last report
    EventId m_progressEvent;                            //!< Next progress check
};

} // namespace ns3

#endif /* OPTICAL_EXPERIMENT_H */
