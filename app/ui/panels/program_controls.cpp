// The Run panel's controls for an own program (see program_controls.h).
#include "ui/panels/program_controls.h"

#include <imgui.h>

#include <algorithm>
#include <filesystem>
#include <string>

#include "model/launch_list.h"
#include "ui/panels/gpu_trace_choice.h"
#include "ui/widgets/widgets.h"

namespace stridescope {
namespace {

constexpr std::size_t kOutputShown = 16 * 1024;  // characters of the output drawn at most
constexpr std::size_t kOutputLines = 4;          // lines tall at most (it scrolls)

// The file's name (its path on hover) and whether the trace shown is its own, wrapped on a narrow
// panel.
void program_title(const ProgramFile& program, const Session& session, const Palette& palette,
                   const std::string& device_name) {
  std::string name = std::filesystem::path(program.path()).filename().string();
  fitted_line(name, ImGui::GetStyleColorVec4(ImGuiCol_Text));
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", program.path().c_str());
  ProgramStanding standing = program_standing(program, session, device_name);
  bool traced = !program.tracing() && program.error().empty();
  ImGui::SameLine();
  if (ImGui::GetContentRegionAvail().x < ImGui::CalcTextSize(standing.status.c_str()).x)
    ImGui::NewLine();
  wrapped_text(standing.status, traced ? palette.text_dim : palette.waiting);
}

// The launch combo ("3: matmul_tiled<<<(2,2),(16,16)>>>"); the block follows the new grid.
void choose_launch(const ProgramFile& program, ProgramChoice& choice) {
  const std::vector<ProgramLaunch>& launches = program.launches();
  std::string current = choice.launch < launches.size()
                            ? launch_label(choice.launch, launches[choice.launch])
                            : "launch " + std::to_string(choice.launch);
  // Too wide for the panel (the compact view): the kernel's name, not a cut through its shape.
  std::string preview = current;
  const float room = ImGui::GetContentRegionAvail().x - ImGui::GetFrameHeight();
  if (choice.launch < launches.size() && ImGui::CalcTextSize(current.c_str()).x > room)
    preview = std::to_string(choice.launch) + ": " + launches[choice.launch].kernel;
  bool open = begin_combo_whole("##launch", preview, "another launch");
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("launch %s", current.c_str());
  if (!open) return;
  for (std::size_t i = 0; i < launches.size(); ++i) {
    if (ImGui::Selectable(launch_label(i, launches[i]).c_str(), i == choice.launch)) {
      choice.launch = static_cast<std::uint32_t>(i);
      choice.traced_block = bounded_block(choice.traced_block, launches[i]);
    }
  }
  ImGui::EndCombo();
}

// The traced block: a number (Enter or the +/- buttons), kept inside the launch's grid.
void choose_block(const ProgramFile& program, ProgramChoice& choice, const Palette& palette) {
  const std::vector<ProgramLaunch>& launches = program.launches();
  std::uint32_t block = choice.traced_block, one = 1;
  ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x * 0.5f);
  if (ImGui::InputScalar("block", ImGuiDataType_U32, &block, &one, nullptr, "%u",
                         ImGuiInputTextFlags_EnterReturnsTrue)) {
    choice.traced_block = block;
    if (choice.launch < launches.size())
      choice.traced_block = bounded_block(block, launches[choice.launch]);
  }
  if (choice.launch >= launches.size()) return;
  const ProgramLaunch& launch = launches[choice.launch];
  std::string where = block_position(choice.traced_block, launch);
  const std::uint64_t blocks = block_count(launch);
  std::string range =
      (blocks == 1 ? std::string("(the only one)") : "of 0-" + std::to_string(blocks - 1)) +
      (where.empty() ? "" : ", at " + where);
  ImGui::SameLine();
  if (ImGui::GetContentRegionAvail().x < ImGui::CalcTextSize(range.c_str()).x) ImGui::NewLine();
  ImGui::TextColored(palette.text_dim, "%s", range.c_str());
}

void choose_schedule(ProgramChoice& choice) {
  choose_enum("schedule", enum_names<ThreadSchedule>(), choice.schedule);
  if (choice.schedule == ThreadSchedule::Random) edit_number("seed", choice.seed);
}

// Races in global memory (found in every launch and block, whatever order they ran in): each one
// sentence, wrapped, in the warning colour.
void program_races(const ProgramFile& program, const Palette& palette) {
  if (program.races().empty()) return;
  const std::size_t n = program.races().size();
  const std::string title =
      std::to_string(n) + (n == 1 ? " race" : " races") + " in global memory###races";
  if (!ImGui::CollapsingHeader(title.c_str(), ImGuiTreeNodeFlags_DefaultOpen)) return;
  ImGui::PushStyleColor(ImGuiCol_Text, palette.error);
  for (const std::string& sentence : program.races()) ImGui::TextWrapped("%s", sentence.c_str());
  ImGui::PopStyleColor();
}

// What the program printed, in a bounded scrolling box under a collapsible header.
void program_output(const ProgramFile& program) {
  if (program.output().empty()) return;
  if (!ImGui::CollapsingHeader("Output", ImGuiTreeNodeFlags_DefaultOpen)) return;
  const std::string& out = program.output();
  const std::size_t shown = std::min(out.size(), kOutputShown);
  const std::size_t breaks = std::count(out.begin(), out.begin() + shown, '\n');
  const float lines =
      static_cast<float>(std::min(kOutputLines, breaks + (out[shown - 1] == '\n' ? 0 : 1)));
  ImGui::BeginChild("##output",
                    ImVec2(0, lines * ImGui::GetTextLineHeightWithSpacing() +
                                  ImGui::GetStyle().ScrollbarSize + 8),
                    true, ImGuiWindowFlags_HorizontalScrollbar);
  ImGui::TextUnformatted(out.data(), out.data() + shown);
  if (out.size() > kOutputShown)
    ImGui::TextDisabled("... %zu more characters", out.size() - kOutputShown);
  ImGui::EndChild();
}

}  // namespace

