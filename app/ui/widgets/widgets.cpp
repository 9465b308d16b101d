// Small ImGui helpers the panels share.
#include "ui/widgets/widgets.h"

#include <imgui_internal.h>

#include <algorithm>

#include "ui/widgets/word_wrap.h"

namespace stridescope {

bool begin_combo_whole(const char* id, const std::string& chosen, const std::string& short_text) {
  const ImGuiStyle& style = ImGui::GetStyle();
  const float room =
      ImGui::GetContentRegionAvail().x - ImGui::GetFrameHeight() - style.FramePadding.x * 2;
  const bool fits = ImGui::CalcTextSize(chosen.c_str()).x <= room;
  if (!fits) wrapped_text(chosen);
  ImGui::SetNextItemWidth(-1);
  return ImGui::BeginCombo(id, fits ? chosen.c_str() : short_text.c_str());
}

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
  const float width = std::max(1.0f, ImGui::GetContentRegionAvail().x);
  auto measure = [](std::string_view piece) {
    return ImGui::CalcTextSize(piece.data(), piece.data() + piece.size()).x;
  };
  std::string block;  // lines that fit, drawn as one item (ImGui's own line spacing)
  auto flush = [&block] {
    if (block.empty()) return;
    block.pop_back();  // its last '\n'
    ImGui::TextUnformatted(block.c_str());
    block.clear();
  };
  for (const WrappedLine& line : wrap_at_blanks(text, width, measure)) {
    if (!line.too_wide) {
      block += line.text + "\n";
      continue;
    }
    flush();
    fitted_line(line.text, ImGui::GetStyleColorVec4(ImGuiCol_Text));  // smaller, whole
  }
  flush();
}

void wrapped_text(std::string_view text, const ImVec4& color) {
  ImGui::PushStyleColor(ImGuiCol_Text, color);
  wrapped_text(text);
  ImGui::PopStyleColor();
}

void fitted_line(std::string_view text, const ImVec4& color) {
  const float width = std::max(1.0f, ImGui::GetContentRegionAvail().x);
  const float needed = ImGui::CalcTextSize(text.data(), text.data() + text.size()).x;
  ImGuiWindow* window = ImGui::GetCurrentWindow();
  const float scale = window->FontWindowScale;
  if (needed > width) ImGui::SetWindowFontScale(scale * width / needed);
  ImGui::PushStyleColor(ImGuiCol_Text, color);
  ImGui::TextUnformatted(text.data(), text.data() + text.size());
  ImGui::PopStyleColor();
  ImGui::SetWindowFontScale(scale);
}

void beside_if_it_fits(const char* label) {
  const ImGuiStyle& style = ImGui::GetStyle();
  const float right = ImGui::GetItemRectMax().x + style.ItemSpacing.x +
                      ImGui::CalcTextSize(label, nullptr, true).x + style.FramePadding.x * 2;
  if (right <= ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x) ImGui::SameLine();
}

void path_text(const std::string& path) {
  const std::size_t slash = path.rfind('/');
  if (slash == std::string::npos ||
      ImGui::CalcTextSize(path.c_str()).x <= ImGui::GetContentRegionAvail().x) {
    wrapped_text(path, dim());
    return;
  }
  wrapped_text(path.substr(0, slash + 1), dim());
  wrapped_text(path.substr(slash + 1), dim());
}

void place_next_window(const Placement& where, bool always) {
  ImVec2 d = ImGui::GetIO().DisplaySize;
  ImGuiCond cond = always ? ImGuiCond_Always : ImGuiCond_FirstUseEver;
  ImGui::SetNextWindowPos(ImVec2(d.x * where.x, d.y * where.y), cond);
  ImGui::SetNextWindowSize(ImVec2(d.x * where.w, d.y * where.h), cond);
}

}  // namespace stridescope
