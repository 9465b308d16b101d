// The grid view: a row of cells per launch (one per block), arrows into the next launch's blocks
// or into the final value, revealed row by row.
#include "ui/grid_view.h"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "registry.h"
#include "ui/value_text.h"

namespace stridescope {
namespace {

constexpr std::size_t kMaxCells = 128;  // more blocks than this: the row shows the first ones

// Cells wrap at `per_line` to a line; each launch starts on a new line, a row gap below the last.
struct Geometry {
  ImVec2 origin;
  float label, cell, gap, row_gap;
  std::size_t per_line;
  std::vector<float> row_top;  // y of each row's first line, relative to origin
  ImVec2 cell_at(std::size_t row, std::size_t index) const {
    return ImVec2(origin.x + label + (index % per_line) * (cell + gap),
                  origin.y + row_top[row] + (index / per_line) * (cell + gap));
  }
};

void cell(ImDrawList* list, ImVec2 at, float size, double value, ImVec4 fill, const Palette& p) {
  list->AddRectFilled(at, ImVec2(at.x + size, at.y + size), ImGui::ColorConvertFloat4ToU32(fill),
                      3);
  std::string text = compact_value_text(value);
  float font = std::min(size * 0.40f, ImGui::GetFontSize());
  ImVec2 extent = ImGui::GetFont()->CalcTextSizeA(font, FLT_MAX, 0, text.c_str());
  if (extent.x > size * 0.92f) {  // shrink to fit, down to a size still readable
    font *= size * 0.92f / extent.x;
    if (font < ImGui::GetFontSize() * 0.5f) return;
    extent = ImGui::GetFont()->CalcTextSizeA(font, FLT_MAX, 0, text.c_str());
  }
  list->AddText(ImGui::GetFont(), font,
                ImVec2(at.x + (size - extent.x) / 2, at.y + (size - extent.y) / 2),
                ImGui::ColorConvertFloat4ToU32(p.text_on_light), text.c_str());
}

std::string stage_sentence(const Trace& trace) {
  std::size_t blocks = trace.passes.empty() ? 0 : trace.passes[0].grid;
  if (trace.second_stage == SecondStage::Relaunch) {
    return "The kernel runs again on the block results, launch after launch, until one block is "
           "left.";
  }
  if (trace.second_stage == SecondStage::LastBlock) {
    return "Each block stores its sum and counts itself done (__threadfence + atomicAdd); the "
           "last block to finish adds all " +
           std::to_string(blocks) + " sums. Which block is last depends on timing on a GPU.";
  }
  if (trace.second_stage == SecondStage::AtomicAdd) {
    return "Thread 0 of each block adds its block's sum into the result with atomicAdd: one "
           "hardware add per block, in the order the blocks finish.";
  }
  if (trace.second_stage == SecondStage::AtomicLock) {
    return "Thread 0 of each block takes a lock (atomicCAS) and adds its block's sum into the "
           "result, one block at a time, in the order they finish.";
  }
  return "The CPU copies the " + std::to_string(blocks) +
         " block results back and adds them one "
         "after another (" +
         std::to_string(blocks > 0 ? blocks - 1 : 0) + " additions).";
}

}  // namespace

void grid_view(const Trace& trace, std::size_t generation, GridViewState& state, const Palette& p) {
  if (trace.passes.empty()) {
    ImGui::TextWrapped("No grid results in this trace%s.",
                       trace.divergence ? ": the run stopped at a divergent barrier" : "");
    return;
  }
  std::size_t rows = trace.passes.size() + (trace.second_stage == SecondStage::Relaunch ? 0 : 1);
  if (state.generation != generation) state = {rows, generation, false, 0};
  ImGui::PushTextWrapPos(0);
  ImGui::Text("Beyond one block: %u blocks in the first launch; second stage: %s.",
              trace.passes[0].grid, std::string(name_of(trace.second_stage)).c_str());
  ImGui::TextUnformatted(stage_sentence(trace).c_str());
  ImGui::PopTextWrapPos();
  double now = ImGui::GetTime();
  if (ImGui::Button(state.playing ? "Pause##grid" : "Play##grid")) {
    state.playing = !state.playing;
    if (state.playing && state.shown >= rows) state.shown = 1;  // replay from the first launch
    state.last_reveal = now;
  }
  ImGui::SameLine();
  if (ImGui::Button("<##grid")) state.shown = std::max<std::size_t>(1, state.shown) - 1;
  ImGui::SameLine();
  if (ImGui::Button(">##grid")) state.shown = std::min(rows, state.shown + 1);
  ImGui::SameLine();
  ImGui::Text("showing %zu of %zu rows", state.shown, rows);
  if (state.playing && now - state.last_reveal >= kGridRevealSeconds) {
    state.shown = std::min(rows, state.shown + 1);
    state.last_reveal = now;
    state.playing = state.shown < rows;
  }

  ImDrawList* list = ImGui::GetWindowDrawList();
  ImVec2 avail = ImGui::GetContentRegionAvail();
  float label = ImGui::CalcTextSize("launch 3: 1024 blocks  ").x;
  std::size_t widest = 1;
  for (const GridPass& pass : trace.passes) widest = std::max<std::size_t>(widest, pass.grid);
  widest = std::min(widest, kMaxCells);
  std::size_t per_line = std::min<std::size_t>(widest, 16);  // big enough to read on a projector
  float cell_size =
      std::clamp((avail.x - label) / per_line * 0.85f, 4.0f, ImGui::GetFontSize() * 3.5f);
  Geometry g{ImGui::GetCursorScreenPos(),
             label,
             cell_size,
             cell_size * 0.15f,
             cell_size * 1.3f,
             per_line,
             {}};
  float top = 0;
  for (std::size_t r = 0; r <= trace.passes.size(); ++r) {
    g.row_top.push_back(top);
    std::size_t count =
        r < trace.passes.size() ? std::min<std::size_t>(trace.passes[r].grid, kMaxCells) : 1;
    top += ((count + per_line - 1) / per_line) * (g.cell + g.gap) + g.row_gap;
  }
  g.row_top.push_back(top);  // the bottom of the last row
  ImU32 arrow = ImGui::ColorConvertFloat4ToU32(p.arrow);

  for (std::size_t r = 0; r < trace.passes.size() && r < state.shown; ++r) {
    const GridPass& pass = trace.passes[r];
    char text[64];
    std::snprintf(text, sizeof text, "launch %zu: %u block%s", r + 1, pass.grid,
                  pass.grid == 1 ? "" : "s");
    list->AddText(ImVec2(g.origin.x, g.cell_at(r, 0).y + (g.cell - ImGui::GetFontSize()) / 2),
                  ImGui::GetColorU32(ImGuiCol_Text), text);
    std::size_t count = std::min<std::size_t>(pass.partials.size(), kMaxCells);
    for (std::size_t b = 0; b < count; ++b) {
      bool final_value =
          trace.second_stage == SecondStage::Relaunch && r + 1 == trace.passes.size();
      cell(list, g.cell_at(r, b), g.cell, pass.partials[b],
           final_value ? p.cell_written : p.cell_read, p);
    }
    if (pass.partials.size() > count) {
      std::snprintf(text, sizeof text, "+%zu more", pass.partials.size() - count);
      ImVec2 after = g.cell_at(r, count);
      list->AddText(ImVec2(after.x, after.y), ImGui::GetColorU32(ImGuiCol_TextDisabled), text);
    }
    // Arrows from this launch's results into the blocks of the next launch that read them.
    if (r + 1 < trace.passes.size() && r + 1 < state.shown) {
      const GridPass& next = trace.passes[r + 1];
      for (std::size_t b = 0; b < count; ++b) {
        std::size_t target = next.grid;
        if (const VariantInfo* v = find_variant(trace.run.variant)) {
          target = block_reading(*v, b, trace.run.block_size, next.grid);
        }
        if (target >= std::min<std::size_t>(next.grid, kMaxCells)) continue;
        ImVec2 from = g.cell_at(r, b), to = g.cell_at(r + 1, target);
        float below = g.origin.y + g.row_top[r + 1] - g.row_gap;  // under the row's last line
        list->AddLine(ImVec2(from.x + g.cell / 2, below), ImVec2(to.x + g.cell / 2, to.y), arrow,
                      1.2f);
      }
    }
  }
  // The host's sum, the last block's or the lock's: every block result into one value.
  if (trace.second_stage != SecondStage::Relaunch && state.shown == rows) {
    std::size_t r = trace.passes.size();
    const char* who = trace.second_stage == SecondStage::Host        ? "host adds"
                      : trace.second_stage == SecondStage::LastBlock ? "last block adds"
                      : trace.second_stage == SecondStage::AtomicAdd ? "atomicAdd adds"
                                                                     : "lock adds";
    list->AddText(ImVec2(g.origin.x, g.cell_at(r, 0).y + (g.cell - ImGui::GetFontSize()) / 2),
                  ImGui::GetColorU32(ImGuiCol_Text), who);
    ImVec2 result = g.cell_at(r, 0);
    float big =
        std::max(g.cell, ImGui::CalcTextSize(compact_value_text(trace.result).c_str()).x * 1.2f);
    cell(list, result, big, trace.result, p.cell_written, p);
    std::size_t count = std::min<std::size_t>(trace.passes[0].partials.size(), kMaxCells);
    float below = g.origin.y + g.row_top[r] - g.row_gap;
    for (std::size_t b = 0; b < count; ++b) {
      ImVec2 from = g.cell_at(r - 1, b);
      list->AddLine(ImVec2(from.x + g.cell / 2, below), ImVec2(result.x + big / 2, result.y), arrow,
                    1.0f);
    }
  }
  ImGui::Dummy(ImVec2(avail.x, g.row_top[rows] + g.cell));
  if (state.shown == rows) {
    ImGui::Text("result %.10g, reference %.10g", trace.result, trace.reference);
  }
}

}  // namespace stridescope
