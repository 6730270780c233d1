/*
 * Copyright (c) 2026 ns3-optical contributors
 *
 * SPDX-License-Identifier: GPL-2.0-only
 */

// The module's file loaders: OpticalDataFile's bounded readers, and every catalog read through
// them (models, GPU types, fabric components, OCS device classes, transceiver modes, SNR
// traces, OCS configurations). Each bad value is refused with the exact file:line, column and
// range; a UTF-8 byte-order mark and CRLF line endings are accepted everywhere.

#include "optical-test-compat.h"

#include "ns3/optical-module.h"
#include "ns3/test.h"

#include <array>
#include <cstdlib>
#include <filesystem>
#include <fstream>

using namespace ns3;
using namespace ns3::optical::compat;

// Everything of this file is internal to it (test classes of the same name elsewhere).
namespace
{

/// The UTF-8 byte-order mark.
const std::string BOM = "\xEF\xBB\xBF";

/**
 * Writes \p lines to \p file, each ended by \p eol, after \p prefix.
 * \param [in] file The path
 * \param [in] lines The lines
 * \param [in] eol Line ending ("\n" or "\r\n")
 * \param [in] prefix Written first (a byte-order mark, or nothing)
 */
void
Write(const std::string& file,
      const std::vector<std::string>& lines,
      const std::string& eol = "\n",
      const std::string& prefix = "")
{
    std::ofstream out(file, std::ios::binary);
    out << prefix;
    for (const auto& l : lines)
    {
        out << l << eol;
    }
}

/// Points NS3_OPTICAL_DATA_DIR at a directory for its lifetime, then restores it.
class DataDirectory
{
  public:
    /// \param [in] dir The directory
    explicit DataDirectory(const std::string& dir)
    {
        const char* old = std::getenv("NS3_OPTICAL_DATA_DIR");
        m_had = old != nullptr;
        m_old = old ? old : "";
        setenv("NS3_OPTICAL_DATA_DIR", dir.c_str(), 1);
    }

    ~DataDirectory()
    {
        if (m_had)
        {
            setenv("NS3_OPTICAL_DATA_DIR", m_old.c_str(), 1);
        }
        else
        {
            unsetenv("NS3_OPTICAL_DATA_DIR");
        }
    }

  private:
    bool m_had{false}; //!< Whether the variable was set
    std::string m_old; //!< Its value
};

} // namespace

/// OpticalDataFile's readers and CSV rules.
class DataFileReadersTestCase : public TestCase
{
  public:
    DataFileReadersTestCase()
        : TestCase("OpticalDataFile: bounded reals and whole numbers with exact messages; "
                   "byte-order mark, CRLF, CR, quotes, line numbers, size bound")
    {
    }

