// The Timing tab: the ladder at one n (bars of GB/s with a q1..q3 whisker, in ladder order), what
// to notice there (sentences computed from the report) and the time-over-n chart, from a recorded
// (assets/recorded) or live benchmark report.
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <utility>

#include "catalog/bench/bench_notes.h"
#include "catalog/bench/bench_report.h"
#include "core/format.h"
#include "ui/panels/tab.h"
#include "ui/panels/timing_chart.h"
#include "ui/widgets/widgets.h"

namespace stridescope {
namespace {

std::string text_of(const char* pattern, double value) {
  char text[64];
  std::snprintf(text, sizeof text, pattern, value);
  return text;
}

std::string us_cell(double us) {
  return text_of(us < 100 ? "%.1f \xC2\xB5s" : "%.0f \xC2\xB5s", us);
}

// The bar rows' columns, right of the names: which figures fit at this width, and where. When the
// names, a short bar and the median do not fit on one line, each name sits above its bar.
struct BarColumns {
  bool two_lines = false;
  float bar_x = 0, bar_width = 0;
  std::vector<float> x;    // each shown figure's right edge
  std::vector<int> shown;  // indices into the figures (0 median, 1 IQR, 2 GB/s, 3 vs k1, 4 % copy)
};

const char* const kColumnHeads[] = {"median", "IQR", "GB/s", "vs k1", "of copy"};
const char* const kColumnWidest[] = {"00000.0 \xC2\xB5s", "\xE2\x96\xB2 00.0%", "0000 GB/s",
                                     "100.00x", "100%"};

float column_width(int column, float gap) {
  return std::max(ImGui::CalcTextSize(kColumnWidest[column]).x,
                  ImGui::CalcTextSize(kColumnHeads[column]).x) +
         gap;
}

BarColumns bar_columns(const std::vector<std::string>& ladder, bool with_spread) {
  float font = ImGui::GetFontSize(), gap = font * 0.9f, names = 0, min_bar = font * 7;
  for (const std::string& k : ladder) {
    names = std::max(names, ImGui::CalcTextSize(bench_label(k).c_str()).x);
  }
  BarColumns c;
  float avail = ImGui::GetContentRegionAvail().x;
  c.two_lines = names + gap + min_bar + column_width(0, gap) > avail;
  c.bar_x = c.two_lines ? 0 : names + gap;
  float used = c.bar_x;
  for (int column : {0, 1, 2, 3, 4}) {
    if (column == 1 && !with_spread) continue;
    float w = column_width(column, gap);
    if (column > 0 && avail - used - w < min_bar) break;  // the median always shows
    used += w;
    c.shown.push_back(column);
  }
  c.bar_width = std::max(font, avail - used - gap);
  float right = avail;
  for (auto it = c.shown.rbegin(); it != c.shown.rend(); ++it) {
    c.x.insert(c.x.begin(), right);
    right -= column_width(*it, gap);
  }
  return c;
}

// The text of figure `column` for one row; `warn` is set for an unstable point's IQR.
std::string figure(const BenchRow& row, int column, bool& warn) {
  const BenchEntry& e = *row.entry;
  warn = false;
  switch (column) {
    case 0:
      return us_cell(e.median_us);
    case 1:
      if (!e.spread) return "-";
      warn = e.spread->unstable;
      return (warn ? "\xE2\x96\xB2 " : "") +
             text_of("%.1f%%", 100 * e.spread->relative_iqr(e.median_us));
    case 2:  // one decimal below 10 GB/s: 0.3 GB/s at 2^10 is not "0 GB/s"
      return text_of(e.gbps < 9.95 ? "%.1f GB/s" : "%.0f GB/s", e.gbps);
    case 3:
      return e.kernel == "copy" ? "" : text_of("%.2fx", row.speedup);
    default:
      return e.kernel == "copy" ? "" : text_of("%.0f%%", row.percent_of_copy);
  }
}

// A q1..q3 whisker over the bar (in GB/s: the slower quartile gives the shorter end), dark under
// light so it shows on any bar colour.
void draw_whisker(ImDrawList* list, const BenchEntry& e, float x0, float scale, float y, float half,
                  const Palette& p) {
  if (!e.spread || e.spread->q1_us <= 0) return;
  double bytes_per_us = e.gbps * e.median_us;  // GB/s x us: the bytes it counts, / 1e3
  float lo = x0 + static_cast<float>(bytes_per_us / e.spread->q3_us) * scale;
  float hi = x0 + static_cast<float>(bytes_per_us / e.spread->q1_us) * scale;
  ImU32 dark = IM_COL32(0, 0, 0, 200),
        light = ImGui::ColorConvertFloat4ToU32(p.timing_families.spread);
  for (int pass = 0; pass < 2; ++pass) {
    float t = pass == 0 ? 4.0f : 2.0f;
    ImU32 c = pass == 0 ? dark : light;
    list->AddLine(ImVec2(lo, y), ImVec2(hi, y), c, t);
    list->AddLine(ImVec2(lo, y - half), ImVec2(lo, y + half), c, t);
    list->AddLine(ImVec2(hi, y - half), ImVec2(hi, y + half), c, t);
  }
}

void bar_tooltip(const BenchRow& row) {
  const BenchEntry& e = *row.entry;
  ImGui::BeginTooltip();
  ImGui::Text("%s: median %.2f us, %.1f GB/s", bench_label(e.kernel).c_str(), e.median_us, e.gbps);
  if (e.spread) {
    const BenchSpread& s = *e.spread;
    ImGui::Text("q1..q3 %.2f..%.2f us, min..max %.2f..%.2f us", s.q1_us, s.q3_us, s.min_us,
                s.max_us);
    ImGui::Text("%d trials of %d timed launches%s", s.trials, s.launches_per_trial,
                s.unstable ? "; unstable: the middle half stayed wide" : "");
  } else {
    ImGui::TextUnformatted("median only (version-1 recording)");
  }
  ImGui::EndTooltip();
}

void draw_bar_row(const BenchRow& row, const BarColumns& c, double top,
                  const std::vector<std::string>& ladder, const Palette& p) {
  const BenchEntry& e = *row.entry;
  ImDrawList* list = ImGui::GetWindowDrawList();
  ImVec2 at = ImGui::GetCursorScreenPos();
  float line = ImGui::GetTextLineHeightWithSpacing(), text = ImGui::GetTextLineHeight();
  list->AddText(at, ImGui::GetColorU32(ImGuiCol_Text), bench_label(e.kernel).c_str());
  if (c.two_lines) at.y += text;
  float scale = static_cast<float>(c.bar_width / top), mid = at.y + text * 0.5f;
  float x0 = at.x + c.bar_x, length = std::max(2.0f, static_cast<float>(e.gbps) * scale);
  list->AddRectFilled(ImVec2(x0, at.y + text * 0.12f), ImVec2(x0 + length, at.y + text * 0.88f),
                      timing_color(p, ladder, e.kernel), 2);
  draw_whisker(list, e, x0, scale, mid, text * 0.28f, p);
  for (std::size_t i = 0; i < c.shown.size(); ++i) {
    bool warn = false;
    std::string value = figure(row, c.shown[i], warn);
    float w = ImGui::CalcTextSize(value.c_str()).x;
    ImU32 color = warn ? ImGui::ColorConvertFloat4ToU32(p.timing_families.unstable)
                       : ImGui::GetColorU32(ImGuiCol_Text);
    list->AddText(ImVec2(at.x + c.x[i] - w, at.y), color, value.c_str());
  }
  ImGui::Dummy(ImVec2(ImGui::GetContentRegionAvail().x, c.two_lines ? line + text : line));
  if (ImGui::IsItemHovered()) bar_tooltip(row);
}

// The ladder at n: a head row, then one bar per kernel in ladder order.
void draw_bars(const BenchReport& report, ElementType type, std::uint64_t n, const Palette& p) {
  std::vector<BenchRow> rows = bench_rows(report, type, n);
  std::vector<std::string> ladder = ladder_order(bench_kernels(report));
  double top = 1;
  for (const BenchRow& r : rows) {
    double fast = r.entry->spread && r.entry->spread->q1_us > 0
                      ? r.entry->gbps * r.entry->median_us / r.entry->spread->q1_us
                      : r.entry->gbps;
    top = std::max(top, fast);
  }
  BarColumns c = bar_columns(ladder, report.version >= 2);
  ImDrawList* list = ImGui::GetWindowDrawList();
  ImVec2 at = ImGui::GetCursorScreenPos();
  ImU32 dim = ImGui::GetColorU32(ImGuiCol_TextDisabled);
  if (ImGui::CalcTextSize("bars: GB/s").x < c.bar_width) {
    list->AddText(ImVec2(at.x + c.bar_x, at.y), dim, "bars: GB/s");
  }
  for (std::size_t i = 0; i < c.shown.size(); ++i) {
    const char* head = kColumnHeads[c.shown[i]];
    list->AddText(ImVec2(at.x + c.x[i] - ImGui::CalcTextSize(head).x, at.y), dim, head);
  }
  ImGui::Dummy(ImVec2(0, ImGui::GetTextLineHeightWithSpacing()));
  for (const BenchRow& r : rows) draw_bar_row(r, c, top, ladder, p);
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
  ImGui::TextWrapped("%s", report.version >= 2
                               ? "Bars: GB/s of input read at the median time; whisker: q1..q3 "
                                 "of the trials; \xE2\x96\xB2 unstable (the middle half stayed "
                                 "wide); vs k1: kernel 1's time over this one's. Hover a row for "
                                 "all its figures."
                               : "Bars: GB/s of input read at the median time (medians only: a "
                                 "version-1 recording has no spread); vs k1: kernel 1's time "
                                 "over this one's. Hover a row for its figures.");
  ImGui::PopStyleColor();
}

// SameLine when `width` more fits on the line (true), else the next item starts a new line.
bool same_line_if_fits(float width) {
  float right = ImGui::GetItemRectMax().x + ImGui::GetStyle().ItemSpacing.x + width;
  if (right > ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x) return false;
  ImGui::SameLine();
  return true;
}

// A section's title over a rule.
void heading(const char* title) {
  ImGui::Spacing();
  ImGui::TextUnformatted(title);
  ImGui::Separator();
}

void draw_notes(const BenchReport& report, ElementType type, std::uint64_t n) {
  std::vector<std::string> notes = bench_notes(report, type, n);
  if (notes.empty()) return;
  heading("What to notice");
  for (const std::string& note : notes) {
    ImGui::Bullet();
    ImGui::TextWrapped("%s", note.c_str());
  }
}

class TimingTab final : public Tab {
 public:
  View view() const override { return View::Timing; }
  const char* label() const override { return "Timing"; }
  void start(AppContext&) override { load_recorded(); }
  void stop() override {  // test hook: the type and n shown last (STRIDESCOPE_REPORT_WINDOWS)
    if (std::getenv("STRIDESCOPE_REPORT_WINDOWS") != nullptr && !shown_.empty())
      std::printf("timing: %s\n", shown_.c_str());
  }

