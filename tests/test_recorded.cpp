// The analyses against what a GPU recorded: Nsight Compute's bank-conflict counters (H100), and the
// recorded benchmark file that machines without a GPU show.
#include <gtest/gtest.h>

#include <fstream>
#include <nlohmann/json.hpp>
#include <set>

#include "analysis/bank_conflicts.h"
#include "analysis/lab_summary.h"
#include "bench/bench_report.h"
#include "bench/bench_stats.h"
#include "emu/run_variant.h"
#include "registry.h"

namespace stridescope {
namespace {

const std::string kRecorded = std::string(STRIDESCOPE_SOURCE_DIR) + "/assets/recorded/";

TEST(Recorded, BankConflictAnalysisEqualsNsightComputeCounters) {
  std::ifstream in(kRecorded + "ncu-bank-conflicts-2026-11-23-h100.json");
  ASSERT_TRUE(in) << "recorded counters missing";
  nlohmann::json recorded = nlohmann::json::parse(in);
  ASSERT_EQ(recorded["metrics"][0], "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum");
  int rows = 0;
  for (const auto& row : recorded["rows"]) {
    RunRequest r;
    r.variant = row["variant"];
    r.block = row["block"];
    r.n = r.block;  // one block, as launched under ncu
    r.element_type = *parse_enum<ElementType>(row["element_type"].get<std::string>());
    r.input = InputPattern::Iota;
    Trace trace = run_on_emulator(r);
    unsigned ld = 0, st = 0;
    for (const Step& step : trace.blocks[0].steps) {
      StepConflicts c = bank_conflicts(step, r.block);
      ld += c.load_conflicts;
      st += c.store_conflicts;
    }
    EXPECT_EQ(ld, row["ncu_ld"].get<unsigned>())
        << r.variant << " " << r.block << " " << r.element_type;
    EXPECT_EQ(st, row["ncu_st"].get<unsigned>())
        << r.variant << " " << r.block << " " << r.element_type;
    ++rows;
  }
  EXPECT_EQ(rows, 27);
}

// The hazard lab's comparison with compute-sanitizer on an H100 (docs/hazard-lab.md): the
// analyses still find what they found then, and the tools differ only where the doc explains why.
TEST(Recorded, HazardLabStillAgreesWithTheSanitizerComparison) {
  std::ifstream in(kRecorded + "sanitizer-2026-11-23-h100.json");
  ASSERT_TRUE(in) << "recorded sanitizer comparison missing";
  nlohmann::json recorded = nlohmann::json::parse(in);
  EXPECT_NE(recorded["device"].get<std::string>().find("H100"), std::string::npos);
  int rows = 0, differences = 0;
  std::set<std::string> compared;
  for (const auto& row : recorded["rows"]) {
    compared.insert(row["variant"].get<std::string>());
    RunRequest r;
    r.variant = row["variant"];
    r.block = row["block"];
    r.n = row["n"];
    r.input = InputPattern::Iota;
    Trace trace = run_on_emulator(r);
    const VariantInfo* v = find_variant(r.variant);
    ASSERT_NE(v, nullptr) << r.variant;
    LabSummary s = lab_summary(trace, v->behaviour.result_in_word0);
    const auto& ours = row["stridescope"];
    EXPECT_EQ(s.hazards, ours["hazards"].get<std::size_t>()) << r.variant;
    EXPECT_EQ(s.divergent_barriers, ours["divergent_barriers"].get<std::size_t>()) << r.variant;
    EXPECT_EQ(s.uninitialized.size(), ours["uninitialized_reads"].get<std::size_t>()) << r.variant;
    EXPECT_EQ(s.contributions.lost.size(), ours["lost"].get<std::size_t>()) << r.variant;
    for (const auto& [check, same] : row["checks"].items()) differences += same ? 0 : 1;
    if (!trace.divergence && row["gpu_result"].is_number() && !v->behaviour.timing_dependent) {
      EXPECT_EQ(trace.result, row["gpu_result"].get<double>())
          << r.variant;  // deterministic bugs too
    }
    ++rows;
  }
  for (const VariantInfo& v : variant_catalog()) {  // every variant of the catalog was compared
    EXPECT_EQ(compared.count(std::string(v.id)), 1u) << v.id;
  }
  EXPECT_EQ(rows, static_cast<int>(variant_catalog().size()));
  EXPECT_EQ(differences, 4);  // the four explained in docs/hazard-lab.md
}

TEST(Recorded, BenchmarkIsLabelledAndComplete) {
  BenchReport report = load_bench(kRecorded + "bench-2026-11-23-h100.json");
  EXPECT_TRUE(report.recorded);
  EXPECT_NE(report.device.find("H100"), std::string::npos);
  EXPECT_FALSE(report.date.empty());
  EXPECT_FALSE(report.toolkit.empty());
  EXPECT_EQ(report.l2_cache_bytes, 50ull << 20);
  // A version-2 file: every entry carries the spread of its trials, taken as app/cuda/bench.cu
  // does (bench_stats.h): at least 20 trials (--repeats 20), at most 100, L launches per trial by
  // n, and `unstable` exactly where (q3 - q1) / median stayed above 3%.
  EXPECT_EQ(report.version, 2);
  const TrialPlan plan;
  int unstable = 0;
  for (const BenchEntry& e : report.entries) {
    SCOPED_TRACE(e.kernel + " " + std::string(name_of(e.element_type)) + " " + std::to_string(e.n));
    ASSERT_TRUE(e.spread);
    const BenchSpread& s = *e.spread;
    EXPECT_LE(s.min_us, s.q1_us);
    EXPECT_LE(s.q1_us, e.median_us);
    EXPECT_LE(e.median_us, s.q3_us);
    EXPECT_LE(s.q3_us, s.max_us);
    EXPECT_GE(s.trials, 20);
    EXPECT_LE(s.trials, plan.max_trials);
    EXPECT_EQ(s.launches_per_trial, launches_per_trial(e.n));
    EXPECT_EQ(s.unstable, s.relative_iqr(e.median_us) > plan.max_relative_iqr);
    unstable += s.unstable ? 1 : 0;
  }
  EXPECT_EQ(report.entries.size(), 760u);  // 20 kernels x 19 sizes x 2 types
  EXPECT_EQ(unstable, 409);                // docs/gpu-results.md says which and why
  for (const char* kernel :
       {"interleaved-divergent", "interleaved-strided", "sequential", "cub", "copy"}) {
    for (unsigned log2 = 10; log2 <= 28; ++log2) {
      EXPECT_NE(find_entry(report, kernel, ElementType::Float, std::uint64_t{1} << log2), nullptr)
          << kernel << " " << log2;
    }
  }
  // The recorded figures keep their order: sequential beats the divergent variant at 2^26 floats.
  const BenchEntry* seq = find_entry(report, "sequential", ElementType::Float, 1u << 26);
  const BenchEntry* div = find_entry(report, "interleaved-divergent", ElementType::Float, 1u << 26);
  ASSERT_TRUE(seq && div);
  EXPECT_GT(seq->gbps, div->gbps);
  // The finishing rung reads at about 3 TB/s at 2^28 floats on the H100 (3081 in this run; run
  // to run the figure moves by about 1%).
  const BenchEntry* tuned = find_entry(report, "tuned", ElementType::Float, 1u << 28);
  ASSERT_TRUE(tuned);
  EXPECT_GE(tuned->gbps, 2900.0);
  // The tuned variant's median is at most CUB's at every n, float and int (docs/gpu-results.md).
  for (ElementType type : {ElementType::Float, ElementType::Int}) {
    for (unsigned log2 = 10; log2 <= 28; ++log2) {
      const BenchEntry* t = find_entry(report, "tuned", type, std::uint64_t{1} << log2);
      const BenchEntry* cub = find_entry(report, "cub", type, std::uint64_t{1} << log2);
      ASSERT_TRUE(t && cub) << log2;
      EXPECT_LE(t->median_us, cub->median_us) << name_of(type) << " 2^" << log2;
    }
  }
  EXPECT_THROW(load_bench(kRecorded + "missing.json"), std::runtime_error);
}

TEST(Recorded, MalformedBenchmarkFileIsAnError) {
  std::string path = std::string(STRIDESCOPE_TEST_TMP) + "/bad-bench.json";
  std::ofstream(path) << R"({"format": "stridescope-bench", "device": "x"})";
  EXPECT_THROW(load_bench(path), std::runtime_error);
}

}  // namespace
}  // namespace stridescope

