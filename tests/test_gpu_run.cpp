// `stridescope run FILE.cu --backend cuda --out gpu.json` without a GPU: the tracer is found (or
// named as missing), and the whole path (nvcc -lineinfo, the tracer's environment, the record read
// back, nvdisasm's lines, the trace written) runs against stand-ins for nvidia-smi, nvcc, nvdisasm
// and the program that replay a record an H200 made (tests/gpu_records/sum256.json).
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "analysis/trace_diff.h"
#include "cli/gui_gpu_program.h"
#include "program/gputrace/gpu_run.h"
#include "run_command.h"
#include "trace/trace_json.h"

namespace stridescope {
namespace {

using test_support::read_text;

namespace fs = std::filesystem;

const std::string kBinary = STRIDESCOPE_BINARY;
const fs::path kSource = STRIDESCOPE_SOURCE_DIR;

void write_script(const fs::path& path, const std::string& text) {
  std::ofstream(path) << "#!/bin/sh\n" << text;
  fs::permissions(path, fs::perms::owner_all, fs::perm_options::add);
}

// A folder of stand-ins: nvidia-smi lists a GPU; nvcc notes its arguments and makes a "program"
// that notes its environment, copies $FAKE_RECORD where the tracer writes its record, logs one
// launch and prints a sum; nvdisasm (beside nvcc) prints $FAKE_SASS; the tool is two empty files.
struct FakeGpu {
  // One folder per test: CTest runs the tests of this file at the same time.
  fs::path dir =
      fs::path(STRIDESCOPE_TEST_TMP) /
      ("fake_gpu_" + std::string(testing::UnitTest::GetInstance()->current_test_info()->name()));
  FakeGpu() {
    fs::remove_all(dir);
    fs::create_directories(dir / "bin");
    fs::create_directories(dir / "tool");
    write_script(dir / "bin/nvidia-smi", "echo 'GPU 0: Fake H200 (UUID: GPU-0)'\n");
    write_script(dir / "bin/nvcc",
                 "echo \"$@\" > " + (dir / "nvcc.args").string() +
                     "\n"
                     "while [ $# -gt 0 ]; do [ \"$1\" = -o ] && out=$2; shift; done\n"
                     "cat > \"$out\" <<'PROGRAM'\n"
                     "#!/bin/sh\n"
                     "env | grep -e ^STRIDESCOPE_ -e ^CUDA_ > \"$FAKE_DIR/program.env\"\n"
                     "[ -n \"$FAKE_RECORD\" ] && cp \"$FAKE_RECORD\" \"$STRIDESCOPE_GPU_RAW\"\n"
                     "echo cubin > \"$STRIDESCOPE_GPU_CUBIN\"\n"
                     "printf 'device\\tFake H200\\t9.0\\t13000\\n' >> \"$STRIDESCOPE_LAUNCHES\"\n"
                     "printf 'launch\\tsum\\t1 1 1\\t256 1 1\\t0\\t0.5\\t\\n' >> "
                     "\"$STRIDESCOPE_LAUNCHES\"\n"
                     "echo 'sum = 32640'\n"
                     "PROGRAM\n"
                     "chmod +x \"$out\"\n");
    write_script(dir / "bin/nvdisasm", "cat \"$FAKE_SASS\"\n");
    std::ofstream(dir / "tool/libstridescope_gputrace.so");
    std::ofstream(dir / "tool/trace_patches.fatbin");
  }
  // `stridescope ARGS` with the stand-ins first on PATH, replaying `record`.
  test_support::Outcome run(const std::string& args, const fs::path& record) const {
    return test_support::run("env PATH=" + (dir / "bin").string() + ":$PATH STRIDESCOPE_GPU_TOOL=" +
                             (dir / "tool/libstridescope_gputrace.so").string() +
                             " FAKE_DIR=" + dir.string() + " FAKE_RECORD=" + record.string() +
                             " FAKE_SASS=" + (kSource / "tests/gpu_records/sum256.sass").string() +
                             " " + kBinary + " " + args);
  }
};

const fs::path kRecord = kSource / "tests/gpu_records/sum256.json";

TEST(GpuRun, TheTracerIsTheOneNamedByTheEnvironmentWithItsPatchesBesideIt) {
  const FakeGpu fake;
  const fs::path library = fake.dir / "tool/libstridescope_gputrace.so";
  ::setenv("STRIDESCOPE_GPU_TOOL", library.c_str(), 1);
  std::string why;
  std::optional<GpuTool> tool = find_gpu_tool(&why);
  ASSERT_TRUE(tool) << why;
  EXPECT_EQ(tool->patches, fake.dir / "tool/trace_patches.fatbin");
  fs::remove(fake.dir / "tool/trace_patches.fatbin");
  EXPECT_FALSE(find_gpu_tool(&why));
  EXPECT_EQ(why, "the GPU tracer's device patches " +
                     (fake.dir / "tool/trace_patches.fatbin").string() + " are missing");
  ::setenv("STRIDESCOPE_GPU_TOOL", "/nonexistent/libstridescope_gputrace.so", 1);
  EXPECT_FALSE(find_gpu_tool(&why));
  EXPECT_EQ(why, "the GPU tracer /nonexistent/libstridescope_gputrace.so is missing");
  ::unsetenv("STRIDESCOPE_GPU_TOOL");
}

TEST(GpuRun, ARecordReplayedByStandInsBecomesATraceThatLoadsAndEqualsTheEmulators) {
  const FakeGpu fake;
  const fs::path out = fake.dir / "gpu.json";
  const test_support::Outcome o =
      fake.run("run " + (kSource / "examples/sum256.cu").string() +
                   " --backend cuda --launch 0 --traced-block 0 --out " + out.string(),
               kRecord);
  ASSERT_EQ(o.status, 0) << o.output;
  EXPECT_NE(o.output.find("sum = 32640\n"), std::string::npos) << o.output;
  EXPECT_NE(o.output.find("launch 0  sum<<<1,256>>>"), std::string::npos) << o.output;
  EXPECT_NE(o.output.find("wrote " + out.string() +
                          ": 10 steps of block 0 of launch 0 on the GPU, 1022 shared accesses\n"),
            std::string::npos)
      << o.output;
  // nvcc was asked for line tables; the program ran with the tracer injected.
  EXPECT_NE(read_text(fake.dir / "nvcc.args").find("-lineinfo"), std::string::npos);
  const std::string env = read_text(fake.dir / "program.env");
  EXPECT_NE(
      env.find("CUDA_INJECTION64_PATH=" + (fake.dir / "tool/libstridescope_gputrace.so").string()),
      std::string::npos)
      << env;
  EXPECT_NE(env.find("STRIDESCOPE_GPU_PATCH=" + (fake.dir / "tool/trace_patches.fatbin").string()),
            std::string::npos);
  EXPECT_NE(env.find("STRIDESCOPE_LAUNCH=0\n"), std::string::npos);
  EXPECT_NE(env.find("STRIDESCOPE_TRACED_BLOCK=0\n"), std::string::npos);
  const Trace gpu = load_trace(out.string());  // `check` loads it
  EXPECT_EQ(gpu.run.backend, Backend::Cuda);
  EXPECT_EQ(gpu.blocks.at(0).steps.at(1).label, "__syncthreads() line 14");  // nvdisasm's lines
  EXPECT_EQ(test_support::run(kBinary + " check " + out.string()).status, 0);

  if (!test_support::have_clang_tools()) GTEST_SKIP() << "clang++-14 not installed (emulator)";
  const fs::path emulator = fake.dir / "emulator.json";
  ASSERT_EQ(test_support::run(kBinary + " run " + (kSource / "examples/sum256.cu").string() +
                              " --out " + emulator.string())
                .status,
            0);
  const test_support::Outcome d =
      test_support::run(kBinary + " diff " + emulator.string() + " " + out.string());
  EXPECT_EQ(d.status, 0) << d.output;
  EXPECT_EQ(d.output, "same: shared memory agrees after every one of 10 steps, 1024 bytes\n");
}

TEST(GpuRun, WhatTheTracerCouldNotDoIsOneErrorLineWithItsReason) {
  const FakeGpu fake;
  const std::string file = (kSource / "examples/sum256.cu").string();
  // A record that traced nothing, saying why.
  const fs::path untraced = fake.dir / "untraced.json";
  std::ofstream(untraced) << R"({"format": "stridescope-gpu-record", "version": 1, "traced": false,
    "launches": [{"kernel": "_Z3sumPKiPi", "grid": [1,1,1], "block": [256,1,1]}],
    "messages": ["sanitizerStreamSynchronize failed: An unknown internal error has occurred"]})";
  test_support::Outcome o = fake.run("run " + file + " --backend cuda --out x.json", untraced);
  EXPECT_EQ(o.status, 2);
  EXPECT_NE(o.output.find("stridescope: error: the GPU tracer traced nothing: "
                          "sanitizerStreamSynchronize failed: An unknown internal error has "
                          "occurred; no trace written\n"),
            std::string::npos)
      << o.output;
  // No such launch.
  std::ofstream(untraced) << R"({"format": "stridescope-gpu-record", "version": 1, "traced": false,
    "launches": [{"kernel": "_Z3sumPKiPi", "grid": [1,1,1], "block": [256,1,1]}], "messages": []})";
  o = fake.run("run " + file + " --backend cuda --launch 3 --out x.json", untraced);
  EXPECT_EQ(o.status, 2);
  EXPECT_NE(o.output.find("stridescope: error: the program made 1 launch: there is no launch 3 to "
                          "trace; no trace written\n"),
            std::string::npos)
      << o.output;
  // No record at all: the tracer did not start.
  o = fake.run("run " + file + " --backend cuda --out x.json", "");
  EXPECT_EQ(o.status, 2);
  EXPECT_NE(o.output.find("stridescope: error: the GPU tracer wrote no record"), std::string::npos)
      << o.output;
  // No tracer: one line, before anything is built.
  fs::remove(fake.dir / "nvcc.args");
  o = test_support::run("env PATH=" + (fake.dir / "bin").string() +
                        ":$PATH STRIDESCOPE_GPU_TOOL=/nonexistent/lib.so " + kBinary + " run " +
                        file + " --backend cuda --out x.json");
  EXPECT_EQ(o.status, 2);
  EXPECT_EQ(
      o.output,
      "stridescope: error: --backend cuda cannot trace: the GPU tracer /nonexistent/lib.so is "
      "missing\n");
  EXPECT_FALSE(fs::exists(fake.dir / "nvcc.args"));
}

