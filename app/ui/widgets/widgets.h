// Small ImGui helpers the panels share: choosers over enums and text, a number field, a fact row,
// and a window placed by fractions of the display.
#pragma once

#include <imgui.h>

#include <cstdint>
#include <span>
#include <string>
#include <string_view>

#include "core/domain.h"
#include "ui/state/window_layout.h"

namespace stridescope {

// A combo box over an enum's names; true when the user picked another value.
template <typename E>
bool choose_enum(const char* label, std::span<const EnumName<E>> choices, E& value) {
  bool changed = false;
  ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x * 0.5f);
  if (ImGui::BeginCombo(label, std::string(name_of(value)).c_str())) {
    for (const EnumName<E>& choice : choices) {
      if (ImGui::Selectable(std::string(choice.name).c_str(), choice.value == value)) {
        changed = choice.value != value;
        value = choice.value;
      }
    }
    ImGui::EndCombo();
  }
  return changed;
}

// A combo box across the room showing `chosen`; where `chosen` is wider than the box can show, it
// is written whole (wrapped) above the box, whose own text is then `short_text` (never cut).
bool begin_combo_whole(const char* id, const std::string& chosen,
                       const std::string& short_text = "choose another");

// A number field applied on Enter; true when it was.
bool edit_number(const char* label, std::uint64_t& value);

// One name / value row of a two-column table, the value in `color` when given.
void fact_row(std::string_view name, const std::string& value, const ImVec4* color = nullptr);

// Text that wraps at the edge of its room (a window, a table cell) at its blanks only: a word is
// never split, and one wider than the room is drawn smaller to fit (ui/widgets/word_wrap.h).
void wrapped_text(std::string_view text);
void wrapped_text(std::string_view text, const ImVec4& color);
// `text` on one line, smaller where it is wider than the room (never cut, never wrapped).
void fitted_line(std::string_view text, const ImVec4& color);

// The next button (captioned `label`) on the line of the last item where it fits, else under it.
void beside_if_it_fits(const char* label);

// A file's path, dim: on one line where it fits, else its folder over its name (each whole).
void path_text(const std::string& path);

// The colour of dim text (ImGui's TextDisabled).
inline const ImVec4& dim() {
  return ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled);
}

// Places the next window at `where` (fractions of the display); `always` re-applies it every
// frame, else only when ImGui has no remembered place for it.
void place_next_window(const Placement& where, bool always);

}  // namespace stridescope
