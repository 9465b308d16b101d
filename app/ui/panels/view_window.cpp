// The View panel: the centre window, with a tab per entry of ui/panels/tabs.def (under the lesson
// bar, in a lesson).
#include <imgui_internal.h>

#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

#include "ui/panels/lesson_bar.h"
#include "ui/panels/panel_list.h"
#include "ui/widgets/widgets.h"

namespace stridescope {
namespace {

class ViewWindow final : public Panel {
 public:
  ViewWindow() : tabs_(make_tabs()) {}
  const char* title() const override { return "View"; }
  void start(AppContext& ctx) override {
    for (auto& tab : tabs_) tab->start(ctx);
  }
  void stop() override {
    for (auto& tab : tabs_) tab->stop();
    if (std::getenv("STRIDESCOPE_REPORT_WINDOWS") != nullptr)  // the test hook of ui/state/app.cpp
      std::printf("tabs: %d of %zu cut\n", cut_tabs_, tabs_.size());
  }

  void draw(AppContext& ctx) override {
    draw_lesson_bar(ctx);
    // Whole captions where they fit, else the short ones; never cut ("Shared..."): where even
    // those do not fit, the bar scrolls (arrows at its end).
    bool whole = tabs_width(false) <= ImGui::GetContentRegionAvail().x;
    bool scroll = !whole && tabs_width(true) > ImGui::GetContentRegionAvail().x;
    if (!ImGui::BeginTabBar("views", scroll ? ImGuiTabBarFlags_FittingPolicyScroll : 0)) return;
    count_cut_tabs();
    for (auto& tab : tabs_) {
      ImGuiTabItemFlags flags = ctx.select_view == tab->view() ? ImGuiTabItemFlags_SetSelected : 0;
      // One id for both captions ("###" + the label): switching keeps the tab selected.
      std::string caption = std::string(whole ? tab->label() : tab->short_label()) + "###" +
                            std::string(tab->label());
      if (ImGui::BeginTabItem(caption.c_str(), nullptr, flags)) {
        ctx.shown_view = tab->view();
        tab->draw(ctx);
        ImGui::EndTabItem();
      }
    }
    ctx.select_view.reset();
    ImGui::EndTabBar();
  }

 private:
  // Tabs ImGui shrank below their caption's width (it then cuts the caption: "Shared..."), as laid
  // out for this frame.
  void count_cut_tabs() {
    cut_tabs_ = 0;
    if (ImGuiTabBar* bar = GImGui->CurrentTabBar) {
      for (const ImGuiTabItem& tab : bar->Tabs) cut_tabs_ += tab.Width + 0.5f < tab.ContentWidth;
    }
  }

  // The tab bar's width with every caption whole (as ImGui sizes a tab: its text and padding).
  float tabs_width(bool short_labels) const {
    const ImGuiStyle& style = ImGui::GetStyle();
    float width = 0;
    for (const auto& tab : tabs_) {
      const char* caption = short_labels ? tab->short_label() : tab->label();
      width += ImGui::CalcTextSize(caption).x + style.FramePadding.x * 2 + style.ItemInnerSpacing.x;
    }
    return width;
  }

  std::vector<std::unique_ptr<Tab>> tabs_;
  int cut_tabs_ = 0;
};

}  // namespace

std::unique_ptr<Panel> make_view_window() {
  return std::make_unique<ViewWindow>();
}

}  // namespace stridescope
