// The Compare tab: two to four runs side by side, step-locked by the one timeline; each pane has
// its own memory canvas and facts from its own model. Outside a compare it lists the variants to
// tick and starts one.
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <memory>

#include "core/format.h"
#include "registry.h"
#include "ui/canvas/canvas_paint.h"
#include "ui/canvas/memory_canvas.h"
#include "ui/panels/compare_layout.h"
#include "ui/panels/lesson_bar.h"
#include "ui/panels/tab.h"
#include "ui/widgets/widgets.h"

namespace stridescope {
namespace {

constexpr std::size_t kMaxRuns = 4;

// One pane: its canvas and the canvas models of the step it shows (kept until that changes).
struct Pane {
  MemoryCanvas canvas;
  std::size_t cached_step = SIZE_MAX, cached_generation = SIZE_MAX;
  StepFacts facts;
  CanvasModel current, previous;
  std::array<float, 4> seen{};  // last frame's rectangle: x, y, w, h (the test hook's)
  std::string variant;          // last frame's run

  void update(const TraceModel& model, std::size_t step, std::size_t generation) {
    if (step == cached_step && generation == cached_generation) return;
    facts = model.facts(step);
    current = canvas_model(model, step, facts);
    if (step > 0) previous = canvas_model(model, step - 1);
    cached_step = step;
    cached_generation = generation;
  }
};

// A catalog kernel's title; a program's trace (a compare of traces) is titled by its label.
std::string kernel_title(const CompareRun& run) {
  const VariantInfo* v = run.model->variant();
  return v ? "kernel: " + std::string(v->lesson.title) : run.variant;
}

// The pane's title: wrapped on two lines where the grid gave it two; else on one, the variant's id
// ("kernel: sequential", as --compare names it) where the whole title is too long, the whole title
// on hover.
void pane_title(const CompareRun& run, bool two_lines) {
  const std::string title = kernel_title(run);
  if (two_lines) {
    wrapped_text(title);
    return;
  }
  const bool whole = ImGui::CalcTextSize(title.c_str()).x <= ImGui::GetContentRegionAvail().x;
  const std::string shown =
      whole || run.model->variant() == nullptr ? title : "kernel: " + run.variant;
  fitted_line(shown, ImGui::GetStyleColorVec4(ImGuiCol_Text));
  if (shown != title && ImGui::IsItemHovered()) ImGui::SetTooltip("%s", title.c_str());
}

// A pane's facts, one short line each ("stride = 4", "8 active", ...), in the colours of the facts
// table; merged two to a line where the pane is too short for one each.
struct FactLine {
  std::string text;
  ImVec4 color;
};

std::vector<FactLine> pane_facts(const StepFacts& f, AlignedStep::Note note, const Palette& p,
                                 bool merged) {
  ImVec4 plain = ImGui::GetStyleColorVec4(ImGuiCol_Text);
  std::string conflict = f.worst_conflict_degree > 1
                             ? std::to_string(f.worst_conflict_degree) + "-way conflicts"
                             : "no conflicts";
  unsigned warps = f.activity.divergent_warps;
  std::string divergent =
      std::to_string(warps) + (warps == 1 ? " divergent warp" : " divergent warps");
  std::vector<FactLine> lines;
  if (note == AlignedStep::Note::Finished) lines.push_back({"finished", p.text_dim});
  if (note == AlignedStep::Note::Waiting) lines.push_back({"waiting for the others", p.text_dim});
  std::string active = std::to_string(f.activity.active_threads) + " active";
  std::string additions = std::to_string(f.additions_so_far) + " additions";
  ImVec4 divergent_color = f.activity.divergent_warps > 0 ? p.warp_divergent : plain;
  ImVec4 conflict_color = f.worst_conflict_degree > 1 ? p.conflict : plain;
  if (merged) {
    lines.push_back({f.label.text() + ", " + active, plain});
    lines.push_back({divergent, divergent_color});
    lines.push_back({conflict + ", " + additions, conflict_color});
    return lines;
  }
  lines.push_back({f.label.text(), plain});
  lines.push_back({active, plain});
  lines.push_back({divergent, divergent_color});
  lines.push_back({conflict, conflict_color});
  lines.push_back({additions, plain});
  return lines;
}

// The panes' contents measured at the text size in use: the longest title, the widest fact line
// (merged three lines: the panes keep their canvases' room).
PaneContents measure(const std::vector<CompareRun>& runs, const std::vector<AlignedStep>& row,
                     const std::array<Pane, kMaxRuns>& panes, const Palette& p) {
  PaneContents c;
  c.line_height = ImGui::GetTextLineHeightWithSpacing();
  c.min_canvas_height = std::max(60.0f, 4 * c.line_height);
  for (std::size_t r = 0; r < runs.size() && r < row.size() && r < kMaxRuns; ++r) {
    c.title_width = std::max(c.title_width, ImGui::CalcTextSize(kernel_title(runs[r]).c_str()).x);
    std::vector<FactLine> lines = pane_facts(panes[r].facts, row[r].note, p, true);
    c.fact_lines = std::max(c.fact_lines, lines.size());
    for (const FactLine& f : lines)
      c.facts_width = std::max(c.facts_width, ImGui::CalcTextSize(f.text.c_str()).x);
  }
  c.facts_width += ImGui::GetStyle().ItemSpacing.x;
  return c;
}

class CompareTab final : public Tab {
 public:
  View view() const override { return View::Compare; }
  const char* label() const override { return "Compare"; }
  void start(AppContext&) override {
    for (Pane& pane : panes_) pane.canvas.init();
  }
  void stop() override {
    for (Pane& pane : panes_) pane.canvas.shutdown();
    report_panes();
  }

