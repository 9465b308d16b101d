// The traced block's shared arrays, packed from word 0 (see shared_layout.h).
#include "program/record/shared_layout.h"

#include <algorithm>
#include <cstdlib>
#include <optional>

#include "program/read/shared_types.h"

namespace stridescope {

namespace {

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

std::vector<SharedSymbol> shared_symbols_used(const std::vector<SharedSymbol>& all,
                                              std::uint32_t used_bytes) {
  std::vector<SharedSymbol> out;
  for (SharedSymbol s : all) {
    if (s.offset >= used_bytes) continue;
    s.bytes = std::min(s.bytes, used_bytes - s.offset);
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

void align_as_a_gpu(std::vector<SharedSymbol>& symbols, const std::vector<SharedDecl>& decls) {
  for (SharedSymbol& s : symbols) {
    for (const SharedDecl& d : decls)
      if (!d.is_extern && d.name == s.name && d.function == s.function)
        s.align = gpu_alignment(d.type);
  }
}

SharedLayout::SharedLayout(const std::vector<SharedSymbol>& symbols,
                           const std::vector<std::uint32_t>& touched, std::uint32_t section_bytes) {
  for (const SharedSymbol& s : symbols) {
    const bool used = std::any_of(touched.begin(), touched.end(), [&](std::uint32_t t) {
      return t >= s.offset && t < s.offset + s.bytes;
    });
    if (!used || s.bytes == 0) continue;
    const std::uint32_t align = std::max<std::uint32_t>(1, s.align);
    bytes_ = (bytes_ + align - 1) / align * align;
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
  // Byte by byte: a char or short array may start inside a word.
  const auto byte_of = [&](std::uint32_t at) -> std::uint32_t {
    return at / 4 < section.size() ? (section[at / 4] >> (8 * (at % 4))) & 0xffu : 0u;
  };
  std::vector<std::uint32_t> out(bytes_ / 4, 0);
  for (const Placed& p : placed_)
    for (std::uint32_t b = 0; b < p.symbol.bytes; ++b)
      out[(p.at + b) / 4] |= byte_of(p.symbol.offset + b) << (8 * ((p.at + b) % 4));
  return out;
}

std::vector<SharedArray> SharedLayout::arrays(const std::vector<SharedDecl>& decls,
                                              std::uint32_t word_size) const {
  // The dynamic memory is every kernel's extern array: its type is theirs only where they agree.
  std::optional<ElementType> extern_type;
  bool externs_agree = true, externs_unsigned = true;
  for (const SharedDecl& d : decls) {
    if (!d.is_extern) continue;
    const std::optional<ElementType> t = declared_element_type(d.type);
    externs_agree = externs_agree && t && (!extern_type || *extern_type == *t);
    externs_unsigned = externs_unsigned && is_unsigned_integer(d.type);
    extern_type = t;
  }
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
      a.type =
          dynamic ? (externs_agree ? extern_type : std::nullopt) : declared_element_type(d.type);
      a.is_unsigned = a.type == ElementType::Int &&
                      (dynamic ? externs_agree && externs_unsigned : is_unsigned_integer(d.type));
      // Doubles and signed 8-byte integers among 4-byte arrays: an element is two words (its
      // halves, each in its own bank).
      const bool wide_int = !dynamic && is_signed_eight_byte_integer(d.type);
      if (wide_int) a.type = ElementType::Int;
      if ((a.type == ElementType::Double || wide_int) && word_size == 4 && words % 2 == 0 &&
          p.at % 8 == 0)
        a.element_words = 2;
      else if (wide_int)
        a.type = std::nullopt;  // its words as bits
      std::vector<std::uint32_t> dims = dims_of(d.type);
      std::uint64_t product = 1;
      for (std::uint32_t x : dims) product *= x;
      if (!dims.empty() && product * a.element_words == words) a.dims = dims;
      break;
    }
    if (a.name.empty()) a.name = "extern __shared__";
    if (a.dims.empty()) a.dims = {words / a.element_words};
    out.push_back(std::move(a));
  }
  return out;
}

}  // namespace stridescope