namespace stridescope {
namespace {

TEST(BenchRows, PercentOfCopyAndSpeedupComeFromTheEntries) {
  BenchReport r;
  r.entries = {{"slow", ElementType::Float, 1024, 10.0, 100.0},
               {"fast", ElementType::Float, 1024, 2.5, 400.0},
               {"cub", ElementType::Float, 1024, 5.0, 200.0},
               {"copy", ElementType::Float, 1024, 4.0, 500.0},
               {"slow", ElementType::Float, 2048, 20.0, 100.0}};
  std::vector<BenchRow> rows = bench_rows(r, ElementType::Float, 1024);
  ASSERT_EQ(rows.size(), 4u);
  EXPECT_EQ(rows[0].entry->kernel, "slow");
  EXPECT_DOUBLE_EQ(rows[0].speedup, 1.0);
  EXPECT_DOUBLE_EQ(rows[1].speedup, 4.0);
  EXPECT_DOUBLE_EQ(rows[1].percent_of_copy, 80.0);
  EXPECT_DOUBLE_EQ(rows[2].speedup, 2.0);
  EXPECT_EQ(rows[3].entry->kernel, "copy");
  EXPECT_EQ(rows[3].speedup, 0.0);
  EXPECT_EQ(bench_sizes(r, ElementType::Float), (std::vector<std::uint64_t>{1024, 2048}));
  EXPECT_EQ(bench_rows(r, ElementType::Float, 2048).size(), 1u);  // no copy there: no percentage
  EXPECT_EQ(bench_rows(r, ElementType::Float, 2048)[0].percent_of_copy, 0.0);
  EXPECT_TRUE(bench_rows(r, ElementType::Int, 1024).empty());
}

}  // namespace
}  // namespace stridescope
