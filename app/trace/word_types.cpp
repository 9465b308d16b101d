// What type each shared-memory word of a trace holds (word_types.h).
#include "trace/word_types.h"

#include <algorithm>
#include <vector>

namespace stridescope {

ElementType word_type(const Trace& trace, std::uint32_t word) {
  for (const SharedArray& a : trace.arrays) {
    std::uint64_t words = 1;
    for (std::uint32_t d : a.dims) words *= d;
    if (word < a.first_word || word >= a.first_word + words) continue;
    if (!a.type) break;
    if (*a.type == ElementType::Double && trace.word_size == 4) return ElementType::Int;
    return *a.type;
  }
  return trace.run.element_type;
}

std::string shared_types_text(const Trace& trace) {
  std::vector<std::string> names;
  for (const SharedArray& a : trace.arrays) {
    const std::string name(name_of(a.type.value_or(trace.run.element_type)));
    if (std::find(names.begin(), names.end(), name) == names.end()) names.push_back(name);
  }
  if (names.empty()) return std::string(name_of(trace.run.element_type));
  std::string text = names[0];
  for (std::size_t i = 1; i < names.size(); ++i)
    text += (i + 1 == names.size() ? " and " : ", ") + names[i];
  return text;
}

}  // namespace stridescope
