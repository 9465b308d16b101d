// The command-line sweep (issue 26): bad and odd command lines over every subcommand, the list of
// subcommands and their options read from the parser's own --help. Each ends with status 0 or 2,
// and on 2 with exactly one stderr line, "stridescope: error: ...": never a crash, a hang, a
// second line or another status.
#include <gtest/gtest.h>

#include <sys/stat.h>

#include <cctype>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "run_command.h"

namespace {

using stridescope::test_support::run_split;
using stridescope::test_support::Split;

const std::string kTmp = STRIDESCOPE_TEST_TMP;
const std::string kBinary = STRIDESCOPE_BINARY;
const std::string kSum4 = std::string(STRIDESCOPE_SOURCE_DIR) + "/examples/sum4.cu";
const std::string kDir = kTmp + "/sweep";  // the commands' folder, and their odd files

// No display (a window can never open and wait), settings and progress in the sweep's folder, and
// a deadline: a hang shows as status 124.
Split stridescope(const std::string& arguments) {
  return run_split(
      "cd " + kDir + " && env -u DISPLAY -u WAYLAND_DISPLAY STRIDESCOPE_DATA_DIR=" + kDir +
      "/data XDG_CONFIG_HOME=" + kDir + "/config timeout 120 " + kBinary + " " + arguments);
}

// One option of a command's --help: its name and the type of its value ("" for a switch).
struct OptionHelp {
  std::string name, type;
};

// The options a command's --help lists ("" is the window's), without --help.
std::vector<OptionHelp> options_of(const std::string& command) {
  std::istringstream help(stridescope(command + " --help").out);
  std::vector<OptionHelp> options;
  bool in_options = false;
  for (std::string line; std::getline(help, line);) {
    if (line.starts_with("Options:")) in_options = true;
    if (line.starts_with("Subcommands:") || line.starts_with("Positionals:")) in_options = false;
    if (!in_options || !line.starts_with("  -")) continue;
    std::istringstream words(line);
    std::string names, type;
    words >> names >> type;
    std::string name = names.substr(names.rfind(',') + 1);
    if (name == "--help") continue;
    options.push_back({name, std::isupper(static_cast<unsigned char>(type[0])) ? type : ""});
  }
  return options;
}

// The subcommands `stridescope --help` lists.
std::vector<std::string> subcommands() {
  std::istringstream help(stridescope("--help").out);
  std::vector<std::string> names;
  bool in_list = false;
  for (std::string line; std::getline(help, line);) {
    if (line.starts_with("Subcommands:")) in_list = true;
    std::istringstream words(line);
    std::string name;
    if (in_list && line.starts_with("  ") && words >> name) names.push_back(name);
  }
  return names;
}

// A command line each subcommand accepts (or fails on for want of a display or a GPU), to which
// one bad option is added.
std::map<std::string, std::string> bases() {
  return {{"", "--block 16"},
          {"list", "list"},
          {"trace", "trace --out /dev/null"},
          {"check", "check valid.json"},
          {"diff", "diff valid.json valid.json"},
          {"lab", "lab"},
          {"precision", "precision --n 1024"},
          {"bench", "bench"},
          {"device-run", "device-run"},
          {"export", "export --out sweep.gif"},
          {"run", "run " + kSum4},
          {"exercise", "exercise list"}};
}

// For every option of every command: its value left out, and for a number -1 and x; a switch
// given a value that is not one.
std::vector<std::string> lines_from_the_parser() {
  std::vector<std::string> lines;
  for (const auto& [command, base] : bases()) {
    for (const OptionHelp& o : options_of(command)) {
      if (o.type.empty()) {
        lines.push_back(base + " " + o.name + "=maybe");
        continue;
      }
      lines.push_back(base + " " + o.name);  // the value missing
      if (o.type == "UINT" || o.type == "FLOAT" || o.type == "N" || o.type == "K" ||
          o.type == "SECONDS") {
        lines.push_back(base + " " + o.name + " -1");
        lines.push_back(base + " " + o.name + " x");
      }
    }
  }
  return lines;
}

// The odd files the table names: a trace, broken traces, a directory, a FIFO, an unreadable file.
void make_files() {
  std::filesystem::remove_all(kDir);
  std::filesystem::create_directories(kDir + "/folder");
  ASSERT_EQ(stridescope("trace --block 16 --out valid.json").status, 0);
  std::ifstream in(kDir + "/valid.json");
  const std::string valid{std::istreambuf_iterator<char>(in), {}};
  auto write = [](const std::string& name, const std::string& text) {
    std::ofstream(kDir + "/" + name, std::ios::binary) << text;
  };
  write("empty.json", "");
  write("truncated.json", valid.substr(0, valid.size() / 2));
  write("garbage.json", std::string("\x89PNG\r\n\x1a\n\0\0\xff\xfe", 12));
  write("array.json", "[1, 2, 3]");
  write("other.json", "{\"format\": \"something-else\", \"version\": 1}");
  std::string future = valid, deep(200000, '[');
  future.replace(future.find("\"version\":") + 10, 1, "99");
  write("future.json", future);
  write("deep.json", deep + std::string(200000, ']'));
  std::string huge = valid;
  huge.replace(huge.find("\"block_size\":") + 13, 2, "1e300");
  write("huge.json", huge);
  write("unreadable.json", valid);
  ::chmod((kDir + "/unreadable.json").c_str(), 0);  // root reads it all the same: 0 or 2
  ASSERT_EQ(std::system(("mkfifo " + kDir + "/fifo.json").c_str()), 0);
}

// Written for people: each kind of mistake the issue names, over every subcommand.
std::vector<std::string> lines_by_hand() {
  const std::string s = "run " + kSum4;
  return {
      // the window
      "--size 0x0", "--size 99999x99999", "--size -5x10", "--font-scale nan", "--font-scale inf",
      "--step 99999999999999999999", "--view nowhere", "--lesson nope", "--compare sequential",
      "--compare a,b,c,d,e", "--compare sequential,nope", "--trace missing.json", "--trace folder",
      "--trace /dev/zero", "--trace empty.json", "--open notes.txt", "--open missing.cu",
      "--open folder", "--compare-traces valid.json", "--compare-traces valid.json,missing.json",
      "--exercise nope", "--exercise-file x.cu", "--show-failure", "--screenshot /dev/full",
      "--screenshot folder", "--quiz-marks words=1",
      "--quiz --compare sequential,interleaved-strided", "--launch 1", "--block 16",
      "--variant bug-odd-block --block 100", "frobnicate", "--bogus",
      // trace
      "trace", "trace --out folder", "trace --out /dev/full", "trace --out nowhere/t.json",
      "trace --block 0 --out t.json", "trace --block 3 --out t.json",
      "trace --block 1025 --out t.json", "trace --block 100 --out t.json",
      "trace --variant bug-odd-block --block 100 --out t.json", "trace -n 0 --out t.json",
      "trace -n 4194305 --out t.json", "trace --input 1,2,x --out t.json",
      "trace --type half --out t.json", "trace --backend cuda --out t.json",
      "trace --backend recorded --out t.json", "trace --variant '' --out t.json",
      "trace --variant tuned --block 64 --second-stage relaunch --out t.json",
      // check
      "check", "check missing.json", "check folder", "check /dev/null", "check /dev/zero",
      "check fifo.json", "check empty.json", "check truncated.json", "check garbage.json",
      "check array.json", "check other.json", "check future.json", "check deep.json",
      "check huge.json", "check unreadable.json", "check valid.json", "check valid.json extra",
      // diff
      "diff valid.json", "diff valid.json missing.json", "diff valid.json folder",
      "diff valid.json truncated.json", "diff /dev/null valid.json", "diff valid.json valid.json",
      // lab
      "lab --json /dev/full", "lab --json folder", "lab --variant nope", "lab --block 1",
      "lab --variant bug-odd-block --block 100 --n 100",
      // precision
      "precision --n 0", "precision --n 4194305", "precision --block 32", "precision --block 2048",
      "precision --n 1024 --json /dev/full", "precision --n 1024 --json folder",
      "precision --seed 18446744073709551616",
      // bench
      "bench", "bench --recorded --file missing.json", "bench --recorded --file folder",
      "bench --recorded --file /dev/zero", "bench --recorded --file empty.json",
      "bench --recorded --file garbage.json", "bench --recorded --file valid.json",
      "bench --recorded --json /dev/full", "bench --recorded --json folder", "bench --max-log2 5",
      "bench --max-log2 31", "bench --repeats 0",
      // device-run
      "device-run --block 3", "device-run --variant nope", "device-run -n 0",
      // export
      "export", "export --format webm --out x.gif", "export --fps 0 --out x.gif",
      "export --fps 51 --out x.gif", "export --seconds-per-step 0 --out x.gif",
      "export --seconds-per-step nan --out x.gif", "export --out folder", "export --out /dev/full",
      "export --size 10x10 --out x.gif", "export --lesson nope --out x.gif",
      "export --trace missing.json --out x.gif", "export --compare x --out x.gif",
      // run
      "run", "run missing.cu", "run folder", "run /dev/null", "run /dev/zero", "run fifo.json",
      s + " --schedules -1", s + " --schedules 1001", s + " --schedules 3 --out x.json",
      s + " --keep /dev/full", s + " --keep " + kSum4, s + " --out folder", s + " --out /dev/full",
      s + " --backend cuda", s + " --backend x", s + " --time-limit 0", s + " --workers 65",
      s + " --launch -1", s + " --launch 99", s + " --traced-block 99", s + " --schedule sideways",
      s + " --seed 7", s + " missing.cpp", s + " --launch 'k<<<1,1>>>('",
      // exercise
      "exercise", "exercise nope", "exercise start", "exercise start nope",
      "exercise start sum4 --dir /dev/full", "exercise check sum4",
      "exercise check sum4 missing.cu", "exercise check sum4 folder", "exercise hint sum4 0",
      "exercise hint sum4 4", "exercise hint sum4 x", "exercise solution nope",
      // list
      "list extra", "list --bogus"};
}

// The first word of a command line: its subcommand ("" for the window's options).
std::string subcommand_of(const std::string& line, const std::vector<std::string>& names) {
  const std::string first = line.substr(0, line.find(' '));
  for (const std::string& n : names)
    if (n == first) return n;
  return "";
}

// Every command with its output on a full device, and with stdout closed: what it would have
// printed is lost, so it says so in one error line; only a command that prints nothing may end 0.
// (Part of the sweep's test: both use the sweep's folder, and ctest runs tests at once.)
void expect_lost_output_said() {
  std::vector<std::string> lines;
  for (const auto& [command, base] : bases()) lines.push_back(base);
  for (const char* more : {"--help", "run --help", "exercise hint sum4 1", "exercise show sum4",
                           "exercise start sum4 --dir started", "quiz-marks --help"})
    lines.push_back(more);
  int lost = 0;
  for (const std::string& line : lines) {
    const Split normal = stridescope(line);
    for (const char* redirect : {" >/dev/full", " >&-"}) {
      const Split s = stridescope(line + redirect);
      if (s.one_error_line()) {
        lost += s.err.find("cannot write standard output") != std::string::npos;
        continue;
      }
      EXPECT_TRUE(s.status == 0 && normal.out.empty()) << line << redirect << ": " << s.said();
    }
  }
  EXPECT_GE(lost, 20) << "most commands print something";
}

TEST(CliSweep, EveryOddCommandLineEndsWithStatusZeroOrOneErrorLine) {
  make_files();
  const std::vector<std::string> names = subcommands();
  ASSERT_GE(names.size(), 10u) << "the subcommands, read from --help";
  std::vector<std::string> lines = lines_by_hand();
  std::map<std::string, int> by_hand;
  for (const std::string& line : lines) ++by_hand[subcommand_of(line, names)];
  for (const std::string& name : names) {
    EXPECT_GE(by_hand[name], 2) << "no odd command lines by hand for `" << name << "`";
    EXPECT_TRUE(bases().count(name)) << "no base command line for `" << name << "`";
  }
  const std::vector<std::string> derived = lines_from_the_parser();
  lines.insert(lines.end(), derived.begin(), derived.end());
  EXPECT_GE(lines.size(), 250u);
  int errors = 0;
  for (const std::string& line : lines) {
    const Split s = stridescope(line);
    if (s.status == 2) {
      ++errors;
      EXPECT_TRUE(s.one_error_line()) << line << ": " << s.said();
    } else {
      EXPECT_EQ(s.status, 0) << line << ": " << s.said();
    }
  }
  EXPECT_GE(errors, static_cast<int>(lines.size()) - 20) << "nearly every line is a mistake";
  std::printf(
      "sweep: %zu command lines (%zu by hand, %zu from --help), %d ended with one error line\n",
      lines.size(), lines.size() - derived.size(), derived.size(), errors);
  std::filesystem::remove(kDir + "/fifo.json");
  expect_lost_output_said();
}

}  // namespace
