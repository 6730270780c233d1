#!/usr/bin/env python3
"""Tests of the Python side of the SMN repository (utils/ns3optical/smn.py): the named queries
of data/smn-queries.sql split as the C++ splits them, with exactly the parameters the C++ binds;
on a hand-built network (the one of the C++ suite optical-smn-repository) the Python answers
are the known sets; unknown names are refused by name.

Run directly (python3 test/smn/test_smn_queries.py) or through test.py (suite
optical-py-smn-queries).
"""

import os
import sys
import tempfile
import unittest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.realpath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "utils"))

from ns3optical import smn  # noqa: E402

# (name, kind) of the hand network, and (dependent, dependency, kind, since, until) relations.
COMPONENTS = [("f1", "fibre"), ("f2", "fibre"), ("a1", "amplifier"), ("w1", "wavelength"),
              ("w2", "wavelength"), ("w3", "wavelength"), ("L1", "ip-link"), ("L2", "ip-link"),
              ("R1", "route"), ("R2", "route"), ("S", "service"), ("J", "job")]
RELATIONS = [("f1", "a1", "amplified-by", 0, None), ("w1", "f1", "rides-on", 0, None),
             ("w2", "f1", "rides-on", 0, None), ("w3", "f2", "rides-on", 0, None),
             ("L1", "w1", "rides-on", 0, None), ("L1", "w2", "rides-on", 0, None),
             ("L2", "w3", "rides-on", 0, None), ("R1", "L1", "uses", 0, None),
             ("R2", "L2", "uses", 0, None), ("S", "R1", "uses", 0, 100),
             ("S", "R2", "uses", 100, None), ("J", "S", "uses", 0, None)]
LAYER = {"fibre": 1, "amplifier": 1, "wavelength": 1, "ip-link": 3, "route": 3, "service": 7,
         "job": 7}


class SmnQueriesTest(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.TemporaryDirectory()
        self.path = os.path.join(self.dir.name, "smn.db")
        self.conn = smn.connect(self.path, create=True)
        cur = self.conn.execute("INSERT INTO smn_networks (name) VALUES ('hand')")
        self.net = cur.lastrowid
        ids = {}
        for name, kind in COMPONENTS:
            ids[name] = self.conn.execute(
                "INSERT INTO smn_components (network_id, name, kind, layer, team) "
                "VALUES (?, ?, ?, ?, ?)", (self.net, name, kind, LAYER[kind], "t")).lastrowid
        for a, b, kind, since, until in RELATIONS:
            self.conn.execute(
                "INSERT INTO smn_relations (network_id, dependent, dependency, kind, since, "
                "until) VALUES (?, ?, ?, ?, ?, ?)", (self.net, ids[a], ids[b], kind, since, until))
        for t, kind in ((10, "link-down"), (20, "link-up"), (30, "rate-change")):
            self.conn.execute("INSERT INTO smn_events (network_id, time, component, kind, value) "
                              "VALUES (?, ?, ?, ?, 0)", (self.net, t, ids["L1"], kind))
        self.conn.commit()

    def tearDown(self):
        self.conn.close()
        self.dir.cleanup()

    def names(self, rows):
        return {r["name"] for r in rows}

    def test_queries_and_parameters(self):
        queries = smn.named_queries()
        self.assertEqual(set(queries), {"dependents", "dependencies", "events", "relations"})
        self.assertEqual(smn.statement_names(queries["relations"]), ["at", "network"])
        self.assertEqual(smn.statement_names(queries["dependents"]), ["at", "component"])
        self.assertEqual(smn.statement_names(queries["dependencies"]), ["at", "component"])
        self.assertEqual(smn.statement_names(queries["events"]), ["component", "t1", "t2"])

    def test_dependents_in_time(self):
        self.assertEqual(self.names(smn.dependents(self.conn, self.net, "f1")),
                         {"w1", "w2", "L1", "R1", "S", "J"})
        self.assertEqual(self.names(smn.dependents(self.conn, self.net, "f1", at=100)),
                         {"w1", "w2", "L1", "R1"})
        self.assertEqual(self.names(smn.services_crossing(self.conn, self.net, "f2", 150)), {"S"})
        self.assertEqual(smn.services_crossing(self.conn, self.net, "f2", 50), [])
        self.assertEqual(self.names(smn.dependencies(self.conn, self.net, "J", at=50)),
                         {"S", "R1", "L1", "w1", "w2", "f1", "a1"})

    def test_events(self):
        rows = smn.events(self.conn, self.net, "L1", 10, 20)
        self.assertEqual([r["kind"] for r in rows], ["link-down", "link-up"])
        with self.assertRaisesRegex(ValueError, "before the start"):
            smn.events(self.conn, self.net, "L1", 20, 10)

    def test_unknown_names(self):
        with self.assertRaisesRegex(ValueError, "unknown component 'fibre-9'"):
            smn.dependents(self.conn, self.net, "fibre-9")
        with self.assertRaisesRegex(ValueError, "unknown SMN network 'nope'"):
            smn.network_id(self.conn, "nope")
        self.assertEqual(smn.network_id(self.conn, "hand"), self.net)
        with self.assertRaisesRegex(ValueError, "no SMN repository"):
            smn.connect(os.path.join(self.dir.name, "absent.db"))


if __name__ == "__main__":
    unittest.main()
