// The Timing tab: per-variant bars at one n and log-log curves over n beside CUB and a device
// copy, from a recorded (assets/recorded) or live benchmark report.
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <memory>
#include <optional>
#include <string>

#include "bench/bench_report.h"
#include "core/format.h"
#include "ui/tab.h"

namespace stridescope {
namespace {

ImU32 kernel_color(const Palette& p, std::size_t index, const std::string& kernel) {
  if (kernel == "copy") return ImGui::ColorConvertFloat4ToU32(p.timing_copy);
  if (kernel == "cub") return ImGui::ColorConvertFloat4ToU32(p.timing_cub);
  constexpr std::size_t series = sizeof p.timing_series / sizeof p.timing_series[0];
  return ImGui::ColorConvertFloat4ToU32(p.timing_series[index % series]);
}

std::string size_text(std::uint64_t n) {
  int log2 = 0;
  while ((std::uint64_t{1} << log2) < n) ++log2;
  return "n = 2^" + std::to_string(log2);
}

void draw_bars(const BenchReport& report, ElementType type, std::uint64_t n, const Palette& p) {
  std::vector<BenchRow> rows = bench_rows(report, type, n);
  std::vector<std::string> kernels = bench_kernels(report);
  double top = 1;
  for (const BenchRow& r : rows) top = std::max(top, r.entry->gbps);
  ImDrawList* list = ImGui::GetWindowDrawList();
  float line = ImGui::GetTextLineHeightWithSpacing();
  float name_width = ImGui::CalcTextSize("interleaved-divergent  ").x;
  float width = ImGui::GetContentRegionAvail().x - name_width;
  for (const BenchRow& r : rows) {
    const BenchEntry& e = *r.entry;
    std::size_t index = std::find(kernels.begin(), kernels.end(), e.kernel) - kernels.begin();
    ImVec2 at = ImGui::GetCursorScreenPos();
    list->AddText(at, ImGui::GetColorU32(ImGuiCol_Text),
                  e.kernel == "copy" ? "copy (rd+wr)" : e.kernel.c_str());
    float length = static_cast<float>(width * 0.45 * e.gbps / top);
    ImVec2 bar(at.x + name_width, at.y + line * 0.1f);
    list->AddRectFilled(bar, ImVec2(bar.x + std::max(2.0f, length), bar.y + line * 0.8f),
                        kernel_color(p, index, e.kernel), 3);
    char text[160];
    if (e.kernel == "copy") {
      std::snprintf(text, sizeof text, "%.1f us  %.0f GB/s", e.median_us, e.gbps);
    } else {
      std::snprintf(text, sizeof text, "%.1f us  %.0f GB/s  %.0f%% of copy  %.2fx", e.median_us,
                    e.gbps, r.percent_of_copy, r.speedup);
    }
    list->AddText(ImVec2(bar.x + std::max(2.0f, length) + 8, at.y),
                  ImGui::GetColorU32(ImGuiCol_Text), text);
    ImGui::Dummy(ImVec2(0, line));
  }
}

// The chart's frame: log10 microseconds up, log2 n across, and the mapping into pixels.
struct ChartAxes {
  double x0 = 0, x1 = 1, y0 = 0, y1 = 1;
  ImVec2 p0, p1;  // top-left and bottom-right of the plot area
  float px(double x) const {
    return p0.x + static_cast<float>((x - x0) / (x1 - x0)) * (p1.x - p0.x);
  }
  float py(double y) const {
    return p1.y - static_cast<float>((y - y0) / std::max(1.0, y1 - y0)) * (p1.y - p0.y);
  }
};

void draw_grid(ImDrawList* list, const ChartAxes& a, ImVec2 origin, float line) {
  ImU32 grid = ImGui::GetColorU32(ImGuiCol_TextDisabled, 0.35f);
  ImU32 text = ImGui::GetColorU32(ImGuiCol_TextDisabled);
  for (double y = a.y0; y <= a.y1; ++y) {
    list->AddLine(ImVec2(a.p0.x, a.py(y)), ImVec2(a.p1.x, a.py(y)), grid);
    char label[32];
    std::snprintf(label, sizeof label, "%g us", std::pow(10.0, y));
    list->AddText(ImVec2(origin.x, a.py(y) - line * 0.5f), text, label);
  }
  for (double x = a.x0; x <= a.x1; x += 2) {
    list->AddLine(ImVec2(a.px(x), a.p0.y), ImVec2(a.px(x), a.p1.y), grid);
    char label[32];
    std::snprintf(label, sizeof label, "2^%d", static_cast<int>(x));
    float label_x = std::min(a.px(x) - 10, a.p1.x - ImGui::CalcTextSize(label).x);
    list->AddText(ImVec2(label_x, a.p1.y + 2), text, label);
  }
}

void draw_legend(ImDrawList* list, const std::vector<std::string>& kernels, float x, float line,
                 const Palette& p) {
  for (std::size_t k = 0; k < kernels.size(); ++k) {
    ImVec2 at(x, ImGui::GetCursorScreenPos().y);
    list->AddRectFilled(ImVec2(at.x, at.y + line * 0.35f), ImVec2(at.x + line, at.y + line * 0.6f),
                        kernel_color(p, k, kernels[k]));
    list->AddText(ImVec2(at.x + line * 1.2f, at.y), ImGui::GetColorU32(ImGuiCol_Text),
                  kernels[k].c_str());
    x += line * 1.6f + ImGui::CalcTextSize(kernels[k].c_str()).x;
  }
  ImGui::Dummy(ImVec2(0, line));
}

void draw_curves(const BenchReport& report, ElementType type, std::uint64_t marked_n,
                 const Palette& p) {
  std::vector<std::string> kernels = bench_kernels(report);
  std::vector<std::uint64_t> sizes = bench_sizes(report, type);
  if (sizes.size() < 2) return;
  double min_t = 1e300, max_t = 0;
  for (const BenchEntry& e : report.entries) {
    if (e.element_type != type || e.median_us <= 0) continue;
    min_t = std::min(min_t, e.median_us);
    max_t = std::max(max_t, e.median_us);
  }
  ImVec2 origin = ImGui::GetCursorScreenPos();
  ImVec2 size = ImGui::GetContentRegionAvail();
  float line = ImGui::GetTextLineHeightWithSpacing();
  size.y -= line * 1.5f;
  if (size.y < 80) return;
  float left = ImGui::CalcTextSize("10000 us ").x, bottom = line * 1.2f;
  ChartAxes a{std::log2(static_cast<double>(sizes.front())),
              std::log2(static_cast<double>(sizes.back())),
              std::floor(std::log10(min_t)),
              std::ceil(std::log10(max_t)),
              ImVec2(origin.x + left, origin.y + 4),
              ImVec2(origin.x + size.x - 8, origin.y + size.y - bottom)};
  ImDrawList* list = ImGui::GetWindowDrawList();
  draw_grid(list, a, origin, line);
  double mark = std::log2(static_cast<double>(marked_n));
  list->AddLine(ImVec2(a.px(mark), a.p0.y), ImVec2(a.px(mark), a.p1.y),
                ImGui::GetColorU32(ImGuiCol_Text, 0.6f), 2);
  for (std::size_t k = 0; k < kernels.size(); ++k) {
    std::vector<ImVec2> points;
    for (std::uint64_t n : sizes) {
      if (const BenchEntry* e = find_entry(report, kernels[k], type, n); e && e->median_us > 0) {
        points.push_back(
            ImVec2(a.px(std::log2(static_cast<double>(n))), a.py(std::log10(e->median_us))));
      }
    }
    float thickness = kernels[k] == "cub" || kernels[k] == "copy" ? 3.0f : 2.0f;
    list->AddPolyline(points.data(), static_cast<int>(points.size()),
                      kernel_color(p, k, kernels[k]), 0, thickness);
  }
  ImGui::Dummy(ImVec2(size.x, size.y));
  draw_legend(list, kernels, origin.x + left, line, p);
}

class TimingTab final : public Tab {
 public:
  View view() const override { return View::Timing; }
  const char* label() const override { return "Timing"; }
  void start(AppContext&) override { load_recorded(); }

