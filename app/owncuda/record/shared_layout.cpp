// The traced block's shared arrays, packed from word 0 (see shared_layout.h).
#include "owncuda/record/shared_layout.h"

#include <algorithm>
#include <sstream>

#include "owncuda/own_program.h"
#include "owncuda/process/child_process.h"

namespace stridescope {

namespace fs = std::filesystem;

namespace {

// The first thread-local of the user's file: where its __shared__ variables begin (qualifiers.h).
constexpr const char* kBegin = "stridescope_shared_begin";

std::vector<std::uint32_t> dims_of(const std::string& type) {
  std::vector<std::uint32_t> dims;
  for (std::size_t open = type.find('['); open != std::string::npos;
       open = type.find('[', open + 1))
    dims.push_back(std::uint32_t(std::strtoul(type.c_str() + open + 1, nullptr, 10)));
  return dims;
}

}  // namespace

SharedSymbol shared_symbol_named(const std::string& demangled) {
  SharedSymbol s;
  const std::size_t colons = demangled.rfind("::");
  if (colons == std::string::npos) {
    s.name = demangled;
    return s;
  }
  s.name = demangled.substr(colons + 2);
  std::string f = demangled.substr(0, colons);
  f = f.substr(0, f.find('('));
  f = f.substr(0, f.find('<'));
  if (std::size_t space = f.rfind(' '); space != std::string::npos) f = f.substr(space + 1);
  s.function = f;
  return s;
}

std::vector<SharedSymbol> shared_symbols(const fs::path& program, const fs::path& dir,
                                         std::uint32_t used_bytes) {
  const std::string nm = find_tool({"llvm-nm-14", "llvm-nm", "nm"});
  if (nm.empty()) throw OwnProgramError("nm not found (install llvm-14 or binutils)");
  if (run_process({nm, "-S", "-C", "--defined-only", program.string()}, dir / "symbols.txt",
                  dir / "nm.err") != 0)
    throw OwnProgramError("nm failed: " + read_file(dir / "nm.err"));
  std::istringstream lines(read_file(dir / "symbols.txt"));
  std::string line;
  std::uint64_t start = 0;
  struct Raw {
    std::uint64_t address, size;
    std::string name;
  };
  std::vector<Raw> raw;
  while (std::getline(lines, line)) {
    std::istringstream fields(line);
    std::string address, second, third;
    fields >> address >> second >> third;
    std::string rest;
    std::getline(fields, rest);
    if (second.size() == 1) {  // no size: "address type name"
      if (third == kBegin) start = std::stoull(address, nullptr, 16);
      continue;
    }
    // "address size type name"
    if (!rest.empty() && rest.front() == ' ') rest.erase(0, 1);
    if (rest == kBegin) {  // llvm-nm prints it with size 0
      start = std::stoull(address, nullptr, 16);
      continue;
    }
    // Only data: the thread-locals' values are offsets in the TLS block, which a function's or an
    // absolute symbol's small value could equal.
    if (third.size() != 1 || std::string("bBdDVWuv").find(third[0]) == std::string::npos) continue;
    raw.push_back({std::stoull(address, nullptr, 16), std::stoull(second, nullptr, 16), rest});
  }
  std::vector<SharedSymbol> out;
  for (const Raw& r : raw) {
    // Size 0: a marker, no array; the red zone before a file's arrays (qualifiers.h) is none
    // either.
    if (r.size == 0 || r.address < start || r.address >= start + used_bytes ||
        r.name == "stridescope_shared_front")
      continue;
    SharedSymbol s = shared_symbol_named(r.name);
    if (s.name == "stridescope_dynamic_shared") s.name = "";  // named by its extern declaration
    s.offset = std::uint32_t(r.address - start);
    s.bytes = std::uint32_t(std::min<std::uint64_t>(r.size, start + used_bytes - r.address));
    out.push_back(s);
  }
  // The dynamic memory's other names (the extern declarations' aliases) are the same array.
  std::stable_sort(out.begin(), out.end(), [](const SharedSymbol& a, const SharedSymbol& b) {
    return a.offset != b.offset ? a.offset < b.offset : a.name.empty() > b.name.empty();
  });
  out.erase(std::unique(
                out.begin(), out.end(),
                [](const SharedSymbol& a, const SharedSymbol& b) { return a.offset == b.offset; }),
            out.end());
  return out;
}

SharedLayout::SharedLayout(const std::vector<SharedSymbol>& symbols,
                           const std::vector<std::uint32_t>& touched, std::uint32_t section_bytes) {
  for (const SharedSymbol& s : symbols) {
    const bool used = std::any_of(touched.begin(), touched.end(), [&](std::uint32_t t) {
      return t >= s.offset && t < s.offset + s.bytes;
    });
    if (!used || s.bytes == 0) continue;
    bytes_ = (bytes_ + 15) / 16 * 16;
    placed_.push_back({s, bytes_});
    bytes_ += s.bytes;
  }
  if (placed_.empty()) {  // nothing touched: the section as it is
    identity_ = true;
    bytes_ = section_bytes;
    for (const SharedSymbol& s : symbols) placed_.push_back({s, s.offset});
  }
  bytes_ = (bytes_ + 7) / 8 * 8;
}

std::uint32_t SharedLayout::offset_of(std::uint32_t section_offset) const {
  if (identity_) return section_offset;
  for (const Placed& p : placed_)
    if (section_offset >= p.symbol.offset && section_offset < p.symbol.offset + p.symbol.bytes)
      return p.at + (section_offset - p.symbol.offset);
  return section_offset;  // not in a placed array: cannot happen for a touched offset
}

std::vector<std::uint32_t> SharedLayout::words(const std::vector<std::uint32_t>& section) const {
  if (identity_) {
    std::vector<std::uint32_t> w = section;
    w.resize(bytes_ / 4);
    return w;
  }
  std::vector<std::uint32_t> out(bytes_ / 4, 0);
  for (const Placed& p : placed_)
    for (std::uint32_t b = 0; b < p.symbol.bytes; b += 4)
      if ((p.symbol.offset + b) / 4 < section.size())
        out[(p.at + b) / 4] = section[(p.symbol.offset + b) / 4];
  return out;
}

std::vector<SharedArray> SharedLayout::arrays(const std::vector<SharedDecl>& decls,
                                              std::uint32_t word_size) const {
  std::vector<SharedArray> out;
  for (const Placed& p : placed_) {
    SharedArray a;
    a.name = p.symbol.name;
    a.first_word = p.at / word_size;
    const std::uint32_t words = std::max<std::uint32_t>(1, p.symbol.bytes / word_size);
    for (const SharedDecl& d : decls) {
      const bool dynamic = p.symbol.name.empty() && d.is_extern;
      if (!dynamic && (d.name != p.symbol.name || d.function != p.symbol.function)) continue;
      if (dynamic) a.name = d.name;
      std::vector<std::uint32_t> dims = dims_of(d.type);
      std::uint64_t product = 1;
      for (std::uint32_t x : dims) product *= x;
      if (!dims.empty() && product == words) a.dims = dims;
      break;
    }
    if (a.name.empty()) a.name = "extern __shared__";
    if (a.dims.empty()) a.dims = {words};
    out.push_back(std::move(a));
  }
  return out;
}

}  // namespace stridescope
