// The Shared memory tab: the memory canvas of the step shown, and at steps where warps shuffle,
// warp 0's registers under it.
#include <memory>

#include "ui/memory_canvas.h"
#include "ui/shuffle_view.h"
#include "ui/tab.h"

namespace stridescope {
namespace {

class MemoryTab final : public Tab {
 public:
  View view() const override { return View::Memory; }
  const char* label() const override { return "Shared memory"; }
  void start(AppContext&) override { canvas_.init(); }
  void stop() override { canvas_.shutdown(); }

  void draw(AppContext& ctx) override {
    Session& session = ctx.session;
    if (!session.has_trace()) return;
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
    std::vector<WarpShuffleRound> rounds = model.warp_shuffles(step, 0);
    if (rounds.empty()) {
      canvas_.draw(view);
      return;
    }
    ImGui::BeginChild("memory", ImVec2(0, ImGui::GetContentRegionAvail().y * 0.5f));
    canvas_.draw(view);
    ImGui::EndChild();
    unsigned warps = (model.trace().run.block_size + kWarpSize - 1) / kWarpSize;
    shuffle_view(rounds, 0, warps, ctx.palette());
  }

 private:
  MemoryCanvas canvas_;
};

}  // namespace

std::unique_ptr<Tab> make_memory_tab() {
  return std::make_unique<MemoryTab>();
}

}  // namespace stridescope
