// Where two traces differ, in words (model/diff_text.h): what `stridescope diff` prints and the
// window's compare of two traces says.
#include "model/diff_text.h"

#include <sstream>

#include "core/format.h"

namespace stridescope {

namespace {

constexpr std::size_t kWritersShown = 8;

std::string writers_text(const std::vector<WordWriter>& writers) {
  if (writers.empty()) return "no access of that step wrote it";
  std::string text = "written in that step by ";
  for (std::size_t i = 0; i < writers.size() && i < kWritersShown; ++i) {
    const WordWriter& w = writers[i];
    text += (i == 0 ? "" : ", ") + std::string("thread ") + std::to_string(w.thread) + " (line " +
            std::to_string(w.line) + (w.kind == AccessKind::Atomic ? ", atomic" : "") + ", wrote " +
            value_text(w.value) + ")";
  }
  if (writers.size() > kWritersShown)
    text += " and " + std::to_string(writers.size() - kWritersShown) + " more";
  return text;
}

std::string label_or_end(const std::string& label) {
  return label.empty() ? "no such step" : label;
}

std::string memory_text(const TraceDifference& d, const std::string& a, const std::string& b) {
  std::ostringstream s;
  s << "differ: step " << d.step << " of block " << d.block_a;
  if (d.block_b != d.block_a) s << " | " << d.block_b;
  s << " (" << a << ": " << d.a.label << "; " << b << ": " << d.b.label << "), " << d.a.word_name;
  if (d.b.word_name != d.a.word_name) s << " (" << b << ": " << d.b.word_name << ")";
  s << " is " << value_text(d.a.value) << " in " << a << " and " << value_text(d.b.value) << " in "
    << b << "\n";
  s << "  " << a << ": " << writers_text(d.a.writers) << "\n";
  s << "  " << b << ": " << writers_text(d.b.writers) << "\n";
  if (d.steps_a != d.steps_b)
    s << "  " << a << " has " << count_text(d.steps_a, "step", "steps") << ", " << b << " "
      << d.steps_b << "\n";
  return s.str();
}

std::string step_count_text(const TraceDifference& d, const std::string& a, const std::string& b) {
  const bool a_more = d.steps_a > d.steps_b;
  const std::string& more = a_more ? a : b;
  const std::string& fewer = a_more ? b : a;
  std::ostringstream s;
  s << "differ: " << more << " has " << std::max(d.steps_a, d.steps_b) << " steps of block "
    << (a_more ? d.block_a : d.block_b) << ", " << fewer << " " << std::min(d.steps_a, d.steps_b)
    << "; the memory of the steps both have agrees; ";
  if (d.step < std::min(d.steps_a, d.steps_b)) {
    s << "they part at step " << d.step << " (" << a << ": " << label_or_end(d.a.label) << "; " << b
      << ": " << label_or_end(d.b.label) << ")\n";
  } else {
    s << fewer << " ends after step " << d.step - 1 << ", " << more << " goes on with step "
      << d.step << " (" << (a_more ? d.a.label : d.b.label) << ")\n";
  }
  return s.str();
}

}  // namespace

std::string diff_text(const TraceDifference& d, const std::string& a, const std::string& b) {
  std::string note;
  if (d.element_types_differ) note = " (words compared as their bytes: the element types differ)";
  if (d.unwritten_differing > 0)
    note += " (" + count_text(d.unwritten_differing, "byte", "bytes") +
            " no thread wrote differ: what the memory held before, not compared)";
  switch (d.kind) {
    case DiffKind::Same:
      return "same: shared memory agrees after every one of " +
             count_text(d.steps_compared, "step", "steps") +
             (d.blocks_a > 1 ? " (" + std::to_string(d.blocks_a) + " blocks)" : "") + ", " +
             std::to_string(d.shared_bytes) + " bytes" + note + "\n";
    case DiffKind::Memory:
      return memory_text(d, a, b) + (note.empty() ? "" : " " + note + "\n");
    case DiffKind::StepCount:
      return step_count_text(d, a, b);
    case DiffKind::BlockCount:
      return "differ: " + a + " traced " + count_text(d.blocks_a, "block", "blocks") + ", " + b +
             " " + std::to_string(d.blocks_b) + "; the " +
             count_text(std::min(d.blocks_a, d.blocks_b), "block", "blocks") +
             " both traced agree\n";
  }
  return "";
}

DifferenceNote difference_note(const Trace& a, const Trace& b, const std::string& name_a,
                               const std::string& name_b) {
  try {
    const TraceDifference d = diff_traces(a, b);
    const bool differ = d.kind == DiffKind::Memory || d.kind == DiffKind::StepCount;
    return {diff_text(d, name_a, name_b), differ ? d.step : 0};
  } catch (const TraceDiffError& e) {
    return {std::string("not comparable word by word: ") + e.what(), 0};
  }
}

}  // namespace stridescope
