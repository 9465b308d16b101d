// The command line of the window's GIF export: `stridescope export` for what the window shows (the
// trace on screen, the compare or the whole lesson) at its size, text size, theme and view.
#pragma once

#include <string>
#include <vector>

#include "ui/state/app_context.h"

namespace stridescope {

// The command line for `ctx` (program: this executable), writing `gif` at width x height with text
// at `font_scale`; `trace_file` is where the trace on screen is saved first when neither a compare
// nor a lesson is shown.
std::vector<std::string> gif_export_command(const AppContext& ctx, const std::string& program,
                                            const std::string& gif, const std::string& trace_file,
                                            int width, int height, float font_scale);

}  // namespace stridescope
