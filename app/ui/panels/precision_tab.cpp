// The Precision tab: the precision study's errors as one bar per summation, its length the
// relative error on a log scale; the study runs in the background.
#include <imgui.h>

#include <future>
#include <memory>
#include <optional>
#include <string>

#include "catalog/emu/precision_study.h"
#include "core/browser.h"
#include "ui/panels/tab.h"
#include "ui/widgets/widgets.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>

namespace stridescope {
namespace {

ImVec4 bar_color(const PrecisionRow& row, const Palette& p) {
  switch (row.summation) {
    case Summation::SerialLoop:
      return p.error;
    case Summation::Double:
      return p.text_dim;
    case Summation::Compensated:
      return p.warp_full;
    case Summation::Tree:
      break;
  }
  return p.cell_read;
}

// "rel 1.16e-05  193.8 ulps", or "exact".
std::string error_numbers(const PrecisionRow& row) {
  if (row.error.absolute == 0) return "exact";
  char numbers[64];
  std::snprintf(numbers, sizeof numbers, "rel %.2e  %.1f ulps", row.error.relative, row.error.ulps);
  return numbers;
}

// One bar per row, its label beside it where every label fits in a column, else on a line of its
// own above it (never cut); the figures after the bar.
void draw_rows(const PrecisionStudy& study, const Palette& p) {
  ImDrawList* list = ImGui::GetWindowDrawList();
  const float width = ImGui::GetContentRegionAvail().x;
  float label_width = 0, numbers_width = 0;
  for (const PrecisionRow& row : study.rows) {
    label_width = std::max(label_width, ImGui::CalcTextSize(row.label.c_str()).x);
    numbers_width = std::max(numbers_width, ImGui::CalcTextSize(error_numbers(row).c_str()).x);
  }
  const float least_bar = ImGui::GetFontSize() * 6;
  const bool beside = label_width + 8 + least_bar + 12 + numbers_width <= width;
  const float bar_left = beside ? label_width + 8 : 0;
  const float bar_width = std::max(1.0f, width - bar_left - 12 - numbers_width);
  const float row_height = ImGui::GetTextLineHeightWithSpacing() * 1.15f;
  float top = 0, bottom = 0;
  for (const PrecisionRow& row : study.rows) {
    if (beside) {
      ImGui::TextUnformatted(row.label.c_str());
      ImGui::SameLine(0, 0);
    } else {
      wrapped_text(row.label);
    }
    ImVec2 at = ImGui::GetCursorScreenPos();
    const float x = ImGui::GetWindowPos().x + ImGui::GetCursorStartPos().x - ImGui::GetScrollX();
    const float bar_x = x + bar_left, y = beside ? at.y : at.y;
    if (top == 0) top = y;
    const float length = static_cast<float>(row.bar) * bar_width;
    list->AddRectFilled(ImVec2(bar_x, y + row_height * 0.15f),
                        ImVec2(bar_x + std::max(length, 2.0f), y + row_height * 0.85f),
                        ImGui::ColorConvertFloat4ToU32(bar_color(row, p)), 3);
    ImGui::SetCursorScreenPos(ImVec2(bar_x + bar_width + 12, y));
    ImGui::TextUnformatted(error_numbers(row).c_str());
    bottom = y + row_height;
    ImGui::SetCursorScreenPos(ImVec2(x, bottom));
  }
  // Decade ticks, 1e-10 .. 1e-2, across the rows, named under them.
  const float x = ImGui::GetCursorScreenPos().x + bar_left;
  for (int decade = -10; decade <= -2; ++decade) {
    float at = x + static_cast<float>(log_error_position(std::pow(10.0, decade))) * bar_width;
    list->AddLine(ImVec2(at, top), ImVec2(at, bottom),
                  ImGui::ColorConvertFloat4ToU32(ImVec4(1, 1, 1, 0.12f)));
    if (decade % 2 != 0) continue;
    char text[16];
    std::snprintf(text, sizeof text, "1e%d", decade);
    list->AddText(ImVec2(at + 2, bottom + 2), ImGui::GetColorU32(ImGuiCol_TextDisabled), text);
  }
  ImGui::Dummy(ImVec2(1, ImGui::GetTextLineHeightWithSpacing() * 1.3f));
}

class PrecisionTab final : public Tab {
 public:
  View view() const override { return View::Precision; }
  const char* label() const override { return "Precision"; }

  // The study takes seconds: it starts with the window only when this tab is asked for, in the
  // background (a screenshot waits for it).
  void start(AppContext& ctx) override {
    if (ctx.start_view != View::Precision) return;
    if (!ctx.capture) {
      start_study();
      return;
    }
    try {
      study_ = precision_study(n_, seed_);
    } catch (const std::exception& e) {
      error_ = e.what();
    }
  }

  void draw(AppContext& ctx) override {
    const Palette& p = ctx.palette();
    collect();
    if (pending_.valid())  // the window may sleep: it wakes when the study is done
      ctx.frame_wishes.wake_when.push_back([this] { return ready(); });
    wrapped_text(
        "One float input, summed in different orders. A serial loop adds every element to one "
        "ever larger sum and loses more low bits with each addition; a tree adds numbers of "
        "similar size, so its error grows with log2(n), not n.");
    if (pending_.valid()) {
      ImGui::TextDisabled("computing %llu floats on the CPU emulator...",
                          static_cast<unsigned long long>(n_));
    } else if (ImGui::Button(study_ ? "Run again" : "Run the study")) {
      start_study();
    }
    if (!error_.empty()) wrapped_text(error_, p.error);
    if (!study_) return;
    const PrecisionStudy& s = *study_;
    char line[200];
    std::snprintf(line, sizeof line,
                  "n = %llu uniform floats in [0, 1), seed %llu, blocks of %u; float64 reference "
                  "%.10g",
                  static_cast<unsigned long long>(s.n), static_cast<unsigned long long>(s.seed),
                  s.block, s.reference);
    wrapped_text(line);
    wrapped_text(
        "relative error, log scale (red: serial loop, blue: trees, green: Kahan, grey: double)",
        dim());
    ImGui::Spacing();
    draw_rows(s, p);
  }

 private:
  void start_study() {
    if (pending_.valid()) return;
    error_.clear();
    std::uint64_t n = n_, seed = seed_;
#if defined(__EMSCRIPTEN__)  // a page has one thread: the study runs now, the page waits for it
    std::promise<PrecisionStudy> done;
    try {
      done.set_value(precision_study(n, seed));
    } catch (...) {
      done.set_exception(std::current_exception());
    }
    pending_ = done.get_future();
#else
    pending_ = std::async(std::launch::async, [n, seed] { return precision_study(n, seed); });
#endif
  }

  bool ready() const {
    return pending_.valid() &&
           pending_.wait_for(std::chrono::seconds(0)) == std::future_status::ready;
  }

  void collect() {
    if (!ready()) return;
    try {
      study_ = pending_.get();
    } catch (const std::exception& e) {
      error_ = e.what();
    }
  }

  // About 2 s on the desktop's emulator; a page's (one thread, its fibers switched through
  // JavaScript) takes as long for 2^14, and the page waits for it.
  std::uint64_t n_ = std::uint64_t{1} << (kInBrowser ? 14 : 20);
  std::uint64_t seed_ = 1;
  std::optional<PrecisionStudy> study_;
  std::future<PrecisionStudy> pending_;
  std::string error_;
};

}  // namespace

std::unique_ptr<Tab> make_precision_tab() {
  return std::make_unique<PrecisionTab>();
}

}  // namespace stridescope
