// The source panel: the kernel file that was compiled, with the current step's lines highlighted.
#include <set>
#include <string>
#include <vector>

#include "registry.h"
#include "ui/panels.h"
#include "ui/theme.h"

namespace stridescope {

void source_panel(Session& session, ImFont* mono, bool high_contrast) {
  if (!session.has_trace()) return;
  const Trace& trace = session.trace();
  const VariantInfo* variant = find_variant(trace.run.variant);
  if (variant == nullptr) {
    ImGui::TextWrapped("No source: variant '%s' is not in this build's catalog.",
                       trace.run.variant.c_str());
    return;
  }
  std::string_view text = kernel_source(variant->source_file);
  const Step& step = trace.blocks[0].steps[session.playback().step()];
  std::set<int> access_lines;
  for (const Access& a : step.accesses) access_lines.insert(a.line);
  const Palette& p = palette(high_contrast);
  ImGui::TextDisabled("kernels/%s", std::string(variant->source_file).c_str());
  ImGui::BeginChild("source", ImVec2(0, 0), false, ImGuiWindowFlags_HorizontalScrollbar);
  ImGui::PushFont(mono);
  static std::size_t last_step = SIZE_MAX;
  static std::string last_variant;
  bool scroll = last_step != session.playback().step() || last_variant != trace.run.variant;
  last_step = session.playback().step();
  last_variant = trace.run.variant;
  int line_number = 1;
  std::size_t start = 0;
  while (start <= text.size()) {
    std::size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    std::string line(text.substr(start, end - start));
    ImVec2 at = ImGui::GetCursorScreenPos();
    float height = ImGui::GetTextLineHeightWithSpacing();
    bool current = line_number == step.line;
    bool accessed = access_lines.count(line_number) > 0;
    if (current || accessed) {
      ImVec4 bg = current ? p.source_current : p.source_access;
      ImGui::GetWindowDrawList()->AddRectFilled(
          at, ImVec2(at.x + ImGui::GetWindowWidth() + ImGui::GetScrollX(), at.y + height),
          ImGui::ColorConvertFloat4ToU32(bg));
      if (current && scroll) ImGui::SetScrollHereY(0.4f);
    }
    ImGui::TextDisabled("%3d", line_number);
    ImGui::SameLine();
    ImGui::TextUnformatted(line.c_str());
    ++line_number;
    if (end == text.size()) break;
    start = end + 1;
  }
  ImGui::PopFont();
  ImGui::EndChild();
}

}  // namespace stridescope