TEST(GpuRun, TheEmulatorsOptionsAreRefusedAndWithoutAGpuTracingIsOneErrorLine) {
  const std::string file = (kSource / "examples/sum4.cu").string();
  for (const std::string option : {"--schedule lockstep", "--seed 3", "--schedules 3"}) {
    const test_support::Outcome o =
        test_support::run(kBinary + " run " + file + " --backend cuda " + option);
    EXPECT_EQ(o.status, 2) << option;
    EXPECT_EQ(o.output, "stridescope: error: " + option.substr(0, option.find(' ')) +
                            " is for the emulator: --backend cuda runs the program as the GPU "
                            "schedules it\n");
  }
  if (test_support::run("nvidia-smi -L").output.find("GPU 0") != std::string::npos)
    GTEST_SKIP() << "this machine has a GPU";
  for (const std::string option : {"--out t.json", "--launch 1", "--traced-block 2"}) {
    const test_support::Outcome o =
        test_support::run(kBinary + " run " + file + " --backend cuda " + option);
    EXPECT_EQ(o.status, 2) << option;
    EXPECT_EQ(o.output.rfind("stridescope: error: --backend cuda needs ", 0), 0u) << o.output;
    EXPECT_EQ(std::count(o.output.begin(), o.output.end(), '\n'), 1) << o.output;
  }
}

