// The Grid tab: a row of cells per launch (one per block), arrows into the next launch's blocks or
// into the final value, revealed row by row. The rows and arrows are the model's grid summary.
#include <imgui.h>

#include <algorithm>
#include <memory>
#include <string>
#include <vector>

#include "core/format.h"
#include "ui/panels/program_controls.h"
#include "ui/panels/tab.h"
#include "ui/widgets/widgets.h"

namespace stridescope {
namespace {

constexpr std::size_t kMaxCells = 128;  // more blocks than this: the row shows the first ones
constexpr double kRevealSeconds = 0.9;

// Cells wrap at `per_line` to a line; each row starts on a new line, a row gap below the last.
struct Geometry {
  ImVec2 origin;
  float label = 0, cell = 0, gap = 0, row_gap = 0;
  std::size_t per_line = 1;
  std::vector<float> row_top;  // y of each row's first line, relative to origin; then the bottom
  ImVec2 cell_at(std::size_t row, std::size_t index) const {
    return ImVec2(origin.x + label + (index % per_line) * (cell + gap),
                  origin.y + row_top[row] + (index / per_line) * (cell + gap));
  }
  float below(std::size_t row) const { return origin.y + row_top[row + 1] - row_gap; }
};

void draw_cell(ImDrawList* list, ImVec2 at, float size, double value, ImVec4 fill,
               const Palette& p) {
  list->AddRectFilled(at, ImVec2(at.x + size, at.y + size), ImGui::ColorConvertFloat4ToU32(fill),
                      3);
  float full = std::min(size * 0.40f, ImGui::GetFontSize()), font = full;
  std::string text;
  ImVec2 extent;
  // Shrink to fit, down to a size still readable; then the shorter form 1.0e4; else no text.
  for (const std::string& form : {compact_value_text(value), exponent_value_text(value)}) {
    text = form;
    font = full;
    extent = ImGui::GetFont()->CalcTextSizeA(font, FLT_MAX, 0, text.c_str());
    if (extent.x > size * 0.92f) {
      font *= size * 0.92f / extent.x;
      extent = ImGui::GetFont()->CalcTextSizeA(font, FLT_MAX, 0, text.c_str());
    }
    if (font >= ImGui::GetFontSize() * 0.5f) break;
  }
  if (font < ImGui::GetFontSize() * 0.5f) return;
  list->AddText(ImGui::GetFont(), font,
                ImVec2(at.x + (size - extent.x) / 2, at.y + (size - extent.y) / 2),
                ImGui::ColorConvertFloat4ToU32(p.text_on_light), text.c_str());
}

Geometry geometry(const GridSummary& g) {
  ImVec2 avail = ImGui::GetContentRegionAvail();
  float label = ImGui::CalcTextSize("launch 3: 1024 blocks  ").x;
  std::size_t widest = 1;
  for (const GridRow& row : g.rows) widest = std::max(widest, row.values.size());
  std::size_t per_line = std::min<std::size_t>(std::min(widest, kMaxCells), 16);
  float cell = std::clamp((avail.x - label) / per_line * 0.85f, 4.0f, ImGui::GetFontSize() * 3.5f);
  Geometry geo{ImGui::GetCursorScreenPos(), label, cell, cell * 0.15f, cell * 1.3f, per_line, {}};
  float top = 0;
  for (const GridRow& row : g.rows) {
    geo.row_top.push_back(top);
    std::size_t count = std::min(row.values.size(), kMaxCells);
    top += ((count + per_line - 1) / per_line) * (geo.cell + geo.gap) + geo.row_gap;
  }
  geo.row_top.push_back(top);
  return geo;
}

// Row `r`: its label and cells (the final value in one cell wide enough for its text).
void draw_row(ImDrawList* list, const Geometry& geo, const GridSummary& g, std::size_t r,
              const Palette& p, std::vector<float>& centre_x) {
  const GridRow& row = g.rows[r];
  list->AddText(ImVec2(geo.origin.x, geo.cell_at(r, 0).y + (geo.cell - ImGui::GetFontSize()) / 2),
                ImGui::GetColorU32(ImGuiCol_Text), row.label.c_str());
  std::size_t count = std::min(row.values.size(), kMaxCells);
  centre_x.assign(count, 0);
  for (std::size_t b = 0; b < count; ++b) {
    ImVec2 at = geo.cell_at(r, b);
    float size = geo.cell;
    if (row.combined) {  // one value: as wide as its text
      size = std::max(geo.cell,
                      ImGui::CalcTextSize(compact_value_text(row.values[b]).c_str()).x * 1.2f);
    }
    draw_cell(list, at, size, row.values[b], row.final ? p.cell_written : p.cell_read, p);
    centre_x[b] = at.x + size / 2;
  }
  if (row.values.size() > count) {
    ImVec2 after = geo.cell_at(r, count);
    list->AddText(after, ImGui::GetColorU32(ImGuiCol_TextDisabled),
                  ("+" + std::to_string(row.values.size() - count) + " more").c_str());
  }
}

class GridTab final : public Tab {
 public:
  View view() const override { return View::Grid; }
  const char* label() const override { return "Grid"; }