  private:
    void DoRun() override
    {
        std::string error;
        double x = 7;
        uint64_t n = 7;
        const OpticalBounds lat = OpticalBounds::Between(-90, 90);
        NS_TEST_EXPECT_MSG_EQ(OpticalDataFile::ReadReal(" -12.5 ", lat, "degrees", x, error),
                              true,
                              error);
        NS_TEST_EXPECT_MSG_EQ(x, -12.5, "value");
        NS_TEST_EXPECT_MSG_EQ(OpticalDataFile::ReadReal("95", lat, "degrees", x, error),
                              false,
                              "95");
        NS_TEST_EXPECT_MSG_EQ(error,
                              "'95' is out of range (allowed: -90 degrees to 90 degrees)",
                              "range");
        NS_TEST_EXPECT_MSG_EQ(x, -12.5, "unchanged on failure");
        NS_TEST_EXPECT_MSG_EQ(OpticalDataFile::ReadReal("nan", lat, "", x, error), false, "nan");
        NS_TEST_EXPECT_MSG_EQ(error, "'nan' is not a number (allowed: -90 to 90)", "nan");
        NS_TEST_EXPECT_MSG_EQ(OpticalDataFile::ReadReal("1e400", lat, "", x, error), false, "");
        NS_TEST_EXPECT_MSG_EQ(error,
                              "'1e400' is out of the range of a number (allowed: -90 to 90)",
                              "overflow");
        NS_TEST_EXPECT_MSG_EQ(
            OpticalDataFile::ReadReal("3", OpticalBounds::Above(3).AtMost(4), "", x, error),
            false,
            "open end");
        NS_TEST_EXPECT_MSG_EQ(error, "'3' is out of range (allowed: > 3 and <= 4)", "open end");

        NS_TEST_EXPECT_MSG_EQ(OpticalDataFile::ReadCount("1e3", 1, 1000, n, error), true, error);
        NS_TEST_EXPECT_MSG_EQ(n, 1000, "1e3 is 1000");
        const std::string allowed = " (allowed: a whole number 1 to 1000)";
        NS_TEST_EXPECT_MSG_EQ(OpticalDataFile::ReadCount("4.7", 1, 1000, n, error), false, "4.7");
        NS_TEST_EXPECT_MSG_EQ(error, "'4.7' is not a whole number" + allowed, "4.7");
        NS_TEST_EXPECT_MSG_EQ(OpticalDataFile::ReadCount("5e9", 1, 1000, n, error), false, "5e9");
        NS_TEST_EXPECT_MSG_EQ(error, "'5e9' is out of range" + allowed, "5e9");
        NS_TEST_EXPECT_MSG_EQ(OpticalDataFile::ReadCount("-1", 1, 1000, n, error), false, "-1");
        NS_TEST_EXPECT_MSG_EQ(error, "'-1' is negative" + allowed, "-1");
        NS_TEST_EXPECT_MSG_EQ(OpticalDataFile::ReadCount("0", 1, 1000, n, error), false, "0");
        NS_TEST_EXPECT_MSG_EQ(error, "'0' is out of range" + allowed, "0");
        NS_TEST_EXPECT_MSG_EQ(n, 1000, "unchanged on failure");

        // A table with a byte-order mark, CRLF endings, comments, quotes: rows keep their lines.
        const std::string file = CreateTempDirFilename("table.csv");
        Write(file,
              {"# comment", "name,count,text", "", "a,3,\"x, y\"", "b,1e2,\"say \"\"hi\"\"\""},
              "\r\n",
              BOM);
        std::vector<OpticalDataFile::Record> rows;
        NS_TEST_ASSERT_MSG_EQ(
            OpticalDataFile::ReadRecords(file, {"name", "count"}, {}, rows, error),
            true,
            error);
        NS_TEST_ASSERT_MSG_EQ(rows.size(), 2, "rows");
        NS_TEST_EXPECT_MSG_EQ(rows[0].line, 4, "line of the first row");
        NS_TEST_EXPECT_MSG_EQ(rows[1].line, 5, "line of the second row");
        NS_TEST_EXPECT_MSG_EQ(rows[0].Text("name"), "a", "no byte-order mark, no CR");
        NS_TEST_EXPECT_MSG_EQ(rows[0].Text("text"), "x, y", "a quoted comma");
        NS_TEST_EXPECT_MSG_EQ(rows[1].Text("text"), "say \"hi\"", "doubled quotes");
        uint32_t count = 0;
        NS_TEST_EXPECT_MSG_EQ(rows[1].Count("count", 1U, 100U, count, error), true, error);
        NS_TEST_EXPECT_MSG_EQ(count, 100, "1e2");
        NS_TEST_EXPECT_MSG_EQ(rows[0].Count("count", 4U, 9U, count, error), false, "3 < 4");
        NS_TEST_EXPECT_MSG_EQ(error,
                              file + ":4: column 'count': '3' is out of range (allowed: a whole "
                                     "number 4 to 9)",
                              "file:line and column");
        // Old Mac line endings (CR alone) count lines too.
        Write(file, {"name,count", "a,1", "b,2"}, "\r");
        NS_TEST_ASSERT_MSG_EQ(OpticalDataFile::ReadRecords(file, {"name"}, {}, rows, error),
                              true,
                              error);
        NS_TEST_EXPECT_MSG_EQ(rows.size(), 2, "CR rows");
        NS_TEST_EXPECT_MSG_EQ(rows[1].line, 3, "CR lines");

        Write(file, {"name,count", "\"a,1"});
        NS_TEST_EXPECT_MSG_EQ(OpticalDataFile::ReadRecords(file, {}, {}, rows, error), false, "");
        NS_TEST_EXPECT_MSG_EQ(error, file + ":2: a quote is not closed", "quote");
        Write(file, {"name,name"});
        NS_TEST_EXPECT_MSG_EQ(OpticalDataFile::ReadRecords(file, {}, {}, rows, error), false, "");
        NS_TEST_EXPECT_MSG_EQ(error, file + ":1: column 'name' appears twice in the header", "");
        NS_TEST_EXPECT_MSG_EQ(rows.size(), 2, "rows unchanged on failure");

        // At most MAX_ROWS rows.
        {
            std::ofstream out(file, std::ios::binary);
            out << "name\n";
            for (uint64_t i = 0; i <= OpticalDataFile::MAX_ROWS; ++i)
            {
                out << "a\n";
            }
        }
        NS_TEST_EXPECT_MSG_EQ(OpticalDataFile::ReadRecords(file, {}, {}, rows, error), false, "");
        NS_TEST_EXPECT_MSG_EQ(error,
                              file + ":250002: more than 250000 rows (OpticalDataFile::MAX_ROWS)",
                              "MAX_ROWS");

        // The size bound is checked before reading.
        Write(file, {"0123456789"});
        std::string text;
        NS_TEST_EXPECT_MSG_EQ(OpticalDataFile::ReadText(file, 11, text, error), true, error);
        NS_TEST_EXPECT_MSG_EQ(text, "0123456789\n", "content");
        NS_TEST_EXPECT_MSG_EQ(OpticalDataFile::ReadText(file, 10, text, error), false, "bound");
        NS_TEST_EXPECT_MSG_EQ(error, file + ": 11 bytes is too large (at most 10 bytes, 10B)", "");
        std::filesystem::resize_file(file, OpticalDataFile::MAX_FILE_BYTES + 1);
        NS_TEST_EXPECT_MSG_EQ(OpticalDataFile::ReadRecords(file, {}, {}, rows, error), false, "");
        NS_TEST_EXPECT_MSG_EQ(error,
                              file + ": 67108865 bytes is too large (at most 67108864 bytes, "
                                     "64MiB)",
                              "MAX_FILE_BYTES");
        NS_TEST_EXPECT_MSG_EQ(
            OpticalDataFile::ReadRecords(CreateTempDirFilename(""), {}, {}, rows, error),
            false,
            "a directory");
        NS_TEST_EXPECT_MSG_NE(error.find("not a regular file"), std::string::npos, error);
    }
};

