// Names each launch's kernel from the runtime's record of its address (see launch_names.h).
#include "owncuda/record/launch_names.h"

#include <fstream>
#include <map>
#include <sstream>

#include "owncuda/own_program.h"
#include "owncuda/process/child_process.h"

namespace stridescope {

namespace fs = std::filesystem;

std::string kernel_name_of(std::string_view function) {
  std::string text(function);
  for (std::size_t at; (at = text.find("(anonymous namespace)::")) != std::string::npos;)
    text.erase(at, 23);
  int depth = 0;
  std::size_t name_start = 0, name_end = text.size();
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c == '<') ++depth;
    if (c == '>' && depth > 0) --depth;
    if (depth > 0) continue;
    if (c == ' ') name_start = i + 1;  // after a return type ("void sum<256u>(int*)")
    if (c == '(') {
      name_end = i;
      break;
    }
  }
  std::string name = name_start < name_end ? text.substr(name_start, name_end - name_start) : "";
  return name.empty() || name == "??" ? "kernel" : name;
}

namespace {

std::array<std::uint32_t, 3> dims_of(const nlohmann::json& d) {
  return {d[0].get<std::uint32_t>(), d[1].get<std::uint32_t>(), d[2].get<std::uint32_t>()};
}

// Kernel address -> its name, by one llvm-symbolizer run over the unique addresses.
std::map<std::uint64_t, std::string> kernel_names(const std::vector<std::uint64_t>& addresses,
                                                  const fs::path& program, const fs::path& dir,
                                                  const std::string& symbolizer) {
  std::map<std::uint64_t, std::string> names;
  for (std::uint64_t a : addresses) names[a] = "kernel";
  if (names.empty()) return names;
  {
    std::ofstream list(dir / "kernels.txt");
    for (const auto& [address, name] : names) list << "0x" << std::hex << address << "\n";
  }
  int rc =
      run_process({symbolizer, "--obj=" + program.string(), "--output-style=JSON"},
                  dir / "kernels.json", dir / "kernels.err", {}, kToolLimits, dir / "kernels.txt");
  if (rc != 0) return names;  // unnamed launches are still listed
  std::istringstream answers(read_file(dir / "kernels.json"));
  std::string answer;
  for (auto& [address, name] : names) {
    if (!std::getline(answers, answer)) break;
    const nlohmann::json j = nlohmann::json::parse(answer, nullptr, false);
    if (j.is_object() && j.contains("Symbol") && !j["Symbol"].empty())
      name = kernel_name_of(j["Symbol"][0].value("FunctionName", ""));
  }
  return names;
}

}  // namespace

std::vector<ProgramLaunch> program_launches(const nlohmann::json& raw, const fs::path& program,
                                            const fs::path& dir, const std::string& symbolizer) {
  std::vector<std::uint64_t> addresses;
  if (raw.contains("launch_kernels"))
    for (const auto& a : raw["launch_kernels"]) addresses.push_back(a.get<std::uint64_t>());
  const std::map<std::uint64_t, std::string> names =
      kernel_names(addresses, program, dir, symbolizer);
  std::vector<ProgramLaunch> launches;
  for (std::size_t i = 0; i < raw["launches"].size(); ++i) {
    const nlohmann::json& l = raw["launches"][i];
    ProgramLaunch launch;
    launch.kernel = i < addresses.size() ? names.at(addresses[i]) : "kernel";
    launch.grid = dims_of(l["grid"]);
    launch.block = dims_of(l["block"]);
    launches.push_back(std::move(launch));
  }
  return launches;
}

}  // namespace stridescope
