// The one line every error of StrideScope is: "stridescope: error: WHAT" (promise 5). Only the
// two signal handlers (main.cpp's alarm, simt/stacks.cpp's overflow) write theirs as literals:
// they may not allocate.
#pragma once

#include <string>
#include <string_view>

namespace stridescope {

inline constexpr std::string_view kErrorPrefix = "stridescope: error: ";

// kErrorPrefix, `what` with its line breaks made spaces (so it stays one line) and its trailing
// spaces dropped, and a newline.
std::string error_line(std::string_view what);

}  // namespace stridescope