  void draw(AppContext& ctx) override {
    const Palette& p = ctx.palette();
    draw_measure_button(ctx);
    if (!error_.empty()) ImGui::TextColored(p.error, "%s", error_.c_str());
    if (ctx.program.is_open())  // the figures below are never the open program's
      wrapped_text("The catalog's kernels, not " +
                       std::filesystem::path(ctx.program.path()).filename().string() +
                       " (a GPU times each of its launches: stridescope run FILE --backend cuda).",
                   p.text_dim);
    if (!report_) return;
    const BenchReport& r = *report_;
    // The date line goes where the narrow window shows the chart alone (room for it).
    bool narrow = ImGui::GetContentRegionAvail().x < 65 * ImGui::GetFontSize();
    draw_source_line(r, p, !(curves_only_ && narrow));
    follow_lesson(ctx, r);
    draw_type_choice();
    std::vector<std::uint64_t> sizes = bench_sizes(r, type_);
    if (sizes.empty()) return;
    std::uint64_t n = choose_size(sizes);
    shown_ = std::string(name_of(type_)) + " n = " + power_label(n);
    // Side by side where the ladder and a chart with its legend both fit: about 65 characters
    // across and 26 lines down.
    ImVec2 avail = ImGui::GetContentRegionAvail();
    if (avail.x >= 65 * ImGui::GetFontSize() &&
        avail.y >= 26 * ImGui::GetTextLineHeightWithSpacing()) {
      draw_side_by_side(r, n, avail, p);
    } else {
      draw_stacked(r, n, p);
    }
  }

