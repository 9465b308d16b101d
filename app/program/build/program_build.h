// Building a user's CUDA program for the CPU runtime (`stridescope run`): the .cu file, and each of
// the user's headers that launches a kernel or defines device code, rewritten (launches as
// ::stridescope_rt::launcher calls, device bodies contracting `a * b + c` as nvcc's, lines
// unchanged) into a mirror of their folders under the build directory, so that a
// quoted include finds the rewritten header first and everything else where nvcc would (the file's
// own folder, -I, -D); compiled by clang with every load and store instrumented; linked with the
// runtime, and with an object that holds the launch's dynamic shared memory under every name the
// program's `extern __shared__` declarations give it.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "program/read/program_parse.h"

namespace stridescope {

// Another .cu file of the program: compiled as the first is (rewritten, instrumented), with what
// its parse found.
struct DeviceSource {
  std::filesystem::path file;  // absolute
  std::string as_given;
  ProgramFacts facts;
};

struct BuildRequest {
  std::filesystem::path file;  // the .cu file, absolute
  std::string as_given;        // its path as the user wrote it: what __FILE__ says, as with nvcc
  std::vector<DeviceSource> more_device_sources;    // the program's other .cu files
  std::vector<std::filesystem::path> host_sources;  // .cpp files of the program (absolute)
  CompileFlags flags;
  std::string main_text;  // appended to the file (the main() of a --launch spec), or ""
  // Read with the file before it is rewritten (an exercise's harness: its launches are rewritten
  // too), or "".
  std::string appended_source;
  // No load sunk into the branch that uses it (an exercise's bounds checks see a read before its
  // guard that -O1 would move under it).
  bool unoptimized = false;
};

struct BuildTimes {
  double compile_s = 0;
};

// The flags of the instrumented compile (language, debug lines, -O1, coverage), without the
// header and the user's flags.
// Whether C++ source text declares a memset or memcpy of its own ("void* memcpy("): then the file
// keeps them (the checked ones are macros, stridescope/memory_functions.h).
bool declares_memory_functions(const std::string& source);
// The same of a file or of a header it includes from its folder (`#include "util.h"`).
bool file_declares_memory_functions(const std::filesystem::path& file);

// Whether a source packs structs (`__attribute__((packed))`, `#pragma pack`): their fields sit at
// any address, which nvcc reads byte by byte and clang whole, so the runtime's alignment checks
// are off for such a program (the file or its own headers).
bool packs_structs(const std::string& source);
bool file_packs_structs(const std::filesystem::path& file);

// memory_macros: memset and memcpy in kernels checked (stridescope/memory_functions.h), for a file
// that declares neither itself.
std::vector<std::string> build_flags(bool optimize = true, bool memory_macros = true);

// Compiles and links the program into `dir`/program; throws OwnProgramError with clang's or the
// linker's messages.
std::filesystem::path build_program(const BuildRequest& request, const ProgramFacts& facts,
                                    const std::filesystem::path& dir, const std::string& clang,
                                    BuildTimes& times);

// The assembly of the object that holds the dynamic shared memory (`stridescope_dynamic_shared`,
// 48 KiB of thread-local storage, right after the program's own __shared__ variables), with each
// of `externs` (the `extern __shared__` declarations) as an alias of it; one declared in a function
// also as a local alias `stridescope_extern_in.FUNCTION.NAME`, so that the runtime's out-of-bounds
// line names only the launched kernel's own (and the file's) extern arrays (runtime/bounds.cpp).
std::string dynamic_shared_assembly(const std::vector<SharedDecl>& externs);

// Where a file is copied to in the mirror under `dir`: dir/src/<its absolute path>.
std::filesystem::path mirror_of(const std::filesystem::path& dir,
                                const std::filesystem::path& file);

}  // namespace stridescope