  void draw(AppContext& ctx) override {
    Session& session = ctx.session;
    if (!session.comparing()) {
      chooser(ctx);
      return;
    }
    const std::vector<CompareRun>& runs = session.compare_runs();
    const std::vector<AlignedStep>& row = session.compare_row();
    if (row.size() != runs.size()) return;
    ImVec2 avail = ImGui::GetContentRegionAvail();
    if (!ctx.exporting) {  // an export's viewer cannot press it: the panes take its line
      if (ImGui::SmallButton("End compare")) {
        end_compare(ctx);  // in a lesson, back to the lesson's run (ui/panels/lesson_bar.h)
        return;
      }
      const char* hint = "one timeline drives every pane: round k of each kernel side by side";
      if (ImGui::CalcTextSize(hint).x + ImGui::GetItemRectSize().x * 1.2f < avail.x) {
        ImGui::SameLine();
        ImGui::TextDisabled("%s", hint);
      }
      avail.y -= ImGui::GetFrameHeightWithSpacing();
    }
    if (!session.compare_note().empty()) {  // a compare of traces: where they first differ
      const float before = ImGui::GetCursorPosY();
      const bool same = session.compare_note().rfind("same", 0) == 0;
      wrapped_text(session.compare_note(), same ? ctx.palette().text_dim : ctx.palette().error);
      avail.y -= ImGui::GetCursorPosY() - before;
    }
    // The panes' text keeps the window's size (a projector's text size 2): they reflow into rows
    // (2x2 for three or four) and, where even that leaves a pane no room, scroll.
    for (std::size_t r = 0; r < runs.size() && r < row.size() && r < kMaxRuns; ++r)
      panes_[r].update(*runs[r].model, row[r].step, session.generation());
    const ImGuiStyle& style = ImGui::GetStyle();
    CanvasView legend_view = canvas_view(ctx, *runs[0].model, panes_[0], row[0].step, true);
    float legend = legend_height(legend_view, avail.x);  // one legend for every pane, under them
    float panes_height = avail.y - legend - style.ItemSpacing.y;
    arrange(runs.size(), avail.x - style.ScrollbarSize, panes_height,
            measure(runs, row, panes_, ctx.palette()));
    if (!grid_.scrolls) grid_.pane_width += style.ScrollbarSize / grid_.columns;
    ImGui::BeginChild("compare-body", avail, false,
                      grid_.scrolls ? ImGuiWindowFlags_None : ImGuiWindowFlags_NoScrollbar);
    ImVec2 pane_size(grid_.pane_width, grid_.pane_height);
    for (std::size_t r = 0; r < runs.size() && r < row.size() && r < kMaxRuns; ++r) {
      if (r % grid_.columns != 0) ImGui::SameLine();
      draw_pane(ctx, runs[r], row[r], panes_[r], r, pane_size);
    }
    float width = ImGui::GetContentRegionAvail().x;
    draw_legend(legend_view, ImGui::GetWindowDrawList(), ImGui::GetCursorScreenPos(), width);
    ImGui::Dummy(ImVec2(width, legend_height(legend_view, width)));
    ImGui::EndChild();
  }

