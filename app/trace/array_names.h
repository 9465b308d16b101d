// Names of shared-memory words as the kernel spells them: "s[53]" for a catalog kernel (one array
// s[]), "As[3][5]" or "cache[7]" in a user's program (the trace's named arrays).
#pragma once

#include <string>
#include <vector>

#include "trace/trace.h"

namespace stridescope {

std::string word_name(const std::vector<SharedArray>& arrays, unsigned word);

// The element of `a` that word `word` is (a part of), counted from its first in row-major order.
unsigned element_of(const SharedArray& a, unsigned word);

// "s[32..63]", "cache[0..31]", "As[0..1][*]" (whole rows of a 2-D array), "As[1][8]..As[2][7]";
// across arrays, both ends' names.
std::string word_range_name(const std::vector<SharedArray>& arrays, unsigned first, unsigned last);

// How far word `to` is from word `from` as the kernel indexes them: in elements where both are in
// one array of two-word elements (a double among 4-byte arrays: words 0 and 4 are vals[0] and
// vals[2], 2 apart), else in words.
long element_distance(const std::vector<SharedArray>& arrays, unsigned from, unsigned to);

// Sorted words as at most `limit` runs of names: "s[0..3], s[8], ...".
std::string word_runs_name(const std::vector<SharedArray>& arrays,
                           const std::vector<unsigned>& sorted_words, std::size_t limit = 6);

}  // namespace stridescope
