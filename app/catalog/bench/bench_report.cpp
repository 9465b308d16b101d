// Benchmark reports: JSON round trip, the comparison table, and the recorded files in assets/.
#include "catalog/bench/bench_report.h"

#include <algorithm>
#include <cmath>
#include <compare>
#include <filesystem>
#include <iomanip>
#include <optional>
#include <ostream>
#include <set>
#include <span>
#include <sstream>
#include <stdexcept>

#include "core/files.h"
#include "core/json_shape.h"
#include "registry.h"

namespace stridescope {

namespace {

nlohmann::json entry_to_json(const BenchEntry& e) {
  nlohmann::json j = {{"kernel", e.kernel},
                      {"element_type", name_of(e.element_type)},
                      {"n", e.n},
                      {"median_us", e.median_us},
                      {"gbps", e.gbps}};
  if (e.spread) {
    const BenchSpread& s = *e.spread;
    j["min_us"] = s.min_us;
    j["q1_us"] = s.q1_us;
    j["q3_us"] = s.q3_us;
    j["max_us"] = s.max_us;
    j["trials"] = s.trials;
    j["launches_per_trial"] = s.launches_per_trial;
    j["unstable"] = s.unstable;
  }
  return j;
}

[[noreturn]] void malformed(const std::string& why) {
  throw std::runtime_error("malformed benchmark file: " + why);
}

// A version-2 entry's spread, checked: min <= q1 <= median <= q3 <= max, at least one trial.
BenchSpread spread_from_json(const nlohmann::json& e, double median_us) {
  BenchSpread s{e.at("min_us"),  e.at("q1_us"),  e.at("q3_us"),
                e.at("max_us"),  e.at("trials"), e.at("launches_per_trial"),
                e.at("unstable")};
  bool ordered = 0 < s.min_us && s.min_us <= s.q1_us && s.q1_us <= median_us &&
                 median_us <= s.q3_us && s.q3_us <= s.max_us && std::isfinite(s.max_us);
  if (!ordered) malformed("spread of " + e.at("kernel").get<std::string>() + " out of order");
  if (s.trials < 1 || s.launches_per_trial < 1) malformed("a point without trials");
  return s;
}

BenchEntry entry_from_json(const nlohmann::json& e, int version) {
  std::optional<ElementType> type =
      parse_enum<ElementType>(e.at("element_type").get<std::string>());
  if (!type) malformed("unknown element type");
  BenchEntry entry{e.at("kernel"), *type, e.at("n"), e.at("median_us"), e.at("gbps")};
  if (version >= 2) entry.spread = spread_from_json(e, entry.median_us);
  return entry;
}

}  // namespace

nlohmann::json bench_to_json(const BenchReport& r) {
  nlohmann::json entries = nlohmann::json::array();
  for (const BenchEntry& e : r.entries) entries.push_back(entry_to_json(e));
  nlohmann::json j = {{"format", "stridescope-bench"},
                      {"version", kBenchFormatVersion},
                      {"device", r.device},
                      {"toolkit", r.toolkit},
                      {"date", r.date},
                      {"method", r.method},
                      {"entries", entries}};
  if (r.l2_cache_bytes > 0) j["l2_cache_bytes"] = r.l2_cache_bytes;
  return j;
}

BenchReport bench_from_json(const nlohmann::json& j) {
  try {
    if (j.at("format") != "stridescope-bench")
      throw std::runtime_error("not a stridescope-bench file");
    BenchReport r;
    r.version = j.value("version", 1);
    if (r.version < 1 || r.version > kBenchFormatVersion) {
      malformed("version " + std::to_string(r.version) + " (this build reads 1 and 2)");
    }
    r.device = j.at("device");
    r.toolkit = j.at("toolkit");
    r.date = j.at("date");
    r.method = j.value("method", "");
    r.l2_cache_bytes = j.value("l2_cache_bytes", std::uint64_t{0});
    for (const auto& e : j.at("entries")) r.entries.push_back(entry_from_json(e, r.version));
    return r;
  } catch (const nlohmann::json::exception& e) {
    throw std::runtime_error(std::string("malformed benchmark file: ") + e.what());
  }
}

BenchReport load_bench(const std::string& path) {
  const std::string text = read_input_file(path, 16ull << 20, "benchmark file");
  if (std::optional<std::string> problem = json_shape_problem(text))
    throw std::runtime_error(path + ": not a benchmark file: its JSON " + *problem);
  nlohmann::json j = nlohmann::json::parse(text, nullptr, false);
  if (j.is_discarded()) throw std::runtime_error(path + ": not valid JSON");
  BenchReport r = bench_from_json(j);
  r.recorded = true;
  return r;
}

void save_bench(const BenchReport& report, const std::string& path) {
  write_output_file(path, bench_to_json(report).dump(1) + "\n");
}

const BenchEntry* find_entry(const BenchReport& report, const std::string& kernel,
                             ElementType element_type, std::uint64_t n) {
  for (const BenchEntry& e : report.entries) {
    if (e.kernel == kernel && e.element_type == element_type && e.n == n) return &e;
  }
  return nullptr;
}

namespace {

// Where the ladder puts a kernel: the catalog variants with a numbered rung (by rung, then catalog
// order), then every other kernel (unnumbered variants in catalog order, then kernels the catalog
// does not know, as given), then CUB, then the copy.
struct LadderKey {
  int group = 1;
  unsigned rung = 0;
  std::size_t catalog_index = 0;
  auto operator<=>(const LadderKey&) const = default;
};

LadderKey ladder_key(std::string_view kernel) {
  if (kernel == "cub") return {2};
  if (kernel == "copy") return {3};
  std::span<const VariantInfo> catalog = variant_catalog();
  for (std::size_t i = 0; i < catalog.size(); ++i) {
    if (catalog[i].id != kernel) continue;
    unsigned rung = catalog[i].ladder.rung;
    return rung > 0 ? LadderKey{0, rung, i} : LadderKey{1, 0, i};
  }
  return {1, 0, catalog.size()};
}

}  // namespace

int harris_kernel_number(std::string_view kernel) {
  const VariantInfo* v = find_variant(kernel);
  bool harris = v != nullptr && v->ladder.family == BenchFamily::Harris;
  return harris ? static_cast<int>(v->ladder.rung) : 0;
}

BenchFamily bench_family(std::string_view kernel) {
  if (kernel == "cub") return BenchFamily::Cub;
  if (kernel == "copy") return BenchFamily::Copy;
  const VariantInfo* v = find_variant(kernel);
  return v != nullptr ? v->ladder.family : BenchFamily::Other;
}

std::string bench_label(std::string_view kernel) {
  if (int k = harris_kernel_number(kernel); k > 0) {
    return "kernel " + std::to_string(k) + " (" +
           std::string(find_variant(kernel)->ladder.harris_name) + ")";
  }
  if (kernel == "cub") return "CUB DeviceReduce";
  if (kernel == "copy") return "copy (rd + wr)";
  return std::string(kernel);
}

std::vector<std::string> ladder_order(const std::vector<std::string>& kernels) {
  std::vector<std::string> ordered = kernels;
  std::stable_sort(ordered.begin(), ordered.end(), [](const std::string& a, const std::string& b) {
    return ladder_key(a) < ladder_key(b);
  });
  return ordered;
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
  std::vector<std::string> kernels = ladder_order(bench_kernels(report));
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

namespace {

void print_table_head(const BenchReport& r, std::ostream& out) {
  out << (r.recorded ? "RECORDED on " : "measured on ") << r.device << ", " << r.toolkit << ", "
      << r.date << "\n";
  if (!r.method.empty()) out << r.method << "\n";
  if (r.version < 2) {
    out << "format version " << r.version << ": medians only, no spread (IQR shown as -)\n";
  } else {
    out << "IQR: (q3 - q1) / median of the trials; ! marks an unstable point\n";
  }
  out << std::left << std::setw(7) << "type" << std::setw(12) << "n" << std::setw(24) << "kernel"
      << std::right << std::setw(12) << "median us" << std::setw(9) << "IQR" << std::setw(10)
      << "GB/s" << std::setw(10) << "% copy" << std::setw(10) << "speedup"
      << "\n";
}

void print_table_row(const BenchRow& row, ElementType type, std::ostream& out) {
  const BenchEntry& e = *row.entry;
  out << std::left << std::setw(7) << name_of(type) << std::setw(12) << e.n << std::setw(24)
      << e.kernel << std::right << std::fixed << std::setprecision(2) << std::setw(12)
      << e.median_us;
  if (e.spread) {
    std::ostringstream iqr;
    iqr << std::fixed << std::setprecision(1) << 100 * e.spread->relative_iqr(e.median_us) << "%"
        << (e.spread->unstable ? "!" : " ");
    out << std::setw(9) << iqr.str();
  } else {
    out << std::setw(9) << "- ";
  }
  out << std::setprecision(1) << std::setw(10) << e.gbps;
  if (e.kernel != "copy") {
    out << std::setw(9) << row.percent_of_copy << "%" << std::setw(9) << std::setprecision(2)
        << row.speedup << "x";
  }
  out << "\n" << std::defaultfloat;
}

}  // namespace

void print_bench_table(const BenchReport& r, std::ostream& out) {
  print_table_head(r, out);
  for (ElementType type : {ElementType::Float, ElementType::Int, ElementType::Double}) {
    for (std::uint64_t n : bench_sizes(r, type)) {
      for (const BenchRow& row : bench_rows(r, type, n)) print_table_row(row, type, out);
    }
  }
}

std::uint64_t bench_l2_bytes(const BenchReport& report) {
  if (report.l2_cache_bytes > 0) return report.l2_cache_bytes;
  if (report.device.find("H100") != std::string::npos) return 50ull << 20;
  return 0;
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
