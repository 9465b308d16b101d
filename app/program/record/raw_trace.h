// The runtime's raw record of a user's program (app/runtime/) -> a StrideScope trace, in
// one pass over what was gathered for it: return addresses as source lines, words converted to
// the element type, run fields filled by the catalog's conventions (docs/own-programs.md).
#pragma once

#include <cstdint>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "program/record/raw_global.h"
#include "program/record/raw_record.h"
#include "program/record/shared_layout.h"
#include "trace/trace.h"

namespace stridescope {

// Return address -> line of `file`, by one llvm-symbolizer run over the record's unique addresses;
// 0 for an address in another file (a header, the main() a launch spec made): no line of `file`.
// `elsewhere`: for each address, the innermost place that is the user's, "helper.cuh:2" or
// "main.cu:7" (an intrinsic of the runtime's headers named where the program calls it), as
// compute-sanitizer names a fault's place; none where every frame is the runtime's.
struct SourceLines {
  std::map<std::uint64_t, int> lines;
  std::map<std::uint64_t, std::string> elsewhere;
};
SourceLines source_lines(const RawRecord& raw, const std::filesystem::path& program,
                         const std::filesystem::path& dir, const std::string& symbolizer,
                         const std::filesystem::path& file,
                         const std::filesystem::path& runtime_headers);

// What a raw record is made into a trace with, all gathered before the trace is built: for a
// program run by the emulator, its shared variables from the record (program_symbols.h) and the
// lines of the record's addresses (one llvm-symbolizer run); for the GPU tracer, its record's.
struct TraceInputs {
  std::filesystem::path file;            // the program's .cu file
  std::vector<std::string> source;       // its lines (source[0] is line 1): the buffers' names
  std::map<std::uint64_t, int> lines;    // return address -> line of `file` (source_lines)
  std::vector<SharedSymbol> symbols;     // the shared variables, by section offset
  std::vector<SharedDecl> decls;         // their declarations (names, dims)
  std::vector<MadeBuffer> made_buffers;  // a launch spec's main(): its arrays in order
  ElementType element = ElementType::Int;
  std::uint32_t traced_launch = 0, traced_block = 0;
  Backend backend = Backend::Emulator;
  std::string device = "CPU emulator (Boost.Context fibers), clang-instrumented program";
  std::string toolkit;
};

// The trace, built once: run, arrays, steps, block results, global memory, launches.
Trace trace_of_raw(const RawRecord& raw, const TraceInputs& inputs);

// The line of `pc` (0: not a line of the program's file).
int line_at(const std::map<std::uint64_t, int>& lines, std::uint64_t pc);

// The file's lines (the first is line 1). Throws OwnProgramError.
std::vector<std::string> source_of(const std::filesystem::path& file);

}  // namespace stridescope
