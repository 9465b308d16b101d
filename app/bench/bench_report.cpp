// Benchmark reports: JSON round trip, the comparison table, and the recorded files in assets/.
#include "bench/bench_report.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <map>
#include <ostream>
#include <set>
#include <stdexcept>

namespace stridescope {

nlohmann::json bench_to_json(const BenchReport& r) {
  nlohmann::json entries = nlohmann::json::array();
  for (const BenchEntry& e : r.entries) {
    entries.push_back({{"kernel", e.kernel},
                       {"element_type", e.element_type},
                       {"n", e.n},
                       {"median_us", e.median_us},
                       {"gbps", e.gbps}});
  }
  return {{"format", "stridescope-bench"},
          {"version", 1},
          {"device", r.device},
          {"toolkit", r.toolkit},
          {"date", r.date},
          {"method", r.method},
          {"entries", entries}};
}

BenchReport bench_from_json(const nlohmann::json& j) {
  try {
    if (j.at("format") != "stridescope-bench")
      throw std::runtime_error("not a stridescope-bench file");
    BenchReport r;
    r.device = j.at("device");
    r.toolkit = j.at("toolkit");
    r.date = j.at("date");
    r.method = j.value("method", "");
    for (const auto& e : j.at("entries")) {
      r.entries.push_back(
          {e.at("kernel"), e.at("element_type"), e.at("n"), e.at("median_us"), e.at("gbps")});
    }
    return r;
  } catch (const nlohmann::json::exception& e) {
    throw std::runtime_error(std::string("malformed benchmark file: ") + e.what());
  }
}

BenchReport load_bench(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot read " + path);
  nlohmann::json j = nlohmann::json::parse(in, nullptr, false);
  if (j.is_discarded()) throw std::runtime_error(path + ": not valid JSON");
  BenchReport r = bench_from_json(j);
  r.recorded = true;
  return r;
}

void save_bench(const BenchReport& report, const std::string& path) {
  std::ofstream out(path);
  if (!out) throw std::runtime_error("cannot write " + path);
  out << bench_to_json(report).dump(1) << "\n";
}

const BenchEntry* find_entry(const BenchReport& report, const std::string& kernel,
                             const std::string& element_type, std::uint64_t n) {
  for (const BenchEntry& e : report.entries) {
    if (e.kernel == kernel && e.element_type == element_type && e.n == n) return &e;
  }
  return nullptr;
}

void print_bench_table(const BenchReport& r, std::ostream& out) {
  out << (r.recorded ? "RECORDED on " : "measured on ") << r.device << ", " << r.toolkit << ", "
      << r.date << "\n";
  if (!r.method.empty()) out << r.method << "\n";
  std::vector<std::string> kernels;
  std::set<std::pair<std::string, std::uint64_t>> sizes;
  for (const BenchEntry& e : r.entries) {
    if (std::find(kernels.begin(), kernels.end(), e.kernel) == kernels.end())
      kernels.push_back(e.kernel);
    sizes.insert({e.element_type, e.n});
  }
  std::string first_variant;
  for (const std::string& k : kernels) {
    if (k != "cub" && k != "copy") {
      first_variant = k;
      break;
    }
  }
  out << std::left << std::setw(7) << "type" << std::setw(12) << "n" << std::setw(24) << "kernel"
      << std::right << std::setw(12) << "time us" << std::setw(10) << "GB/s" << std::setw(10)
      << "% copy" << std::setw(10) << "speedup"
      << "\n";
  for (const auto& [type, n] : sizes) {
    const BenchEntry* copy = find_entry(r, "copy", type, n);
    const BenchEntry* first = find_entry(r, first_variant, type, n);
    for (const std::string& k : kernels) {
      const BenchEntry* e = find_entry(r, k, type, n);
      if (!e) continue;
      out << std::left << std::setw(7) << type << std::setw(12) << n << std::setw(24) << k
          << std::right << std::fixed << std::setprecision(2) << std::setw(12) << e->median_us
          << std::setprecision(1) << std::setw(10) << e->gbps;
      if (copy && k != "copy") {
        out << std::setw(9) << 100.0 * e->gbps / copy->gbps << "%";
      } else {
        out << std::setw(10) << "";
      }
      if (first && k != "copy")
        out << std::setw(9) << std::setprecision(2) << first->median_us / e->median_us << "x";
      out << "\n" << std::defaultfloat;
    }
  }
}

std::vector<std::string> recorded_bench_files() {
  std::vector<std::filesystem::path> folders;
  std::error_code ec;
  auto self = std::filesystem::read_symlink("/proc/self/exe", ec);
  if (!ec) {
    folders.push_back(self.parent_path() / "assets/recorded");
    folders.push_back(self.parent_path().parent_path() / "assets/recorded");
  }
#if defined(STRIDESCOPE_SOURCE_DIR)
  folders.push_back(std::filesystem::path(STRIDESCOPE_SOURCE_DIR) / "assets/recorded");
#endif
  std::vector<std::string> files;
  for (const auto& folder : folders) {
    if (!std::filesystem::is_directory(folder, ec)) continue;
    for (const auto& entry : std::filesystem::directory_iterator(folder, ec)) {
      std::string name = entry.path().filename().string();
      if (name.rfind("bench-", 0) == 0 && entry.path().extension() == ".json")
        files.push_back(entry.path().string());
    }
    if (!files.empty()) break;
  }
  std::sort(files.rbegin(), files.rend());
  return files;
}

}  // namespace stridescope
