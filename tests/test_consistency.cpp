// A trace that disagrees with itself is refused with the path of the disagreement; every trace the
// emulator makes agrees with itself.
#include <gtest/gtest.h>

#include "catalog/emu/run_variant.h"
#include "registry.h"
#include "trace/trace_consistency.h"
#include "trace/trace_json.h"

namespace stridescope {
namespace {

Trace traced(const char* variant, unsigned block, std::uint64_t n,
             ElementType type = ElementType::Int, std::optional<SecondStage> stage = {}) {
  RunRequest r;
  r.variant = variant;
  r.block = block;
  r.n = n;
  r.element_type = type;
  r.input = InputPattern::Random;
  r.second_stage = stage;
  return run_on_emulator(r);
}

std::string problem(const Trace& t) {
  return first_inconsistency(t).value_or("");
}

TEST(Consistency, EveryTraceOfEveryVariantAgreesWithItself) {
  for (const VariantInfo& v : variant_catalog()) {
    for (unsigned block : {64u, 256u}) {
      if (!block_supported(v, block)) continue;
      for (ElementType type : {ElementType::Int, ElementType::Float, ElementType::Double}) {
        Trace t = traced(std::string(v.id).c_str(), block, 37 * block + 5, type);
        EXPECT_EQ(problem(t), "") << v.id << " block " << block << " " << name_of(type);
      }
    }
  }
  EXPECT_EQ(problem(traced("sequential", 64, 100000, ElementType::Int, SecondStage::Relaunch)), "");
}

TEST(Consistency, MemoryThatChangesWithoutAWriteIsNamedByItsPath) {
  Trace t = traced("sequential", 64, 64);
  t.blocks[0].steps[2].snapshot[60] += 1;  // stride 16 writes words 0-15 only
  EXPECT_EQ(problem(t).rfind("$.blocks[0].steps[2].snapshot[60]: changed from", 0), 0)
      << problem(t);
  // The same change where the step wrote is fine (what was written is not compared).
  Trace ok = traced("sequential", 64, 64);
  ok.blocks[0].steps[2].snapshot[3] += 1;
  ok.blocks[0].steps[3].snapshot[3] += 1;
  EXPECT_EQ(problem(ok).find("snapshot[3]"), std::string::npos) << problem(ok);
}

TEST(Consistency, BlockResultsLaunchesAndTheResultMustAgree) {
  Trace partial = traced("sequential", 64, 640);
  partial.blocks[0].partial += 1;
  EXPECT_EQ(problem(partial).rfind("$.blocks[0].partial:", 0), 0) << problem(partial);

  Trace result = traced("sequential", 64, 640);
  result.result += 3;
  EXPECT_EQ(problem(result).rfind("$.result:", 0), 0) << problem(result);

  Trace chain = traced("sequential", 64, 100000, ElementType::Int, SecondStage::Relaunch);
  ASSERT_GE(chain.passes.size(), 2u);
  chain.passes[1].n += 1;
  EXPECT_EQ(problem(chain).rfind("$.passes[1].n:", 0), 0) << problem(chain);

  Trace grid = traced("sequential", 64, 640);
  grid.run.grid_size += 1;
  EXPECT_EQ(problem(grid).rfind("$.passes[0].grid:", 0), 0) << problem(grid);

  Trace empty = traced("sequential", 64, 640);
  empty.run.n = 0;
  EXPECT_EQ(problem(empty).rfind("$.run.n:", 0), 0) << problem(empty);
}

TEST(Consistency, FloatResultsMayDifferByTheRoundingOfTheAdditionsOnly) {
  Trace t = traced("sequential", 64, 64 * 40 + 3, ElementType::Float);
  EXPECT_EQ(problem(t), "");
  t.result *= 1 + 1e-3;
  EXPECT_EQ(problem(t).rfind("$.result:", 0), 0) << problem(t);
}

TEST(Consistency, IntResultsMayWrapAtTwoToTheThirtyTwo) {
  Trace t = traced("sequential", 64, 640);
  t.result -= 4294967296.0;
  EXPECT_EQ(problem(t), "");
}

TEST(Consistency, TheLoaderRefusesAnInconsistentFileWithOneLine) {
  Trace t = traced("sequential", 64, 640);
  t.result += 1;
  try {
    trace_from_json(trace_to_json(t));
    FAIL() << "loaded an inconsistent trace";
  } catch (const TraceFormatError& e) {
    EXPECT_EQ(std::string(e.what()).rfind("inconsistent: $.result:", 0), 0) << e.what();
  }
}

}  // namespace
}  // namespace stridescope
