// The stridescope binary's text commands and their errors (run as a user would run them).
#include <gtest/gtest.h>

#include <sys/wait.h>
#include <algorithm>
#include <array>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <set>
#include <sstream>
#include <string>
#include <tuple>
#include <vector>

#include "cli/options.h"
#include "cli/quiz_marks.h"

namespace {

struct Outcome {
  int status = -1;
  std::string output;  // stdout and stderr together
};

Outcome run(const std::string& arguments) {
  std::string command = std::string(STRIDESCOPE_BINARY) + " " + arguments + " 2>&1";
  Outcome outcome;
  FILE* pipe = popen(command.c_str(), "r");
  if (pipe == nullptr) return outcome;
  std::array<char, 4096> buffer{};
  while (std::fgets(buffer.data(), buffer.size(), pipe)) outcome.output += buffer.data();
  int raw = pclose(pipe);
  outcome.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
  // The sanitizer build's one notice when the emulator first switches fibers (not a report).
  const std::string notice = "WARNING: ASan doesn't fully support makecontext/swapcontext";
  if (std::size_t at = outcome.output.find(notice); at != std::string::npos) {
    std::size_t begin = outcome.output.rfind('\n', at);
    begin = begin == std::string::npos ? 0 : begin + 1;
    outcome.output.erase(begin, outcome.output.find('\n', at) + 1 - begin);
  }
  return outcome;
}

const std::string kTmp = STRIDESCOPE_TEST_TMP;

TEST(Cli, ListShowsEveryVariantWithItsReference) {
  Outcome o = run("list");
  EXPECT_EQ(o.status, 0);
  for (const char* id : {"interleaved-divergent", "interleaved-strided", "sequential"}) {
    EXPECT_NE(o.output.find(id), std::string::npos) << id;
  }
  EXPECT_NE(o.output.find("Harris"), std::string::npos);
}

TEST(Cli, TraceThenCheckPrintsTheFactsTable) {
  std::string file = kTmp + "/cli_trace.json";
  Outcome t =
      run("trace --variant interleaved-strided --block 64 --n 64 --input ones --out " + file);
  ASSERT_EQ(t.status, 0) << t.output;
  Outcome c = run("check " + file);
  ASSERT_EQ(c.status, 0) << c.output;
  EXPECT_NE(c.output.find("stride = 16"), std::string::npos);
  EXPECT_NE(c.output.find("2-way"), std::string::npos);
  EXPECT_NE(c.output.find("result 64"), std::string::npos);
}

TEST(Cli, AnIntSumThatOverflowsIsNamedByTraceAndCheck) {
  std::string file = kTmp + "/cli_overflow.json";
  Outcome t = run("trace --variant sequential --second-stage relaunch --n 100000 --out " + file);
  ASSERT_EQ(t.status, 0) << t.output;
  EXPECT_NE(t.output.find("warning: int overflow: the true sum 4999950000"), std::string::npos)
      << t.output;
  Outcome c = run("check " + file);
  ASSERT_EQ(c.status, 0) << c.output;
  EXPECT_NE(c.output.find("4999950000 wraps to 704982704, the result."), std::string::npos)
      << c.output;
  EXPECT_EQ(c.output.find("ulps"), std::string::npos) << c.output;
  Outcome fits = run("trace --variant sequential --second-stage relaunch --n 65536 --out " + file);
  EXPECT_EQ(fits.output.find("warning"), std::string::npos) << fits.output;
}

TEST(Cli, CustomInputValuesAreRunRecordedAndChecked) {
  std::string file = kTmp + "/cli_custom.json";
  Outcome t = run("trace --variant sequential --block 4 --input 3,1,4,2 --out " + file);
  ASSERT_EQ(t.status, 0) << t.output;
  EXPECT_NE(t.output.find("result 10 (reference 10)"), std::string::npos) << t.output;
  Outcome c = run("check " + file);
  ASSERT_EQ(c.status, 0) << c.output;
  EXPECT_NE(c.output.find("n=4  block=4  grid=1  input=3,1,4,2"), std::string::npos) << c.output;
  EXPECT_NE(c.output.find("stride = 2"), std::string::npos) << c.output;
  struct Case {
    std::string arguments, expected;
  };
  const Case cases[] = {
      {"--input 3,1,x", "'x' is not a number"},
      {"--input 3,,1", "'' is not a number"},
      {"--input 3,1 --n 3", "--input lists 2 values but --n is 3"},
      {"--input 3.5,1", "input value 3.5 is not an int"},
      {"--input 1e10,1", "is not an int"},
      {"--input custom", "give the values themselves"},
      {"--input nan,1", "is not a number"},
  };
  for (const Case& k : cases) {
    Outcome o = run("trace " + k.arguments + " --out " + file);
    EXPECT_EQ(o.status, 2) << k.arguments << ": " << o.output;
    EXPECT_NE(o.output.find(k.expected), std::string::npos) << k.arguments << ": " << o.output;
  }
  Outcome f = run("trace --input 0.5,-2,1e3 --type double --block 4 --out " + file);
  EXPECT_NE(f.output.find("result 998.5"), std::string::npos) << f.output;
}

TEST(Cli, ATraceOfAVariantThisBuildDoesNotKnowSaysSo) {
  std::string file = kTmp + "/cli_unknown.json";
  ASSERT_EQ(run("trace --variant sequential --block 4 --input 3,1,4,2 --out " + file).status, 0);
  std::string text;
  {
    std::ifstream in(file);
    text.assign(std::istreambuf_iterator<char>(in), {});
  }
  text.replace(text.find("\"sequential\""), 12, "\"my-kernel\"");
  {
    std::ofstream out(file);
    out << text;
  }
  Outcome c = run("check " + file);
  EXPECT_EQ(c.status, 0) << c.output;
  EXPECT_NE(c.output.find("note: variant 'my-kernel' is not in this build's catalog"),
            std::string::npos)
      << c.output;
  EXPECT_NE(c.output.find("result 10"), std::string::npos) << c.output;
}

TEST(Cli, BadArgumentsGiveOneClearLineAndFail) {
  struct Case {
    std::string arguments, expected;
  };
  const Case cases[] = {
      {"trace --variant nope --out x.json", "unknown variant 'nope'"},
      {"trace --block 0 --out x.json", "block size 0 is not supported"},
      {"trace --block 3 --out x.json", "block size 3 is not supported"},
      {"trace --block 1025 --out x.json", "block size 1025 is not supported"},
      {"trace --n 0 --out x.json", "n = 0"},
      {"trace --n 99999999999 --out x.json", "limit"},
      {"check /nonexistent/file.json", "cannot read /nonexistent/file.json"},
      {"trace --block 16", "--out is required"},
      {"trace --backend gpu --out x.json", "unknown backend 'gpu'"},
      {"trace --input uniform --out x.json", "use it with float or double, not int"},
      {"lab --variant sequential --block 96", "block size 96 is not supported"},
      {"precision --n 0", "n = 0"},
      {"precision --n 8388608", "limit"},
      {"precision --block 3", "block size 3"},
      {"trace --second-stage teleport --out x.json", "second stage 'teleport' is not one of"},
      {"trace --variant tuned --block 64 --second-stage relaunch --out x.json",
       "finishes the grid itself (last block)"},
      {"trace --variant dot-product --second-stage relaunch --out x.json", "two vectors"},
  };
  for (const Case& c : cases) {
    Outcome o = run(c.arguments);
    EXPECT_NE(o.status, 0) << c.arguments;
    EXPECT_NE(o.output.find(c.expected), std::string::npos) << c.arguments << " -> " << o.output;
  }
}

TEST(Cli, LabReportsThePlaygroundsFindingsAndWritesJson) {
  std::string file = kTmp + "/cli_lab.json";
  Outcome o = run("lab --variant bug-odd-block --block 96 --n 96 --json " + file);
  ASSERT_EQ(o.status, 0) << o.output;
  EXPECT_NE(o.output.find("0 hazards, 0 divergent barriers, 32 elements lost"), std::string::npos)
      << o.output;
  Outcome diverged = run("lab --variant bug-sync-in-branch --block 16 --n 16");
  EXPECT_EQ(diverged.status, 0);  // a finding, not a failure of the command
  EXPECT_NE(diverged.output.find("threads 0–7 wait at __syncthreads() on line"), std::string::npos)
      << diverged.output;
  std::FILE* f = std::fopen(file.c_str(), "r");
  ASSERT_NE(f, nullptr);
  std::fclose(f);
  std::string stopped = kTmp + "/cli_diverged.json";
  Outcome t = run("trace --variant bug-sync-in-branch --block 16 --n 16 --out " + stopped);
  EXPECT_EQ(t.status, 0);
  EXPECT_NE(t.output.find("no result: the run stopped at a divergent barrier"), std::string::npos)
      << t.output;
  Outcome c = run("check " + stopped);
  EXPECT_NE(c.output.find("no result: barrier divergence in block 0"), std::string::npos)
      << c.output;
}

TEST(Cli, PrecisionShowsTheSerialLoopLessAccurateThanTheTree) {
  std::string file = kTmp + "/cli_precision.json";
  Outcome o = run("precision --n 65536 --json " + file);
  ASSERT_EQ(o.status, 0) << o.output;
  EXPECT_NE(o.output.find("serial loop (one CPU thread)"), std::string::npos);
  EXPECT_NE(o.output.find("in double"), std::string::npos);
  EXPECT_NE(o.output.find("9. Kahan"), std::string::npos);
}

TEST(Cli, MalformedTraceFileIsAnErrorNotACrash) {
  std::string file = kTmp + "/cli_bad.json";
  std::FILE* f = std::fopen(file.c_str(), "w");
  std::fputs("{\"format\": \"stridescope-trace\", \"version\": 1, \"run\": {", f);
  std::fclose(f);
  Outcome o = run("check " + file);
  EXPECT_EQ(o.status, 2);
  EXPECT_NE(o.output.find("not valid JSON"), std::string::npos) << o.output;
}

// The subcommands a help text lists, as CLI11's formatter writes them from the parser's own list
// (app.get_subcommands()): the lines under "Subcommands:" that start with two spaces and a name.
std::vector<std::string> subcommands_in_help(const std::string& help) {
  std::vector<std::string> names;
  std::istringstream lines(help);
  std::string line;
  bool in_list = false;
  while (std::getline(lines, line)) {
    if (line == "Subcommands:") {
      in_list = true;
    } else if (in_list && line.size() > 2 && line.compare(0, 2, "  ") == 0 && line[2] != ' ') {
      names.push_back(line.substr(2, line.find(' ', 2) - 2));
    } else if (in_list && line.empty()) {
      in_list = false;
    }
  }
  return names;
}

// `--help` of the program and of every subcommand the parser holds, nested ones included, found by
// walking the parser's own lists: a new subcommand is covered without a line here.
TEST(Cli, HelpWorksOnEveryCommand) {
  std::vector<std::string> commands = {""}, walked;
  while (!commands.empty()) {
    std::string command = commands.back();
    commands.pop_back();
    Outcome o = run(command + " --help");
    EXPECT_EQ(o.status, 0) << command;
    std::size_t usage = o.output.find("Usage: ");
    ASSERT_NE(usage, std::string::npos) << command << ": " << o.output;
    std::string usage_line = o.output.substr(usage, o.output.find('\n', usage) - usage);
    EXPECT_NE(usage_line.find("stridescope" + (command.empty() ? "" : " " + command) + " "),
              std::string::npos)
        << usage_line;
    for (const std::string& sub : subcommands_in_help(o.output)) {
      commands.push_back(command.empty() ? sub : command + " " + sub);
    }
    walked.push_back(command);
  }
  // The walk found the parser's list: the first and last subcommands and those between them.
  EXPECT_NE(std::find(walked.begin(), walked.end(), "list"), walked.end());
  EXPECT_NE(std::find(walked.begin(), walked.end(), "exercise"), walked.end());
  EXPECT_GE(walked.size(), 12u) << "the program and its 11 subcommands";
}

}  // namespace

