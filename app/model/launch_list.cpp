// The launch list's words and the traced block's bounds (see launch_list.h).
#include "model/launch_list.h"

#include <algorithm>

namespace stridescope {

std::string dims_text(const std::array<std::uint32_t, 3>& dims) {
  if (dims[1] == 1 && dims[2] == 1) return std::to_string(dims[0]);
  std::string text = "(" + std::to_string(dims[0]) + "," + std::to_string(dims[1]);
  if (dims[2] != 1) text += "," + std::to_string(dims[2]);
  return text + ")";
}

std::string launch_label(std::size_t index, const ProgramLaunch& launch) {
  return std::to_string(index) + ": " + launch.kernel + "<<<" + dims_text(launch.grid) + "," +
         dims_text(launch.block) +
         (launch.dynamic_shared != 0 ? "," + std::to_string(launch.dynamic_shared) : "") + ">>>";
}

std::uint64_t block_count(const ProgramLaunch& launch) {
  return std::uint64_t(launch.grid[0]) * launch.grid[1] * launch.grid[2];
}

std::uint32_t bounded_block(std::uint64_t block, const ProgramLaunch& launch) {
  const std::uint64_t last = std::max<std::uint64_t>(block_count(launch), 1) - 1;
  return static_cast<std::uint32_t>(std::min(block, last));
}

std::string block_position(std::uint32_t block, const ProgramLaunch& launch) {
  const auto& g = launch.grid;
  if (g[1] == 1 && g[2] == 1) return "";
  const std::uint32_t x = block % g[0], y = block / g[0] % g[1], z = block / g[0] / g[1];
  std::string text = "(" + std::to_string(x) + "," + std::to_string(y);
  if (g[2] != 1) text += "," + std::to_string(z);
  return text + ")";
}

std::string traced_launch_text(const Trace& trace) {
  if (trace.blocks.empty() || trace.traced_launch >= trace.launches.size()) return "";
  const ProgramLaunch& launch = trace.launches[trace.traced_launch];
  const std::uint32_t block = trace.blocks.front().block;
  const std::string where = block_position(block, launch);
  return "block " + std::to_string(block) + (where.empty() ? "" : " " + where) + " of launch " +
         launch_label(trace.traced_launch, launch);
}

}  // namespace stridescope
