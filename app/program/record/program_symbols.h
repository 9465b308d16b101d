// A built program's symbols, read once per build by one nm run: its __shared__ variables (their
// places in the stridescope_shared section) and its functions (a launch's kernel by its address).
#pragma once

#include <cstdint>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "program/record/shared_layout.h"

namespace stridescope {

struct ProgramSymbols {
  std::vector<SharedSymbol> shared;                // every variable of the section, by offset
  std::map<std::uint64_t, std::string> functions;  // address -> demangled name ("dot(float*)")
};

// Runs nm (llvm-nm-14 or binutils) on `program`, its output in `dir`. Throws OwnProgramError.
ProgramSymbols read_program_symbols(const std::filesystem::path& program,
                                    const std::filesystem::path& dir);

// Reads nm's `-S -C --defined-only` listing (pure; read_program_symbols's second half).
ProgramSymbols program_symbols_of(const std::string& listing);

}  // namespace stridescope
