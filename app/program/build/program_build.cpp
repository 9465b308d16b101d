// Rewrite, compile and link a user's program (see program_build.h).
#include "program/build/program_build.h"

#include <algorithm>
#include <cctype>
#include <chrono>
#include <map>
#include <regex>
#include <set>

#include "core/elapsed.h"
#include "core/files.h"
#include "program/build/cuda_arch.h"
#include "program/build/header_pch.h"
#include "program/build/runtime_paths.h"
#include "program/own_program_error.h"
#include "program/process/child_process.h"
#include "program/read/launch_brackets.h"

namespace stridescope {

namespace fs = std::filesystem;

namespace {

// `text` as a C string literal, quotes included: a path with '"', '\\' or a newline stays one.
std::string string_literal(const std::string& text) {
  std::string out = "\"";
  for (const char c : text) {
    if (c == '"' || c == '\\') {
      out += '\\';
      out += c;
    } else if (c == '\n') {
      out += "\\n";
    } else {
      out += c;
    }
  }
  return out + "\"";
}

// Writes the rewritten `file` (its launches made calls) to the mirror, under a #line that keeps
// its own name for clang's messages, DWARF and __FILE__.
void write_rewritten(const fs::path& dir, const fs::path& file, const ProgramFacts& facts,
                     const std::string& key, const std::string& tail,
                     const std::string& appended = "") {
  const fs::path to = mirror_of(dir, file);
  fs::create_directories(to.parent_path());
  write_output_file(
      to.string(),
      "#line 1 " + string_literal(file.string()) + "\n" +
          rewrite_program(launch_brackets_joined(with_host_tests_true(read_file(file) + appended)),
                          facts, key) +
          tail);
}

std::string dir_prefix(const fs::path& p) {
  std::string s = p.parent_path().string();
  return s.empty() ? "" : s + "/";
}

// -iquote and -I for a .cu file's compile: each rewritten file's mirror comes before the folder it
// was copied from.
std::vector<std::string> search_args(const fs::path& file, const std::string& as_given,
                                     const CompileFlags& user,
                                     const std::set<fs::path>& rewritten_dirs,
                                     const fs::path& dir) {
  std::vector<std::string> args{"-iquote", file.parent_path().string()};
  for (const fs::path& d : rewritten_dirs) args.insert(args.end(), {"-iquote", d.string()});
  for (const std::string& d : user.include_dirs)
    args.insert(args.end(), {"-I", mirror_of(dir, d).string(), "-I", d});
  for (const std::string& d : user.defines) args.insert(args.end(), {"-D", d});
  // __FILE__ as nvcc would say it: the path the user gave, not the absolute one.
  args.push_back("-fmacro-prefix-map=" + file.parent_path().string() + "/=" + dir_prefix(as_given));
  return args;
}

int compile(const std::string& clang, std::vector<std::string> flags, const fs::path& source,
            const fs::path& object, const fs::path& dir) {
  std::vector<std::string> argv{clang};
  argv.insert(argv.end(), flags.begin(), flags.end());
  argv.insert(argv.end(), {"-c", source.string(), "-o", object.string()});
  const Limits limits{120, 8ull << 30, 256ull << 20, 180};
  const int rc = run_process(argv, dir / "compile.out", dir / "compile.err", {}, limits);
  // Past a limit (a huge generated source): that, not what clang had printed when it was stopped.
  if (ended_abnormally(rc))
    throw OwnProgramError(ending_text(rc, limits, "clang") + " compiling " +
                          source.filename().string() + " (a very large or generated source?)\n");
  return rc;
}

}  // namespace

fs::path mirror_of(const fs::path& dir, const fs::path& file) {
  return dir / "src" / file.lexically_normal().relative_path();
}

// -O1: a thread's locals live in registers, so only memory is instrumented (at -O0 every local is a
// load and a store: the program ran about a third slower); printf is never turned into puts (the
// runtime collects a kernel's printf). Where the CPU has FMA, device code contracts `a * b + c`
// into one fused multiply-add as nvcc's does by default (--fmad=true): the rewrite opens each
// device function's body with `#pragma clang fp contract(fast)`; host code is not contracted, as
// the host compiler nvcc calls does not.
std::vector<std::string> build_flags(bool optimize, bool memory_macros) {
  std::vector<std::string> flags{"-std=gnu++17",
                                 "-g",
                                 "-O1",
                                 "-fno-pie",
                                 "-fwrapv",
                                 // The order of a warp's printf lines walks these frames.
                                 "-fno-omit-frame-pointer",
                                 // A loop that spins on memory another thread should change is
                                 // kept, as nvcc keeps it (C++'s forward-progress rule would let
                                 // clang delete it): it runs to the time limit, as on a GPU.
                                 "-fno-finite-loops",
                                 "-fno-builtin-printf",
                                 "-fno-builtin-puts",
                                 "-fno-builtin-putchar",
                                 "-D__CUDA_ARCH__=" + std::to_string(kEmulatedCudaArch),
                                 "-fsanitize-coverage=edge,trace-loads,trace-stores",
                                 "-fsanitize-coverage-ignorelist=" +
                                     (runtime_include_dir() / "stridescope/host_only.ignorelist")
                                         .string(),
                                 "-ffp-contract=off",
                                 "-I",
                                 runtime_include_dir().string(),
                                 "-x",
                                 "c++"};
  // Unoptimized for checking: -O1, but no load moved from where it is written into the branch that
  // uses it (a read before its guard stays before it, as the learner wrote it). -O0 would hide
  // vector loads (float4) as memcpy calls the instrumentation does not see.
  if (!optimize) flags.insert(flags.end(), {"-mllvm", "-instcombine-code-sinking=false"});
  // A warp's printf lines print in the order of their paths in the code (runtime/printf_order.h
  // compares return addresses): two calls on the two sides of a branch stay two calls (not one call
  // of a chosen argument), and the code keeps the source's order of its blocks (`then` before
  // `else`), as a GPU's warp runs them.
  flags.insert(flags.end(), {"-mllvm", "-simplifycfg-sink-common=false", "-mllvm",
                             "-enable-tail-merge=false", "-mllvm", "-disable-block-placement"});
  if (!memory_macros) flags.push_back("-DSTRIDESCOPE_NO_MEMORY_MACROS");
  __builtin_cpu_init();
  if (__builtin_cpu_supports("fma")) flags.push_back("-mfma");
  return flags;
}

namespace {

// The text without its comments (a `// void *memset(` note declares nothing); strings are kept.
std::string without_comments(const std::string& s) {
  std::string out;
  out.reserve(s.size());
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s.compare(i, 2, "//") == 0) {
      i = s.find('\n', i);
      if (i == std::string::npos) break;
    } else if (s.compare(i, 2, "/*") == 0) {
      i = s.find("*/", i + 2);
      if (i == std::string::npos) break;
      ++i;
      out += ' ';
      continue;
    }
    out += s[i];
  }
  return out;
}

