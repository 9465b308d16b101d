// The Timing tab's chart: median time over n on log axes (µs up, 2^k and the input's size across),
// a q1..q3 band per curve, unstable points marked, the L2 boundary, and a wrapped legend.
#include "ui/panels/timing_chart.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "catalog/bench/bench_notes.h"

namespace stridescope {
namespace {

constexpr const char* kMicro = "\xC2\xB5s";
// The legend's last line, after a triangle drawn as on the chart.
constexpr const char* kLegendKey =
    "unstable point; band: q1..q3 of the trials; click a name to hide it";

ImVec4 mix(const ImVec4& a, const ImVec4& b, float t) {
  return ImVec4(a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t, a.z + (b.z - a.z) * t, 1.0f);
}

ImU32 with_alpha(ImU32 color, float alpha) {
  ImVec4 c = ImGui::ColorConvertU32ToFloat4(color);
  c.w = alpha;
  return ImGui::ColorConvertFloat4ToU32(c);
}

// The chart's frame: log10 microseconds up, log2 n across, and the mapping into pixels.
struct ChartAxes {
  double x0 = 0, x1 = 1, y0 = 0, y1 = 1;
  ImVec2 p0, p1;  // top-left and bottom-right of the plot area
  float px(double x) const {
    return p0.x + static_cast<float>((x - x0) / std::max(1e-9, x1 - x0)) * (p1.x - p0.x);
  }
  float py(double y) const {
    return p1.y - static_cast<float>((y - y0) / std::max(1e-9, y1 - y0)) * (p1.y - p0.y);
  }
  float py_us(double us) const { return py(std::log10(us)); }
};

float line_height() {
  return ImGui::GetTextLineHeightWithSpacing();
}

// The visible kernels' range of times at `type`, spreads included, in decades.
void time_range(const BenchReport& r, ElementType type, const std::set<std::string>& hidden,
                double& low, double& high) {
  double min_t = 1e300, max_t = 0;
  for (const BenchEntry& e : r.entries) {
    if (e.element_type != type || e.median_us <= 0 || hidden.count(e.kernel)) continue;
    min_t = std::min(min_t, e.spread ? e.spread->q1_us : e.median_us);
    max_t = std::max(max_t, e.spread ? e.spread->q3_us : e.median_us);
  }
  if (max_t <= 0) min_t = max_t = 10;
  low = std::log10(min_t);
  high = std::max(low + 1, std::log10(max_t));
  double pad = (high - low) * 0.04;
  low -= pad;
  high += pad;
}

// Between a time's label and the plot.
float label_gap() {
  return ImGui::GetFontSize() * 0.25f;
}

void draw_y_grid(ImDrawList* list, const ChartAxes& a) {
  ImU32 major = ImGui::GetColorU32(ImGuiCol_TextDisabled, 0.45f);
  ImU32 minor = ImGui::GetColorU32(ImGuiCol_TextDisabled, 0.18f);
  ImU32 text = ImGui::GetColorU32(ImGuiCol_Text);
  for (double y = std::floor(a.y0); y <= a.y1; ++y) {
    for (double m : {2.0, 5.0}) {
      double minor_y = y + std::log10(m);
      if (minor_y > a.y0 && minor_y < a.y1)
        list->AddLine(ImVec2(a.p0.x, a.py(minor_y)), ImVec2(a.p1.x, a.py(minor_y)), minor);
    }
    if (y < a.y0) continue;
    list->AddLine(ImVec2(a.p0.x, a.py(y)), ImVec2(a.p1.x, a.py(y)), major);
    if (a.py(y) > a.p1.y - ImGui::GetTextLineHeight() * 0.6f) continue;  // clear of the n labels
    char label[32];
    std::snprintf(label, sizeof label, "%g %s", std::pow(10.0, y), kMicro);
    ImVec2 size = ImGui::CalcTextSize(label);
    list->AddText(ImVec2(a.p0.x - size.x - label_gap(), a.py(y) - size.y * 0.5f), text, label);
  }
}

// Ticks every 2 (or 4, if the labels would touch) powers of two: "2^20" over "4 MiB".
void draw_x_grid(ImDrawList* list, const ChartAxes& a, unsigned element_bytes) {
  ImU32 grid = ImGui::GetColorU32(ImGuiCol_TextDisabled, 0.35f);
  ImU32 text = ImGui::GetColorU32(ImGuiCol_Text);
  float label_width = ImGui::CalcTextSize("256 MiB  ").x;
  double step = a.px(a.x0 + 2) - a.px(a.x0) >= label_width ? 2 : 4;
  for (double x = a.x0; x <= a.x1 + 1e-9; x += step) {
    list->AddLine(ImVec2(a.px(x), a.p0.y), ImVec2(a.px(x), a.p1.y), grid);
    auto n = static_cast<std::uint64_t>(std::llround(std::pow(2.0, x)));
    std::string top = power_label(n), bottom = size_label(n * element_bytes);
    for (int row = 0; row < 2; ++row) {
      const std::string& label = row == 0 ? top : bottom;
      float width = ImGui::CalcTextSize(label.c_str()).x;
      float at = std::clamp(a.px(x) - width * 0.5f, a.p0.x - width * 0.5f, a.p1.x - width);
      list->AddText(ImVec2(at, a.p1.y + 2 + row * ImGui::GetTextLineHeight()),
                    row == 0 ? text : ImGui::GetColorU32(ImGuiCol_TextDisabled), label.c_str());
    }
  }
}

// A dashed line where the input outgrows the L2 cache, "L2 <size>" to its left, "DRAM" right.
void draw_l2_line(ImDrawList* list, const ChartAxes& a, std::uint64_t l2, unsigned element_bytes) {
  if (l2 == 0) return;
  double x = std::log2(static_cast<double>(l2) / element_bytes);
  if (x <= a.x0 || x >= a.x1) return;
  ImU32 color = ImGui::GetColorU32(ImGuiCol_Text, 0.75f);
  float dash = ImGui::GetFontSize() * 0.4f;
  for (float y = a.p0.y; y < a.p1.y; y += 2 * dash) {
    list->AddLine(ImVec2(a.px(x), y), ImVec2(a.px(x), std::min(y + dash, a.p1.y)), color, 2);
  }
  std::string left = "fits in L2 (" + size_label(l2) + ") ", right = " DRAM";
  float width = ImGui::CalcTextSize(left.c_str()).x;
  list->AddText(ImVec2(a.px(x) - width, a.p0.y + 2), color, left.c_str());
  list->AddText(ImVec2(a.px(x), a.p0.y + 2), color, right.c_str());
}

// An unstable point's mark: a triangle around `c`, outlined dark so it shows on any curve.
void draw_unstable_mark(ImDrawList* list, ImVec2 c, float mark, const Palette& p) {
  ImVec2 a(c.x, c.y - mark * 1.3f), b(c.x - mark, c.y + mark * 0.7f),
      d(c.x + mark, c.y + mark * 0.7f);
  list->AddTriangleFilled(a, b, d, ImGui::ColorConvertFloat4ToU32(p.timing_families.unstable));
  list->AddTriangle(a, b, d, IM_COL32(0, 0, 0, 220), 1.5f);
}

// One kernel's curve: its q1..q3 band, the median line, its points, triangles on unstable ones.
void draw_series(ImDrawList* list, const ChartAxes& a, const BenchReport& r, ElementType type,
                 const std::string& kernel, ImU32 color, const Palette& p) {
  std::vector<const BenchEntry*> points;
  for (std::uint64_t n : bench_sizes(r, type)) {
    const BenchEntry* e = find_entry(r, kernel, type, n);
    if (e && e->median_us > 0) points.push_back(e);
  }
  auto x_of = [&](const BenchEntry* e) { return a.px(std::log2(static_cast<double>(e->n))); };
  for (std::size_t i = 0; i + 1 < points.size(); ++i) {
    const BenchEntry *e0 = points[i], *e1 = points[i + 1];
    if (!e0->spread || !e1->spread) continue;
    ImVec2 band[4] = {{x_of(e0), a.py_us(e0->spread->q1_us)},
                      {x_of(e1), a.py_us(e1->spread->q1_us)},
                      {x_of(e1), a.py_us(e1->spread->q3_us)},
                      {x_of(e0), a.py_us(e0->spread->q3_us)}};
    list->AddConvexPolyFilled(band, 4, with_alpha(color, 0.28f));
  }
  std::vector<ImVec2> line;
  for (const BenchEntry* e : points) line.push_back(ImVec2(x_of(e), a.py_us(e->median_us)));
  float thickness = kernel == "cub" || kernel == "copy" ? 3.0f : 2.0f;
  list->AddPolyline(line.data(), static_cast<int>(line.size()), color, 0, thickness);
  float mark = ImGui::GetFontSize() * 0.3f;
  for (std::size_t i = 0; i < points.size(); ++i) {
    list->AddCircleFilled(line[i], thickness + 1, color);
    if (points[i]->spread && points[i]->spread->unstable)
      draw_unstable_mark(list, line[i], mark, p);
  }
}

// The legend entries' rows at `width`: each entry is a swatch and its label; entries wrap.
struct LegendItem {
  std::string kernel, label;
  ImVec2 at;  // relative to the legend's top-left
  float width = 0;
};

std::vector<LegendItem> legend_layout(const std::vector<std::string>& ladder, float width) {
  std::vector<LegendItem> items;
  float line = line_height(), swatch = ImGui::GetFontSize(), x = 0, y = 0;
  for (const std::string& k : ladder) {
    int harris = harris_kernel_number(k);  // "kernel 3": the bars give the names
    std::string label = harris > 0 ? "kernel " + std::to_string(harris) : bench_label(k);
    float w = swatch + ImGui::GetFontSize() * 0.4f + ImGui::CalcTextSize(label.c_str()).x;
    if (x > 0 && x + w > width) {
      x = 0;
      y += line;
    }
    items.push_back({k, label, ImVec2(x, y), w});
    x += w + ImGui::GetFontSize() * 0.9f;
  }
  return items;
}

// The legend's last line: what the band and the triangle mean, the triangle drawn as on the chart.
void draw_legend_key(const BenchReport& r, const Palette& p) {
  if (r.version < 2) {
    ImGui::TextDisabled(
        "medians only (a version-1 recording: no spread); click a name to hide or "
        "show its curve");
    return;
  }
  float mark = ImGui::GetFontSize() * 0.3f;
  ImVec2 at = ImGui::GetCursorScreenPos();
  draw_unstable_mark(ImGui::GetWindowDrawList(),
                     ImVec2(at.x + mark, at.y + ImGui::GetTextLineHeight() * 0.55f), mark, p);
  ImGui::SetCursorScreenPos(ImVec2(at.x + mark * 2.6f, at.y));
  ImGui::PushTextWrapPos(0);
  ImGui::TextDisabled("%s", kLegendKey);
  ImGui::PopTextWrapPos();
}

void draw_legend(const BenchReport& r, const std::vector<std::string>& shown,
                 const std::vector<std::string>& ladder, const Palette& p,
                 std::set<std::string>& hidden) {
  ImDrawList* list = ImGui::GetWindowDrawList();
  ImVec2 origin = ImGui::GetCursorScreenPos();
  float line = line_height(), swatch = ImGui::GetFontSize();
  std::vector<LegendItem> items = legend_layout(shown, ImGui::GetContentRegionAvail().x);
  for (const LegendItem& item : items) {
    ImVec2 at(origin.x + item.at.x, origin.y + item.at.y);
    bool off = hidden.count(item.kernel) > 0;
    ImU32 color = timing_color(p, ladder, item.kernel);
    ImVec2 a(at.x, at.y + line * 0.3f), b(at.x + swatch, at.y + line * 0.62f);
    if (off)
      list->AddRect(a, b, color, 0, 0, 2);
    else
      list->AddRectFilled(a, b, color);
    list->AddText(ImVec2(b.x + ImGui::GetFontSize() * 0.4f, at.y),
                  ImGui::GetColorU32(off ? ImGuiCol_TextDisabled : ImGuiCol_Text),
                  item.label.c_str());
    ImGui::SetCursorScreenPos(at);
    ImGui::PushID(item.kernel.c_str());
    if (ImGui::InvisibleButton("legend", ImVec2(item.width, line))) {
      if (off)
        hidden.erase(item.kernel);
      else
        hidden.insert(item.kernel);
    }
    ImGui::PopID();
  }
  float rows = items.empty() ? 0 : items.back().at.y / line + 1;
  ImGui::SetCursorScreenPos(ImVec2(origin.x, origin.y + rows * line));
  draw_legend_key(r, p);
}

}  // namespace

ImU32 timing_color(const Palette& p, const std::vector<std::string>& ladder,
                   const std::string& kernel) {
  BenchFamily family = bench_family(kernel);
  if (family == BenchFamily::Copy) return ImGui::ColorConvertFloat4ToU32(p.timing_copy);
  if (family == BenchFamily::Cub) return ImGui::ColorConvertFloat4ToU32(p.timing_cub);
  if (family == BenchFamily::Harris) {
    float t = static_cast<float>(harris_kernel_number(kernel) - 1) / 6.0f;
    return ImGui::ColorConvertFloat4ToU32(
        mix(p.timing_families.harris_first, p.timing_families.harris_last, t));
  }
  std::vector<std::string> kin;
  for (const std::string& k : ladder) {
    if (bench_family(k) == family) kin.push_back(k);
  }
  auto at = std::find(kin.begin(), kin.end(), kernel) - kin.begin();
  float t = kin.size() > 1 ? static_cast<float>(at) / static_cast<float>(kin.size() - 1) : 0.0f;
  bool shuffle = family == BenchFamily::Shuffle;
  return ImGui::ColorConvertFloat4ToU32(
      mix(shuffle ? p.timing_families.shuffle_first : p.timing_families.other_first,
          shuffle ? p.timing_families.shuffle_last : p.timing_families.other_last, t));
}

std::string power_label(std::uint64_t n) {
  return notes_detail::power_text(n);
}

std::string size_label(std::uint64_t bytes) {
  return notes_detail::bytes_text(bytes);
}

std::vector<std::string> chart_kernels(const BenchReport& report, bool all_curves) {
  std::vector<std::string> shown;
  for (const std::string& k : ladder_order(bench_kernels(report))) {
    BenchFamily family = bench_family(k);
    if (all_curves || family == BenchFamily::Harris || family == BenchFamily::Cub ||
        family == BenchFamily::Copy)
      shown.push_back(k);
  }
  return shown;
}

float time_legend_height(const BenchReport& report, bool all_curves) {
  float avail = ImGui::GetContentRegionAvail().x;
  std::vector<LegendItem> items = legend_layout(chart_kernels(report, all_curves), avail);
  float rows = items.empty() ? 0 : items.back().at.y / line_height() + 1;
  float key_rows = std::ceil(ImGui::CalcTextSize(kLegendKey).x / std::max(1.0f, avail * 0.95f));
  return (rows + key_rows) * line_height();
}

void draw_time_chart(const BenchReport& report, ElementType type, std::uint64_t marked_n,
                     float height, const Palette& p, std::set<std::string>& hidden,
                     bool all_curves) {
  std::vector<std::uint64_t> sizes = bench_sizes(report, type);
  if (sizes.size() < 2) return;
  std::vector<std::string> ladder = ladder_order(bench_kernels(report));
  std::vector<std::string> shown = chart_kernels(report, all_curves);
  std::set<std::string> off = hidden;  // what the chart leaves out: hidden, or not shown
  for (const std::string& k : ladder) {
    if (std::find(shown.begin(), shown.end(), k) == shown.end()) off.insert(k);
  }
  ImVec2 origin = ImGui::GetCursorScreenPos();
  float width = ImGui::GetContentRegionAvail().x, line = line_height();
  // The axes' titles in one line over the chart (wrapped where narrow): a row under the plot less.
  ImGui::PushTextWrapPos(0);
  ImGui::TextUnformatted(
      "median time per reduction (\xC2\xB5s) over n elements (input size under "
      "n); log-log");
  ImGui::PopTextWrapPos();
  float top = ImGui::GetCursorScreenPos().y;
  double y0 = 0, y1 = 1;
  time_range(report, type, off, y0, y1);
  char widest[32];
  std::snprintf(widest, sizeof widest, "%g %s", std::pow(10.0, std::floor(y1)), kMicro);
  float left = ImGui::CalcTextSize(widest).x + label_gap() + 1;
  ChartAxes a{std::log2(static_cast<double>(sizes.front())),
              std::log2(static_cast<double>(sizes.back())),
              y0,
              y1,
              ImVec2(origin.x + left, top + line * 0.2f),
              ImVec2(origin.x + width - ImGui::GetFontSize(), origin.y + height - line * 2.2f)};
  ImDrawList* list = ImGui::GetWindowDrawList();
  unsigned bytes = element_bytes(type);
  draw_y_grid(list, a);
  draw_x_grid(list, a, bytes);
  draw_l2_line(list, a, bench_l2_bytes(report), bytes);
  double mark = std::log2(static_cast<double>(marked_n));
  list->AddLine(ImVec2(a.px(mark), a.p0.y), ImVec2(a.px(mark), a.p1.y),
                ImGui::GetColorU32(ImGuiCol_Text, 0.6f), 2);
  for (const std::string& k : shown) {
    if (!off.count(k)) draw_series(list, a, report, type, k, timing_color(p, ladder, k), p);
  }
  ImGui::SetCursorScreenPos(ImVec2(origin.x, origin.y + height));
  draw_legend(report, shown, ladder, p, hidden);
}

}  // namespace stridescope
