// A built program's shared variables and functions from one nm run (see program_symbols.h).
#include "program/record/program_symbols.h"

#include <sstream>

#include "program/own_program_error.h"
#include "program/process/child_process.h"

namespace stridescope {

namespace fs = std::filesystem;

namespace {

// The first thread-local of the user's file: where its __shared__ variables begin (qualifiers.h).
constexpr const char* kBegin = "stridescope_shared_begin";

struct Listed {
  std::uint64_t address = 0, size = 0;
  char type = '?';
  std::string name;
};

// nm's "address size type name" or, for a symbol without a size, "address type name".
bool parse_line(const std::string& line, Listed& out) {
  std::istringstream fields(line);
  std::string address, second, third, rest;
  if (!(fields >> address >> second >> third)) return false;
  std::getline(fields, rest);
  if (!rest.empty() && rest.front() == ' ') rest.erase(0, 1);
  try {
    out.address = std::stoull(address, nullptr, 16);
    if (second.size() == 1) {  // no size
      out.type = second[0];
      out.name = third + (rest.empty() ? "" : " " + rest);
      out.size = 0;
      return true;
    }
    out.size = std::stoull(second, nullptr, 16);
  } catch (const std::exception&) {
    return false;
  }
  out.type = third.size() == 1 ? third[0] : '?';
  out.name = rest;
  return true;
}

}  // namespace

ProgramSymbols program_symbols_of(const std::string& listing) {
  std::vector<Listed> data;
  std::uint64_t start = 0;
  ProgramSymbols out;
  std::istringstream lines(listing);
  for (std::string line; std::getline(lines, line);) {
    Listed s;
    if (!parse_line(line, s)) continue;
    if (s.name == kBegin) {  // llvm-nm prints it with size 0, binutils' nm with none
      start = s.address;
      continue;
    }
    if (std::string("tTwW").find(s.type) != std::string::npos)
      out.functions.emplace(s.address, s.name);
    // Only data (a weak symbol may be either): the thread-locals' values are offsets in the TLS
    // block, which a function's or an absolute symbol's small value could equal. Size 0: a
    // marker, no array.
    if (std::string("bBdDVWuv").find(s.type) != std::string::npos && s.size > 0) data.push_back(s);
  }
  for (const Listed& s : data) {
    // The red zone before a file's arrays (qualifiers.h) is no array.
    if (s.address < start || s.name == "stridescope_shared_front") continue;
    SharedSymbol symbol = shared_symbol_named(s.name);
    if (symbol.name == "stridescope_dynamic_shared") symbol.name = "";  // named by its extern
    symbol.offset = std::uint32_t(s.address - start);
    symbol.bytes = std::uint32_t(s.size);
    out.shared.push_back(symbol);
  }
  return out;
}

ProgramSymbols read_program_symbols(const fs::path& program, const fs::path& dir) {
  const std::string nm = find_tool({"llvm-nm-14", "llvm-nm", "nm"});
  if (nm.empty()) throw OwnProgramError("nm not found (install llvm-14 or binutils)");
  if (run_process({nm, "-S", "-C", "--defined-only", program.string()}, dir / "symbols.txt",
                  dir / "nm.err") != 0)
    throw OwnProgramError("nm failed: " + read_file(dir / "nm.err"));
  return program_symbols_of(read_file(dir / "symbols.txt"));
}

}  // namespace stridescope
