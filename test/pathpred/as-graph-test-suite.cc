/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// AS graphs: the CAIDA readers (serial-1, serial-2, as2org) on small files and their errors
// with file:line; the generator's structure (tier-1 clique, no provider cycle, stub share,
// heavy-tailed degrees, organisations), its determinism and a write/read round trip; the
// misinference of a known share of links.

#include "../common/optical-test-compat.h"
#include "pathpred-test-graphs.h"

#include "ns3/double.h"
#include "ns3/rng-seed-manager.h"
#include "ns3/test.h"
#include "ns3/uinteger.h"

#include <algorithm>
#include <set>

using namespace ns3;
using namespace ns3::pathpredtest;
using namespace ns3::optical::compat;

namespace
{

/// Serial-1 and serial-2 files read into the relationships they state.
class ReaderTestCase : public TestCase
{
  public:
    ReaderTestCase()
        : TestCase("CAIDA readers: serial-1 and serial-2 links, comments skipped; as2org "
                   "organisations, ASes without a record get their own")
    {
    }

  private:
    void DoRun() override
    {
        const auto s1 = WriteTemp("s1.txt",
                                  "# source: test\n"
                                  "1|2|-1\n"
                                  "1|3|-1\n"
                                  "\n"
                                  "2|3|0\n"
                                  "3|4|-1\r\n");
        AsGraph g;
        std::string error;
        NS_TEST_ASSERT_MSG_EQ(g.LoadRelationships(s1, error), true, error);
        NS_TEST_ASSERT_MSG_EQ(g.GetN(), 4, "four ASes");
        NS_TEST_ASSERT_MSG_EQ(g.GetProviderCustomerCount(), 3, "three transit links");
        NS_TEST_ASSERT_MSG_EQ(g.GetPeerCount(), 1, "one peering");
        const uint32_t a1 = g.IndexOf(1);
        const uint32_t a2 = g.IndexOf(2);
        const uint32_t a3 = g.IndexOf(3);
        const uint32_t a4 = g.IndexOf(4);
        NS_TEST_ASSERT_MSG_EQ((g.Relation(g.FindSlot(a1, a2)) == AsRelation::CUSTOMER),
                              true,
                              "2 is 1's customer");
        NS_TEST_ASSERT_MSG_EQ((g.Relation(g.FindSlot(a2, a1)) == AsRelation::PROVIDER),
                              true,
                              "1 is 2's provider");
        NS_TEST_ASSERT_MSG_EQ((g.Relation(g.FindSlot(a2, a3)) == AsRelation::PEER), true, "peers");
        NS_TEST_ASSERT_MSG_EQ((g.Tier(a1) == AsTier::TIER1), true, "1 has no provider");
        NS_TEST_ASSERT_MSG_EQ((g.Tier(a3) == AsTier::TRANSIT), true, "3 has both");
        NS_TEST_ASSERT_MSG_EQ((g.Tier(a4) == AsTier::STUB), true, "4 has no customer");
        const auto& rank = g.TopologicalRank();
        NS_TEST_ASSERT_MSG_LT(rank[a4], rank[a3], "a customer before its provider");
        NS_TEST_ASSERT_MSG_LT(rank[a3], rank[a1], "a customer before its provider");

        const auto s2 = WriteTemp("s2.txt", "# serial-2\n10|20|-1|bgp\n20|30|0|mlp\n");
        AsGraph g2;
        NS_TEST_ASSERT_MSG_EQ(g2.LoadRelationships(s2, error), true, error);
        NS_TEST_ASSERT_MSG_EQ(g2.GetLinkCount(), 2, "two links");

        const auto orgs = WriteTemp("orgs.txt",
                                    "# format:org_id|changed|org_name|country|source\n"
                                    "ORG-A|20260101|Alpha Networks|DE|RIPE\n"
                                    "# format:aut|changed|aut_name|org_id|opaque_id|source\n"
                                    "1|20260101|ALPHA-1|ORG-A|x|RIPE\n"
                                    "2|20260101|ALPHA-2|ORG-A|x|RIPE\n"
                                    "99|20260101|ELSEWHERE|ORG-A|x|RIPE\n");
        NS_TEST_ASSERT_MSG_EQ(g.LoadOrganisations(orgs, error), true, error);
        NS_TEST_ASSERT_MSG_EQ(g.GetOrganisation(a1), g.GetOrganisation(a2), "siblings");
        NS_TEST_ASSERT_MSG_EQ(g.GetOrganisationName(g.GetOrganisation(a1)),
                              "Alpha Networks",
                              "org name");
        NS_TEST_ASSERT_MSG_NE(g.GetOrganisation(a3), g.GetOrganisation(a1), "own org");
        NS_TEST_ASSERT_MSG_EQ(g.GetOrganisationCount(), 3, "Alpha, AS3, AS4");
    }
};

/// Malformed lines are refused with their file and line.
class ReaderErrorTestCase : public TestCase
{
  public:
    ReaderErrorTestCase()
        : TestCase("CAIDA readers: unknown codes, self-links, bad numbers, field counts, "
                   "duplicates, provider cycles and bad as2org records are refused with "
                   "file:line")
    {
    }

