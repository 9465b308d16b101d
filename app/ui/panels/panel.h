// A panel: one window of the GUI, an object with its own state, drawn from the shared AppContext.
// Every panel is one line of ui/panels/panels.def; where it sits in each view is its rows in
// ui/panels/layout_table.cpp, not the panel's business. The App opens, places and closes the
// windows. Centre tabs (ui/panels/tab.h) are the same idea inside the centre window.
#pragma once

#include "ui/state/app_context.h"

namespace stridescope {

class Panel {
 public:
  virtual ~Panel() = default;
  virtual const char* title() const = 0;   // the window's title (and ImGui's id for it)
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
