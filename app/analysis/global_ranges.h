// Global memory of a user's program as ranges: byte ranges merged, a launch's traffic summed over
// its steps, bytes turned into element indices, and regular runs (a tile's rows) recognised.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "trace/trace.h"

namespace stridescope {

// Sorted, with ranges that touch or overlap joined; empty ranges dropped.
std::vector<ByteRange> merge_ranges(std::vector<ByteRange> ranges);

// The bytes the ranges cover.
std::uint64_t covered_bytes(const std::vector<ByteRange>& ranges);

// `more` added into `into`: counts summed, ranges merged.
void add_traffic(GlobalTraffic& into, const GlobalTraffic& more);

// One buffer's loads and stores over some steps.
struct BufferTraffic {
  GlobalTraffic read, write;
  GlobalTraffic atomic;  // the atomics among the reads and writes
};

// Per buffer (in `memory.buffers` order): its traffic over the steps first..last (inclusive,
// clamped to the steps there are): the whole launch with the defaults.
std::vector<BufferTraffic> buffer_traffic(const GlobalMemory& memory, std::size_t first = 0,
                                          std::size_t last = SIZE_MAX);

// Element indices first..last (inclusive).
struct ElementSpan {
  std::uint64_t first = 0, last = 0;
  bool operator==(const ElementSpan&) const = default;
};

// Byte ranges as the elements they touch (an element partly touched counts), merged.
std::vector<ElementSpan> element_spans(const std::vector<ByteRange>& ranges,
                                       std::uint32_t element_size);

std::uint64_t element_count(const std::vector<ElementSpan>& spans);

// At least three spans of one length, each starting `stride` after the one before: the rows of a
// tile in a row-major matrix.
struct RegularRuns {
  std::uint64_t runs = 0, length = 0, stride = 0;
  bool operator==(const RegularRuns&) const = default;
};
std::optional<RegularRuns> regular_runs(const std::vector<ElementSpan>& spans);

// The buffers the traced block of a user's program read in global memory at step `step`, by name,
// in allocation order; empty for a catalog trace (it has no global memory record).
std::vector<std::string> buffers_read(const Trace& trace, std::size_t step);

}  // namespace stridescope
