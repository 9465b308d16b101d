// The windows of shared memory a launch may touch, and the words of an out-of-bounds access's
// error line (see bounds.h).
#include "bounds.h"

#include <algorithm>
#include <map>
#include <memory>
#include <tuple>
#include <utility>

#include "self_symbols.h"

namespace stridescope_rt {

namespace {

// "k(int*)::s" -> "s"
std::string last_component(const std::string& name) {
  const std::size_t colons = name.rfind("::");
  return colons == std::string::npos ? name : name.substr(colons + 2);
}

std::string verb(char kind) {
  return kind == 'w' ? "wrote" : kind == 'a' ? "made an atomic read-modify-write of" : "read";
}

// "s[32]", "d[8] (16 bytes)", or "2 bytes at byte 130 of s" where the byte is not an element's.
std::string touched(const std::string& name, std::int64_t byte, unsigned size,
                    std::uint32_t element) {
  if (byte % std::int64_t(element) != 0)
    return std::to_string(size) + " bytes at byte " + std::to_string(byte) + " of " + name;
  std::string out = name + "[" + std::to_string(byte / std::int64_t(element)) + "]";
  if (size != element) out += " (" + std::to_string(size) + " bytes)";
  return out;
}

// "s[0]..s[31], 4-byte elements", or "130 bytes" where the size is not a whole number of them.
std::string extent(const std::string& name, std::uint64_t bytes, std::uint32_t element) {
  if (bytes == 0 || bytes % element != 0) return std::to_string(bytes) + " bytes";
  return name + "[0].." + name + "[" + std::to_string(bytes / element - 1) + "], " +
         std::to_string(element) + "-byte elements";
}

const char* side(std::int64_t byte) {
  return byte < 0 ? "before the start" : "past the end";
}

std::string ordinal(std::size_t n) {
  const std::size_t tens = n % 100, ones = n % 10;
  const char* suffix = tens >= 11 && tens <= 13 ? "th"
                       : ones == 1              ? "st"
                       : ones == 2              ? "nd"
                       : ones == 3              ? "rd"
                                                : "th";
  return std::to_string(n) + suffix;
}

// "_ZZ" + encoding + "E": how the names of a kernel's own static variables start.
std::string statics_prefix(const FunctionSymbol& kernel) {
  return "_ZZ" + function_encoding(kernel.name) + "E";
}

// Whether the launch's kernel may touch the variable: not if it is another kernel's own.
bool kernel_may_touch(const std::string& variable, const std::string& mine) {
  if (mine.empty() || variable.rfind(mine, 0) == 0) return true;
  for (const FunctionSymbol& k : self_symbols().kernels)
    if (variable.rfind(statics_prefix(k), 0) == 0) return false;
  return true;
}

// A function's name without its namespaces, template arguments and parameters: "_Z1kIfEvPT_" ->
// "k"; "" where it does not parse.
std::string base_name(const std::string& mangled) {
  const std::string d = demangled(mangled);
  int depth = 0;
  std::size_t end = d.size(), begin = 0;
  for (std::size_t i = 0; i < d.size(); ++i) {
    const char c = d[i];
    if (c == '<' || c == '(') {
      if (depth++ == 0 && end == d.size()) end = i;
    } else if (c == '>' || c == ')') {
      --depth;
    } else if (depth == 0 && end == d.size() && (c == ' ' || c == ':')) {
      begin = i + 1;  // past a return type or a namespace
    }
  }
  return d.substr(begin, end - begin);
}

constexpr const char* kExternIn = "stridescope_extern_in.";

// Whether dynshared.s says the extern array `name` is declared in a kernel other than `mine_base`
// (an alias "stridescope_extern_in.FUNCTION.NAME"; one in a __device__ function or at file scope
// may be any kernel's).
bool another_kernels_extern(const SelfSymbols& symbols, const std::string& name,
                            const std::string& mine_base) {
  const std::size_t prefix = std::char_traits<char>::length(kExternIn);
  bool another = false;
  for (const TlsSymbol& t : symbols.tls) {
    if (t.name.rfind(kExternIn, 0) != 0 || t.name.size() <= prefix + name.size() + 1 ||
        t.name.compare(t.name.size() - name.size() - 1, std::string::npos, "." + name) != 0)
      continue;
    const std::string function = t.name.substr(prefix, t.name.size() - prefix - name.size() - 1);
    if (function == mine_base) return false;  // kernels may declare the same name
    for (const FunctionSymbol& k : symbols.kernels)
      if (base_name(k.name) == function) another = true;
  }
  return another;
}

// The pieces of shared memory from the front red zone to the end of the dynamic memory, by begin.
std::vector<SharedObject> shared_objects(const void* kernel, std::size_t dynamic,
                                         std::int64_t dynamic_offset) {
  const SelfSymbols& symbols = self_symbols();
  std::string mine, mine_base;
  for (const FunctionSymbol& k : symbols.kernels)
    if (k.begin == reinterpret_cast<std::uintptr_t>(kernel)) {
      mine = statics_prefix(k);
      mine_base = base_name(k.name);
    }
  const std::int64_t first = -std::int64_t(kSharedFrontRedZone);
  const std::int64_t last = dynamic_offset + std::int64_t(kDynamicSharedBytes);
  std::vector<SharedObject> out;
  std::string dynamic_names;
  for (const TlsSymbol& t : symbols.tls) {
    if (t.size == 0 || t.offset < first || t.offset >= last) continue;
    const std::string name = last_component(demangled(t.name));
    if (t.offset == dynamic_offset) {  // dynshared.s: the extern __shared__ names
      if (t.name != "stridescope_dynamic_shared" && t.name.rfind(kExternIn, 0) != 0 &&
          !another_kernels_extern(symbols, t.name, mine_base))
        dynamic_names += (dynamic_names.empty() ? "" : " or ") + name;
      continue;
    }
    const bool red_zone = t.name.rfind("stridescope_", 0) == 0;
    const bool own = !mine.empty() && t.name.rfind(mine, 0) == 0;
    out.push_back({t.offset, t.offset + std::int64_t(t.size),
                   !red_zone && kernel_may_touch(t.name, mine), false, own, name});
  }
  if (!symbols.found) out.push_back({0, dynamic_offset, true, false, false, ""});  // all of it
  const std::int64_t end = dynamic_offset + std::int64_t(dynamic);
  out.push_back({dynamic_offset, end, dynamic > 0, true, false, dynamic_names});
  out.push_back({end, last, false, false, false, ""});
  std::stable_sort(out.begin(), out.end(),
                   [](const SharedObject& a, const SharedObject& b) { return a.begin < b.begin; });
  return out;
}

// Marks the objects the kernel may touch and the padding between two of them.
void mark(SharedWindow& w) {
  const auto set = [&](std::int64_t from, std::int64_t to) {
    for (std::int64_t b = std::max(from, w.first); b < to; ++b)
      w.allowed[std::size_t(b - w.first)] = 1;
  };
  std::int64_t covered = w.first;
  bool previous_allowed = false;
  for (const SharedObject& o : w.objects) {
    if (o.begin > covered && previous_allowed && o.allowed) set(covered, o.begin);
    if (o.allowed) set(o.begin, o.end);
    if (o.end > covered) {
      covered = o.end;
      previous_allowed = o.allowed;
    }
  }
}

// How well `o` explains an access at `offset`: the nearest first, then the kernel's own array,
// then the dynamic memory for an offset in it (an array that ends where the dynamic memory starts,
// overrun, is both).
std::tuple<std::int64_t, int> rank(const SharedObject& o, std::int64_t offset) {
  const std::int64_t distance =
      offset < o.begin ? o.begin - offset : std::max<std::int64_t>(0, offset - o.end);
  return {distance, o.own ? 0 : o.dynamic && offset >= o.begin ? 1 : 2};
}

// The named piece that best explains an access at `offset`, among those the kernel may touch (the
// dynamic memory counts, even empty, where the program declares it).
const SharedObject* nearest(const SharedWindow& w, std::int64_t offset) {
  const SharedObject* best = nullptr;
  for (const SharedObject& o : w.objects) {
    if (o.name.empty() || !(o.allowed || o.dynamic)) continue;
    if (best == nullptr || rank(o, offset) < rank(*best, offset)) best = &o;
  }
  return best;
}

}  // namespace

const SharedWindow& shared_window(const void* kernel, std::size_t dynamic,
                                  std::int64_t dynamic_offset) {
  static auto* made =
      new std::map<std::pair<const void*, std::size_t>, std::unique_ptr<SharedWindow>>;
  std::unique_ptr<SharedWindow>& w = (*made)[{kernel, dynamic}];
  if (w) return *w;
  w = std::make_unique<SharedWindow>();
  w->first = -std::int64_t(kSharedFrontRedZone);
  w->allowed.assign(std::size_t(dynamic_offset - w->first) + kDynamicSharedBytes + kWindowTail, 0);
  w->objects = shared_objects(kernel, dynamic, dynamic_offset);
  mark(*w);
  return *w;
}

std::string shared_overrun(const SharedWindow& window, std::int64_t offset, unsigned size,
                           char kind) {
  const SharedObject* o = nearest(window, offset);
  if (o == nullptr)
    return verb(kind) + " " + std::to_string(size) +
           " bytes of shared memory, outside every __shared__ array of its kernel";
  const std::int64_t byte = offset - o->begin;
  const std::uint64_t bytes = std::uint64_t(o->end - o->begin);
  const std::string name = o->name.substr(0, o->name.find(" or "));  // extern names: the first
  std::string text =
      verb(kind) + " " + touched(name, byte, size, size) + ", " + side(byte) + " of ";
  if (!o->dynamic) return text + "__shared__ " + name + " (" + extent(name, bytes, size) + ")";
  text += "the dynamic shared memory extern __shared__ " + o->name + "[] (this launch gives it " +
          std::to_string(bytes) + " bytes";
  if (bytes > 0 && bytes % size == 0) text += ": " + extent(name, bytes, size);
  if (bytes == 0)
    text += "; a launch gives it its size as its third parameter, k<<<grid, block, bytes>>>";
  return text + ")";
}

const BufferSpan* nearest_buffer(const std::vector<BufferSpan>& buffers, std::uintptr_t address) {
  const BufferSpan* best = nullptr;
  std::uintptr_t best_distance = 0;
  for (const BufferSpan& b : buffers) {
    const std::uintptr_t d = address < b.begin  ? b.begin - address
                             : address >= b.end ? address - b.end
                                                : 0;
    if (best == nullptr || d < best_distance) {
      best = &b;
      best_distance = d;
    }
  }
  return best;
}

std::string buffer_overrun(const BufferSpan& buffer, std::uintptr_t address, unsigned size,
                           char kind) {
  const std::uint32_t element = buffer.element_size != 0 ? buffer.element_size : size;
  const std::int64_t byte = std::int64_t(address - buffer.begin);
  const std::string name = buffer.name.empty() ? "buffer" : buffer.name;
  std::string text = verb(kind) + " " + touched(name, byte, size, element);
  if (byte % std::int64_t(element) == 0) text += " (byte " + std::to_string(byte) + ")";
  text += std::string(", ") + side(byte) + " of the ";
  text += buffer.name.empty() ? "program's " + ordinal(buffer.ordinal + 1) + " cudaMalloc buffer"
                              : "cudaMalloc buffer " + name;
  text += " (" + extent(name, buffer.end - buffer.begin, element);
  if (!buffer.site.empty()) text += ", allocated at " + buffer.site;
  return text + ")";
}

std::string buffer_name_of(const char* arguments) {
  std::string first;
  int depth = 0;
  for (const char* p = arguments; p && *p && !(*p == ',' && depth == 0); ++p) {
    depth += (*p == '(' || *p == '[') - (*p == ')' || *p == ']');
    first += *p;
  }
  // The variable after the first & outside brackets: `(void**)&d_a` -> d_a; `&a[i & 1]` -> a[i &
  // 1], refused below (a space); `c ? &d_a : &d_b` -> refused.
  std::size_t amp = std::string::npos;
  for (std::size_t i = 0, level = 0; i < first.size() && amp == std::string::npos; ++i) {
    if (first[i] == '(' || first[i] == '[') ++level;
    if ((first[i] == ')' || first[i] == ']') && level > 0) --level;
    if (first[i] == '&' && level == 0) amp = i;
  }
  std::string name = amp == std::string::npos ? first : first.substr(amp + 1);
  const auto strip = [&](const char* chars) {
    name.erase(0, name.find_first_not_of(chars));
    name.erase(name.find_last_not_of(chars) + 1);
  };
  strip(" \t\n()");
  for (char c : name)
    if (!(std::isalnum(static_cast<unsigned char>(c)) ||
          std::string("_.:->[]").find(c) != std::string::npos))
      return "";
  if (name.empty() || !(std::isalpha(static_cast<unsigned char>(name[0])) || name[0] == '_'))
    return "";
  return amp == std::string::npos ? "*" + name : name;
}

}  // namespace stridescope_rt