 private:
  void draw_measure_button(AppContext& ctx) {
    if (!ctx.device_bench) return;
    if (ImGui::Button(("Measure now on " + ctx.device_name).c_str())) {
      try {
        report_ = ctx.device_bench();
        error_.clear();
      } catch (const std::exception& e) {
        error_ = e.what();
      }
    }
  }

  // "RECORDED on <device>", the date and toolkit, the method on hover, the type.
  void draw_source_line(const BenchReport& r, const Palette& p, bool with_date) {
    ImGui::TextColored(r.recorded ? p.warp_divergent : p.warp_full, "%s %s",
                       r.recorded ? "RECORDED on" : "LIVE on", r.device.c_str());
    if (!with_date) return;  // the chart alone: room for it
    std::string when = r.date + ", " + r.toolkit + " (method)";
    same_line_if_fits(ImGui::CalcTextSize(when.c_str()).x);
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
    ImGui::TextWrapped("%s", when.c_str());
    ImGui::PopStyleColor();
    if (ImGui::IsItemHovered() && !r.method.empty()) {
      ImGui::BeginTooltip();
      ImGui::PushTextWrapPos(ImGui::GetFontSize() * 40);
      ImGui::TextUnformatted(r.method.c_str());
      ImGui::PopTextWrapPos();
      ImGui::EndTooltip();
    }
  }