// The window's "Trace on the GPU": the same path, its notes after the program's output.
TEST(GpuRun, TheWindowsGpuTraceComesThroughTheSamePath) {
  const FakeGpu fake;
  const std::string path = std::getenv("PATH");
  ::setenv("PATH", ((fake.dir / "bin").string() + ":" + path).c_str(), 1);
  ::setenv("STRIDESCOPE_GPU_TOOL", (fake.dir / "tool/libstridescope_gputrace.so").c_str(), 1);
  ::setenv("FAKE_DIR", fake.dir.c_str(), 1);
  ::setenv("FAKE_RECORD", kRecord.c_str(), 1);
  ::setenv("FAKE_SASS", (kSource / "tests/gpu_records/sum256.sass").c_str(), 1);
  ProgramChoice choice;
  choice.on_gpu = true;
  const ProgramTrace t =
      trace_program_on_gpu_for_gui((kSource / "examples/sum256.cu").string(), choice);
  EXPECT_EQ(t.trace.run.backend, Backend::Cuda);
  EXPECT_EQ(t.trace.blocks.at(0).steps.size(), 10u);
  EXPECT_EQ(t.output.rfind("sum = 32640\n", 0), 0u) << t.output;
  choice.launch = 2;  // the record made one launch: one exception with the reason
  ::setenv("FAKE_RECORD", (fake.dir / "none.json").c_str(), 1);
  EXPECT_THROW(trace_program_on_gpu_for_gui((kSource / "examples/sum256.cu").string(), choice),
               std::runtime_error);
  ::setenv("PATH", path.c_str(), 1);
  for (const char* name : {"STRIDESCOPE_GPU_TOOL", "FAKE_DIR", "FAKE_RECORD", "FAKE_SASS"})
    ::unsetenv(name);
}

// On a machine with nvcc, a GPU and the tracer CMake built (scripts/gpu-check.sh): the book's sum
// of 256 ints traced on the GPU equals the emulator's trace at every step.
TEST(GpuRunOnGpu, Sum256TracedOnTheGpuEqualsTheEmulatorsTrace) {
  if (test_support::run("nvidia-smi -L").output.find("GPU 0") == std::string::npos)
    GTEST_SKIP() << "nvidia-smi lists no GPU";
  std::string why;
  if (!find_gpu_tool(&why)) GTEST_SKIP() << why;
  if (!test_support::have_clang_tools()) GTEST_SKIP() << "clang++-14 not installed (emulator)";
  const fs::path dir = fs::path(STRIDESCOPE_TEST_TMP);
  const std::string file = (kSource / "examples/sum256.cu").string();
  const test_support::Outcome gpu = test_support::run(
      kBinary + " run " + file + " --backend cuda --out " + (dir / "sum256_gpu.json").string());
  ASSERT_EQ(gpu.status, 0) << gpu.output;
  ASSERT_EQ(test_support::run(kBinary + " run " + file + " --out " +
                              (dir / "sum256_emulator.json").string())
                .status,
            0);
  const test_support::Outcome d =
      test_support::run(kBinary + " diff " + (dir / "sum256_emulator.json").string() + " " +
                        (dir / "sum256_gpu.json").string());
  EXPECT_EQ(d.status, 0) << d.output;
}

}  // namespace
}  // namespace stridescope
