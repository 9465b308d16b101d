// -I and -D from a file's nvcc command comment (see file_options.h).
#include "program/read/file_options.h"

#include <sstream>

namespace stridescope {

namespace fs = std::filesystem;

namespace {

// The words of a `//` comment that names nvcc or `stridescope run` ("" words otherwise).
std::vector<std::string> command_words(const std::string& line) {
  const std::size_t comment = line.find("//");
  if (comment == std::string::npos) return {};
  const std::string text = line.substr(comment + 2);
  if (text.find("nvcc ") == std::string::npos && text.find("stridescope run") == std::string::npos)
    return {};
  std::istringstream in(text);
  std::vector<std::string> words;
  for (std::string w; in >> w;) words.push_back(w);
  return words;
}

}  // namespace

FileOptions compile_options_in_comments(const std::string& source, const fs::path& file) {
  FileOptions options;
  const fs::path folder = fs::absolute(file).parent_path();
  std::istringstream lines(source);
  for (std::string line; std::getline(lines, line);) {
    const std::vector<std::string> words = command_words(line);
    for (std::size_t i = 0; i < words.size(); ++i) {
      const std::string& w = words[i];
      if (w.size() < 2 || w[0] != '-' || (w[1] != 'I' && w[1] != 'D')) continue;
      std::string value = w.size() > 2 ? w.substr(2) : (i + 1 < words.size() ? words[++i] : "");
      if (value.empty()) continue;
      if (w[1] == 'D') {
        options.defines.push_back(value);
      } else {
        const fs::path dir = fs::path(value).is_absolute() ? fs::path(value) : folder / value;
        options.include_dirs.push_back(dir.lexically_normal().string());
      }
    }
  }
  return options;
}

}  // namespace stridescope
