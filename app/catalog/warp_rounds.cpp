// Cutting a barrier interval into warp rounds, and the memory after each.
#include "catalog/warp_rounds.h"

#include <algorithm>

namespace stridescope {
namespace {

// The line a round ends at: its first warp barrier's or shuffle's.
int round_line(const RecordedInterval& in, std::uint32_t round) {
  for (const auto& s : in.warp_syncs) {
    if (s.round == round) return s.item.line;
  }
  for (const auto& s : in.shuffles) {
    if (s.round == round) return s.item.line;
  }
  return in.end_line;
}

template <typename Item>
std::vector<Item> of_round(const std::vector<InRound<Item>>& items, std::uint32_t round) {
  std::vector<Item> out;
  for (const auto& i : items) {
    if (i.round == round) out.push_back(i.item);
  }
  return out;
}

}  // namespace

std::vector<Step> split_into_rounds(RecordedInterval in, const std::vector<double>& memory_before,
                                    unsigned word_size) {
  std::uint32_t rounds = 0;  // collectives that end a round
  for (const auto& a : in.accesses) rounds = std::max(rounds, a.round);
  for (const auto& s : in.warp_syncs) rounds = std::max(rounds, s.round + 1);
  for (const auto& s : in.shuffles) rounds = std::max(rounds, s.round + 1);
  bool whole_words = std::all_of(in.accesses.begin(), in.accesses.end(), [&](const auto& a) {
    return a.item.kind == AccessKind::Read || a.item.size == word_size;
  });
  if (!whole_words) rounds = 0;  // the memory between rounds cannot be rebuilt: one step
  if (rounds > kMostWarpRounds) rounds = 0;
  std::vector<Step> steps;
  std::vector<double> memory = memory_before;
  for (std::uint32_t r = 0; r <= rounds; ++r) {
    Step step;
    bool last = r == rounds;
    step.kind = last ? in.end : StepKind::WarpRound;
    step.line = last ? in.end_line : round_line(in, r);
    for (const auto& a : in.accesses) {
      if (a.round != r && !(last && a.round > r)) continue;
      step.accesses.push_back(a.item);
      unsigned word = a.item.address / word_size;
      if (writes_memory(a.item.kind) && word < memory.size()) memory[word] = a.item.value;
    }
    step.warp_syncs = last ? std::vector<WarpSync>{} : of_round(in.warp_syncs, r);
    step.shuffles = last ? std::vector<ShuffleRound>{} : of_round(in.shuffles, r);
    if (last && rounds == 0) {  // not split: everything in one step
      for (const auto& s : in.warp_syncs) step.warp_syncs.push_back(s.item);
      for (const auto& s : in.shuffles) step.shuffles.push_back(s.item);
    }
    step.snapshot = last ? in.memory_after : memory;
    steps.push_back(std::move(step));
  }
  return steps;
}

}  // namespace stridescope
