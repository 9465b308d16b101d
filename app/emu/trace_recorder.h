// Builds the trace of one block from the emulator's callbacks (accesses, warp barriers, shuffles,
// step ends) in the element type T.
#pragma once

#include <algorithm>
#include <cstring>
#include <optional>
#include <span>
#include <vector>

#include "analysis/step_label.h"
#include "emu/emulator.h"
#include "run/launch_common.h"

namespace stridescope {

template <typename T>
class TraceRecorder final : public emu::Observer {
 public:
  explicit TraceRecorder(unsigned traced_block) { block_.block = traced_block; }

  bool traces_block(unsigned block) const override { return block == block_.block; }
  void on_access(unsigned, const Access& access) override { pending_.push_back(access); }
  void on_warp_sync(unsigned, const WarpSync& sync) override { pending_syncs_.push_back(sync); }
  // Shuffled values are taken to be of the element type (as in every kernel of the catalog).
  void on_shuffle(unsigned, unsigned warp, unsigned mask, unsigned delta, int line,
                  const std::vector<unsigned long long>& sent,
                  const std::vector<unsigned long long>& received) override {
    ShuffleRound round{warp, mask, delta, line, {}, {}};
    for (std::size_t lane = 0; lane < sent.size(); ++lane) {
      round.sent.push_back(from_bits(sent[lane]));
      round.received.push_back(from_bits(received[lane]));
    }
    pending_shuffles_.push_back(std::move(round));
  }
  void on_step_end(unsigned, StepKind kind, int line, std::span<const std::byte> shared) override {
    if (kind == StepKind::Exit && pending_.empty() && pending_shuffles_.empty()) return;
    if (kind == StepKind::Exit) line = exit_line(pending_, pending_shuffles_);
    add_step(kind, line, shared);
  }
  void on_divergence(const Divergence& divergence, std::span<const std::byte> shared) override {
    divergence_ = divergence;
    if (divergence.block != block_.block) return;
    add_step(StepKind::Divergence, divergence.waiting.empty() ? 0 : divergence.waiting[0].line,
             shared);
  }

  const std::optional<Divergence>& divergence() const { return divergence_; }
  BlockTrace take() { return std::move(block_); }

 private:
  template <typename Item>
  static std::vector<Item> by_warp(std::vector<Item>& items) {
    std::stable_sort(items.begin(), items.end(),
                     [](const Item& a, const Item& b) { return a.warp < b.warp; });
    std::vector<Item> out = std::move(items);
    items.clear();
    return out;
  }

  void add_step(StepKind kind, int line, std::span<const std::byte> shared) {
    Step step;
    step.kind = kind;
    step.line = line;
    step.accesses = std::move(pending_);
    pending_.clear();
    step.warp_syncs = by_warp(pending_syncs_);
    step.shuffles = by_warp(pending_shuffles_);
    std::size_t words = shared.size() / sizeof(T);
    step.snapshot.resize(words);
    for (std::size_t w = 0; w < words; ++w) {
      T value;
      std::memcpy(&value, shared.data() + w * sizeof(T), sizeof(T));
      step.snapshot[w] = static_cast<double>(value);
    }
    step.label = step_label(step, sizeof(T)).text();
    block_.steps.push_back(std::move(step));
  }

  static double from_bits(unsigned long long bits) {
    T value;
    std::memcpy(&value, &bits, sizeof(T));
    return static_cast<double>(value);
  }

  BlockTrace block_;
  std::vector<Access> pending_;
  std::vector<WarpSync> pending_syncs_;
  std::vector<ShuffleRound> pending_shuffles_;
  std::optional<Divergence> divergence_;
};

}  // namespace stridescope
