// Benchmark statistics on the CPU: quartiles of trials, when to stop adding trials, and the rounds
// that interleave kernels. Header-only (the CUDA benchmark and the tests both include it).
#pragma once

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <vector>

namespace stridescope {

// Five figures of a set of timings: the spread of a point.
struct Quartiles {
  double min = 0, q1 = 0, median = 0, q3 = 0, max = 0;
  // (q3 - q1) / median: how far apart the middle half of the trials are, relative.
  double relative_iqr() const { return median > 0 ? (q3 - q1) / median : 0; }
};

// The p-quantile (0..1) of sorted values, by linear interpolation between order statistics
// (Hyndman and Fan's type 7, numpy's default): the median of {1, 2, 3, 4} is 2.5.
inline double sorted_quantile(const std::vector<double>& sorted, double p) {
  if (sorted.empty()) throw std::invalid_argument("quantile of no values");
  double at = p * static_cast<double>(sorted.size() - 1);
  auto low = static_cast<std::size_t>(std::floor(at));
  std::size_t high = std::min(low + 1, sorted.size() - 1);
  return sorted[low] + (at - static_cast<double>(low)) * (sorted[high] - sorted[low]);
}

inline Quartiles quartiles(std::vector<double> values) {
  std::sort(values.begin(), values.end());
  return {values.front(), sorted_quantile(values, 0.25), sorted_quantile(values, 0.5),
          sorted_quantile(values, 0.75), values.back()};
}

inline double median(std::vector<double> values) {
  std::sort(values.begin(), values.end());
  return sorted_quantile(values, 0.5);
}

// How many trials a point gets, and when its spread counts as small.
struct TrialPlan {
  int min_trials = 10;             // quartiles of fewer trials say little
  int max_trials = 100;            // a point still spread out then is unstable
  double max_relative_iqr = 0.03;  // (q3 - q1) / median at most this: stable
  double point_budget_s = 10;      // after this long on one (type, n), stop adding trials
};

// Timed launches in one trial at n; the trial's figure is their median. Microsecond launches get
// many (their spread is launch jitter), DRAM-sized ones few (each is long and steady).
inline int launches_per_trial(std::uint64_t n) {
  if (n <= (std::uint64_t{1} << 20)) return 30;
  if (n <= (std::uint64_t{1} << 23)) return 20;
  if (n <= (std::uint64_t{1} << 25)) return 10;
  return 5;
}

enum class TrialVerdict { NeedMore, Stable, Unstable };

// What one kernel's trials so far call for, `elapsed_s` into its point.
inline TrialVerdict trial_verdict(const std::vector<double>& trials, const TrialPlan& plan,
                                  double elapsed_s) {
  auto count = static_cast<int>(trials.size());
  if (count < std::max(1, plan.min_trials)) return TrialVerdict::NeedMore;
  if (quartiles(trials).relative_iqr() <= plan.max_relative_iqr) return TrialVerdict::Stable;
  if (count >= plan.max_trials || elapsed_s >= plan.point_budget_s) return TrialVerdict::Unstable;
  return TrialVerdict::NeedMore;
}

// The rounds of one point. A unit is one kernel, or kernels timed alternately within a trial (the
// tuned variant and CUB); each kernel has a series of trial figures. Every round gives one trial to
// each unit that still needs one, in the same order (A, B, C, A, B, C, ...), so that a slow spell
// of the GPU falls on all of them alike. A unit needs another trial while any of its kernels does.
// `run_trial(unit)` appends one figure to the series of each of its kernels; `elapsed_s()` is the
// time spent on the point so far. Returns each series' verdict.
template <typename RunTrial, typename Elapsed>
std::vector<TrialVerdict> run_rounds(const std::vector<std::vector<std::size_t>>& units,
                                     std::vector<std::vector<double>>& series,
                                     const TrialPlan& plan, RunTrial run_trial, Elapsed elapsed_s) {
  std::vector<TrialVerdict> verdicts(series.size(), TrialVerdict::NeedMore);
  auto pending = [&](std::size_t unit) {
    return std::any_of(units[unit].begin(), units[unit].end(),
                       [&](std::size_t s) { return verdicts[s] == TrialVerdict::NeedMore; });
  };
  // Each round adds a trial to every pending unit, so max_trials rounds resolve every series; the
  // bound also ends the loop if run_trial appends nothing.
  int rounds_left = std::max(plan.min_trials, plan.max_trials);
  for (bool more = true; more && rounds_left > 0; --rounds_left) {
    more = false;
    for (std::size_t u = 0; u < units.size(); ++u) {
      if (pending(u)) run_trial(u);
    }
    double elapsed = elapsed_s();
    for (std::size_t u = 0; u < units.size(); ++u) {
      for (std::size_t s : units[u]) verdicts[s] = trial_verdict(series[s], plan, elapsed);
      more = more || pending(u);
    }
  }
  for (TrialVerdict& v : verdicts) {
    if (v == TrialVerdict::NeedMore) v = TrialVerdict::Unstable;
  }
  return verdicts;
}

}  // namespace stridescope
