// A kernel declared before it is defined (`__global__ void k(int*);`, the body later): nvcc reads
// it; clang's CUDA parse, where StrideScope makes every function host and device (#pragma clang
// force_cuda_host_device), refuses the definition ("'global' and 'host' attributes are not
// compatible": it inherits the implicit attributes the pragma gave the first declaration). For the
// parse only, each declaration of such a kernel is taken out of the pragma: its `__global__`
// becomes `__ssprot__` (the same length: a macro of qualifiers.h that ends the pragma), and the
// pragma begins again at the end of the line where the declaration (or the definition's body)
// ends. Lines and columns stay; only offsets past an insertion move (OffsetMap gives them back).
#pragma once

#include <string>
#include <vector>

namespace stridescope {

// Byte offsets of the transformed text back to the source's, by line and column.
struct OffsetMap {
  std::vector<unsigned> line_starts;  // of the source; empty: the text was not changed
  unsigned offset(unsigned line, unsigned column) const {
    return line_starts.empty() || line == 0 || line > line_starts.size()
               ? 0
               : line_starts[line - 1] + column - 1;
  }
};

// `source` with the declarations of each kernel declared more than once taken out of the pragma
// (see above); `map` filled where anything changed. A declaration whose line ends inside a comment
// or a string is left as it was (the parse then says what clang says).
std::string kernel_prototypes_unforced(const std::string& source, OffsetMap& map);

}  // namespace stridescope