 private:
  // A pane: the kernel's title across the top (pane_title_lines), its facts in a column at the left
  // where they fit beside the canvas, else above it, and its canvas.
  void draw_pane(AppContext& ctx, const CompareRun& run, AlignedStep at, Pane& pane,
                 std::size_t index, ImVec2 size) {
    const TraceModel& model = *run.model;
    ImGui::PushID(static_cast<int>(index));
    ImGui::BeginChild("pane", size, true, ImGuiWindowFlags_NoScrollbar);
    ImGui::SetWindowFontScale(pane_scale_);  // its facts and canvas (children) follow it
    ImVec2 at_pos = ImGui::GetWindowPos();
    pane.seen = {at_pos.x, at_pos.y, size.x, size.y};
    pane.variant = run.variant;
    pane_title(run, grid_.title_height > ImGui::GetTextLineHeightWithSpacing() * 1.5f);
    float line = ImGui::GetTextLineHeightWithSpacing();
    ImVec2 body = ImGui::GetContentRegionAvail();
    bool merged = !grid_.facts_beside || body.y < line * 5.5f;
    std::vector<FactLine> facts = pane_facts(pane.facts, at.note, ctx.palette(), merged);
    float column = 0;
    for (const FactLine& f : facts)
      column = std::max(column, ImGui::CalcTextSize(f.text.c_str()).x);
    column = std::min(column + ImGui::GetStyle().ItemSpacing.x, body.x * 0.4f);
    if (grid_.facts_beside) {
      ImGui::BeginChild("facts", ImVec2(column, body.y), false, ImGuiWindowFlags_NoScrollbar);
      for (const FactLine& f : facts) fitted_line(f.text, f.color);
      ImGui::EndChild();
      ImGui::SameLine();
    } else {  // a narrow pane: the facts above the canvas, a line each (as measured)
      for (const FactLine& f : facts) fitted_line(f.text, f.color);
    }
    ImGui::BeginChild("canvas", ImVec2(0, ImGui::GetContentRegionAvail().y), false,
                      ImGuiWindowFlags_NoScrollbar);
    bool held = at.note != AlignedStep::Note::None;
    CanvasView view = canvas_view(ctx, model, pane, at.step, held);
    view.legend = false;
    pane.canvas.draw(view);
    ImGui::EndChild();
    ImGui::EndChild();
    ImGui::PopID();
  }

  static CanvasView canvas_view(const AppContext& ctx, const TraceModel& model, const Pane& pane,
                                std::size_t step, bool held) {
    return CanvasView{held || step == 0 ? nullptr : &pane.previous,
                      &pane.current,
                      held ? 1.0f : ctx.session.playback().transition(),
                      ctx.settings.high_contrast,
                      any_conflicts(ctx.session.compare_runs()),
                      !ctx.capture,
                      model.divergence_banner(step)};
  }

