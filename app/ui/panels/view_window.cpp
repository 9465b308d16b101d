// The View panel: the centre window, with a tab per entry of ui/panels/tabs.def (under the lesson
// bar, in a lesson).
#include <imgui_internal.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "ui/panels/lesson_bar.h"
#include "ui/panels/panel_list.h"
#include "ui/widgets/widgets.h"

namespace stridescope {
namespace {

constexpr float kLeastTabScale = 0.5f;  // tab captions no smaller than this of the text size

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
    if (ctx.exporting) {  // an export's viewer cannot click a tab: the view alone, a line taller
      draw_shown_alone(ctx);
      return;
    }
    // Whole captions where they fit, else the short ones; never cut ("Shared..."): a smaller
    // text (down to kLeastTabScale) where even those do not fit, and below that one chooser.
    const float room = ImGui::GetContentRegionAvail().x;
    const bool whole = tabs_width(false) <= room;
    const float scale = whole ? 1.0f : tab_text_scale(room);
    if (scale < kLeastTabScale) {
      draw_tab_chooser(ctx);
      chooser_ = true;
      return;
    }
    if (chooser_ && !ctx.select_view) ctx.select_view = ctx.shown_view;  // the bar takes its tab
    chooser_ = false;
    const float text_scale = ImGui::GetCurrentWindow()->FontWindowScale;
    ImGui::SetWindowFontScale(text_scale * scale);
    if (!ImGui::BeginTabBar("views")) {
      ImGui::SetWindowFontScale(text_scale);
      return;
    }
    count_cut_tabs();
    // A tab asked for (--view, a lesson, a click elsewhere) stays asked until ImGui shows it, a
    // frame later: the frame between keeps the asked view, so the layout does not flip for it.
    const std::optional<View> asked = ctx.select_view;
    bool asked_shown = !asked.has_value();
    for (auto& tab : tabs_) {
      ImGuiTabItemFlags flags = asked == tab->view() ? ImGuiTabItemFlags_SetSelected : 0;
      // One id for both captions ("###" + the label): switching keeps the tab selected.
      std::string caption = std::string(whole ? tab->label() : tab->short_label()) + "###" +
                            std::string(tab->label());
      if (ImGui::BeginTabItem(caption.c_str(), nullptr, flags)) {
        ImGui::SetWindowFontScale(text_scale);
        if (!asked || *asked == tab->view()) {
          ctx.shown_view = tab->view();
          asked_shown = true;
        }
        tab->draw(ctx);
        ImGui::SetWindowFontScale(text_scale * scale);
        ImGui::EndTabItem();
      }
    }
    if (asked_shown) ctx.select_view.reset();
    ImGui::EndTabBar();
    ImGui::SetWindowFontScale(text_scale);
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

  // The tabs as one chooser, one line tall (a bar of buttons in rows would take the canvas's room
  // on a tiny window): the view shown in its preview, whole where it fits, else its short caption.
  void draw_tab_chooser(AppContext& ctx) {
    cut_tabs_ = 0;
    Tab* shown = &shown_tab(ctx);
    const float room = ImGui::GetContentRegionAvail().x - ImGui::GetFrameHeight();
    const char* preview =
        ImGui::CalcTextSize(shown->label()).x <= room ? shown->label() : shown->short_label();
    ImGui::SetNextItemWidth(-1);
    if (ImGui::BeginCombo("##view", preview)) {
      for (auto& tab : tabs_)
        if (ImGui::Selectable(tab->label(), tab.get() == shown)) shown = tab.get();
      ImGui::EndCombo();
    }
    ctx.shown_view = shown->view();
    shown->draw(ctx);
  }

  // The view shown (or asked for), without tabs or a chooser.
  void draw_shown_alone(AppContext& ctx) {
    Tab& shown = shown_tab(ctx);
    ctx.shown_view = shown.view();
    shown.draw(ctx);
  }

  // The tab asked for, else the one shown, else the first (the ask is taken).
  Tab& shown_tab(AppContext& ctx) {
    if (ctx.select_view) ctx.shown_view = *ctx.select_view;
    ctx.select_view.reset();
    for (auto& tab : tabs_)
      if (tab->view() == ctx.shown_view) return *tab;
    return *tabs_.front();
  }

  // How much smaller the short captions must be for the bar to fit `room` (the padding stays).
  float tab_text_scale(float room) const {
    const float text = tabs_width(true, false);
    const float padding = tabs_width(true) - text + 1;  // and a pixel for rounding
    return text > 0 ? std::min(1.0f, (room - padding) / text) : 1.0f;
  }

  // The tab bar's width with every caption whole (as ImGui sizes a tab: its text and padding).
  float tabs_width(bool short_labels, bool with_padding = true) const {
    const ImGuiStyle& style = ImGui::GetStyle();
    float width = 0;
    for (const auto& tab : tabs_) {
      const char* caption = short_labels ? tab->short_label() : tab->label();
      width += ImGui::CalcTextSize(caption).x +
               (with_padding ? style.FramePadding.x * 2 + style.ItemInnerSpacing.x : 0);
    }
    return width;
  }

  std::vector<std::unique_ptr<Tab>> tabs_;
  int cut_tabs_ = 0;
  bool chooser_ = false;  // the tabs were one chooser last frame
};

}  // namespace

std::unique_ptr<Panel> make_view_window() {
  return std::make_unique<ViewWindow>();
}

}  // namespace stridescope
