// `stridescope run FILE.cu`: find the launches, rewrite, compile instrumented, run with limits,
// trace. The steps live in their own files: program_parse (clang's AST), child_process (limits),
// raw_trace (the runtime's record -> a trace).
#include "program/own_program.h"

#include <chrono>
#include <csignal>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <optional>
#include <regex>
#include <sstream>

#include "core/elapsed.h"
#include "core/format.h"
#include "core/json_shape.h"
#include "program/build/header_pch.h"
#include "program/build/launch_main.h"
#include "program/build/program_build.h"
#include "program/build/runtime_paths.h"
#include "program/process/child_process.h"
#include "program/process/work_dir.h"
#include "program/read/program_parse.h"
#include "program/read/shared_types.h"
#include "program/record/program_symbols.h"
#include "program/record/raw_record.h"
#include "program/record/raw_trace.h"
#include "trace/trace_consistency.h"

namespace stridescope {

namespace fs = std::filesystem;

namespace {

struct Tools {
  std::string clang, symbolizer;
};

Tools find_tools() {
  Tools t{find_tool({"clang++-14", "clang++"}),
          find_tool({"llvm-symbolizer-14", "llvm-symbolizer"})};
  if (t.clang.empty())
    throw OwnProgramError("clang++ not found (install clang-14: scripts/install-deps.sh)");
  if (t.symbolizer.empty()) throw OwnProgramError("llvm-symbolizer not found (install llvm-14)");
  return t;
}

// A construct the runtime cannot run, as an error naming its place.
OwnProgramError unsupported_error(const UnsupportedUse& u, const fs::path& file) {
  return OwnProgramError((u.file.empty() ? file.string() : u.file) + ":" + std::to_string(u.line) +
                         ": error: " + u.feature +
                         " is not supported by stridescope run; nvcc runs it\n");
}

// Whether C++ source text defines `int main(`.
bool defines_main(const std::string& source) {
  static const std::regex main_definition(R"((^|[^A-Za-z0-9_])int\s+main\s*\()");
  return std::regex_search(source, main_definition);
}

// The user's -I folders made absolute (from the current folder, as nvcc reads them).
CompileFlags compile_flags(const OwnRunOptions& options) {
  CompileFlags flags;
  for (const std::string& d : options.include_dirs)
    flags.include_dirs.push_back(fs::absolute(d).lexically_normal().string());
  flags.defines = options.defines;
  return flags;
}

// The flags a .cu file is read with: as it is compiled (program_build.cpp), without the checked
// memset and memcpy where it declares its own.
CompileFlags flags_to_read(const CompileFlags& flags, const fs::path& file) {
  CompileFlags out = flags;
  if (file_declares_memory_functions(file)) out.defines.push_back("STRIDESCOPE_NO_MEMORY_MACROS");
  return out;
}

// Steps 1 and 2: find the launches with clang's CUDA parser, then rewrite, compile (every load and
// store instrumented) and link (program/build/program_build.h).
fs::path read_and_build(const OwnRunOptions& options, const fs::path& file, const fs::path& dir,
                        const Tools& tools, OwnRunTimings& timings, ElementType& element,
                        ProgramFacts& facts_out) {
  auto t0 = std::chrono::steady_clock::now();
  const CompileFlags flags = compile_flags(options);
  if (!options.harness_main.empty() && defines_main(read_file(file)))
    throw OwnProgramError(options.file +
                          " defines main(): an exercise's file holds its kernels (and device "
                          "functions) only; the exercise runs them\n");
  // The file as the user named it: clang's messages say its name as nvcc's would.
  const ProgramFacts& facts = facts_out =
      parse_program(options.file, tools.clang, flags_to_read(flags, file), options.harness_main);
  if (!facts.unsupported.empty()) throw unsupported_error(facts.unsupported.front(), file);
  std::vector<std::string> shared_types;
  for (const SharedDecl& d : facts.shared) shared_types.push_back(d.type);
  BuildRequest request;
  request.file = file;
  request.as_given = options.file;
  for (const std::string& h : options.host_sources) {
    if (!fs::is_regular_file(h)) throw OwnProgramError("no such file: " + h);
    const fs::path path = fs::absolute(h).lexically_normal();
    if (path.extension() != ".cu") {
      request.host_sources.push_back(path);
      continue;
    }
    // Another .cu file: read as the first was; its kernels, launches and shared arrays join.
    DeviceSource more{path, h, parse_program(h, tools.clang, flags_to_read(flags, path))};
    if (!more.facts.unsupported.empty())
      throw unsupported_error(more.facts.unsupported.front(), path);
    for (const std::string& w : more.facts.warnings) facts_out.warnings.push_back(w);
    for (const SharedDecl& d : more.facts.shared) shared_types.push_back(d.type);
    facts_out.has_main = facts_out.has_main || more.facts.has_main;
    request.more_device_sources.push_back(std::move(more));
  }
  std::string note;
  element = shared_element_type(shared_types, &note);
  if (!note.empty()) facts_out.warnings.push_back(note);
  request.flags = flags;
  request.unoptimized = options.unoptimized;
  // main() in a host .cpp file of the program (cuda-samples' reduction.cpp): the .cu file is not
  // a file of kernels only.
  for (const fs::path& h : request.host_sources)
    facts_out.has_main = facts_out.has_main || defines_main(read_file(h));
  if (!options.harness_main.empty()) {
    request.appended_source = options.harness_main;
  } else {
    request.main_text =
        main_for_launch(options.file, facts, options.launch_spec, options.fallback_launch_spec);
  }
  timings.parse_s = seconds_since(t0);
  BuildTimes times;
  const fs::path program = build_program(request, facts, dir, tools.clang, times);
  timings.compile_s = times.compile_s;
  for (const DeviceSource& more : request.more_device_sources)  // their arrays' names and shapes
    facts_out.shared.insert(facts_out.shared.end(), more.facts.shared.begin(),
                            more.facts.shared.end());
  return program;
}

// Why a run's record cannot be read: the full disk that cut it, or else the program's doing.
std::string not_the_runtimes_record(const std::string& problem, const fs::path& dir) {
  if (const std::string full = full_disk_note(dir); !full.empty()) return full;
  return "the run's record (raw.json) is not one the runtime writes: " + problem +
         " (did the program write over it?)";
}

// The run's record, if the program's run left one, checked as the readers need it (a record the
// program wrote over, a full disk's cut one: none, and `failure` says why, unless it says already).
std::optional<RawRecord> read_record(const fs::path& path, std::uint64_t limit,
                                     std::string& failure) {
  std::error_code no_record;
  if (!fs::exists(fs::symlink_status(path, no_record))) return std::nullopt;
  const std::string text = read_what_it_left(path, limit, failure);
  std::optional<std::string> problem = json_shape_problem(text);
  nlohmann::json raw = problem ? nlohmann::json() : nlohmann::json::parse(text, nullptr, false);
  if (problem) {
    problem = "its JSON " + *problem;
  } else if (raw.is_discarded()) {
    problem = "not valid JSON";
  } else {
    try {
      return raw_record_of(raw);
    } catch (const RawRecordError& e) {
      problem = e.what();
    }
  }
  // The runtime writes it whole at the program's end; anything else is the program's doing, a
  // full disk, or a run stopped while it wrote (then its ending is the failure already).
  if (failure.empty()) failure = not_the_runtimes_record(*problem, path.parent_path());
  return std::nullopt;
}

// Step 3: the program in a child process with limits; its raw record, if it wrote one.
std::optional<RawRecord> run_program(const fs::path& program, const fs::path& dir,
                                     const OwnRunOptions& options, ElementType element,
                                     bool alignment_checks, OwnRunResult& result) {
  auto t0 = std::chrono::steady_clock::now();
  const fs::path raw_path = dir / "raw.json";
  // A run before this one in the same folder (--schedules, --keep) left its record: a run that
  // writes none must not be read as that one.
  std::error_code ignored;
  fs::remove(raw_path, ignored);
  char limit[32];
  std::snprintf(limit, sizeof limit, "%g", options.time_limit_s);
  std::vector<std::string> env{
      "STRIDESCOPE_RAW=" + raw_path.string(),
      "STRIDESCOPE_LAUNCH=" + std::to_string(options.launch),
      "STRIDESCOPE_TRACED_BLOCK=" + std::to_string(options.traced_block),
      std::string("STRIDESCOPE_WORD_SIZE=") + (element == ElementType::Double ? "8" : "4"),
      "STRIDESCOPE_SCHEDULE=" + std::string(name_of(options.schedule)) +
          (options.schedule == ThreadSchedule::Random ? ":" + std::to_string(options.seed)
                                                      : std::string()),
      std::string("STRIDESCOPE_TIME_LIMIT=") + limit};
  if (options.workers > 0) env.push_back("STRIDESCOPE_WORKERS=" + std::to_string(options.workers));
  if (!alignment_checks) env.push_back("STRIDESCOPE_ALIGNMENT_CHECKS=0");
  std::vector<std::string> argv{program.string()};
  argv.insert(argv.end(), options.args.begin(), options.args.end());
  // The runtime stops the program at its time limit, saying how far it got; these limits are the
  // backstop (CPU time for every core the runtime may use, then 10 s more of wall clock).
  const auto cpu = unsigned(options.time_limit_s * 8 + 10);
  const auto wall = unsigned(options.time_limit_s + 10);
  // argv[0] as a program built from FILE.cu and run from its folder would see it: ./FILE.
  const std::string shown = "./" + fs::path(options.file).stem().string();
  // 8 GiB of address space for each process (faults.cpp says so at a std::bad_alloc), and of
  // resident memory for them all together.
  const Limits limits{cpu,  8ull << 30,         options.file_limit_bytes,
                      wall, Isolation::Program, 8ull << 30};
  result.exit_code =
      run_process(argv, dir / "program.out", dir / "program.err", env, limits, {}, shown);
  result.timings.run_s = seconds_since(t0);
  give_back(dir);  // the folder as it was, whatever the program did to its permissions
  result.failure = ending_text(result.exit_code, limits, "the program");
  result.output = read_what_it_left(dir / "program.out", limits.file_bytes, result.failure);
  result.errors = read_what_it_left(dir / "program.err", limits.file_bytes, result.failure);
  if (std::string full = full_disk_note(dir); !full.empty()) {  // nothing more can be written
    if (result.failure.empty()) result.failure = std::move(full);
    return std::nullopt;
  }
  std::optional<RawRecord> raw = read_record(raw_path, limits.file_bytes, result.failure);
  if (!raw) return std::nullopt;
  if (raw->started_only) {  // the runtime's first word, not its last
    if (result.failure.empty())
      result.failure =
          "the program ended without running its exit handlers (an _exit()?), or left its run's "
          "folder unwritable: the runtime could not write what it recorded";
    return std::nullopt;
  }
  // What the runtime stopped it for, or why it traced nothing: on one line, whatever the program
  // put in it (an exception's message, a record it wrote itself).
  if (raw->error) result.failure = one_line_text(*raw->error);
  if (raw->untraced) result.untraced = one_line_text(*raw->untraced);
  result.shared_accesses = raw->shared_accesses;
  return raw;
}

}  // namespace

namespace {

// Two runs that stopped alike: the same words (an out-of-bounds write, a segmentation fault) at
// the same line. Which thread and index met it first depends on the thread order, not on a race.
bool same_failure(const std::string& a, const std::string& b) {
  if (a == b) return true;
  const std::size_t at_a = a.rfind(" at "), at_b = b.rfind(" at ");
  if (at_a == std::string::npos || at_b == std::string::npos) return false;
  const auto kind = [](const std::string& s) {
    return s.substr(0, s.find_first_of("[0123456789"));
  };
  return a.substr(at_a) == b.substr(at_b) && kind(a) == kind(b);
}

}  // namespace

ScheduleReport compare_schedules(const OwnRunOptions& options, unsigned schedules) {
  const BuiltProgram built(options);
  OwnRunOptions run = options;
  run.launch = UINT32_MAX;  // nothing traced
  ScheduleReport report;
  for (unsigned k = 0; k <= schedules; ++k) {
    run.schedule = k == 0 ? ThreadSchedule::Warps : ThreadSchedule::Random;
    run.seed = k;
    const OwnRunResult r = built.run(run);
    ScheduleRun got{k, r.output, r.failure};
    if (k == 0) {
      report.reference = got;
      continue;
    }
    ++report.runs;
    if (got.output != report.reference.output ||
        !same_failure(got.failure, report.reference.failure))
      report.differing.push_back(std::move(got));
  }
  return report;
}

BuiltProgram::BuiltProgram(const OwnRunOptions& options) {
  const Tools tools = find_tools();
  symbolizer_ = tools.symbolizer;
  file_ = fs::absolute(options.file);
  if (!fs::is_regular_file(file_)) throw OwnProgramError("no such file: " + options.file);
  work_ = std::make_unique<WorkDir>(options.work_dir, "run");
  program_ = read_and_build(options, file_, work_->path(), tools, timings_, element_, facts_);
  packed_ = file_packs_structs(file_);
  // What every run's trace is made with, gathered once: the file's lines, the declarations, a
  // launch spec's arrays (each run's record lists the shared variables' places).
  gathered_.file = file_;
  gathered_.source = source_of(file_);
  gathered_.decls = facts_.shared;
  gathered_.made_buffers =
      spec_buffers(options.file, facts_, options.launch_spec, options.fallback_launch_spec);
  gathered_.element = element_;
}

BuiltProgram::~BuiltProgram() = default;

namespace {

// Blocks in the traced launch of a raw record.
std::uint64_t grid_blocks(const RawRecord& raw) {
  const RawDims& grid = raw.grid.value();  // (a traced run's: raw_record_check.h)
  return grid[0] * grid[1] * grid[2];
}

}  // namespace

OwnRunResult BuiltProgram::run(const OwnRunOptions& options) const {
  const fs::path& dir = work_->path();
  OwnRunResult result;
  result.timings = timings_;
  result.warnings = facts_.warnings;
  const std::optional<RawRecord> raw =
      run_program(program_, dir, options, element_, !packed_, result);
  if (!raw) return result;
  result.launches = raw->launches.size();
  const bool traced = raw->traced_run();
  const bool races = !raw->global_races.empty() || !raw->unwritten_reads.empty();
  TraceInputs in = gathered_;
  in.symbols = record_shared_symbols(*raw);
  std::map<std::uint64_t, std::string> elsewhere;  // places outside the file (source_lines)
  if (traced || races || raw->fault_pc) {
    // The lines of every address the record names: one llvm-symbolizer run.
    auto t0 = std::chrono::steady_clock::now();
    SourceLines found =
        source_lines(*raw, program_, dir, symbolizer_, file_, runtime_include_dir());
    in.lines = std::move(found.lines);
    elsewhere = std::move(found.elsewhere);
    result.timings.symbolize_s = seconds_since(t0);
  }
  result.reports = raw_results(*raw, in.lines);
  if (!traced && !raw->fault_pc) return result;
  if (raw->fault_pc) {  // a fault in the user's code: name its place
    const std::uint64_t pc = *raw->fault_pc;
    if (const int line = line_at(in.lines, pc); line > 0) {
      result.failure += " at " + file_.filename().string() + ":" + std::to_string(line);
    } else if (const auto place = elsewhere.find(pc); place != elsewhere.end()) {
      result.failure += " at " + place->second;  // a header of the user's, or an intrinsic's caller
    }
  }
  if (!traced) return result;
  if (const std::uint64_t blocks = grid_blocks(*raw); options.traced_block >= blocks) {
    // the runtime ran it, but no block was traced
    result.failure = "launch " + std::to_string(options.launch) + " has " + std::to_string(blocks) +
                     (blocks == 1 ? " block" : " blocks") + " (0-" + std::to_string(blocks - 1) +
                     "): there is no block " + std::to_string(options.traced_block) + " to trace";
    return result;
  }
  in.traced_launch = options.launch;
  in.traced_block = options.traced_block;
  result.trace = trace_of_raw(*raw, in);  // built once, whole
  if (std::optional<std::string> problem = first_inconsistency(result.trace)) {
    result.failure = not_the_runtimes_record(*problem, dir);
    result.trace = Trace();
    return result;
  }
  result.traced = true;
  return result;
}

OwnRunResult run_own_program(const OwnRunOptions& options) {
  return BuiltProgram(options).run(options);
}

std::string untraced_reason(const OwnRunResult& r, const OwnRunOptions& options) {
  if (!r.failure.empty()) return r.failure;
  if (!r.untraced.empty()) return r.untraced;
  if (r.exit_code != 0) return "the program stopped with status " + std::to_string(r.exit_code);
  return "the program made no launch " + std::to_string(options.launch) + " (nothing traced)";
}

}  // namespace stridescope
