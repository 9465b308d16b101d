// Nothing lost in silence (issue 26): an output that cannot be written, an option that would be
// ignored, a path that is not a file: exit status 2 and one "stridescope: error:" line on stderr,
// and no half-written file where one was asked for.
#include <gtest/gtest.h>

#include <sys/stat.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "run_command.h"

namespace {

using stridescope::test_support::have_clang_tools;
using stridescope::test_support::run_split;
using stridescope::test_support::Split;

const std::string kTmp = STRIDESCOPE_TEST_TMP;
const std::string kBinary = STRIDESCOPE_BINARY;
const std::string kSum4 = std::string(STRIDESCOPE_SOURCE_DIR) + "/examples/sum4.cu";

Split stridescope(const std::string& arguments) {
  return run_split(kBinary + " " + arguments);
}

// The command under a file-size limit of 8 KiB (SIGXFSZ ignored): its writes past the limit fail
// as on a full disk, with a regular file's name, so a half-written file would stay.
Split with_8k_files(const std::string& arguments) {
  return run_split("bash -c \"trap '' XFSZ; ulimit -f 8; exec " + kBinary + " " + arguments + "\"");
}

void expect_one_error_line(const std::string& arguments, const std::string& expected) {
  const Split s = stridescope(arguments);
  EXPECT_TRUE(s.one_error_line()) << arguments << ": " << s.said();
  EXPECT_NE(s.err.find(expected), std::string::npos) << arguments << ": " << s.said();
}

TEST(CliSilence, JsonOutputsOnAFullDiskAreErrors) {
  const std::string full = "cannot write /dev/full: No space left on device";
  expect_one_error_line("lab --json /dev/full", full);
  expect_one_error_line("bench --recorded --json /dev/full", full);
  expect_one_error_line("precision --n 1024 --json /dev/full", full);
  expect_one_error_line("trace --out /dev/full", full);
  expect_one_error_line("lab --json " + kTmp, "cannot write " + kTmp + ": Is a directory");
  expect_one_error_line("trace --out " + kTmp + "/no/such/folder/t.json", "No such file");
}

TEST(CliSilence, AnOutputThatCannotBeWrittenWholeIsNotLeftHalfWritten) {
  const std::string trace = kTmp + "/silence_trace.json", bench = kTmp + "/silence_bench.json";
  std::ofstream(trace) << "an older file\n";
  Split t = with_8k_files("trace --block 1024 --out " + trace);
  EXPECT_TRUE(t.one_error_line()) << t.said();
  EXPECT_NE(t.err.find("cannot write " + trace + ": File too large"), std::string::npos)
      << t.said();
  EXPECT_FALSE(std::filesystem::exists(trace));
  std::remove(bench.c_str());
  Split b = with_8k_files("bench --recorded --json " + bench);
  EXPECT_TRUE(b.one_error_line()) << b.said();
  EXPECT_FALSE(std::filesystem::exists(bench));
  // Within the limit the same commands write their files.
  ASSERT_EQ(with_8k_files("trace --block 16 --out " + trace).status, 0);
  EXPECT_TRUE(std::filesystem::exists(trace));
}

TEST(CliSilence, RunRefusesWhatItWouldIgnoreOrCannotUse) {
  const std::string out = kTmp + "/silence_schedules.json";
  std::remove(out.c_str());
  expect_one_error_line("run " + kSum4 + " --schedules 3 --out " + out,
                        "--schedules K runs K random orders untraced and writes no trace: leave "
                        "out --out");
  EXPECT_FALSE(std::filesystem::exists(out));
  expect_one_error_line("run " + kSum4 + " --schedules 3 --traced-block 1",
                        "leave out --traced-block");
  expect_one_error_line("run " + kSum4 + " --schedules 3 --timings", "leave out --timings");
  expect_one_error_line("run " + kSum4 + " --schedules 3 --launch 1", "leave out --launch");
  expect_one_error_line("run " + kSum4 + " --schedules -1",
                        "--schedules -1: use a whole number from 1 to 1000");
  expect_one_error_line("run " + kSum4 + " --schedules 0", "--schedules 0: use a whole number");
  expect_one_error_line("run " + kTmp, kTmp + " is a directory, not a CUDA file (.cu)");
  expect_one_error_line("run /dev/null", "/dev/null is not a regular file");
  expect_one_error_line("run " + kTmp + "/no-such.cu", "cannot read " + kTmp + "/no-such.cu");
  expect_one_error_line("run " + kSum4 + " " + kTmp, kTmp + " is a directory");
  expect_one_error_line("run " + kSum4 + " --keep " + kSum4, "--keep " + kSum4 + ": not a folder");
  expect_one_error_line("run " + kSum4 + " --keep /dev/full/x",
                        "--keep /dev/full/x: cannot make it: Not a directory");
  expect_one_error_line("run " + kSum4 + " --out /dev/full/x.json",
                        "cannot write /dev/full/x.json");
}

TEST(CliSilence, RunWritesItsTraceOrSaysWhyNot) {
  if (!have_clang_tools()) GTEST_SKIP() << "clang++-14 / llvm-symbolizer-14 not installed";
  const Split s = stridescope("run " + kSum4 + " --out /dev/full");
  EXPECT_TRUE(s.one_error_line()) << s.said();
  EXPECT_NE(s.err.find("cannot write /dev/full: No space left on device"), std::string::npos)
      << s.said();
  EXPECT_NE(s.out.find("sum = 10"), std::string::npos) << s.said();  // the program's own output
}

TEST(CliSilence, QuizMarksNeedTheQuizAndTheQuizARun) {
  expect_one_error_line("--quiz-marks words=1 --screenshot x.png",
                        "--quiz-marks is a guess for the quiz: give --quiz too");
  expect_one_error_line("--quiz --open " + kSum4 + " --screenshot x.png",
                        "the quiz asks about one run of the catalog or one trace file: leave out "
                        "--open FILE.cu (or --quiz)");
  expect_one_error_line("--quiz --exercise sum4 --screenshot x.png", "leave out --exercise");
}

TEST(CliSilence, ExerciseFilesThatCannotBeWrittenAreSaid) {
  expect_one_error_line("exercise start sum4 --dir /dev/full", "cannot write /dev/full/sum4.cu");
  expect_one_error_line("exercise check sum4 " + kTmp, kTmp + " is a directory");
  expect_one_error_line("exercise check sum4 /dev/null", "/dev/null is not a regular file");
  // A hint is shown; progress that cannot be kept is a warning, not silence.
  const Split hint = run_split("STRIDESCOPE_DATA_DIR=/dev/full " + kBinary + " exercise hint sum4");
  EXPECT_EQ(hint.status, 0) << hint.said();
  EXPECT_NE(hint.out.find("hint 1 of "), std::string::npos) << hint.said();
  EXPECT_EQ(hint.err_lines().size(), 1u) << hint.said();
  EXPECT_EQ(hint.err.rfind("stridescope: warning: your progress was not saved: cannot write ", 0),
            0u)
      << hint.said();
}

}  // namespace
