// The `stridescope precision` command: runs the study and prints, or writes JSON.
#include "cli/precision_command.h"

#include <cmath>
#include <cstdio>
#include <nlohmann/json.hpp>
#include <ostream>
#include <stdexcept>

#include "core/files.h"
namespace stridescope {

void print_precision_study(const PrecisionStudy& study, std::ostream& out) {
  char line[256];
  std::snprintf(line, sizeof line,
                "n = %llu uniform floats in [0, 1) (seed %llu), blocks of %u; float64 reference "
                "%.10g\n",
                static_cast<unsigned long long>(study.n),
                static_cast<unsigned long long>(study.seed), study.block, study.reference);
  out << line;
  std::snprintf(line, sizeof line, "%-58s %-6s %16s %10s %10s %12s  %s\n", "summation", "type",
                "result", "abs err", "rel err", "ulps", "rel err, log scale 1e-10 .. 1e-2");
  out << line;
  for (const PrecisionRow& row : study.rows) {
    auto length =
        static_cast<std::size_t>(std::lround(log_error_position(row.error.relative) * 30));
    std::string bar(length, '#');
    if (row.error.absolute == 0) bar = "(exact)";
    std::snprintf(line, sizeof line, "%-58.58s %-6s %16.9g %10.3g %10.3g %12.4g  %s\n",
                  row.label.c_str(), std::string(name_of(row.element_type)).c_str(), row.result,
                  row.error.absolute, row.error.relative, row.error.ulps, bar.c_str());
    out << line;
  }
}

int command_precision(std::uint64_t n, std::uint64_t seed, unsigned block,
                      const std::string& json_path, std::ostream& out) {
  PrecisionStudy study = precision_study(n, seed, block);
  print_precision_study(study, out);
  if (!json_path.empty()) {
    nlohmann::json rows = nlohmann::json::array();
    for (const PrecisionRow& r : study.rows) {
      rows.push_back({{"label", r.label},
                      {"variant", r.variant},
                      {"element_type", name_of(r.element_type)},
                      {"result", r.result},
                      {"absolute_error", r.error.absolute},
                      {"relative_error", r.error.relative},
                      {"ulps", r.error.ulps}});
    }
    write_output_file(json_path, nlohmann::json{{"n", study.n},
                                                {"seed", study.seed},
                                                {"block", study.block},
                                                {"input", "uniform"},
                                                {"reference", study.reference},
                                                {"rows", std::move(rows)}}
                                         .dump(2) +
                                     "\n");
  }
  return 0;
}

}  // namespace stridescope
