// A panel: one window of the GUI, an object with its own state, drawn from the shared AppContext.
// Every panel is registered in one list (ui/panel_list.cpp), with where it sits in the normal and
// in the presenter view; the App opens and closes the windows. Centre tabs (ui/tab.h) are the same
// idea inside the centre window.
#pragma once

#include <optional>

#include "ui/app_context.h"

namespace stridescope {

// A window's place as fractions of the display: x, y, width, height.
struct Placement {
  float x = 0, y = 0, w = 1, h = 1;
};

struct PanelLayout {
  std::optional<Placement> normal;     // none: not shown in the normal view
  std::optional<Placement> presenter;  // none: not shown in the presenter view
};

class Panel {
 public:
  virtual ~Panel() = default;
  virtual const char* title() const = 0;  // the window's title (and ImGui's id for it)
  virtual PanelLayout layout() const = 0;
  virtual void start(AppContext&) {}       // once, when the window and GL context exist
  virtual void stop() {}                   // once, before the GL context goes
  virtual void draw(AppContext& ctx) = 0;  // the window's contents
};

}  // namespace stridescope
