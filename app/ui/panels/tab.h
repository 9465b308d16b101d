// A tab of the centre window: the memory canvas, the grid, the timings, the precision study. Each
// is an object with its own state, registered in one list (ui/panels/tabs.def).
#pragma once

#include "ui/panels/view_id.h"
#include "ui/state/app_context.h"

namespace stridescope {

class Tab {
 public:
  virtual ~Tab() = default;
  virtual View view() const = 0;          // what --view calls it
  virtual const char* label() const = 0;  // the tab's caption
  // Its caption where the tab bar is narrow for the text size ("Memory" for "Shared memory").
  virtual const char* short_label() const { return label(); }
  virtual void start(AppContext&) {}  // once, when the window and GL context exist
  virtual void stop() {}              // once, before the GL context goes
  virtual void draw(AppContext& ctx) = 0;
};

}  // namespace stridescope
