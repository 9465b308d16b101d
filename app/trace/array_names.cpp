// Shared-memory words by the names of the arrays that hold them (see array_names.h).
#include "trace/array_names.h"

#include <algorithm>

namespace stridescope {

namespace {

// The indices of element i of a row-major array of `dims`.
std::vector<unsigned> indices(const std::vector<std::uint32_t>& dims, unsigned i) {
  std::vector<unsigned> out(dims.size());
  for (std::size_t d = dims.size(); d-- > 0;) {
    out[d] = i % dims[d];
    i /= dims[d];
  }
  return out;
}

std::string subscripts(const std::vector<unsigned>& idx) {
  std::string out;
  for (unsigned i : idx) out += "[" + std::to_string(i) + "]";
  return out;
}

}  // namespace

unsigned element_of(const SharedArray& a, unsigned word) {
  return (word - a.first_word) / std::max(1u, a.element_words);
}

long element_distance(const std::vector<SharedArray>& arrays, unsigned from, unsigned to) {
  const long words = static_cast<long>(to) - static_cast<long>(from);
  const SharedArray* a = array_holding(arrays, from);
  if (a == nullptr || a != array_holding(arrays, to) || a->element_words < 2) return words;
  return static_cast<long>(element_of(*a, to)) - static_cast<long>(element_of(*a, from));
}

std::string word_name(const std::vector<SharedArray>& arrays, unsigned word) {
  if (arrays.empty()) return "s[" + std::to_string(word) + "]";
  const SharedArray* a = array_holding(arrays, word);
  if (!a) return "word " + std::to_string(word) + " (between arrays)";
  // A one-word array is a scalar as the kernel spells it (`__shared__ int total;`): no index.
  if (a->dims.size() == 1 && a->dims[0] == 1) return a->name;
  return a->name + subscripts(indices(a->dims, element_of(*a, word)));
}

std::string word_range_name(const std::vector<SharedArray>& arrays, unsigned first, unsigned last) {
  if (first == last) return word_name(arrays, first);
  if (arrays.empty()) return "s[" + std::to_string(first) + ".." + std::to_string(last) + "]";
  const SharedArray* a = array_holding(arrays, first);
  if (!a || a != array_holding(arrays, last))
    return word_name(arrays, first) + ".." + word_name(arrays, last);
  const unsigned i = element_of(*a, first), j = element_of(*a, last);
  if (i == j) return word_name(arrays, first);  // the two halves of one element
  if (a->dims.size() == 1)
    return a->name + "[" + std::to_string(i) + ".." + std::to_string(j) + "]";
  const unsigned inner = a->dims.back();
  std::vector<unsigned> from = indices(a->dims, i), to = indices(a->dims, j);
  if (std::equal(from.begin(), from.end() - 1, to.begin())) {  // within one row: "As[3][2..9]"
    from.pop_back();
    return a->name + subscripts(from) + "[" + std::to_string(i % inner) + ".." +
           std::to_string(j % inner) + "]";
  }
  if (i % inner == 0 && (j + 1) % inner == 0) {  // whole rows: the outer indices and [*]
    from.pop_back();
    to.pop_back();
    if (from.size() == 1)
      return a->name + "[" + std::to_string(from[0]) + ".." + std::to_string(to[0]) + "][*]";
  }
  return word_name(arrays, first) + ".." + word_name(arrays, last);
}

namespace {

// Whether word `b` follows word `a` in a run: the next word, or the next element's first word of
// an array of two-word elements (a run of doubles named by their low halves).
bool follows(const std::vector<SharedArray>& arrays, unsigned a, unsigned b) {
  if (b == a + 1) return true;
  const SharedArray* array = array_holding(arrays, a);
  return array != nullptr && array->element_words == 2 && array_holding(arrays, b) == array &&
         element_of(*array, b) == element_of(*array, a) + 1;
}

}  // namespace

std::string word_runs_name(const std::vector<SharedArray>& arrays,
                           const std::vector<unsigned>& words, std::size_t limit) {
  std::string out;
  std::size_t runs = 0;
  for (std::size_t i = 0; i < words.size();) {
    std::size_t j = i;
    while (j + 1 < words.size() && follows(arrays, words[j], words[j + 1])) ++j;
    if (runs == limit) {
      return out + ", ...";
    }
    out += (runs == 0 ? "" : ", ") + word_range_name(arrays, words[i], words[j]);
    ++runs;
    i = j + 1;
  }
  return out;
}

}  // namespace stridescope
