// What type each shared-memory word of a trace holds (word_types.h).
#include "trace/word_types.h"

#include <algorithm>
#include <vector>

namespace stridescope {

ElementType word_type(const Trace& trace, std::uint32_t word) {
  const SharedArray* a = array_holding(trace.arrays, word);
  if (a == nullptr || !a->type) return trace.run.element_type;
  // A double array of one word an element in a trace of 4-byte words (a file from before
  // element_words): its words are bits.
  if (*a->type == ElementType::Double && trace.word_size == 4 && a->element_words != 2)
    return ElementType::Int;
  return *a->type;
}

bool is_high_half(const Trace& trace, std::uint32_t word) {
  const SharedArray* a = array_holding(trace.arrays, word);
  return a != nullptr && a->element_words == 2 && (word - a->first_word) % 2 == 1;
}

std::string two_word_element(const std::vector<SharedArray>& arrays, std::uint32_t word) {
  const SharedArray* a = array_holding(arrays, word);
  if (a == nullptr || a->element_words != 2) return "";
  return a->type == ElementType::Double ? "a double" : "an 8-byte integer";
}

bool double_halves_at_word0(const Trace& trace) {
  return trace.word_size == 4 && is_high_half(trace, 1) && !is_high_half(trace, 0);
}

std::string shared_types_text(const Trace& trace) {
  std::vector<std::string> names;
  for (const SharedArray& a : trace.arrays) {
    const ElementType type = a.type.value_or(trace.run.element_type);
    const bool wide_int = type == ElementType::Int && a.element_words == 2;
    const std::string name = std::string(a.is_unsigned ? "unsigned " : "") +
                             (wide_int ? "8-byte int" : std::string(name_of(type)));
    if (std::find(names.begin(), names.end(), name) == names.end()) names.push_back(name);
  }
  if (names.empty()) return std::string(name_of(trace.run.element_type));
  std::string text = names[0];
  for (std::size_t i = 1; i < names.size(); ++i)
    text += (i + 1 == names.size() ? " and " : ", ") + names[i];
  return text;
}

}  // namespace stridescope
