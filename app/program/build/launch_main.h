// The main() that runs a launch spec: C++ source text appended to a kernel-only file before clang
// compiles it (the file on disk is not changed). It fills each array on the host, copies it with
// cudaMalloc/cudaMemcpy, launches once, copies every array back and prints it, bounded:
// `out = [10, 26, 42, 58]`, or `in = [0, 1, ..., 15, ... (1024 values, sum 523776)]`.
#pragma once

#include <string>
#include <vector>

#include "program/read/launch_binding.h"
#include "program/record/raw_global.h"

namespace stridescope {

// The values printed of each array before `... (N values, sum S)`.
inline constexpr unsigned kSpecPrintedValues = 16;

// Starts with a newline and a `#line` directive; launches as the rewrite does
// (::stridescope_rt::launcher(kernel, grid, block, shared)(args)).
std::string launch_main_source(const BoundLaunch& launch);

// What to append to the file for `stridescope run`: "" when it has a main() (a spec is then an
// error), else the main() of `spec` (or of `fallback` when no spec was given). Throws
// LaunchSpecError: a spec for a file with a main(), no main() and no spec, or a bad spec.
std::string main_for_launch(const std::string& file, const ProgramFacts& facts,
                            const std::string& spec, const std::string& fallback);

// The arrays main() allocates, in its order (the kernel's pointer parameters and their element
// types): the trace's global buffers. Empty when the file has a main().
std::vector<MadeBuffer> spec_buffers(const std::string& file, const ProgramFacts& facts,
                                     const std::string& spec, const std::string& fallback);

// The spec written in a `//` comment of the file as `--launch '...<<<...'` ("" if none): the
// example's own command, which the GUI runs a kernel-only file with.
std::string launch_spec_in_comments(const std::string& source);

}  // namespace stridescope
