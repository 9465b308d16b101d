// What type each shared-memory word of a trace holds: a program's arrays may mix float and int.
#pragma once

#include <cstdint>
#include <string>

#include "trace/trace.h"

namespace stridescope {

// The type of word `word`: its array's declared type where it has one (both halves of a double
// array's element in a trace of 4-byte words are Double, of an 8-byte integer's Int), else the
// run's element type.
ElementType word_type(const Trace& trace, std::uint32_t word);

// Whether word `word` is the high half of a two-word element (a double or an 8-byte integer)
// among 4-byte arrays (SharedArray::element_words): its value is its low half's, said once.
bool is_high_half(const Trace& trace, std::uint32_t word);

// What the two-word element holding `word` is, for a sentence: "a double" or "an 8-byte
// integer"; empty where `word` is a whole element.
std::string two_word_element(const std::vector<SharedArray>& arrays, std::uint32_t word);

// Whether word 0 is the low half of a two-word element (a double or an 8-byte integer) among
// 4-byte arrays (a block's result, one word, cannot hold it).
bool double_halves_at_word0(const Trace& trace);

// The types shared memory holds, for a sentence: "float", or "float and int" where a program's
// arrays declare several (in address order).
std::string shared_types_text(const Trace& trace);

}  // namespace stridescope
