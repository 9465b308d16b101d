// The analyses against what a GPU recorded: Nsight Compute's bank-conflict counters and
// compute-sanitizer's verdicts (H100), and the recorded benchmark file that machines without a GPU
// show. Each covers what was recorded: a catalog variant without a row is listed or skipped as not
// recorded; a row of a variant the catalog no longer has is a failure.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <iostream>
#include <iterator>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <stdexcept>
#include <utility>

#include "analysis/bank_conflicts.h"
#include "analysis/lab_summary.h"
#include "catalog/bench/bench_report.h"
#include "catalog/bench/bench_stats.h"
#include "catalog/emu/run_variant.h"
#include "registry.h"

namespace stridescope {
namespace {

const std::string kRecorded = std::string(STRIDESCOPE_SOURCE_DIR) + "/assets/recorded/";
const std::string kSanitizerFile = "sanitizer-2026-11-23-h100.json";
const std::string kNcuFile = "ncu-bank-conflicts-2026-11-23-h100.json";

nlohmann::json read_recorded(const std::string& file) {
  std::ifstream in(kRecorded + file);
  if (!in) throw std::runtime_error("recorded file missing: " + file);
  return nlohmann::json::parse(in);
}

// A recorded row must name a variant of the catalog: a row of a removed or renamed variant
// describes code that no longer exists (record it again, or drop it).
void expect_in_catalog(const std::string& variant, const std::string& file) {
  EXPECT_NE(find_variant(variant), nullptr)
      << file << ": a recorded row for '" << variant << "', which the catalog no longer has";
}

// The catalog's variants (of those `counts` says a file should hold) that it holds no row of:
// listed in the test's output (and its XML report), not a failure; only a GPU can record them.
template <typename Counts>
void list_not_recorded(const std::string& file, const std::set<std::string>& recorded,
                       Counts counts) {
  std::string missing;
  for (const VariantInfo& v : variant_catalog()) {
    if (counts(v) && recorded.count(std::string(v.id)) == 0)
      missing += (missing.empty() ? "" : ", ") + std::string(v.id);
  }
  if (missing.empty()) return;
  std::cout << "[ NOT RECORDED ] " << file << ": " << missing << "\n";
  testing::Test::RecordProperty("not_recorded", missing);
}

// The bank-conflict analysis against Nsight Compute's counters for the rows recorded (a few
// variants, one block each, as launched under ncu); variants without rows are listed.
TEST(Recorded, BankConflictAnalysisEqualsNsightComputeCounters) {
  nlohmann::json recorded = read_recorded(kNcuFile);
  ASSERT_EQ(recorded["metrics"][0], "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum");
  std::set<std::string> variants;
  for (const auto& row : recorded["rows"]) {
    RunRequest r;
    r.variant = row["variant"];
    expect_in_catalog(r.variant, kNcuFile);
    if (find_variant(r.variant) == nullptr) continue;
    variants.insert(r.variant);
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
  }
  EXPECT_FALSE(variants.empty()) << kNcuFile << " has no row of a catalog variant";
  list_not_recorded(kNcuFile, variants, [](const VariantInfo&) { return true; });
}

TEST(Recorded, EverySanitizerRowIsACatalogVariant) {
  nlohmann::json recorded = read_recorded(kSanitizerFile);
  EXPECT_NE(recorded["device"].get<std::string>().find("H100"), std::string::npos);
  for (const auto& row : recorded["rows"]) expect_in_catalog(row["variant"], kSanitizerFile);
}

// docs/hazard-lab.md explains each place where compute-sanitizer and the hazard lab differ by
// design, one "\* VARIANT, CHECK: why" paragraph each (scripts/sanitizer_compare.py writes them).
bool difference_explained(std::string_view variant, std::string_view check) {
  static const std::string doc = [] {
    std::ifstream in(std::string(STRIDESCOPE_SOURCE_DIR) + "/docs/hazard-lab.md");
    return std::string(std::istreambuf_iterator<char>(in), {});
  }();
  std::string key = "\\* " + std::string(variant) + ", " + std::string(check) + ":";
  return doc.find(key) != std::string::npos;
}

using LinePairs = std::set<std::pair<int, int>>;

LinePairs unordered(LinePairs pairs) {
  LinePairs out;
  for (auto [a, b] : pairs) out.insert(std::minmax(a, b));
  return out;
}

// The lab's verdicts now beside compute-sanitizer's recorded ones, as scripts/sanitizer_compare.py
// compares them: whether each finds races, whether every line pair racecheck names is one the lab
// names, whether each finds a divergent barrier, an uninitialized read. Counts are not compared:
// racecheck's varies from run to run.
std::map<std::string, bool> agreement(const LabSummary& s, const nlohmann::json& row) {
  LinePairs ours, theirs;
  for (const HazardLines& h : s.hazard_lines) ours.insert({h.first_line, h.second_line});
  for (const auto& pair : row["racecheck"]["line_pairs"])
    theirs.insert({pair[0].get<int>(), pair[1].get<int>()});
  ours = unordered(ours);
  theirs = unordered(theirs);
  auto found = [&](const char* errors) {
    return row[errors].is_number() ? std::optional(row[errors].get<int>() > 0) : std::nullopt;
  };
  return {{"race", (row["racecheck"]["hazards"].get<int>() > 0) == (s.hazards > 0)},
          {"race-lines", std::includes(ours.begin(), ours.end(), theirs.begin(), theirs.end())},
          {"sync", found("synccheck_errors") == (s.divergent_barriers > 0)},
          {"init", found("initcheck_errors") == !s.uninitialized.empty()}};
}

class SanitizerComparison : public testing::TestWithParam<std::string> {};

// Each catalog variant's hazard lab, run now on the emulator, against what compute-sanitizer
// (racecheck, synccheck, initcheck) reported for the same launch on an H100: every verdict
// agrees, or differs where docs/hazard-lab.md explains why (and an explained difference is still
// one). A variant the GPU never ran is skipped: not recorded.
TEST_P(SanitizerComparison, LabAgreesWithTheGpusToolsOrTheDocSaysWhy) {
  const std::string& id = GetParam();
  nlohmann::json recorded = read_recorded(kSanitizerFile);
  const auto rows = recorded["rows"];
  auto row = std::find_if(rows.begin(), rows.end(),
                          [&](const nlohmann::json& r) { return r["variant"] == id; });
  if (row == rows.end()) {
    GTEST_SKIP() << "not recorded: " << kSanitizerFile << " has no row for " << id
                 << " (scripts/sanitizer_compare.py on a GPU records one)";
  }
  const VariantInfo& v = *find_variant(id);
  RunRequest r;
  r.variant = id;
  r.block = (*row)["block"];
  r.n = (*row)["n"];
  r.element_type = ElementType::Int;
  r.input = InputPattern::Iota;
  Trace trace = run_on_emulator(r);
  LabSummary s = lab_summary(trace, v.behaviour.result_in_word0);
  for (const auto& [check, same] : agreement(s, *row)) {
    EXPECT_EQ(same, !difference_explained(id, check))
        << id << ", " << check << ": "
        << (same ? "the tools agree, but docs/hazard-lab.md explains a difference"
                 : "the tools differ, and docs/hazard-lab.md does not say why")
        << "; the lab says " << lab_summary_line(s);
  }
  if (!trace.divergence && (*row)["gpu_result"].is_number() && !v.behaviour.timing_dependent) {
    EXPECT_EQ(trace.result, (*row)["gpu_result"].get<double>()) << id;  // deterministic bugs too
  }
}

std::vector<std::string> catalog_ids() {
  std::vector<std::string> ids;
  for (const VariantInfo& v : variant_catalog()) ids.emplace_back(v.id);
  return ids;
}

INSTANTIATE_TEST_SUITE_P(Recorded, SanitizerComparison, testing::ValuesIn(catalog_ids()),
                         [](const testing::TestParamInfo<std::string>& info) {
                           std::string name = info.param;
                           std::replace(name.begin(), name.end(), '-', '_');
                           return name;
                         });

TEST(Recorded, BenchmarkIsLabelledAndComplete) {
  BenchReport report = load_bench(kRecorded + "bench-2026-11-23-h100.json");
  EXPECT_TRUE(report.recorded);
  EXPECT_NE(report.device.find("H100"), std::string::npos);
  EXPECT_FALSE(report.date.empty());
  EXPECT_FALSE(report.toolkit.empty());
  EXPECT_EQ(report.l2_cache_bytes, 50ull << 20);
  // A version-2 file: every entry carries the spread of its trials, taken as
  // app/catalog/cuda/bench.cu does (bench_stats.h): at least 20 trials (--repeats 20), at most 100,
  // L launches per trial by n, and `unstable` exactly where (q3 - q1) / median stayed above 3%.
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

// Every timed kernel of the recorded benchmark is a catalog variant (or CUB, or the copy); the
// variants the benchmark times (all but the bug playground) that it lacks are listed.
TEST(Recorded, BenchmarkRowsAreCatalogVariants) {
  const std::string file = "bench-2026-11-23-h100.json";
  BenchReport report = load_bench(kRecorded + file);
  std::set<std::string> variants;
  for (const std::string& kernel : bench_kernels(report)) {
    if (kernel == "cub" || kernel == "copy") continue;
    expect_in_catalog(kernel, file);
    variants.insert(kernel);
  }
  EXPECT_FALSE(variants.empty());
  list_not_recorded(file, variants, [](const VariantInfo& v) { return !v.broken_on_purpose(); });
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
