// Every variant, every power-of-two block 2..1024, several n: the emulated sum equals the
// reference.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "analysis/step_facts.h"
#include "catalog/emu/run_variant.h"
#include "model/trace_model.h"
#include "registry.h"

namespace stridescope {
namespace {

TEST(Variants, EveryVariantBlockAndNGivesTheReferenceSum) {
  for (const VariantInfo& v : variant_catalog()) {
    if (v.broken_on_purpose()) continue;  // the bug playground: see test_lab.cpp
    for (unsigned block = 2; block <= 1024; block *= 2) {
      if (block < v.launch.min_block) {
        RunRequest small;
        small.variant = std::string(v.id);
        small.block = block;
        EXPECT_THROW(run_on_emulator(small), RunError) << v.id << " " << block;
        continue;
      }
      for (std::uint64_t n :
           {std::uint64_t{1}, std::uint64_t{block} - 1, std::uint64_t{block},
            std::uint64_t{block} + 1, 3 * std::uint64_t{block} + 5, std::uint64_t{1000}}) {
        if (n == 0) continue;
        for (ElementType type : {ElementType::Int, ElementType::Float, ElementType::Double}) {
          RunRequest r;
          r.variant = std::string(v.id);
          r.block = block;
          r.n = n;
          r.element_type = type;
          r.input = InputPattern::Random;
          r.seed = block + n;
          Trace trace = run_on_emulator(r);
          // Random inputs are integers 0..9: every partial sum is exact in float too.
          ASSERT_EQ(trace.result, trace.reference)
              << v.id << " block " << block << " n " << n << " " << type;
          ASSERT_EQ(trace.run.grid_size, grid_blocks(v.launch.grid, n, block));
        }
      }
    }
  }
}

TEST(Variants, BookDotProductsUseAtMost32BlocksAndSumTheProducts) {
  for (const char* id : {"dot-product", "dot-product-lock"}) {
    RunRequest r;
    r.variant = id;
    r.block = 256;
    r.n = 100000;
    r.input = InputPattern::Iota;  // a = b = 0..n-1: the sum of squares
    r.element_type = ElementType::Double;
    Trace trace = run_on_emulator(r);
    EXPECT_EQ(trace.run.grid_size, 32u) << id;  // blocksPerGrid = min(32, (N + 255) / 256)
    EXPECT_EQ(trace.run.op, Operator::Dot);
    double n = 100000;
    EXPECT_EQ(trace.reference, (n - 1) * n * (2 * n - 1) / 6) << id;
    EXPECT_EQ(trace.result, trace.reference) << id;
    r.n = 300;  // fewer elements than 32 blocks of 256 threads: 2 blocks
    EXPECT_EQ(run_on_emulator(r).run.grid_size, 2u) << id;
  }
}

TEST(Variants, RelaunchingReducesPassByPassToOneBlock) {
  RunRequest r;
  r.variant = "repeated-launches";
  r.element_type = ElementType::Double;
  r.block = 64;
  r.n = 100000;
  Trace trace = run_on_emulator(r);
  EXPECT_EQ(trace.second_stage, SecondStage::Relaunch);
  ASSERT_EQ(trace.passes.size(), 3u);  // 100000 -> 782 -> 7 -> 1
  EXPECT_EQ(trace.passes[0].grid, 782u);
  EXPECT_EQ(trace.passes[1].n, 782u);
  EXPECT_EQ(trace.passes[2].grid, 1u);
  EXPECT_EQ(trace.result, trace.passes[2].partials[0]);
  EXPECT_EQ(trace.result, trace.reference);
  // Any one-input variant can be relaunched; the host's sum is the default.
  r.variant = "sequential";
  EXPECT_EQ(run_on_emulator(r).second_stage, SecondStage::Host);
  r.second_stage = SecondStage::Relaunch;
  Trace relaunched = run_on_emulator(r);
  EXPECT_EQ(relaunched.passes.size(), 3u);  // 100000 -> 1563 -> 25 -> 1
  EXPECT_EQ(relaunched.result, relaunched.reference);
  // Variants that finish on the GPU keep their own stage; the others reject unknown ones.
  r.variant = "tuned";
  EXPECT_THROW(run_on_emulator(r), RunError);
  r.second_stage.reset();
  EXPECT_EQ(run_on_emulator(r).second_stage, SecondStage::LastBlock);
  r.variant = "sequential";
  r.second_stage = SecondStage::LastBlock;  // a kernel's own stage cannot be asked for
  EXPECT_THROW(run_on_emulator(r), RunError);
}

TEST(Variants, MaxAndMinFindTheExtremesWhateverTheBlockOrSecondStage) {
  for (ElementType type : {ElementType::Int, ElementType::Float, ElementType::Double}) {
    for (SecondStage stage : {SecondStage::Host, SecondStage::Relaunch}) {
      RunRequest r;
      r.block = 64;
      r.n = 5000;
      r.input = InputPattern::Iota;
      r.element_type = type;
      r.second_stage = stage;
      r.variant = "max";
      Trace max = run_on_emulator(r);
      EXPECT_EQ(max.run.op, Operator::Max);
      EXPECT_EQ(max.result, 4999) << type << " " << stage;
      EXPECT_EQ(max.reference, 4999);
      r.variant = "min";
      r.n = 5003;  // threads past the end load the identity: were it 0, it would win over 1
      r.input = InputPattern::Ones;
      EXPECT_EQ(run_on_emulator(r).result, 1) << type << " " << stage;
    }
  }
}

TEST(Variants, FloatSumsOfUniformInputStayWithinTheStatedBound) {
  // Stated bound: each float addition rounds by at most 2^-24 of the running value, and no value
  // passes through more than log2(n) tree levels + its thread's grid-stride share + the host's
  // chain over the block results: relative error <= (log2(n) + n / threads + grid + 32) * 2^-24.
  for (const VariantInfo& v : variant_catalog()) {
    if (v.broken_on_purpose() || v.launch.op != Operator::Sum) continue;
    RunRequest r;
    r.variant = std::string(v.id);
    r.block = 256;
    r.n = 100003;
    r.input = InputPattern::Uniform;
    r.seed = 11;
    r.element_type = ElementType::Float;
    Trace trace = run_on_emulator(r);
    double threads = double(trace.run.grid_size) * r.block;
    double chain = std::log2(double(r.n)) + double(r.n) / threads + trace.run.grid_size + 32;
    double relative = std::fabs(trace.result - trace.reference) / trace.reference;
    EXPECT_LE(relative, chain * 0x1p-24) << v.id;
  }
}

TEST(Variants, EveryVariantIsDescribedAndEveryStepNarrated) {
  for (const VariantInfo& v : variant_catalog()) {
    EXPECT_FALSE(v.lesson.title.empty() || v.lesson.teaches.empty() || v.lesson.reference.empty() ||
                 v.lesson.step_rule.empty())
        << v.id;
    EXPECT_FALSE(kernel_source(v.source_file).empty()) << v.id << ": " << v.source_file;
    RunRequest r;
    r.variant = std::string(v.id);
    r.block = v.gui.suggested_block ? v.gui.suggested_block : std::max(64u, v.launch.min_block);
    r.n = 2 * r.block;
    Trace trace = run_on_emulator(r);
    TraceModel model(trace);
    for (std::size_t s = 0; s < model.step_count(); ++s) {
      const StepFacts& f = model.facts(s);
      EXPECT_GE(f.narration.size(), 20u) << v.id << " step " << s << ": " << f.narration;
      // The label the recorder stored is the one the model computes from the accesses.
      EXPECT_EQ(f.label.text(), model.step(s).label) << v.id << " step " << s;
    }
  }
}

TEST(Variants, TheBlockThatReadsAnElementFollowsTheGridRule) {
  const VariantInfo& first_add = *find_variant("repeated-launches");  // 2 x block per block
  EXPECT_EQ(block_reading(first_add, 767, 64, 7), 5u);                // 767 / 128
  EXPECT_EQ(block_reading(first_add, 768, 64, 7), 6u);
  const VariantInfo& sequential = *find_variant("sequential");  // block elements per block
  EXPECT_EQ(block_reading(sequential, 130, 64, 3), 2u);
  const VariantInfo& kahan = *find_variant("kahan");  // chunks of block, dealt grid-stride
  EXPECT_EQ(block_reading(kahan, 5 * 64 + 3, 64, 2), 1u);
  const VariantInfo& multi = *find_variant("multi-element");  // chunks of 2 x block
  EXPECT_EQ(block_reading(multi, 3 * 128 + 1, 64, 2), 1u);
}

TEST(Variants, IotaSumsAreExactForIntAndWrapLikeAGpuPastIntMax) {
  RunRequest r;
  r.n = 60000;
  r.block = 256;
  EXPECT_EQ(run_on_emulator(r).result, 60000.0 * 59999.0 / 2);
  r.n = 100000;  // 4999950000 does not fit in 32 bits: it wraps to 4999950000 - 2^32
  Trace wrapped = run_on_emulator(r);
  EXPECT_EQ(wrapped.result, 4999950000.0 - 4294967296.0);
  EXPECT_EQ(wrapped.reference, 4999950000.0);
}

TEST(Variants, TraceOfOneBlockHasLoadReductionStepsAndExit) {
  RunRequest r;
  r.block = 16;
  r.n = 16;
  for (const char* id : {"interleaved-divergent", "interleaved-strided", "sequential"}) {
    const VariantInfo& v = *find_variant(id);
    r.variant = id;
    Trace trace = run_on_emulator(r);
    const BlockTrace& block = trace.blocks.at(0);
    ASSERT_EQ(block.steps.size(), 6u) << v.id;  // load, 4 strides, exit
    EXPECT_EQ(block.steps.front().label, "load");
    EXPECT_EQ(block.steps.back().kind, StepKind::Exit);
    EXPECT_EQ(block.steps.back().label, "write block sum");
    EXPECT_EQ(block.partial, 120);
    EXPECT_EQ(block.steps[4].snapshot[0], 120);
    EXPECT_FALSE(kernel_source(v.source_file).empty());
  }
}

TEST(Variants, TunedVariantReducesTheWholeGridInOneLaunch) {
  RunRequest r;
  r.variant = "tuned";
  r.block = 64;
  r.n = 100003;  // not a multiple of the vector width: the tail loop runs
  r.input = InputPattern::Random;
  r.seed = 5;
  Trace trace = run_on_emulator(r);
  EXPECT_EQ(trace.run.grid_size, 98u);  // ceil(n / (16 * 64))
  EXPECT_EQ(trace.result, trace.reference);
  // Block 0 shows its warps' five shuffle rounds, lane 0 of each warp storing its warp's sum at
  // the first barrier, then the last-block test.
  const auto& steps = trace.blocks[0].steps;
  ASSERT_GE(steps.size(), 7u);
  for (std::size_t s = 0; s < 5; ++s) {
    EXPECT_EQ(steps[s].label, "shuffle, offset " + std::to_string(16 >> s)) << s;
  }
  EXPECT_EQ(steps[5].kind, StepKind::Barrier);
  EXPECT_EQ(steps[5].label, "store");
  EXPECT_EQ(steps[5].accesses.size(), 2u);
  r.n = 16;  // one block is the whole grid: it writes the total without counting blocks
  Trace single = run_on_emulator(r);
  EXPECT_EQ(single.run.grid_size, 1u);
  EXPECT_EQ(single.result, single.reference);
  EXPECT_EQ(single.blocks[0].partial, single.result);
}

TEST(Variants, FirstAddLoadsTwoElementsPerThread) {
  RunRequest r;
  r.variant = "first-add";
  r.block = 16;
  r.n = 32;
  Trace trace = run_on_emulator(r);
  EXPECT_EQ(trace.run.grid_size, 1u);  // 32 elements, one block of 16 threads
  ASSERT_EQ(trace.blocks[0].steps.size(), 6u);
  EXPECT_EQ(trace.blocks[0].steps[0].snapshot[0], 0 + 16);  // thread 0 added in[0] and in[16]
  EXPECT_EQ(trace.blocks[0].partial, 31 * 32 / 2);
}

TEST(Variants, SequentialLabelsNameTheStride) {
  RunRequest r;
  r.block = 128;
  r.n = 128;
  Trace trace = run_on_emulator(r);
  const auto& steps = trace.blocks[0].steps;
  EXPECT_EQ(steps[1].label, "stride = 64");
  EXPECT_EQ(steps[7].label, "stride = 1");
}

TEST(Variants, TracesTheRequestedBlock) {
  RunRequest r;
  r.block = 32;
  r.n = 100;
  r.traced_block = 3;  // holds elements 96..99 and zero padding
  Trace trace = run_on_emulator(r);
  EXPECT_EQ(trace.blocks[0].block, 3u);
  EXPECT_EQ(trace.blocks[0].partial, 96 + 97 + 98 + 99);
}

TEST(Variants, BadRequestsGiveAClearError) {
  auto message = [](RunRequest r) {
    try {
      run_on_emulator(r);
    } catch (const RunError& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  RunRequest r;
  r.variant = "nope";
  EXPECT_NE(message(r).find("unknown variant 'nope'"), std::string::npos);
  for (unsigned block : {0u, 1u, 3u, 96u, 1025u, 2048u}) {
    RunRequest b;
    b.block = block;
    EXPECT_NE(message(b).find("power of two"), std::string::npos) << block;
  }
  RunRequest zero;
  zero.n = 0;
  EXPECT_NE(message(zero).find("n = 0"), std::string::npos);
  RunRequest huge;
  huge.n = kMaxEmulatedElements + 1;
  EXPECT_NE(message(huge).find("limit"), std::string::npos);
  RunRequest traced;
  traced.traced_block = 1;
  EXPECT_NE(message(traced).find("does not exist"), std::string::npos);
}

}  // namespace
}  // namespace stridescope

namespace stridescope {
namespace {

// The source panel shows a variant's kernel as the student reads it: the whole kernel file above
// its catalog entry, ending where the kernel's namespace closes.
TEST(Variants, KernelTextIsTheFileWithoutItsCatalogEntry) {
  for (const VariantInfo& v : variant_catalog()) {
    std::string_view file = kernel_source(v.source_file);
    std::string_view text = kernel_text(v);
    ASSERT_FALSE(file.empty()) << v.id << ": " << v.source_file << " is not embedded";
    EXPECT_EQ(file.substr(0, text.size()), text) << v.id;
    EXPECT_EQ(text.find("catalog entry"), std::string_view::npos) << v.id;
    EXPECT_TRUE(text.ends_with("}  // namespace stridescope::kernels\n")) << v.id;
    EXPECT_NE(file.find("catalog entry"), std::string_view::npos) << v.id;
  }
}

}  // namespace
}  // namespace stridescope
