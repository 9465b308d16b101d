// The Shared memory tab: the memory canvas of the step shown, and at steps where warps shuffle,
// warp 0's registers under it; with the quiz on, its row, banner and marks.
#include <algorithm>
#include <memory>

#include "ui/canvas/memory_canvas.h"
#include "ui/canvas/shuffle_view.h"
#include "ui/panels/program_controls.h"
#include "ui/panels/quiz_controls.h"
#include "ui/panels/tab.h"

namespace stridescope {
namespace {

class MemoryTab final : public Tab {
 public:
  View view() const override { return View::Memory; }
  const char* label() const override { return "Shared memory"; }
  const char* short_label() const override { return "Memory"; }
  void start(AppContext&) override { canvas_.init(); }
  void stop() override { canvas_.shutdown(); }

  void draw(AppContext& ctx) override {
    Session& session = ctx.session;
    if (!session.has_trace()) return;
    if (another_trace_beside_a_failed_program(ctx.program, ctx.session))
      return draw_not_this_files_trace(ctx.program, ctx.palette());
    const TraceModel& model = session.model();
    std::size_t step = session.shown_step();
    const ConflictTotals& conflicts = model.conflict_totals();
    CanvasView view{session.previous_model(),
                    &session.current_model(),
                    session.playback().transition(),
                    ctx.settings.high_contrast,
                    conflicts.loads + conflicts.stores > 0,
                    !ctx.capture,
                    model.divergence_banner(step)};
    QuizOverlay overlay;
    if (quiz_shown(ctx)) {  // taken before the row's buttons: a reveal shows from next frame
      const CanvasModel& m = session.current_model();
      overlay = ctx.quiz.overlay(m.cells.size(), m.threads.size());
      view.quiz = &overlay;
      view.quiz_banner = ctx.quiz.banner();
      view.marking = ctx.quiz.phase() == QuizPhase::Predicting;
      quiz_controls(ctx);
    }
    std::vector<WarpShuffleRound> rounds = model.warp_shuffles(step, 0);
    if (rounds.empty()) {
      canvas_.draw(view);
      ctx.canvas_word0 = canvas_.word_centre(0);
      apply_mark_clicks(ctx);
      return;
    }
    // The registers take the height their rounds need at this width, up to 45%: the canvas
    // keeps the rest (a fixed half left a 256-thread canvas no room at 1280x720, text size 2).
    ImVec2 avail = ImGui::GetContentRegionAvail();
    float registers = std::min(shuffle_view_height(rounds.size(), avail.x), avail.y * 0.45f);
    ImGui::BeginChild("memory", ImVec2(0, avail.y - registers));
    canvas_.draw(view);
    ImGui::EndChild();
    apply_mark_clicks(ctx);
    unsigned warps = (model.trace().run.block_size + kWarpSize - 1) / kWarpSize;
    shuffle_view(rounds, 0, warps, ctx.palette());
  }

 private:
  // The quiz belongs to the step shown (not mid-way through a reveal) and asks or judges.
  static bool quiz_shown(const AppContext& ctx) {
    QuizPhase phase = ctx.quiz.phase();
    return phase != QuizPhase::Off && phase != QuizPhase::Paused &&
           ctx.quiz.shown_step() == ctx.session.shown_step();
  }
  // A click while predicting marks (or unmarks) a word, a thread or all lanes of a warp.
  void apply_mark_clicks(AppContext& ctx) {
    for (CanvasFocus click : canvas_.take_mark_clicks()) {
      switch (click.kind) {
        case CanvasFocus::Kind::Word:
          ctx.quiz.toggle_word(click.index);
          break;
        case CanvasFocus::Kind::Thread:
          ctx.quiz.toggle_thread(click.index);
          break;
        case CanvasFocus::Kind::Warp:
          ctx.quiz.toggle_warp(click.index, ctx.session.trace().run.block_size);
          break;
        case CanvasFocus::Kind::Row:  // a row label marks (or unmarks) the words it names
          ctx.quiz.toggle_words(canvas_.words_named_by(click));
          break;
        case CanvasFocus::Kind::None:
          break;
      }
    }
  }
  MemoryCanvas canvas_;
};

}  // namespace

std::unique_ptr<Tab> make_memory_tab() {
  return std::make_unique<MemoryTab>();
}

}  // namespace stridescope