  void draw(AppContext& ctx) override {
    if (!ctx.session.has_trace()) return;
    if (another_trace_beside_a_failed_program(ctx.program, ctx.session))
      return draw_not_this_files_trace(ctx.program, ctx.palette());
    const GridSummary& g = ctx.session.model().grid();
    if (g.rows.empty()) {
      wrapped_text(g.why_empty);
      return;
    }
    if (generation_ != ctx.session.generation()) {  // a new trace: show every row, paused
      generation_ = ctx.session.generation();
      shown_ = g.rows.size();
      playing_ = false;
    }
    ImGui::PushTextWrapPos(0);
    ImGui::TextUnformatted(g.heading.c_str());
    ImGui::TextUnformatted(g.sentence.c_str());
    ImGui::PopTextWrapPos();
    controls(g.rows.size());
    if (playing_) ctx.frame_wishes.animate = true;  // the next row is revealed on time
    draw_rows(g, ctx.palette());
    if (shown_ < g.rows.size()) return;
    ImGui::TextUnformatted(g.result_line.c_str());
    if (const std::optional<Overflow>& o = ctx.session.model().overflow()) {
      wrapped_text(o->sentence, ctx.palette().warp_divergent);
    }
  }

 private:
  void controls(std::size_t rows) {
    double now = ImGui::GetTime();
    if (ImGui::Button(playing_ ? "Pause##grid" : "Play##grid")) {
      playing_ = !playing_;
      if (playing_ && shown_ >= rows) shown_ = 1;  // replay from the first launch
      last_reveal_ = now;
    }
    ImGui::SameLine();
    if (ImGui::Button("<##grid")) shown_ = std::max<std::size_t>(1, shown_) - 1;
    ImGui::SameLine();
    if (ImGui::Button(">##grid")) shown_ = std::min(rows, shown_ + 1);
    ImGui::SameLine();
    ImGui::Text("showing %zu of %zu rows", shown_, rows);
    if (playing_ && now - last_reveal_ >= kRevealSeconds) {
      shown_ = std::min(rows, shown_ + 1);
      last_reveal_ = now;
      playing_ = shown_ < rows;
    }
  }

  void draw_rows(const GridSummary& g, const Palette& p) {
    ImDrawList* list = ImGui::GetWindowDrawList();
    ImVec2 avail = ImGui::GetContentRegionAvail();
    Geometry geo = geometry(g);
    ImU32 arrow = ImGui::ColorConvertFloat4ToU32(p.arrow);
    std::vector<std::vector<float>> centres(g.rows.size());
    for (std::size_t r = 0; r < g.rows.size() && r < shown_; ++r) {
      draw_row(list, geo, g, r, p, centres[r]);
    }
    for (const GridArrow& a : g.arrows) {  // from a row's cell into the row below it
      std::size_t to_row = a.from_row + 1;
      if (to_row >= shown_ || a.from_index >= centres[a.from_row].size() ||
          a.to_index >= centres[to_row].size()) {
        continue;
      }
      // From a row of more than two lines the arrows would only cross in a tangle: the
      // sentence above says which results go where.
      if (centres[a.from_row].size() > 2 * geo.per_line) continue;
      float from_x = geo.cell_at(a.from_row, a.from_index).x + geo.cell / 2;
      ImVec2 to = geo.cell_at(to_row, a.to_index);
      float width = g.rows[to_row].combined ? 1.0f : 1.2f;
      list->AddLine(ImVec2(from_x, geo.below(a.from_row)),
                    ImVec2(centres[to_row][a.to_index], to.y), arrow, width);
    }
    ImGui::Dummy(ImVec2(avail.x, geo.row_top.back() + geo.cell));
  }

  std::size_t generation_ = SIZE_MAX, shown_ = 0;
  bool playing_ = false;
  double last_reveal_ = 0;
};

}  // namespace

std::unique_ptr<Tab> make_grid_tab() {
  return std::make_unique<GridTab>();
}

}  // namespace stridescope
