// Builds, runs under the GPU tracer, and converts the record (see gpu_run.h).
#include "program/gputrace/gpu_run.h"

#include <cstdlib>
#include <nlohmann/json.hpp>

#include "core/json_shape.h"
#include "program/gputrace/gpu_record.h"
#include "program/gputrace/sass_lines.h"
#include "program/own_program_error.h"
#include "program/process/child_process.h"
#include "program/process/work_dir.h"
#include "program/read/program_parse.h"
#include "program/read/shared_types.h"

namespace stridescope {

namespace fs = std::filesystem;
using nlohmann::json;

namespace {

// Events the tracer keeps (48 bytes each, in pinned host memory): the emulator traces a block of
// up to 2^20 shared accesses, and barriers, warp syncs and exits are events too.
constexpr std::uint64_t kEvents = std::uint64_t{1} << 21;
// In the work folder: the tracer's record, and the traced kernel's module (for nvdisasm).
constexpr const char* kRecord = "gpu_record.json";
constexpr const char* kCubin = "traced.cubin";

// nvdisasm beside nvcc (the toolkit's bin folder), else on PATH.
std::string find_nvdisasm() {
  const std::string nvcc = find_tool({"nvcc"});
  if (!nvcc.empty()) {
    const fs::path beside = fs::path(nvcc).parent_path() / "nvdisasm";
    if (fs::is_regular_file(beside)) return beside.string();
  }
  return find_tool({"nvdisasm"});
}

// The traced module's instructions and lines, by `nvdisasm -c -gi` of the cubin the tool saved.
SassTable sass_of(const fs::path& cubin, const fs::path& dir, const fs::path& file,
                  std::vector<std::string>& notes) {
  const std::string nvdisasm = find_nvdisasm();
  if (nvdisasm.empty() || !fs::exists(cubin)) {
    notes.push_back(nvdisasm.empty() ? "no nvdisasm (CUDA toolkit): the accesses have no lines"
                                     : "the tracer saved no module: the accesses have no lines");
    return {};
  }
  const fs::path sass = dir / "traced.sass";
  if (run_process({nvdisasm, "-c", "-gi", cubin.string()}, sass, dir / "nvdisasm.err") != 0) {
    std::string why = read_file(dir / "nvdisasm.err");
    notes.push_back("nvdisasm could not read the traced module (" + why.substr(0, why.find('\n')) +
                    "): the accesses have no lines");
    return {};
  }
  return sass_table(read_file(sass), file);
}

// The program's __shared__ declarations and element type, read by libclang as the emulator reads
// them; without libclang (or where it cannot read the file) words are ints and arrays unnamed.
std::vector<SharedDecl> shared_decls(const CudaRunOptions& options, ElementType& element,
                                     std::vector<std::string>& notes) {
  element = ElementType::Int;
  CompileFlags flags;
  for (const std::string& d : options.include_dirs)
    flags.include_dirs.push_back(fs::absolute(d).lexically_normal().string());
  flags.defines = options.defines;
  try {
    const ProgramFacts facts =
        parse_program(options.file, find_tool({"clang++-14", "clang++"}), flags);
    std::vector<std::string> types;
    for (const SharedDecl& d : facts.shared) types.push_back(d.type);
    std::string note;
    element = shared_element_type(types, &note);
    if (!note.empty()) notes.push_back(note.substr(note.find(' ') + 1));
    return facts.shared;
  } catch (const OwnProgramError& e) {
    std::string why = e.what();
    why = why.substr(0, why.find('\n'));
    notes.push_back("the shared arrays are unnamed and shown as int words: " + why);
    return {};
  }
}

// Why a record that traced nothing did so, in one line.
std::string gpu_untraced_reason(const json& record, const GpuTraceOptions& options) {
  if (record.contains("messages") && !record["messages"].empty())
    return "the GPU tracer traced nothing: " + record["messages"][0].get<std::string>();
  const std::size_t launches = record.contains("launches") ? record["launches"].size() : 0;
  if (launches <= options.launch)
    return "the program made " + std::to_string(launches) +
           (launches == 1 ? " launch" : " launches") + ": there is no launch " +
           std::to_string(options.launch) + " to trace";
  return "the GPU tracer traced no block of launch " + std::to_string(options.launch);
}

std::uint64_t accesses_of(const Trace& trace) {
  std::uint64_t n = 0;
  for (const Step& s : trace.blocks.front().steps) n += s.accesses.size();
  return n;
}

// The record the tracer left in `dir`, as out.trace; or out.untraced says why there is none.
void convert_record(const fs::path& dir, const fs::path& file, const GpuTraceOptions& options,
                    GpuTraceRun& out) {
  if (!fs::exists(dir / kRecord)) {
    out.untraced =
        "the GPU tracer wrote no record (it did not start in the program: see its "
        "messages above)";
    return;
  }
  const std::string text = read_what_it_left(dir / kRecord, 1ull << 30, out.untraced);
  if (!out.untraced.empty()) return;
  const json record =
      json_shape_problem(text) ? json(json::value_t::discarded) : json::parse(text, nullptr, false);
  if (record.is_discarded()) {
    out.untraced = "the GPU tracer's record is not JSON (cut short?)";
    return;
  }
  if (!record.value("traced", false)) {
    out.untraced = gpu_untraced_reason(record, options);
    return;
  }
  if (record.value("snapshot_bytes", 0u) == 0 && record.value("static_shared", 0u) == 0 &&
      record.value("dynamic_shared", 0u) == 0) {
    out.no_shared_memory = true;
    out.untraced = "launch " + std::to_string(options.launch) + " (" +
                   kernel_name_of_symbol(record.value("kernel", "")) +
                   ") uses no shared memory: nothing to trace";
    return;
  }
  try {
    const SassTable sass = sass_of(dir / kCubin, dir, file, out.notes);
    ElementType element = ElementType::Int;
    const std::vector<SharedDecl> decls = shared_decls(options.run, element, out.notes);
    std::vector<std::string> record_notes;
    out.trace = trace_of_gpu_record(record, sass, file, element, decls, &record_notes);
    out.notes.insert(out.notes.end(), record_notes.begin(), record_notes.end());
  } catch (const std::exception& e) {  // a record this converter cannot read
    out.untraced = std::string("the GPU tracer's record could not be converted: ") + e.what();
    return;
  }
  out.shared_accesses = accesses_of(out.trace);
  out.traced = true;
}

}  // namespace

std::optional<GpuTool> find_gpu_tool(std::string* why) {
  fs::path library;
  if (const char* p = std::getenv("STRIDESCOPE_GPU_TOOL"); p != nullptr && *p != '\0') {
    library = p;
  } else {
#ifdef STRIDESCOPE_GPU_TOOL_LIBRARY
    library = STRIDESCOPE_GPU_TOOL_LIBRARY;
#else
    *why =
        "this stridescope was built without the GPU tracer (CMake builds app/tools/gputrace where "
        "nvcc, the Compute Sanitizer API and a GPU are found), and STRIDESCOPE_GPU_TOOL names none";
    return std::nullopt;
#endif
  }
  if (!fs::is_regular_file(library)) {
    *why = "the GPU tracer " + library.string() + " is missing";
    return std::nullopt;
  }
  fs::path patches = library.parent_path() / "trace_patches.fatbin";
  if (const char* p = std::getenv("STRIDESCOPE_GPU_PATCH"); p != nullptr && *p != '\0') patches = p;
  if (!fs::is_regular_file(patches)) {
    *why = "the GPU tracer's device patches " + patches.string() + " are missing";
    return std::nullopt;
  }
  return GpuTool{library, patches};
}

GpuTraceRun trace_on_gpu(const GpuTraceOptions& options) {
  const fs::path file = fs::absolute(options.run.file);
  if (!fs::is_regular_file(file)) throw OwnProgramError("no such file: " + options.run.file);
  const WorkDir work(options.run.work_dir, "gpu");
  check_cuda_machine(work.path());
  std::string why;
  const std::optional<GpuTool> tool = find_gpu_tool(&why);
  if (!tool) throw OwnProgramError("--backend cuda cannot trace: " + why);
  std::error_code ignored;
  fs::remove(work.path() / kRecord, ignored);  // a kept folder's earlier run
  fs::remove(work.path() / kCubin, ignored);

  CudaRunOptions run = options.run;
  run.work_dir = work.path().string();
  run.line_info = true;
  run.machine_checked = true;
  run.env = {"CUDA_INJECTION64_PATH=" + fs::absolute(tool->library).string(),
             "STRIDESCOPE_GPU_PATCH=" + fs::absolute(tool->patches).string(),
             "STRIDESCOPE_LAUNCH=" + std::to_string(options.launch),
             "STRIDESCOPE_TRACED_BLOCK=" + std::to_string(options.traced_block),
             "STRIDESCOPE_GPU_RAW=" + (work.path() / kRecord).string(),
             "STRIDESCOPE_GPU_CUBIN=" + (work.path() / kCubin).string(),
             "STRIDESCOPE_GPU_EVENTS=" + std::to_string(kEvents)};
  GpuTraceRun out;
  out.run = run_on_cuda(run);
  if (!out.run.failure.empty()) {
    out.untraced = out.run.failure;
    return out;
  }
  convert_record(work.path(), file, options, out);
  return out;
}

}  // namespace stridescope
