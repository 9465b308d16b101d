// Global memory of a user's program in words, the same for the GUI's Step facts, `stridescope
// check` and `stridescope run`: per cudaMalloc buffer what the traced block read and wrote over the
// launch ("dA: read 768 of its 1536 floats ([0..767]) in 768 loads, 3 KiB"), and per step.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "analysis/global_ranges.h"

namespace stridescope {

// "40 B", "3 KiB", "1.5 KiB", "2.3 MiB".
std::string bytes_text(std::uint64_t bytes);

// `count` elements of the buffer's type: "1 float", "768 floats", "12 bytes", "3 elements of 8
// bytes".
std::string elements_text(const GlobalBuffer& buffer, std::uint64_t count);

// Element spans: "[0..767]", "[5]", "16 runs of 16, 48 apart: [0..15], [48..63], ..., [720..735]",
// or at most `limit` spans then "and K more".
std::string spans_text(const std::vector<ElementSpan>& spans, std::size_t limit = 8);

// "read 768 of its 1536 floats ([0..767]) in 768 loads, 3 KiB" (or "wrote ... stores").
std::string traffic_text(const GlobalBuffer& buffer, const GlobalTraffic& traffic, bool write);

// One line per buffer over the whole launch: "dA: read ...", "dC: wrote ...", "dX: not touched".
std::vector<std::string> launch_lines(const GlobalMemory& memory);

// What step `step` read and wrote: "read dA ([0..15]), dB (...)", "wrote dC ([0])", "read ...;
// wrote ...", or "no global memory" when it touched none.
std::string step_line(const GlobalMemory& memory, std::size_t step);

}  // namespace stridescope
