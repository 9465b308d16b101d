// The programs of examples/ run by `stridescope run` (their printed results and their traces'
// facts), and Harris's kernels 1-3 as plain CUDA traced like the catalog's variants. Needs
// clang++-14, libclang and llvm-symbolizer-14 (scripts/install-deps.sh); skips visibly without.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "catalog/emu/run_variant.h"
#include "catalog/request.h"
#include "cli/commands.h"
#include "cli/run_command.h"
#include "model/global_memory_text.h"
#include "model/trace_model.h"
#include "program/own_program.h"
#include "trace/trace_consistency.h"
#include "trace/trace_json.h"

namespace stridescope {
namespace {

bool have_tools() {
  return !find_tool({"clang++-14", "clang++"}).empty() &&
         !find_tool({"llvm-symbolizer-14", "llvm-symbolizer"}).empty();
}

OwnRunResult run_example(const std::string& name, std::uint32_t launch = 0) {
  OwnRunOptions options;
  options.file = std::string(STRIDESCOPE_SOURCE_DIR) + "/examples/" + name;
  options.launch = launch;
  OwnRunResult r = run_own_program(options);
  EXPECT_EQ(r.exit_code, 0) << r.errors;
  EXPECT_EQ(r.failure, "");
  EXPECT_TRUE(r.traced);
  EXPECT_EQ(first_inconsistency(r.trace), std::nullopt);
  return r;
}

#define SKIP_WITHOUT_TOOLS() \
  if (!have_tools()) GTEST_SKIP() << "clang++-14 / llvm-symbolizer-14 not installed"

TEST(OwnExamples, TheHalvingSumOnSixThreadsLosesThePartialSumOfCache2) {
  SKIP_WITHOUT_TOOLS();
  const OwnRunResult r = run_example("sum6_lost.cu");
  EXPECT_EQ(r.output, "sum = 10 with 6 threads (the true sum is 23)\n");
  const Trace& t = r.trace;
  EXPECT_EQ(t.shared_words, 6u);
  ASSERT_EQ(t.arrays.size(), 1u);
  EXPECT_EQ(t.arrays[0].name, "cache");
  EXPECT_TRUE(t.result_in_word0);
  EXPECT_EQ(t.result, 10);
  EXPECT_EQ(t.reference, 23);
  const std::vector<Step>& steps = t.blocks.at(0).steps;
  ASSERT_EQ(steps.size(), 4u);  // the load, stride 3, stride 1, exit
  EXPECT_EQ(steps[1].snapshot, (std::vector<double>{4, 6, 13, 1, 5, 9}));
  EXPECT_EQ(steps[2].snapshot, (std::vector<double>{10, 6, 13, 1, 5, 9}));
  // The lab: the elements 4 and 9 (added into cache[2]) never reach the result.
  const TraceModel model(t);
  EXPECT_EQ(model.lab().contributions.lost.size(), 2u);
  EXPECT_EQ(model.lab().hazards, 0u);
}

TEST(OwnExamples, MatmulPrintsFourExactProductsAndTracesTheTilesAsTwoArrays) {
  SKIP_WITHOUT_TOOLS();
  const OwnRunResult r = run_example("matmul.cu", 3);
  int exact = 0;
  for (std::size_t at = r.output.find("max error 0\n"); at != std::string::npos;
       at = r.output.find("max error 0\n", at + 1))
    ++exact;
  EXPECT_EQ(exact, 4) << r.output;
  const Trace& t = r.trace;
  EXPECT_EQ(t.run.block_size, 256u);  // 16 x 16 threads
  EXPECT_EQ(t.run.grid_size, 4u);     // 2 x 2 blocks
  EXPECT_EQ(t.shared_words, 512u);
  ASSERT_EQ(t.arrays.size(), 2u);
  EXPECT_EQ(t.arrays[0], (SharedArray{"As", 0, {16, 16}, ElementType::Float}));
  EXPECT_EQ(t.arrays[1], (SharedArray{"Bs", 256, {16, 16}, ElementType::Float}));
  EXPECT_FALSE(t.result_in_word0);  // no sum into word 0: no result, no lost elements claimed
  const std::vector<Step>& steps = t.blocks.at(0).steps;
  ASSERT_EQ(steps.size(), 7u);  // 3 tiles x 2 barriers, exit
  // After the first barrier: As[ty][tx] = A[ty][tx], A[i] = i % 7 - 3 with rows of l = 48.
  EXPECT_EQ(steps[0].snapshot[0], -3);
  EXPECT_EQ(steps[0].snapshot[1], -2);
  EXPECT_EQ(steps[0].snapshot[16], (48 % 7) - 3);
  const TraceModel model(t);
  EXPECT_EQ(model.lab().hazards, 0u);
  EXPECT_FALSE(model.result_error().has_value());
  // Launch 2 stages one row of A: one 1-D array of 48 floats.
  const OwnRunResult row = run_example("matmul.cu", 2);
  ASSERT_EQ(row.trace.arrays.size(), 1u);
  EXPECT_EQ(row.trace.arrays[0], (SharedArray{"rowA", 0, {48}, ElementType::Float}));
  EXPECT_FALSE(row.trace.result_in_word0);
  // Launch 0's kernel (the naive one) declares no shared memory: the trace has none, not the
  // other kernels' arrays (rowA, As, Bs) as the linker placed them.
  const OwnRunResult naive = run_example("matmul.cu", 0);
  EXPECT_TRUE(naive.trace.arrays.empty());
  EXPECT_EQ(naive.trace.shared_words, 0u);
}

TEST(OwnExamples, TheDoubleSumRelaunchesUntilOneBlockRemains) {
  SKIP_WITHOUT_TOOLS();
  // Its blocks race (block b writes in[b] while block 0 may not have read it yet): one worker runs
  // them one after another, so the race never shows (on several cores it may, as on a GPU).
  OwnRunOptions one;
  one.file = std::string(STRIDESCOPE_SOURCE_DIR) + "/examples/sum_double.cu";
  one.workers = 1;
  const OwnRunResult r = run_own_program(one);
  ASSERT_TRUE(r.traced) << r.failure << r.errors;
  EXPECT_NE(r.output.find("launch 3: 2 values -> 1 block sums\n"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("sum = 4999950000.0 (expected 4999950000.0)\n"), std::string::npos);
  const Trace& t = r.trace;
  EXPECT_EQ(t.run.element_type, ElementType::Double);
  EXPECT_EQ(t.word_size, 8u);
  EXPECT_EQ(t.shared_words, 256u);  // 2 x 128 doubles
  EXPECT_EQ(t.blocks.at(0).partial, 255.0 * 256 / 2);
  const std::vector<Step>& steps = t.blocks.at(0).steps;
  ASSERT_EQ(steps.size(), 10u);  // the load, strides 128 .. 1, exit
  EXPECT_EQ(steps[0].snapshot[255], 255);
  // The last launch sums the two block sums left: its block 0 ends with the total.
  one.launch = 2;
  const OwnRunResult last = run_own_program(one);
  EXPECT_EQ(last.trace.run.grid_size, 1u);
  EXPECT_EQ(last.trace.result, 4999950000.0);
}

TEST(OwnExamples, TheDotLadderAgreesExceptTheRacyWarpTailWhichTheLabNames) {
  SKIP_WITHOUT_TOOLS();
  // By default the lanes of a warp take turns at every access, as a GPU's do: the warp tail without
  // __syncwarp() prints what a GPU prints...
  const OwnRunResult r = run_example("dot_ladder.cu", 5);
  for (int rung = 0; rung < 6; ++rung)
    EXPECT_NE(r.output.find("dot" + std::to_string(rung) + " = 49150 "), std::string::npos)
        << r.output;
  // ... and the lab still names its reliance on implicit warp synchrony.
  const TraceModel racy(r.trace);
  EXPECT_GT(racy.lab().hazards, 0u);
  // Thread after thread (a teaching schedule), thread 0 runs its six unrolled additions before
  // the others wrote.
  OwnRunOptions threads;
  threads.file = std::string(STRIDESCOPE_SOURCE_DIR) + "/examples/dot_ladder.cu";
  threads.launch = 5;
  threads.schedule = ThreadSchedule::Threads;
  const OwnRunResult t = run_own_program(threads);
  EXPECT_EQ(t.output.find("dot5 = 49150 "), std::string::npos) << t.output;
  const OwnRunResult clean = run_example("dot_ladder.cu", 3);
  const TraceModel tree(clean.trace);
  EXPECT_EQ(tree.lab().hazards, 0u);
  EXPECT_TRUE(tree.lab().contributions.lost.empty());
  EXPECT_EQ(clean.trace.blocks.at(0).steps.size(), 11u);  // the load, strides 256 .. 1, exit
}

TEST(OwnExamples, RandomSchedulesShowTheRaceAndLeaveARaceFreeProgramAlone) {
  SKIP_WITHOUT_TOOLS();
  OwnRunOptions options;
  options.file = std::string(STRIDESCOPE_SOURCE_DIR) + "/examples/dot_ladder.cu";
  const ScheduleReport racy = compare_schedules(options, 3);
  EXPECT_EQ(racy.runs, 3u);
  EXPECT_NE(racy.reference.output.find("dot5 = 49150 "), std::string::npos)
      << "warps in lockstep add the warp tail as a GPU does\n"
      << racy.reference.output;
  EXPECT_GE(racy.differing.size(), 1u);
  options.file = std::string(STRIDESCOPE_SOURCE_DIR) + "/examples/sum4.cu";
  const ScheduleReport clean = compare_schedules(options, 3);
  EXPECT_EQ(clean.reference.output, "sum = 10\n");
  EXPECT_TRUE(clean.differing.empty());
}

// A file of kernels only, run with a launch from the command line: it prints what a student can
// check, and its trace is the trace of the same kernel launched the same way from a main().
TEST(OwnExamples, TheKernelOnlyReductionRunsFromALaunchSpecAsFromAMain) {
  SKIP_WITHOUT_TOOLS();
  const std::string file = std::string(STRIDESCOPE_SOURCE_DIR) + "/examples/reduce_kernel_only.cu";
  OwnRunOptions spec;
  spec.file = file;
  spec.launch_spec = "reduce<<<4,256>>>(in=iota(1024), out=zeros(4), n=1024)";
  spec.traced_block = 2;
  const OwnRunResult r = run_own_program(spec);
  ASSERT_TRUE(r.traced) << r.failure << r.errors;
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(r.output,
            "in = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, ... (1024 values, sum "
            "523776)]\nout = [32640, 98176, 163712, 229248]\n");
  EXPECT_EQ(first_inconsistency(r.trace), std::nullopt);
  EXPECT_EQ(r.trace.run.grid_size, 4u);
  EXPECT_EQ(r.trace.run.block_size, 256u);
  EXPECT_EQ(r.trace.blocks.at(0).partial, 163712);
  EXPECT_EQ(r.trace.blocks.at(0).steps.size(), 10u);  // the load, strides 128 .. 1, exit

  // The same launch written in a main() appended to the same text (the kernel's lines unchanged).
  const std::string with_main = std::string(STRIDESCOPE_TEST_TMP) + "/reduce_with_main.cu";
  std::ofstream(with_main) << std::ifstream(file).rdbuf()
                           << "#include <cstdio>\n"
                              "int main() {\n"
                              "  static int in[1024], out[4];\n"
                              "  for (int i = 0; i < 1024; ++i) in[i] = i;\n"
                              "  int *d_in, *d_out;\n"
                              "  cudaMalloc((void**)&d_in, 1024 * sizeof(int));\n"
                              "  cudaMalloc((void**)&d_out, 4 * sizeof(int));\n"
                              "  cudaMemcpy(d_in, in, sizeof in, cudaMemcpyHostToDevice);\n"
                              "  cudaMemcpy(d_out, out, sizeof out, cudaMemcpyHostToDevice);\n"
                              "  reduce<<<4, 256>>>(d_in, d_out, 1024);\n"
                              "  cudaMemcpy(out, d_out, sizeof out, cudaMemcpyDeviceToHost);\n"
                              "  printf(\"%d %d %d %d\\n\", out[0], out[1], out[2], out[3]);\n"
                              "}\n";
  OwnRunOptions plain;
  plain.file = with_main;
  plain.traced_block = 2;
  const OwnRunResult m = run_own_program(plain);
  ASSERT_TRUE(m.traced) << m.failure << m.errors;
  EXPECT_EQ(m.output, "32640 98176 163712 229248\n");
  nlohmann::json a = trace_to_json(r.trace), b = trace_to_json(m.trace);
  EXPECT_EQ(a["run"]["variant"], "own:reduce_kernel_only.cu");
  a["run"].erase("variant");
  b["run"].erase("variant");
  // The buffers are named where they were allocated: the spec's parameters, main()'s pointers.
  for (int k = 0; k < 2; ++k) {
    EXPECT_EQ(a["global_memory"]["buffers"][k]["name"], k == 0 ? "in" : "out");
    EXPECT_EQ(b["global_memory"]["buffers"][k]["name"], k == 0 ? "d_in" : "d_out");
    EXPECT_EQ(a["global_memory"]["buffers"][k]["line"], 0);  // no line of the user's file
    for (nlohmann::json* t : {&a, &b}) {
      (*t)["global_memory"]["buffers"][k].erase("name");
      (*t)["global_memory"]["buffers"][k].erase("line");
    }
  }
  EXPECT_EQ(a, b) << "the spec'd launch's trace differs from main()'s: "
                  << nlohmann::json::diff(a, b).dump().substr(0, 2000);
}

// The engine's traces are the catalog's: Harris's kernels 1-3 written as plain CUDA give the same
// steps, snapshots, accesses (all but their source lines) and per-step analyses.
TEST(OwnExamples, HarrisKernels1To3AsPlainCudaTraceLikeTheCatalogVariants) {
  SKIP_WITHOUT_TOOLS();
  const char* variants[] = {"interleaved-divergent", "interleaved-strided", "sequential"};
  for (std::uint32_t k = 0; k < 3; ++k) {
    SCOPED_TRACE(variants[k]);
    OwnRunOptions options;
    options.file = std::string(STRIDESCOPE_SOURCE_DIR) + "/tests/own_programs/harris_1_2_3.cu";
    options.launch = k;
    options.schedule = ThreadSchedule::Threads;  // the catalog's order, access for access
    const OwnRunResult own = run_own_program(options);
    ASSERT_TRUE(own.traced) << own.failure << own.errors;
    EXPECT_NE(own.output.find("kernel " + std::to_string(k + 1) + ": 523776\n"), std::string::npos);
    RunRequest request;
    request.variant = variants[k];
    request.n = 1024;
    request.block = 256;
    const Trace catalog = run_on_emulator(request);
    const Trace& t = own.trace;
    EXPECT_EQ(t.shared_words, catalog.shared_words);
    EXPECT_EQ(t.run.input_values.size(), 1024u);
    EXPECT_EQ(t.result, catalog.result);
    EXPECT_EQ(t.passes.at(0).partials, catalog.passes.at(0).partials);
    const std::vector<Step>& got = t.blocks.at(0).steps;
    const std::vector<Step>& want = catalog.blocks.at(0).steps;
    ASSERT_EQ(got.size(), want.size());
    const TraceModel own_model(t), catalog_model(catalog);
    for (std::size_t s = 0; s < got.size(); ++s) {
      EXPECT_EQ(got[s].kind, want[s].kind) << "step " << s;
      EXPECT_EQ(got[s].snapshot, want[s].snapshot) << "step " << s;
      ASSERT_EQ(got[s].accesses.size(), want[s].accesses.size()) << "step " << s;
      for (std::size_t i = 0; i < got[s].accesses.size(); ++i) {
        Access a = got[s].accesses[i];
        a.line = want[s].accesses[i].line;
        ASSERT_EQ(a, want[s].accesses[i]) << "step " << s << " access " << i;
      }
      const StepFacts f = own_model.facts(s), g = catalog_model.facts(s);
      EXPECT_EQ(f.worst_conflict_degree, g.worst_conflict_degree) << "step " << s;
      EXPECT_EQ(f.activity.active_threads, g.activity.active_threads) << "step " << s;
      EXPECT_EQ(f.activity.divergent_warps, g.activity.divergent_warps) << "step " << s;
      EXPECT_EQ(f.additions.size(), g.additions.size()) << "step " << s;
    }
    EXPECT_EQ(own_model.lab().hazards, catalog_model.lab().hazards);
    EXPECT_EQ(own_model.work().additions, catalog_model.work().additions);
  }
}

// Warp rounds: the catalog's warp-level kernels as plain CUDA are cut into the same warp rounds
// (a step per __syncwarp() and per __shfl_down_sync()), with the same memory after each, the same
// accesses, warp barriers and shuffled values (all but their source lines).
TEST(OwnExamples, WarpKernelsAsPlainCudaTraceLikeTheCatalogRoundByRound) {
  SKIP_WITHOUT_TOOLS();
  const char* variants[] = {"unroll-last-warp", "warp-shuffle"};
  for (std::uint32_t k = 0; k < 2; ++k) {
    SCOPED_TRACE(variants[k]);
    OwnRunOptions options;
    options.file = std::string(STRIDESCOPE_SOURCE_DIR) + "/tests/own_programs/warp_kernels.cu";
    options.launch = k;
    options.schedule = ThreadSchedule::Threads;  // the catalog's order, access for access
    const OwnRunResult own = run_own_program(options);
    ASSERT_TRUE(own.traced) << own.failure << own.errors;
    EXPECT_NE(own.output.find(": 523776\n"), std::string::npos) << own.output;
    RunRequest request;
    request.variant = variants[k];
    request.n = 1024;
    request.block = 256;
    const Trace catalog = run_on_emulator(request);
    const std::vector<Step>& got = own.trace.blocks.at(0).steps;
    const std::vector<Step>& want = catalog.blocks.at(0).steps;
    ASSERT_EQ(got.size(), want.size());
    std::size_t rounds = 0, shuffles = 0;
    for (std::size_t s = 0; s < got.size(); ++s) {
      SCOPED_TRACE("step " + std::to_string(s));
      EXPECT_EQ(got[s].kind, want[s].kind);
      rounds += got[s].kind == StepKind::WarpRound;
      const std::size_t words = std::min(got[s].snapshot.size(), want[s].snapshot.size());
      EXPECT_GE(words, k == 0 ? 256u : 8u);  // the words the kernel uses
      EXPECT_TRUE(std::equal(got[s].snapshot.begin(), got[s].snapshot.begin() + words,
                             want[s].snapshot.begin()));
      ASSERT_EQ(got[s].accesses.size(), want[s].accesses.size());
      for (std::size_t i = 0; i < got[s].accesses.size(); ++i) {
        Access a = got[s].accesses[i];
        a.line = want[s].accesses[i].line;
        ASSERT_EQ(a, want[s].accesses[i]) << "access " << i;
      }
      ASSERT_EQ(got[s].warp_syncs.size(), want[s].warp_syncs.size());
      for (std::size_t i = 0; i < got[s].warp_syncs.size(); ++i) {
        WarpSync w = got[s].warp_syncs[i];
        w.line = want[s].warp_syncs[i].line;
        EXPECT_EQ(w, want[s].warp_syncs[i]) << "warp barrier " << i;
      }
      ASSERT_EQ(got[s].shuffles.size(), want[s].shuffles.size());
      for (std::size_t i = 0; i < got[s].shuffles.size(); ++i) {
        ShuffleRound r = got[s].shuffles[i];
        r.line = want[s].shuffles[i].line;
        EXPECT_EQ(r, want[s].shuffles[i]) << "shuffle " << i;
        ++shuffles;
      }
    }
    EXPECT_EQ(rounds, k == 0 ? 12u : 10u);          // 6 reads and 6 writes; 5 + 5 shuffles
    EXPECT_EQ(shuffles, k == 0 ? 0u : 5u * 8 + 5);  // 8 warps' 5 rounds, then warp 0's 5
    EXPECT_EQ(TraceModel(own.trace).lab().hazards, TraceModel(catalog).lab().hazards);
  }
}

// Global memory: the tiled launch's block (0, 0) reads rows 0-15 of A (whole rows: one range) and
// columns 0-15 of B (48 runs of 16), one tile of each per load step, and writes its 16x16 of C.
TEST(OwnExamples, MatmulsTiledBlockReadsItsRowsOfAAndColumnsOfBTileByTile) {
  SKIP_WITHOUT_TOOLS();
  const OwnRunResult r = run_example("matmul.cu", 3);
  ASSERT_TRUE(r.trace.global_memory.has_value());
  const GlobalMemory& g = *r.trace.global_memory;
  ASSERT_EQ(g.buffers.size(), 3u);
  EXPECT_EQ(g.buffers[0], (GlobalBuffer{"dA", 78, "float", 4, 32 * 48 * 4}));
  EXPECT_EQ(g.buffers[1], (GlobalBuffer{"dB", 79, "float", 4, 48 * 32 * 4}));
  EXPECT_EQ(g.buffers[2], (GlobalBuffer{"dC", 80, "float", 4, 32 * 32 * 4}));
  ASSERT_EQ(g.steps.size(), r.trace.blocks[0].steps.size());
  EXPECT_EQ(launch_lines(g),
            (std::vector<std::string>{
                "dA: read 768 of its 1536 floats ([0..767]) in 768 loads, 3 KiB",
                "dB: read 768 of its 1536 floats (48 runs of 16, 32 apart: [0..15], [32..47], "
                "..., [1504..1519]) in 768 loads, 3 KiB",
                "dC: wrote 256 of its 1024 floats (16 runs of 16, 32 apart: [0..15], [32..47], "
                "..., [480..495]) in 256 stores, 1 KiB"}));
  // Each load step reads the next 16 columns of A's rows and the next 16 rows of B.
  EXPECT_EQ(step_line(g, 0),
            "read dA (16 runs of 16, 48 apart: [0..15], [48..63], ..., [720..735]), dB (16 runs "
            "of 16, 32 apart: [0..15], [32..47], ..., [480..495])");
  EXPECT_EQ(step_line(g, 2),
            "read dA (16 runs of 16, 48 apart: [16..31], [64..79], ..., [736..751]), dB (16 runs "
            "of 16, 32 apart: [512..527], [544..559], ..., [992..1007])");
  EXPECT_EQ(step_line(g, 1), "no global memory");  // the products come from shared memory
  EXPECT_EQ(step_line(g, 6),
            "wrote dC (16 runs of 16, 32 apart: [0..15], [32..47], "
            "..., [480..495])");
  ASSERT_EQ(g.steps[0].size(), 2u);
  EXPECT_EQ(g.steps[0][0].read.accesses, 256u);  // one element of A per thread
  EXPECT_EQ(g.steps[0][0].read.bytes, 1024u);
}

// The book's dot product: block 0's grid-stride loop reads 5 slices of 256 of a and b (the grid
// is 32 x 256 = 8192 threads wide) and thread 0 writes the block's one partial sum.
TEST(OwnExamples, TheDotProductsBlockReadsFiveSlicesOfAAndBAndWritesOnePartial) {
  SKIP_WITHOUT_TOOLS();
  const OwnRunResult r = run_example("dot.cu");
  ASSERT_TRUE(r.trace.global_memory.has_value());
  const GlobalMemory& g = *r.trace.global_memory;
  EXPECT_EQ(launch_lines(g),
            (std::vector<std::string>{
                "dev_a: read 1280 of its 33792 floats (5 runs of 256, 8192 apart: [0..255], "
                "[8192..8447], ..., [32768..33023]) in 1280 loads, 5 KiB",
                "dev_b: read 1280 of its 33792 floats (5 runs of 256, 8192 apart: [0..255], "
                "[8192..8447], ..., [32768..33023]) in 1280 loads, 5 KiB",
                "dev_partial_c: wrote 1 of its 32 floats ([0]) in 1 store, 4 B"}));
  EXPECT_EQ(step_line(g, g.steps.size() - 1), "wrote dev_partial_c ([0])");
}

// `stridescope run` prints a line per buffer; `check` prints them and the steps that used any.
TEST(OwnExamples, RunAndCheckPrintTheGlobalMemoryOfTheTracedBlock) {
  SKIP_WITHOUT_TOOLS();
  OwnRunOptions options;
  options.file = std::string(STRIDESCOPE_SOURCE_DIR) + "/examples/matmul.cu";
  options.launch = 3;
  const std::string out_path = std::string(STRIDESCOPE_TEST_TMP) + "/global_matmul.json";
  std::ostringstream out, err;
  ASSERT_EQ(command_run(options, out_path, false, out, err), 0) << err.str();
  EXPECT_NE(out.str().find("global memory of block 0 (cudaMalloc buffers):\n"
                           "  dA: read 768 of its 1536 floats ([0..767]) in 768 loads, 3 KiB\n"
                           "  dB: read 768 of its 1536 floats (48 runs"),
            std::string::npos)
      << out.str();
  std::ostringstream checked;
  ASSERT_EQ(command_check(out_path, checked), 0);
  EXPECT_NE(checked.str().find("global memory of block 0 over the launch (cudaMalloc buffers):\n"
                               "  dA: read 768"),
            std::string::npos)
      << checked.str();
  EXPECT_NE(checked.str().find("  step 6: wrote dC (16 runs"), std::string::npos) << checked.str();
  EXPECT_EQ(checked.str().find("  step 1:"), std::string::npos);  // no global memory there
}

}  // namespace
}  // namespace stridescope