  // In a lesson, each of its steps first shows its own type and n (the ladder's ints at 2^22, not
  // the float default); the learner's choices hold until the lesson moves on.
  void follow_lesson(const AppContext& ctx, const BenchReport& r) {
    std::optional<std::pair<LessonId, std::size_t>> place;
    if (ctx.lesson) place = std::pair(ctx.lesson->id, ctx.lesson->step);
    if (place == followed_) return;
    followed_ = place;
    if (!place) return;
    LessonTiming timing = lesson_timing(lesson_of(place->first).steps[place->second]);
    std::vector<std::uint64_t> sizes = bench_sizes(r, timing.type);
    if (sizes.empty()) return;
    type_ = timing.type;
    size_index_ = 0;  // the measured size nearest the lesson's n
    for (std::size_t i = 1; i < sizes.size(); ++i) {
      auto distance = [&](std::uint64_t s) { return s > timing.n ? s - timing.n : timing.n - s; };
      if (distance(sizes[i]) < distance(sizes[size_index_])) size_index_ = static_cast<int>(i);
    }
  }

  void draw_type_choice() {
    for (ElementType type : {ElementType::Float, ElementType::Int}) {
      if (type != ElementType::Float) ImGui::SameLine();
      if (ImGui::RadioButton(std::string(name_of(type)).c_str(), type_ == type)) type_ = type;
    }
    ImGui::SameLine();
  }

  // Narrow windows: the ladder and its notes, or the chart with its legend filling the view.
  void draw_stacked(const BenchReport& r, std::uint64_t n, const Palette& p) {
    same_line_if_fits(ImGui::CalcTextSize("bars at this n  time over n").x +
                      4 * ImGui::GetFontSize());
    if (ImGui::RadioButton("bars at this n", !curves_only_)) curves_only_ = false;
    ImGui::SameLine();
    if (ImGui::RadioButton("time over n", curves_only_)) curves_only_ = true;
    if (curves_only_) same_line_if_fits(ImGui::CalcTextSize("every variant's curve").x * 1.2f);
    if (curves_only_) ImGui::Checkbox("every variant's curve", &all_curves_);
    ImGui::BeginChild("timing-body", ImVec2(0, 0), false);
    float visible = ImGui::GetWindowHeight(), line = ImGui::GetTextLineHeightWithSpacing();
    if (!curves_only_) {
      draw_bars(r, type_, n, p);
      draw_notes(r, type_, n);
    } else {
      float chart = std::max(5 * line, visible - time_legend_height(r, all_curves_) - line);
      draw_time_chart(r, type_, n, chart, p, hidden_, all_curves_);
    }
    ImGui::EndChild();
  }

