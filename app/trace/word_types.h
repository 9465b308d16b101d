// What type each shared-memory word of a trace holds: a program's arrays may mix float and int.
#pragma once

#include <cstdint>
#include <string>

#include "trace/trace.h"

namespace stridescope {

// The type of word `word`: its array's declared type where it has one (a double array's words in a
// trace of 4-byte words are bits, Int), else the run's element type.
ElementType word_type(const Trace& trace, std::uint32_t word);

// The types shared memory holds, for a sentence: "float", or "float and int" where a program's
// arrays declare several (in address order).
std::string shared_types_text(const Trace& trace);

}  // namespace stridescope
