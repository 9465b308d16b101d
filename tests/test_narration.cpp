// Narration: exact sentences for a few steps, and every claim of every step of every variant held
// against the analyses it comes from.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <set>

#include "analysis/narration.h"
#include "analysis/narration_phrases.h"
#include "catalog/emu/run_variant.h"
#include "model/trace_model.h"
#include "registry.h"
#include "trace/array_names.h"

namespace stridescope {
namespace {

Trace traced(const char* variant, unsigned block, unsigned n = 0,
             ElementType type = ElementType::Int) {
  RunRequest r;
  r.variant = variant;
  r.block = block;
  r.n = n ? n : block;
  r.element_type = type;
  return run_on_emulator(r);
}

std::string narration(const Trace& trace, std::size_t s) {
  return TraceModel(trace).facts(s).narration;
}

TEST(NarrationPhrases, DescribeThreadsWordsAndIndexExpressions) {
  EXPECT_EQ(describe_threads({5}), "thread 5");
  EXPECT_EQ(describe_threads({0, 4, 8, 12}), "threads 0, 4, 8, 12");
  EXPECT_EQ(describe_threads({0, 8, 16, 24, 32}), "every 8th thread of 0\u201332 (5 threads)");
  EXPECT_EQ(describe_threads({0, 1, 2, 5, 9, 12, 13}), "threads 0\u20132, 5, 9, 12\u201313");
  EXPECT_EQ(describe_threads({0, 1, 2, 5, 9, 12, 13, 20}), "8 threads: 0\u20132, 5, 9, \u2026");
  EXPECT_EQ(describe_words({0, 2, 4, 6, 8}), "0, 2, \u2026 8 (every 2nd)");
  EXPECT_EQ(index_expression({{0, 0}, {1, 4}, {2, 8}}, "s", "tid"), "s[4*tid]");
  EXPECT_EQ(index_expression({{0, 64}, {1, 65}}, "cache", "cacheIndex"), "cache[cacheIndex + 64]");
  EXPECT_EQ(index_expression({{0, 3}}, "s", "tid"), "s[tid + 3]");
  EXPECT_EQ(index_expression({{0, 0}, {1, 4}, {2, 7}}, "s", "tid"), std::nullopt);
  EXPECT_EQ(index_expression({{0, 0}, {32, 1}, {64, 2}}, "s", "tid"), "s[tid / 32]");
  EXPECT_EQ(index_expression({{0, 0}, {33, 1}}, "s", "tid"), "s[tid / 32]");
  EXPECT_EQ(index_expression({{0, 0}, {1, 1}, {2, 1}}, "s", "tid"), std::nullopt);
  EXPECT_EQ(ordinal(1), "1st");
  EXPECT_EQ(ordinal(12), "12th");
  EXPECT_EQ(ordinal(22), "22nd");
}

TEST(Narration, SaysWhoAddsWhatAndWhichWarpsIdle) {
  EXPECT_EQ(narration(traced("sequential", 256), 2),
            "Stride 64: threads 0\u201363 add s[tid + 64] into s[tid] (64 additions); warps "
            "2\u20137 idle.");
  EXPECT_EQ(narration(traced("interleaved-strided", 64), 2),
            "Stride 2: threads 0\u201315 add s[4*tid + 2] into s[4*tid] (16 additions); warp 0 "
            "diverges (16 of 32 lanes active); warp 1 idle; up to 2-way bank conflicts in warp 0.");
  Trace divergent = traced("interleaved-divergent", 16);
  EXPECT_EQ(narration(divergent, 2),
            "Stride 2: threads 0, 4, 8, 12 add s[tid + 2] into s[tid] (4 additions); warp 0 "
            "diverges (4 of 16 lanes active).");
  EXPECT_EQ(narration(divergent, 0),
            "Load: each of threads 0\u201315 stores its element (or 0 if past n) into s[tid].");
  EXPECT_EQ(narration(divergent, 5),
            "Thread 0 reads s[0] = 120: the block's sum, which it writes to global memory; warp 0 "
            "diverges (1 of 16 lanes active).");
}

TEST(Narration, UsesTheKernelsOwnNamesAndTheOperator) {
  Trace dot = traced("dot-product", 64);
  EXPECT_NE(narration(dot, 0).find("stores temp (its grid-stride sum of a[i] * b[i]) into "
                                   "cache[cacheIndex]"),
            std::string::npos)
      << narration(dot, 0);
  EXPECT_NE(narration(dot, 1).find("add cache[cacheIndex + 32] into cache[cacheIndex]"),
            std::string::npos)
      << narration(dot, 1);
  Trace max = traced("max", 64);
  EXPECT_NE(narration(max, 1).find("keep the larger of s[tid] and s[tid + 32] in s[tid] (32 "
                                   "comparisons)"),
            std::string::npos)
      << narration(max, 1);
  Trace serial = traced("serial", 64);
  EXPECT_NE(narration(serial, 1).find("Thread 0 adds s[1\u201363] into s[0], one after another "
                                      "in a register: 63 additions in a row"),
            std::string::npos)
      << narration(serial, 1);
}

std::set<unsigned> words_of(const Step& step, AccessKind kind, unsigned word_size) {
  std::set<unsigned> words;
  for (const Access& a : step.accesses) {
    if (a.kind == kind) words.insert(a.address / word_size);
  }
  return words;
}

bool subset(const std::vector<unsigned>& claimed, const std::set<unsigned>& actual) {
  return std::all_of(claimed.begin(), claimed.end(),
                     [&](unsigned w) { return actual.count(w) > 0; });
}

// Every claim a step's sentence makes, held against the trace and the analyses.
void check_claims(const TraceModel& model, std::size_t s, const std::string& where) {
  const StepFacts f = model.facts(s);
  const NarrationClaims& c = f.claims;
  const Step& step = model.step(s);
  unsigned ws = model.trace().word_size;
  if (!f.additions.empty()) {
    std::set<unsigned> adders;
    for (const Addition& a : f.additions) adders.insert(a.thread);
    EXPECT_EQ(c.threads, std::vector<unsigned>(adders.begin(), adders.end())) << where;
    EXPECT_EQ(c.combined, f.additions.size()) << where;
  }
  if (c.stride) {
    for (const Addition& a : f.additions) {
      EXPECT_EQ(element_distance(model.trace().arrays, a.target_word, a.source_word), *c.stride)
          << where;
    }
  }
  EXPECT_TRUE(subset(c.words_written, words_of(step, AccessKind::Write, ws))) << where;
  EXPECT_TRUE(subset(c.words_read, words_of(step, AccessKind::Read, ws))) << where;
  if (c.shuffle_offset) {
    EXPECT_EQ(*c.shuffle_offset, step.shuffles.front().delta) << where;
  }
  std::vector<unsigned> idle, divergent;
  for (const WarpActivity& w : f.activity.warps) {
    if (w.state == WarpState::Idle) idle.push_back(w.warp);
    if (w.state == WarpState::Divergent) divergent.push_back(w.warp);
  }
  EXPECT_EQ(c.idle_warps, idle) << where;
  EXPECT_EQ(c.divergent_warps, divergent) << where;
  if (!c.threads.empty()) {
    std::string text = f.narration, who = describe_threads(c.threads);
    text[0] = static_cast<char>(std::tolower(text[0]));
    EXPECT_NE(text.find(who), std::string::npos) << where << ": " << f.narration << " / " << who;
  }
  EXPECT_EQ(f.narration.back(), '.') << where;
}

TEST(Narration, EveryClaimOfEveryStepOfEveryVariantHolds) {
  for (const VariantInfo& v : variant_catalog()) {
    for (unsigned block : {64u, 256u}) {
      if (!block_supported(v, block)) continue;
      for (ElementType type : {ElementType::Int, ElementType::Double}) {
        RunRequest r;
        r.variant = std::string(v.id);
        r.block = block;
        r.n = 3 * block + 5;
        r.element_type = type;
        TraceModel model(run_on_emulator(r));
        for (std::size_t s = 0; s < model.step_count(); ++s) {
          check_claims(model, s,
                       std::string(v.id) + " block " + std::to_string(block) + " " +
                           std::string(name_of(type)) + " step " + std::to_string(s));
        }
      }
    }
  }
}

}  // namespace
}  // namespace stridescope