/// models.csv and gpu-types.csv.
class ModelFileTestCase : public TestCase
{
  public:
    ModelFileTestCase()
        : TestCase("Models and GPU types: layers 4.7 and 5e9 refused with file:line and column; "
                   "byte-order mark and CRLF accepted")
    {
    }

  private:
    void DoRun() override
    {
        const std::string dir =
            std::filesystem::path(CreateTempDirFilename("models.csv")).parent_path().string();
        DataDirectory data(dir);
        const std::string models = dir + "/models.csv";
        const std::string header = "name,layers,hidden,heads,ffn_hidden,seq_len,vocab,experts,"
                                   "top_k,capacity_factor,moe_every,kv_heads,head_dim,mlp_matrices,"
                                   "param_bytes,source";
        Write(models,
              {"# models",
               header,
               "small,4,1024,16,4096,512,32000,0,0,0,0,16,64,2,2,x",
               "moe,4,1024,16,1024,512,32000,8,2,1.25,2,4,32,3,1,"},
              "\r\n",
              BOM);
        ModelSpec m;
        std::string error;
        NS_TEST_ASSERT_MSG_EQ(ModelSpec::Lookup("moe", m, error), true, error);
        NS_TEST_EXPECT_MSG_EQ(m.layers, 4, "layers");
        NS_TEST_EXPECT_MSG_EQ(m.experts, 8, "experts");
        NS_TEST_EXPECT_MSG_EQ(m.capacityFactor, 1.25, "capacity factor");
        NS_TEST_EXPECT_MSG_EQ(m.moeEvery, 2, "moe_every");
        NS_TEST_EXPECT_MSG_EQ(m.kvHeads, 4, "kv_heads");
        NS_TEST_EXPECT_MSG_EQ(m.headDim, 32, "head_dim");
        NS_TEST_EXPECT_MSG_EQ(m.mlpMatrices, 3, "mlp_matrices");
        NS_TEST_EXPECT_MSG_EQ(m.paramBytes, 1, "param_bytes");

        struct Bad
        {
            std::string row;
            std::string error;
        };

        const std::string whole = " (allowed: a whole number ";
        const Bad bad[] = {
            {"bad,4.7,1024,16,4096,512,32000,0,0,0,0,16,64,2,2,",
             "column 'layers': '4.7' is not a whole number" + whole + "1 to 1000) (model 'bad')"},
            {"bad,5e9,1024,16,4096,512,32000,0,0,0,0,16,64,2,2,",
             "column 'layers': '5e9' is out of range" + whole + "1 to 1000) (model 'bad')"},
            {"bad,4,1024,16,4096,1e30,32000,0,0,0,0,16,64,2,2,",
             "column 'seq_len': '1e30' is out of range" + whole + "1 to 16777216) (model 'bad')"},
            {"bad,4,1024,0,4096,512,32000,0,0,0,0,16,64,2,2,",
             "column 'heads': '0' is out of range" + whole + "1 to 4096) (model 'bad')"},
            {"bad,4,1024,16,4096,512,32000,8,9,1,1,16,64,2,2,",
             "model 'bad': a MoE model needs 1 <= top_k <= experts and moe_every >= 1 (top_k 9, "
             "experts 8, moe_every 1)"},
            {"bad,4,1024,16,4096,512,32000,8,2,100,1,16,64,2,2,",
             "column 'capacity_factor': '100' is out of range (allowed: 0 to 64) (model 'bad')"},
            {"small,4,1024,16,4096,512,32000,0,0,0,0,16,64,2,2,",
             "model 'small' is declared twice (first at line 3)"},
            {"bad,4,1024,16,4096,512,32000,0,0,0,0,0,64,2,2,",
             "column 'kv_heads': '0' is out of range" + whole + "1 to 16) (model 'bad')"},
            {"bad,4,1024,16,4096,512,32000,0,0,0,0,32,64,2,2,",
             "column 'kv_heads': '32' is out of range" + whole + "1 to 16) (model 'bad')"},
            {"bad,4,1024,16,4096,512,32000,0,0,0,0,3,64,2,2,",
             "model 'bad': kv_heads 3 must divide heads 16 (each key/value head serves heads / "
             "kv_heads query heads)"},
            {"bad,4,1024,16,4096,512,32000,0,0,0,0,16,0,2,2,",
             "column 'head_dim': '0' is out of range" + whole + "1 to 65536) (model 'bad')"},
            {"bad,4,1024,16,4096,512,32000,0,0,0,0,16,64,4,2,",
             "column 'mlp_matrices': '4' is out of range" + whole + "2 to 3) (model 'bad')"},
            {"bad,4,1024,16,4096,512,32000,0,0,0,0,16,64,2,9,",
             "column 'param_bytes': '9' is out of range" + whole + "1 to 8) (model 'bad')"},
            {"bad,4,1024,16,4096,512,32000,0,0,0,0,16,64,2,0.5,",
             "column 'param_bytes': '0.5' is not a whole number" + whole + "1 to 8) (model 'bad')"},
        };
        for (const auto& b : bad)
        {
            Write(
                models,
                {"# models", header, "small,4,1024,16,4096,512,32000,0,0,0,0,16,64,2,2,x", b.row});
            ModelSpec before = m;
            NS_TEST_EXPECT_MSG_EQ(ModelSpec::Lookup("bad", m, error), false, b.row);
            NS_TEST_EXPECT_MSG_EQ(error, models + ":4: " + b.error, b.row);
            NS_TEST_EXPECT_MSG_EQ(m.layers, before.layers, "unchanged");
        }
        // A file of the old format (without the inference columns) is refused, naming the first
        // missing column: there are no defaults.
        Write(models,
              {"name,layers,hidden,heads,ffn_hidden,seq_len,vocab,experts,top_k,capacity_factor,"
               "moe_every,source",
               "small,4,1024,16,4096,512,32000,0,0,0,0,x"});
        NS_TEST_EXPECT_MSG_EQ(ModelSpec::Lookup("small", m, error), false, "old format");
        NS_TEST_EXPECT_MSG_EQ(error,
                              models + ":1: missing column 'kv_heads' in the header",
                              "old format");

        const std::string gpus = dir + "/gpu-types.csv";
        Write(gpus,
              {"name,peak_tflops,mfu,memory_gb,scaleup_gbps,hbm_gbps,source",
               "g1,1000,0.5,80,3600,3350,x"},
              "\r\n",
              BOM);
        GpuSpec g;
        NS_TEST_ASSERT_MSG_EQ(GpuSpec::Lookup("g1", g, error), true, error);
        NS_TEST_EXPECT_MSG_EQ(g.peakFlops, 1e15, "peak");
        NS_TEST_EXPECT_MSG_EQ(g.scaleUpBps, 3.6e12, "scale-up");
        NS_TEST_EXPECT_MSG_EQ(g.hbmBytesPerSecond, 3.35e12, "HBM bandwidth (GB/s x 1e9)");
        Write(gpus,
              {"name,peak_tflops,mfu,memory_gb,scaleup_gbps,hbm_gbps,source",
               "g1,1000,1.5,80,0,1,x"});
        NS_TEST_EXPECT_MSG_EQ(GpuSpec::Lookup("g1", g, error), false, "mfu 1.5");
        NS_TEST_EXPECT_MSG_EQ(error,
                              gpus + ":2: column 'mfu': '1.5' is out of range (allowed: > 0 and "
                                     "<= 1) (GPU type 'g1')",
                              "mfu");
        Write(
            gpus,
            {"name,peak_tflops,mfu,memory_gb,scaleup_gbps,hbm_gbps,source", "g1,inf,0.5,80,0,1,x"});
        NS_TEST_EXPECT_MSG_EQ(GpuSpec::Lookup("g1", g, error), false, "inf");
        NS_TEST_EXPECT_MSG_EQ(error,
                              gpus + ":2: column 'peak_tflops': 'inf' is not a number (allowed: "
                                     "> 0 TFLOP/s and <= 100000 TFLOP/s) (GPU type 'g1')",
                              "inf");
        Write(gpus,
              {"name,peak_tflops,mfu,memory_gb,scaleup_gbps,hbm_gbps,source",
               "g1,1000,0.5,80,0,0,x"});
        NS_TEST_EXPECT_MSG_EQ(GpuSpec::Lookup("g1", g, error), false, "hbm 0");
        NS_TEST_EXPECT_MSG_EQ(error,
                              gpus + ":2: column 'hbm_gbps': '0' is out of range (allowed: > 0 "
                                     "GB/s and <= 1000000 GB/s) (GPU type 'g1')",
                              "hbm 0");
        Write(gpus, {"name,peak_tflops,mfu,memory_gb,scaleup_gbps,source", "g1,1000,0.5,80,0,x"});
        NS_TEST_EXPECT_MSG_EQ(GpuSpec::Lookup("g1", g, error), false, "old format");
        NS_TEST_EXPECT_MSG_EQ(error,
                              gpus + ":1: missing column 'hbm_gbps' in the header",
                              "old format");
    }
};

