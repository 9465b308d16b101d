// The View panel: the centre window, with a tab per entry of ui/tabs.def (under the lesson bar,
// in a lesson).
#include <memory>
#include <vector>

#include "ui/lesson_bar.h"
#include "ui/panel_list.h"
#include "ui/widgets.h"

namespace stridescope {
namespace {

class ViewWindow final : public Panel {
 public:
  ViewWindow() : tabs_(make_tabs()) {}
  const char* title() const override { return "View"; }
  PanelLayout layout() const override {
    return {.normal = Placement{0.22f, 0.0f, 0.52f, 0.85f},
            .presenter = Placement{0.0f, 0.0f, 1.0f, 0.78f},
            .compact = Placement{0.0f, 0.0f, 0.62f, 0.8f},
            .compact_presenter = Placement{0.0f, 0.0f, 0.58f, 0.8f},
            .min_lines = 8};
  }
  // In a compare, the narrow presenter view gives the panes the whole width (each has its own
  // facts); with the Timing tab in front it gives the chart the whole window (the facts and the
  // timeline are the trace's, not the timings').
  PanelLayout layout_in(const AppContext& ctx) const override {
    PanelLayout l = layout();
    if (ctx.session.comparing()) {
      l.compact_presenter = Placement{0.0f, 0.0f, 1.0f, 0.8f};
    } else if (ctx.shown_view == View::Timing) {
      l.compact_presenter = Placement{0.0f, 0.0f, 1.0f, 1.0f};
    }
    return l;
  }
  void start(AppContext& ctx) override {
    for (auto& tab : tabs_) tab->start(ctx);
  }
  void stop() override {
    for (auto& tab : tabs_) tab->stop();
  }

  void draw(AppContext& ctx) override {
    draw_lesson_bar(ctx);
    if (!ImGui::BeginTabBar("views")) return;
    for (auto& tab : tabs_) {
      ImGuiTabItemFlags flags = ctx.select_view == tab->view() ? ImGuiTabItemFlags_SetSelected : 0;
      if (ImGui::BeginTabItem(tab->label(), nullptr, flags)) {
        ctx.shown_view = tab->view();
        tab->draw(ctx);
        ImGui::EndTabItem();
      }
    }
    ctx.select_view.reset();
    ImGui::EndTabBar();
  }

 private:
  std::vector<std::unique_ptr<Tab>> tabs_;
};

}  // namespace

std::unique_ptr<Panel> make_view_window() {
  return std::make_unique<ViewWindow>();
}

}  // namespace stridescope
