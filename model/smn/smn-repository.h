/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef SMN_REPOSITORY_H
#define SMN_REPOSITORY_H

#include "ns3/nstime.h"
#include "ns3/optical-database.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

namespace ns3
{

/**
 * \ingroup optical
 * \brief A software-managed network's central repository: the inventory of one network across
 * layers 1 to 7, which component depends on which and since when, and what each component
 * reported, in SQLite (SMN: all the information for managing a network's life cycle in one
 * place, used by one control plane for capacity planning and incident routing).
 *
 * Components have a kind (ComponentKinds(): fibre, amplifier, ROADM, transponder, wavelength,
 * OCS and OCS port at layer 1; router, line card, IP link and route at layer 3; server,
 * accelerator, job, tenant and service at layer 7), a unique name and the team that owns them.
 * A relation says that a dependent depends on a dependency (RelationKinds(): a wavelength
 * rides on a fibre, a fibre is amplified by its amplifiers, an IP link ends at its routers'
 * line cards, a route uses IP links, a job is hosted on accelerators), from a simulated time
 * until another (EndRelation) or for good. Events (EventKinds()) are time-stamped reports of a
 * component: rate changes, links down and up, circuit changes, failures, TE decisions, slice
 * allocations, alarms.
 *
 * The schema is defined once, in data/smn-schema.sql, and the operators' questions once, as
 * named queries in data/smn-queries.sql (recursive SQL over the relations), read by this class
 * and by utils/ns3optical/smn.py. The tables may share the results store's database file (each
 * network row names its run) or have one of their own; an empty path keeps them in memory.
 *
 * Every write is checked before anything is written (unknown kinds and names, a duplicate
 * name, a relation of a component to itself, a time before the relation's start): a refused
 * call changes nothing and says why. Writes are buffered in one transaction that Flush() (and
 * every query) commits.
 */
class SmnRepository
{
  public:
    /// A component, as the queries return it.
    struct Component
    {
        std::string name;   //!< Unique name in the network
        std::string kind;   //!< One of ComponentKinds()
        uint32_t layer{0};  //!< 1, 3 or 7 (LayerOf(kind))
        std::string team;   //!< Owning team
        std::string detail; //!< Free text (e.g. "km=230")
    };

    /// An event, as EventsOf() returns it.
    struct Event
    {
        double time{0};     //!< Simulated time (s)
        std::string kind;   //!< One of EventKinds()
        double value{0};    //!< Its number (a rate in Gb/s, an SNR in dB, ...)
        std::string detail; //!< Free text
    };

    /// A relation, as Relations() returns it.
    struct Relation
    {
        std::string dependent;  //!< The component that depends
        std::string dependency; //!< The component it depends on
        std::string kind;       //!< One of RelationKinds()
    };

    /// The schema file, in the module's data directory.
    static constexpr const char* SCHEMA_FILE = "smn-schema.sql";
    /// The named queries, in the module's data directory.
    static constexpr const char* QUERIES_FILE = "smn-queries.sql";

    SmnRepository();
    ~SmnRepository();
    SmnRepository(const SmnRepository&) = delete;
    SmnRepository& operator=(const SmnRepository&) = delete;

    /**
     * \brief Opens (creating if needed) a database with the SMN tables and starts a new network
     * in it.
     * \param [in] path Database file ("" : in memory); may be the results store's file
     * \param [in] network Name of the network described (not empty)
     * \param [in] runId The results store's run this network belongs to (0: none)
     * \param [out] error Why it failed
     * \return true on success
     */
    bool Open(const std::string& path,
              const std::string& network,
              int64_t runId,
              std::string& error);

    /// \return true once Open() succeeded
    bool IsOpen() const;

    /// \return the network's id in the database
    int64_t GetNetworkId() const;

    /// \return the component kinds, in layer order
    static const std::vector<std::string>& ComponentKinds();
    /// \return the relation kinds
    static const std::vector<std::string>& RelationKinds();
    /// \return the event kinds
    static const std::vector<std::string>& EventKinds();
    /**
     * \param [in] kind A component kind
     * \return its layer (1, 3 or 7), 0 if \p kind is not one of ComponentKinds()
     */
    static uint32_t LayerOf(const std::string& kind);

    /**
     * \brief Adds a component.
     * \param [in] name Unique name (not empty)
     * \param [in] kind One of ComponentKinds()
     * \param [in] team Owning team (not empty)
     * \param [out] error An unknown kind, a name already used, an empty name or team
     * \param [in] detail Free text
     * \return false on error (nothing written)
     */
    bool AddComponent(const std::string& name,
                      const std::string& kind,
                      const std::string& team,
                      std::string& error,
                      const std::string& detail = "");

    /**
     * \brief Records that \p dependent depends on \p dependency from \p since on.
     * \param [in] dependent The component that depends
     * \param [in] dependency The component it depends on
     * \param [in] kind One of RelationKinds()
     * \param [in] since From when
     * \param [out] error An unknown name or kind, a component related to itself
     * \return false on error (nothing written)
     */
    bool Relate(const std::string& dependent,
                const std::string& dependency,
                const std::string& kind,
                Time since,
                std::string& error);

    /**
     * \brief Ends, at \p until, every relation of \p dependent on \p dependency that still holds.
     * \param [in] dependent The component that depended
     * \param [in] dependency The component it depended on
     * \param [in] until When it stopped
     * \param [out] error An unknown name, no relation that holds, \p until before its start
     * \return false on error (nothing written)
     */
    bool EndRelation(const std::string& dependent,
                     const std::string& dependency,
                     Time until,
                     std::string& error);

