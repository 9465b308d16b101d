// The program's own symbol table, read from /proc/self/exe (see self_symbols.h).
#include "self_symbols.h"

#include <cxxabi.h>
#include <elf.h>
#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>

namespace stridescope_rt {

namespace {

constexpr const char* kMarker = "stridescope_shared_begin";
constexpr const char* kKernelSection = "stridescope_kernels";

template <typename T>
bool read_at(int fd, std::uint64_t offset, std::vector<T>& out, std::size_t count) {
  out.resize(count);
  const std::size_t bytes = count * sizeof(T);
  return pread(fd, out.data(), bytes, off_t(offset)) == ssize_t(bytes);
}

// The runtime's code, the C++ library's and Boost's: a fault there happened on the way in from a
// user's line (a coverage callback, a switch of threads).
bool runtime_name(const std::string& name) {
  static const char* const kParts[] = {"stridescope", "__sanitizer_cov", "nlohmann", "boost"};
  for (const char* part : kParts)
    if (name.find(part) != std::string::npos) return true;
  return name.rfind("_ZNSt", 0) == 0 || name.rfind("_ZNKSt", 0) == 0 || name.rfind("_ZSt", 0) == 0;
}

struct Table {
  std::vector<Elf64_Shdr> sections;
  std::vector<Elf64_Sym> symbols;
  std::vector<char> names;
  std::size_t kernel_section = SHN_UNDEF;
};

bool read_table(Table& t) {
  const int fd = open("/proc/self/exe", O_RDONLY | O_CLOEXEC);
  if (fd < 0) return false;
  std::vector<Elf64_Ehdr> header;
  bool ok = read_at(fd, 0, header, 1) && std::memcmp(header[0].e_ident, ELFMAG, SELFMAG) == 0 &&
            header[0].e_shentsize == sizeof(Elf64_Shdr) &&
            read_at(fd, header[0].e_shoff, t.sections, header[0].e_shnum);
  std::vector<char> section_names;
  if (ok && header[0].e_shstrndx < t.sections.size()) {
    const Elf64_Shdr& s = t.sections[header[0].e_shstrndx];
    ok = read_at(fd, s.sh_offset, section_names, s.sh_size);
  }
  for (std::size_t i = 0; ok && i < t.sections.size(); ++i) {
    const Elf64_Shdr& s = t.sections[i];
    if (s.sh_name < section_names.size() &&
        std::strcmp(section_names.data() + s.sh_name, kKernelSection) == 0)
      t.kernel_section = i;
    if (s.sh_type != SHT_SYMTAB || s.sh_link >= t.sections.size()) continue;
    const Elf64_Shdr& strings = t.sections[s.sh_link];
    ok = read_at(fd, s.sh_offset, t.symbols, s.sh_size / sizeof(Elf64_Sym)) &&
         read_at(fd, strings.sh_offset, t.names, strings.sh_size);
  }
  close(fd);
  return ok && !t.symbols.empty();
}

SelfSymbols parse() {
  SelfSymbols out;
  Table t;
  if (!read_table(t)) return out;
  std::uint64_t marker = 0;
  std::vector<TlsSymbol> tls;
  for (const Elf64_Sym& s : t.symbols) {
    if (s.st_shndx == SHN_UNDEF || s.st_shndx >= t.sections.size() || s.st_name >= t.names.size())
      continue;
    const std::string name = t.names.data() + s.st_name;
    if ((t.sections[s.st_shndx].sh_flags & SHF_TLS) != 0) {
      if (name == kMarker) {
        marker = s.st_value;
        out.found = true;
      }
      tls.push_back({std::int64_t(s.st_value), s.st_size, name});
      continue;
    }
    if (ELF64_ST_TYPE(s.st_info) != STT_FUNC || s.st_value == 0) continue;
    FunctionSymbol f{s.st_value, s.st_value + std::max<std::uint64_t>(s.st_size, 1), name,
                     runtime_name(name)};
    if (s.st_shndx == t.kernel_section) out.kernels.push_back(f);
    out.functions.push_back(std::move(f));
  }
  for (TlsSymbol& s : tls) s.offset -= std::int64_t(marker);
  out.tls = std::move(tls);
  const auto by_offset = [](const TlsSymbol& a, const TlsSymbol& b) { return a.offset < b.offset; };
  const auto by_address = [](const FunctionSymbol& a, const FunctionSymbol& b) {
    return a.begin < b.begin;
  };
  std::sort(out.tls.begin(), out.tls.end(), by_offset);
  std::sort(out.kernels.begin(), out.kernels.end(), by_address);
  std::sort(out.functions.begin(), out.functions.end(), by_address);
  return out;
}

}  // namespace

const SelfSymbols& self_symbols() {
  static const SelfSymbols* symbols = new SelfSymbols(parse());  // never destroyed
  return *symbols;
}

const FunctionSymbol* function_at(std::uintptr_t pc) {
  const std::vector<FunctionSymbol>& f = self_symbols().functions;
  auto it = std::upper_bound(f.begin(), f.end(), pc,
                             [](std::uintptr_t x, const FunctionSymbol& s) { return x < s.begin; });
  if (it == f.begin() || pc >= (it - 1)->end) return nullptr;
  return &*(it - 1);
}

std::string demangled(const std::string& mangled) {
  if (mangled.rfind("_Z", 0) != 0) return mangled;  // a C name ("e" would read as long double)
  int status = 0;
  char* text = abi::__cxa_demangle(mangled.c_str(), nullptr, nullptr, &status);
  if (status != 0 || text == nullptr) return mangled;
  std::string out = text;
  std::free(text);
  return out;
}

std::string function_encoding(const std::string& mangled) {
  if (mangled.rfind("_Z", 0) == 0) return mangled.substr(2);
  return std::to_string(mangled.size()) + mangled;
}

}  // namespace stridescope_rt