ProgramStanding program_standing(const ProgramFile& program, const Session& session,
                                 const std::string& device_name) {
  ProgramStanding standing;
  standing.status = program.tracing()          ? "tracing..."
                    : !program.error().empty() ? "not traced (the error is below)"
                                               : where_traced(program.traced_choice(), device_name);
  if (program.shown_in(session) && program.error().empty()) return standing;
  if (!session.has_trace()) return standing;
  const std::string& variant = session.trace().run.variant;
  const std::string whose =
      variant.starts_with("own:") ? variant.substr(4) + "'s" : "the catalog's " + variant;
  if (program.shown_in(session)) {
    standing.shown = "the trace shown is this file's from before";
  } else if (another_trace_beside_a_failed_program(program, session)) {
    // The views say the file was not traced; only the timeline still steps through that trace.
    standing.shown = "no trace of this file is shown: the timeline steps through " + whose +
                     (variant.starts_with("own:") ? " trace" : "");
  } else {
    standing.shown = "the trace shown is " + whose + ", not this file's";
  }
  return standing;
}

bool another_trace_beside_a_failed_program(const ProgramFile& program, const Session& session) {
  return program.is_open() && !program.tracing() && !program.error().empty() &&
         session.has_trace() && !program.shown_in(session);
}

void draw_not_this_files_trace(const ProgramFile& program, const Palette& palette) {
  const std::string name = std::filesystem::path(program.path()).filename().string();
  wrapped_text(name +
                   " was not traced: its error is in the Run panel. Fix the file (it is traced "
                   "again when saved) or close the program to see the catalog's run.",
               palette.error);
}

bool draw_program_controls(AppContext& ctx) {
  ProgramFile& program = ctx.program;
  ProgramChoice choice = program.choice();
  // An exercise check's failing case shown: which launch and block it is comes before anything
  // (on a projector the panel shows two or three lines).
  if (!program.check_view().empty()) ImGui::TextWrapped("%s", program.check_view().c_str());
  choose_launch(program, choice);  // first: the compact view has room for two or three lines
  choose_block(program, choice, ctx.palette());
  program_title(program, ctx.session, ctx.palette(), ctx.device_name);
  if (!choose_gpu_trace(ctx.device_name, choice)) choose_schedule(choice);
  if (program.can_compare_backends() && ImGui::Button("Compare emulator | GPU") &&
      program.compare_backends(ctx.session, ctx.device_name))
    ctx.select_view = View::Compare;
  program.choose(choice);  // re-traces when something changed
  const std::vector<ProgramLaunch>& launches = program.launches();
  ctx.run_panel_shows =
      "program " + std::filesystem::path(program.path()).filename().string() + ", launch " +
      (choice.launch < launches.size() ? launch_label(choice.launch, launches[choice.launch])
                                       : std::to_string(choice.launch)) +
      ", block " + std::to_string(choice.traced_block) +
      (choice.on_gpu ? std::string(", on the GPU")
                     : ", schedule " + std::string(name_of(choice.schedule)));
  bool closed = ImGui::Button("Close program");
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("back to the catalog's run");
  program_races(program, ctx.palette());
  program_output(program);
  return closed;
}

}  // namespace stridescope
