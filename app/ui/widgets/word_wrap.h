// Lines of a text broken at its blanks: a word ("1041543200768", "5.3.1", "[0..15]", "(0,0,0)") is
// not split across lines (ImGui's own wrapping also breaks after '.' and ',' and inside a long
// word), unless it is wider than the whole room: then after its commas and slashes, as code and
// paths are broken ("--launch 'k<<<1,256>>>(in=iota(256)," or a folder's path on a projector), and
// drawn smaller only where a piece still does not fit. Pure: the width of a piece of text comes
// from `measure`.
#pragma once

#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace stridescope {

struct WrappedLine {
  std::string text;
  bool too_wide = false;  // a piece of a word wider than the room: shown smaller, never cut
};

// `text`'s lines in `width`: its own line breaks kept, spaces between the words of a line kept as
// written, the space where a line breaks dropped.
std::vector<WrappedLine> wrap_at_blanks(std::string_view text, float width,
                                        const std::function<float(std::string_view)>& measure);

}  // namespace stridescope
