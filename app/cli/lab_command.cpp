// The `stridescope lab` command: runs a variant on the emulator and reports the hazard lab.
#include "cli/lab_command.h"

#include <nlohmann/json.hpp>
#include <ostream>
#include <stdexcept>

#include "core/files.h"
#include "core/format.h"
#include "registry.h"

namespace stridescope {
namespace {

nlohmann::json findings_json(const Trace& trace, const LabSummary& s) {
  nlohmann::json races = nlohmann::json::array();
  for (const HazardLines& h : s.hazard_lines) {
    races.push_back({{"kind", hazard_name(h.kind)},
                     {"first_line", h.first_line},
                     {"second_line", h.second_line},
                     {"count", h.count}});
  }
  nlohmann::json out = {{"variant", trace.run.variant},
                        {"block", trace.run.block_size},
                        {"n", trace.run.n},
                        {"op", name_of(trace.run.op)},
                        {"hazards", s.hazards},
                        {"hazard_lines", std::move(races)},
                        {"divergent_barriers", s.divergent_barriers},
                        {"uninitialized_reads", s.uninitialized.size()},
                        {"lost_traced", s.contributions.applicable},
                        {"lost", s.contributions.lost.size()},
                        {"doubled", s.contributions.doubled.size()},
                        {"summary", lab_summary_line(s)}};
  if (trace.divergence) {
    nlohmann::json lines = nlohmann::json::array();
    for (const BarrierWaiters& w : trace.divergence->waiting) lines.push_back(w.line);
    out["divergence_lines"] = std::move(lines);
  }
  return out;
}

}  // namespace

void print_lab_findings(const Trace& trace, const LabSummary& s, std::ostream& out) {
  out << trace.run.variant << "  block=" << trace.run.block_size << "  n=" << trace.run.n << "\n"
      << lab_summary_line(s) << "\n";
  for (const HazardLines& h : s.hazard_lines) {
    out << "  race: " << hazard_name(h.kind) << " between line " << h.first_line << " and line "
        << h.second_line << " (" << h.count << (h.count == 1 ? " hazard" : " hazards") << ")\n";
  }
  if (trace.divergence) out << "  " << trace.divergence->message << "\n";
  const Contributions& c = s.contributions;
  if (!c.applicable) {
    if (!c.why_not.empty()) out << "  lost elements: not traced, " << c.why_not << "\n";
  } else {
    std::vector<unsigned> lost_words, doubled_words;
    for (std::size_t i : c.lost) lost_words.push_back(c.sources[i].word);
    for (std::size_t i : c.doubled) doubled_words.push_back(c.sources[i].word);
    if (!lost_words.empty()) {
      out << "  lost: the values stored into s[" << format_ranges(lost_words)
          << "] never reach s[0]\n";
    }
    if (!doubled_words.empty()) {
      out << "  counted more than once: the values stored into s[" << format_ranges(doubled_words)
          << "]\n";
    }
  }
  if (!s.uninitialized.empty()) {
    const UninitializedRead& u = s.uninitialized.front();
    out << "  uninitialized: " << s.uninitialized.size() << " read(s), the first by thread "
        << u.access.thread << " of s[" << u.access.address / trace.word_size << "] on line "
        << u.access.line << " (step " << u.step << ")\n";
  }
  if (s.timing_dependent()) out << "  note: " << lab_race_note(s) << "\n";
}

int command_lab(const RunRequest& request, const std::string& json_path, std::ostream& out) {
  Trace trace = run_on_emulator(request);
  const VariantInfo* variant = find_variant(request.variant);
  LabSummary summary = lab_summary(trace, variant->behaviour.result_in_word0);
  print_lab_findings(trace, summary, out);
  if (!json_path.empty())
    write_output_file(json_path, findings_json(trace, summary).dump(2) + "\n");
  return 0;
}

}  // namespace stridescope
