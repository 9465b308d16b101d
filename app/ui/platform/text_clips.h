// Cut text, made measurable (--report-clipped): every text ImGui or a panel draws is checked
// against the room it is given (the draw list's clip rectangle); a text that runs past it where its
// window has no scroll bar is a clip, and so is a word a wrapped text splits across lines
// ("1041543200|768"). Pure rules (clip_of, word_split_at) and the frame's list; text_clip_hooks.cpp
// feeds it.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace stridescope {

struct TextBox {  // where a text's lines lie, in pixels
  float x0 = 0, y0 = 0, x1 = 0, y1 = 0;
};
struct TextRoom {  // the rectangle it may show in, and whether its window scrolls that way
  float x0 = 0, y0 = 0, x1 = 0, y1 = 0;
  bool scrolls_x = false, scrolls_y = false;
};

// How a text is cut: "right by 12 px", "bottom by 3 px, right by 40 px", "hidden (below by 80
// px)"; none when it is whole, or when the part past its room is one its window scrolls to.
// Overhangs of at most `tolerance` pixels are glyph padding, not a cut.
std::optional<std::string> clip_of(const TextBox& text, const TextRoom& room,
                                   float tolerance = 1.0f);

// The word a line break at `at` (where the next line begins) splits, as a text wrapped at a width
// narrower than one of its words shows it ("5.3.|1"); none when the break falls between words.
std::optional<std::string> word_split_at(std::string_view text, std::size_t at);

struct TextClip {
  std::string window;  // the panel's title
  std::string text;
  std::string how;  // clip_of's words
};

// The texts cut in the frame being drawn; kept only while recording (off: one branch per text).
class TextClips {
 public:
  static TextClips& instance();
  void record(bool on) { recording_ = on; }
  bool recording() const { return recording_; }
  void start_frame() { clips_.clear(); }
  void add(TextClip clip) { clips_.push_back(std::move(clip)); }
  const std::vector<TextClip>& clips() const { return clips_; }
  // "clipped texts: N", then a line per clip: `clipped: "<window>": "<text>" (<how>)`.
  std::string report() const;

 private:
  bool recording_ = false;
  std::vector<TextClip> clips_;
};

}  // namespace stridescope
