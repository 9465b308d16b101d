// Canvas layout: the bank grid of memory above the block's warps, sized to fit the canvas.
#include "ui/canvas/canvas_layout.h"

#include <algorithm>
#include <cmath>
#include <tuple>

#include "core/domain.h"

namespace stridescope {
namespace {

constexpr float kMaxPitch = 140.0f;   // a 2-word block must not become one giant cell
constexpr unsigned kMaxWarpRows = 8;  // rows of labelled warps
constexpr unsigned kMaxWarpsPerRow = 4;
constexpr float kMinLaneWidth = 2.5f;
constexpr unsigned kMaxPanels = 4;

float gap_for(float pitch) {
  return std::max(1.0f, pitch * 0.08f);
}

// Room above memory row 0 for the arcs of the additions when memory has one or two rows.
float arc_room(const CanvasLayout& l, float pitch) {
  return (l.rows_per_panel <= 2 ? 1.2f : 0.3f) * pitch;
}

// From one panel of memory to the next: its bank columns, a gap and the next one's row labels.
float panel_stride_for(const CanvasLayout& l, float pitch) {
  return l.bank_columns * pitch + l.text_height + l.label_width;
}

// Memory's width: the panels side by side (the threads below span the same width).
float memory_width_for(const CanvasLayout& l, float pitch) {
  return (l.panels - 1) * panel_stride_for(l, pitch) + l.bank_columns * pitch;
}

// Space between the last memory row and the first row of warps, for the thread-to-word links.
float link_gap(float pitch) {
  return std::max(8.0f, pitch * 0.9f);
}

// Space between two warps side by side.
float warp_gap_for(const CanvasLayout& l, float pitch) {
  return l.warps_per_row > 1 ? std::max(6.0f, pitch * 0.6f) : 0.0f;
}

float lane_width_for(const CanvasLayout& l, float pitch) {
  float strips = memory_width_for(l, pitch) - (l.warps_per_row - 1) * warp_gap_for(l, pitch);
  return strips / (l.warps_per_row * l.lanes);
}

// One warp per row: tall enough for its label beside it. Several: thin, labelled every few rows.
float lane_height_for(const CanvasLayout& l, float pitch) {
  float height = std::min(pitch * 0.7f, lane_width_for(l, pitch));
  if (!l.warp_bars) return std::max(height, l.text_height * 0.6f);  // its row fits its label
  // A few rows get room for a label each; many rows are labelled every second or fourth.
  return std::max(height, l.warp_rows <= 4 ? l.text_height * 0.75f : 4.0f);
}

float bar_height_for(const CanvasLayout& l, float pitch) {
  return l.warp_bars ? std::max(3.0f, pitch * 0.2f) : 0.0f;
}

// A warp's lanes, its bar and the gaps around them.
float warp_height_for(const CanvasLayout& l, float pitch) {
  float bar = bar_height_for(l, pitch);
  return lane_height_for(l, pitch) + (bar > 0 ? bar + 1 : 0) + gap_for(pitch) * 2;
}

// One warp per row: at least a label's height, the lanes in the middle.
float warp_row_pitch_for(const CanvasLayout& l, float pitch) {
  float warp = warp_height_for(l, pitch);
  return l.warp_bars ? warp : std::max(warp, l.text_height * 1.1f);
}

// Everything below the header at this pitch: arcs, memory, link gap, warps.
float height_below_header(const CanvasLayout& l, float pitch) {
  return arc_room(l, pitch) + l.rows_per_panel * pitch * l.row_scale + link_gap(pitch) +
         l.warp_rows * warp_row_pitch_for(l, pitch);
}

void shape_memory(CanvasLayout& l, const CanvasShape& shape) {
  l.words = shape.words;
  l.banks_per_word = std::max(1u, (shape.word_size + kBankWidthBytes - 1) / kBankWidthBytes);
  l.bank_columns = std::clamp(shape.words * l.banks_per_word, l.banks_per_word, kBanks);
  l.words_per_row = std::max(1u, l.bank_columns / l.banks_per_word);
  l.rows = std::max(1u, (shape.words + l.words_per_row - 1) / l.words_per_row);
  l.rows_per_panel = l.rows;
}

// `compact`: thin lanes with a state bar under each warp and labels every few rows, instead of
// one warp per row with its label beside it.
void shape_threads(CanvasLayout& l, const CanvasShape& shape, unsigned warps_per_row,
                   bool compact) {
  l.threads = shape.threads;
  l.lanes = std::clamp(shape.threads, 1u, kWarpSize);
  l.warps = std::max(1u, (shape.threads + kWarpSize - 1) / kWarpSize);
  l.warps_per_row = warps_per_row;
  l.warp_rows = (l.warps + l.warps_per_row - 1) / l.warps_per_row;
  l.warp_bars = compact;
}

// The largest pitch (up to `widest`) at which everything below the header fits `height`: that
// height grows with the pitch.
float fitting_pitch(const CanvasLayout& l, float widest, float height) {
  float low = 1.0f, high = std::max(1.0f, widest);
  if (height_below_header(l, high) <= height) return high;
  for (int i = 0; i < 24 && high - low > 0.05f; ++i) {
    float mid = (low + high) / 2;
    (height_below_header(l, mid) <= height ? low : high) = mid;
  }
  return low;
}

// Picks how the warps are arranged: one per row with a label each when that costs the memory grid
// little, else the compact arrangement (1, 2 or 4 warps per row) that leaves the largest cells,
// keeping lanes a few pixels wide where it can. Returns the pitch.
float arrange_warps(CanvasLayout& l, const CanvasShape& shape, float widest, float height) {
  CanvasLayout best = l, fallback = l;
  float best_pitch = 0, fallback_pitch = 0;
  for (unsigned per_row = 1; per_row <= kMaxWarpsPerRow; per_row *= 2) {
    CanvasLayout candidate = l;
    shape_threads(candidate, shape, per_row, true);
    if (per_row > 1 && candidate.warps <= per_row / 2) break;
    float pitch = fitting_pitch(candidate, widest, height);
    if (pitch > fallback_pitch) std::tie(fallback, fallback_pitch) = std::tie(candidate, pitch);
    bool wide_lanes = per_row == 1 || lane_width_for(candidate, pitch) >= kMinLaneWidth;
    if (wide_lanes && pitch > best_pitch * 1.1f)
      std::tie(best, best_pitch) = std::tie(candidate, pitch);
  }
  if (best_pitch < fallback_pitch * 0.5f)
    std::tie(best, best_pitch) = std::tie(fallback, fallback_pitch);
  CanvasLayout labelled = l;
  shape_threads(labelled, shape, 1, false);
  float pitch = fitting_pitch(labelled, widest, height);
  if (labelled.warp_rows <= kMaxWarpRows && pitch >= best_pitch * 0.8f) {
    best = labelled;
    best_pitch = pitch;
  }
  l = best;
  return best_pitch;
}

// Lane sizes and the warps' rows, once the pitch and the memory grid are placed.
void place_threads(CanvasLayout& l) {
  l.lane_pitch = lane_width_for(l, l.pitch);
  l.warp_pitch = l.lanes * l.lane_pitch + warp_gap_for(l, l.pitch);
  l.lane_height = lane_height_for(l, l.pitch);
  l.bar_height = bar_height_for(l, l.pitch);
  l.warp_row_pitch = warp_row_pitch_for(l, l.pitch);
  l.lane_offset = (l.warp_row_pitch - warp_height_for(l, l.pitch)) / 2 + l.gap;
  l.threads_top = l.memory_top + l.rows_per_panel * l.row_pitch() + link_gap(l.pitch);
  l.bottom = l.threads_top + l.warp_rows * l.warp_row_pitch;
}

// The widest pitch the canvas's width allows for this many panels.
float widest_pitch(const CanvasLayout& l, float width) {
  float columns = static_cast<float>(l.panels * l.bank_columns);
  float fixed = (l.panels - 1) * (l.text_height + l.label_width);
  return std::clamp((width - fixed) / columns, 1.0f, kMaxPitch);
}

// Memory in one panel, or in two or four side by side when the canvas is wide and short (a
// 1024-word block in the presenter view): the one whose cells come out largest, by a margin.
float arrange_panels(CanvasLayout& l, const CanvasShape& shape, float width, float height) {
  CanvasLayout best = l;
  float best_pitch = 0;
  for (unsigned panels = 1; panels <= kMaxPanels && l.rows >= 2 * panels; panels *= 2) {
    CanvasLayout candidate = l;
    candidate.panels = panels;
    candidate.rows_per_panel = (l.rows + panels - 1) / panels;
    float pitch = arrange_warps(candidate, shape, widest_pitch(candidate, width), height);
    if (pitch > best_pitch * 1.25f) std::tie(best, best_pitch) = std::tie(candidate, pitch);
  }
  if (best_pitch == 0) {  // a single row
    best_pitch = arrange_warps(best, shape, widest_pitch(best, width), height);
  }
  l = best;
  return best_pitch;
}

}  // namespace

Rect CanvasLayout::word_rect(unsigned word) const {
  unsigned row = word / words_per_row, column = word % words_per_row;
  unsigned panel = row / rows_per_panel, panel_row = row % rows_per_panel;
  float width = banks_per_word * pitch;
  return {panel_left(panel) + column * width, memory_top + panel_row * row_pitch(), width - gap,
          row_pitch() - gap};
}

Rect CanvasLayout::lane_rect(unsigned thread) const {
  unsigned warp = thread / kWarpSize, lane = thread % kWarpSize;
  Rect strip = warp_rect(warp);
  float lane_gap = std::min(gap, lane_pitch * 0.2f);
  return {strip.x + lane * lane_pitch, strip.y, lane_pitch - lane_gap, strip.h};
}

Rect CanvasLayout::warp_rect(unsigned warp) const {
  unsigned row = warp / warps_per_row, column = warp % warps_per_row;
  float y = threads_top + row * warp_row_pitch + lane_offset;
  return {left + column * warp_pitch, y, lanes * lane_pitch, lane_height};
}

Rect CanvasLayout::warp_bar_rect(unsigned warp) const {
  Rect strip = warp_rect(warp);
  return {strip.x, strip.y + strip.h + 1, strip.w - std::min(gap, lane_pitch * 0.2f), bar_height};
}

Rect CanvasLayout::warp_row_label_rect(unsigned row) const {
  return {left - label_width, threads_top + row * warp_row_pitch, label_width, warp_row_pitch};
}

int CanvasLayout::word_at(float x, float y) const {
  const int word = word_place_at(x, y);
  return word >= 0 && word_rect(unsigned(word)).contains(x, y) ? word : -1;
}

int CanvasLayout::word_place_at(float x, float y) const {
  if (x < left || y < memory_top || pitch <= 0) return -1;
  auto panel = static_cast<unsigned>((x - left) / panel_stride);
  auto column = static_cast<unsigned>((x - panel_left(panel)) / (banks_per_word * pitch));
  auto panel_row = static_cast<unsigned>((y - memory_top) / row_pitch());
  unsigned row = panel * rows_per_panel + panel_row;
  unsigned word = row * words_per_row + column;
  if (panel >= panels || column >= words_per_row || panel_row >= rows_per_panel || row >= rows ||
      word >= words)
    return -1;
  return static_cast<int>(word);
}

int CanvasLayout::thread_at(float x, float y) const {
  if (x < left || y < threads_top || warp_row_pitch <= 0 || lane_pitch <= 0) return -1;
  auto row = static_cast<unsigned>((y - threads_top) / warp_row_pitch);
  auto column = static_cast<unsigned>((x - left) / warp_pitch);
  if (row >= warp_rows || column >= warps_per_row) return -1;
  unsigned warp = row * warps_per_row + column;
  Rect strip = warp_rect(warp);
  if (!strip.contains(x, y)) return -1;
  unsigned thread = warp * kWarpSize + static_cast<unsigned>((x - strip.x) / lane_pitch);
  return thread < threads ? static_cast<int>(thread) : -1;
}

int CanvasLayout::warp_at(float x, float y) const {
  if (y < threads_top || warp_row_pitch <= 0) return -1;
  auto row = static_cast<unsigned>((y - threads_top) / warp_row_pitch);
  if (row >= warp_rows) return -1;
  if (!warp_bars) return warp_row_label_rect(row).contains(x, y) ? static_cast<int>(row) : -1;
  for (unsigned column = 0; column < warps_per_row && row * warps_per_row + column < warps;
       ++column) {
    Rect bar = warp_bar_rect(row * warps_per_row + column);
    if (x >= bar.x && x < bar.x + bar.w && y >= bar.y - 1 && y < bar.y + bar.h + gap * 2)
      return static_cast<int>(row * warps_per_row + column);
  }
  return -1;
}

CanvasLayout layout_canvas(const CanvasShape& shape, const CanvasMetrics& metrics) {
  CanvasLayout l;
  l.label_width = metrics.label_width;
  l.text_height = metrics.text_height;
  shape_memory(l, shape);
  float usable_w = std::max(1.0f, metrics.width - metrics.label_width - metrics.tag_width - 8.0f);
  float header = metrics.text_height * 1.2f;
  float usable_h = std::max(1.0f, metrics.height - header - 4.0f);
  l.pitch = std::floor(arrange_panels(l, shape, usable_w, usable_h) * 4) / 4;
  l.gap = gap_for(l.pitch);
  l.panel_stride = panel_stride_for(l, l.pitch);
  l.left = metrics.label_width + std::max(0.0f, (usable_w - memory_width_for(l, l.pitch)) / 2);
  float spare = std::max(0.0f, usable_h - height_below_header(l, l.pitch));
  // Height to spare: 8-byte words' rows grow towards square cells, then more room for the arcs
  // above a one- or two-row memory, the rest around.
  float taller = std::min(l.banks_per_word - 1.0f, spare * 0.6f / (l.rows_per_panel * l.pitch));
  l.row_scale = 1 + std::max(0.0f, taller);
  spare = std::max(0.0f, usable_h - height_below_header(l, l.pitch));
  float arcs = l.rows_per_panel <= 2 ? std::min(spare * 0.5f, 2.0f * l.pitch) : 0.0f;
  l.header_top = (spare - arcs) * 0.4f;
  l.memory_top = l.header_top + header + arc_room(l, l.pitch) + arcs;
  place_threads(l);
  return l;
}

unsigned words_per_row(const CanvasShape& shape) {
  CanvasLayout l;
  shape_memory(l, shape);
  return l.words_per_row;
}

std::string bank_header(const CanvasLayout& layout, unsigned column) {
  unsigned first = column * layout.banks_per_word % kBanks;
  if (layout.banks_per_word == 1) return std::to_string(first);
  return std::to_string(first) + "-" + std::to_string(first + layout.banks_per_word - 1);
}

std::vector<RowGroup> label_groups(unsigned rows, unsigned rows_per_panel, float row_pitch,
                                   float label_size) {
  unsigned every = 1;
  while (row_pitch > 0 && every < rows && every * row_pitch < label_size * 0.95f) every *= 2;
  rows_per_panel = std::max(rows_per_panel, 1u);
  std::vector<RowGroup> groups;
  for (unsigned row = 0; row < rows;) {
    unsigned panel_end = (row / rows_per_panel + 1) * rows_per_panel;
    unsigned count = std::min({every, rows - row, panel_end - row});
    groups.push_back({row, count});
    row += count;
  }
  return groups;
}

}  // namespace stridescope
