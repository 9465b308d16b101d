// Benchmark reports: GPU timings of every variant beside CUB and a device copy, as data, JSON and
// text, and the ladder order the table and the Timing tab list them in.
#pragma once

#include <iosfwd>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/domain.h"
#include "variant_info.h"

namespace stridescope {

// The spread of a point's trials (each trial's figure is the median of its timed launches).
struct BenchSpread {
  double min_us = 0, q1_us = 0, q3_us = 0, max_us = 0;
  int trials = 0;
  int launches_per_trial = 0;
  bool unstable = false;  // (q3 - q1) / median stayed above the limit after every trial allowed
  double relative_iqr(double median_us) const {
    return median_us > 0 ? (q3_us - q1_us) / median_us : 0;
  }
};

// One timed configuration. `kernel` is a variant id, "cub" or "copy".
struct BenchEntry {
  std::string kernel;
  ElementType element_type = ElementType::Float;
  std::uint64_t n = 0;
  double median_us = 0;
  double gbps = 0;  // bytes of input read per second (copy: read + written), in GB/s, at the median
  std::optional<BenchSpread> spread = std::nullopt;  // none in version-1 files (medians only)
};

inline constexpr int kBenchFormatVersion = 2;  // 1: medians only; 2: with each point's spread

struct BenchReport {
  std::string device;
  std::string toolkit;
  std::string date;                   // UTC, ISO 8601
  std::string method;                 // how the figures were taken
  bool recorded = false;              // true when loaded from a file rather than measured now
  int version = kBenchFormatVersion;  // of the file it was loaded from
  std::uint64_t l2_cache_bytes = 0;   // the device's L2 cache; 0 when not recorded (version 1)
  std::vector<BenchEntry> entries;
};

nlohmann::json bench_to_json(const BenchReport& report);  // always the current version
// Reads version 1 (medians only) and version 2 (with spreads); throws std::runtime_error.
BenchReport bench_from_json(const nlohmann::json& json);
BenchReport load_bench(const std::string& path);
void save_bench(const BenchReport& report, const std::string& path);

// The entry for (kernel, type, n), or nullptr.
const BenchEntry* find_entry(const BenchReport& report, const std::string& kernel,
                             ElementType element_type, std::uint64_t n);

// One kernel at one (type, n), with the comparisons the table and the timing panel show.
struct BenchRow {
  const BenchEntry* entry = nullptr;
  double percent_of_copy = 0;  // GB/s of input read / the copy's GB/s (read + written); 0 for copy
  double speedup = 0;          // kernel 1's time / this time; 0 for copy
};

// Where a kernel sits on the ladder, for order and colour: its catalog entry's family (`ladder` in
// kernels/variant_info.h), Cub, Copy, or Other for a kernel the catalog does not know.
BenchFamily bench_family(std::string_view kernel);
// Harris's kernel number (1..7: interleaved-divergent .. multi-element, their catalog entries'
// rungs), else 0.
int harris_kernel_number(std::string_view kernel);
// What the tab calls it: "kernel 1 (divergent)" .. "kernel 7 (multi-element)", "CUB DeviceReduce",
// "copy (rd + wr)", or the variant id.
std::string bench_label(std::string_view kernel);
// `kernels` in ladder order: the catalog's variants by their entries' rungs (Harris's 1..7, then
// serial, atomic-add, repeated-launches, tuned, warp-shuffle, cooperative-groups, max, min, kahan,
// the dot products; equal rungs in catalog order), then variants without a rung in catalog order,
// then kernels the catalog does not know, as given, then CUB, then the copy.
std::vector<std::string> ladder_order(const std::vector<std::string>& kernels);

// Kernel names in the order they were measured.
std::vector<std::string> bench_kernels(const BenchReport& report);
// Sizes measured for `element_type`, ascending.
std::vector<std::uint64_t> bench_sizes(const BenchReport& report, ElementType element_type);
// The kernels at (type, n), in ladder order.
std::vector<BenchRow> bench_rows(const BenchReport& report, ElementType element_type,
                                 std::uint64_t n);

// Per n, in ladder order: each kernel's median time, its spread (IQR over the median, "!" on an
// unstable point; "-" for a version-1 file), GB/s, % of the copy's bandwidth and speedup over
// Harris's kernel 1 (interleaved-divergent; the first variant measured if it is missing).
void print_bench_table(const BenchReport& report, std::ostream& out);

// The L2 cache of the report's device in bytes: as recorded, else 50 MiB for an H100 (its L2 on the
// SXM and PCIe boards), else 0 (unknown).
std::uint64_t bench_l2_bytes(const BenchReport& report);

// The recorded reports shipped in assets/recorded/ (newest first), searched next to the binary and
// in the source tree.
std::vector<std::string> recorded_bench_files();

}  // namespace stridescope
