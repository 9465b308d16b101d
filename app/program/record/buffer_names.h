// A cudaMalloc buffer's name and element type, read from the text of the line that allocated it:
// `cudaMalloc((void**)&dev_a, N * sizeof(float))` gives "dev_a" and float. The runtime knows the
// call's line (its return address); which call of the line is the k-th in address order.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

namespace stridescope {

struct MallocSite {
  std::string name;                // "dev_a"; "" when the first argument is not a plain variable
  std::string type;                // "float" from `sizeof(float)`; "" when none is named
  std::uint32_t element_size = 0;  // sizeof(type), 0 when unknown
};

// The `occurrence`-th (from 0) `cudaMalloc(` (or cudaMallocManaged, cudaMallocPitch) call in `line`.
MallocSite malloc_site(const std::string& line, std::size_t occurrence);

// sizeof of a scalar type as a program spells it ("float", "unsigned int", "int64_t"); 0 if it is
// not one of them.
std::uint32_t scalar_size(const std::string& type);

}  // namespace stridescope
