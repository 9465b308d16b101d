// The Step facts panel: what this step does in words and figures (the model's fact rows), the
// hazard lab's findings for the run, the run's result and the variant's lesson.
#include <cctype>
#include <cstdio>
#include <filesystem>
#include <memory>

#include "analysis/additions.h"
#include "core/format.h"
#include "model/fact_rows.h"
#include "model/global_memory_text.h"
#include "model/launch_list.h"
#include "trace/word_types.h"
#include "ui/panels/lesson_bar.h"
#include "ui/panels/panel.h"
#include "ui/panels/program_controls.h"
#include "ui/widgets/widgets.h"

namespace stridescope {
namespace {

// The hazard lab's summary of the run: what went wrong, where, and how far to trust the outcome.
void lab_section(const LabSummary& lab, const VariantInfo* variant, const Palette& p) {
  bool clean = lab.clean();
  bool broken = variant != nullptr && variant->broken_on_purpose();
  if (clean && !broken) {  // a correct run: one quiet line
    wrapped_text("Hazard lab: " + lab_clean_line(lab), dim());
    return;
  }
  ImGui::Separator();
  wrapped_text("Hazard lab: " + lab_summary_line(lab), clean ? p.warp_full : p.waiting);
  if (broken)
    wrapped_text("Broken on purpose: " + std::string(variant->lesson.broken_on_purpose),
                 p.warp_divergent);
  for (const HazardLines& h : lab.hazard_lines) {
    ImGui::Bullet();
    wrapped_text(hazard_name(h.kind) + " between line " + std::to_string(h.first_line) +
                 " and line " + std::to_string(h.second_line) + " (" + std::to_string(h.count) +
                 ")");
  }
  if (lab.timing_dependent()) wrapped_text(lab_race_note(lab));  // the lesson: full contrast
  ImGui::Separator();
}

void facts_table(const TraceModel& model, const StepFacts& facts, const Palette& p) {
  if (!ImGui::BeginTable("facts", 2, ImGuiTableFlags_RowBg)) return;
  ImGui::TableSetupColumn("name", ImGuiTableColumnFlags_WidthFixed);
  ImGui::TableSetupColumn("value", ImGuiTableColumnFlags_WidthStretch);
  for (const FactRow& row : step_fact_rows(model, facts)) {
    if (!row.in_gui_table) continue;
    const ImVec4* color = row.emphasis == Emphasis::Divergent  ? &p.warp_divergent
                          : row.emphasis == Emphasis::Conflict ? &p.conflict
                                                               : nullptr;
    fact_row(row.name, row.value, color);
  }
  const Trace& trace = model.trace();
  if (trace.result_in_word0)  // a matrix multiply has no block sum
    fact_row("block " + std::string(result_name(trace.run.op)),
             trace.divergence ? "none (the run stopped)" : value_text(trace.blocks[0].partial));
  ImGui::EndTable();
}

// What this step of a user's program read and wrote in its cudaMalloc buffers, under the
// narration ("" when nothing: a catalog trace, or a step in shared memory only).
std::string global_step_section(const Trace& trace, std::size_t step) {
  const std::optional<GlobalMemory>& memory = trace.global_memory;
  if (!memory || step >= memory->steps.size() || memory->steps[step].empty()) return "";
  const std::string text = "Global memory: " + step_line(*memory, step);
  wrapped_text(text);
  return text + "\n";
}

// Each cudaMalloc buffer over the whole launch of the traced block (a catalog trace has none:
// nothing is drawn). Returns the lines drawn, for a capture to print.
std::string global_launch_section(const TraceModel& model, const Palette& p) {
  const Trace& trace = model.trace();
  if (!trace.global_memory || trace.global_memory->buffers.empty()) return "";
  ImGui::Separator();
  const std::string title = "Global memory of block " + std::to_string(trace.blocks[0].block) +
                            " over the launch (cudaMalloc buffers):";
  ImGui::PushStyleColor(ImGuiCol_Text, p.text_dim);
  wrapped_text(title);
  ImGui::PopStyleColor();
  std::string drawn = title + "\n";
  for (const std::string& line : model.global_launch_lines()) {
    wrapped_text(line);
    drawn += line + "\n";
  }
  return drawn;
}

// The work in shared memory (additions and depth), or where the additions are instead.
void work_section(const TraceModel& model) {
  const Trace& trace = model.trace();
  const WorkDepth& total = model.work();
  if (total.additions > 0) {
    bool cmp = compares(trace.run.op);
    std::string work = "Work in shared memory: " + combinations_text(cmp, total.additions) +
                       ", depth " + std::to_string(total.depth);
    wrapped_text(work);
    if (ImGui::IsItemHovered()) {
      ImGui::SetTooltip("depth: the longest chain of %s that must happen one after another",
                        std::string(combinations_word(cmp)).c_str());
    }
  } else if (model.has_shuffles()) {
    wrapped_text(
        "The additions happen in registers (warp shuffles): warp 0's registers are drawn below "
        "the shared memory at the steps where it shuffles.");
  } else if (total.atomics > 0) {  // computed once, with the work (work_and_depth)
    wrapped_text(
        "No additions by plain reads and writes in shared memory: it is updated by " +
        count_text(total.atomics, "atomic read-modify-write", "atomic read-modify-writes") + ".");
  } else {
    wrapped_text("No additions in shared memory.");
  }
}

// A user's program: its launch and its traced block's result, what the program itself computes
// (its n, input and reference would be the app's guesses: its output says the rest).
void program_run_section(const TraceModel& model, const Palette& p) {
  const Trace& trace = model.trace();
  wrapped_text("Run: traced " + traced_launch_text(trace) + ", " + shared_types_text(trace) +
               " in shared memory");
  if (model.stopped()) {
    wrapped_text("No result: the run stopped at a divergent barrier", p.waiting);
  } else if (trace.result_in_word0) {
    const std::string word0 = shared_word_name(model.words(), 0);
    wrapped_text("Block " + std::to_string(trace.blocks[0].block) + "'s result, " + word0 +
                 " at its end: " + value_text(trace.blocks[0].partial) +
                 " (the program's output says what it makes of the blocks' results)");
  } else {
    wrapped_text("Not a reduction into shared word 0: the program's output says what it computed",
                 p.text_dim);
  }
}

// The run as a whole: its shape, its result against the reference, its work and depth.
void run_section(const TraceModel& model, const Palette& p) {
  const Trace& trace = model.trace();
  if (model.program()) {
    program_run_section(model, p);
    work_section(model);
    return;
  }
  wrapped_text("Run: n = " + std::to_string(trace.run.n) + ", " +
               std::to_string(trace.run.grid_size) + " block(s) of " +
               std::to_string(trace.run.block_size) + ", " +
               std::string(name_of(trace.run.element_type)));
  if (std::string traced = traced_launch_text(trace); !traced.empty())
    wrapped_text("Traced " + traced);  // a trace from another tool's program: launch, block
  std::optional<Precision> error = model.result_error();
  if (!trace.result_in_word0) {
    wrapped_text(
        "No result to check: this program's blocks do not add into shared word 0 (its "
        "output says what it computed)",
        p.text_dim);
  } else if (!error) {
    wrapped_text("No result: the run stopped at a divergent barrier", p.waiting);
  } else {
    wrapped_text("Result " + value_text(trace.result) + ", reference " +
                 value_text(trace.reference));
    if (const std::optional<Overflow>& o = model.overflow()) {
      wrapped_text(o->sentence, p.warp_divergent);
    } else if (error->absolute != 0) {
      wrapped_text(error_text(*error, trace.run.element_type), p.warp_divergent);
    }
  }
  work_section(model);
}

// An open program being traced or failing, on top (this panel is shown in every layout).
void program_state(const ProgramFile& program, const Session& session, const Palette& p) {
  if (!program.is_open() || (!program.tracing() && program.error().empty())) return;
  std::string name = std::filesystem::path(program.path()).filename().string();
  if (program.tracing()) {
    ImGui::TextColored(p.text_dim, "Tracing %s...", name.c_str());
  } else {
    wrapped_text(program.error(), p.error);
    if (std::string shown = program_standing(program, session).shown; !shown.empty()) {
      shown[0] = static_cast<char>(std::toupper(shown[0]));
      wrapped_text(shown + ".", p.text_dim);
    }
  }
  ImGui::Separator();
}

class FactsPanel final : public Panel {
 public:
  const char* title() const override { return "Step facts"; }
  void draw(AppContext& ctx) override {
    program_state(ctx.program, ctx.session, ctx.palette());
    if (!ctx.session.has_trace()) return;
    if (another_trace_beside_a_failed_program(ctx.program, ctx.session)) return;
    const TraceModel& model = ctx.session.model();
    const StepFacts& f = ctx.session.facts();
    draw_lesson_details(ctx);
    wrapped_text("Step " + std::to_string(f.index) + " / " +
                 std::to_string(model.step_count() - 1) + ": " + f.label.text());
    wrapped_text(f.narration);
    std::string global = global_step_section(model.trace(), f.index);
    // A finding goes above the figures; a clean run's quiet line under them, so that on a small
    // panel (a projector's text size 2) the step's figures come first.
    // An export's frames keep the figures first too: nobody can scroll to them.
    bool quiet_lab =
        ctx.exporting || (model.lab().clean() &&
                          (model.variant() == nullptr || !model.variant()->broken_on_purpose()));
    if (!quiet_lab) lab_section(model.lab(), model.variant(), ctx.palette());
    ImGui::Spacing();
    facts_table(model, f, ctx.palette());
    if (quiet_lab) lab_section(model.lab(), model.variant(), ctx.palette());
    global += global_launch_section(model, ctx.palette());
    if (ctx.capture && global != reported_global_) {  // a screenshot says what it shows, in words
      std::printf("%s", global.c_str());
      reported_global_ = global;
    }
    // An export's frames show the step: the run's figures and the variant's text, the same at
    // every step, would push the step's own lines out of a panel nobody can scroll.
    if (ctx.exporting) return;
    ImGui::Spacing();
    ImGui::Separator();
    run_section(model, ctx.palette());
    if (const VariantInfo* v = model.variant()) {
      ImGui::Separator();
      wrapped_text(v->lesson.teaches);
      wrapped_text(v->lesson.reference, dim());
    }
    if (!ctx.session.notice().empty()) wrapped_text(ctx.session.notice(), dim());
  }

 private:
  std::string reported_global_;  // the global memory lines a capture printed last
};

}  // namespace

std::unique_ptr<Panel> make_facts_panel() {
  return std::make_unique<FactsPanel>();
}

}  // namespace stridescope
