// The GPU tracer's record (app/tools/gputrace: the traced block's events in the order the hardware
// ran them, and shared memory as the last thread to reach each barrier saw it) -> the raw record
// the emulator's runtime writes (record/raw_record.h) -> a Trace, by the same trace_of_raw. No GPU
// needed.
//
// What the record cannot give, and so the trace does not have: shuffle values, masks and deltas
// (the API passes a shuffle's pc only: shuffles are counted in the notes, not shown as register
// rounds); an atomic's operand and result (its value is the word as the thread next saw it); global
// memory (not patched); each block's input and result (one block is traced).
#pragma once

#include <cstdint>
#include <filesystem>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "program/gputrace/sass_lines.h"
#include "program/read/program_parse.h"
#include "program/record/raw_record.h"
#include "program/record/shared_layout.h"
#include "trace/trace.h"

namespace stridescope {

struct RawOfGpu {
  RawRecord raw;                       // as the runtime's is read
  std::map<std::uint64_t, int> lines;  // each access's pc -> its line
  std::vector<SharedSymbol>
      symbols;                     // the kernel's __shared__ variables, where the cubin names them
  std::vector<std::string> notes;  // what the GPU did not give, and where its memory surprised
};

// Steps are made per thread: a thread's accesses after its k-th __syncthreads() belong to step k;
// step k's memory is the snapshot its last thread to arrive took (rebuilt from the writes, and
// said so, where none was taken). Throws OwnProgramError for a record that traced nothing.
RawOfGpu raw_of_gpu_record(const nlohmann::json& record, const SassTable& sass);

// A linked symbol as C++ writes it: "_Z3sumPKiPi" -> "sum(int const*, int*)" (itself where it is
// not mangled).
std::string demangled_symbol(const std::string& mangled);

// The kernel's name from its linked symbol, as a launch writes it (launch_names.h's
// kernel_name_of): "_Z3sumPKiPi" -> "sum", "_Z6reduceILj256EEvPKiPi" -> "reduce<256u>".
std::string kernel_name_of_symbol(const std::string& mangled);

// raw_of_gpu_record, then trace_of_raw; the run says which GPU made it. `notes` gets the notes.
Trace trace_of_gpu_record(const nlohmann::json& record, const SassTable& sass,
                          const std::filesystem::path& file, ElementType element,
                          const std::vector<SharedDecl>& decls,
                          std::vector<std::string>* notes = nullptr);

}  // namespace stridescope
