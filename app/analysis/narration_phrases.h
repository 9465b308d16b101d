// The phrases narration builds sentences from: sets of threads and words said briefly ("every 2nd
// thread of 0–62 (32 threads)"), and the kernel's index expressions ("s[4*tid + 2]").
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace stridescope {

// "thread 5", "threads 0–63", "every 4th thread of 0–60 (16 threads)", or for long irregular
// sets "40 threads: 0–3, 8–11, 20–23, …". Never a list of more than three ranges. `numbers`
// sorted ascending.
std::string describe_threads(const std::vector<unsigned>& numbers);

// "0–63", "0, 2, 4, … 62 (every 2nd)", "0–3, 8–11, … (40 words)": words the same way.
std::string describe_words(const std::vector<unsigned>& numbers);

// If every (thread, word) pair is word = factor * thread + offset with one factor and offset:
// "array[factor*index + offset]" ("s[tid]", "s[4*tid + 2]", "cache[cacheIndex + 64]").
std::optional<std::string> index_expression(const std::vector<std::pair<unsigned, unsigned>>& pairs,
                                            std::string_view array, std::string_view index);

// "2nd", "3rd", "4th", "11th", "21st".
std::string ordinal(unsigned n);

}  // namespace stridescope
