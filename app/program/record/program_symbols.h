// A program's __shared__ variables as its runtime's record lists them (the runtime reads its own
// symbol table: runtime/self_symbols.h): each one's place in the stridescope_shared section.
#pragma once

#include <vector>

#include "program/record/raw_record.h"
#include "program/record/shared_layout.h"

namespace stridescope {

// The record's `shared_symbols` ({"name": demangled, "offset", "bytes"}, by offset from the
// section's start), each split into name and function; the dynamic memory's unnamed (its extern
// declarations name it). None where the record lists none.
std::vector<SharedSymbol> record_shared_symbols(const RawRecord& raw);

}  // namespace stridescope