  static bool any_conflicts(const std::vector<CompareRun>& runs) {
    for (const CompareRun& run : runs) {
      const ConflictTotals& c = run.model->conflict_totals();
      if (c.loads + c.stores > 0) return true;
    }
    return false;
  }

  // Test hook: with STRIDESCOPE_REPORT_WINDOWS set, each pane's last rectangle, one line each:
  // `pane "<variant>" x y w h`.
  void report_panes() const {
    if (std::getenv("STRIDESCOPE_REPORT_WINDOWS") == nullptr) return;
    for (const Pane& pane : panes_) {
      if (pane.variant.empty()) continue;
      std::printf("pane \"%s\" %.0f %.0f %.0f %.0f\n", pane.variant.c_str(), pane.seen[0],
                  pane.seen[1], pane.seen[2], pane.seen[3]);
    }
  }

  // Outside a compare: kernels 1 | 2 | 3 in one click, or tick two to four variants; both run on
  // the Run panel's settings.
  void chooser(AppContext& ctx) {
    wrapped_text(
        "Run two to four kernels side by side on the Run panel's settings (block size, n, type, "
        "input), step-locked by the timeline.");
    if (ImGui::Button("Compare kernels 1 | 2 | 3")) {
      start_compare(ctx, {"interleaved-divergent", "interleaved-strided", "sequential"});
    }
    const auto& catalog = variant_catalog();
    if (ticked_.size() != catalog.size()) ticked_.assign(catalog.size(), false);
    std::vector<std::string> chosen;
    for (std::size_t i = 0; i < catalog.size(); ++i) {
      if (ticked_[i]) chosen.push_back(std::string(catalog[i].id));
    }
    bool ok = chosen.size() >= 2 && chosen.size() <= kMaxRuns;
    ImGui::SameLine();
    ImGui::BeginDisabled(!ok);
    if (ImGui::Button("Compare the ticked")) start_compare(ctx, chosen);
    ImGui::EndDisabled();
    ImGui::SameLine();
    ImGui::TextDisabled("%zu ticked (2 to 4)", chosen.size());
    if (!ctx.session.error().empty()) wrapped_text(ctx.session.error(), ctx.palette().waiting);
    for (std::size_t i = 0; i < catalog.size(); ++i) {
      bool on = ticked_[i];
      if (ImGui::Checkbox(std::string(catalog[i].lesson.title).c_str(), &on)) ticked_[i] = on;
    }
  }

  static void start_compare(AppContext& ctx, const std::vector<std::string>& variants) {
    if (ctx.session.run_compare(ctx.request, variants)) ctx.request.variant = variants.front();
  }

  std::array<Pane, kMaxRuns> panes_;
  std::vector<bool> ticked_;
  // The panes' arrangement at the text size; where they would scroll, at a smaller text in every
  // pane alike (down to kLeastPaneScale): three canvases in sight beat three headers in full size.
  void arrange(std::size_t runs, float width, float height, const PaneContents& contents) {
    const std::size_t panes = std::min(runs, kMaxRuns);
    const float gap = ImGui::GetStyle().ItemSpacing.x;
    pane_scale_ = 1;
    grid_ = pane_grid(panes, width, height, gap, contents);
    for (float scale = 0.9f; grid_.scrolls && scale >= kLeastPaneScale - 0.01f; scale -= 0.1f) {
      PaneContents smaller = contents;
      smaller.title_width *= scale;
      smaller.facts_width *= scale;
      smaller.line_height *= scale;
      smaller.min_canvas_height *= scale;
      grid_ = pane_grid(panes, width, height, gap, smaller);
      pane_scale_ = scale;
    }
  }

  static constexpr float kLeastPaneScale = 0.7f;
  PaneGrid grid_;         // this frame's arrangement of the panes
  float pane_scale_ = 1;  // the panes' text, of the text size
};

}  // namespace

std::unique_ptr<Tab> make_compare_tab() {
  return std::make_unique<CompareTab>();
}

}  // namespace stridescope
