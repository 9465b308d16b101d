// Which __shared__ arrays of a user's program a traced block used, and where they go in its
// trace: each kernel's arrays start at word 0, in address order, as on a GPU (the program's
// ELF section holds every kernel's arrays one after another).
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "program/read/program_parse.h"
#include "trace/trace.h"

namespace stridescope {

// A variable in the program's stridescope_shared section, from its symbol table.
struct SharedSymbol {
  std::string name;                     // "As"
  std::string function;                 // "matmul_tiled" ("" at file scope)
  std::uint32_t offset = 0, bytes = 0;  // in the section
  std::uint32_t align = 16;             // where a GPU places it (gpu_alignment of its type)
};

// A variable's demangled name split: "void reduce<256u>(int const*, int*)::sdata" ->
// {"sdata", "reduce"}; a file-scope one has no function.
SharedSymbol shared_symbol_named(const std::string& demangled);

// The variables among `all` (the record's, program_symbols.h) that lie in the first
// `used_bytes` of the section (the traced launch's static arrays and its dynamic shared memory),
// cut at that end; each place once (the dynamic memory's extern names are one array).
std::vector<SharedSymbol> shared_symbols_used(const std::vector<SharedSymbol>& all,
                                              std::uint32_t used_bytes);

// Each declared variable's `align` from its declaration's type (gpu_alignment); the dynamic memory
// (an extern declaration's, or none) and a variable not declared in `decls` keep 16.
void align_as_a_gpu(std::vector<SharedSymbol>& symbols, const std::vector<SharedDecl>& decls);

class SharedLayout {
 public:
  // The arrays among `symbols` that the section offsets in `touched` fall in, packed from 0 in
  // their order, each at its `align` as a GPU lays them out (an int after an int[8] at byte 32, a
  // float after it at 36; a CPU's section puts 16 bytes apart what is 16 bytes or more). With none
  // touched: the whole section, as it is.
  SharedLayout(const std::vector<SharedSymbol>& symbols, const std::vector<std::uint32_t>& touched,
               std::uint32_t section_bytes);
  std::uint32_t bytes() const { return bytes_; }
  std::uint32_t offset_of(std::uint32_t section_offset) const;  // the byte's new place
  // 4-byte words of the section -> 4-byte words of the layout.
  std::vector<std::uint32_t> words(const std::vector<std::uint32_t>& section_words) const;
  // The trace's arrays: names, first words and dims (from the declarations' types).
  std::vector<SharedArray> arrays(const std::vector<SharedDecl>& decls,
                                  std::uint32_t word_size) const;

 private:
  struct Placed {
    SharedSymbol symbol;
    std::uint32_t at = 0;  // new byte offset
  };
  std::vector<Placed> placed_;
  std::uint32_t bytes_ = 0;
  bool identity_ = false;
};

}  // namespace stridescope
