// The source line and opcode of every machine instruction of a cubin, read from
// `nvdisasm -c -gi` (built with nvcc -lineinfo): how a GPU pc becomes FILE:LINE in a GPU trace.
#pragma once

#include <cstdint>
#include <filesystem>
#include <map>
#include <string>

namespace stridescope {

struct SassInstruction {
  int line = 0;        // in the program's file (0: the instruction is from no line of it)
  std::string opcode;  // "LDS", "BAR.SYNC.DEFER_BLOCKING", "SHFL.DOWN", ...
};

// Function (its mangled name) -> offset of the instruction in it -> the instruction.
using SassTable = std::map<std::string, std::map<std::uint64_t, SassInstruction>>;

// An instruction's line is the innermost of its frames (a helper inlined into the kernel, then the
// kernel) that lies in `file`: code of a header inlined into the file gets the line that called
// it. Files are matched by name (the GPU machine builds the file from another folder).
SassTable sass_table(const std::string& nvdisasm_text, const std::filesystem::path& file);

}  // namespace stridescope
