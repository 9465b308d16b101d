// Code style the project keeps: no function over about 60 lines (scripts/function_lengths.py);
// each folder of app/ includes only its own layer and those below (docs/architecture.md).
#include <gtest/gtest.h>

#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <string>

namespace {

TEST(Style, NoFunctionIsLongerThanSixtyLines) {
  std::string command = "cd " + std::string(STRIDESCOPE_SOURCE_DIR) +
                        " && python3 scripts/function_lengths.py 60 app kernels 2>&1";
  FILE* pipe = popen(command.c_str(), "r");
  ASSERT_NE(pipe, nullptr);
  std::string output;
  std::array<char, 512> buffer{};
  while (std::fgets(buffer.data(), buffer.size(), pipe)) output += buffer.data();
  ASSERT_EQ(pclose(pipe), 0) << output;
  EXPECT_NE(output.find("0 functions over 60 lines"), std::string::npos) << output;
}

// The layers of docs/architecture.md ("Where things live"), by app/'s top-level folders.
int layer_of(const std::filesystem::path& relative) {
  static const std::map<std::string, int> layers = {
      {"core", 1},  {"trace", 2},     {"analysis", 3}, {"simt", 4},  {"catalog", 5},
      {"model", 6}, {"exercises", 7}, {"runtime", 8},  {"tools", 9}, {"program", 10},
      {"cli", 11},  {"export", 11},   {"ui", 11},      {"web", 12}};
  const std::string path = relative.generic_string();
  if (path.rfind("exercises/checker/", 0) == 0) return 11;  // built into the command line's
  auto it = layers.find(path.substr(0, path.find('/')));
  return it == layers.end() ? 0 : it->second;
}

TEST(Style, EachFolderOfAppIncludesOnlyItsLayerAndThoseBelow) {
  namespace fs = std::filesystem;
  const fs::path app = fs::path(STRIDESCOPE_SOURCE_DIR) / "app";
  const std::regex include(R"re(^\s*#\s*include\s+"([a-z_]+/[^"]*)")re");
  std::size_t files = 0;
  for (const fs::directory_entry& e : fs::recursive_directory_iterator(app)) {
    const fs::path relative = fs::relative(e.path(), app);
    const std::string ext = e.path().extension().string();
    if (!e.is_regular_file() || (ext != ".cpp" && ext != ".h" && ext != ".cu" && ext != ".cuh"))
      continue;
    if (relative.generic_string().rfind("runtime/include/", 0) == 0) continue;  // the device API
    const int own = layer_of(relative);
    ASSERT_GT(own, 0) << relative << ": a folder of app/ that is no layer";
    ++files;
    std::ifstream in(e.path());
    std::string line;
    for (int number = 1; std::getline(in, line); ++number) {
      std::smatch m;
      if (!std::regex_search(line, m, include)) continue;
      const std::string target = m[1];
      // The exercises' input generators: one header compiled into the harness (in the learner's
      // program) and into the checker's host reference alike.
      if (target == "runtime/include/stridescope/exercise_inputs.h") continue;
      const int below = layer_of(target);
      EXPECT_LE(below, own) << relative.generic_string() << ":" << number << " includes " << target
                            << ", a layer above its own";
    }
  }
  EXPECT_GT(files, 300u);
}

}  // namespace