namespace {

TEST(Cli, BadWindowBenchAndDeviceOptionsAreClearErrors) {
  struct Case {
    std::string arguments, expected;
  };
  const Case cases[] = {
      {"--size 10x10 --screenshot x.png", "--size must look like 1600x900"},
      {"--size big --screenshot x.png", "--size must look like 1600x900"},
      {"--font-scale 9 --screenshot x.png", "--font-scale must be between 0.5 and 4"},
      {"--view graphs --screenshot x.png", "--view must be memory, grid, timing, precision"},
      {"bench --recorded --file /nonexistent/bench.json", "cannot read /nonexistent/bench.json"},
      {"device-run --block 3", "block size 3 is not supported"},
  };
  for (const Case& c : cases) {
    Outcome o = run(c.arguments);
    EXPECT_EQ(o.status, 2) << c.arguments;
    EXPECT_NE(o.output.find(c.expected), std::string::npos) << c.arguments << " -> " << o.output;
  }
  // Without a GPU (CI), a live benchmark says why it cannot run; with one, a bad block is refused.
  Outcome bench = run("bench --block 3 --max-log2 10");
  EXPECT_EQ(bench.status, 2);
  EXPECT_TRUE(bench.output.find("no CUDA") != std::string::npos ||
              bench.output.find("bench block size must be a power of two") != std::string::npos)
      << bench.output;
}

TEST(Cli, ALessonIsNamedFromTheListAndRunsAlone) {
  Outcome bad = run("--lesson nope --screenshot x.png");
  EXPECT_EQ(bad.status, 2);
  EXPECT_EQ(bad.output,
            "stridescope: error: --lesson 'nope' is not one of harris-ladder, cuda-by-example-5\n");
  Outcome mixed = run("--lesson harris-ladder --variant sequential --screenshot x.png");
  EXPECT_EQ(mixed.status, 2);
  EXPECT_EQ(mixed.output, "stridescope: error: --lesson runs its own steps: leave out --variant\n");
  Outcome with_trace = run("--lesson cuda-by-example-5 --trace t.json --screenshot x.png");
  EXPECT_EQ(with_trace.status, 2);
  EXPECT_NE(with_trace.output.find("leave out --trace"), std::string::npos) << with_trace.output;
  EXPECT_EQ(std::count(with_trace.output.begin(), with_trace.output.end(), '\n'), 1);
}

TEST(Cli, RecordedBenchmarkIsLabelledAsRecorded) {
  Outcome o = run("bench --recorded");
  ASSERT_EQ(o.status, 0) << o.output;
  EXPECT_EQ(o.output.rfind("RECORDED on NVIDIA H100", 0), 0u) << o.output.substr(0, 200);
  EXPECT_NE(o.output.find("tuned"), std::string::npos);
}

}  // namespace

