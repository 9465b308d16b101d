// The facts of a step as rows, worded once for the GUI and the CLI.
#include "model/fact_rows.h"

#include "trace/array_names.h"

#include "core/format.h"

namespace stridescope {
namespace {

std::string of(unsigned part, std::size_t whole) {
  return std::to_string(part) + " of " + std::to_string(whole);
}

FactRow conflict_row(const StepFacts& f) {
  FactRow row{"bank conflicts", "conflict", "none", "none"};
  row.width = 10;
  if (f.worst_conflict_degree > 1) {
    row.cell = std::to_string(f.worst_conflict_degree) + "-way";
    row.value = row.cell + " (" + std::to_string(f.conflicts.load_conflicts) + " ld + " +
                std::to_string(f.conflicts.store_conflicts) + " st extra)";
    row.emphasis = Emphasis::Conflict;
  }
  return row;
}

FactRow race_row(const StepFacts& f, const NarrationWords& words) {
  FactRow row{"data races", "hazards", "none", std::to_string(f.hazards.size())};
  row.width = 9;
  if (!f.hazards.empty()) {
    const Hazard& h = f.hazards.front();
    row.value = std::to_string(f.hazards.size()) + " (" + hazard_name(h.kind) + " on " +
                shared_word_name(words, h.word) + ")";
    row.emphasis = Emphasis::Conflict;
  }
  return row;
}

}  // namespace

std::vector<FactRow> step_fact_rows(const TraceModel& model, const StepFacts& f,
                                    std::size_t block) {
  std::size_t threads = model.trace().run.block_size, warps = f.activity.warps.size();
  std::vector<FactRow> rows;
  std::string label = f.label.text();
  rows.push_back({"step", "label", label, label, Emphasis::None, false, 23, true});
  rows.push_back({"source line", "line", std::to_string(f.line), std::to_string(f.line),
                  Emphasis::None, false, 6, true});
  rows.push_back({"active threads", "active", of(f.activity.active_threads, threads),
                  std::to_string(f.activity.active_threads), Emphasis::None, true, 8});
  rows.push_back({"divergent warps", "divergent", of(f.activity.divergent_warps, warps),
                  std::to_string(f.activity.divergent_warps),
                  f.activity.divergent_warps ? Emphasis::Divergent : Emphasis::None, true, 10});
  rows.push_back({"idle warps", "idle", of(f.activity.idle_warps, warps),
                  std::to_string(f.activity.idle_warps), Emphasis::None, true, 6});
  rows.push_back(conflict_row(f));
  std::string wavefronts = std::to_string(f.conflicts.load_conflicts) + "+" +
                           std::to_string(f.conflicts.store_conflicts);
  rows.push_back({"extra wavefronts", "ld+st", wavefronts, wavefronts, Emphasis::None, false, 9});
  unsigned total = model.work(block).additions;
  std::string word(combinations_word(compares(model.trace().run.op)));
  // None in shared memory: in registers where the warps shuffle, else there are none (a transpose).
  std::string none = model.has_shuffles() ? "in registers" : "none";
  rows.push_back({total == 0 ? word : word + " so far", word,
                  total == 0 ? none : of(f.additions_so_far, total),
                  std::to_string(f.additions_so_far), Emphasis::None, true, 11});
  rows.push_back(race_row(f, model.words()));
  std::string word0 = model.trace().arrays.empty() ? std::string(model.words().shared_array) + "[0]"
                                                   : word_name(model.trace().arrays, 0);
  rows.push_back({word0 + " now", word0, value_text(f.first_word), value_text(f.first_word),
                  Emphasis::None, true, 14});
  return rows;
}

}  // namespace stridescope
