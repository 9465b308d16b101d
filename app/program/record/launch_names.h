// A program's kernel launches from the runtime's raw record: each launch's grid and block as the
// program made it, and its kernel's name, found from the kernel's address among its symbols.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "program/record/raw_record.h"
#include "trace/trace.h"

namespace stridescope {

// Every launch of the record, in order; each kernel named as the record names it (the runtime
// and the GPU tracer read their program's symbols), "kernel" where it does not.
std::vector<ProgramLaunch> program_launches(const RawRecord& raw);

// A kernel's name as a launch writes it, from the symbolizer's function name:
// "dot(float*, float*, float*)" -> "dot", "void sum<256u>(int*)" -> "sum<256u>"; "kernel" when
// the debug info has none.
std::string kernel_name_of(std::string_view function);

}  // namespace stridescope
