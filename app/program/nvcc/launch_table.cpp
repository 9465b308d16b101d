// Reads the launch timer's file and prints the table of launches (`run --backend cuda`).
#include "program/nvcc/launch_table.h"

#include <cstdio>
#include <ostream>
#include <sstream>

namespace stridescope {

namespace {

std::vector<std::string> split_tabs(const std::string& line) {
  std::vector<std::string> fields;
  std::string field;
  std::istringstream in(line);
  while (std::getline(in, field, '\t')) fields.push_back(field);
  if (!line.empty() && line.back() == '\t') fields.emplace_back();
  return fields;
}

bool read_dims(const std::string& text, std::array<std::uint32_t, 3>& dims) {
  std::istringstream in(text);
  return static_cast<bool>(in >> dims[0] >> dims[1] >> dims[2]);
}

std::optional<NativeLaunch> parse_launch(const std::vector<std::string>& f) {
  if (f.size() != 7 || f[0] != "launch") return std::nullopt;
  NativeLaunch l;
  l.kernel = f[1];
  if (!read_dims(f[2], l.grid) || !read_dims(f[3], l.block)) return std::nullopt;
  try {
    l.shared_bytes = std::stoull(f[4]);
    l.ms = std::stod(f[5]);
  } catch (const std::exception&) {
    return std::nullopt;
  }
  l.error = f[6];
  return l;
}

std::string dims_text(const std::array<std::uint32_t, 3>& d) {
  if (d[1] == 1 && d[2] == 1) return std::to_string(d[0]);
  std::string text = "(" + std::to_string(d[0]) + "," + std::to_string(d[1]);
  if (d[2] != 1) text += "," + std::to_string(d[2]);
  return text + ")";
}

}  // namespace

LaunchLog parse_launch_log(const std::string& text) {
  LaunchLog log;
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line)) {
    const std::vector<std::string> f = split_tabs(line);
    if (f.size() == 4 && f[0] == "device") {
      log.device = f[1];
      log.compute = f[2];
      log.cuda_runtime = static_cast<std::uint32_t>(std::strtoul(f[3].c_str(), nullptr, 10));
    } else if (std::optional<NativeLaunch> l = parse_launch(f)) {
      log.launches.push_back(*l);
    }
  }
  return log;
}

std::string launch_config(const NativeLaunch& l) {
  std::string text = l.kernel + "<<<" + dims_text(l.grid) + "," + dims_text(l.block);
  if (l.shared_bytes) text += "," + std::to_string(l.shared_bytes);
  return text + ">>>";
}

std::optional<std::size_t> first_failed_launch(const LaunchLog& log) {
  for (std::size_t i = 0; i < log.launches.size(); ++i) {
    if (!log.launches[i].error.empty()) return i;
  }
  return std::nullopt;
}

void print_launch_table(const LaunchLog& log, std::ostream& out) {
  const std::size_t n = log.launches.size();
  out << "cuda: " << n << (n == 1 ? " launch" : " launches");
  if (!log.device.empty()) out << " on " << log.device << " (compute " << log.compute << ")";
  out << ", each timed by CUDA events around it and waited for:\n";
  std::size_t width = 0, index_width = std::to_string(n > 0 ? n - 1 : 0).size();
  for (const NativeLaunch& l : log.launches) width = std::max(width, launch_config(l).size());
  for (std::size_t i = 0; i < n; ++i) {
    const NativeLaunch& l = log.launches[i];
    std::string index = std::to_string(i), config = launch_config(l);
    index.resize(index_width, ' ');
    config.resize(width, ' ');
    char ms[32];
    std::snprintf(ms, sizeof ms, "%.3f ms", l.ms);
    out << "launch " << index << "  " << config << "  "
        << (!l.error.empty() ? "failed: " + l.error
            : l.ms < 0       ? "not timed"
                             : ms)
        << "\n";
  }
}

}  // namespace stridescope
