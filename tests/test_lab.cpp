// The hazard lab: uninitialized reads and lost elements on hand-made traces; every playground
// variant yields exactly the findings its catalog entry names and every correct variant none;
// divergence traces.
#include <gtest/gtest.h>

#include "analysis/contributions.h"
#include "analysis/lab_summary.h"
#include "analysis/precision.h"
#include "analysis/shuffles.h"
#include "analysis/uninitialized.h"
#include "catalog/emu/precision_study.h"
#include "catalog/emu/run_variant.h"
#include "core/input.h"
#include "registry.h"
#include "trace/trace_json.h"

namespace stridescope {
namespace {

Access access(unsigned thread, unsigned order, unsigned word, AccessKind kind) {
  return {thread, order, word * 4, 4, kind, 10};
}
constexpr AccessKind R = AccessKind::Read;
constexpr AccessKind W = AccessKind::Write;

BlockTrace block_of(std::vector<std::vector<Access>> steps, unsigned words) {
  BlockTrace b;
  for (auto& accesses : steps) {
    Step s;
    s.accesses = std::move(accesses);
    s.snapshot.assign(words, 0);
    b.steps.push_back(std::move(s));
  }
  return b;
}

TEST(Uninitialized, ReadBeforeAnyWriteIsReported) {
  BlockTrace b = block_of({{access(0, 0, 1, R), access(1, 0, 1, W)}, {access(0, 0, 1, R)}}, 4);
  std::vector<UninitializedRead> u = uninitialized_reads(b);
  ASSERT_EQ(u.size(), 1u);
  EXPECT_EQ(u[0].step, 0u);
  EXPECT_EQ(u[0].access.thread, 0u);
}

TEST(Uninitialized, WideReadOverAHalfWrittenRangeIsReported) {
  BlockTrace b = block_of({{access(0, 0, 0, W)}, {}}, 4);
  b.steps[1].accesses.push_back({1, 0, 0, 8, R, 11});  // words 0 and 1; only word 0 was written
  ASSERT_EQ(uninitialized_reads(b).size(), 1u);
  b.steps[0].accesses.push_back(access(1, 0, 1, W));
  EXPECT_TRUE(uninitialized_reads(b).empty());
}

// A four-word tree: loads, then s[0] += s[1] and s[2] += s[3], then s[0] += s[2].
std::vector<std::vector<Access>> four_word_tree() {
  return {{access(0, 0, 0, W), access(1, 0, 1, W), access(2, 0, 2, W), access(3, 0, 3, W)},
          {access(0, 0, 1, R), access(0, 1, 0, R), access(0, 2, 0, W), access(2, 0, 3, R),
           access(2, 1, 2, R), access(2, 2, 2, W)},
          {access(0, 0, 2, R), access(0, 1, 0, R), access(0, 2, 0, W)}};
}

TEST(Contributions, EveryElementReachesTheResultOnceInACorrectTree) {
  Contributions c = contributions(block_of(four_word_tree(), 4), 4);
  ASSERT_TRUE(c.applicable);
  ASSERT_EQ(c.sources.size(), 4u);
  EXPECT_EQ(c.reach, (std::vector<unsigned>{1, 1, 1, 1}));
  EXPECT_TRUE(c.lost.empty());
  EXPECT_TRUE(c.doubled.empty());
}

TEST(Contributions, ASkippedAddLosesTwoElementsAndWordsHoldingThemAreMarked) {
  auto steps = four_word_tree();
  steps[2].clear();  // the last add never happens
  BlockTrace b = block_of(steps, 4);
  Contributions c = contributions(b, 4);
  ASSERT_EQ(c.lost.size(), 2u);
  EXPECT_EQ(c.sources[c.lost[0]].word, 2u);
  EXPECT_EQ(c.sources[c.lost[1]].word, 3u);
  EXPECT_EQ(words_holding_lost(b, 4, c, 0), (std::vector<bool>{false, false, true, true}));
  EXPECT_EQ(words_holding_lost(b, 4, c, 1), (std::vector<bool>{false, false, true, true}));
}

// A program's arrays: an array none of whose elements reaches the result is another sum (or
// other data), not lost elements; an array that feeds the result keeps its lost ones.
TEST(Contributions, OnlyArraysThatFeedTheResultLoseElements) {
  auto steps = four_word_tree();
  steps[2].clear();  // words 2 and 3 never reach word 0
  const BlockTrace b = block_of(steps, 4);
  Contributions two_sums = contributions(b, 4);
  keep_arrays_in_the_sum(two_sums, {{"a", 0, {2}}, {"b", 2, {2}}});
  EXPECT_TRUE(two_sums.lost.empty());  // b is a sum of its own
  Contributions one_array = contributions(b, 4);
  keep_arrays_in_the_sum(one_array, {{"s", 0, {4}}});
  EXPECT_EQ(one_array.lost.size(), 2u);
  Contributions fed = contributions(b, 4);
  keep_arrays_in_the_sum(fed, {{"a", 0, {3}}, {"b", 3, {1}}});
  ASSERT_EQ(fed.lost.size(), 1u);  // a's word 2 is lost from a's sum; b's word 3 is b's
  EXPECT_EQ(fed.sources[fed.lost[0]].word, 2u);
  Contributions catalog = contributions(b, 4);
  keep_arrays_in_the_sum(catalog, {});  // a catalog kernel: one array, every word
  EXPECT_EQ(catalog.lost.size(), 2u);
}

TEST(Contributions, AWordAddedTwiceIsDoubleCounted) {
  auto steps = four_word_tree();
  steps.push_back({access(0, 0, 3, R), access(0, 1, 0, R), access(0, 2, 0, W)});  // s[0] += s[3]
  Contributions c = contributions(block_of(steps, 4), 4);
  ASSERT_EQ(c.doubled.size(), 1u);
  EXPECT_EQ(c.sources[c.doubled[0]].word, 3u);
  EXPECT_EQ(c.reach[c.doubled[0]], 2u);
}

TEST(Contributions, AnAccumulatingRegisterIsFollowed) {
  // Thread 0 keeps v in a register: v = s[0]; v += s[1]; s[0] = v; v += s[2]; s[0] = v.
  BlockTrace b = block_of({{access(0, 0, 0, W), access(1, 0, 1, W), access(2, 0, 2, W)},
                           {access(0, 0, 0, R), access(0, 1, 1, R), access(0, 2, 0, W),
                            access(0, 3, 2, R), access(0, 4, 0, W)}},
                          3);
  Contributions c = contributions(b, 4);
  EXPECT_EQ(c.reach, (std::vector<unsigned>{1, 1, 1}));
}

TEST(Contributions, AWordReadBackAfterTheThreadsLastWriteReachesAnotherWord) {
  // Two elements per thread: s[t] = a; s[t + 2] = b; then s[t] += s[t + 2] reads back the word
  // it wrote last (still in its register) and writes another one.
  BlockTrace b =
      block_of({{access(0, 0, 0, W), access(0, 1, 2, W), access(1, 0, 1, W), access(1, 1, 3, W)},
                {access(0, 0, 2, R), access(0, 1, 0, R), access(0, 2, 0, W), access(1, 0, 3, R),
                 access(1, 1, 1, R), access(1, 2, 1, W)},
                {access(0, 0, 1, R), access(0, 1, 0, R), access(0, 2, 0, W)}},
               4);
  const Contributions c = contributions(b, 4);
  EXPECT_EQ(c.reach, (std::vector<unsigned>{1, 1, 1, 1}));
  EXPECT_TRUE(c.lost.empty());
}

LabSummary lab_of(const VariantInfo& v, unsigned block, ElementType type, std::uint64_t n,
                  Trace* trace_out = nullptr) {
  RunRequest r;
  r.variant = std::string(v.id);
  r.block = block;
  r.n = n;
  r.element_type = type;
  r.input = InputPattern::Ones;
  Trace trace = run_on_emulator(r);
  LabSummary s = lab_summary(trace, v.behaviour.result_in_word0);
  if (trace_out != nullptr) *trace_out = std::move(trace);
  return s;
}

TEST(Lab, EveryVariantShowsExactlyItsIntendedFindings) {
  for (const VariantInfo& v : variant_catalog()) {
    bool odd = v.launch.any_block_size;
    for (unsigned block : {64u, 256u, 1024u}) {
      if (odd) block = block * 3 / 2;  // 96, 384, 1536 -> keep it in range below
      if (block > 1024) block = 1000;
      if (block < v.launch.min_block) continue;
      for (ElementType type : {ElementType::Int, ElementType::Double}) {
        const LabFindings& e = v.lab;  // its catalog entry's expected findings
        LabSummary s = lab_of(v, block, type, 2 * std::uint64_t{block});
        std::string where = std::string(v.id) + " block " + std::to_string(block) + " " +
                            std::string(name_of(type));
        EXPECT_EQ(s.hazards > 0, e.hazards) << where << ": " << lab_summary_line(s);
        EXPECT_EQ(s.divergent_barriers > 0, e.divergence) << where;
        EXPECT_EQ(!s.contributions.lost.empty(), e.lost) << where << ": " << lab_summary_line(s);
        EXPECT_TRUE(s.contributions.doubled.empty()) << where;
        EXPECT_EQ(!s.uninitialized.empty(), e.uninitialized) << where;
        EXPECT_EQ(v.broken_on_purpose(), e.any()) << where;
        EXPECT_EQ(v.behaviour.timing_dependent, e.hazards) << where;
        if (!v.behaviour.result_in_word0) {
          EXPECT_FALSE(s.contributions.applicable) << where;
        }
      }
    }
  }
}

TEST(Lab, TheCleanLineSaysNothingLostOnlyWhereLostElementsAreTraced) {
  LabSummary tree = lab_of(*find_variant("sequential"), 64, ElementType::Int, 128);
  ASSERT_TRUE(tree.clean());
  EXPECT_EQ(lab_clean_line(tree),
            "no races, no divergent barrier, no uninitialized read, nothing lost");
  LabSummary shuffles = lab_of(*find_variant("warp-shuffle"), 64, ElementType::Int, 128);
  ASSERT_TRUE(shuffles.clean());
  EXPECT_EQ(lab_clean_line(shuffles).find("nothing lost"), std::string::npos);
  EXPECT_NE(lab_clean_line(shuffles).find("not traced"), std::string::npos);
}

TEST(Lab, LostElementsAgreeWithTheSumTheBlockComputed) {
  // With input "ones" every element is 1: the block's partial counts the elements that reached it.
  for (const VariantInfo& v : variant_catalog()) {
    if (!v.behaviour.result_in_word0 || v.behaviour.stops_at_divergence) continue;
    if (v.launch.op == Operator::Max || v.launch.op == Operator::Min)
      continue;  // they compare: one element wins, all reach
    unsigned block = v.launch.any_block_size ? 96 : 128;
    Trace trace;
    LabSummary s = lab_of(v, block, ElementType::Int, block, &trace);
    ASSERT_TRUE(s.contributions.applicable) << v.id;
    double reached = 0;
    for (unsigned r : s.contributions.reach) reached += r;
    EXPECT_EQ(reached, trace.blocks[0].partial) << v.id << ": " << lab_summary_line(s);
  }
}

TEST(Lab, OddBlockOf96LosesTheThirdThatEndsInWord2) {
  LabSummary s = lab_of(*find_variant("bug-odd-block"), 96, ElementType::Int, 96);
  ASSERT_EQ(s.contributions.lost.size(), 32u);
  for (std::size_t i : s.contributions.lost) EXPECT_EQ(s.contributions.sources[i].word % 3, 2u);
  EXPECT_EQ(lab_summary_line(s),
            "0 hazards, 0 divergent barriers, 32 elements lost, 0 uninitialized reads");
}

TEST(Lab, SyncwarpAfterEachAddRacesOnTheAddsOwnLine) {
  LabSummary s = lab_of(*find_variant("bug-warp-tail-syncwarp-after"), 64, ElementType::Int, 128);
  ASSERT_FALSE(s.hazard_lines.empty());
  for (const HazardLines& h : s.hazard_lines) {
    EXPECT_EQ(h.first_line, h.second_line);
    EXPECT_EQ(h.kind, HazardKind::WriteAfterRead);
  }
}

// A warp tail without __syncwarp() races only between lanes of warp 0: the note says what a GPU
// since Volta does with it and what fixes it. Races across warps get the note on order alone (also
// where the pair named is two lanes of one warp but another warp touches the word), and so does a
// write-after-write between lanes (lockstep orders no two writes of one instruction).
TEST(Lab, WarpSynchronousRacesAreSaidUndefinedSinceVoltaOthersDependOnTiming) {
  LabSummary tail = lab_of(*find_variant("bug-warp-tail-unsafe"), 64, ElementType::Int, 128);
  ASSERT_GT(tail.hazards, 0u);
  EXPECT_TRUE(tail.warp_synchronous());
  const std::string note = lab_race_note(tail);
  EXPECT_NE(note.find("In this run every race is between lanes of one warp"), std::string::npos)
      << note;
  EXPECT_NE(note.find("since Volta they may run apart, so the result is undefined"),
            std::string::npos)
      << note;
  EXPECT_NE(note.find("where more warps can (a larger block), they need __syncthreads()"),
            std::string::npos)
      << note;

  LabSummary loop = lab_of(*find_variant("bug-no-loop-sync"), 256, ElementType::Int, 256);
  ASSERT_GT(loop.hazards, loop.warp_lane_hazards) << "races across warps";
  EXPECT_FALSE(loop.warp_synchronous());
  EXPECT_EQ(lab_race_note(loop),
            "The racing accesses ran in one order the emulator chose; on a GPU the order, and so "
            "the result, depends on timing: this is one possible outcome.");

  // Thread 1 writes s[0], threads 0-63 read it: the pair hazards() names is two lanes of warp 0,
  // but warp 1 races on the word too: only __syncthreads() fixes that.
  Trace across;
  across.word_size = 4;
  std::vector<Access> reads = {access(1, 0, 0, W)};
  for (unsigned t = 0; t < 64; ++t) reads.push_back(access(t, t == 1 ? 1 : 0, 0, R));
  across.blocks.push_back(block_of({reads}, 4));
  LabSummary both_warps = lab_summary(across, false);
  ASSERT_GT(both_warps.hazards, 0u);
  EXPECT_FALSE(both_warps.warp_synchronous());

  Trace writes;  // lanes 0 and 1 of warp 0 write word 0 in one step
  writes.word_size = 4;
  writes.blocks.push_back(block_of({{access(0, 0, 0, W), access(1, 0, 0, W)}}, 4));
  LabSummary same_word = lab_summary(writes, false);
  ASSERT_EQ(same_word.hazards, 1u);
  EXPECT_FALSE(same_word.warp_synchronous());
  EXPECT_EQ(lab_race_note(LabSummary{}), "") << "no races, no note";
}

TEST(Lab, DivergenceStopsTheRunAndKeepsTheStepsBeforeIt) {
  Trace trace;
  lab_of(*find_variant("bug-sync-in-branch"), 64, ElementType::Int, 64, &trace);
  ASSERT_TRUE(trace.divergence.has_value());
  const Divergence& d = *trace.divergence;
  ASSERT_EQ(d.waiting.size(), 1u);
  EXPECT_FALSE(d.waiting[0].warp_barrier);
  EXPECT_EQ(d.waiting[0].threads.size(), 32u);  // tid < 32 at the first stride
  EXPECT_EQ(d.exited.size(), 32u);
  std::string_view source = kernel_source("bug_sync_in_branch.cuh");
  std::size_t line_start = 0;
  for (int line = 1; line < d.waiting[0].line; ++line)
    line_start = source.find('\n', line_start) + 1;
  EXPECT_NE(
      source.substr(line_start, source.find('\n', line_start) - line_start).find("__syncthreads()"),
      std::string_view::npos);
  const Step& last = trace.blocks[0].steps.back();
  EXPECT_EQ(last.kind, StepKind::Divergence);
  EXPECT_EQ(last.line, d.waiting[0].line);
  EXPECT_FALSE(last.accesses.empty());  // the adds of the first stride happened
  EXPECT_EQ(trace_from_json(trace_to_json(trace)), trace);
}

TEST(Lab, DivergenceInAnEarlierBlockIsTracedInThatBlock) {
  RunRequest r;
  r.variant = "bug-sync-in-branch";
  r.block = 64;
  r.n = 256;
  r.traced_block = 3;  // block 0 stops the run first
  Trace trace = run_on_emulator(r);
  ASSERT_TRUE(trace.divergence.has_value());
  EXPECT_EQ(trace.divergence->block, 0u);
  EXPECT_EQ(trace.blocks[0].block, 0u);
}

TEST(Lab, OddBlockSizesAreOnlyForTheVariantThatTeachesThem) {
  RunRequest r;
  r.block = 96;
  r.n = 96;
  r.variant = "sequential";
  EXPECT_THROW(run_on_emulator(r), RunError);
  r.variant = "bug-odd-block";
  EXPECT_NO_THROW(run_on_emulator(r));
  r.block = 1025;
  EXPECT_THROW(run_on_emulator(r), RunError);
}

TEST(Precision, TreeOrdersBeatTheSerialLoopAndDoubleIsNearlyExact) {
  PrecisionStudy study = precision_study(1u << 18, 1, 256);
  ASSERT_GE(study.rows.size(), 10u);
  const PrecisionRow& serial = study.rows.front();
  EXPECT_EQ(serial.variant, "");
  EXPECT_GT(serial.error.relative, 1e-6);  // 2^18 uniform floats: the loop's error is large
  for (const PrecisionRow& row : study.rows) {
    if (row.variant.empty()) continue;
    // Every tree (and Kahan, and double) is at least 4 times more accurate than the loop.
    EXPECT_LT(row.error.relative * 4, serial.error.relative) << row.label;
    EXPECT_NE(find_variant(row.variant), nullptr) << row.label;
  }
  const PrecisionRow& in_double = study.rows.back();
  EXPECT_EQ(in_double.element_type, ElementType::Double);
  EXPECT_LT(in_double.error.relative, 1e-12);
}

TEST(Shuffles, WarpZerosFiveRoundsAddItsValuesIntoLaneZero) {
  RunRequest r;
  r.variant = "warp-shuffle";
  r.block = 64;
  r.n = 64;
  r.input = InputPattern::Iota;
  Trace trace = run_on_emulator(r);
  // Each __shfl_down_sync round is a step of its own: steps 0-4, then the warp sums' store.
  std::vector<const ShuffleRound*> rounds;
  for (std::size_t s = 0; s < 5; ++s) {
    EXPECT_EQ(trace.blocks[0].steps[s].kind, StepKind::WarpRound) << s;
    ASSERT_EQ(shuffle_rounds(trace.blocks[0].steps[s], 0).size(), 1u) << s;
    rounds.push_back(shuffle_rounds(trace.blocks[0].steps[s], 0).front());
    EXPECT_EQ(shuffle_rounds(trace.blocks[0].steps[s], 1).size(), 1u) << s;  // warp 1 too
  }
  EXPECT_EQ(trace.blocks[0].steps[5].kind, StepKind::Barrier);
  EXPECT_TRUE(trace.blocks[0].steps[5].shuffles.empty());
  EXPECT_EQ(rounds[0]->delta, 16u);
  EXPECT_EQ(rounds[4]->delta, 1u);
  for (unsigned lane = 0; lane < 32; ++lane) EXPECT_EQ(rounds[0]->sent[lane], lane);
  EXPECT_EQ(shuffle_source(*rounds[0], 3), 19);
  EXPECT_EQ(shuffle_source(*rounds[0], 20), -1);  // 20 + 16 is past the warp: keeps its own
  EXPECT_EQ(rounds[0]->received[20], 20);
  EXPECT_EQ(values_after_round(*rounds[4])[0], 496);  // 0 + 1 + ... + 31
  for (std::size_t s = 6; s < 11; ++s) {              // warp 0 adds the warp sums, a round per step
    EXPECT_EQ(shuffle_rounds(trace.blocks[0].steps[s], 0).size(), 1u) << s;
  }
  EXPECT_EQ(trace.blocks[0].steps.back().kind, StepKind::Exit);
}

TEST(Precision, LogScalePositions) {
  EXPECT_EQ(log_error_position(0), 0);
  EXPECT_EQ(log_error_position(1e-12), 0);
  EXPECT_NEAR(log_error_position(1e-6), 0.5, 1e-12);
  EXPECT_EQ(log_error_position(1e-2), 1);
  EXPECT_EQ(log_error_position(0.5), 1);
}

TEST(Precision, UniformInputIsExactInFloat) {
  for (std::uint64_t i = 0; i < 1000; ++i) {
    double v = input_value(InputPattern::Uniform, i, 3);
    EXPECT_GE(v, 0.0);
    EXPECT_LT(v, 1.0);
    EXPECT_EQ(static_cast<double>(static_cast<float>(v)), v);
  }
}

}  // namespace
}  // namespace stridescope