namespace {

// Every error is one line, "stridescope: error: ...", and exit status 2 (README's promise).
void expect_one_error_line(const std::string& arguments, const std::string& expected) {
  Outcome o = run(arguments);
  EXPECT_EQ(o.status, 2) << arguments << " -> " << o.output;
  EXPECT_EQ(o.output.rfind("stridescope: error: ", 0), 0u) << arguments << " -> " << o.output;
  EXPECT_EQ(std::count(o.output.begin(), o.output.end(), '\n'), 1)
      << arguments << " -> " << o.output;
  EXPECT_NE(o.output.find(expected), std::string::npos) << arguments << " -> " << o.output;
}

TEST(Cli, NumbersAreDecimalWholeNumbersInRange) {
  expect_one_error_line("trace --seed -1 --out x.json", "--seed -1");
  expect_one_error_line("trace -n 010 --out x.json", "without a leading zero");
  expect_one_error_line("trace -b 064 --out x.json", "without a leading zero");
  expect_one_error_line("trace -n 12abc --out x.json", "--n 12abc");
  expect_one_error_line("trace -n 99999999999999999999999 --out x.json", "too large");
  expect_one_error_line("trace --traced-block 1.5 --out x.json", "--traced-block 1.5");
  expect_one_error_line("--size 800x600junk --screenshot x.png", "--size must look like 1600x900");
  expect_one_error_line("--size 800 --screenshot x.png", "--size must look like 1600x900");
  expect_one_error_line("--font-scale 2x --screenshot x.png", "--font-scale must be between");
  expect_one_error_line("precision -b 32", "power of two from 64 to 1024");
  Outcome zero = run("trace -n 0 --out " + kTmp + "/x.json");  // a lone 0 is a number
  EXPECT_NE(zero.output.find("n = 0: there is nothing to reduce"), std::string::npos)
      << zero.output;
}

TEST(Cli, NamesAreCheckedAndTheParsersOwnErrorsAreOneLine) {
  expect_one_error_line("trace --input sine --out x.json", "input pattern 'sine' is not one of");
  expect_one_error_line("trace --type half --out x.json", "element type 'half' is not one of");
  expect_one_error_line("trace --bogus --out x.json", "--bogus");
  expect_one_error_line("list extra", "extra");
  expect_one_error_line("frobnicate", "frobnicate");
  expect_one_error_line("--trace x.json -v nope --screenshot x.png", "leave out --variant");
  Outcome recorded = run("bench --recorded --max-log2 5");  // live-run options do not apply
  EXPECT_EQ(recorded.status, 0) << recorded.output;
}

TEST(Cli, InputFilesThatAreNotRegularFilesAreRefusedByName) {
  std::string fifo = kTmp + "/cli_fifo.json";
  std::remove(fifo.c_str());
  ASSERT_EQ(run("--help").status, 0);
  ASSERT_EQ(std::system(("mkfifo " + fifo).c_str()), 0);
  expect_one_error_line("check " + fifo, fifo + " is a FIFO, not a regular file");  // never blocks
  expect_one_error_line("check " + kTmp, kTmp + " is a directory");
  expect_one_error_line("check " + kTmp + "/no-such-file.json", "no-such-file.json");
  expect_one_error_line("bench --recorded --file " + kTmp, "is a directory");
  std::remove(fifo.c_str());
  // Over the loader's size limit (a sparse file: no disk used): refused before any reading.
  std::string huge = kTmp + "/cli_huge.json";
  ASSERT_EQ(std::system(("truncate -s 300M " + huge).c_str()), 0);
  expect_one_error_line("check " + huge, "over the limit of 256 MiB for a trace file");
  std::remove(huge.c_str());
}

TEST(Cli, TraceFieldsWithUnknownNamesAreErrorsWithTheirPath) {
  std::string file = kTmp + "/cli_names.json";
  ASSERT_EQ(run("trace --block 16 --n 16 --out " + file).status, 0);
  for (auto [field, value, path] :
       {std::tuple{"\"operator\": \"sum\"", "\"operator\": \"prod\"", "$.run.operator"},
        std::tuple{"\"input\": \"iota\"", "\"input\": \"sine\"", "$.run.input"},
        std::tuple{"\"backend\": \"emulator\"", "\"backend\": \"gpu\"", "$.run.backend"},
        std::tuple{"\"element_type\": \"int\"", "\"element_type\": \"half\"",
                   "$.run.element_type"}}) {
    std::string edited = kTmp + "/cli_names_edited.json";
    // Re-serialise with spaces so the replacement finds the field, then edit it.
    std::string command = "python3 - <<'PY'\nimport json\nt=json.load(open('" + file +
                          "'))\ns=json.dumps(t).replace('" + field + "','" + value + "')\nopen('" +
                          edited + "','w').write(s)\nPY";
    ASSERT_EQ(std::system(command.c_str()), 0);
    expect_one_error_line("check " + edited, path);
  }
}

}  // namespace

