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
#include "ui/canvas_paint.h"
#include "ui/memory_canvas.h"
#include "ui/tab.h"
#include "ui/widgets.h"

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

std::string kernel_title(const CompareRun& run) {
  const VariantInfo* v = run.model->variant();
  return "kernel: " + (v ? std::string(v->lesson.title) : run.variant);
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

// Columns for `count` panes in a region of `width` x `height`: the canvas is wide (32 banks
// across), and the facts sit beside it: the arrangement that gives each pane the most room at about
// 3:1 wins.
int columns_for(std::size_t count, float width, float height) {
  int best = 1;
  float best_side = -1;
  for (int cols = 1; cols <= static_cast<int>(count); ++cols) {
    int rows = static_cast<int>((count + cols - 1) / cols);
    float side = std::min(width / cols / 3.0f, height / rows);
    if (side > best_side + 0.5f) {
      best_side = side;
      best = cols;
    }
  }
  return best;
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
    if (ImGui::SmallButton("End compare")) {
      session.run(ctx.request);
      return;
    }
    const char* hint = "one timeline drives every pane: round k of each kernel side by side";
    if (ImGui::CalcTextSize(hint).x + ImGui::GetItemRectSize().x * 1.2f < avail.x) {
      ImGui::SameLine();
      ImGui::TextDisabled("%s", hint);
    }
    avail.y -= ImGui::GetFrameHeightWithSpacing();
    // Large text on a small screen: the panes' text shrinks (not below 0.6 of the window's) so
    // that each pane keeps a title, its facts and a canvas; the rest of the window keeps its size.
    float needed =
        (static_cast<float>(runs.size()) * 5 + 2) * ImGui::GetTextLineHeightWithSpacing();
    scale_ = std::clamp(avail.y / needed, 0.6f, 1.0f);
    ImGui::BeginChild("compare-body", avail, false, ImGuiWindowFlags_NoScrollbar);
    ImGui::SetWindowFontScale(scale_);
    const ImGuiStyle& style = ImGui::GetStyle();
    // One legend for every pane, under them.
    panes_[0].update(*runs[0].model, row[0].step, session.generation());
    CanvasView legend_view = canvas_view(ctx, *runs[0].model, panes_[0], row[0].step, true);
    float legend = legend_height(legend_view, avail.x);
    float panes_height = avail.y - legend - style.ItemSpacing.y;
    int cols = columns_for(runs.size(), avail.x, panes_height);
    int rows = static_cast<int>((runs.size() + cols - 1) / cols);
    ImVec2 pane_size((avail.x - style.ItemSpacing.x * (cols - 1)) / cols,
                     (panes_height - style.ItemSpacing.y * (rows - 1)) / rows);
    for (std::size_t r = 0; r < runs.size() && r < row.size() && r < kMaxRuns; ++r) {
      if (r % cols != 0) ImGui::SameLine();
      draw_pane(ctx, runs[r], row[r], panes_[r], r, pane_size);
    }
    draw_legend(legend_view, ImGui::GetWindowDrawList(), ImGui::GetCursorScreenPos(), avail.x);
    ImGui::Dummy(ImVec2(avail.x, legend));
    ImGui::EndChild();
  }

 private:
  // A pane: the kernel's title across the top, its facts in a column at the left, its canvas.
  void draw_pane(AppContext& ctx, const CompareRun& run, AlignedStep at, Pane& pane,
                 std::size_t index, ImVec2 size) {
    const TraceModel& model = *run.model;
    pane.update(model, at.step, ctx.session.generation());
    ImGui::PushID(static_cast<int>(index));
    ImGui::BeginChild("pane", size, true, ImGuiWindowFlags_NoScrollbar);
    ImGui::SetWindowFontScale(scale_);
    ImVec2 at_pos = ImGui::GetWindowPos();
    pane.seen = {at_pos.x, at_pos.y, size.x, size.y};
    pane.variant = run.variant;
    ImGui::TextUnformatted(kernel_title(run).c_str());
    float line = ImGui::GetTextLineHeightWithSpacing();
    ImVec2 body = ImGui::GetContentRegionAvail();
    bool merged = body.y < line * 5.5f;
    std::vector<FactLine> facts = pane_facts(pane.facts, at.note, ctx.palette(), merged);
    float column = 0;
    for (const FactLine& f : facts)
      column = std::max(column, ImGui::CalcTextSize(f.text.c_str()).x);
    column = std::min(column + ImGui::GetStyle().ItemSpacing.x, body.x * 0.4f);
    ImGui::BeginChild("facts", ImVec2(column, body.y), false, ImGuiWindowFlags_NoScrollbar);
    ImGui::SetWindowFontScale(scale_);
    for (const FactLine& f : facts) ImGui::TextColored(f.color, "%s", f.text.c_str());
    ImGui::EndChild();
    ImGui::SameLine();
    ImGui::BeginChild("canvas", ImVec2(0, body.y), false, ImGuiWindowFlags_NoScrollbar);
    ImGui::SetWindowFontScale(scale_);
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
  float scale_ = 1;  // the panes' text size, relative to the window's
};

}  // namespace

std::unique_ptr<Tab> make_compare_tab() {
  return std::make_unique<CompareTab>();
}

}  // namespace stridescope
