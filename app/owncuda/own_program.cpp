// `stridescope run FILE.cu`: find the launches, rewrite, compile instrumented, run with limits,
// trace.
#include "owncuda/own_program.h"

#include <fcntl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <sstream>

#include "trace/trace_json.h"

namespace stridescope {

namespace fs = std::filesystem;

namespace {

std::string read_file(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw OwnProgramError("cannot read " + path.string());
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

double seconds_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

struct Limits {
  unsigned cpu_s = 0;              // 0: none
  std::uint64_t memory_bytes = 0;  // 0: none
  std::uint64_t file_bytes = 0;    // 0: none; the largest file it may write (output, raw record)
};

// Runs argv with stdin from `in` (or /dev/null), stdout and stderr into files; returns the exit
// status, or 128 + the signal that ended it.
int run_process(const std::vector<std::string>& argv, const fs::path& out, const fs::path& err,
                const std::vector<std::string>& env = {}, const Limits& limits = {},
                const fs::path& in = {}) {
  pid_t pid = fork();
  if (pid < 0) throw OwnProgramError("fork failed");
  if (pid == 0) {
    int fd_in = open(in.empty() ? "/dev/null" : in.c_str(), O_RDONLY);
    int fd_out = open(out.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    int fd_err = open(err.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fd_in < 0 || fd_out < 0 || fd_err < 0) _exit(126);
    dup2(fd_in, 0);
    dup2(fd_out, 1);
    dup2(fd_err, 2);
    if (limits.cpu_s) {
      rlimit r{limits.cpu_s, limits.cpu_s + 1};
      setrlimit(RLIMIT_CPU, &r);
    }
    if (limits.memory_bytes) {
      rlimit r{limits.memory_bytes, limits.memory_bytes};
      setrlimit(RLIMIT_AS, &r);
    }
    if (limits.file_bytes) {  // a write past it fails with SIGXFSZ
      rlimit r{limits.file_bytes, limits.file_bytes};
      setrlimit(RLIMIT_FSIZE, &r);
    }
    for (const std::string& e : env) putenv(const_cast<char*>(e.c_str()));
    std::vector<char*> args;
    for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
    args.push_back(nullptr);
    execvp(args[0], args.data());
    _exit(127);
  }
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  if (WIFEXITED(status)) return WEXITSTATUS(status);
  return 128 + WTERMSIG(status);
}

fs::path runtime_dir() {
  if (const char* d = std::getenv("STRIDESCOPE_CUDA_RUNTIME_DIR")) return d;
  return STRIDESCOPE_CUDA_RUNTIME_DIR;
}
fs::path runtime_lib() {
  if (const char* d = std::getenv("STRIDESCOPE_CUDA_RUNTIME_LIB")) return d;
  return STRIDESCOPE_CUDA_RUNTIME_LIB;
}

// The clang JSON AST dump prints a location's "file" only when it differs from the previous one
// printed; walking the dump in document order (ordered_json keeps it) tracks the current file.
struct LaunchFinder {
  std::string main_file;
  std::string current_file;
  std::vector<KernelLaunch> launches;
  std::vector<std::string> shared_types;  // of the file's __shared__ variables, e.g. "float[256]"

  void track(const nlohmann::ordered_json& loc) {
    if (!loc.is_object()) return;
    for (const char* k : {"spellingLoc", "expansionLoc"})
      if (loc.contains(k)) track(loc[k]);
    if (loc.contains("file")) current_file = loc["file"].get<std::string>();
  }
  void track_range(const nlohmann::ordered_json& range) {
    if (!range.is_object()) return;
    if (range.contains("begin")) track(range["begin"]);
    if (range.contains("end")) track(range["end"]);
  }
  static bool in_macro(const nlohmann::ordered_json& loc) {
    return loc.contains("spellingLoc") || loc.contains("expansionLoc");
  }

  void walk(const nlohmann::ordered_json& node) {
    if (!node.is_object()) return;
    if (node.contains("loc")) track(node["loc"]);
    std::string file_before = current_file;
    if (node.contains("range")) track_range(node["range"]);
    if (node.value("kind", "") == "CUDAKernelCallExpr" && node.contains("inner") &&
        node["inner"].size() >= 2) {
      const auto& range = node["range"];
      const auto& config = node["inner"][1]["range"];
      if (file_before == main_file || current_file == main_file) {
        if (in_macro(range["begin"]) || in_macro(config["begin"]) || in_macro(config["end"]))
          throw OwnProgramError(main_file + ":" + std::to_string(range["begin"].value("line", 0)) +
                                ": a kernel launch written inside a macro is not supported");
        KernelLaunch l;
        l.callee = range["begin"]["offset"].get<std::size_t>();
        l.open = config["begin"]["offset"].get<std::size_t>();
        l.close = config["end"]["offset"].get<std::size_t>();
        launches.push_back(l);
      }
    }
    if (node.value("kind", "") == "VarDecl" && current_file == main_file && node.contains("inner"))
      for (const auto& attr : node["inner"])
        if (attr.value("kind", "") == "CUDASharedAttr")
          shared_types.push_back(node["type"].value("qualType", ""));
    if (node.contains("inner"))
      for (const auto& child : node["inner"]) walk(child);
  }
};

}  // namespace

std::string find_tool(const std::vector<std::string>& names) {
  const char* path = std::getenv("PATH");
  std::string p = path ? path : "/usr/bin:/bin";
  for (const std::string& name : names) {
    std::stringstream dirs(p);
    std::string dir;
    while (std::getline(dirs, dir, ':')) {
      fs::path candidate = fs::path(dir.empty() ? "." : dir) / name;
      if (access(candidate.c_str(), X_OK) == 0) return candidate.string();
    }
  }
  return "";
}

std::vector<KernelLaunch> find_kernel_launches(const std::string& file, const std::string& clang,
                                               std::vector<std::string>* shared_types) {
  fs::path dir = fs::temp_directory_path() / ("stridescope-parse-" + std::to_string(getpid()));
  fs::create_directories(dir);
  const fs::path out = dir / "ast.json", err = dir / "parse.err";
  const fs::path header = runtime_dir() / "stridescope_cuda.h";
  int rc = run_process({clang, "-x", "cuda", "--cuda-host-only", "-nocudainc", "-nocudalib",
                        "-Wno-unknown-cuda-version", "-std=c++17", "-fsyntax-only", "-I",
                        (runtime_dir() / "include").string(), "-include", header.string(),
                        "-Xclang", "-ast-dump=json", file},
                       out, err);
  if (rc != 0) {
    std::string message = read_file(err);
    fs::remove_all(dir);
    throw OwnProgramError(message.empty() ? "clang failed on " + file : message);
  }
  nlohmann::ordered_json ast = nlohmann::ordered_json::parse(read_file(out));
  fs::remove_all(dir);
  LaunchFinder finder;
  finder.main_file = file;
  finder.walk(ast);
  // A launch inside a function template is dumped once in the template and once per
  // instantiation: one rewrite per place in the file.
  std::vector<KernelLaunch>& l = finder.launches;
  std::sort(l.begin(), l.end(),
            [](const KernelLaunch& a, const KernelLaunch& b) { return a.open < b.open; });
  l.erase(
      std::unique(l.begin(), l.end(),
                  [](const KernelLaunch& a, const KernelLaunch& b) { return a.open == b.open; }),
      l.end());
  if (shared_types) *shared_types = finder.shared_types;
  return l;
}

ElementType shared_element_type(const std::vector<std::string>& shared_types) {
  if (shared_types.empty()) return ElementType::Int;
  for (const std::string& t : shared_types) {
    const std::string base = t.substr(0, t.find('['));
    if (base != "float" && base != "volatile float") return ElementType::Int;
  }
  return ElementType::Float;
}

std::string rewrite_launches(const std::string& source, const std::vector<KernelLaunch>& launches) {
  std::string out;
  std::size_t pos = 0;
  for (const KernelLaunch& l : launches) {  // in source order, as clang walks them
    if (l.callee < pos || l.open < l.callee || l.close < l.open || l.close + 3 > source.size() ||
        source.compare(l.open, 3, "<<<") != 0 || source.compare(l.close, 3, ">>>") != 0)
      throw OwnProgramError("unexpected kernel launch position at byte " + std::to_string(l.open));
    out.append(source, pos, l.callee - pos);
    out += "::stridescope_rt::launcher(";
    out.append(source, l.callee, l.open - l.callee);
    out += ", ";
    out.append(source, l.open + 3, l.close - l.open - 3);
    out += ")";
    pos = l.close + 3;
  }
  out.append(source, pos, std::string::npos);
  return out;
}

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

fs::path make_work_dir(const OwnRunOptions& options) {
  fs::path dir = options.work_dir;
  if (dir.empty()) {
    std::string pattern = (fs::temp_directory_path() / "stridescope-run-XXXXXX").string();
    if (!mkdtemp(pattern.data())) throw OwnProgramError("cannot create a temporary directory");
    dir = pattern;
  }
  fs::create_directories(dir);
  return dir;
}

// Steps 1 and 2: find the launches with clang's CUDA parser, rewrite them (lines unchanged),
// compile as plain C++ with shared accesses instrumented, then link without the coverage flag
// (with it the driver links clang's UBSan runtime, which we do not need: the callbacks are ours).
fs::path build_program(const fs::path& file, const fs::path& dir, const Tools& tools,
                       OwnRunTimings& timings, ElementType& element) {
  auto t0 = std::chrono::steady_clock::now();
  const std::string source = read_file(file);
  std::vector<std::string> shared_types;
  const std::vector<KernelLaunch> launches =
      find_kernel_launches(file.string(), tools.clang, &shared_types);
  element = shared_element_type(shared_types);
  const fs::path rewritten = dir / "program.cpp";
  std::ofstream(rewritten) << "#line 1 \"" << file.string() << "\"\n"
                           << rewrite_launches(source, launches);
  timings.parse_s = seconds_since(t0);

  t0 = std::chrono::steady_clock::now();
  const fs::path object = dir / "program.o", program = dir / "program";
  int rc = run_process({tools.clang, "-std=c++17", "-g", "-O0", "-fno-pie", "-fwrapv",
                        "-fsanitize-coverage=edge,trace-loads,trace-stores", "-I",
                        (runtime_dir() / "include").string(), "-include",
                        (runtime_dir() / "stridescope_cuda.h").string(), "-x", "c++", "-c",
                        rewritten.string(), "-o", object.string()},
                       dir / "compile.out", dir / "compile.err");
  if (rc != 0) throw OwnProgramError(read_file(dir / "compile.err"));
  // lld links in about half GNU ld's time (0.15 s against 0.17-0.27 s); either works.
  std::vector<std::string> link = {
      tools.clang,       "-no-pie", object.string(), runtime_lib().string(),
      "-lboost_context", "-o",      program.string()};
  if (!find_tool({"ld.lld"}).empty()) link.insert(link.begin() + 1, "-fuse-ld=lld");
  rc = run_process(link, dir / "link.out", dir / "link.err");
  if (rc != 0) throw OwnProgramError(read_file(dir / "link.err"));
  timings.compile_s = seconds_since(t0);
  return program;
}

// Step 3: the program in a child process with limits; its raw record, if it wrote one.
std::optional<nlohmann::json> run_program(const fs::path& program, const fs::path& dir,
                                          const OwnRunOptions& options, OwnRunResult& result) {
  auto t0 = std::chrono::steady_clock::now();
  const fs::path raw_path = dir / "raw.json";
  result.exit_code =
      run_process({program.string()}, dir / "program.out", dir / "program.err",
                  {"STRIDESCOPE_RAW=" + raw_path.string(),
                   "STRIDESCOPE_LAUNCH=" + std::to_string(options.launch),
                   "STRIDESCOPE_TRACED_BLOCK=" + std::to_string(options.traced_block)},
                  Limits{options.time_limit_s, 4ull << 30, options.file_limit_bytes});
  result.output = read_file(dir / "program.out");
  result.errors = read_file(dir / "program.err");
  result.timings.run_s = seconds_since(t0);
  if (result.exit_code == 128 + SIGXCPU || result.exit_code == 128 + SIGKILL) {
    result.failure = "the program ran past its " + std::to_string(options.time_limit_s) +
                     " s CPU limit (an endless loop?)";
  } else if (result.exit_code == 128 + SIGXFSZ) {
    result.failure = "the program wrote more than " +
                     std::to_string(options.file_limit_bytes >> 10) +
                     " KiB (its output, or its trace); it was stopped";
  } else if (result.exit_code > 128) {
    result.failure = std::string("the program died: ") + strsignal(result.exit_code - 128);
  }
  if (!fs::exists(raw_path)) return std::nullopt;
  nlohmann::json raw = nlohmann::json::parse(read_file(raw_path), nullptr, false);
  if (raw.is_discarded()) return std::nullopt;
  if (raw.contains("error") && raw["error"].is_string()) {
    result.failure = raw["error"].get<std::string>();  // what the runtime stopped it for
  }
  result.shared_accesses = raw.value("shared_accesses", std::uint64_t{0});
  return raw;
}

// Step 4: return addresses -> source lines (one llvm-symbolizer run over the unique addresses).
std::map<std::uint64_t, int> source_lines(const nlohmann::json& raw, const fs::path& program,
                                          const fs::path& dir, const Tools& tools) {
  std::map<std::uint64_t, int> lines;
  for (const auto& step : raw["steps"])
    for (const auto& a : step["accesses"]) lines[a[5].get<std::uint64_t>()] = 0;
  if (lines.empty()) return lines;
  {
    std::ofstream pcs(dir / "pcs.txt");
    for (const auto& [pc, line] : lines)
      pcs << "0x" << std::hex << (pc - 1) << "\n";  // inside the call
  }
  int rc = run_process(
      {tools.symbolizer, "--obj=" + program.string(), "--output-style=JSON", "--no-inlines"},
      dir / "lines.json", dir / "symbolizer.err", {}, {}, dir / "pcs.txt");
  if (rc != 0)
    throw OwnProgramError("llvm-symbolizer failed: " + read_file(dir / "symbolizer.err"));
  std::istringstream answers(read_file(dir / "lines.json"));
  std::string answer;
  for (auto& [pc, line] : lines) {
    if (!std::getline(answers, answer)) break;
    const nlohmann::json j = nlohmann::json::parse(answer);
    if (j.contains("Symbol") && !j["Symbol"].empty()) line = j["Symbol"][0].value("Line", 0);
  }
  return lines;
}

// The runtime records 4-byte words as int; a float array's words are their bits.
double as_element(const nlohmann::json& stored, ElementType element) {
  if (element != ElementType::Float) return stored.get<double>();
  const auto bits = static_cast<std::uint32_t>(stored.get<std::int64_t>());
  float f;
  std::memcpy(&f, &bits, sizeof f);
  return f;
}

Step make_step(const nlohmann::json& s, std::map<std::uint64_t, int>& lines, int& last_line,
               ElementType element) {
  Step step;
  const std::string kind = s["kind"];
  for (const auto& a : s["accesses"]) {
    Access access;
    access.thread = a[0];
    access.order = a[1];
    access.address = a[2];
    access.size = a[3];
    access.kind = a[4].get<std::string>() == "w" ? AccessKind::Write : AccessKind::Read;
    access.line = lines[a[5].get<std::uint64_t>()];
    access.value = as_element(a[6], element);
    last_line = access.line;
    step.accesses.push_back(access);
  }
  step.kind = kind == "exit" ? StepKind::Exit : StepKind::Barrier;
  step.line = kind == "exit" ? last_line : s["line"].get<int>();
  step.label = kind == "exit" ? "exit" : "__syncthreads() line " + std::to_string(step.line);
  for (const auto& v : s["snapshot"]) step.snapshot.push_back(as_element(v, element));
  return step;
}

std::uint32_t volume(const nlohmann::json& d) {
  return d[0].get<std::uint32_t>() * d[1].get<std::uint32_t>() * d[2].get<std::uint32_t>();
}

// Step 5: the trace, with the run fields filled by the catalog's conventions
// (docs/own-programs.md).
Trace make_trace(const nlohmann::json& raw, std::map<std::uint64_t, int>& lines,
                 const fs::path& file, std::uint32_t traced_block, ElementType element) {
  Trace trace;
  trace.run.variant = "own:" + file.filename().string();
  trace.run.element_type = element;
  trace.run.block_size = volume(raw["block"]);
  trace.run.grid_size = volume(raw["grid"]);
  trace.run.input_pattern = InputPattern::Custom;
  for (const auto& snapshot : raw["first_snapshots"])
    for (const auto& v : snapshot) trace.run.input_values.push_back(as_element(v, element));
  trace.run.n = trace.run.input_values.size();
  trace.run.device = "CPU emulator (Boost.Context fibers), clang-instrumented program";
  trace.shared_words = raw["shared_bytes"].get<std::uint32_t>() / 4;
  BlockTrace bt;
  bt.block = traced_block;
  int last_line = 0;
  for (const auto& s : raw["steps"]) bt.steps.push_back(make_step(s, lines, last_line, element));
  GridPass pass{trace.run.n, trace.run.grid_size, {}};
  std::int32_t int_sum = 0;  // wraps as on a GPU
  float float_sum = 0;       // added in block order, as the book's host loop does
  for (const auto& r : raw["block_results"]) {
    pass.partials.push_back(as_element(r, element));
    int_sum = std::int32_t(std::uint32_t(int_sum) + std::uint32_t(r.get<std::int64_t>()));
    float_sum += static_cast<float>(pass.partials.back());
  }
  if (bt.block < pass.partials.size()) bt.partial = pass.partials[bt.block];
  trace.blocks.push_back(std::move(bt));
  trace.passes.push_back(pass);
  trace.second_stage = SecondStage::Host;
  trace.result = element == ElementType::Float ? double(float_sum) : double(int_sum);
  for (double v : trace.run.input_values) trace.reference += v;
  return trace;
}

}  // namespace

OwnRunResult run_own_program(const OwnRunOptions& options) {
  const Tools tools = find_tools();
  const fs::path file = fs::absolute(options.file);
  if (!fs::is_regular_file(file)) throw OwnProgramError("no such file: " + options.file);
  const fs::path dir = make_work_dir(options);
  struct Cleanup {
    fs::path dir;
    bool keep;
    ~Cleanup() {
      if (!keep) fs::remove_all(dir);
    }
  } cleanup{dir, !options.work_dir.empty()};

  OwnRunResult result;
  ElementType element = ElementType::Int;
  const fs::path program = build_program(file, dir, tools, result.timings, element);
  const std::optional<nlohmann::json> raw = run_program(program, dir, options, result);
  if (!raw || !raw->value("traced", false) || raw->contains("error")) return result;
  auto t0 = std::chrono::steady_clock::now();
  std::map<std::uint64_t, int> lines = source_lines(*raw, program, dir, tools);
  result.timings.symbolize_s = seconds_since(t0);
  result.trace = make_trace(*raw, lines, file, options.traced_block, element);
  result.traced = true;
  return result;
}

}  // namespace stridescope

#include <iostream>

#include "trace/trace_json.h"

namespace stridescope {

int command_run(const OwnRunOptions& options, const std::string& out_path, bool timings,
                std::ostream& out, std::ostream& err) {
  OwnRunResult r;
  try {
    r = run_own_program(options);
  } catch (const OwnProgramError& e) {
    err << e.what();
    if (std::string(e.what()).empty() || std::string(e.what()).back() != '\n') err << "\n";
    err << "stridescope: error: " << options.file << " was not run\n";
    return 2;
  }
  out << r.output;
  err << r.errors;
  if (!r.failure.empty() || !r.traced) {
    err << "stridescope: error: "
        << (!r.failure.empty() ? r.failure + "; no trace written"
            : r.exit_code != 0 ? "the program stopped with status " + std::to_string(r.exit_code) +
                                     "; no trace written"
                               : "the program made no launch " + std::to_string(options.launch) +
                                     " (nothing traced)")
        << "\n";
    return 2;
  }
  if (!out_path.empty()) save_trace(r.trace, out_path);
  const BlockTrace& b = r.trace.blocks.front();
  out << (out_path.empty() ? std::string("traced") : "wrote " + out_path + ":") << " "
      << b.steps.size() << " steps of block " << b.block << " of launch " << options.launch << ", "
      << r.shared_accesses << " shared accesses, block result " << b.partial << "\n";
  if (timings) {
    out << "timings: find launches " << r.timings.parse_s << " s, compile " << r.timings.compile_s
        << " s, run " << r.timings.run_s << " s, lines " << r.timings.symbolize_s << " s\n";
  }
  return r.exit_code;
}

}  // namespace stridescope