  private:
    /// Expects LoadRelationships of \p text to fail with \p expected in the message.
    void Expect(const std::string& text, const std::string& expected)
    {
        const auto path = WriteTemp("bad.txt", text);
        AsGraph g;
        std::string error;
        NS_TEST_ASSERT_MSG_EQ(g.LoadRelationships(path, error), false, "refused: " + text);
        NS_TEST_ASSERT_MSG_NE(error.find(expected), std::string::npos, error);
    }

    /// Expects LoadOrganisations of \p text to fail with \p expected in the message.
    void ExpectOrgs(const std::string& text, const std::string& expected)
    {
        const auto rel = WriteTemp("ok.txt", "1|2|-1\n");
        const auto path = WriteTemp("badorg.txt", text);
        AsGraph g;
        std::string error;
        NS_TEST_ASSERT_MSG_EQ(g.LoadRelationships(rel, error), true, error);
        NS_TEST_ASSERT_MSG_EQ(g.LoadOrganisations(path, error), false, "refused: " + text);
        NS_TEST_ASSERT_MSG_NE(error.find(expected), std::string::npos, error);
    }

    void DoRun() override
    {
        const std::string file = TempPath("bad.txt") + ":";
        Expect("# c\n1|2|-1\n3|4|1\n", file + "3: unknown relationship code '1'");
        Expect("1|2|-1\n2|2|0\n", file + "2: AS 2 is listed as its own neighbour");
        Expect("1|x2|-1\n", file + "1: 'x2' is not an AS number");
        Expect("1|2\n", file + "1: expected as1|as2|rel");
        Expect("1|2|-1\n1|3|0|bgp\n", file + "2: has 4 fields");
        Expect("1|2|-1\n2|1|0\n", file + "2: the link between AS 2 and AS 1 is given twice");
        Expect("1|2|-1\n2|3|-1\n3|1|-1\n", "form a cycle");
        Expect("# nothing\n", "no links");
        Expect("1|2|-1\n0|5|-1\n", file + "2: '0' is not an AS number (1 to 4294967294; AS 0");
        Expect("4294967295|5|-1\n", file + "1: '4294967295' is not an AS number");
        uint32_t asn = 7;
        NS_TEST_EXPECT_MSG_EQ(AsGraph::ParseAsn("4294967294", asn), true, "largest");
        NS_TEST_EXPECT_MSG_EQ(asn, 4294967294U, "read");
        NS_TEST_EXPECT_MSG_EQ(AsGraph::ParseAsn("00", asn), false, "AS 0");
        NS_TEST_EXPECT_MSG_EQ(AsGraph::ParseAsn("12345678901", asn), false, "11 digits");
        const std::string org = TempPath("badorg.txt") + ":";
        ExpectOrgs("1|20260101|A|ORG-A|x|RIPE\n", org + "1: a record before any '# format:'");
        ExpectOrgs("# format:aut|changed|aut_name|org_id|opaque_id|source\n"
                   "1|20260101|A|ORG-Z|x|RIPE\n",
                   org + "2: AS 1 names organisation 'ORG-Z'");
        ExpectOrgs("# format:org_id|changed|org_name|country|source\nORG-A|x|A\n",
                   org + "2: an organisation record has 5 fields");
        ExpectOrgs("", TempPath("badorg.txt") + ": no AS record");
        ExpectOrgs("# format:org_id|changed|org_name|country|source\nORG-A|1|A|FR|RIPE\n",
                   TempPath("badorg.txt") + ": no AS record");
    }
};

/// The generator's structure.
class GeneratorTestCase : public TestCase
{
  public:
    GeneratorTestCase()
        : TestCase("generator: 10,000 ASes with a tier-1 clique, no provider cycle, at least "
                   "80% stubs, a heavy tail (largest degree >= 100x the median), multi-AS "
                   "organisations; deterministic per seed; files round-trip")
    {
    }

