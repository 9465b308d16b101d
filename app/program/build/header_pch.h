// stridescope_cuda.h precompiled for the two clang runs of `stridescope run` (libclang's CUDA
// parse, the instrumented C++ compile): clang reads the header and <cmath> & co. in about 0.3 s a
// run, a precompiled one in a few milliseconds. Built once, on first use, into the user's cache.
#pragma once

#include <string>
#include <vector>

namespace stridescope {

// The arguments that bring in the header: {"-include-pch", PCH} where a precompiled header for
// exactly these `flags` (the run's language and code flags) and this clang is in the cache or can
// be built there now, else {"-include", HEADER}. The cache key hashes the flags, the clang binary
// (path, size, time) and every runtime header (text and time), so a new header or clang gets a
// new file. `clang` builds it; libclang 14 reads what clang 14 writes.
// A precompiled header is rebuilt when any file it was made from (system headers too, from the
// dependency file clang writes beside it) is newer than it.
std::vector<std::string> header_args(const std::string& clang,
                                     const std::vector<std::string>& flags);

// Removes the precompiled header that `header_args` named (nothing for the text header): called
// when a run with it failed, so a broken file costs one run, not every one.
void drop_pch(const std::vector<std::string>& header_args);

// Where the precompiled headers are kept: $STRIDESCOPE_PCH_DIR (set but empty: nowhere), else
// $XDG_CACHE_HOME/stridescope, else ~/.cache/stridescope; "" where none is (then the header is read
// as text).
std::string pch_directory();

}  // namespace stridescope