namespace stridescope {
namespace {

// --quiz-marks: written strictly, and checked against the run before a window opens.
TEST(Cli, QuizMarksAreCheckedAgainstTheRun) {
  expect_one_error_line("--quiz --quiz-marks 'words=0-3 colour=2' --screenshot x.png",
                        "--quiz-marks 'colour=2': use words=LIST");
  expect_one_error_line("--quiz --quiz-marks 'words=3-1' --screenshot x.png", "runs backwards");
  expect_one_error_line("--quiz --quiz-marks 'degree=33' --screenshot x.png", "from 1 to 32");
  expect_one_error_line("--quiz --quiz-marks 'words=1 words=2' --screenshot x.png", "words twice");
  expect_one_error_line("--quiz --compare sequential,interleaved-strided --screenshot x.png",
                        "the quiz asks about one run");
}

// Checked against the run the window makes: only a build with the GUI gets that far.
TEST(Cli, QuizMarksMustNameWordsAndThreadsOfTheRun) {
  if (run("--quiz --block 16 --quiz-marks 'words=16' --screenshot x.png")
          .output.find("has no GUI") != std::string::npos)
    GTEST_SKIP() << "this build has no GUI (STRIDESCOPE_GUI=OFF)";
  expect_one_error_line("--quiz --block 16 --quiz-marks 'words=16' --screenshot x.png",
                        "word 16 does not exist: shared memory has words 0..15");
  expect_one_error_line("--quiz --block 16 --quiz-marks 'threads=0,99' --screenshot x.png",
                        "thread 99 does not exist: the block has threads 0..15");
  expect_one_error_line("--quiz --block 16 --step 5 --quiz-marks 'words=0' --screenshot x.png",
                        "step 5 is the last");
}

// `stridescope run`'s schedule options are checked before anything is compiled.
TEST(Cli, RunScheduleOptionsAreChecked) {
  const std::string file = std::string(STRIDESCOPE_SOURCE_DIR) + "/examples/sum4.cu";
  expect_one_error_line("run " + file + " --schedule sideways",
                        "unknown --schedule 'sideways' (warps, threads, lockstep, random)");
  expect_one_error_line("run " + file + " --schedules 5000",
                        "--schedules 5000: use a whole number from 1 to 1000");
  // A seed that would change nothing is refused, not ignored.
  const std::string seed_error =
      "--seed is the seed of --schedule random (--schedules K runs seeds 1 to K)";
  expect_one_error_line("run " + file + " --seed 7", seed_error);
  expect_one_error_line("run " + file + " --schedule lockstep --seed 7", seed_error);
  expect_one_error_line("run " + file + " --schedules 3 --seed 7", seed_error);
}

// The window's --open FILE.cu takes `run`'s --launch, --traced-block, --schedule and --seed, with
// the same checks and the same error lines; they go with a program only.
TEST(Cli, TheWindowsProgramOptionsAreCheckedAsRunChecksThem) {
  const std::string file = std::string(STRIDESCOPE_SOURCE_DIR) + "/examples/matmul.cu";
  const std::pair<std::string, std::string> bad[] = {
      {"--launch x", "--launch x: use a whole number from 0 to 4294967295"},
      {"--launch 03", "--launch 03: write it in decimal without a leading zero"},
      {"--traced-block -1", "--traced-block -1: use a whole number from 0 to 4294967295"},
      {"--schedule sideways", "unknown --schedule 'sideways' (warps, threads, lockstep, random)"},
      {"--schedule random --seed 1e3", "--seed 1e3: use a whole number"}};
  for (const auto& [options, message] : bad) {
    expect_one_error_line("run " + file + " " + options, message);
    expect_one_error_line("--open " + file + " " + options + " --screenshot x.png", message);
  }
  expect_one_error_line("--launch 1 --screenshot x.png",
                        "--launch and --schedule choose what to trace of a program: give --open "
                        "FILE.cu");
  expect_one_error_line("--trace t.json --schedule lockstep --screenshot x.png",
                        "give --open FILE.cu");
  expect_one_error_line("--open t.json --traced-block 2 --screenshot x.png",
                        "--open opens a file: leave out --traced-block");
  expect_one_error_line("--open " + file + " --variant sequential --screenshot x.png",
                        "--open opens a file: leave out --variant");
}

TEST(QuizMarks, ListsRangesAndTheDegree) {
  PredictionMarks m = parse_quiz_marks("words=0-2,7  threads=5 degree=4");
  EXPECT_EQ(m.words, (std::set<unsigned>{0, 1, 2, 7}));
  EXPECT_EQ(m.threads, (std::set<unsigned>{5}));
  EXPECT_EQ(m.degree, 4u);
  EXPECT_THROW(parse_quiz_marks(""), CliError);
  EXPECT_THROW(parse_quiz_marks("words="), CliError);
  EXPECT_THROW(parse_quiz_marks("words=1,"), CliError);
  EXPECT_THROW(parse_quiz_marks("threads=-1"), CliError);
}

}  // namespace
}  // namespace stridescope
