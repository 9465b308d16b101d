// A panel: one window of the GUI, an object with its own state, drawn from the shared AppContext.
// Every panel is registered in one list (ui/panels/panel_list.cpp), with where it sits in the
// normal, the compact and the presenter view; the App opens, places and closes the windows. Centre
// tabs (ui/panels/tab.h) are the same idea inside the centre window.
#pragma once

#include <optional>

#include "ui/state/app_context.h"

namespace stridescope {

// A window's place as fractions of the display: x, y, width, height.
struct Placement {
  float x = 0, y = 0, w = 1, h = 1;
};

// Where a panel goes in each view (ui/state/window_layout.h picks the view and turns these into
// pixels).
struct PanelLayout {
  std::optional<Placement> normal;     // none: not shown in the normal view
  std::optional<Placement> presenter;  // none: not shown in the presenter view
  std::optional<Placement> compact;    // the normal view on a display narrow for the text size
  std::optional<Placement> compact_presenter;  // the presenter view on such a display
  float min_lines = 0;       // at least this many lines of text tall: neighbours give way
  bool fit_content = false;  // as tall as its contents (measured each frame): neighbours give way
};

class Panel {
 public:
  virtual ~Panel() = default;
  virtual const char* title() const = 0;  // the window's title (and ImGui's id for it)
  virtual PanelLayout layout() const = 0;
  // Its layout given what is shown: layout() unless the panel says otherwise (a compare gives the
  // presenter view's width to the centre window's panes).
  virtual PanelLayout layout_in(const AppContext&) const { return layout(); }
  virtual void start(AppContext&) {}       // once, when the window and GL context exist
  virtual void stop() {}                   // once, before the GL context goes
  virtual void draw(AppContext& ctx) = 0;  // the window's contents
  // Its modal windows (the file browser), begun after every panel's window, outside them. A
  // modal begun inside a panel, in the frame it opens, could meet a window that appears later in
  // that frame (a tooltip where the pointer just arrived): ImGui then asserts ('blocking_modal !=
  // NULL', imgui.cpp:6298 in 1.86) and the app dies. Called every frame, shown or not.
  virtual void draw_popups(AppContext&) {}
};

}  // namespace stridescope
