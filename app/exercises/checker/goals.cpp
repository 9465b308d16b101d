// The exercises' goals, measured on a traced block (checker.h's goal_failure): one function each.
#include <algorithm>

#include "analysis/bank_conflicts.h"
#include "analysis/global_ranges.h"
#include "exercises/checker/checker.h"

namespace stridescope {

namespace {

std::optional<CheckFailure> conflict_goal(const Trace& trace, const std::string& label) {
  const BlockTrace& block = trace.blocks.front();
  for (std::size_t s = 0; s < block.steps.size(); ++s) {
    for (const InstructionConflict& i :
         bank_conflicts(block.steps[s], trace.run.block_size).instructions) {
      if (i.degree <= 1) continue;
      return CheckFailure{label + ": the " + (i.kind == AccessKind::Read ? "read" : "write") +
                              " at line " + std::to_string(i.line) + " is a " +
                              std::to_string(i.degree) + "-way bank conflict in warp " +
                              std::to_string(i.warp) +
                              " (the goal is none): its lanes ask one bank for different words; "
                              "pad the array by one word per row, or change the index",
                          std::nullopt, s, i.line};
    }
  }
  return std::nullopt;
}

// Bytes of the first buffer (the input) the block read, repeats counted, and different ones.
std::pair<std::uint64_t, std::uint64_t> input_bytes_read(const GlobalMemory& memory) {
  std::uint64_t bytes = 0;
  std::vector<ByteRange> all;
  for (const std::vector<GlobalUse>& step : memory.steps)
    for (const GlobalUse& use : step)
      if (use.buffer == 0) {
        bytes += use.read.bytes;
        all.insert(all.end(), use.read.ranges.begin(), use.read.ranges.end());
      }
  std::uint64_t distinct = 0;
  for (const ByteRange& r : merge_ranges(all)) distinct += r.end - r.begin;
  return {bytes, distinct};
}

std::optional<CheckFailure> read_once_goal(const Trace& trace, const std::string& label) {
  if (!trace.global_memory || trace.global_memory->buffers.empty()) return std::nullopt;
  const auto [bytes, distinct] = input_bytes_read(*trace.global_memory);
  if (bytes <= distinct) return std::nullopt;
  const std::uint32_t size =
      std::max<std::uint32_t>(1, trace.global_memory->buffers[0].element_size);
  return CheckFailure{label + ": the traced block reads " + std::to_string(bytes / size) +
                          " elements of its input but only " + std::to_string(distinct / size) +
                          " different ones (the goal is each once): load each element once, and "
                          "keep it in a register or in shared memory",
                      std::nullopt, 0, 0};
}

std::optional<CheckFailure> atomic_goal(const Trace& trace, const std::string& label) {
  if (!trace.global_memory || trace.global_memory->buffers.empty()) return std::nullopt;
  const std::vector<BufferTraffic> t = buffer_traffic(*trace.global_memory);
  const std::size_t out = trace.global_memory->buffers.size() - 1;
  const std::uint64_t writes = t[out].write.accesses, plain = writes - t[out].atomic.accesses;
  if (writes > 0 && plain == 0) return std::nullopt;
  return CheckFailure{label + ": the traced block updates " +
                          trace.global_memory->buffers[out].name + " with " +
                          std::to_string(plain) + " plain " + (plain == 1 ? "write" : "writes") +
                          ": other blocks add to the same word at the same time on a GPU, and a "
                          "read, add and write of one block can undo another's; use atomicAdd",
                      std::nullopt, 0, 0};
}

std::optional<CheckFailure> share_goal(const Trace& trace, const std::string& label) {
  if (!trace.global_memory || trace.global_memory->buffers.empty()) return std::nullopt;
  const GlobalBuffer& input = trace.global_memory->buffers[0];
  const std::uint64_t size = std::max<std::uint32_t>(1, input.element_size);
  const std::uint64_t n = input.bytes / size, blocks = std::max(1u, trace.run.grid_size);
  std::uint64_t read = 0;
  for (const ElementSpan& s :
       element_spans(buffer_traffic(*trace.global_memory)[0].read.ranges, input.element_size))
    read += s.last - s.first + 1;
  const std::uint64_t share = (n + blocks - 1) / blocks;
  // A thread may load up to four elements at a time (int4): one such row of the grid beyond the
  // share is still the block's own work.
  if (read <= share + 4 * std::uint64_t(trace.run.block_size)) return std::nullopt;
  return CheckFailure{label + ": the traced block reads " + std::to_string(read) + " of the " +
                          std::to_string(n) + " input elements; with " + std::to_string(blocks) +
                          " blocks its share is about " + std::to_string(share) +
                          ": do the blocks step over each other? (the stride is every thread of "
                          "the grid: gridDim.x * blockDim.x)",
                      std::nullopt, 0, 0};
}

std::optional<CheckFailure> barriers_goal(const Trace& trace, const std::string& label) {
  std::size_t barriers = 0;
  for (const Step& s : trace.blocks.front().steps) barriers += s.kind == StepKind::Barrier;
  unsigned log2 = 0;
  while ((2u << log2) <= trace.run.block_size) ++log2;
  if (barriers <= log2 + 1) return std::nullopt;
  return CheckFailure{label + ": " + std::to_string(barriers) + " __syncthreads() for a block of " +
                          std::to_string(trace.run.block_size) + " threads (the goal is at most " +
                          std::to_string(log2 + 1) +
                          "): is there one in a loop that could end sooner?",
                      std::nullopt, 0, 0};
}

}  // namespace

std::optional<CheckFailure> goal_failure(ExerciseGoal goal, const Trace& trace,
                                         const std::string& label) {
  if (trace.blocks.empty()) return std::nullopt;
  switch (goal) {
    case ExerciseGoal::ConflictFree:
      return conflict_goal(trace, label);
    case ExerciseGoal::InputReadOnce:
      return read_once_goal(trace, label);
    case ExerciseGoal::AtomicResult:
      return atomic_goal(trace, label);
    case ExerciseGoal::ShareOfInput:
      return share_goal(trace, label);
    case ExerciseGoal::FewBarriers:
      return barriers_goal(trace, label);
  }
  return std::nullopt;
}

}  // namespace stridescope
