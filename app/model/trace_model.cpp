// The model of one trace: runs the analyses once and keeps what the views read.
#include "model/trace_model.h"

#include "model/global_memory_text.h"

#include <algorithm>

#include "analysis/bank_conflicts.h"
#include "analysis/contributions.h"
#include "analysis/uninitialized.h"

namespace stridescope {

TraceModel::TraceModel(Trace trace) : trace_(std::move(trace)) {
  variant_ = find_variant(trace_.run.variant);
  program_ = variant_ == nullptr && from_user_program(trace_);
  has_shuffles_ = !trace_.blocks.empty() && stridescope::has_shuffles(trace_.blocks.front());
  if (variant_ != nullptr) {
    const Lesson& l = variant_->lesson;
    words_ = {l.stored_value, l.shared_array, l.thread_index, true,
              variant_->behaviour.result_in_word0};
  } else if (!trace_.arrays.empty()) {  // a user's program: its own array names
    words_.arrays = &trace_.arrays;
    words_.result_in_word0 = trace_.result_in_word0;
    const SharedArray& a = trace_.arrays.front();
    if (trace_.arrays.size() == 1 && a.dims.size() == 1 && a.first_word == 0)
      words_.shared_array = a.name;
  }
  for (const BlockTrace& block : trace_.blocks) {
    BlockModel m;
    m.work = work_and_depth(block, trace_.word_size);
    m.shares = interval_shares(block, trace_.word_size);
    for (const Step& step : block.steps) {
      StepConflicts c = bank_conflicts(step, trace_.run.block_size);
      m.conflicts.loads += c.load_conflicts;
      m.conflicts.stores += c.store_conflicts;
    }
    blocks_.push_back(std::move(m));
  }
  bool word0 = variant_ == nullptr ? trace_.result_in_word0 : variant_->behaviour.result_in_word0;
  lab_ = lab_summary(trace_, word0);
  if (trace_.global_memory) global_launch_lines_ = launch_lines(*trace_.global_memory);
  lost_by_step_ = words_holding_lost_by_step(block(), trace_.word_size, lab_.contributions);
  for (const UninitializedRead& u : lab_.uninitialized) {
    uninitialized_[u.step].push_back(u.access.address / trace_.word_size);
  }
  grid_ = grid_summary(trace_, variant_);
  if (!stopped() && trace_.result_in_word0 && !program_) {
    overflow_ = stridescope::overflow(trace_.result, trace_.reference, trace_.run.element_type,
                                      trace_.run.op);
  }
}

StepFacts TraceModel::facts(std::size_t s, std::size_t b) const {
  return step_facts(trace_, b, s, blocks_.at(b).shares.at(s), words_);
}

std::vector<bool> TraceModel::words_holding_lost(std::size_t s) const {
  if (lost_by_step_.empty()) return std::vector<bool>(trace_.shared_words, false);
  return lost_by_step_.at(std::min(s, lost_by_step_.size() - 1));
}

std::vector<unsigned> TraceModel::uninitialized_words(std::size_t s) const {
  auto it = uninitialized_.find(s);
  return it == uninitialized_.end() ? std::vector<unsigned>{} : it->second;
}

std::string TraceModel::divergence_banner(std::size_t s) const {
  if (step(s).kind != StepKind::Divergence || !trace_.divergence) return "";
  return "BARRIER DIVERGENCE, the run stops here: " + trace_.divergence->message;
}

std::vector<WarpShuffleRound> TraceModel::warp_shuffles(std::size_t s, unsigned warp) const {
  std::vector<WarpShuffleRound> rounds;
  for (const ShuffleRound* round : shuffle_rounds(step(s), warp)) {
    WarpShuffleRound r{round, {}, values_after_round(*round)};
    for (unsigned lane = 0; lane < kWarpSize; ++lane)
      r.source.push_back(shuffle_source(*round, lane));
    rounds.push_back(std::move(r));
  }
  return rounds;
}

std::optional<Precision> TraceModel::result_error() const {
  if (stopped() || !trace_.result_in_word0 || program_) return std::nullopt;
  return precision(trace_.result, trace_.reference, trace_.run.element_type);
}

}  // namespace stridescope
