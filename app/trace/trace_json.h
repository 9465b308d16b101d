// Trace <-> JSON, with validation that names the first problem by its JSON path.
#pragma once

#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>

#include "trace/trace.h"

namespace stridescope {

// A malformed trace; what() reads "<json path>: <problem>".
class TraceFormatError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

nlohmann::json trace_to_json(const Trace& trace);
Trace trace_from_json(const nlohmann::json& json);  // throws TraceFormatError

void save_trace(const Trace& trace, const std::string& path);  // throws std::runtime_error
Trace load_trace(const std::string& path);  // throws TraceFormatError or std::runtime_error

}  // namespace stridescope
