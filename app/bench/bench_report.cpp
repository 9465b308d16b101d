// Benchmark reports: JSON round trip, the comparison table, and the recorded files in assets/.
#include "bench/bench_report.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <optional>
#include <ostream>
#include <set>

#include <stdexcept>
#include "core/files.h"

namespace stridescope {

nlohmann::json bench_to_json(const BenchReport& r) {
  nlohmann::json entries = nlohmann::json::array();
  for (const BenchEntry& e : r.entries) {
    entries.push_back({{"kernel", e.kernel},
                       {"element_type", name_of(e.element_type)},
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
      std::optional<ElementType> type =
          parse_enum<ElementType>(e.at("element_type").get<std::string>());
      if (!type) throw std::runtime_error("malformed benchmark file: unknown element type");
      r.entries.push_back({e.at("kernel"), *type, e.at("n"), e.at("median_us"), e.at("gbps")});
    }
    return r;
  } catch (const nlohmann::json::exception& e) {
    throw std::runtime_error(std::string("malformed benchmark file: ") + e.what());
  }
}

BenchReport load_bench(const std::string& path) {
  nlohmann::json j =
      nlohmann::json::parse(read_input_file(path, 16ull << 20, "benchmark file"), nullptr, false);
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
                             ElementType element_type, std::uint64_t n) {
  for (const BenchEntry& e : report.entries) {
    if (e.kernel == kernel && e.element_type == element_type && e.n == n) return &e;
  }
  return nullptr;
}

std::vector<std::string> bench_kernels(const BenchReport& report) {
  std::vector<std::string> kernels;
  for (const BenchEntry& e : report.entries) {
    if (std::find(kernels.begin(), kernels.end(), e.kernel) == kernels.end())
      kernels.push_back(e.kernel);
  }
  return kernels;
}

std::vector<std::uint64_t> bench_sizes(const BenchReport& report, ElementType element_type) {
  std::set<std::uint64_t> sizes;
  for (const BenchEntry& e : report.entries) {
    if (e.element_type == element_type) sizes.insert(e.n);
  }
  return {sizes.begin(), sizes.end()};
}

std::vector<BenchRow> bench_rows(const BenchReport& report, ElementType element_type,
                                 std::uint64_t n) {
  std::vector<std::string> kernels = bench_kernels(report);
  const BenchEntry* copy = find_entry(report, "copy", element_type, n);
  // The baseline is Harris's kernel 1, as on his slides; else the first variant measured.
  const BenchEntry* first = find_entry(report, "interleaved-divergent", element_type, n);
  for (const std::string& k : kernels) {
    if (first) break;
    if (k != "cub" && k != "copy") first = find_entry(report, k, element_type, n);
  }
  std::vector<BenchRow> rows;
  for (const std::string& k : kernels) {
    const BenchEntry* e = find_entry(report, k, element_type, n);
    if (!e) continue;
    BenchRow row{e, 0, 0};
    if (k != "copy") {
      if (copy && copy->gbps > 0) row.percent_of_copy = 100.0 * e->gbps / copy->gbps;
      if (first && e->median_us > 0) row.speedup = first->median_us / e->median_us;
    }
    rows.push_back(row);
  }
  return rows;
}

void print_bench_table(const BenchReport& r, std::ostream& out) {
  out << (r.recorded ? "RECORDED on " : "measured on ") << r.device << ", " << r.toolkit << ", "
      << r.date << "\n";
  if (!r.method.empty()) out << r.method << "\n";
  out << std::left << std::setw(7) << "type" << std::setw(12) << "n" << std::setw(24) << "kernel"
      << std::right << std::setw(12) << "time us" << std::setw(10) << "GB/s" << std::setw(10)
      << "% copy" << std::setw(10) << "speedup"
      << "\n";
  for (ElementType type : {ElementType::Float, ElementType::Int, ElementType::Double}) {
    for (std::uint64_t n : bench_sizes(r, type)) {
      for (const BenchRow& row : bench_rows(r, type, n)) {
        const BenchEntry& e = *row.entry;
        out << std::left << std::setw(7) << name_of(type) << std::setw(12) << n << std::setw(24)
            << e.kernel << std::right << std::fixed << std::setprecision(2) << std::setw(12)
            << e.median_us << std::setprecision(1) << std::setw(10) << e.gbps;
        if (e.kernel != "copy") {
          out << std::setw(9) << row.percent_of_copy << "%" << std::setw(9) << std::setprecision(2)
              << row.speedup << "x";
        }
        out << "\n" << std::defaultfloat;
      }
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
