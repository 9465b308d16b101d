// Bank-conflict analysis: distinct words per bank, per warp instruction and phase.
#include "analysis/bank_conflicts.h"

#include <algorithm>
#include <array>
#include <map>
#include <tuple>

#include "analysis/activity.h"

namespace stridescope {
namespace {

constexpr unsigned kPhaseBytes = kBanks * kBankWidthBytes;

// Degree of one phase, and the threads whose bank had more than one distinct word. A phase has at
// most 32 lanes of at most 16 bytes: a sorted list of (bank, word) is all it needs.
unsigned phase_degree(const std::vector<const Access*>& accesses,
                      std::vector<unsigned>& conflicting) {
  std::vector<std::pair<unsigned, unsigned>> bank_words;  // (bank, 4-byte word)
  for (const Access* a : accesses) {
    unsigned first = a->address / kBankWidthBytes;
    unsigned last = (a->address + std::max(a->size, 1u) - 1) / kBankWidthBytes;
    for (unsigned word = first; word <= last; ++word) bank_words.emplace_back(word % kBanks, word);
  }
  std::sort(bank_words.begin(), bank_words.end());
  bank_words.erase(std::unique(bank_words.begin(), bank_words.end()), bank_words.end());
  std::array<unsigned, kBanks> distinct{};
  for (const auto& [bank, word] : bank_words) ++distinct[bank];
  unsigned degree = *std::max_element(distinct.begin(), distinct.end());
  for (const Access* a : accesses) {
    unsigned first = a->address / kBankWidthBytes;
    unsigned last = (a->address + std::max(a->size, 1u) - 1) / kBankWidthBytes;
    for (unsigned word = first; word <= last; ++word) {
      if (distinct[word % kBanks] > 1) {
        conflicting.push_back(a->thread);
        break;
      }
    }
  }
  return degree;
}

}  // namespace

StepConflicts bank_conflicts(const Step& step, unsigned block_size) {
  // Group the accesses into instructions: (warp, order, kind), in that order.
  using Key = std::tuple<unsigned, unsigned, AccessKind>;  // warp, order, kind
  auto key = [](const Access& a) { return Key{a.thread / kWarpSize, a.order, a.kind}; };
  std::vector<const Access*> sorted;
  sorted.reserve(step.accesses.size());
  for (const Access& access : step.accesses) sorted.push_back(&access);
  std::stable_sort(sorted.begin(), sorted.end(),
                   [&](const Access* a, const Access* b) { return key(*a) < key(*b); });
  std::vector<std::pair<Key, std::vector<const Access*>>> instructions;
  for (const Access* a : sorted) {
    if (instructions.empty() || instructions.back().first != key(*a)) {
      instructions.push_back({key(*a), {}});
    }
    instructions.back().second.push_back(a);
  }
  StepConflicts result;
  result.warp_degree.assign((block_size + kWarpSize - 1) / kWarpSize, 0);
  for (const auto& [key, accesses] : instructions) {
    InstructionConflict instruction;
    std::tie(instruction.warp, instruction.order, instruction.kind) = key;
    instruction.line = accesses.front()->line;
    instruction.lanes = static_cast<unsigned>(accesses.size());
    unsigned widest = 1;
    for (const Access* a : accesses) widest = std::max(widest, a->size);
    unsigned lanes_per_phase = std::max(1u, kPhaseBytes / std::max(widest, kBankWidthBytes));
    std::map<unsigned, std::vector<const Access*>> phases;
    for (const Access* a : accesses) phases[(a->thread % kWarpSize) / lanes_per_phase].push_back(a);
    instruction.degree = 0;
    unsigned wavefronts = 0;
    for (const auto& [phase, phase_accesses] : phases) {
      unsigned degree = phase_degree(phase_accesses, instruction.conflicting_threads);
      instruction.degree = std::max(instruction.degree, degree);
      wavefronts += degree;
    }
    // Stores: each phase that has lanes is one ideal wavefront. Loads: the ideal is the bytes moved
    // over 128 (measured on an H100: a 64-bit load by 8 scattered lanes of both half-warps costs
    // one extra wavefront, the same store none).
    unsigned ideal = static_cast<unsigned>(phases.size());
    if (instruction.kind == AccessKind::Read) {
      ideal = std::max(1u, (instruction.lanes * widest + kPhaseBytes - 1) / kPhaseBytes);
    }
    instruction.extra_wavefronts = wavefronts > ideal ? wavefronts - ideal : 0;
    std::sort(instruction.conflicting_threads.begin(), instruction.conflicting_threads.end());
    // Nsight Compute counts atomics apart (op_atom), not among loads and stores.
    if (instruction.kind == AccessKind::Read) {
      result.load_conflicts += instruction.extra_wavefronts;
    } else if (instruction.kind == AccessKind::Write) {
      result.store_conflicts += instruction.extra_wavefronts;
    }
    if (instruction.warp < result.warp_degree.size()) {
      unsigned& warp_degree = result.warp_degree[instruction.warp];
      warp_degree = std::max(warp_degree, instruction.degree);
    }
    result.instructions.push_back(std::move(instruction));
  }
  return result;
}

}  // namespace stridescope
