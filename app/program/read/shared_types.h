// The element types a program's __shared__ variables are traced in, from their declared types.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/domain.h"

namespace stridescope {

// The trace's element type for the file's shared variables: Float if every one is float, Double
// if every one is double, else Int (4-byte words). Where 8-byte and smaller arrays mix, Int, and
// `note` (if given) says that an 8-byte value shows as two 4-byte words.
ElementType shared_element_type(const std::vector<std::string>& shared_types,
                                std::string* note = nullptr);

// The element type of one shared variable's declared type ("volatile float[16][16]" -> Float):
// float, double, or a 4-byte int (int, unsigned int); none for any other type (a char, a struct,
// a template's T).
std::optional<ElementType> declared_element_type(const std::string& type);

// Whether a declared type is a signed 8-byte integer ("long long[4]", "volatile int64_t"): among
// 4-byte arrays, an element of two words read as one integer (SharedArray::element_words). An
// unsigned one stays two words of bits: a trace's values are doubles, exact to 2^53 only, and
// unsigned 8-byte words are mostly bit sets and hashes, past that.
bool is_signed_eight_byte_integer(const std::string& type);

// Whether a declared type is a 4-byte unsigned integer ("unsigned int[256]", "volatile uint32_t"):
// its words read as unsigned (SharedArray::is_unsigned).
bool is_unsigned_integer(const std::string& type);

// Where a GPU aligns a shared variable of this declared type: its element's size for the C
// scalars (a char 1, a short 2, an int or float 4, a double or long long 8: nvcc's PTX says
// `.shared .align 4 .b8 bins[32]`), 16 for any other (a struct, float4, a template's T), as a
// CPU's layout does for arrays of 16 bytes or more.
unsigned gpu_alignment(const std::string& type);

}  // namespace stridescope
