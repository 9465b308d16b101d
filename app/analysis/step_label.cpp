// A step's short label, from its additions or, without any, from what its accesses touch.
#include "analysis/step_label.h"

#include <optional>

#include "analysis/additions.h"
#include "analysis/global_ranges.h"
#include "analysis/intervals.h"
#include "trace/array_names.h"

namespace stridescope {

std::string StepLabel::text() const {
  switch (kind) {
    case StepLabelKind::Stride:
      return "stride = " + std::to_string(stride);
    case StepLabelKind::Additions:
      return "additions";
    case StepLabelKind::Load:
      return "load";
    case StepLabelKind::Store:
      return "store";
    case StepLabelKind::WriteBlockSum:
      return "write block sum";
    case StepLabelKind::Read:
      return "read";
    case StepLabelKind::Shuffle:
      return "shuffle, offset " + std::to_string(stride);
    case StepLabelKind::ReadWrite:
      return "read + write";
    case StepLabelKind::Atomics:
      return "atomics";
    case StepLabelKind::NoSharedWork:
      break;
  }
  return "no shared-memory work";
}

StepLabel step_label(const Step& step, const std::vector<Addition>& adds, unsigned word_size,
                     const std::vector<SharedArray>& arrays) {
  if (!adds.empty()) {
    std::optional<long> stride;
    for (const Addition& a : adds) {
      const long d = element_distance(arrays, a.target_word, a.source_word);
      if (stride && *stride != d) return {StepLabelKind::Additions, 0};
      stride = d;
    }
    return {StepLabelKind::Stride, *stride};
  }
  bool reads = false, writes = false, own_word = true, only_first_word = true, plain = false;
  for (const Access& a : step.accesses) {
    plain = plain || a.kind != AccessKind::Atomic;
    reads = reads || reads_memory(a.kind);
    writes = writes || writes_memory(a.kind);
    if (a.address / word_size != a.thread) own_word = false;
    if (a.thread != 0 || a.address != 0) only_first_word = false;
  }
  bool block_sum = only_first_word && step.kind == StepKind::Exit && step.shuffles.empty();
  if (writes != reads && block_sum) return {StepLabelKind::WriteBlockSum, 0};
  if (!step.accesses.empty() && !plain) return {StepLabelKind::Atomics, 0};
  if (writes && !reads) return {own_word ? StepLabelKind::Load : StepLabelKind::Store, 0};
  if (reads && !writes) return {StepLabelKind::Read, 0};
  if (reads && writes) return {StepLabelKind::ReadWrite, 0};
  if (!step.shuffles.empty()) return {StepLabelKind::Shuffle, step.shuffles.front().delta};
  return {};
}

std::vector<StepLabel> step_labels(std::span<const Step> steps, unsigned word_size,
                                   const std::vector<SharedArray>& arrays) {
  std::vector<StepLabel> labels(steps.size());
  for (const BarrierInterval& in : barrier_intervals(steps)) {
    std::vector<std::vector<Addition>> landing(in.last - in.first + 1);
    for (const Addition& a : additions(in.merged, word_size)) {
      landing[in.access_step[a.write] - in.first].push_back(a);
    }
    for (std::size_t s = in.first; s <= in.last; ++s) {
      labels[s] = step_label(steps[s], landing[s - in.first], word_size, arrays);
    }
  }
  return labels;
}

StepLabel with_global_reads(StepLabel label, const Trace& trace, std::size_t block,
                            std::size_t step) {
  if (label.kind != StepLabelKind::Load || !trace.global_memory || block != 0) return label;
  if (buffers_read(trace, step).empty()) label.kind = StepLabelKind::Store;
  return label;
}

std::vector<StepLabel> step_labels(const Trace& trace, std::size_t block) {
  std::vector<StepLabel> labels =
      step_labels(trace.blocks.at(block).steps, trace.word_size, trace.arrays);
  for (std::size_t s = 0; s < labels.size(); ++s)
    labels[s] = with_global_reads(labels[s], trace, block, s);
  return labels;
}

}  // namespace stridescope
