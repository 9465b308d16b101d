// Whether a raw record has the shape every reader of it expects: its JSON, each field there and of
// its type (a count or offset in 32 bits), each array as long as read; then, typed, whether what
// it names is there (the GPU tracer's record made into one is checked so too). The program writes
// the record in its own process, so it could write anything; raw_record_of (raw_record.h) checks it
// once, before any reader looks.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "program/record/raw_record.h"

namespace stridescope {

// The largest shared memory a record may claim for its traced block: the runtime's own bound on a
// launch's shared memory is far below it; a larger one is not the runtime's.
inline constexpr std::uint64_t kMaxRecordSharedBytes = 64ull << 20;

// The first thing wrong, as "steps[3].accesses[7]: not [thread, order, offset, ...]"; or nothing.
std::optional<std::string> raw_record_shape_problem(const nlohmann::json& raw);

// What the fields name that is not there: a buffer past the buffers, an access past the block's
// shared memory or a thread past its block (an analysis sizes its tables by the highest thread):
// "steps[0].accesses: thread 2 of a block of 2 threads"; or nothing.
std::optional<std::string> raw_record_bounds_problem(const RawRecord& raw);

}  // namespace stridescope
