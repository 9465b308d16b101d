// Benchmark reports: GPU timings of every variant beside CUB and a device copy, as data, JSON and
// text.
#pragma once

#include <iosfwd>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "core/domain.h"

namespace stridescope {

// One timed configuration. `kernel` is a variant id, "cub" or "copy".
struct BenchEntry {
  std::string kernel;
  ElementType element_type = ElementType::Float;
  std::uint64_t n = 0;
  double median_us = 0;
  double gbps = 0;  // bytes of input read per second (copy: read + written), in GB/s
};

struct BenchReport {
  std::string device;
  std::string toolkit;
  std::string date;       // UTC, ISO 8601
  std::string method;     // how the figures were taken
  bool recorded = false;  // true when loaded from a file rather than measured now
  std::vector<BenchEntry> entries;
};

nlohmann::json bench_to_json(const BenchReport& report);
BenchReport bench_from_json(const nlohmann::json& json);  // throws std::runtime_error
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

// Kernel names in the order they were measured (variants, then cub, then copy).
std::vector<std::string> bench_kernels(const BenchReport& report);
// Sizes measured for `element_type`, ascending.
std::vector<std::uint64_t> bench_sizes(const BenchReport& report, ElementType element_type);
std::vector<BenchRow> bench_rows(const BenchReport& report, ElementType element_type,
                                 std::uint64_t n);

// Per n: each kernel's time, GB/s, % of the copy's bandwidth and speedup over Harris's kernel 1
// (interleaved-divergent; the first variant measured if it is missing).
void print_bench_table(const BenchReport& report, std::ostream& out);

// The recorded reports shipped in assets/recorded/ (newest first), searched next to the binary and
// in the source tree.
std::vector<std::string> recorded_bench_files();

}  // namespace stridescope
