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

// The largest trace file the loader reads (a 1024-thread block's trace is about 1 MB per 30
// steps; a 256 MiB file takes seconds and about 3 GB of memory to check).
inline constexpr std::uint64_t kMaxTraceFileBytes = 256ull << 20;

void save_trace(const Trace& trace, const std::string& path);  // throws FileError (core/files.h)
// Throws TraceFormatError, or FileError (missing, not a regular file, over kMaxTraceFileBytes).
Trace load_trace(const std::string& path);

}  // namespace stridescope