  private:
    void DoRun() override
    {
        RngSeedManager::SetSeed(1);
        RngSeedManager::SetRun(1);
        auto gen = CreateObject<AsGraphGenerator>();
        gen->SetAttribute("Tier1", UintegerValue(12));
        gen->AssignStreams(5);
        const AsGraph g = gen->Generate(10000);
        NS_TEST_ASSERT_MSG_EQ(g.GetN(), 10000, "size");
        std::vector<uint32_t> tier1;
        uint32_t stubs = 0;
        std::vector<uint32_t> degrees;
        for (uint32_t i = 0; i < g.GetN(); ++i)
        {
            if (g.Tier(i) == AsTier::TIER1)
            {
                tier1.push_back(i);
            }
            stubs += g.Tier(i) == AsTier::STUB ? 1 : 0;
            degrees.push_back(g.Degree(i));
            NS_TEST_ASSERT_MSG_GT(g.Degree(i), 0, "every AS is linked");
        }
        NS_TEST_ASSERT_MSG_EQ(tier1.size(), 12, "12 ASes without a provider");
        for (uint32_t a : tier1)
        {
            for (uint32_t b : tier1)
            {
                if (a != b)
                {
                    const uint32_t e = g.FindSlot(a, b);
                    NS_TEST_ASSERT_MSG_NE(e, AsGraph::NONE, "tier-1s form a clique");
                    NS_TEST_ASSERT_MSG_EQ((g.Relation(e) == AsRelation::PEER), true, "as peers");
                }
            }
        }
        NS_TEST_ASSERT_MSG_GT(stubs, 8000, "most ASes are stubs");
        NS_TEST_ASSERT_MSG_LT(stubs, 9500, "but not all");
        std::sort(degrees.begin(), degrees.end());
        NS_TEST_ASSERT_MSG_GT_OR_EQ(degrees.back(),
                                    100 * degrees[degrees.size() / 2],
                                    "heavy-tailed degrees");
        NS_TEST_ASSERT_MSG_EQ(g.TopologicalOrder().size(), g.GetN(), "no provider cycle");
        NS_TEST_ASSERT_MSG_LT(g.GetOrganisationCount(), g.GetN(), "some organisations own two");
        NS_TEST_ASSERT_MSG_GT(g.GetPeerCount(), 1000, "peering beyond the clique");

        // Same seed, same graph; another run, another graph.
        auto again = CreateObject<AsGraphGenerator>();
        again->SetAttribute("Tier1", UintegerValue(12));
        again->AssignStreams(5);
        const AsGraph h = again->Generate(10000);
        const auto a = WriteTemp("gen-a.txt", "");
        const auto b = WriteTemp("gen-b.txt", "");
        std::string error;
        g.WriteRelationships(a, error);
        h.WriteRelationships(b, error);
        std::ifstream fa(a);
        std::ifstream fb(b);
        const std::string ta((std::istreambuf_iterator<char>(fa)), {});
        const std::string tb((std::istreambuf_iterator<char>(fb)), {});
        NS_TEST_ASSERT_MSG_EQ((ta == tb), true, "identical seeds give identical graphs");
        RngSeedManager::SetRun(2);
        auto other = CreateObject<AsGraphGenerator>();
        other->SetAttribute("Tier1", UintegerValue(12));
        other->AssignStreams(5);
        const AsGraph k = other->Generate(10000);
        RngSeedManager::SetRun(1);
        const auto c = WriteTemp("gen-c.txt", "");
        k.WriteRelationships(c, error);
        std::ifstream fc(c);
        const std::string tc((std::istreambuf_iterator<char>(fc)), {});
        NS_TEST_ASSERT_MSG_EQ((ta == tc), false, "another run, another graph");

        // Round trip through the CAIDA formats.
        const auto orgs = WriteTemp("gen-orgs.txt", "");
        NS_TEST_ASSERT_MSG_EQ(g.WriteOrganisations(orgs, error), true, error);
        AsGraph r;
        NS_TEST_ASSERT_MSG_EQ(r.LoadRelationships(a, error), true, error);
        NS_TEST_ASSERT_MSG_EQ(r.LoadOrganisations(orgs, error), true, error);
        NS_TEST_ASSERT_MSG_EQ(r.GetN(), g.GetN(), "same ASes");
        NS_TEST_ASSERT_MSG_EQ(r.GetLinkCount(), g.GetLinkCount(), "same links");
        NS_TEST_ASSERT_MSG_EQ(r.GetOrganisationCount(), g.GetOrganisationCount(), "same orgs");
        for (uint32_t i = 0; i < g.GetN(); i += 97)
        {
            const uint32_t j = r.IndexOf(g.GetAsn(i));
            NS_TEST_ASSERT_MSG_EQ(r.Degree(j), g.Degree(i), "same neighbours");
            NS_TEST_ASSERT_MSG_EQ(r.GetOrganisationId(r.GetOrganisation(j)),
                                  g.GetOrganisationId(g.GetOrganisation(i)),
                                  "same organisation");
            for (uint32_t e = g.Begin(i); e < g.End(i); ++e)
            {
                const uint32_t f = r.FindSlot(j, r.IndexOf(g.GetAsn(g.Neighbor(e))));
                NS_TEST_ASSERT_MSG_EQ((r.Relation(f) == g.Relation(e)), true, "same relation");
            }
        }
    }
};

/// Misinference changes the share of links it is asked to.
class MisinferTestCase : public TestCase
{
  public:
    MisinferTestCase()
        : TestCase("misinference: 20% of the links wrong, a quarter of them missing (within "
                   "4 binomial standard deviations), the rest retyped, still acyclic")
    {
    }

