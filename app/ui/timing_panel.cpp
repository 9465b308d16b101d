// The timing panel: bars at one n and log-log curves over n, drawn from a BenchReport.
#include "ui/timing_panel.h"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "ui/theme.h"

namespace stridescope {
namespace {

ImU32 kernel_color(std::size_t index, const std::string& kernel) {
  if (kernel == "copy") return IM_COL32(200, 200, 200, 255);
  if (kernel == "cub") return IM_COL32(118, 185, 0, 255);
  static const ImU32 colors[] = {IM_COL32(255, 99, 71, 255), IM_COL32(255, 184, 51, 255),
                                 IM_COL32(84, 153, 250, 255), IM_COL32(200, 120, 255, 255),
                                 IM_COL32(0, 210, 210, 255)};
  return colors[index % (sizeof colors / sizeof colors[0])];
}

std::string size_text(std::uint64_t n) {
  int log2 = 0;
  while ((std::uint64_t{1} << log2) < n) ++log2;
  return "n = 2^" + std::to_string(log2);
}

void draw_bars(const BenchReport& report, ElementType type, std::uint64_t n) {
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
                        kernel_color(index, e.kernel), 3);
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

void draw_curves(const BenchReport& report, ElementType type, std::uint64_t marked_n) {
  std::vector<std::string> kernels = bench_kernels(report);
  std::vector<std::uint64_t> sizes = bench_sizes(report, type);
  if (sizes.size() < 2) return;
  double min_t = 1e300, max_t = 0;
  for (const BenchEntry& e : report.entries) {
    if (e.element_type != type || e.median_us <= 0) continue;
    min_t = std::min(min_t, e.median_us);
    max_t = std::max(max_t, e.median_us);
  }
  double y0 = std::floor(std::log10(min_t)), y1 = std::ceil(std::log10(max_t));
  double x0 = std::log2(static_cast<double>(sizes.front())),
         x1 = std::log2(static_cast<double>(sizes.back()));
  ImVec2 origin = ImGui::GetCursorScreenPos();
  ImVec2 size = ImGui::GetContentRegionAvail();
  float line = ImGui::GetTextLineHeightWithSpacing();
  size.y -= line * 1.5f;
  if (size.y < 80) return;
  float left = ImGui::CalcTextSize("10000 us ").x, bottom = line * 1.2f;
  ImVec2 p0(origin.x + left, origin.y + 4), p1(origin.x + size.x - 8, origin.y + size.y - bottom);
  ImDrawList* list = ImGui::GetWindowDrawList();
  ImU32 grid = ImGui::GetColorU32(ImGuiCol_TextDisabled, 0.35f);
  ImU32 text = ImGui::GetColorU32(ImGuiCol_TextDisabled);
  auto px = [&](double x) {
    return p0.x + static_cast<float>((x - x0) / (x1 - x0)) * (p1.x - p0.x);
  };
  auto py = [&](double y) {
    return p1.y - static_cast<float>((y - y0) / std::max(1.0, y1 - y0)) * (p1.y - p0.y);
  };
  for (double y = y0; y <= y1; ++y) {
    list->AddLine(ImVec2(p0.x, py(y)), ImVec2(p1.x, py(y)), grid);
    char label[32];
    std::snprintf(label, sizeof label, "%g us", std::pow(10.0, y));
    list->AddText(ImVec2(origin.x, py(y) - line * 0.5f), text, label);
  }
  for (double x = x0; x <= x1; x += 2) {
    list->AddLine(ImVec2(px(x), p0.y), ImVec2(px(x), p1.y), grid);
    char label[32];
    std::snprintf(label, sizeof label, "2^%d", static_cast<int>(x));
    float label_x = std::min(px(x) - 10, p1.x - ImGui::CalcTextSize(label).x);
    list->AddText(ImVec2(label_x, p1.y + 2), text, label);
  }
  double mark = std::log2(static_cast<double>(marked_n));
  list->AddLine(ImVec2(px(mark), p0.y), ImVec2(px(mark), p1.y),
                ImGui::GetColorU32(ImGuiCol_Text, 0.6f), 2);
  for (std::size_t k = 0; k < kernels.size(); ++k) {
    std::vector<ImVec2> points;
    for (std::uint64_t n : sizes) {
      if (const BenchEntry* e = find_entry(report, kernels[k], type, n); e && e->median_us > 0) {
        points.push_back(
            ImVec2(px(std::log2(static_cast<double>(n))), py(std::log10(e->median_us))));
      }
    }
    float thickness = kernels[k] == "cub" || kernels[k] == "copy" ? 3.0f : 2.0f;
    list->AddPolyline(points.data(), static_cast<int>(points.size()), kernel_color(k, kernels[k]),
                      0, thickness);
  }
  ImGui::Dummy(ImVec2(size.x, size.y));
  float x = origin.x + left;
  for (std::size_t k = 0; k < kernels.size(); ++k) {
    ImVec2 at(x, ImGui::GetCursorScreenPos().y);
    list->AddRectFilled(ImVec2(at.x, at.y + line * 0.35f), ImVec2(at.x + line, at.y + line * 0.6f),
                        kernel_color(k, kernels[k]));
    list->AddText(ImVec2(at.x + line * 1.2f, at.y), ImGui::GetColorU32(ImGuiCol_Text),
                  kernels[k].c_str());
    x += line * 1.6f + ImGui::CalcTextSize(kernels[k].c_str()).x;
  }
  ImGui::Dummy(ImVec2(0, line));
}

}  // namespace

void load_recorded_timing(TimingState& state) {
  std::vector<std::string> files = recorded_bench_files();
  if (files.empty()) {
    state.error = "no recorded timings found (assets/recorded)";
    return;
  }
  try {
    state.report = load_bench(files.front());
  } catch (const std::exception& e) {
    state.error = e.what();
  }
}

void timing_panel(TimingState& state, bool high_contrast) {
  const Palette& p = palette(high_contrast);
  if (state.measure_live) {
    if (ImGui::Button(("Measure now on " + state.device_name).c_str())) {
      try {
        state.report = state.measure_live();
        state.error.clear();
      } catch (const std::exception& e) {
        state.error = e.what();
      }
    }
  }
  if (!state.error.empty()) ImGui::TextColored(p.error, "%s", state.error.c_str());
  if (!state.report) return;
  const BenchReport& r = *state.report;
  ImGui::TextColored(r.recorded ? p.warp_divergent : p.warp_full, "%s %s",
                     r.recorded ? "RECORDED on" : "LIVE on", r.device.c_str());
  ImGui::SameLine();
  ImGui::TextDisabled("%s", r.date.c_str());
  ImGui::TextDisabled("%s", r.toolkit.c_str());
  for (ElementType type : {ElementType::Float, ElementType::Int}) {
    ImGui::SameLine();
    if (ImGui::RadioButton(std::string(name_of(type)).c_str(), state.element_type == type))
      state.element_type = type;
  }
  std::vector<std::uint64_t> sizes = bench_sizes(r, state.element_type);
  if (sizes.empty()) return;
  if (state.size_index < 0 || state.size_index >= static_cast<int>(sizes.size())) {
    state.size_index = static_cast<int>(sizes.size()) - 1;
  }
  std::uint64_t n = sizes[state.size_index];
  char label[96];
  double megabytes = static_cast<double>(n) * 4 / 1e6;  // int and float are 4 bytes
  std::snprintf(label, sizeof label,
                megabytes < 10 ? "%s (%.2g MB of input)" : "%s (%.0f MB of input)",
                size_text(n).c_str(), megabytes);
  ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x * 0.6f);
  ImGui::SliderInt("##n", &state.size_index, 0, static_cast<int>(sizes.size()) - 1, label);
  ImGui::Spacing();
  draw_bars(r, state.element_type, n);
  ImGui::Spacing();
  ImGui::TextDisabled("time to reduce n elements to one value (log-log)");
  draw_curves(r, state.element_type, n);
}

}  // namespace stridescope
