// Cut text, made measurable: the rules of a clip and the report (ui/platform/text_clips.h).
#include "ui/platform/text_clips.h"

#include <cmath>

#include "core/format.h"

namespace stridescope {
namespace {

std::string pixels(float overhang) {
  return std::to_string(static_cast<long>(std::lround(overhang))) + " px";
}

}  // namespace

std::optional<std::string> clip_of(const TextBox& text, const TextRoom& room, float tolerance) {
  if (text.x1 <= text.x0 || text.y1 <= text.y0) return std::nullopt;  // nothing drawn
  struct Side {
    const char* name;
    float overhang;
    bool scrolls;
  };
  const Side sides[] = {{"left", room.x0 - text.x0, room.scrolls_x},
                        {"right", text.x1 - room.x1, room.scrolls_x},
                        {"top", room.y0 - text.y0, room.scrolls_y},
                        {"bottom", text.y1 - room.y1, room.scrolls_y}};
  std::string how;
  for (const Side& side : sides) {
    if (side.overhang <= tolerance || side.scrolls) continue;
    how += (how.empty() ? "" : ", ") + std::string(side.name) + " by " + pixels(side.overhang);
  }
  if (how.empty()) return std::nullopt;
  const bool hidden =
      text.x0 >= room.x1 || text.x1 <= room.x0 || text.y0 >= room.y1 || text.y1 <= room.y0;
  return hidden ? "hidden (" + how + ")" : how;
}

std::optional<std::string> word_split_at(std::string_view text, std::size_t at) {
  auto blank = [](char c) { return c == ' ' || c == '\t' || c == '\n'; };
  if (at == 0 || at >= text.size() || blank(text[at]) || blank(text[at - 1])) return std::nullopt;
  std::size_t first = at, last = at;
  while (first > 0 && !blank(text[first - 1])) --first;
  while (last < text.size() && !blank(text[last])) ++last;
  return std::string(text.substr(first, at - first)) + "|" +
         std::string(text.substr(at, last - at));
}

TextClips& TextClips::instance() {
  static TextClips clips;
  return clips;
}

std::string TextClips::report() const {
  std::string out = "clipped texts: " + std::to_string(clips_.size()) + "\n";
  for (const TextClip& clip : clips_) {
    std::string text = one_line_text(clip.text);
    if (text.size() > 100) text = text.substr(0, 100) + " [...]";
    out += "clipped: \"" + clip.window + "\": \"" + text + "\" (" + clip.how + ")\n";
  }
  return out;
}

}  // namespace stridescope