  void draw(AppContext& ctx) override {
    const Palette& p = ctx.palette();
    if (ctx.device_bench) {
      if (ImGui::Button(("Measure now on " + ctx.device_name).c_str())) {
        try {
          report_ = ctx.device_bench();
          error_.clear();
        } catch (const std::exception& e) {
          error_ = e.what();
        }
      }
    }
    if (!error_.empty()) ImGui::TextColored(p.error, "%s", error_.c_str());
    if (!report_) return;
    const BenchReport& r = *report_;
    ImGui::TextColored(r.recorded ? p.warp_divergent : p.warp_full, "%s %s",
                       r.recorded ? "RECORDED on" : "LIVE on", r.device.c_str());
    ImGui::SameLine();
    ImGui::TextDisabled("%s", r.date.c_str());
    ImGui::TextDisabled("%s", r.toolkit.c_str());
    for (ElementType type : {ElementType::Float, ElementType::Int}) {
      ImGui::SameLine();
      if (ImGui::RadioButton(std::string(name_of(type)).c_str(), type_ == type)) type_ = type;
    }
    std::vector<std::uint64_t> sizes = bench_sizes(r, type_);
    if (sizes.empty()) return;
    std::uint64_t n = choose_size(sizes);
    ImGui::Spacing();
    draw_bars(r, type_, n, p);
    ImGui::Spacing();
    ImGui::TextDisabled("time to reduce n elements to one value (log-log)");
    draw_curves(r, type_, n, p);
  }

 private:
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

  // The size slider; returns the n chosen.
  std::uint64_t choose_size(const std::vector<std::uint64_t>& sizes) {
    if (size_index_ < 0 || size_index_ >= static_cast<int>(sizes.size())) {
      size_index_ = static_cast<int>(sizes.size()) - 1;
    }
    std::uint64_t n = sizes[size_index_];
    char label[96];
    double megabytes = static_cast<double>(n) * 4 / 1e6;  // int and float are 4 bytes
    std::snprintf(label, sizeof label,
                  megabytes < 10 ? "%s (%.2g MB of input)" : "%s (%.0f MB of input)",
                  size_text(n).c_str(), megabytes);
    ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x * 0.6f);
    ImGui::SliderInt("##n", &size_index_, 0, static_cast<int>(sizes.size()) - 1,
                     printf_literal(label).c_str());
    return n;
  }

  std::optional<BenchReport> report_;  // recorded (assets/recorded) or measured live
  std::string error_;
  ElementType type_ = ElementType::Float;
  int size_index_ = -1;  // into the measured sizes; -1: the largest
};

}  // namespace

std::unique_ptr<Tab> make_timing_tab() {
  return std::make_unique<TimingTab>();
}

}  // namespace stridescope
