// Every text drawn goes through ImDrawList::AddText; the link wraps both of its forms (CMake's
// --wrap, ui/platform/text_clips.h) so that, while clips are recorded, each text's box is checked
// against its draw list's clip rectangle before it is drawn as ImGui draws it.
#include <imgui.h>
#include <imgui_internal.h>

#include <cfloat>
#include <cstring>
#include <optional>
#include <string>
#include <string_view>

#include "ui/platform/text_clips.h"

// The mangled names of ImDrawList::AddText(font, size, pos, col, begin, end, wrap, clip) and
// AddText(pos, col, begin, end): a member function's `this` is its first argument.
extern "C" {
void __real__ZN10ImDrawList7AddTextEPK6ImFontfRK6ImVec2jPKcS7_fPK6ImVec4(
    ImDrawList* list, const ImFont* font, float size, const ImVec2& pos, ImU32 color,
    const char* begin, const char* end, float wrap_width, const ImVec4* fine_clip);
void __wrap__ZN10ImDrawList7AddTextEPK6ImFontfRK6ImVec2jPKcS7_fPK6ImVec4(
    ImDrawList* list, const ImFont* font, float size, const ImVec2& pos, ImU32 color,
    const char* begin, const char* end, float wrap_width, const ImVec4* fine_clip);
void __wrap__ZN10ImDrawList7AddTextERK6ImVec2jPKcS4_(ImDrawList* list, const ImVec2& pos,
                                                     ImU32 color, const char* begin,
                                                     const char* end);
}

namespace stridescope {
namespace {

std::string window_title() {
  const ImGuiWindow* window = GImGui != nullptr ? GImGui->CurrentWindow : nullptr;
  if (window == nullptr) return "(no window)";
  std::string name = window->RootWindow != nullptr ? window->RootWindow->Name : window->Name;
  return name.substr(0, name.find("##"));
}

// The first word the wrapping splits, breaking the lines as ImFont::RenderText does.
std::optional<std::string> split_word(const ImFont& font, float size, const char* begin,
                                      const char* end, float wrap_width) {
  const float scale = size / font.FontSize;
  for (const char* s = begin; s < end;) {
    const char* eol = font.CalcWordWrapPositionA(scale, s, end, wrap_width);
    if (eol == s) ++eol;  // ImGui takes at least one character a line
    if (auto split = word_split_at(std::string_view(begin, end - begin), eol - begin)) return split;
    s = eol;
    while (s < end && (*s == ' ' || *s == '\t')) ++s;  // the blanks the break swallows
    if (s < end && *s == '\n') ++s;
  }
  return std::nullopt;
}

void check_text(const ImDrawList& list, const ImFont* font, float size, const ImVec2& pos,
                const char* begin, const char* end, float wrap_width, const ImVec4* fine_clip) {
  if (font == nullptr) font = list._Data->Font;
  if (size == 0.0f) size = list._Data->FontSize;
  if (end == nullptr) end = begin + std::strlen(begin);
  if (font == nullptr || begin == end) return;
  ImVec2 extent = font->CalcTextSizeA(size, FLT_MAX, wrap_width, begin, end);
  TextBox box{pos.x, pos.y, pos.x + extent.x, pos.y + extent.y};
  ImVec4 clip = list._CmdHeader.ClipRect;
  if (fine_clip != nullptr) {
    clip = ImVec4(ImMax(clip.x, fine_clip->x), ImMax(clip.y, fine_clip->y),
                  ImMin(clip.z, fine_clip->z), ImMin(clip.w, fine_clip->w));
  }
  const ImGuiWindow* window = GImGui != nullptr ? GImGui->CurrentWindow : nullptr;
  TextRoom room{clip.x,
                clip.y,
                clip.z,
                clip.w,
                window != nullptr && window->ScrollbarX,
                window != nullptr && window->ScrollbarY};
  if (std::optional<std::string> how = clip_of(box, room))
    TextClips::instance().add({window_title(), std::string(begin, end), *how});
  if (wrap_width > 0) {
    if (std::optional<std::string> split = split_word(*font, size, begin, end, wrap_width))
      TextClips::instance().add(
          {window_title(), std::string(begin, end), "wraps inside " + *split});
  }
}

}  // namespace
}  // namespace stridescope

void __wrap__ZN10ImDrawList7AddTextEPK6ImFontfRK6ImVec2jPKcS7_fPK6ImVec4(
    ImDrawList* list, const ImFont* font, float size, const ImVec2& pos, ImU32 color,
    const char* begin, const char* end, float wrap_width, const ImVec4* fine_clip) {
  if (stridescope::TextClips::instance().recording() && (color & IM_COL32_A_MASK) != 0)
    stridescope::check_text(*list, font, size, pos, begin, end, wrap_width, fine_clip);
  __real__ZN10ImDrawList7AddTextEPK6ImFontfRK6ImVec2jPKcS7_fPK6ImVec4(
      list, font, size, pos, color, begin, end, wrap_width, fine_clip);
}

// The short form, as ImGui defines it: the list's own font and size.
void __wrap__ZN10ImDrawList7AddTextERK6ImVec2jPKcS4_(ImDrawList* list, const ImVec2& pos,
                                                     ImU32 color, const char* begin,
                                                     const char* end) {
  __wrap__ZN10ImDrawList7AddTextEPK6ImFontfRK6ImVec2jPKcS7_fPK6ImVec4(
      list, nullptr, 0.0f, pos, color, begin, end, 0.0f, nullptr);
}
