-- ns3-optical SMN repository: the operators' questions, as named queries. Read by the C++
-- SmnRepository and by utils/ns3optical/smn.py, so both answer with the same SQL. A query starts
-- at a line "-- query: NAME" and ends at the next one (or the end of the file). Parameters:
-- :component (a component id), :at (simulated seconds, or NULL for relations at any time),
-- :t1 and :t2 (simulated seconds, inclusive).

-- query: dependents
-- Everything that depends on :component, directly or through other components (a fibre's
-- wavelengths, the IP links over them, the routes over those, the services and jobs over the
-- routes), by relations that hold at :at.
WITH RECURSIVE up(id) AS (
    SELECT :component
    UNION
    SELECT r.dependent FROM smn_relations r JOIN up ON r.dependency = up.id
    WHERE :at IS NULL OR (r.since <= :at AND (r.until IS NULL OR r.until > :at))
)
SELECT c.name, c.kind, c.layer, c.team, c.detail FROM smn_components c JOIN up ON c.id = up.id
WHERE c.id <> :component
ORDER BY c.layer, c.kind, c.name;

-- query: dependencies
-- Everything :component depends on, directly or transitively, by relations that hold at :at.
WITH RECURSIVE down(id) AS (
    SELECT :component
    UNION
    SELECT r.dependency FROM smn_relations r JOIN down ON r.dependent = down.id
    WHERE :at IS NULL OR (r.since <= :at AND (r.until IS NULL OR r.until > :at))
)
SELECT c.name, c.kind, c.layer, c.team, c.detail FROM smn_components c JOIN down ON c.id = down.id
WHERE c.id <> :component
ORDER BY c.layer, c.kind, c.name;

-- query: events
-- What :component reported between :t1 and :t2, in time order (ties in recording order).
SELECT e.time, e.kind, e.value, e.detail FROM smn_events e
WHERE e.component = :component AND e.time >= :t1 AND e.time <= :t2
ORDER BY e.time, e.rowid;

-- query: relations
-- Every relation of network :network that holds at :at, as (dependent, dependency, kind) names.
SELECT d.name, p.name, r.kind FROM smn_relations r
JOIN smn_components d ON d.id = r.dependent
JOIN smn_components p ON p.id = r.dependency
WHERE r.network_id = :network
  AND (:at IS NULL OR (r.since <= :at AND (r.until IS NULL OR r.until > :at)))
ORDER BY r.rowid;