/// Fabric components, OCS device classes, OCS configurations.
class CatalogFilesTestCase : public TestCase
{
  public:
    CatalogFilesTestCase()
        : TestCase("Fabric and OCS catalogs, OCS configurations: bounds with file:line and "
                   "column; byte-order mark and CRLF accepted")
    {
    }

  private:
    void DoRun() override
    {
        std::string error;
        const std::string fabric = CreateTempDirFilename("fabric.csv");
        const std::string header = "kind,system,power_w,power_units,cost_usd,cost_units,source";
        Write(fabric, {header, "eps-port,h200,2524,64,37299,64,x"}, "\r\n", BOM);
        RailCatalog catalog;
        NS_TEST_ASSERT_MSG_EQ(catalog.Load(fabric, error), true, error);
        NS_TEST_ASSERT_MSG_EQ(catalog.GetComponents().size(), 1, "rows");
        NS_TEST_EXPECT_MSG_EQ(catalog.GetComponents()[0].powerW, 2524.0 / 64, "power per port");
        NS_TEST_EXPECT_MSG_EQ(catalog.GetComponents()[0].source, "x", "no CR in the last cell");
        const std::pair<std::string, std::string> fabricBad[] = {
            {"eps-port,h200,2524,2.5,37299,64,x",
             "column 'power_units': '2.5' is not a whole number (allowed: a whole number 1 to "
             "1000000)"},
            {"eps-port,h200,2524,64,1e12,64,x",
             "column 'cost_usd': '1e12' is out of range (allowed: 0 USD to 1000000000 USD)"},
            {"eps-port,h200,-1,64,1,64,x",
             "column 'power_w': '-1' is out of range (allowed: 0 W to 1000000 W)"},
        };
        for (const auto& [row, message] : fabricBad)
        {
            Write(fabric, {header, "transceiver,h200,10,1,879,1,x", row});
            NS_TEST_EXPECT_MSG_EQ(catalog.Load(fabric, error), false, row);
            NS_TEST_EXPECT_MSG_EQ(error,
                                  fabric + ":3: " + message +
                                      " (component 'eps-port' of system 'h200')",
                                  row);
            NS_TEST_EXPECT_MSG_EQ(catalog.GetComponents().size(), 1, "unchanged");
        }
        Write(fabric, {header, "transceiver,h200,10,1,879,1,x", "transceiver,h200,10,1,879,1,y"});
        NS_TEST_EXPECT_MSG_EQ(catalog.Load(fabric, error), false, "twice");
        NS_TEST_EXPECT_MSG_EQ(error,
                              fabric +
                                  ":3: component 'transceiver' of system 'h200' is listed twice",
                              "twice");

        const std::string ocs = CreateTempDirFilename("ocs.csv");
        const std::string ocsHeader =
            "name,reconfiguration_delay_s,control_plane_delay_s,insertion_loss_db,example,source";
        Write(ocs, {ocsHeader, "mems,0.2,0,1.5,x,y", "fast,1e-6,0,,x,y"}, "\r\n", BOM);
        std::vector<OcsDeviceClass> classes;
        NS_TEST_ASSERT_MSG_EQ(OcsDeviceClass::LoadAll(ocs, classes, error), true, error);
        NS_TEST_ASSERT_MSG_EQ(classes.size(), 2, "classes");
        NS_TEST_EXPECT_MSG_EQ(classes[0].name, "mems", "no byte-order mark in the first cell");
        NS_TEST_EXPECT_MSG_EQ(classes[0].reconfigurationDelay, MilliSeconds(200), "delay");
        NS_TEST_EXPECT_MSG_EQ(classes[1].hasInsertionLoss, false, "empty loss");
        const std::pair<std::string, std::string> ocsBad[] = {
            {"slow,1e9,0,1,x,y",
             "column 'reconfiguration_delay_s': '1e9' is out of range (allowed: 0 s to 3600 s)"},
            {"slow,1,0,41,x,y",
             "column 'insertion_loss_db': '41' is out of range (allowed: 0 dB to 40 dB)"},
            {"slow,1,x,1,x,y",
             "column 'control_plane_delay_s': 'x' is not a number (allowed: 0 s to 3600 s)"},
        };
        for (const auto& [row, message] : ocsBad)
        {
            Write(ocs, {ocsHeader, "mems,0.2,0,1.5,x,y", row});
            NS_TEST_EXPECT_MSG_EQ(OcsDeviceClass::LoadAll(ocs, classes, error), false, row);
            NS_TEST_EXPECT_MSG_EQ(error, ocs + ":3: " + message + " (class 'slow')", row);
            NS_TEST_EXPECT_MSG_EQ(classes.size(), 2, "unchanged");
        }

        OcsConfiguration config;
        NS_TEST_EXPECT_MSG_EQ(OcsConfiguration::Parse("0-65535", config, error), true, error);
        NS_TEST_EXPECT_MSG_EQ(OcsConfiguration::Parse("0-65536", config, error), false, "port");
        NS_TEST_EXPECT_MSG_NE(error.find("port numbers 0 to 65535"), std::string::npos, error);
        NS_TEST_EXPECT_MSG_EQ(OcsConfiguration::Parse("0-1@50", config, error), false, "loss");
        NS_TEST_EXPECT_MSG_EQ(error,
                              "bad insertion loss in circuit '0-1@50': '50' is out of range "
                              "(allowed: 0 dB to 40 dB)",
                              "loss");
        NS_TEST_EXPECT_MSG_EQ(config.ToString(), "0-65535", "unchanged");
    }
};

