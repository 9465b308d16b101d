// The program's own symbol table (/proc/self/exe's .symtab), read once: the thread-locals around
// the user's __shared__ variables (by their offset from stridescope_shared_begin), the kernels
// (qualifiers.h puts every __global__ function in the stridescope_kernels section) and which code
// is the runtime's (a stack overflow inside a callback is blamed on the user's line that called
// it).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace stridescope_rt {

struct TlsSymbol {
  std::int64_t offset = 0;  // from stridescope_shared_begin
  std::uint64_t size = 0;
  std::string name;  // as linked (mangled)
};

struct FunctionSymbol {
  std::uintptr_t begin = 0, end = 0;
  std::string name;      // as linked (mangled)
  bool runtime = false;  // the runtime's code (and the C++ library's), not the user's
};

struct SelfSymbols {
  bool found = false;                     // the table and stridescope_shared_begin were read
  std::vector<TlsSymbol> tls;             // by offset
  std::vector<FunctionSymbol> kernels;    // by address
  std::vector<FunctionSymbol> functions;  // every function, by address
};

// Read on the first call (thread-safe); empty where the table cannot be read.
const SelfSymbols& self_symbols();

// The function whose code holds `pc`, or null.
const FunctionSymbol* function_at(std::uintptr_t pc);

// A C++ name as written ("k(int*)::s"); the name itself where it is not mangled.
std::string demangled(const std::string& mangled);

// The mangled encoding of a function that its local static variables' names start with:
// "_ZZ" + encoding + "E". "_Z1kPi" -> "1kPi"; an extern "C" kernel "k" -> "1k".
std::string function_encoding(const std::string& mangled);

}  // namespace stridescope_rt
