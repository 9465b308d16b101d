// Writes the main() of a spec'd launch: one block of statements per argument, on the helpers of
// runtime/include/stridescope_launch_main.h (fill, copy, print).
#include "program/build/launch_main.h"

#include <cstdio>
#include <optional>

namespace stridescope {
namespace {

std::string number(double v) {
  char text[40];
  std::snprintf(text, sizeof text, "%.17g", v);
  return text;
}

std::string dims(const LaunchDims& d) {
  return "dim3(" + std::to_string(d.x) + ", " + std::to_string(d.y) + ", " + std::to_string(d.z) +
         ")";
}

// The statements that make argument k's device array (and its values, for values(...)).
std::string array_statements(const BoundArg& a, std::size_t k) {
  const std::string id = std::to_string(k), type = a.type.name;
  std::string init = "stridescope_launch::Fill", values = "nullptr";
  double v = a.init.kind == InitKind::Ones ? 1 : a.init.kind == InitKind::Fill ? a.init.number : 0;
  if (a.init.kind == InitKind::Iota) init = "stridescope_launch::Iota";
  if (a.init.kind == InitKind::Random) init = "stridescope_launch::Random";
  std::string out;
  if (a.init.kind == InitKind::Values) {
    init = "stridescope_launch::Values";
    values = "stridescope_values_" + id;
    out += "  static const double " + values + "[] = {";
    for (std::size_t i = 0; i < a.init.values.size(); ++i)
      out += (i > 0 ? ", " : "") + number(a.init.values[i]);
    out += "};\n";
  }
  const std::string count = std::to_string(a.init.count) + "ull";
  out += "  " + type + "* stridescope_host_" + id + " = stridescope_launch::make<" + type + ">(" +
         count + ", " + init + ", " + number(v) + ", " + std::to_string(a.init.seed) + "ull, " +
         values + ");\n";
  out += "  " + type + "* stridescope_dev_" + id + " = stridescope_launch::to_device(" +
         "stridescope_host_" + id + ", " + count + ", \"" + a.param.name + "\");\n";
  return out;
}

}  // namespace

std::string launch_main_source(const BoundLaunch& launch) {
  std::string out = "\n#line 1 \"<main() made by stridescope run --launch>\"\n";
  out += "#define STRIDESCOPE_LAUNCH_PRINTED " + std::to_string(kSpecPrintedValues) +
         "\n#include <stridescope_launch_main.h>\n";
  out += "int main() {\n";
  std::string call = "  ::stridescope_rt::launcher(" + launch.callee + ", " +
                     dims(launch.spec.grid) + ", " + dims(launch.spec.block) + ", " +
                     std::to_string(launch.spec.shared_bytes) + ")(";
  for (std::size_t k = 0; k < launch.args.size(); ++k) {
    const BoundArg& a = launch.args[k];
    if (a.param.is_pointer) out += array_statements(a, k);
    call += a.param.is_pointer ? "stridescope_dev_" + std::to_string(k)
                               : "static_cast<" + a.type.name + ">(" + number(a.init.number) + ")";
    if (k + 1 < launch.args.size()) call += ", ";
  }
  out += call + ");\n  cudaDeviceSynchronize();\n";
  for (std::size_t k = 0; k < launch.args.size(); ++k) {
    if (!launch.args[k].param.is_pointer) continue;
    const std::string id = std::to_string(k);
    out += "  stridescope_launch::print(\"" + launch.args[k].param.name + "\", stridescope_host_" +
           id + ", stridescope_dev_" + id + ", " + std::to_string(launch.args[k].init.count) +
           "ull);\n";
  }
  return out + "  return 0;\n}\n";
}

namespace {

// The launch a file without main() runs; nullopt when it has one.
std::optional<BoundLaunch> chosen_launch(const std::string& file, const ProgramFacts& facts,
                                         const std::string& spec, const std::string& fallback) {
  if (facts.has_main) {
    if (!spec.empty()) throw LaunchSpecError(main_and_spec_message(file));
    return std::nullopt;
  }
  const std::string chosen = spec.empty() ? fallback : spec;
  if (chosen.empty()) throw LaunchSpecError(no_main_message(file, facts.kernels, facts.shared));
  return bind_launch(parse_launch_spec(chosen), facts.kernels);
}

}  // namespace

std::string main_for_launch(const std::string& file, const ProgramFacts& facts,
                            const std::string& spec, const std::string& fallback) {
  const std::optional<BoundLaunch> launch = chosen_launch(file, facts, spec, fallback);
  return launch ? launch_main_source(*launch) : "";
}

std::vector<MadeBuffer> spec_buffers(const std::string& file, const ProgramFacts& facts,
                                     const std::string& spec, const std::string& fallback) {
  std::vector<MadeBuffer> out;
  if (const std::optional<BoundLaunch> launch = chosen_launch(file, facts, spec, fallback))
    for (const BoundArg& a : launch->args)
      if (a.param.is_pointer) out.push_back({a.param.name, a.type.name});
  return out;
}

std::string launch_spec_in_comments(const std::string& source) {
  const std::string key = "--launch '";
  for (std::size_t at = source.find(key); at != std::string::npos; at = source.find(key, at + 1)) {
    const std::size_t line =
        source.rfind('\n', at) == std::string::npos ? 0 : source.rfind('\n', at);
    const std::size_t comment = source.find("//", line);
    const std::size_t begin = at + key.size(), end = source.find('\'', begin);
    if (comment > at || end == std::string::npos || source.find('\n', begin) < end) continue;
    const std::string spec = source.substr(begin, end - begin);
    if (is_launch_spec(spec)) return spec;
  }
  return "";
}

}  // namespace stridescope
