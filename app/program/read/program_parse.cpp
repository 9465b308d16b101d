// What clang's CUDA parser says about a user's .cu file, asked of the reader tool (libclang in a
// process of its own: libclang_reader.h); and the file rewritten for the plain C++ build.
#include "program/read/program_parse.h"

#include <algorithm>
#include <cctype>
#include <cstring>
#include <filesystem>
#include <iterator>
#include <map>
#include <memory>
#include <set>
#include <tuple>

#include "core/files.h"
#include "program/build/cuda_arch.h"
#include "program/build/header_pch.h"
#include "program/build/runtime_paths.h"
#include "program/own_program_error.h"
#include "program/process/child_process.h"
#include "program/process/work_dir.h"
#include "program/read/libclang_reader.h"
#include "program/read/read_json.h"

namespace stridescope {

std::vector<std::string> CompileFlags::args() const {
  std::vector<std::string> out;
  for (const std::string& d : include_dirs) out.insert(out.end(), {"-I", d});
  for (const std::string& d : defines) out.insert(out.end(), {"-D", d});
  return out;
}

std::vector<std::string> parse_flags() {
  return {"-x",
          "cuda",
          "--cuda-host-only",
          "-nocudainc",
          "-nocudalib",
          "-Wno-unknown-cuda-version",
          "-std=gnu++17",
          "-Xclang",
          "-fcuda-allow-variadic-functions",
          "-D__CUDA_ARCH__=" + std::to_string(kEmulatedCudaArch),
          "-I",
          runtime_include_dir().string()};
}

namespace {

// The reader tool: $STRIDESCOPE_READ_TOOL, else the one this build made ("" where it found no
// libclang).
std::string reader_tool() {
  if (const char* tool = std::getenv("STRIDESCOPE_READ_TOOL"); tool != nullptr && *tool != '\0')
    return tool;
  return STRIDESCOPE_READ_TOOL;
}

// The reader's limits: a tool's, but for the address space where this build is AddressSanitizer's
// (so is the reader: its shadow memory alone reserves terabytes of addresses).
Limits reader_limits() {
  Limits limits = kToolLimits;
#if defined(__SANITIZE_ADDRESS__)
  limits.memory_bytes = 0;
#endif
  return limits;
}

// The request for `file`: clang's arguments with the header precompiled where `clang` can build it
// (header_pch.h), and the same with the header as text for the retry.
ReadRequest read_request(const std::string& file, const std::vector<std::string>& header,
                         const std::vector<std::string>& as_text, const CompileFlags& flags,
                         const std::string& appended) {
  ReadRequest request{
      file, parse_flags(), {}, appended, runtime_include_dir().lexically_normal().string()};
  const std::vector<std::string> user = flags.args();
  request.args.insert(request.args.end(), user.begin(), user.end());
  if (header != as_text) {
    request.text_args = request.args;
    request.text_args.insert(request.text_args.end(), as_text.begin(), as_text.end());
  }
  request.args.insert(request.args.end(), header.begin(), header.end());
  return request;
}

}  // namespace

ProgramFacts parse_program(const std::string& file, const std::string& clang,
                           const CompileFlags& flags, const std::string& appended) {
  const std::string tool = reader_tool();
  if (tool.empty())
    throw OwnProgramError(
        "this stridescope was built without libclang (libclang-14-dev), so it "
        "cannot read " +
        file);
  const std::vector<std::string> as_text{"-include", cuda_header().string()};
  const std::vector<std::string> header =
      clang.empty() ? as_text : header_args(clang, parse_flags());
  const WorkDir work("", "read");
  const std::filesystem::path request = work.path() / "request.json",
                              answer = work.path() / "answer.json";
  write_output_file(request.string(),
                    to_json(read_request(file, header, as_text, flags, appended)).dump());
  const int rc = run_process({tool, request.string(), answer.string()}, work.path() / "reader.out",
                             work.path() / "reader.err", {}, reader_limits());
  if (ended_abnormally(rc))
    throw OwnProgramError("libclang could not read " + file + ": " +
                          ending_text(rc, reader_limits(), "it"));
  if (rc != 0) {
    const std::string said = read_file(work.path() / "reader.err");
    throw OwnProgramError(!said.empty() ? said
                                        : "libclang's reader " + tool + " could not read " + file +
                                              " (exit status " + std::to_string(rc) + ")");
  }
  ReadAnswer read;
  try {
    read = read_answer_of(nlohmann::json::parse(read_file(answer)));
  } catch (const nlohmann::json::exception& e) {
    throw OwnProgramError("libclang's reader answered for " + file +
                          " in a form stridescope cannot read: " + e.what());
  }
  if (read.pch_at_fault) drop_pch(header);  // the cache's fault, not the program's
  if (!read.error.empty()) throw OwnProgramError(read.error);
  return read.facts;
}

std::vector<KernelLaunch> find_kernel_launches(const std::string& file, const std::string& clang,
                                               std::vector<std::string>* shared_types) {
  ProgramFacts facts = parse_program(file, clang);
  if (shared_types) {
    shared_types->clear();
    for (const SharedDecl& d : facts.shared) shared_types->push_back(d.type);
  }
  return facts.launches;
}

std::string rewrite_launches(const std::string& source, const std::vector<KernelLaunch>& launches) {
  ProgramFacts facts;
  facts.launches = launches;
  return rewrite_program(source, facts);
}

namespace {

struct Edit {
  std::size_t begin, end;
  std::string text;
};

// Device code's own edits: each printf call named by its place (runtime/include/stridescope/
// device_printf.h), and each body contracting `a * b + c` into a fused multiply-add, as nvcc's
// (program_build.cpp).
void add_device_code_edits(const std::string& source, const ProgramFacts& facts,
                           const std::string& file, std::vector<Edit>& edits) {
  for (std::size_t i = 0; i < facts.device_printfs.size(); ++i) {
    const DevicePrintf& p = facts.device_printfs[i];
    if (p.file != file || p.end > source.size() || p.begin >= p.end ||
        !source.substr(p.begin, p.end - p.begin).ends_with("printf"))
      continue;
    edits.push_back(
        {p.begin, p.end, "::stridescope_rt::site_printf<" + std::to_string(i + 1) + ">"});
  }
  for (const DeviceBody& b : facts.device_bodies)
    if (b.file == file && b.open < source.size() && source[b.open] == '{')
      edits.push_back({b.open + 1, b.open + 1, " _Pragma(\"clang fp contract(fast)\")"});
}

}  // namespace

std::string rewrite_program(const std::string& source, const ProgramFacts& facts,
                            const std::string& file) {
  std::vector<Edit> edits;
  for (const KernelLaunch& l : facts.launches) {
    if (l.file != file) continue;
    if (l.open < l.callee || l.close < l.open || l.close + 3 > source.size() ||
        source.compare(l.open, 3, "<<<") != 0 || source.compare(l.close, 3, ">>>") != 0)
      throw OwnProgramError("line " + std::to_string(l.line) +
                            ": a kernel launch written inside a macro is not supported");
    if (!l.deduced) {
      edits.push_back({l.callee, l.callee, "::stridescope_rt::launcher("});
      if (!l.template_arguments.empty()) {  // after the name, before the blanks up to `<<<`
        std::size_t end = l.open;
        while (end > l.callee && std::isspace(static_cast<unsigned char>(source[end - 1]))) --end;
        edits.push_back({end, end, l.template_arguments});
      }
    } else {  // the kernel the call picks (runtime/include/stridescope/launch.h)
      std::string name = source.substr(l.callee, l.open - l.callee);
      while (!name.empty() && std::isspace(static_cast<unsigned char>(name.back())))
        name.pop_back();
      if (name.find('\n') != std::string::npos)
        throw OwnProgramError("line " + std::to_string(l.line) +
                              ": a kernel's name spread over lines is not supported");
      edits.push_back({l.callee, l.open,
                       "::stridescope_rt::launcher_deduced(STRIDESCOPE_PICK(" + name +
                           "), STRIDESCOPE_CALL(" + name + ")"});
    }
    edits.push_back({l.open, l.open + 3, ", "});
    edits.push_back({l.close, l.close + 3, ")"});
  }
  add_device_code_edits(source, facts, file, edits);
  std::sort(edits.begin(), edits.end(),
            [](const Edit& a, const Edit& b) { return a.begin < b.begin; });
  std::string out;
  std::size_t pos = 0;
  for (const Edit& e : edits) {
    if (e.begin < pos)
      throw OwnProgramError("overlapping rewrites at byte " + std::to_string(e.begin));
    out.append(source, pos, e.begin - pos);
    out += e.text;
    pos = e.end;
  }
  out.append(source, pos, std::string::npos);
  return out;
}

}  // namespace stridescope
