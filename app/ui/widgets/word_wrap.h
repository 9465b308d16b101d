// Lines of a text broken at its blanks only: a word ("1041543200768", "5.3.1", "[0..15]") is never
// split across lines (ImGui's own wrapping also breaks after '.' and ',' and inside a long word).
// Pure: the width of a piece of text comes from `measure`.
#pragma once

#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace stridescope {

struct WrappedLine {
  std::string text;
  bool too_wide = false;  // one word wider than the room: shown smaller, never cut
};

// `text`'s lines in `width`: its own line breaks kept, spaces between the words of a line kept as
// written, the space where a line breaks dropped.
std::vector<WrappedLine> wrap_at_blanks(std::string_view text, float width,
                                        const std::function<float(std::string_view)>& measure);

}  // namespace stridescope
