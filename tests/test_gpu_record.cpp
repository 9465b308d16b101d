// The GPU tracer's record -> a trace (app/program/gputrace/gpu_record.h), no GPU needed: hand-made
// records (steps by each thread's barrier count, values, lines, warp syncs, atomics, notes), and
// records an H200 made (tests/gpu_records/, by scripts/gpu-trace-check.sh) against the emulator's
// traces.
#include <gtest/gtest.h>

#include <bit>
#include <fstream>
#include <set>
#include <sstream>

#include "model/trace_model.h"
#include "program/gputrace/gpu_record.h"
#include "program/gputrace/sass_lines.h"
#include "program/own_program.h"
#include "run_command.h"
#include "trace/trace_consistency.h"
#include "trace/trace_json.h"

namespace stridescope {
namespace {

using test_support::read_text;

using nlohmann::json;

constexpr std::uint64_t kStart = 0x7f0000000000;  // the kernel's first instruction

// nvdisasm -c -gi of a kernel `k` in /gpu/machine/prog.cu (its lines: see each instruction).
const char* kSass = R"(
//--------------------- .text.k         --------------------------
.text.k:
	//## File "/gpu/machine/prog.cu", line 5
        /*0000*/                   STS [R5], R2 ;
	//## File "/gpu/machine/prog.cu", line 6
        /*0010*/                   BAR.SYNC.DEFER_BLOCKING 0x0 ;
	//## File "/usr/local/cuda/include/helper.h", line 40 inlined at "/gpu/machine/prog.cu", line 7
	//## File "/gpu/machine/prog.cu", line 7
        /*0020*/              @!P1 LDS R3, [R5] ;
	//## File "/gpu/machine/prog.cu", line 8
        /*0030*/                   STS [R5], R4 ;
	//## File "/gpu/machine/prog.cu", line 9
        /*0040*/                   BAR.SYNC.DEFER_BLOCKING 0x0 ;
	//## File "/gpu/machine/prog.cu", line 10
        /*0050*/                   NOP ;
        /*0060*/                   WARPSYNC.ALL ;
        /*0070*/                   ATOMS.ADD RZ, [R5], R2 ;
        /*0080*/                   EXIT ;
)";

// One event: [kind, thread, pc, address, size, value, value_high, flags, active_mask, snapshot,
// resolved]; kinds: 1 read, 2 write, 3 atomic, 4 barrier, 5 syncwarp, 6 shuffle, 8 exit.
json event(int kind, int thread, std::uint64_t offset, std::uint32_t address = 0,
           std::uint64_t value = 0, std::uint32_t snapshot = 0, std::uint32_t size = 4) {
  return json::array(
      {kind, thread, kStart + offset, address, size, value, 0, 0, 0xffffffffu, snapshot, 0});
}

json record_of(int threads, json events, json snapshots) {
  return {{"format", "stridescope-gpu-record"},
          {"version", 1},
          {"traced", true},
          {"traced_launch", 0},
          {"traced_block", 0},
          {"device", "NVIDIA H200"},
          {"driver_version", 13000},
          {"kernel", "k"},
          {"launches",
           json::array({{{"kernel", "k"}, {"grid", {1, 1, 1}}, {"block", {threads, 1, 1}}}})},
          {"grid", {1, 1, 1}},
          {"block", {threads, 1, 1}},
          {"shared_base", 1024},
          {"snapshot_bytes", 16},
          {"functions", json::array({{{"name", "k"}, {"pc", kStart}, {"size", 0x90}}})},
          {"shared_symbols", json::array()},
          {"events", std::move(events)},
          {"snapshots", std::move(snapshots)}};
}

// Four threads: s[t] = t + 1; __syncthreads(); threads 0 and 1: s[t] += s[t + 2];
// __syncthreads(). Thread 3 stores after the others reached the first barrier, and the threads
// leave the second barrier in another order than they came: steps go by each thread's count.
json four_thread_record() {
  json events = json::array();
  for (int t = 0; t < 3; ++t) events.push_back(event(2, t, 0x00, 1024 + 4 * t, t + 1));
  for (int t = 0; t < 3; ++t) events.push_back(event(4, t, 0x10));
  events.push_back(event(2, 3, 0x00, 1036, 4));
  events.push_back(event(4, 3, 0x10, 0, 0, 1));  // the last to arrive takes snapshot 1
  events.push_back(event(1, 1, 0x20, 1036, 4));
  events.push_back(event(1, 0, 0x20, 1032, 3));
  events.push_back(event(2, 0, 0x30, 1024, 4));
  events.push_back(event(2, 1, 0x30, 1028, 6));
  for (int t : {3, 0, 1}) events.push_back(event(4, t, 0x40));
  events.push_back(event(4, 2, 0x40, 0, 0, 2));
  for (int t = 0; t < 4; ++t) events.push_back(event(8, t, 0x80, 0, 0, t == 3 ? 3 : 0));
  return record_of(4, events, {{1, 2, 3, 4}, {4, 6, 3, 4}, {4, 6, 3, 4}});
}

Trace trace_of(const json& record, std::vector<std::string>* notes = nullptr) {
  return trace_of_gpu_record(record, sass_table(kSass, "/here/prog.cu"), "/here/prog.cu",
                             ElementType::Int, {}, notes);
}

TEST(GpuRecord, SassLinesTakeTheInnermostFrameInTheProgramsFile) {
  const SassTable table = sass_table(kSass, "/somewhere/else/prog.cu");
  ASSERT_EQ(table.count("k"), 1u);
  const auto& k = table.at("k");
  EXPECT_EQ(k.at(0x00).line, 5);
  EXPECT_EQ(k.at(0x10).opcode, "BAR.SYNC.DEFER_BLOCKING");
  EXPECT_EQ(k.at(0x20).line, 7);        // helper.h inlined at line 7
  EXPECT_EQ(k.at(0x20).opcode, "LDS");  // after its predicate
  EXPECT_EQ(k.at(0x60).opcode, "WARPSYNC.ALL");
  EXPECT_EQ(sass_table(kSass, "other.cu").at("k").at(0x00).line, 0);  // no line of other.cu
}

TEST(GpuRecord, StepsFollowEachThreadsBarrierCountWithTheHardwaresSnapshots) {
  std::vector<std::string> notes;
  const Trace t = trace_of(four_thread_record(), &notes);
  EXPECT_EQ(notes, std::vector<std::string>{});
  EXPECT_EQ(first_inconsistency(t), std::nullopt);
  EXPECT_EQ(t.run.backend, Backend::Cuda);
  EXPECT_EQ(t.run.device, "NVIDIA H200 (Compute Sanitizer patching API, nvcc -lineinfo)");
  EXPECT_EQ(t.shared_words, 4u);
  const std::vector<Step>& steps = t.blocks.at(0).steps;
  ASSERT_EQ(steps.size(), 3u);
  EXPECT_EQ(steps[0].label, "__syncthreads() line 6");
  EXPECT_EQ(steps[1].label, "__syncthreads() line 9");
  EXPECT_EQ(steps[2].kind, StepKind::Exit);
  EXPECT_EQ(steps[0].snapshot, (std::vector<double>{1, 2, 3, 4}));
  EXPECT_EQ(steps[1].snapshot, (std::vector<double>{4, 6, 3, 4}));
  ASSERT_EQ(steps[0].accesses.size(), 4u);  // thread 3's late store is in the first step
  EXPECT_EQ(steps[0].accesses[3].thread, 3u);
  EXPECT_EQ(steps[0].accesses[3].address, 12u);  // the window offset less the reserved 1 KiB
  EXPECT_EQ(steps[0].accesses[3].value, 4);
  ASSERT_EQ(steps[1].accesses.size(), 4u);  // in the order the hardware ran them
  const Access& read = steps[1].accesses[1];
  EXPECT_EQ(read.thread, 0u);
  EXPECT_EQ(read.order, 0u);
  EXPECT_EQ(read.kind, AccessKind::Read);
  EXPECT_EQ(read.value, 3);
  EXPECT_EQ(read.line, 7);
  EXPECT_EQ(steps[1].accesses[2].order, 1u);
  EXPECT_EQ(steps[1].accesses[2].line, 8);
  EXPECT_EQ(t.blocks[0].partial, 4);  // word 0 at exit
  ASSERT_EQ(t.launches.size(), 1u);
  EXPECT_EQ(t.launches[0].kernel, "k");
  EXPECT_NO_THROW(trace_from_json(trace_to_json(t)));  // the trace loads as written
}

TEST(GpuRecord, AMissingSnapshotIsRebuiltFromTheWritesAndADifferentOneIsNamed) {
  json record = four_thread_record();
  record["events"][15][9] = 0;  // the second barrier's last thread took none
  std::vector<std::string> notes;
  Trace t = trace_of(record, &notes);
  EXPECT_EQ(t.blocks.at(0).steps.at(1).snapshot, (std::vector<double>{4, 6, 3, 4}));
  ASSERT_EQ(notes.size(), 1u);
  EXPECT_EQ(notes[0], "1 step's memory was rebuilt from the writes (no snapshot was taken there)");

  record = four_thread_record();
  record["snapshots"][1][3] = 9;  // memory the recorded writes do not make
  trace_of(record, &notes);
  ASSERT_EQ(notes.size(), 1u);
  EXPECT_NE(notes[0].find("step 1, word 3: the hardware held 9, the recorded writes make 4"),
            std::string::npos)
      << notes[0];
}

TEST(GpuRecord, ASyncwarpIsPassedWhenItsMaskArrivedAndCollectivesSyncsAreNotCounted) {
  json events = json::array();
  events.push_back(event(2, 0, 0x30, 1024, 7));
  events.push_back(event(5, 2, 0x60, 3));  // WARPSYNC.ALL: a collective's, not counted
  events.push_back(event(5, 0, 0x50, 3));  // __syncwarp(3) at the NOP of line 10
  events.push_back(event(5, 1, 0x50, 3));
  events.push_back(event(1, 1, 0x20, 1024, 7));
  events.push_back(event(6, 2, 0x70));  // a shuffle: its pc only
  for (int t = 0; t < 4; ++t) events.push_back(event(8, t, 0x80, 0, 0, t == 3 ? 1 : 0));
  std::vector<std::string> notes;
  const Trace t = trace_of(record_of(4, events, {{7, 0, 0, 0}}), &notes);
  EXPECT_EQ(first_inconsistency(t), std::nullopt);
  const std::vector<Step>& steps = t.blocks.at(0).steps;
  ASSERT_EQ(steps.size(), 2u);  // the warp round, then exit
  EXPECT_EQ(steps[0].kind, StepKind::WarpRound);
  EXPECT_EQ(steps[0].label, "__syncwarp() line 10");
  EXPECT_EQ(steps[0].warp_syncs, (std::vector<WarpSync>{{0, 3, 10}}));
  ASSERT_EQ(steps[1].accesses.size(), 1u);
  EXPECT_EQ(steps[1].accesses[0].warp_epoch, 1u);  // the read after the __syncwarp()
  ASSERT_EQ(notes.size(), 2u);
  EXPECT_NE(notes[0].find("1 warp sync the compiler put into a collective"), std::string::npos);
  EXPECT_NE(notes[1].find("1 shuffle by lanes at 1 instruction"), std::string::npos);
}

TEST(GpuRecord, AnAtomicShowsTheWordAsItsThreadNextSawIt) {
  json events = json::array();
  json resolved = event(3, 0, 0x70, 1024, 5);
  resolved[6] = 4;   // the word before it ran
  resolved[10] = 1;  // resolved at the thread's next callback
  events.push_back(resolved);
  json unresolved = event(3, 1, 0x70, 1028, 0);
  unresolved[6] = 2;
  events.push_back(unresolved);
  for (int t = 0; t < 4; ++t) events.push_back(event(8, t, 0x80, 0, 0, t == 3 ? 1 : 0));
  std::vector<std::string> notes;
  const Trace t = trace_of(record_of(4, events, {{5, 2, 0, 0}}), &notes);
  const std::vector<Access>& a = t.blocks.at(0).steps.at(0).accesses;
  ASSERT_EQ(a.size(), 2u);
  EXPECT_EQ(a[0].kind, AccessKind::Atomic);
  EXPECT_EQ(a[0].value, 5);
  EXPECT_EQ(a[1].value, 2);
  ASSERT_EQ(notes.size(), 1u);
  EXPECT_EQ(notes[0], "1 atomic shows the word before it ran (its thread made no later callback)");
  EXPECT_NO_THROW(trace_from_json(trace_to_json(t)));
}

TEST(GpuRecord, ARecordThatTracedNothingSaysWhy) {
  json record = four_thread_record();
  record["traced"] = false;
  record["messages"] = {
      "sanitizerStreamSynchronize failed: An unknown internal error has occurred"};
  try {
    trace_of(record);
    FAIL() << "no error";
  } catch (const OwnProgramError& e) {
    EXPECT_EQ(std::string(e.what()),
              "the GPU tracer traced no block: sanitizerStreamSynchronize failed: An unknown "
              "internal error has occurred");
  }
  EXPECT_THROW(trace_of(json{{"format", "stridescope-trace"}}), OwnProgramError);
}

// The record made from a GPU's is checked as the runtime's is (record/raw_record_check.h): an
// access that runs past the block's shared memory is refused, not traced.
TEST(GpuRecord, AnAccessPastTheBlocksSharedMemoryIsRefusedAsTheRuntimesWouldBe) {
  json events = json::array();
  events.push_back(event(2, 0, 0x30, 1024 + 12, 7, 0, 8));  // bytes 12-19 of 16
  for (int t = 0; t < 4; ++t) events.push_back(event(8, t, 0x80, 0, 0, t == 3 ? 1 : 0));
  try {
    trace_of(record_of(4, events, {{0, 0, 0, 7}}));
    FAIL() << "no error";
  } catch (const OwnProgramError& e) {
    EXPECT_EQ(std::string(e.what()),
              "GPU record: steps[0].accesses: offset 12 past the 16 bytes of shared memory");
  }
}

TEST(GpuRecord, KernelNamesLoseTheirParameters) {
  EXPECT_EQ(kernel_name_of_symbol("_Z3sumPKiPi"), "sum");
  EXPECT_EQ(kernel_name_of_symbol("_Z6reduceILj256EEvPKiPi"), "reduce<256u>");
  EXPECT_EQ(kernel_name_of_symbol("not_mangled"), "not_mangled");
  EXPECT_EQ(demangled_symbol("_Z3sumPKiPi"), "sum(int const*, int*)");
}

// A record the H200 made of a program (scripts/gpu-trace-check.sh, 2026-11-26), as a trace.
Trace recorded(const std::string& name, const std::string& file) {
  const std::string dir = std::string(STRIDESCOPE_SOURCE_DIR) + "/tests/gpu_records/";
  const json record = json::parse(read_text(dir + name + ".json"));
  std::vector<std::string> notes;
  Trace t = trace_of_gpu_record(record, sass_table(read_text(dir + name + ".sass"), file), file,
                                ElementType::Int, {}, &notes);
  EXPECT_EQ(notes, std::vector<std::string>{});  // the snapshots agree with the writes
  EXPECT_EQ(first_inconsistency(t), std::nullopt);
  return t;
}

bool have_tools() {
  return !find_tool({"clang++-14", "clang++"}).empty() &&
         !find_tool({"llvm-symbolizer-14", "llvm-symbolizer"}).empty();
}

// Every step's shared memory and the lines and kinds of its accesses, against the emulator's.
void expect_like_the_emulator(const Trace& gpu, const std::string& file) {
  if (!have_tools()) GTEST_SKIP() << "clang++-14 / llvm-symbolizer-14 not installed";
  OwnRunOptions options;
  options.file = file;
  const OwnRunResult emulated = run_own_program(options);
  ASSERT_TRUE(emulated.traced) << emulated.failure;
  const std::vector<Step>& g = gpu.blocks.at(0).steps;
  const std::vector<Step>& e = emulated.trace.blocks.at(0).steps;
  ASSERT_EQ(g.size(), e.size());
  for (std::size_t k = 0; k < g.size(); ++k) {
    EXPECT_EQ(g[k].snapshot, e[k].snapshot) << "step " << k;
    EXPECT_EQ(g[k].label, e[k].label) << "step " << k;
    std::multiset<std::pair<int, AccessKind>> gl, el;
    for (const Access& a : g[k].accesses) gl.insert({a.line, a.kind});
    for (const Access& a : e[k].accesses) el.insert({a.line, a.kind});
    EXPECT_EQ(gl, el) << "step " << k;
  }
}

TEST(GpuRecord, TheH200sSum256IsTheEmulatorsStepByStep) {
  const std::string file = std::string(STRIDESCOPE_SOURCE_DIR) + "/examples/sum256.cu";
  const Trace t = recorded("sum256", file);
  const std::vector<Step>& steps = t.blocks.at(0).steps;
  ASSERT_EQ(steps.size(), 10u);  // the load, 8 halvings, exit
  EXPECT_EQ(steps[0].label, "__syncthreads() line 11");
  EXPECT_EQ(steps[1].label, "__syncthreads() line 14");
  EXPECT_EQ(steps.back().snapshot.at(0), 32640);
  expect_like_the_emulator(t, file);
}

TEST(GpuRecord, TheH200sUnrolledLastWarpHasTheEmulatorsWarpRounds) {
  const std::string file =
      std::string(STRIDESCOPE_SOURCE_DIR) + "/tests/own_programs/warp_kernels.cu";
  const Trace t = recorded("warp_kernels", file);
  ASSERT_EQ(t.blocks.at(0).steps.size(), 16u);
  EXPECT_EQ(t.blocks[0].steps[3].kind, StepKind::WarpRound);
  expect_like_the_emulator(t, file);
}

// The H200's own addresses, instruction by instruction (scripts/gpu-check.sh, 2026-11-26): the
// tile read down its columns costs 31 extra wavefronts per warp load, 992 a block; Nsight Compute
// counted 3968 (l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum) over the launch's 4
// blocks, and 0 stores. The memory at each step is the emulator's.
TEST(GpuRecord, TheH200sTransposeTileHasNsightComputesBankConflicts) {
  const std::string file =
      std::string(STRIDESCOPE_SOURCE_DIR) + "/tests/own_programs/transpose_tiles.cu";
  const Trace t = recorded("transpose_tile", file);
  ASSERT_EQ(t.blocks.at(0).steps.size(), 2u);
  EXPECT_EQ(t.blocks[0].steps[0].label, "__syncthreads() line 15");
  EXPECT_EQ(t.run.grid_size, 4u);
  const TraceModel model(t);
  EXPECT_EQ(model.conflict_totals(0).loads * t.run.grid_size, 3968u);
  EXPECT_EQ(model.conflict_totals(0).stores, 0u);
  if (!have_tools()) GTEST_SKIP() << "clang++-14 / llvm-symbolizer-14 not installed";
  OwnRunOptions options;
  options.file = file;
  const OwnRunResult emulated = run_own_program(options);
  ASSERT_TRUE(emulated.traced) << emulated.failure;
  for (std::size_t k = 0; k < 2; ++k) {  // the same words, as ints here and floats there
    std::vector<std::uint32_t> gpu, emu;
    for (double v : t.blocks[0].steps[k].snapshot) gpu.push_back(std::uint32_t(std::int64_t(v)));
    for (double v : emulated.trace.blocks.at(0).steps.at(k).snapshot)
      emu.push_back(std::bit_cast<std::uint32_t>(float(v)));
    EXPECT_EQ(gpu, emu) << "step " << k;
  }
}

}  // namespace
}  // namespace stridescope
