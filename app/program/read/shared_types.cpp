// The element types a program's __shared__ variables are traced in (see shared_types.h).
#include "program/read/shared_types.h"

namespace stridescope {

namespace {
// "volatile float[16][16]" -> "float"
std::string base_type(const std::string& type) {
  std::string t = type.substr(0, type.find('['));
  for (const char* q : {"volatile ", "const "})
    if (t.rfind(q, 0) == 0) t = t.substr(std::string(q).size());
  while (!t.empty() && t.back() == ' ') t.pop_back();
  return t;
}
}  // namespace

std::optional<ElementType> declared_element_type(const std::string& type) {
  const std::string base = base_type(type);
  if (base == "float") return ElementType::Float;
  if (base == "double") return ElementType::Double;
  for (const char* int4 : {"int", "unsigned int", "signed int", "unsigned", "signed", "int32_t",
                           "uint32_t", "std::int32_t", "std::uint32_t"})
    if (base == int4) return ElementType::Int;
  return std::nullopt;
}

bool is_signed_eight_byte_integer(const std::string& type) {
  const std::string base = base_type(type);
  for (const char* int8 : {"long long", "long long int", "signed long long", "long", "long int",
                           "signed long", "int64_t", "std::int64_t"})
    if (base == int8) return true;
  return false;
}

bool is_unsigned_integer(const std::string& type) {
  const std::string base = base_type(type);
  for (const char* uint4 : {"unsigned int", "unsigned", "uint32_t", "std::uint32_t"})
    if (base == uint4) return true;
  return false;
}

unsigned gpu_alignment(const std::string& type) {
  const std::string base = base_type(type);
  if (declared_element_type(type) == ElementType::Int || base == "float") return 4;
  if (base == "double" || is_signed_eight_byte_integer(type)) return 8;
  for (const char* eight : {"unsigned long long", "unsigned long long int", "unsigned long",
                            "unsigned long int", "uint64_t", "std::uint64_t", "size_t"})
    if (base == eight) return 8;
  for (const char* two : {"short", "unsigned short", "short int", "unsigned short int", "int16_t",
                          "uint16_t", "__half", "half"})
    if (base == two) return 2;
  for (const char* one : {"char", "unsigned char", "signed char", "bool", "int8_t", "uint8_t"})
    if (base == one) return 1;
  return 16;
}

ElementType shared_element_type(const std::vector<std::string>& shared_types, std::string* note) {
  if (shared_types.empty()) return ElementType::Int;
  bool all_float = true, all_double = true, any_wide = false, all_wide = true;
  for (const std::string& t : shared_types) {
    const std::string base = base_type(t);
    all_float = all_float && base == "float";
    all_double = all_double && base == "double";
    // 8 bytes (the reader gives canonical types: int64_t is "long", size_t "unsigned long").
    const bool wide = base == "double" || base == "long" || base == "long long" ||
                      base == "unsigned long" || base == "unsigned long long";
    any_wide = any_wide || wide;
    all_wide = all_wide && wide;
  }
  if (all_float) return ElementType::Float;
  if (all_double) return ElementType::Double;
  if (any_wide && note)
    *note = std::string("note: the program's shared arrays ") +
            (all_wide ? "hold 8-byte integers" : "mix 8-byte and smaller elements") +
            ": the trace shows shared memory as 4-byte words (a double across its two, a signed "
            "8-byte integer across its two, an unsigned one as the bits of its two halves)";
  return ElementType::Int;
}

}  // namespace stridescope
