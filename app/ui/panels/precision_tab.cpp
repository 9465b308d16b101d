// The Precision tab: the precision study's errors as one bar per summation, its length the
// relative error on a log scale; the study runs in the background.
#include <imgui.h>

#include <future>
#include <memory>
#include <optional>
#include <string>

#include "emu/precision_study.h"
#include "ui/panels/tab.h"

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

void draw_rows(const PrecisionStudy& study, const Palette& p) {
  ImDrawList* list = ImGui::GetWindowDrawList();
  float width = ImGui::GetContentRegionAvail().x;
  float label_width = width * 0.36f,
        numbers_width = ImGui::CalcTextSize("rel 1.23e-07  123.4 ulps").x;
  float bar_width = std::max(60.0f, width - label_width - numbers_width - 24);
  float row_height = ImGui::GetTextLineHeightWithSpacing() * 1.15f;
  ImVec2 origin = ImGui::GetCursorScreenPos();
  float bar_x = origin.x + label_width + 8;
  // Decade ticks: 1e-10 .. 1e-2.
  for (int decade = -10; decade <= -2; ++decade) {
    float x = bar_x + static_cast<float>(log_error_position(std::pow(10.0, decade))) * bar_width;
    list->AddLine(ImVec2(x, origin.y), ImVec2(x, origin.y + row_height * study.rows.size()),
                  ImGui::ColorConvertFloat4ToU32(ImVec4(1, 1, 1, 0.12f)));
    if (decade % 2 == 0) {
      char text[16];
      std::snprintf(text, sizeof text, "1e%d", decade);
      list->AddText(ImVec2(x + 2, origin.y + row_height * study.rows.size() + 2),
                    ImGui::GetColorU32(ImGuiCol_TextDisabled), text);
    }
  }
  for (std::size_t i = 0; i < study.rows.size(); ++i) {
    const PrecisionRow& row = study.rows[i];
    float y = origin.y + row_height * i;
    ImGui::SetCursorScreenPos(ImVec2(origin.x, y));
    ImGui::PushClipRect(ImVec2(origin.x, y), ImVec2(origin.x + label_width, y + row_height), true);
    ImGui::TextUnformatted(row.label.c_str());
    ImGui::PopClipRect();
    float length = static_cast<float>(row.bar) * bar_width;
    ImVec2 a(bar_x, y + row_height * 0.15f),
        b(bar_x + std::max(length, 2.0f), y + row_height * 0.85f);
    list->AddRectFilled(a, b, ImGui::ColorConvertFloat4ToU32(bar_color(row, p)), 3);
    char numbers[64];
    if (row.error.absolute == 0) {
      std::snprintf(numbers, sizeof numbers, "exact");
    } else {
      std::snprintf(numbers, sizeof numbers, "rel %.2e  %.1f ulps", row.error.relative,
                    row.error.ulps);
    }
    list->AddText(ImVec2(bar_x + bar_width + 12, y + row_height * 0.1f),
                  ImGui::GetColorU32(ImGuiCol_Text), numbers);
  }
  ImGui::SetCursorScreenPos(ImVec2(origin.x, origin.y + row_height * (study.rows.size() + 1.3f)));
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
    ImGui::PushTextWrapPos(0);
    ImGui::TextUnformatted(
        "One float input, summed in different orders. A serial loop adds every element to one "
        "ever larger sum and loses more low bits with each addition; a tree adds numbers of "
        "similar size, so its error grows with log2(n), not n.");
    ImGui::PopTextWrapPos();
    if (pending_.valid()) {
      ImGui::TextDisabled("computing %llu floats on the CPU emulator...",
                          static_cast<unsigned long long>(n_));
    } else if (ImGui::Button(study_ ? "Run again" : "Run the study")) {
      start_study();
    }
    if (!error_.empty()) ImGui::TextColored(p.error, "%s", error_.c_str());
    if (!study_) return;
    const PrecisionStudy& s = *study_;
    ImGui::Text(
        "n = %llu uniform floats in [0, 1), seed %llu, blocks of %u; float64 reference %.10g",
        static_cast<unsigned long long>(s.n), static_cast<unsigned long long>(s.seed), s.block,
        s.reference);
    ImGui::TextDisabled(
        "relative error, log scale (red: serial loop, blue: trees, green: Kahan, "
        "grey: double)");
    ImGui::Spacing();
    draw_rows(s, p);
  }

 private:
  void start_study() {
    if (pending_.valid()) return;
    error_.clear();
    std::uint64_t n = n_, seed = seed_;
    pending_ = std::async(std::launch::async, [n, seed] { return precision_study(n, seed); });
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

  std::uint64_t n_ = std::uint64_t{1} << 20;  // about 2 s on the emulator
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