bool is_word(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
}

}  // namespace

bool declares_memory_functions(const std::string& source) {
  const std::string s = without_comments(source);
  for (const char* name : {"memcpy", "memset"}) {
    for (std::size_t at = s.find(name); at != std::string::npos; at = s.find(name, at + 1)) {
      const std::size_t end = at + 6;
      if ((at > 0 && is_word(s[at - 1])) || (end < s.size() && is_word(s[end]))) continue;
      std::size_t after = s.find_first_not_of(" \t\r\n", end);
      if (after == std::string::npos || s[after] != '(') continue;
      // Before the name: "void", then "*", with spaces between (`void *memcpy (`, `void* memcpy(`).
      std::size_t before = s.find_last_not_of(" \t\r\n", at == 0 ? 0 : at - 1);
      if (at == 0 || before == std::string::npos || s[before] != '*') continue;
      before = s.find_last_not_of(" \t\r\n", before == 0 ? 0 : before - 1);
      if (before == std::string::npos || before < 3 || s.compare(before - 3, 4, "void") != 0 ||
          (before >= 4 && is_word(s[before - 4])))
        continue;
      return true;
    }
  }
  return false;
}

namespace {

// Whether `holds` is true of the file's text or of one of its own headers (`#include "util.h"`
// beside it, one level down).
bool file_or_its_headers(const fs::path& file, bool (*holds)(const std::string&)) {
  const std::string text = read_file(file);
  if (holds(text)) return true;
  static const std::regex local_include(R"re(#\s*include\s*"([^"\n]{1,200})")re");
  for (std::sregex_iterator it(text.begin(), text.end(), local_include), end; it != end; ++it) {
    const fs::path header = file.parent_path() / (*it)[1].str();
    std::error_code error;
    if (fs::is_regular_file(header, error) && holds(read_file(header))) return true;
  }
  return false;
}

}  // namespace

bool file_declares_memory_functions(const fs::path& file) {
  return file_or_its_headers(file, declares_memory_functions);
}

bool packs_structs(const std::string& source) {
  static const std::regex packing(R"(\bpacked\b|#\s*pragma\s+pack\b)");
  const std::string s = without_comments(source);
  return std::regex_search(s, packing);
}

bool file_packs_structs(const fs::path& file) {
  return file_or_its_headers(file, packs_structs);
}

std::string dynamic_shared_assembly(const std::vector<SharedDecl>& externs) {
  const auto identifier = [](const std::string& n) {
    return !n.empty() && std::all_of(n.begin(), n.end(), [](char c) {
      return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_';
    });
  };
  std::set<std::string> all{"stridescope_dynamic_shared"}, local;
  for (const SharedDecl& d : externs) {
    all.insert(d.mangled);
    if (identifier(d.function) && identifier(d.mangled))
      local.insert("stridescope_extern_in." + d.function + "." + d.mangled);
  }
  std::string s = "  .section .tbss,\"awT\",@nobits\n  .p2align 4\n";
  for (const std::string& n : all)
    s += "  .globl " + n + "\n  .type " + n + ",@object\n  .size " + n + ",49152\n";
  for (const std::string& n : local) s += "  .type " + n + ",@object\n  .size " + n + ",49152\n";
  for (const std::string& n : all) s += n + ":\n";
  for (const std::string& n : local) s += n + ":\n";
  s += "  .zero 49152\n  .section .note.GNU-stack,\"\",@progbits\n";
  return s;
}

namespace {

// A .cu file: rewritten, compiled with the instrumentation and the precompiled header (or, if
// that fails, the header's text: what clang says is never about the cache) into `object`.
fs::path compile_device(const fs::path& file, const std::string& as_given,
                        const ProgramFacts& facts, const CompileFlags& user,
                        const std::string& tail, const std::string& appended, const fs::path& dir,
                        const std::string& clang, const fs::path& object, bool optimize) {
  std::set<fs::path> rewritten_dirs;
  std::set<std::string> headers;  // the user's headers that launch kernels or hold device code
  for (const KernelLaunch& l : facts.launches) headers.insert(l.file);
  for (const DeviceBody& b : facts.device_bodies) headers.insert(b.file);
  headers.erase("");
  for (const std::string& h : headers) {
    rewritten_dirs.insert(fs::path(h).parent_path());
    write_rewritten(dir, h, facts, h, "");
  }
  write_rewritten(dir, file, facts, "", tail, appended);
  const bool macros = !file_declares_memory_functions(file);
  std::vector<std::string> flags = build_flags(optimize, macros);
  // A file run by a launch spec (`--launch`, its main() made here) may hold host functions that
  // call into files it is not built with (cuda-samples' reduction_kernel.cu): each function in a
  // section of its own, so that the link keeps only what the launch reaches (build_program).
  if (!tail.empty()) flags.push_back("-ffunction-sections");
  const fs::path host_only = fs::path(object).replace_extension(".host_functions.ignorelist");
  std::string listed = "# host-only functions of this file: no access callbacks\n";
  for (const std::string& f : facts.host_functions) listed += "fun:" + f + "\n";
  write_output_file(host_only.string(), listed);
  flags.push_back("-fsanitize-coverage-ignorelist=" + host_only.string());
  const std::vector<std::string> search = search_args(file, as_given, user, rewritten_dirs, dir);
  flags.insert(flags.end(), search.begin(), search.end());
  const std::vector<std::string> as_text{"-include", cuda_header().string()};
  const std::vector<std::string> header = header_args(clang, build_flags(optimize, macros));
  std::vector<std::string> with_header = flags;
  with_header.insert(with_header.end(), header.begin(), header.end());
  int rc = compile(clang, with_header, mirror_of(dir, file), object, dir);
  if (rc != 0 && header != as_text) {
    flags.insert(flags.end(), as_text.begin(), as_text.end());
    rc = compile(clang, flags, mirror_of(dir, file), object, dir);
    if (rc == 0) drop_pch(header);  // the cache's fault, not the program's
  }
  if (rc != 0) throw OwnProgramError(read_file(dir / "compile.err"));
  return object;
}

// A host .cpp file of the program: plain C++ with the CUDA header, not instrumented.
fs::path compile_host(const BuildRequest& request, std::size_t i, const fs::path& dir,
                      const std::string& clang) {
  std::vector<std::string> host{"-std=gnu++17", "-g",
                                "-O1",          "-fno-pie",
                                "-I",           runtime_include_dir().string(),
                                "-include",     cuda_header().string(),
                                "-iquote",      request.host_sources[i].parent_path().string()};
  for (const std::string& d : request.flags.include_dirs) host.insert(host.end(), {"-I", d});
  for (const std::string& d : request.flags.defines) host.insert(host.end(), {"-D", d});
  const fs::path object = dir / ("host" + std::to_string(i) + ".o");
  if (compile(clang, host, request.host_sources[i], object, dir) != 0)
    throw OwnProgramError(read_file(dir / "compile.err"));
  return object;
}

fs::path compile_dynamic_shared(const BuildRequest& request, const ProgramFacts& facts,
                                const fs::path& dir, const std::string& clang) {
  std::vector<SharedDecl> externs;
  for (const SharedDecl& d : facts.shared)
    if (d.is_extern && !d.mangled.empty()) externs.push_back(d);
  for (const DeviceSource& more : request.more_device_sources)
    for (const SharedDecl& d : more.facts.shared)
      if (d.is_extern && !d.mangled.empty()) externs.push_back(d);
  write_output_file((dir / "dynshared.s").string(), dynamic_shared_assembly(externs));
  if (compile(clang, {}, dir / "dynshared.s", dir / "dynshared.o", dir) != 0)
    throw OwnProgramError(read_file(dir / "compile.err"));
  return dir / "dynshared.o";
}

// The linker's complaint, or, for a program that opens a window with OpenGL (CUDA by Example's
// cpu_bitmap.h and friends call GLUT), one line naming that.
std::string link_failure(const std::string& said) {
  for (const char* library : {"`glut", "`gl", "`glew"}) {
    const std::size_t at = said.find(std::string("undefined reference to ") + library);
    const std::size_t lld = said.find(std::string("undefined symbol: ") + (library + 1));
    if (at == std::string::npos && lld == std::string::npos) continue;
    const std::size_t from = at != std::string::npos ? at + 24 : lld + 18;
    const std::string name = said.substr(from, said.find_first_of("'\n", from) - from);
    return "the program opens a window with OpenGL (" + name +
           "), which is not supported by stridescope run; nvcc builds it with -lglut -lGL\n";
  }
  return said;
}

}  // namespace

fs::path build_program(const BuildRequest& request, const ProgramFacts& facts, const fs::path& dir,
                       const std::string& clang, BuildTimes& times) {
  const auto t0 = std::chrono::steady_clock::now();
  // The .cu files' objects first, then the dynamic shared memory, then the host files': in the TLS
  // block, the program's __shared__ variables are followed by the dynamic shared memory
  // (runtime/worker.cpp finds both by address).
  std::vector<std::string> objects{
      compile_device(request.file, request.as_given, facts, request.flags, request.main_text,
                     request.appended_source, dir, clang, dir / "program.o", !request.unoptimized)
          .string()};
  for (std::size_t i = 0; i < request.more_device_sources.size(); ++i) {
    const DeviceSource& more = request.more_device_sources[i];
    objects.push_back(compile_device(more.file, more.as_given, more.facts, request.flags, "", "",
                                     dir, clang, dir / ("device" + std::to_string(i) + ".o"),
                                     !request.unoptimized)
                          .string());
  }
  objects.push_back(compile_dynamic_shared(request, facts, dir, clang).string());
  for (std::size_t i = 0; i < request.host_sources.size(); ++i)
    objects.push_back(compile_host(request, i, dir, clang).string());
  // lld links in about half GNU ld's time (0.15 s against 0.17-0.27 s); either works. The runtime
  // goes in whole: its fault handlers and its printf, clock and friends are needed by no symbol.
  const fs::path program = dir / "program";
  std::vector<std::string> link{clang, "-no-pie"};
  if (!find_tool({"ld.lld"}).empty()) link.push_back("-fuse-ld=lld");
  link.insert(link.end(), objects.begin(), objects.end());
  if (!request.main_text.empty()) link.push_back("-Wl,--gc-sections");  // what the spec reaches
  link.insert(link.end(), {"-Wl,--whole-archive", runtime_lib().string(), "-Wl,--no-whole-archive",
                           "-lboost_context", "-lpthread", "-o", program.string()});
  const int rc = run_process(link, dir / "link.out", dir / "link.err");
  if (ended_abnormally(rc))
    throw OwnProgramError(ending_text(rc, kToolLimits, "the linker") + "\n");
  if (rc != 0) throw OwnProgramError(link_failure(read_file(dir / "link.err")));
  times.compile_s = seconds_since(t0);
  return program;
}

}  // namespace stridescope