/// Transceiver modes and SNR traces.
class WanFilesTestCase : public TestCase
{
  public:
    WanFilesTestCase()
        : TestCase("Transceiver modes and SNR traces: bounds with file:line and column; "
                   "byte-order mark and CRLF accepted")
    {
    }

  private:
    void DoRun() override
    {
        std::string error;
        const std::string modes = CreateTempDirFilename("modes.csv");
        const std::string header = "table,rate_gbps,format,baud_gbd,osnr_db,snr_db,spacing_ghz";
        Write(modes, {header, "t,200,QPSK,64,17,10,75", "t,100,,32,12,8,50"}, "\r\n", BOM);
        TransceiverModes m;
        NS_TEST_ASSERT_MSG_EQ(m.Load("t", modes, error), true, error);
        NS_TEST_ASSERT_MSG_EQ(m.GetModes().size(), 2, "modes");
        NS_TEST_EXPECT_MSG_EQ(m.GetModes()[0].rateGbps, 100, "sorted by rate");
        NS_TEST_EXPECT_MSG_EQ(m.GetModes()[1].spacingGhz, 75, "spacing");
        const std::pair<std::string, std::string> bad[] = {
            {"u,0,,32,12,8,50",
             "column 'rate_gbps': '0' is out of range (allowed: > 0 Gb/s and <= 10000 Gb/s) "
             "(table u)"},
            {"u,100,,32,12,8,1e9",
             "column 'spacing_ghz': '1e9' is out of range (allowed: > 0 GHz and <= 10000 GHz) "
             "(table u)"},
            {"u,100,,32,99,8,50",
             "column 'osnr_db': '99' is out of range (allowed: -10 dB to 60 dB) (table u)"},
        };
        for (const auto& [row, message] : bad)
        {
            Write(modes, {header, "t,100,,32,12,8,50", row});
            NS_TEST_EXPECT_MSG_EQ(m.Load("t", modes, error), false, row);
            NS_TEST_EXPECT_MSG_EQ(error, modes + ":3: " + message, row);
            NS_TEST_EXPECT_MSG_EQ(m.GetModes().size(), 2, "unchanged");
        }

        const std::string trace = CreateTempDirFilename("trace.csv");
        Write(trace,
              {"time_s,snr_db", "# a comment", "0,15.5", "900,", "1800,dark", "2700,14"},
              "\r\n",
              BOM);
        std::vector<SnrTimeSeries::Sample> samples;
        NS_TEST_ASSERT_MSG_EQ(SnrTimeSeries::LoadCsv(trace, samples, error), true, error);
        NS_TEST_ASSERT_MSG_EQ(samples.size(), 4, "samples");
        NS_TEST_EXPECT_MSG_EQ(samples[0].snrDb, 15.5, "first");
        NS_TEST_EXPECT_MSG_EQ(samples[1].dark, true, "empty is dark");
        NS_TEST_EXPECT_MSG_EQ(samples[2].dark, true, "dark");
        NS_TEST_EXPECT_MSG_EQ(samples[3].time, Seconds(2700), "time");
        const std::pair<std::string, std::string> badTrace[] = {
            {"-1,10", "time '-1' is out of range (allowed: 0 s to 3155760000 s) (column 'time_s')"},
            {"1e300,10",
             "time '1e300' is out of range (allowed: 0 s to 3155760000 s) (column 'time_s')"},
            {"0,10", "time 0 does not follow 0 (column 'time_s'; times in s must increase)"},
            {"5,1e9",
             "SNR '1e9' is out of range (allowed: -50 dB to 100 dB) (column 'snr_db'; or "
             "empty, nan, dark for loss of light)"},
            {"5,10,3", "'5,10,3' is not 'time_s,snr_db' (two cells)"},
        };
        for (const auto& [row, message] : badTrace)
        {
            Write(trace, {"time_s,snr_db", "0,12", row});
            NS_TEST_EXPECT_MSG_EQ(SnrTimeSeries::LoadCsv(trace, samples, error), false, row);
            NS_TEST_EXPECT_MSG_EQ(error, trace + ":3: " + message, row);
            NS_TEST_EXPECT_MSG_EQ(samples.size(), 4, "unchanged");
        }
    }
};