  // Wide windows: the ladder and its notes left, the chart right.
  void draw_side_by_side(const BenchReport& r, std::uint64_t n, ImVec2 avail, const Palette& p) {
    ImGui::BeginChild("timing-ladder", ImVec2(avail.x * 0.5f, avail.y), false);
    draw_bars(r, type_, n, p);
    draw_notes(r, type_, n);
    ImGui::EndChild();
    ImGui::SameLine();
    ImGui::BeginChild("timing-curves", ImVec2(0, avail.y), false);
    float line = ImGui::GetTextLineHeightWithSpacing();
    draw_curves_choice();
    float chart = std::max(10 * line, avail.y - time_legend_height(r, all_curves_) - 2 * line);
    draw_time_chart(r, type_, n, chart, p, hidden_, all_curves_);
    ImGui::EndChild();
  }

  // Harris's ladder, CUB and the copy by default: over 20 curves pile up below 2^22.
  void draw_curves_choice() {
    ImGui::Checkbox("every variant's curve", &all_curves_);
    if (!all_curves_ && same_line_if_fits(ImGui::CalcTextSize("(now: kernels 1-7, CUB, copy)").x))
      ImGui::TextDisabled("(now: kernels 1-7, CUB, copy)");
  }

  void load_recorded() {
    std::vector<std::string> files = recorded_bench_files();
    if (files.empty()) {
      error_ = "no recorded timings found (assets/recorded)";
      return;
    }
    try {
      report_ = load_bench(files.front());
    } catch (const std::exception& e) {
      error_ = e.what();
    }
  }

  // The size slider: "n = 2^22 (16 MiB)", the input's size; returns the n chosen.
  std::uint64_t choose_size(const std::vector<std::uint64_t>& sizes) {
    if (size_index_ < 0 || size_index_ >= static_cast<int>(sizes.size())) {
      size_index_ = static_cast<int>(sizes.size()) - 1;
    }
    std::uint64_t n = sizes[size_index_];
    std::string label = "n = " + power_label(n) + " (" + size_label(n * element_bytes(type_)) + ")";
    ImGui::SetNextItemWidth(std::min(ImGui::GetContentRegionAvail().x, ImGui::GetFontSize() * 14));
    ImGui::SliderInt("##n", &size_index_, 0, static_cast<int>(sizes.size()) - 1,
                     printf_literal(label).c_str());
    if (!curves_only_ && same_line_if_fits(ImGui::CalcTextSize("drag for another n").x)) {
      ImGui::TextDisabled("drag for another n");  // a hint: left out where it does not fit
    }
    return n;
  }

  std::optional<BenchReport> report_;  // recorded (assets/recorded) or measured live
  std::string error_;
  ElementType type_ = ElementType::Float;
  int size_index_ = -1;           // into the measured sizes; -1: the largest
  std::set<std::string> hidden_;  // kernels whose curves the legend hides
  bool all_curves_ = false;       // every kernel's curve, not only the ladder's, CUB's and copy's
  bool curves_only_ = false;      // narrow windows: the chart instead of the bars
  // The lesson step last followed, and the last frame's choice ("int n = 2^22", for the
  // STRIDESCOPE_REPORT_WINDOWS test hook).
  std::optional<std::pair<LessonId, std::size_t>> followed_;
  std::string shown_;
};

}  // namespace

std::unique_ptr<Tab> make_timing_tab() {
  return std::make_unique<TimingTab>();
}

}  // namespace stridescope
