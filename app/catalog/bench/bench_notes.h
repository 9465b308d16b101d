// What to notice in a benchmark report at one (type, n): short sentences computed from the figures,
// for the Timing tab. Header-only, like bench_stats.h (pure functions, tested in
// tests/test_bench_report.cpp).
#pragma once

#include <cstdio>
#include <string>
#include <vector>

#include "catalog/bench/bench_report.h"

namespace stridescope {
namespace notes_detail {

inline std::string format(const char* pattern, double a, double b = 0, double c = 0) {
  char text[160];
  std::snprintf(text, sizeof text, pattern, a, b, c);
  return text;
}

// "2^22".
inline std::string power_text(std::uint64_t n) {
  int log2 = 0;
  while ((std::uint64_t{1} << log2) < n) ++log2;
  return "2^" + std::to_string(log2);
}

// Sizes in binary units, as the input sizes (powers of two) and the L2 are: "16 MiB", "4 KiB".
inline std::string bytes_text(std::uint64_t bytes) {
  const char* units[] = {"bytes", "KiB", "MiB", "GiB", "TiB"};
  double value = static_cast<double>(bytes);
  int unit = 0;
  while (value >= 1024 && unit < 4) {
    value /= 1024;
    ++unit;
  }
  return format(value < 10 && value != static_cast<int>(value) ? "%.1f " : "%.0f ", value) +
         units[unit];
}

// "654 us" with the micro sign; one decimal below 100.
inline std::string us_text(double us) {
  return format(us < 100 ? "%.1f \xC2\xB5s" : "%.0f \xC2\xB5s", us);
}

// a took clearly less time than b: their middle halves (q1..q3) do not overlap or, for medians
// only (version 1), a's median is more than 5% below b's.
inline bool clearly_faster(const BenchEntry& a, const BenchEntry& b) {
  if (a.spread && b.spread) return a.spread->q3_us < b.spread->q1_us;
  return a.median_us < 0.95 * b.median_us;
}

inline const BenchEntry* harris(const BenchReport& r, int k, ElementType type, std::uint64_t n) {
  const char* ids[] = {"interleaved-divergent", "interleaved-strided", "sequential"};
  return find_entry(r, ids[k - 1], type, n);
}

inline std::string kernel_with_time(const std::string& name, const BenchEntry& e) {
  return name + " (" + us_text(e.median_us) + ")";
}

// Where the figures come from: a fixed cost per launch (the copy's time does not grow with n),
// the L2 cache (the input fits) or DRAM.
inline std::vector<std::string> regime_notes(const BenchReport& r, ElementType type,
                                             std::uint64_t n) {
  std::vector<std::string> notes;
  std::vector<std::uint64_t> sizes = bench_sizes(r, type);
  if (sizes.empty()) return notes;
  const BenchEntry* first = find_entry(r, "copy", type, sizes.front());
  std::uint64_t flat_until = 0;  // the largest n up to which the copy is within 25% of its first
  for (std::uint64_t size : sizes) {
    const BenchEntry* copy = find_entry(r, "copy", type, size);
    if (!first || !copy || copy->median_us > 1.25 * first->median_us) break;
    flat_until = size;
  }
  if (first && n <= flat_until && flat_until > sizes.front()) {
    const BenchEntry& last = *find_entry(r, "copy", type, flat_until);
    notes.push_back("From " + power_text(sizes.front()) + " to " + power_text(flat_until) +
                    " even the copy takes about as long (" + us_text(first->median_us) + " and " +
                    us_text(last.median_us) + ") while its data grows " +
                    format("%.0fx", static_cast<double>(flat_until / sizes.front())) +
                    ": at this n a fixed cost per launch, not bandwidth, likely sets these times.");
  }
  std::uint64_t l2 = bench_l2_bytes(r), bytes = n * element_bytes(type);
  if (l2 == 0) return notes;
  if (bytes < l2) {
    std::string next;
    for (std::uint64_t size : sizes) {
      if (next.empty() && size * element_bytes(type) >= l2)
        next = " From " + power_text(size) + " (" + bytes_text(size * element_bytes(type)) +
               ") on, the input no longer fits and the figures measure DRAM bandwidth.";
    }
    notes.push_back("The input (" + bytes_text(bytes) + ") fits in the " + bytes_text(l2) +
                    " L2 cache and every timed launch reads it again, so it can come from L2 "
                    "rather than DRAM." +
                    next);
  } else {
    const BenchEntry* copy = find_entry(r, "copy", type, n);
    notes.push_back("The input (" + bytes_text(bytes) + ") is larger than the " + bytes_text(l2) +
                    " L2 cache: each launch reads " + (bytes < 2 * l2 ? "most of it" : "it") +
                    " from DRAM, so these figures measure DRAM bandwidth" +
                    (copy ? format(" (the copy: %.0f GB/s read + written).", copy->gbps) : "."));
  }
  return notes;
}

// Kernel 1 against kernel 2: by how much, and Harris's two reasons for kernel 1's cost.
inline std::vector<std::string> divergence_notes(const BenchReport& r, ElementType type,
                                                 std::uint64_t n) {
  const BenchEntry *k1 = harris(r, 1, type, n), *k2 = harris(r, 2, type, n);
  if (!k1 || !k2) return {};
  if (clearly_faster(*k1, *k2)) {
    return {"Here " + kernel_with_time("kernel 1", *k1) + " is faster than " +
            kernel_with_time("kernel 2", *k2) + "."};
  }
  if (!clearly_faster(*k2, *k1)) {
    std::string later;
    for (std::uint64_t size : bench_sizes(r, type)) {
      const BenchEntry *a = harris(r, 1, type, size), *b = harris(r, 2, type, size);
      if (later.empty() && size > n && a && b && clearly_faster(*b, *a))
        later = "; kernel 2 pulls ahead from " + power_text(size);
    }
    return {"Kernels 1 and 2 take about the same time at this n (" + us_text(k1->median_us) +
            " and " + us_text(k2->median_us) + ")" + later + "."};
  }
  return {"Kernel 2 takes " + us_text(k2->median_us) + " where kernel 1 takes " +
              us_text(k1->median_us) + format(" (%.2fx faster).", k1->median_us / k2->median_us),
          "Kernel 1's cost is not only divergence: it picks its working threads by tid % "
          "(2*stride), an integer modulo by a variable, which a GPU computes with a sequence of "
          "instructions. Harris singles out both: \"highly divergent warps are very inefficient, "
          "and % operator is very slow\" (Optimizing Parallel Reduction in CUDA, slides 9-10). "
          "Kernel 2 drops both with a strided index, and meets bank conflicts instead."};
}

// The serial baseline against kernels 1..3, when it is faster than some of them.
inline std::vector<std::string> serial_notes(const BenchReport& r, ElementType type,
                                             std::uint64_t n) {
  const BenchEntry* serial = find_entry(r, "serial", type, n);
  if (!serial) return {};
  std::vector<std::string> slower;
  for (int k = 1; k <= 3; ++k) {
    const BenchEntry* e = harris(r, k, type, n);
    if (e && clearly_faster(*serial, *e))
      slower.push_back(kernel_with_time("kernel " + std::to_string(k), *e));
  }
  if (slower.empty()) return {};
  std::string list = slower[0];
  for (std::size_t i = 1; i < slower.size(); ++i)
    list += (i + 1 == slower.size() ? " and " : ", ") + slower[i];
  return {kernel_with_time("Serial", *serial) + " is faster here than " + list + ".",
          "Likely reason (the timings alone do not show it): at this size loading the input costs "
          "most. Serial loads it as kernels 1-3 do, then one thread per block adds with no "
          "barrier while other blocks keep loading; kernels 1-3 hold every thread of a block at a "
          "barrier after each step of the tree."};
}

// Which points at (type, n) are unstable, or that the file has no spread at all.
inline std::vector<std::string> spread_notes(const BenchReport& r, ElementType type,
                                             std::uint64_t n) {
  if (r.version < 2) {
    return {"This recording keeps medians only (format version 1): it shows no spread."};
  }
  std::string unstable;
  for (const BenchRow& row : bench_rows(r, type, n)) {
    if (row.entry->spread && row.entry->spread->unstable)
      unstable += (unstable.empty() ? "" : ", ") + bench_label(row.entry->kernel);
  }
  if (unstable.empty()) return {};
  return {
      "Unstable at this n (the middle half of their trials stayed wide after every trial "
      "allowed): " +
      unstable + ". Compare these with care."};
}

}  // namespace notes_detail

// Sentences for a student at (type, n): where the spread is unknown or large; whether the
// figures come from a fixed launch cost, the L2 cache or DRAM; kernel 1 against kernel 2; the
// serial baseline against kernels 1-3. Only what the figures or Harris's slides support; a cause
// the figures cannot show is worded as the likely reason.
inline std::vector<std::string> bench_notes(const BenchReport& report, ElementType type,
                                            std::uint64_t n) {
  std::vector<std::string> notes;
  if (bench_sizes(report, type).empty()) return notes;
  for (auto part : {notes_detail::spread_notes, notes_detail::regime_notes,
                    notes_detail::divergence_notes, notes_detail::serial_notes}) {
    std::vector<std::string> more = part(report, type, n);
    notes.insert(notes.end(), more.begin(), more.end());
  }
  return notes;
}

}  // namespace stridescope