    /**
     * \brief Records an event of a component.
     * \param [in] at When
     * \param [in] component Who reports it
     * \param [in] kind One of EventKinds()
     * \param [in] value Its number
     * \param [out] error An unknown component or kind
     * \param [in] detail Free text
     * \return false on error (nothing written)
     */
    bool Record(Time at,
                const std::string& component,
                const std::string& kind,
                double value,
                std::string& error,
                const std::string& detail = "");

    /**
     * \param [in] name A name
     * \return true if the network has a component of that name
     */
    bool Has(const std::string& name) const;

    /**
     * \brief Looks a component up.
     * \param [in] name Its name
     * \param [out] component It
     * \param [out] error An unknown name
     * \return false on error
     */
    bool Find(const std::string& name, Component& component, std::string& error);

    /**
     * \brief What depends on a component: every component that depends on it directly or
     * through others (wavelengths over a fibre, the IP links over them, routes, services, jobs),
     * ordered by layer, kind and name.
     * \param [in] name The component
     * \param [out] dependents Them
     * \param [out] error An unknown name
     * \param [in] at Only relations that hold at this time (none: at any time)
     * \return false on error
     */
    bool DependentsOf(const std::string& name,
                      std::vector<Component>& dependents,
                      std::string& error,
                      std::optional<Time> at = std::nullopt);

    /**
     * \brief What a component depends on, directly or through others.
     * \param [in] name The component
     * \param [out] dependencies Them
     * \param [out] error An unknown name
     * \param [in] at Only relations that hold at this time (none: at any time)
     * \return false on error
     */
    bool DependenciesOf(const std::string& name,
                        std::vector<Component>& dependencies,
                        std::string& error,
                        std::optional<Time> at = std::nullopt);

    /**
     * \brief What a component reported between two times (inclusive), in time order.
     * \param [in] name The component
     * \param [in] from First time
     * \param [in] to Last time (not before \p from)
     * \param [out] events Them
     * \param [out] error An unknown name, \p to before \p from
     * \return false on error
     */
    bool EventsOf(const std::string& name,
                  Time from,
                  Time to,
                  std::vector<Event>& events,
                  std::string& error);

    /**
     * \brief Which services crossed a component at a time: the dependents of kind "service"
     * by relations that hold then.
     * \param [in] name The component
     * \param [in] at The time
     * \param [out] services Them
     * \param [out] error An unknown name
     * \return false on error
     */
    bool ServicesCrossing(const std::string& name,
                          Time at,
                          std::vector<Component>& services,
                          std::string& error);

    /**
     * \brief The network's relations.
     * \param [in] at Only those that hold at this time (none: every relation ever recorded)
     * \return them, in the order they were recorded
     */
    std::vector<Relation> Relations(std::optional<Time> at = std::nullopt);

    /**
     * \param [in] kind A component kind ("": every kind)
     * \return the components of that kind, in the order they were added
     */
    std::vector<Component> Components(const std::string& kind = "") const;

    /// \return the network's rows: components + relations + events
    uint64_t CountRows();

    /// \return the network's components, relations and events, as (table, rows) pairs
    std::map<std::string, uint64_t> CountRowsByTable();

    /// \brief Commits the buffered writes.
    void Flush();

    /// \brief Flushes and closes.
    void Close();

  private:
    /// Relations of one (dependent, dependency) pair that still hold.
    struct OpenRelations
    {
        uint32_t count{0};     //!< How many
        double latestSince{0}; //!< The latest start among them (s)
    };

    /**
     * \param [in] name A component name
     * \param [out] error "unknown component ..." when it is not in the network
     * \return its index in m_components, or -1
     */
    int64_t IndexOf(const std::string& name, std::string& error) const;
    /// \brief Starts the write transaction if none is open.
    void BeginWrite();
    /**
     * \brief Runs a component-set query (dependents, dependencies).
     * \param [in] query The prepared query
     * \param [in] id Component id
     * \param [in] at Time or none
     * \param [out] out The rows
     */
    void RunComponentQuery(sqlite3_stmt* query,
                           int64_t id,
                           std::optional<Time> at,
                           std::vector<Component>& out);

    OpticalDatabase m_db{"SmnRepository", "SMN repository"}; //!< Connection
    int64_t m_network{0};                                    //!< Network id
    std::string m_networkName;                               //!< Network name
    bool m_inTransaction{false};                             //!< A write transaction is open
    std::vector<Component> m_components;                     //!< Inventory, in insertion order
    std::vector<int64_t> m_ids;                              //!< Their row ids
    std::unordered_map<std::string, std::size_t> m_index;    //!< Name -> position
    /// Relations that still hold, per (dependent, dependency) row ids.
    std::map<std::pair<int64_t, int64_t>, OpenRelations> m_open;
    sqlite3_stmt* m_insertComponent{nullptr};       //!< Prepared insert
    sqlite3_stmt* m_insertRelation{nullptr};        //!< Prepared insert
    sqlite3_stmt* m_endRelation{nullptr};           //!< Prepared update
    sqlite3_stmt* m_insertEvent{nullptr};           //!< Prepared insert
    std::map<std::string, sqlite3_stmt*> m_queries; //!< Named queries of QUERIES_FILE
};

} // namespace ns3

#endif /* SMN_REPOSITORY_H */
