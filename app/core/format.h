// Text formatting shared by the GUI and the CLI: how data becomes on-screen text, safely.
#pragma once

#include <string>
#include <string_view>

namespace stridescope {

// `text` made safe to sit inside a printf-style format (ImGui's slider formats): every '%' is
// doubled, so the formatted output shows `text` exactly and reads no arguments.
std::string printf_literal(std::string_view text);

}  // namespace stridescope
