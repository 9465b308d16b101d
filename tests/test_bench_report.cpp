// The benchmark's CPU side: spread statistics and the adaptive trials on synthetic timings, the
// report's version 1 and 2 files, the ladder order (from the catalog entries), and the Timing tab's
// notes.
#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <set>
#include <sstream>

#include "catalog/bench/bench_notes.h"
#include "catalog/bench/bench_report.h"
#include "catalog/bench/bench_stats.h"
#include "registry.h"

namespace stridescope {
namespace {

TEST(BenchStats, QuartilesInterpolateBetweenOrderStatistics) {
  Quartiles q = quartiles({4, 1, 3, 2});
  EXPECT_DOUBLE_EQ(q.min, 1);
  EXPECT_DOUBLE_EQ(q.q1, 1.75);
  EXPECT_DOUBLE_EQ(q.median, 2.5);
  EXPECT_DOUBLE_EQ(q.q3, 3.25);
  EXPECT_DOUBLE_EQ(q.max, 4);
  EXPECT_DOUBLE_EQ(q.relative_iqr(), 1.5 / 2.5);
  Quartiles one = quartiles({7});
  EXPECT_DOUBLE_EQ(one.q1, 7);
  EXPECT_DOUBLE_EQ(one.q3, 7);
  EXPECT_DOUBLE_EQ(quartiles({10, 20, 30, 40, 50}).q1, 20);
  EXPECT_DOUBLE_EQ(median({3, 1, 2}), 2);
  EXPECT_THROW(sorted_quantile({}, 0.5), std::invalid_argument);
}

TEST(BenchStats, VerdictWaitsForTheMinimumThenJudgesTheSpread) {
  TrialPlan plan{.min_trials = 5, .max_trials = 8, .max_relative_iqr = 0.03, .point_budget_s = 10};
  std::vector<double> steady = {100, 101, 99, 100, 100.5};
  EXPECT_EQ(trial_verdict({100, 100, 100, 100}, plan, 0), TrialVerdict::NeedMore);
  EXPECT_EQ(trial_verdict(steady, plan, 0), TrialVerdict::Stable);
  std::vector<double> wide = {100, 150, 100, 150, 100};
  EXPECT_EQ(trial_verdict(wide, plan, 0), TrialVerdict::NeedMore);
  EXPECT_EQ(trial_verdict(wide, plan, 10), TrialVerdict::Unstable);  // the point's time is spent
  wide.insert(wide.end(), {150, 100, 150});
  EXPECT_EQ(trial_verdict(wide, plan, 0), TrialVerdict::Unstable);  // max_trials reached
}

// Synthetic GPU: kernel A steady, B noisy for its first trials only, C bimodal (a slow spell every
// other trial, as the recorded outliers suggest); A and B form one unit (timed alternately).
TEST(BenchStats, RoundsInterleaveUnitsAndStopEachWhenSettled) {
  TrialPlan plan{
      .min_trials = 5, .max_trials = 30, .max_relative_iqr = 0.03, .point_budget_s = 1e9};
  std::vector<std::vector<std::size_t>> units = {{0, 1}, {2}, {3}};
  std::vector<std::vector<double>> series(4);
  std::vector<std::size_t> order;
  auto trial = [&](std::size_t unit) {
    order.push_back(unit);
    for (std::size_t s : units[unit]) {
      std::size_t k = series[s].size();
      double t = s == 0   ? 10.0 + 0.01 * (k % 3)
                 : s == 1 ? (k < 12 ? 10.0 + 3.0 * (k % 2) : 10.0)
                 : s == 2 ? (k % 2 ? 20.0 : 30.0)
                          : 5.0;
      series[s].push_back(t);
    }
  };
  std::vector<TrialVerdict> v = run_rounds(units, series, plan, trial, [] { return 0.0; });
  EXPECT_EQ(v[0], TrialVerdict::Stable);
  EXPECT_EQ(v[1], TrialVerdict::Stable);  // settled once its noisy start became the outer quarters
  EXPECT_EQ(v[2], TrialVerdict::Unstable);
  EXPECT_EQ(v[3], TrialVerdict::Stable);
  EXPECT_EQ(series[0].size(), series[1].size());  // a unit's kernels get every trial together
  EXPECT_GT(series[1].size(), 5u);
  EXPECT_LT(series[1].size(), 30u);
  EXPECT_EQ(series[2].size(), 30u);
  EXPECT_EQ(series[3].size(), 5u);
  // A, B, C in turn while all need trials: 0 1 2, 0 1 2, ...
  ASSERT_GE(order.size(), 9u);
  EXPECT_EQ((std::vector<std::size_t>(order.begin(), order.begin() + 6)),
            (std::vector<std::size_t>{0, 1, 2, 0, 1, 2}));
}

TEST(BenchStats, TheTimeBudgetEndsAPointAfterItsMinimumTrials) {
  TrialPlan plan{.min_trials = 4, .max_trials = 100, .max_relative_iqr = 0.03, .point_budget_s = 2};
  std::vector<std::vector<std::size_t>> units = {{0}};
  std::vector<std::vector<double>> series(1);
  double clock = 0;
  std::vector<TrialVerdict> v = run_rounds(
      units, series, plan,
      [&](std::size_t) {
        series[0].push_back(series[0].size() % 2 ? 1.0 : 2.0);
        clock += 0.25;
      },
      [&] { return clock; });
  EXPECT_EQ(v[0], TrialVerdict::Unstable);
  EXPECT_EQ(series[0].size(), 8u);  // 2 s at 0.25 s a trial
  // A trial that appends nothing cannot loop for ever.
  std::vector<std::vector<double>> empty(1);
  v = run_rounds(
      units, empty, plan, [](std::size_t) {}, [] { return 0.0; });
  EXPECT_EQ(v[0], TrialVerdict::Unstable);
}

TEST(BenchStats, LaunchesPerTrialShrinkAsLaunchesGrowLong) {
  EXPECT_EQ(launches_per_trial(1u << 10), 30);
  EXPECT_EQ(launches_per_trial(1u << 20), 30);
  EXPECT_EQ(launches_per_trial(1u << 22), 20);
  EXPECT_EQ(launches_per_trial(1u << 24), 10);
  EXPECT_EQ(launches_per_trial(1u << 28), 5);
}

BenchEntry entry(const std::string& kernel, std::uint64_t n, double median_us,
                 std::optional<BenchSpread> spread = std::nullopt) {
  return {kernel, ElementType::Float, n, median_us, 4.0 * n / median_us / 1e3, spread};
}

BenchSpread spread(double median_us, double relative, bool unstable = false) {
  double half = median_us * relative / 2;
  return {median_us - 2 * half,
          median_us - half,
          median_us + half,
          median_us + 2 * half,
          12,
          5,
          unstable};
}

TEST(BenchReportFile, VersionTwoKeepsTheSpreadAndVersionOneHasNone) {
  BenchReport r;
  r.device = "Test GPU";
  r.l2_cache_bytes = 50ull << 20;
  r.entries = {entry("sequential", 1024, 10, spread(10, 0.02)),
               entry("cub", 1024, 5, spread(5, 0.08, true))};
  nlohmann::json j = bench_to_json(r);
  EXPECT_EQ(j["version"], 2);
  BenchReport back = bench_from_json(j);
  EXPECT_EQ(back.version, 2);
  EXPECT_EQ(back.l2_cache_bytes, 50ull << 20);
  ASSERT_TRUE(back.entries[1].spread);
  EXPECT_TRUE(back.entries[1].spread->unstable);
  EXPECT_DOUBLE_EQ(back.entries[0].spread->q3_us, 10.1);
  EXPECT_EQ(back.entries[0].spread->trials, 12);

  j["version"] = 1;  // a version-1 file: the spread fields, if any, are not read
  BenchReport old = bench_from_json(j);
  EXPECT_EQ(old.version, 1);
  EXPECT_FALSE(old.entries[0].spread);
  EXPECT_DOUBLE_EQ(old.entries[0].median_us, 10);
  j.erase("version");
  EXPECT_EQ(bench_from_json(j).version, 1);
}

TEST(BenchReportFile, BadVersionsAndSpreadsAreRefused) {
  BenchReport r;
  r.entries = {entry("sequential", 1024, 10, spread(10, 0.02))};
  nlohmann::json j = bench_to_json(r);
  j["version"] = 3;
  EXPECT_THROW(bench_from_json(j), std::runtime_error);
  j = bench_to_json(r);
  j["entries"][0]["q1_us"] = 11.0;  // above the median
  EXPECT_THROW(bench_from_json(j), std::runtime_error);
  j = bench_to_json(r);
  j["entries"][0].erase("trials");
  EXPECT_THROW(bench_from_json(j), std::runtime_error);
  j = bench_to_json(r);
  j["entries"][0]["trials"] = 0;
  EXPECT_THROW(bench_from_json(j), std::runtime_error);
}

TEST(BenchReportFile, TableShowsTheSpreadAndMarksUnstablePoints) {
  BenchReport r;
  r.entries = {entry("sequential", 1024, 10, spread(10, 0.02)),
               entry("max", 1024, 12, spread(12, 0.10, true))};
  std::ostringstream out;
  print_bench_table(r, out);
  EXPECT_NE(out.str().find("IQR"), std::string::npos) << out.str();
  EXPECT_NE(out.str().find("2.0% "), std::string::npos) << out.str();
  EXPECT_NE(out.str().find("10.0%!"), std::string::npos) << out.str();
  r.version = 1;
  r.entries = {entry("sequential", 1024, 10)};
  std::ostringstream old;
  print_bench_table(r, old);
  EXPECT_NE(old.str().find("medians only"), std::string::npos) << old.str();
}

TEST(BenchLadder, HarrisKernelsFirstThenTheOthersThenCubAndTheCopy) {
  std::vector<std::string> measured = {"serial",
                                       "interleaved-divergent",
                                       "interleaved-strided",
                                       "sequential",
                                       "first-add",
                                       "repeated-launches",
                                       "atomic-add",
                                       "unroll-last-warp",
                                       "copy",
                                       "complete-unroll",
                                       "multi-element",
                                       "warp-shuffle",
                                       "cub",
                                       "cooperative-groups",
                                       "max",
                                       "min",
                                       "new-thing",
                                       "kahan",
                                       "dot-product",
                                       "dot-product-lock",
                                       "tuned"};
  std::vector<std::string> expected = {"interleaved-divergent",
                                       "interleaved-strided",
                                       "sequential",
                                       "first-add",
                                       "unroll-last-warp",
                                       "complete-unroll",
                                       "multi-element",
                                       "serial",
                                       "atomic-add",
                                       "repeated-launches",
                                       "tuned",
                                       "warp-shuffle",
                                       "cooperative-groups",
                                       "max",
                                       "min",
                                       "kahan",
                                       "dot-product",
                                       "dot-product-lock",
                                       "new-thing",
                                       "cub",
                                       "copy"};
  EXPECT_EQ(ladder_order(measured), expected);
  EXPECT_EQ(bench_label("interleaved-divergent"), "kernel 1 (divergent)");
  EXPECT_EQ(bench_label("multi-element"), "kernel 7 (multi-element)");
  EXPECT_EQ(bench_label("serial"), "serial");
  EXPECT_EQ(harris_kernel_number("first-add"), 4);
  EXPECT_EQ(harris_kernel_number("tuned"), 0);
  EXPECT_EQ(bench_family("unroll-last-warp"), BenchFamily::Harris);
  EXPECT_EQ(bench_family("cooperative-groups"), BenchFamily::Shuffle);
  EXPECT_EQ(bench_family("kahan"), BenchFamily::Other);
  EXPECT_EQ(bench_family("cub"), BenchFamily::Cub);
  EXPECT_EQ(bench_family("copy"), BenchFamily::Copy);
}

// The ladder is read from the catalog entries: Harris's kernels are rungs 1..7, each with its name;
// variants without a rung follow the numbered ones in catalog order, kernels the catalog does not
// know follow them as given.
TEST(BenchLadder, ComesFromTheCatalogEntries) {
  std::set<unsigned> harris;
  for (const VariantInfo& v : variant_catalog()) {
    if (v.ladder.family != BenchFamily::Harris) continue;
    EXPECT_TRUE(harris.insert(v.ladder.rung).second) << v.id << ": rung taken twice";
    EXPECT_FALSE(v.ladder.harris_name.empty()) << v.id;
    EXPECT_EQ(harris_kernel_number(v.id), static_cast<int>(v.ladder.rung)) << v.id;
    EXPECT_EQ(bench_family(v.id), BenchFamily::Harris) << v.id;
  }
  EXPECT_EQ(harris, (std::set<unsigned>{1, 2, 3, 4, 5, 6, 7}));
  EXPECT_EQ(find_variant("bug-odd-block")->ladder.rung, 0u);  // the bug playground is not timed
  EXPECT_EQ(ladder_order({"copy", "bug-odd-block", "new-thing", "bug-no-loop-sync", "old-thing",
                          "cub", "serial"}),
            (std::vector<std::string>{"serial", "bug-no-loop-sync", "bug-odd-block", "new-thing",
                                      "old-thing", "cub", "copy"}));
  EXPECT_EQ(bench_family("new-thing"), BenchFamily::Other);
  EXPECT_EQ(harris_kernel_number("new-thing"), 0);
}

// A small report shaped like the H100's at two sizes: launch-bound 2^16, DRAM-bound 2^26.
BenchReport notes_report(bool with_spread) {
  BenchReport r;
  r.device = "NVIDIA H100 80GB HBM3";
  r.version = with_spread ? 2 : 1;
  auto add = [&](const std::string& k, std::uint64_t n, double us, double relative = 0.01) {
    r.entries.push_back(entry(k, n, us));
    if (with_spread) r.entries.back().spread = spread(us, relative);
  };
  for (auto [n, serial, k1, k2, k3, copy] :
       {std::tuple{1u << 10, 12.1, 12.6, 11.8, 11.4, 7.0},
        std::tuple{1u << 16, 11.5, 11.6, 11.5, 11.2, 7.0},
        std::tuple{1u << 22, 30.2, 53.2, 36.6, 29.8, 14.3},
        std::tuple{1u << 26, 255.0, 654.1, 410.7, 318.5, 185.8}}) {
    add("serial", n, serial);
    add("interleaved-divergent", n, k1);
    add("interleaved-strided", n, k2);
    add("sequential", n, k3);
    add("copy", n, copy);
  }
  return r;
}

bool any_note_has(const std::vector<std::string>& notes, const std::string& text) {
  for (const std::string& note : notes) {
    if (note.find(text) != std::string::npos) return true;
  }
  return false;
}

TEST(BenchNotes, SerialFasterThanKernelsOneToThreeIsSaidWithFiguresAndALikelyReason) {
  BenchReport r = notes_report(true);
  std::vector<std::string> notes = bench_notes(r, ElementType::Float, 1u << 26);
  EXPECT_TRUE(any_note_has(notes,
                           "Serial (255 \xC2\xB5s) is faster here than kernel 1 (654 "
                           "\xC2\xB5s), kernel 2 (411 \xC2\xB5s) and kernel 3 (318 "
                           "\xC2\xB5s)."))
      << notes.front();
  EXPECT_TRUE(any_note_has(notes, "Likely reason (the timings alone do not show it)"));
  // At 2^22 serial is within the spread of kernel 3: only kernels 1 and 2 are named.
  notes = bench_notes(r, ElementType::Float, 1u << 22);
  EXPECT_TRUE(any_note_has(notes, "faster here than kernel 1 (53.2 \xC2\xB5s) and kernel 2"));
  EXPECT_FALSE(any_note_has(notes, "kernel 3 (29.8"));
  // At 2^16 it is faster than none of them: nothing is said about it.
  EXPECT_FALSE(any_note_has(bench_notes(r, ElementType::Float, 1u << 16), "Serial"));
}

TEST(BenchNotes, KernelOneAgainstTwoNamesTheModuloAndCitesHarris) {
  BenchReport r = notes_report(true);
  std::vector<std::string> notes = bench_notes(r, ElementType::Float, 1u << 26);
  EXPECT_TRUE(any_note_has(notes,
                           "Kernel 2 takes 411 \xC2\xB5s where kernel 1 takes 654 "
                           "\xC2\xB5s (1.59x faster)."));
  EXPECT_TRUE(any_note_has(notes, "tid % (2*stride), an integer modulo by a variable"));
  EXPECT_TRUE(any_note_has(notes,
                           "\"highly divergent warps are very inefficient, and % operator "
                           "is very slow\" (Optimizing Parallel Reduction in CUDA, slides "
                           "9-10)"));
  notes = bench_notes(r, ElementType::Float, 1u << 16);
  EXPECT_TRUE(any_note_has(notes,
                           "Kernels 1 and 2 take about the same time at this n (11.6 "
                           "\xC2\xB5s and 11.5 \xC2\xB5s); kernel 2 pulls ahead from 2^22."));
  EXPECT_FALSE(any_note_has(notes, "modulo"));
}

TEST(BenchNotes, CacheAndLaunchCostRegimesFollowTheInputSize) {
  BenchReport r = notes_report(true);
  std::vector<std::string> small = bench_notes(r, ElementType::Float, 1u << 16);
  EXPECT_TRUE(any_note_has(small, "From 2^10 to 2^16 even the copy takes about as long"));
  EXPECT_TRUE(any_note_has(small, "The input (256 KiB) fits in the 50 MiB L2 cache"));
  EXPECT_TRUE(any_note_has(small, "From 2^26 (256 MiB) on, the input no longer fits"));
  std::vector<std::string> large = bench_notes(r, ElementType::Float, 1u << 26);
  EXPECT_TRUE(any_note_has(large,
                           "The input (256 MiB) is larger than the 50 MiB L2 cache: each "
                           "launch reads it from DRAM"));
  EXPECT_FALSE(any_note_has(large, "fixed cost"));
  r.device = "Some GPU";  // L2 unknown: nothing said about it
  EXPECT_FALSE(any_note_has(bench_notes(r, ElementType::Float, 1u << 26), "L2"));
  r.l2_cache_bytes = 40ull << 20;
  EXPECT_TRUE(any_note_has(bench_notes(r, ElementType::Float, 1u << 26), "the 40 MiB L2 cache"));
}

TEST(BenchNotes, SpreadIsNamedWhenMissingOrLarge) {
  BenchReport old = notes_report(false);
  std::vector<std::string> notes = bench_notes(old, ElementType::Float, 1u << 26);
  EXPECT_TRUE(any_note_has(notes, "medians only (format version 1)"));
  // Medians only: "faster" needs a 5% margin (kernel 3 at 2^22 is 1% faster than serial).
  EXPECT_FALSE(any_note_has(bench_notes(old, ElementType::Float, 1u << 22), "kernel 3 (29.8"));
  BenchReport r = notes_report(true);
  r.entries[1].spread->unstable = true;  // kernel 1 at 2^10
  EXPECT_TRUE(any_note_has(bench_notes(r, ElementType::Float, 1u << 10),
                           "Unstable at this n (the middle half of their trials stayed wide "
                           "after every trial allowed): kernel 1 (divergent)."));
  EXPECT_TRUE(bench_notes(r, ElementType::Int, 1u << 10).empty());
}

}  // namespace
}  // namespace stridescope
