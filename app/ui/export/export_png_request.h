// The GUI's "Save PNG": the Run panel asks for the view as a PNG; the capture
// (ui/platform/capture.cpp) renders the next frame settled and without the pointer, writes it and
// reports where.
#pragma once

#include <cstddef>
#include <optional>
#include <string>

namespace stridescope {

// The file name "Save PNG" uses: stridescope-<variant>-step<k>.png (in the current directory).
std::string view_png_name(const std::string& variant, std::size_t step);

// One window per process: the request waits here until the capture takes it.
void request_view_png(const std::string& path);
std::optional<std::string> take_view_png_request();

// True from the capture taking a request until it set the outcome (the frame saved meanwhile
// leaves out the last outcome's line).
bool view_png_saving();

// What became of the last request ("wrote /abs/path (1600x900)" or the error), for the Run panel.
void set_view_png_status(const std::string& status, bool ok);
const std::string& view_png_status();
bool view_png_ok();

}  // namespace stridescope
