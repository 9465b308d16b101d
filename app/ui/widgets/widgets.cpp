// Small ImGui helpers the panels share.
#include "ui/widgets/widgets.h"

namespace stridescope {

bool edit_number(const char* label, std::uint64_t& value) {
  ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x * 0.5f);
  std::uint64_t edited = value;
  if (!ImGui::InputScalar(label, ImGuiDataType_U64, &edited, nullptr, nullptr, "%llu",
                          ImGuiInputTextFlags_EnterReturnsTrue)) {
    return false;
  }
  value = edited;
  return true;
}

void fact_row(std::string_view name, const std::string& value, const ImVec4* color) {
  ImGui::TableNextRow();
  ImGui::TableSetColumnIndex(0);
  ImGui::TextUnformatted(name.data(), name.data() + name.size());
  ImGui::TableSetColumnIndex(1);
  if (color) {  // wrapped in its column: a narrow panel shows the whole value on more lines
    wrapped_text(value, *color);
  } else {
    wrapped_text(value);
  }
}

void wrapped_text(std::string_view text) {
  ImGui::PushTextWrapPos(0);
  ImGui::TextUnformatted(text.data(), text.data() + text.size());
  ImGui::PopTextWrapPos();
}

void wrapped_text(std::string_view text, const ImVec4& color) {
  ImGui::PushStyleColor(ImGuiCol_Text, color);
  wrapped_text(text);
  ImGui::PopStyleColor();
}

void place_next_window(const Placement& where, bool always) {
  ImVec2 d = ImGui::GetIO().DisplaySize;
  ImGuiCond cond = always ? ImGuiCond_Always : ImGuiCond_FirstUseEver;
  ImGui::SetNextWindowPos(ImVec2(d.x * where.x, d.y * where.y), cond);
  ImGui::SetNextWindowSize(ImVec2(d.x * where.w, d.y * where.h), cond);
}

}  // namespace stridescope