  private:
    void DoRun() override
    {
        auto gen = CreateObject<AsGraphGenerator>();
        gen->AssignStreams(9);
        const AsGraph g = gen->Generate(5000);
        auto u = CreateObject<UniformRandomVariable>();
        u->SetStream(10);
        const AsGraph m = g.Misinfer(0.2, 0.25, u);
        uint64_t missing = 0;
        uint64_t retyped = 0;
        for (uint32_t a = 0; a < g.GetN(); ++a)
        {
            for (uint32_t e = g.Begin(a); e < g.End(a); ++e)
            {
                const uint32_t b = g.Neighbor(e);
                if (b < a)
                {
                    continue;
                }
                const uint32_t f = m.FindSlot(a, b);
                if (f == AsGraph::NONE)
                {
                    ++missing;
                }
                else if (m.Relation(f) != g.Relation(e))
                {
                    ++retyped;
                }
            }
        }
        const double links = static_cast<double>(g.GetLinkCount());
        const double sd = std::sqrt(links * 0.2 * 0.8);
        NS_TEST_ASSERT_MSG_EQ_TOL(missing + retyped, 0.2 * links, 4 * sd, "20% wrong");
        NS_TEST_ASSERT_MSG_EQ_TOL(missing,
                                  0.05 * links,
                                  4 * std::sqrt(links * 0.05 * 0.95),
                                  "5% missing");
        NS_TEST_ASSERT_MSG_EQ(m.GetN(), g.GetN(), "same ASes");
        NS_TEST_ASSERT_MSG_EQ(m.TopologicalOrder().size(), m.GetN(), "acyclic");
        const AsGraph same = g.Misinfer(0, 0.25, u);
        NS_TEST_ASSERT_MSG_EQ(same.GetLinkCount(), g.GetLinkCount(), "nothing wrong at 0");
        NS_TEST_ASSERT_MSG_EQ(same.GetPeerCount(), g.GetPeerCount(), "nothing retyped at 0");
    }
};

/// The suite.
class AsGraphTestSuite : public TestSuite
{
  public:
    AsGraphTestSuite()
        : TestSuite("optical-pathpred-as-graph", SUITE_UNIT)
    {
        AddTestCase(new ReaderTestCase, TEST_QUICK);
        AddTestCase(new ReaderErrorTestCase, TEST_QUICK);
        AddTestCase(new GeneratorTestCase, TEST_QUICK);
        AddTestCase(new MisinferTestCase, TEST_QUICK);
    }
};

AsGraphTestSuite g_asGraphTestSuite; //!< Registers the suite

} // namespace