/// JSON nesting is bounded before a recursive parser sees the text.
class JsonNestingTestCase : public TestCase
{
  public:
    JsonNestingTestCase()
        : TestCase("JSON nesting: counted outside strings, refused past the cap with file:line; "
                   "a 100,000-deep TE topology is refused, not a stack overflow")
    {
    }

  private:
    void DoRun() override
    {
        std::string error;
        NS_TEST_EXPECT_MSG_EQ(OpticalDataFile::CheckJsonNesting("f", "[[[1]]]", 3, error),
                              true,
                              error);
        NS_TEST_EXPECT_MSG_EQ(OpticalDataFile::CheckJsonNesting("f", "[[[[1]]]]", 3, error),
                              false,
                              "4 > 3");
        NS_TEST_EXPECT_MSG_EQ(error, "f:1: nested deeper than 3 levels of arrays and objects", "");
        // Brackets in strings, escaped quotes included, do not count; lines are counted.
        NS_TEST_EXPECT_MSG_EQ(
            OpticalDataFile::CheckJsonNesting("f", "{\"a\": \"[[[[\\\"[[\"}", 1, error),
            true,
            error);
        NS_TEST_EXPECT_MSG_EQ(OpticalDataFile::CheckJsonNesting("f", "{\n\"a\": [\n{", 2, error),
                              false,
                              "3 > 2");
        NS_TEST_EXPECT_MSG_EQ(error, "f:3: nested deeper than 2 levels of arrays and objects", "");

        // Quoted text: shortened, and bytes that are not printable ASCII escaped.
        NS_TEST_EXPECT_MSG_EQ(OpticalDataFile::Shorten("ab\x01\xff", 60), "ab\\x01\\xff", "");
        NS_TEST_EXPECT_MSG_EQ(OpticalDataFile::Shorten(std::string(100, 'x'), 3),
                              "xxx... (100 characters)",
                              "");

        const std::string deep = CreateTempDirFilename("deep.json");
        {
            std::ofstream f(deep);
            f << "{\"nodes\": " << std::string(100000, '[') << std::string(100000, ']') << "}";
        }
        TeTopology topo;
        NS_TEST_EXPECT_MSG_EQ(TeTopology::Load(deep, topo, error), false, "refused");
        NS_TEST_EXPECT_MSG_EQ(error,
                              deep + ":1: nested deeper than " +
                                  std::to_string(TeTopology::MAX_JSON_DEPTH) +
                                  " levels of arrays and objects",
                              "");
    }
};

/// The file loaders' test suite.
class DataFileTestSuite : public TestSuite
{
  public:
    DataFileTestSuite()
        : TestSuite("optical-data-files", SUITE_UNIT)
    {
        AddTestCase(new DataFileReadersTestCase, TEST_QUICK);
        AddTestCase(new ModelFileTestCase, TEST_QUICK);
        AddTestCase(new CatalogFilesTestCase, TEST_QUICK);
        AddTestCase(new WanFilesTestCase, TEST_QUICK);
        AddTestCase(new JsonNestingTestCase, TEST_QUICK);
    }
};

/// Static instance
static DataFileTestSuite g_dataFileTestSuite;
