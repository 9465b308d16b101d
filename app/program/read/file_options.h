// The compile options a CUDA file names in its own comments, for the window (which has no command
// line of its own for a program): a `//` comment with an nvcc or `stridescope run` command in it
// gives its -I and -D, as nvcc takes them (`// nvcc -I ../common -D N=64 dot.cu`); a relative
// folder is read from the file's own folder.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace stridescope {

struct FileOptions {
  std::vector<std::string> include_dirs;  // absolute
  std::vector<std::string> defines;       // NAME or NAME=VALUE
};

FileOptions compile_options_in_comments(const std::string& source,
                                        const std::filesystem::path& file);

}  // namespace stridescope
