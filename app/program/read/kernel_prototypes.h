// A kernel declared before it is defined (`__global__ void k(int*);`, the body later): nvcc reads
// it; clang's CUDA parse, where StrideScope makes every function host and device (#pragma clang
// force_cuda_host_device), refuses the definition ("'global' and 'host' attributes are not
// compatible": it inherits the implicit attributes the pragma gave the first declaration). For the
// parse only, each declaration of such a kernel is taken out of the pragma: its `__global__`
// becomes `__ssprot__` (the same length: a macro of qualifiers.h that ends the pragma), and the
// pragma begins again right after the declaration (or the definition's body). Lines stay; what an
// insertion moves, OffsetMap gives back.
#pragma once

#include <map>
#include <string>
#include <vector>

namespace stridescope {

// Byte offsets of the transformed text back to the source's, by line and column.
struct OffsetMap {
  std::vector<unsigned> line_starts;  // of the source; empty: the text was not changed
  // By line: the source columns (1 = the line's first byte) where `inserted` bytes went in.
  std::map<unsigned, std::vector<unsigned>> insertions;
  unsigned inserted = 0;
  unsigned offset(unsigned line, unsigned column) const {
    if (line_starts.empty() || line == 0 || line > line_starts.size()) return 0;
    unsigned shift = 0;
    if (const auto it = insertions.find(line); it != insertions.end())
      for (const unsigned at : it->second)  // in order along the line
        if (column >= at + shift) shift += inserted;
    return line_starts[line - 1] + column - shift - 1;
  }
};

// `source` with the declarations of each kernel declared more than once taken out of the pragma
// (see above); `map` filled where anything changed.
std::string kernel_prototypes_unforced(const std::string& source, OffsetMap& map);

}  // namespace stridescope
