/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef OPTICAL_EXPERIMENT_H
#define OPTICAL_EXPERIMENT_H

#include "ns3/collective-backend.h"
#include "ns3/command-line.h"
#include "ns3/data-rate.h"
#include "ns3/event-id.h"
#include "ns3/nstime.h"
#include "ns3/optical-names.h"
#include "ns3/optical-units.h"
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
 *   Time delay = MilliSeconds(10);
 *   uint32_t hosts = 4;
 *   exp.AddTime("delay", "Reconfiguration delay", delay, OpticalBounds::AtLeast(0).AtMost(3600));
 *   exp.AddCount("hosts", "Hosts on the switch", hosts, 2, 1024);
 *   exp.Parse(argc, argv);                 // bad values: named error, exit 1, nothing recorded
 *   exp.Require(delay < Seconds(hosts), "delay", "must be shorter than --hosts seconds");
 *   exp.Start();                           // opens the store, records the run as 'running'
 *   ... build the scenario ...
 *   exp.Run(Seconds(2));                   // Simulator::Stop + Run, with progress on stderr
 *   exp.Metric("delivered-packets", n, "packets");  // prints "delivered-packets: n", records
 *   return exp.Finish();                   // marks the run 'ok'
 * \endcode
 *
 * Options it adds: \c --results=FILE (default results/optical.db, or the environment variable
 * NS3_OPTICAL_RESULTS when set; "none" records nothing), \c --sweepKey (set by the sweep
 * runner), \c --progress (progress lines on stderr during Run(); default on when stderr is a
 * terminal).
 *
 * Parse() checks every argument before anything runs: the program's options through their
 * typed readers, ns-3's globals (\c --RngRun, \c --RngSeed, ...) and attribute defaults
 * (\c --ns3::Type::Attribute=v) through strict readers of their value types, and refuses
 * unknown options and stray words. Each problem is one line on stderr naming the option, the
 * value and what is allowed; the exit status is 1 and nothing is recorded.
 *
 * Once started, a run that ends by a signal (SIGINT, SIGTERM, SIGHUP, SIGPIPE, or SIGABRT from
 * a fatal error) is marked 'failed' with "killed by SIGTERM" (etc.) before the process ends by
 * that same signal, so the store never keeps a 'running' row for a process that is gone
 * (SIGKILL aside). The handler only writes the signal's number to a pipe; a watcher thread
 * marks the run through the store (waiting at most 5 s for a write in progress), then ends
 * the process with the signal's default action. Signals ignored when the program starts
 * (nohup, background jobs) stay ignored.
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
     * \name Typed program options
     *
     * Every program option goes through one of these. Each reads its value strictly (see
     * OpticalUnits): trailing text, NaN, infinities, negative counts, malformed units and
     * values outside the option's documented finite bounds are refused by Parse(), which then
     * names the option, the value and what is allowed, and exits with status 1 before
     * anything runs. The help text gets the option's kind, unit and bounds appended. The run
     * records each option's value as given on the command line (or its default).
     * @{
     */

    /**
     * \brief A time option: "5ms", "1.5s", "24h", "7d", or a bare number in \p bareUnit.
     * \param [in] name Option name (without --)
     * \param [in] help What it is
     * \param [in,out] value The variable, holding its default
     * \param [in] bounds Allowed values in seconds (finite; at most 100 years)
     * \param [in] bareUnit Unit of a bare number (default s)
     */
    void AddTime(const std::string& name,
                 const std::string& help,
                 Time& value,
                 const OpticalBounds& bounds,
                 const std::string& bareUnit = "s");

    /**
     * \brief A data-rate option: "10Gbps", "400Mb/s", "1.5GBps", or a bare number in
     * \p bareUnit.
     * \param [in] name Option name (without --)
     * \param [in] help What it is
     * \param [in,out] value The variable, holding its default
     * \param [in] bounds Allowed values in bit/s (finite)
     * \param [in] bareUnit Unit of a bare number (default bps, as ns3::DataRate)
     */
    void AddDataRate(const std::string& name,
                     const std::string& help,
                     DataRate& value,
                     const OpticalBounds& bounds,
                     const std::string& bareUnit = "bps");

    /**
     * \brief A data-rate option kept as a number in \p unit (e.g. "20" or "20Tbps" for a
     * value in Tbps), for options whose model takes a plain number.
     * \param [in] name Option name (without --)
     * \param [in] help What it is
     * \param [in,out] value The variable in \p unit, holding its default
     * \param [in] bounds Allowed values in \p unit (finite)
     * \param [in] unit The variable's unit, also the unit of a bare number (e.g. Gbps)
     */
    void AddRateNumber(const std::string& name,
                       const std::string& help,
                       double& value,
                       const OpticalBounds& bounds,
                       const std::string& unit);

    /**
     * \brief A time option kept as a number in \p unit (e.g. "2" or "2h" for a value in
     * hours), for options whose model takes a plain number.
     * \param [in] name Option name (without --)
     * \param [in] help What it is
     * \param [in,out] value The variable in \p unit, holding its default
     * \param [in] bounds Allowed values in \p unit (finite)
     * \param [in] unit The variable's unit, also the unit of a bare number (e.g. s)
     */
    void AddTimeNumber(const std::string& name,
                       const std::string& help,
                       double& value,
                       const OpticalBounds& bounds,
                       const std::string& unit);

    /**
     * \brief A size option in bytes: "4096", "64KiB", "1.5GB", or a bare number in
     * \p bareUnit; the result must be whole.
     * \param [in] name Option name (without --)
     * \param [in] help What it is
     * \param [in,out] value The variable (bytes), holding its default
     * \param [in] bounds Allowed sizes in bytes (finite)
     * \param [in] bareUnit Unit of a bare number (default B)
     */
    void AddBytes(const std::string& name,
                  const std::string& help,
                  uint64_t& value,
                  const OpticalBounds& bounds,
                  const std::string& bareUnit = "B");

    /**
     * \brief A whole-number option (a count), between \p min and \p max; "1e3" is 1000,
     * negative and fractional values are refused.
     * \param [in] name Option name (without --)
     * \param [in] help What it is
     * \param [in,out] value The variable, holding its default
     * \param [in] min Smallest allowed value
     * \param [in] max Largest allowed value
     */
    void AddCount(const std::string& name,
                  const std::string& help,
                  uint32_t& value,
                  uint64_t min,
                  uint64_t max);

    /// \copydoc AddCount(const std::string&,const std::string&,uint32_t&,uint64_t,uint64_t)
    void AddCount(const std::string& name,
                  const std::string& help,
                  uint64_t& value,
                  uint64_t min,
                  uint64_t max);

    /**
     * \brief A real-number option within \p bounds.
     * \param [in] name Option name (without --)
     * \param [in] help What it is
     * \param [in,out] value The variable, holding its default
     * \param [in] bounds Allowed values (finite)
     * \param [in] unit Unit shown in help and errors (e.g. "dB", "km"); empty for none
     */
    void AddReal(const std::string& name,
                 const std::string& help,
                 double& value,
                 const OpticalBounds& bounds,
                 const std::string& unit = "");

    /**
     * \brief A fraction: "0.25" or "25%", within \p bounds (default 0 to 1).
     * \param [in] name Option name (without --)
     * \param [in] help What it is
     * \param [in,out] value The variable (a fraction), holding its default
     * \param [in] bounds Allowed fractions
     */
    void AddFraction(const std::string& name,
                     const std::string& help,
                     double& value,
                     const OpticalBounds& bounds = OpticalBounds::Between(0, 1));

    /**
     * \brief A percentage: "25" or "25%", within \p bounds (default 0 to 100).
     * \param [in] name Option name (without --)
     * \param [in] help What it is
     * \param [in,out] value The variable (percent), holding its default
     * \param [in] bounds Allowed percentages
     */
    void AddPercent(const std::string& name,
                    const std::string& help,
                    double& value,
                    const OpticalBounds& bounds = OpticalBounds::Between(0, 100));

    /**
     * \brief An option with one of a fixed set of values.
     * \param [in] name Option name (without --)
     * \param [in] help What it is
     * \param [in,out] value The variable, holding its default
     * \param [in] allowed The allowed values
     */
    void AddEnum(const std::string& name,
                 const std::string& help,
                 std::string& value,
                 const std::vector<std::string>& allowed);

    /**
     * \brief An option that takes one value of a typed choice: CollectiveKind,
     * CollectiveAlgorithm, Backend, or any type T with T::Value, T::GetNames() (OpticalNames),
     * GetName() and a constructor from T::Value. Names are read in any case; a refusal lists
     * the allowed ones.
     * \code
     *   CollectiveKind kind = CollectiveKind::ALLREDUCE;
     *   exp.AddChoice("collective", "Collective to run", kind);
     * \endcode
     * \param [in] name Option name (without --)
     * \param [in] help What it is
     * \param [in,out] value The variable, holding its default
     * \param [in] allowed The values this program accepts (empty: every value of T)
     */
    template <typename T>
    void AddChoice(const std::string& name,
                   const std::string& help,
                   T& value,
                   const std::vector<T>& allowed = {})
    {
        std::vector<uint32_t> indices;
        for (const T& a : allowed)
        {
            indices.push_back(static_cast<uint32_t>(static_cast<typename T::Value>(a)));
        }
        AddChoiceIndex(name, help, value.GetName(), T::GetNames(), indices, [&value](uint32_t i) {
            value = T(static_cast<typename T::Value>(i));
        });
    }

    /**
     * \brief The backend option (--backend=packet|flow|...): the registry's backends, or
     * \p allowed of them; the help text gives each one's description.
     * \param [in] name Option name (without --), usually "backend"
     * \param [in] help What it selects
     * \param [in,out] value The variable, holding its default
     * \param [in] allowed The backends this program supports (empty: all registered)
     */
    void AddBackend(const std::string& name,
                    const std::string& help,
                    Backend& value,
                    const std::vector<Backend>& allowed = {});

    /**
     * \brief A boolean option: --name alone is true; values true, false, 1, 0, yes, no.
     * \param [in] name Option name (without --)
     * \param [in] help What it is
     * \param [in,out] value The variable, holding its default
     */
    void AddFlag(const std::string& name, const std::string& help, bool& value);

    /**
     * \brief A free text option (a label, a name checked later against a catalog).
     * \param [in] name Option name (without --)
     * \param [in] help What it is
     * \param [in,out] value The variable, holding its default
     * \param [in] allowEmpty Whether an empty value is accepted
     */
    void AddText(const std::string& name,
                 const std::string& help,
                 std::string& value,
                 bool allowEmpty = true);

    /**
     * \brief An input file: when not empty, it must be a readable regular file.
     * \param [in] name Option name (without --)
     * \param [in] help What it is
     * \param [in,out] value The path, holding its default (empty: none)
     */
    void AddInputFile(const std::string& name, const std::string& help, std::string& value);

    /**
     * \brief A file the program writes: when not empty, its directory must exist and be
     * writable and the path may not be a directory, checked by Parse(), before Start().
     * \param [in] name Option name (without --)
     * \param [in] help What it is
     * \param [in,out] value The path, holding its default (empty: the program chooses, e.g.
     * with GetOutputPath())
     */
    void AddOutputFile(const std::string& name, const std::string& help, std::string& value);

    /**
     * \brief A directory the program writes files into: when not empty, it must exist and be
     * writable, or its parent must (the program makes it), checked by Parse(), before Start().
     * \param [in] name Option name (without --)
     * \param [in] help What it is
     * \param [in,out] value The path, holding its default (empty: none)
     */
    void AddOutputDirectory(const std::string& name, const std::string& help, std::string& value);

    /**
     * \brief Where a file a run writes goes by default: beside its results, in the directory of
     * the results database (--results or NS3_OPTICAL_RESULTS; made by Start()), or in the
     * current directory with --results=none.
     * \param [in] name A file name
     * \return its path
     */
    std::string GetOutputPath(const std::string& name) const;

    /**
     * \brief Lets one argument without "--" stand for an option: `prog FILE` is then
     * `prog --name=FILE` (for the option's own checks). A second such argument is an error.
     * \param [in] name An option added before (without --)
     */
    void SetPositional(const std::string& name);

    /**
     * \brief A list of real numbers, comma-separated, each within \p bounds.
     * \param [in] name Option name (without --)
     * \param [in] help What it is
     * \param [in,out] value The list, holding its default
     * \param [in] bounds Allowed values of each element (finite)
     * \param [in] unit Unit shown in help and errors
     * \param [in] minCount Fewest elements
     * \param [in] maxCount Most elements
     */
    void AddRealList(const std::string& name,
                     const std::string& help,
                     std::vector<double>& value,
                     const OpticalBounds& bounds,
                     const std::string& unit = "",
                     size_t minCount = 1,
                     size_t maxCount = 1000);

    /**
     * \brief A list of whole numbers, comma-separated, each between \p min and \p max.
     * \param [in] name Option name (without --)
     * \param [in] help What it is
     * \param [in,out] value The list, holding its default
     * \param [in] min Smallest allowed element
     * \param [in] max Largest allowed element
     * \param [in] minCount Fewest elements
     * \param [in] maxCount Most elements
     */
    void AddCountList(const std::string& name,
                      const std::string& help,
                      std::vector<uint64_t>& value,
                      uint64_t min,
                      uint64_t max,
                      size_t minCount = 1,
                      size_t maxCount = 1000);

    /**
     * \brief A list of values from a fixed set, comma-separated.
     * \param [in] name Option name (without --)
     * \param [in] help What it is
     * \param [in,out] value The list, holding its default
     * \param [in] allowed The allowed elements
     * \param [in] minCount Fewest elements
     * \param [in] maxCount Most elements
     */
    void AddEnumList(const std::string& name,
                     const std::string& help,
                     std::vector<std::string>& value,
                     const std::vector<std::string>& allowed,
                     size_t minCount = 1,
                     size_t maxCount = 1000);

    /** @} */

    /**
     * \brief Checks a value that depends on other options or on loaded data, naming the
     * option: if \p ok is false, Refuse()s with "--name=value: problem" (Fail() before
     * Start(); after it, the run is removed). Call before Start() whenever you can.
     * \param [in] ok Whether the check passed
     * \param [in] name Option name (without --)
     * \param [in] problem What is wrong and what is allowed
     */
    void Require(bool ok, const std::string& name, const std::string& problem);

    /**
     * \brief Parses the command line (ns-3's CommandLine: bad values and unknown options are
     * reported and the program exits).
     *
     * It also ends ns-3's recording of Times for Time::SetResolution (the way ns-3 does,
     * Simulator::Run on the empty event queue of the default simulator), which costs a set
     * insertion per Time made before the first run: set a resolution before Parse, as ns-3
     * asks. Inputs loaded after Parse (traces, topologies) are then not slowed by it.
     * \param [in] argc Argument count
     * \param [in] argv Arguments
     */
    void Parse(int argc, char* argv[]);

    /**
     * \brief Reports a bad input or a failure and exits with \p exitCode. Before Start()
     * nothing is recorded; after, the run is marked 'failed' with the message.
     * \param [in] message What is wrong (name the bad value and what is allowed)
     * \param [in] exitCode Process exit status
     */
    [[noreturn]] void Fail(const std::string& message, int exitCode = 1);

    /**
     * \brief Says on stderr, as "program: note: message", something about the input that is
     * allowed but that a user may not expect (a default chosen for them, a placement that
     * crosses a boundary), so that nothing is accepted silently.
     * \param [in] message What to say
     */
    void Note(const std::string& message) const;

    /**
     * \brief Refuses an input that could only be checked after Start() (a file a study loads
     * as it runs, a value that depends on it): prints "program: message" and "nothing was
     * run", removes the run and everything it recorded (ResultsStore::DeleteRun), as if it
     * had never started, and exits 1. Before Start() it is Fail(). Name the option, the value
     * and what is allowed in \p message. A failure of the run itself (not of its input) is
     * Fail(), which keeps the run, marked 'failed'.
     * \param [in] message What is wrong
     */
    [[noreturn]] void Refuse(const std::string& message);

    /// \brief Opens the store and records the run as 'running'. Call after validating input.
    void Start();

    /**
     * \brief Runs the simulation until \p stop (Simulator::Stop and Simulator::Run), printing
     * progress on stderr when enabled.
     * \param [in] stop Simulated time at which to stop
     */
    void Run(Time stop);

    /**
     * \brief Sets how far the workload is, for the progress lines' estimate of what is left
     * (without one, the estimate is of the simulated time to the stop time of Run(), which
     * overestimates a workload that ends before it).
     * \param [in] fractionDone Returns the fraction done, in [0, 1]
     */
    void SetProgressMeasure(std::function<double()> fractionDone);

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
    /**
     * \brief Ends the process after a refusal or a failure (Fail, Refuse).
     * \param [in] message What is wrong
     * \param [in] keepRun After Start(): keep the run, marked 'failed' (else remove it)
     * \param [in] exitCode Process exit status
     */
    [[noreturn]] void End(const std::string& message, bool keepRun, int exitCode);

    /**
     * \brief Registers a typed choice (AddChoice's untyped part).
     * \param [in] name Option name
     * \param [in] help What it is
     * \param [in] defaultText Default's name
     * \param [in] names The choice's names
     * \param [in] allowed Indices allowed (empty: all)
     * \param [in] set Sets the variable to an index
     */
    void AddChoiceIndex(const std::string& name,
                        const std::string& help,
                        const std::string& defaultText,
                        const OpticalNames& names,
                        const std::vector<uint32_t>& allowed,
                        std::function<void(uint32_t)> set);

    /// A program option: how to read it and what it was.
    struct Option
    {
        std::string name;                                            //!< Option name
        std::function<bool(const std::string&, std::string&)> parse; //!< Reads a value
        std::string defaultText;                                     //!< Default as text
        bool isFlag{false};                                          //!< --name alone is true
        bool record{true};                                           //!< Recorded with the run
        std::string given;                                           //!< Text given, if any
        bool wasGiven{false};                                        //!< Given on the command line
    };

    /**
     * \brief Registers an option with the command line (for --help) and the parser.
     * \param [in] name Option name
     * \param [in] help Help text, already decorated with kind and bounds
     * \param [in] defaultText Default value as text
     * \param [in] parse Reads a value into the variable, or says what is wrong
     * \param [in] isFlag Whether --name alone means true
     * \param [in] record Whether the run records it as a parameter
     */
    void Register(const std::string& name,
                  const std::string& help,
                  const std::string& defaultText,
                  std::function<bool(const std::string&, std::string&)> parse,
                  bool isFlag = false,
                  bool record = true);

    /**
     * \brief A quantity option kept as a number in \p unit (AddTimeNumber, AddRateNumber).
     * \param [in] name Option name
     * \param [in] help What it is
     * \param [in,out] value The variable in \p unit
     * \param [in] bounds Allowed values in \p unit
     * \param [in] unit The variable's unit, also that of a bare number
     * \param [in] kind The kind with examples, for the help text
     * \param [in] lookup Factor of a unit to the base unit
     * \param [in] parse Reads a quantity in the base unit
     */
    void AddNumberInUnit(
        const std::string& name,
        const std::string& help,
        double& value,
        const OpticalBounds& bounds,
        const std::string& unit,
        const std::string& kind,
        bool (*lookup)(const std::string&, double&),
        bool (*parse)(const std::string&, const std::string&, double&, std::string&));

    /**
     * \brief Checks one --name=value of ns-3's own (globals such as RngRun, attribute
     * defaults such as --ns3::Type::Attribute) before CommandLine sees it.
     * \param [in] name Name without dashes
     * \param [in] value Value text
     * \param [out] canonical The value as ns-3's own reader reads it right
     * \param [out] error What is wrong
     * \return 1 if acceptable, 0 if not, -1 if \p name is not one of ns-3's
     */
    static int CheckNs3Argument(const std::string& name,
                                const std::string& value,
                                std::string& canonical,
                                std::string& error);

    /**
     * \brief Marks the run 'failed' with a message (from the signal watcher, which holds the
     * lock of the run's end).
     * \param [in] message Why
     */
    void MarkInterrupted(const std::string& message);

    /// \brief Installs the signal handlers and starts the watcher thread (from Start()).
    void WatchSignals();

    /// \brief Restores the signal dispositions and ends the watcher (at the run's end).
    static void StopWatchingSignals();

    /// \brief The watcher thread: waits for a signal number from the handler, marks the
    /// active run 'failed' with it, then ends the process by that signal.
    static void Watcher();

    /// \brief Signal handler: hands the signal to the watcher (async-signal-safe calls only);
    /// for SIGPIPE and SIGABRT, waits for the run's mark before the process ends.
    /// \param [in] signal The signal
    static void OnSignal(int signal);

    void Progress();

    std::string m_program;                                //!< Program name
    CommandLine m_cmd;                                    //!< Command line
    std::vector<Option> m_options;                        //!< Program options
    std::vector<std::unique_ptr<std::string>> m_helpText; //!< Default texts shown by --help
    std::vector<std::string> m_args;                      //!< Arguments as given
    std::string m_resultsPath{"results/optical.db"};      //!< --results
    std::string m_sweepKey;                               //!< --sweepKey
    std::string m_positional;                             //!< Option of a bare argument
    bool m_progress{false};                               //!< --progress
    std::unique_ptr<ResultsStore> m_store;                //!< Store, once started
    int64_t m_runId{-1};                                  //!< Run id
    bool m_started{false};                                //!< Start() was called
    bool m_finished{false};                               //!< Finish() or Fail() was called
    Time m_stop;                                          //!< Stop time of Run()
    Time m_progressStep;                                //!< Simulated time between progress checks
    std::chrono::steady_clock::time_point m_wallStart;  //!< Wall clock at Run()
    std::chrono::steady_clock::time_point m_lastReport; //!< Wall clock of the last report
    EventId m_progressEvent;                            //!< Next progress check
    uint64_t m_lastEvents{0};                           //!< Events executed at the last report
    uint64_t m_checkEvents{0};                          //!< Events executed at the last check
    std::function<double()> m_fractionDone;             //!< SetProgressMeasure()
};

} // namespace ns3

#endif /* OPTICAL_EXPERIMENT_H */
