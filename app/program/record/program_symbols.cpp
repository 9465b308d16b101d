// A program's __shared__ variables from its runtime's record (see program_symbols.h).
#include "program/record/program_symbols.h"

namespace stridescope {

std::vector<SharedSymbol> record_shared_symbols(const RawRecord& raw) {
  std::vector<SharedSymbol> out;
  for (const RawSharedSymbol& s : raw.shared_symbols) {
    SharedSymbol symbol = shared_symbol_named(s.name);
    if (symbol.name == "stridescope_dynamic_shared") symbol.name = "";  // named by its extern
    symbol.offset = s.offset;
    symbol.bytes = s.bytes;
    out.push_back(std::move(symbol));
  }
  return out;
}

}  // namespace stridescope
