// A view as address parameters (view_address.h).
#include "model/view_address.h"

#include <cstdio>
#include <cstdlib>

#include "catalog/request.h"
#include "core/domain.h"
#include "registry.h"
#include "trace/trace.h"

namespace stridescope {
namespace {

// Letters, digits and - . _ ~ , stay; the rest as %XX (a '+' would read as a space).
std::string escaped(const std::string& text) {
  std::string out;
  for (unsigned char c : text) {
    const bool plain = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                       c == '-' || c == '.' || c == '_' || c == '~' || c == ',';
    if (plain) {
      out += static_cast<char>(c);
    } else {
      char hex[4];
      std::snprintf(hex, sizeof hex, "%%%02X", c);
      out += hex;
    }
  }
  return out;
}

// The values of a custom input, each in the fewest digits that read back as the same double.
std::string values_text(const std::vector<double>& values) {
  std::string out;
  for (double v : values) {
    char text[32];
    for (int digits = 1; digits <= 17; ++digits) {
      std::snprintf(text, sizeof text, "%.*g", digits, v);
      if (std::strtod(text, nullptr) == v) break;
    }
    out += (out.empty() ? "" : ",") + std::string(text);
  }
  return out;
}

}  // namespace

std::string view_address(const Trace& trace, std::size_t step) {
  if (trace.run.backend != Backend::Emulator || from_user_program(trace) ||
      find_variant(trace.run.variant) == nullptr)
    return "";
  const RunRequest r = request_of(trace);
  std::string address = "variant=" + escaped(r.variant) + "&block=" + std::to_string(r.block) +
                        "&n=" + std::to_string(r.n) +
                        "&type=" + std::string(name_of(r.element_type)) + "&input=" +
                        escaped(r.input == InputPattern::Custom ? values_text(r.values)
                                                                : std::string(name_of(r.input))) +
                        "&seed=" + std::to_string(r.seed);
  if (r.traced_block != 0) address += "&traced-block=" + std::to_string(r.traced_block);
  for (const EnumName<SecondStage>& stage : choosable_second_stages()) {
    if (r.second_stage == stage.value) address += "&second-stage=" + std::string(stage.name);
  }
  return address + "&step=" + std::to_string(step);
}

}  // namespace stridescope
