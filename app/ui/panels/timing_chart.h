// The Timing tab's drawing pieces: family colours, the time-versus-n chart with its spread bands
// and its wrapped legend.
#pragma once

#include <imgui.h>

#include <cstdint>
#include <set>
#include <string>
#include <vector>

#include "catalog/bench/bench_report.h"
#include "ui/platform/theme.h"

namespace stridescope {

// A kernel's colour: its family's ramp (Harris's kernels, the shuffles and tuned, the others) at
// its place among that family's kernels in `ladder`; CUB green; the copy grey.
ImU32 timing_color(const Palette& p, const std::vector<std::string>& ladder,
                   const std::string& kernel);

// "2^22"; "16 MiB".
std::string power_label(std::uint64_t n);
std::string size_label(std::uint64_t bytes);

// The kernels the chart draws, in ladder order: Harris's kernels 1..7, CUB and the copy, or with
// `all_curves` every kernel of the report.
std::vector<std::string> chart_kernels(const BenchReport& report, bool all_curves);

// The log-log chart of median time over n at `type` (height `height`, the whole width), with a
// q1..q3 band around each curve, a triangle in the palette's `unstable` colour on unstable points,
// a line at `marked_n` and one where the input outgrows the L2 cache; then its legend, wrapped,
// which explains the band and the triangle. Clicking a legend entry hides or shows its curve
// (`hidden` holds the hidden kernels).
void draw_time_chart(const BenchReport& report, ElementType type, std::uint64_t marked_n,
                     float height, const Palette& p, std::set<std::string>& hidden,
                     bool all_curves);

// Height the legend will take at the current width (to size the chart above it).
float time_legend_height(const BenchReport& report, bool all_curves);

}  // namespace stridescope
