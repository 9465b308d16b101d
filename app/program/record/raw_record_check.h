// Whether a raw record (the runtime's, or the GPU tracer's made into one) has the shape every
// reader of it expects: each field the readers index is there and of its type, each array as long
// as they read it. The program writes the record in its own process, so it could write anything;
// this is checked once, before any reader looks (record/raw_trace.h, raw_global.h, launch_names.h).
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>

namespace stridescope {

// The largest shared memory a record may claim for its traced block: the runtime's own bound on a
// launch's shared memory is far below it; a larger one is not the runtime's.
inline constexpr std::uint64_t kMaxRecordSharedBytes = 64ull << 20;

// The first thing wrong, as "steps[3].accesses[7]: not [thread, order, offset, ...]"; or nothing.
std::optional<std::string> raw_record_problem(const nlohmann::json& raw);

}  // namespace stridescope
