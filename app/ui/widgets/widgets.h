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

// A number field applied on Enter; true when it was.
bool edit_number(const char* label, std::uint64_t& value);

// One name / value row of a two-column table, the value in `color` when given.
void fact_row(std::string_view name, const std::string& value, const ImVec4* color = nullptr);

// Text that wraps at the window's edge.
void wrapped_text(std::string_view text);
void wrapped_text(std::string_view text, const ImVec4& color);

// Places the next window at `where` (fractions of the display); `always` re-applies it every
// frame, else only when ImGui has no remembered place for it.
void place_next_window(const Placement& where, bool always);

}  // namespace stridescope
