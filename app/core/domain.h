// Domain values as enums, each with one name table: parsed once at the edges (JSON, CLI), named by
// the same table everywhere else.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <ostream>
#include <span>
#include <string>
#include <string_view>

namespace stridescope {

inline constexpr unsigned kWarpSize = 32;       // lanes per warp on every NVIDIA GPU so far
inline constexpr unsigned kBanks = 32;          // shared-memory banks (Volta and later)
inline constexpr unsigned kBankWidthBytes = 4;  // bytes per bank per cycle

enum class ElementType { Int, Float, Double };
enum class Operator { Sum, Max, Min, Dot };  // Dot: the sum of a[i] * b[i]
// How the blocks' results become one value: the host adds them, the kernel runs again on them, or
// (written by the kernel itself) the last block adds them, each block adds its own under a lock,
// or each block adds its own with atomicAdd.
enum class SecondStage { Host, Relaunch, LastBlock, AtomicLock, AtomicAdd };
// Custom: values given; BookDot: a[i] = i, b[i] = 2i (CUDA by Example's dot product; a one-input
// variant reads i).
enum class InputPattern { Ones, Iota, Random, Uniform, Custom, BookDot };
enum class Backend { Emulator, Cuda, Recorded };

template <typename E>
struct EnumName {
  E value;
  std::string_view name;
};

template <typename E>
struct EnumTable;  // specialised below: `names`, and `what` (for error messages)

template <>
struct EnumTable<ElementType> {
  static constexpr std::string_view what = "element type";
  static constexpr std::array<EnumName<ElementType>, 3> names{
      {{ElementType::Int, "int"}, {ElementType::Float, "float"}, {ElementType::Double, "double"}}};
};
template <>
struct EnumTable<Operator> {
  static constexpr std::string_view what = "operator";
  static constexpr std::array<EnumName<Operator>, 4> names{{{Operator::Sum, "sum"},
                                                            {Operator::Max, "max"},
                                                            {Operator::Min, "min"},
                                                            {Operator::Dot, "dot"}}};
};
template <>
struct EnumTable<SecondStage> {
  static constexpr std::string_view what = "second stage";
  static constexpr std::array<EnumName<SecondStage>, 5> names{
      {{SecondStage::Host, "host"},
       {SecondStage::Relaunch, "relaunch"},
       {SecondStage::LastBlock, "last block"},
       {SecondStage::AtomicLock, "atomic lock"},
       {SecondStage::AtomicAdd, "atomicAdd"}}};
};
template <>
struct EnumTable<InputPattern> {
  static constexpr std::string_view what = "input pattern";
  static constexpr std::array<EnumName<InputPattern>, 6> names{
      {{InputPattern::Ones, "ones"},
       {InputPattern::Iota, "iota"},
       {InputPattern::Random, "random"},
       {InputPattern::Uniform, "uniform"},
       {InputPattern::Custom, "custom"},
       {InputPattern::BookDot, "book-dot"}}};
};
template <>
struct EnumTable<Backend> {
  static constexpr std::string_view what = "backend";
  static constexpr std::array<EnumName<Backend>, 3> names{
      {{Backend::Emulator, "emulator"}, {Backend::Cuda, "cuda"}, {Backend::Recorded, "recorded"}}};
};

template <typename E>
constexpr std::string_view name_of(E value) {
  for (const EnumName<E>& entry : EnumTable<E>::names) {
    if (entry.value == value) return entry.name;
  }
  return "?";
}

template <typename E>
constexpr std::optional<E> parse_enum(std::string_view text) {
  for (const EnumName<E>& entry : EnumTable<E>::names) {
    if (entry.name == text) return entry.value;
  }
  return std::nullopt;
}

// "int, float, double": the names, for help texts and error messages.
template <typename E>
std::string enum_choices() {
  std::string out;
  for (const EnumName<E>& entry : EnumTable<E>::names) {
    if (!out.empty()) out += ", ";
    out += entry.name;
  }
  return out;
}

template <typename E>
std::span<const EnumName<E>> enum_names() {
  return EnumTable<E>::names;
}

// Streams a domain value by its name ("float", "relaunch"), for messages and tests.
template <typename E>
requires requires {
  EnumTable<E>::names;
}
std::ostream& operator<<(std::ostream& out, E value) {
  return out << name_of(value);
}

constexpr unsigned element_bytes(ElementType type) {
  switch (type) {
    case ElementType::Int:
    case ElementType::Float:
      return 4;
    case ElementType::Double:
      return 8;
  }
  return 4;
}

// The kernel writes the grid's total itself (its block-sums buffer has two more slots).
constexpr bool kernel_finishes_grid(SecondStage stage) {
  switch (stage) {
    case SecondStage::Host:
    case SecondStage::Relaunch:
      return false;
    case SecondStage::LastBlock:
    case SecondStage::AtomicLock:
    case SecondStage::AtomicAdd:
      return true;
  }
  return false;
}

// Max and min keep one of two values; sum and dot add.
constexpr bool compares(Operator op) {
  return op == Operator::Max || op == Operator::Min;
}

// What a block's result is, in words: "the block's sum".
constexpr std::string_view result_name(Operator op) {
  switch (op) {
    case Operator::Max:
      return "maximum";
    case Operator::Min:
      return "minimum";
    case Operator::Dot:
      return "partial dot product";
    case Operator::Sum:
      break;
  }
  return "sum";
}

}  // namespace stridescope
