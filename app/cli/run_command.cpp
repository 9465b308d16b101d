// `stridescope run FILE.cu` on the command line: the program's output, the trace written, a summary
// line; `--schedules K`: the outputs of K random thread orders against the reference's.
#include "cli/run_command.h"

#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <ostream>
#include <sstream>
#include <stdexcept>

#include "analysis/additions.h"
#include "core/error_line.h"
#include "core/files.h"
#include "core/format.h"
#include "model/global_memory_text.h"
#include "trace/array_names.h"
#include "trace/trace_json.h"
#include "trace/word_types.h"

namespace stridescope {

namespace fs = std::filesystem;

namespace {
// Races in global memory (every launch, every block, found whatever order the blocks ran in):
// up to three sentences, then how many more.
void warn_global_races(const std::vector<GlobalRace>& races, std::ostream& err) {
  for (std::size_t i = 0; i < races.size() && i < 3; ++i)
    err << "stridescope: warning: a race in global memory: " << race_sentence(races[i]) << "\n";
  if (races.size() > 3)
    err << "stridescope: warning: " << races.size() - 3
        << " more races in global memory at other lines\n";
}

void warn_unwritten_reads(const std::vector<UnwrittenGlobalRead>& reads, std::ostream& err) {
  for (std::size_t i = 0; i < reads.size() && i < 3; ++i)
    err << "stridescope: warning: a read of uninitialized memory: "
        << unwritten_read_sentence(reads[i]) << "\n";
  if (reads.size() > 3)
    err << "stridescope: warning: " << reads.size() - 3
        << " more reads of uninitialized memory at other lines\n";
}

// The end of `run`'s summary line: what the traced block left, said as what it is.
std::string block_result_sentence(const Trace& trace) {
  std::ostringstream s;
  const std::string word0 = value_text(trace.blocks.front().partial);
  if (trace.shared_words == 0) {
    s << "no shared memory";
  } else if (trace.result_in_word0) {
    s << "block result " << word0;
  } else if (double_halves_at_word0(trace)) {  // no block's result is read from half an element
    s << word_name(trace.arrays, 0) << " (" << two_word_element(trace.arrays, 0) << ") at exit "
      << word0;
  } else if (thread0_reads_its_result_elsewhere(trace.blocks.front(), trace.word_size,
                                                trace.arrays)) {
    s << word_name(trace.arrays, 0) << " at exit " << word0
      << " (not the block's result: thread 0 writes out a word of another array)";
  } else if (trace.passes.empty()) {
    s << "shared word 0 at exit " << word0
      << " (blocks' results are kept for grids of up to 16,384 blocks and 4 MiB of shared memory)";
  } else {
    s << "shared word 0 at exit (not a sum) " << word0;
  }
  return s.str();
}

}  // namespace

void check_run_files(const OwnRunOptions& options, const std::string& out_path) {
  check_input_file(options.file, "CUDA file (.cu)");
  for (const std::string& source : options.host_sources)
    check_input_file(source, "source file (.cu, .cpp)");
  if (const std::string& keep = options.work_dir; !keep.empty()) {
    std::error_code error;
    if (fs::exists(keep, error) && !fs::is_directory(keep, error))
      throw std::runtime_error("--keep " + keep + ": not a folder");
    fs::create_directories(keep, error);
    if (error) throw std::runtime_error("--keep " + keep + ": cannot make it: " + error.message());
    if (::access(keep.c_str(), W_OK | X_OK) != 0)
      throw std::runtime_error("--keep " + keep + ": cannot write in it: " + std::strerror(errno));
  }
  if (!out_path.empty()) check_output_file(out_path);
}

namespace {

// Why a file was not run: clang's messages as clang printed them, then our line; a reason of ours
// (no clang, a bad file) in that one line.
void report_not_run(std::string why, const std::string& file, std::ostream& err) {
  while (!why.empty() && why.back() == '\n') why.pop_back();
  const bool compiler_said = why.find('\n') != std::string::npos ||
                             why.find(": error: ") != std::string::npos ||
                             why.find(": warning: ") != std::string::npos;
  if (compiler_said) {
    err << why << "\n" << error_line(file + " was not run");
  } else {
    err << error_line((why.empty() ? "it could not be built" : why) + " (" + file +
                      " was not run)");
  }
}

}  // namespace

int command_run(const OwnRunOptions& options, const std::string& out_path, bool timings,
                std::ostream& out, std::ostream& err) {
  OwnRunResult r;
  try {
    r = run_own_program(options);
  } catch (const OwnProgramError& e) {
    report_not_run(e.what(), options.file, err);
    return 2;
  }
  for (const std::string& w : r.warnings) err << w << "\n";
  out << r.output;
  if (!r.output.empty() && r.output.back() != '\n') out << "\n";  // our lines start their own
  err << r.errors;
  warn_global_races(r.reports.races, err);
  warn_unwritten_reads(r.reports.unwritten_reads, err);
  if (r.failure.empty() && !r.traced && r.launches == 0) {  // a program that launches nothing
    out << "(no kernel launch: nothing to trace)\n";
    return r.exit_code;
  }
  if (r.failure.empty() && !r.untraced.empty()) {  // the program ran; its block was too large
    err << "stridescope: note: " << r.untraced << "; no trace written\n";
    return r.exit_code;
  }
  if (!r.failure.empty() || !r.traced) {
    const bool launched = !r.failure.empty() || r.exit_code != 0;
    err << error_line(untraced_reason(r, options) + (launched ? "; no trace written" : ""));
    return 2;
  }
  if (!out_path.empty()) save_trace(r.trace, out_path);
  const BlockTrace& b = r.trace.blocks.front();
  out << (out_path.empty() ? std::string("traced") : "wrote " + out_path + ":") << " "
      << b.steps.size() << (b.steps.size() == 1 ? " step" : " steps") << " of block " << b.block
      << " of launch " << options.launch << ", " << r.shared_accesses << " shared accesses, "
      << block_result_sentence(r.trace) << "\n";
  if (r.trace.arrays.size() > 1 ||
      (r.trace.arrays.size() == 1 && r.trace.arrays[0].dims.size() > 1)) {
    out << "shared arrays:";
    for (const SharedArray& a : r.trace.arrays) {
      out << " " << a.name;
      for (std::uint32_t d : a.dims) out << "[" << d << "]";
      out << " at word " << a.first_word;
      if (&a != &r.trace.arrays.back()) out << ",";
    }
    out << "\n";
  }
  if (r.trace.global_memory && !r.trace.global_memory->buffers.empty()) {
    out << "global memory of block " << b.block << " (cudaMalloc buffers):\n";
    for (const std::string& line : launch_lines(*r.trace.global_memory))
      out << "  " << line << "\n";
  }
  if (timings) {
    out << "timings: find launches " << r.timings.parse_s << " s, compile " << r.timings.compile_s
        << " s, run " << r.timings.run_s << " s, lines " << r.timings.symbolize_s << " s";
    if (const std::uint64_t n = r.reports.repeated_launches; n > 0)
      out << " (" << n << (n == 1 ? " launch" : " launches")
          << " repeated an earlier one, inputs unchanged: not run again)";
    out << "\n";
  }
  return r.exit_code;
}

namespace {
// The first line of `a` that is not in `b` (or "" if none).
std::string first_different_line(const std::string& a, const std::string& b) {
  std::istringstream x(a), y(b);
  std::string lx, ly;
  while (std::getline(x, lx)) {
    if (!std::getline(y, ly) || lx != ly) return lx;
  }
  return "";
}
}  // namespace

int command_run_schedules(const OwnRunOptions& options, unsigned schedules, std::ostream& out,
                          std::ostream& err) {
  ScheduleReport report;
  try {
    report = compare_schedules(options, schedules);
  } catch (const OwnProgramError& e) {
    report_not_run(e.what(), options.file, err);
    return 2;
  }
  out << report.reference.output;
  if (!report.reference.failure.empty()) out << "(" << report.reference.failure << ")\n";
  out << "schedules: " << report.runs << " random thread orders (seeds 1-" << report.runs
      << ") against warps in lockstep (above): " << report.differing.size()
      << (report.differing.size() == 1 ? " run printed" : " runs printed") << " something else"
      << (report.differing.empty() ? "" : ": the program has a race") << "\n";
  for (std::size_t i = 0; i < report.differing.size() && i < 5; ++i) {
    const ScheduleRun& r = report.differing[i];
    const std::string line =
        !r.failure.empty() ? r.failure : first_different_line(r.output, report.reference.output);
    out << "  seed " << r.seed << ": " << line << "\n";
  }
  return 0;
}

}  // namespace stridescope
