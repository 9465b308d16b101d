// A program's __shared__ variables from its runtime's record (see program_symbols.h).
#include "program/record/program_symbols.h"

namespace stridescope {

std::vector<SharedSymbol> record_shared_symbols(const nlohmann::json& raw) {
  std::vector<SharedSymbol> out;
  if (!raw.contains("shared_symbols")) return out;
  for (const nlohmann::json& s : raw["shared_symbols"]) {
    SharedSymbol symbol = shared_symbol_named(s["name"].get<std::string>());
    if (symbol.name == "stridescope_dynamic_shared") symbol.name = "";  // named by its extern
    symbol.offset = s["offset"].get<std::uint32_t>();
    symbol.bytes = s["bytes"].get<std::uint32_t>();
    out.push_back(std::move(symbol));
  }
  return out;
}

}  // namespace stridescope
