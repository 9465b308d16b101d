// Each launch of a raw record, its kernel named as the record names it (see launch_names.h).
#include "program/record/launch_names.h"

#include <algorithm>
#include <cstdint>
#include <map>

namespace stridescope {

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

std::vector<ProgramLaunch> program_launches(const RawRecord& raw) {
  std::vector<ProgramLaunch> launches;
  const auto dims = [](const RawDims& d) {
    return std::array<std::uint32_t, 3>{std::uint32_t(d[0]), std::uint32_t(d[1]),
                                        std::uint32_t(d[2])};
  };
  for (const RawLaunch& l : raw.launches) {
    ProgramLaunch launch;
    launch.kernel = l.kernel ? kernel_name_of(*l.kernel) : "kernel";
    launch.grid = dims(l.grid);
    launch.block = dims(l.block);
    launch.dynamic_shared = std::uint32_t(std::min<std::uint64_t>(l.dynamic_shared, UINT32_MAX));
    launches.push_back(std::move(launch));
  }
  return launches;
}

}  // namespace stridescope
