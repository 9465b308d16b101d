// Builds the trace of one block from the emulator's callbacks (accesses, warp barriers, shuffles,
// step ends) in the element type T.
#pragma once

#include <algorithm>
#include <cstring>
#include <optional>
#include <span>
#include <vector>

#include "analysis/step_label.h"
#include "catalog/emu/emulator.h"
#include "catalog/launch_common.h"
#include "catalog/warp_rounds.h"
#include "trace/word_values.h"

namespace stridescope {

template <typename T>
class TraceRecorder final : public emu::Observer {
 public:
  explicit TraceRecorder(unsigned traced_block) { block_.block = traced_block; }

  bool traces_block(unsigned block) const override { return block == block_.block; }
  void on_access(unsigned, const Access& access, std::uint32_t round,
                 unsigned long long bits) override {
    Access a = access;
    if (a.size == sizeof(T)) a.value = from_bits(bits);
    pending_.accesses.push_back({a, round});
  }
  void on_warp_sync(unsigned, const WarpSync& sync, std::uint32_t round) override {
    pending_.warp_syncs.push_back({sync, round});
  }
  // Shuffled values are taken to be of the element type (as in every kernel of the catalog).
  void on_shuffle(unsigned, unsigned warp, unsigned mask, unsigned delta, int line,
                  const std::vector<unsigned long long>& sent,
                  const std::vector<unsigned long long>& received, std::uint32_t round) override {
    ShuffleRound shuffle{warp, mask, delta, line, {}, {}};
    for (std::size_t lane = 0; lane < sent.size(); ++lane) {
      shuffle.sent.push_back(from_bits(sent[lane]));
      shuffle.received.push_back(from_bits(received[lane]));
    }
    pending_.shuffles.push_back({std::move(shuffle), round});
  }
  void on_step_end(unsigned, StepKind kind, int line, std::span<const std::byte> shared) override {
    if (kind == StepKind::Exit && pending_.accesses.empty() && pending_.shuffles.empty()) return;
    if (kind == StepKind::Exit) line = exit_line();
    end_interval(kind, line, shared);
  }
  void on_divergence(const Divergence& divergence, std::span<const std::byte> shared) override {
    divergence_ = divergence;
    if (divergence.block != block_.block) return;
    end_interval(StepKind::Divergence, divergence.waiting.empty() ? 0 : divergence.waiting[0].line,
                 shared);
  }

  const std::optional<Divergence>& divergence() const { return divergence_; }
  BlockTrace take() { return std::move(block_); }

 private:
  int exit_line() const {
    std::vector<Access> accesses;
    std::vector<ShuffleRound> shuffles;
    for (const auto& a : pending_.accesses) accesses.push_back(a.item);
    for (const auto& s : pending_.shuffles) shuffles.push_back(s.item);
    return stridescope::exit_line(accesses, shuffles);
  }

  // The interval's steps (a step per warp round, then the one that ends it), labelled.
  void end_interval(StepKind kind, int line, std::span<const std::byte> shared) {
    auto by_warp = [](const auto& a, const auto& b) { return a.item.warp < b.item.warp; };
    std::stable_sort(pending_.warp_syncs.begin(), pending_.warp_syncs.end(), by_warp);
    std::stable_sort(pending_.shuffles.begin(), pending_.shuffles.end(), by_warp);
    pending_.end = kind;
    pending_.end_line = line;
    pending_.memory_after = word_values<T>(shared.data(), shared.size() / sizeof(T));
    std::vector<double> before = block_.steps.empty()
                                     ? std::vector<double>(pending_.memory_after.size(), 0.0)
                                     : block_.steps.back().snapshot;
    std::vector<Step> steps = split_into_rounds(std::move(pending_), before, sizeof(T));
    pending_ = {};
    std::vector<StepLabel> labels = step_labels(steps, sizeof(T));
    for (std::size_t s = 0; s < steps.size(); ++s) {
      steps[s].label = labels[s].text();
      block_.steps.push_back(std::move(steps[s]));
    }
  }

  static double from_bits(unsigned long long bits) {
    T value;
    std::memcpy(&value, &bits, sizeof(T));
    return static_cast<double>(value);
  }

  BlockTrace block_;
  RecordedInterval pending_;
  std::optional<Divergence> divergence_;
};

}  // namespace stridescope
