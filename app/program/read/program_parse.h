// What clang's CUDA parser says about a user's .cu file: its kernel launches, its __shared__
// variables, and the CUDA features it uses that `stridescope run` does not support.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/domain.h"

namespace stridescope {

// One `k<<<g, b>>>(args)` in the program: byte offsets of the kernel expression's first character,
// of `<<<` and of `>>>` in `file` (the .cu file, or a header of the user's it includes), as clang's
// CUDA parser reports them.
struct KernelLaunch {
  std::string file;  // absolute; "" for the file parse_program was given
  std::size_t callee = 0;
  std::size_t open = 0;
  std::size_t close = 0;
  int line = 0;
  // The kernel is a template whose arguments the call deduces (or a name of several kernels): the
  // rewrite lets the C++ compiler pick the specialization, as the call would.
  bool deduced = false;
  // The arguments clang deduced for a template kernel named without them (`<double>`), written
  // after its name by the rewrite, so that the launch names the specialization itself; "" if none.
  std::string template_arguments;
};

// A `__shared__` variable of the file, e.g. name "As", type "float[16][16]".
struct SharedDecl {
  std::string name;
  std::string type;      // as clang spells it
  std::string function;  // the enclosing function ("" at file scope)
  int line = 0;
  bool is_extern = false;  // `extern __shared__ T name[];` (sized by the launch)
  std::string mangled;     // the symbol's name (an extern one is the launch's dynamic memory)
};

// A construct the runtime cannot run (inline assembly, a launch inside a kernel).
struct UnsupportedUse {
  std::string feature;
  int line = 0;
  std::string file;  // where it is, as clang names it
};

// A parameter of a kernel, e.g. `const int* in`: name "in", type "const int *", pointer, value
// type "int". The value type is clang's canonical type without const/volatile: the pointee's for a
// pointer ("unsigned int" for `unsigned*`, "unsigned long" for `size_t`), else the parameter's own.
struct KernelParam {
  std::string name;
  std::string type;  // as clang spells it
  bool is_pointer = false;
  std::string value_type;
};

// A `__global__` function declared in the file (a `stridescope run --launch` target).
struct KernelDecl {
  std::string name;  // qualified (`ns::reduce`) inside a namespace
  std::vector<KernelParam> params;
  bool is_template = false;
  bool overloaded = false;  // declared again with other parameter types
  int line = 0;
};

// Where a device function's body opens (its `{`), in the file parse_program was given ("") or a
// header (absolute).
struct DeviceBody {
  std::string file;
  std::size_t open = 0;
};

// A printf call in device code: its callee's text (`printf`, `std::printf`) at [begin, end) of the
// file parse_program was given ("") or a header (absolute). The rewrite names its place, so the
// runtime tells two calls of one format apart (runtime/printf_order.h).
struct DevicePrintf {
  std::string file;
  std::size_t begin = 0, end = 0;
};

struct ProgramFacts {
  std::vector<KernelLaunch> launches;  // by file, in source order, one per place
  std::vector<SharedDecl> shared;
  std::vector<UnsupportedUse> unsupported;
  std::vector<KernelDecl> kernels;           // in source order, one per name
  std::vector<DeviceBody> device_bodies;     // kernels' and __device__ functions' bodies
  std::vector<DevicePrintf> device_printfs;  // in the order the walk met them
  bool has_main = false;                     // the file defines or declares `main` at file scope
  // The mangled names of the user's host-only functions defined in the file or its headers (a CPU
  // reference computeGold()): compiled without the access callbacks, as main() is.
  std::vector<std::string> host_functions;
  // `FILE:LINE:COL: warning: ...` for each CUDA function the file uses that CUDA removed and
  // stridescope run still runs (the mask-less __shfl of CUDA 8, cudaThreadSynchronize): one each.
  std::vector<std::string> warnings;
};

// How the file is compiled: nvcc's -I and -D (absolute folders), as the parse and the build take
// them.
struct CompileFlags {
  std::vector<std::string> include_dirs;  // -I, in order
  std::vector<std::string> defines;       // -D NAME or NAME=VALUE
  std::vector<std::string> args() const;  // {"-I", dir, ..., "-D", def, ...}
};

// The flags of the parse (clang's CUDA mode, host side, every function host and device, variadic
// device functions allowed) without the header and the user's flags.
std::vector<std::string> parse_flags();

// Parses `file` with libclang (in process, `-x cuda --cuda-host-only`) against StrideScope's CUDA
// header, precompiled by `clang` into the cache (header_pch.h; "" reads it as text). Throws
// OwnProgramError with clang's messages if it does not parse: a CUDA feature stridescope run cannot
// run is named as such (`FILE:LINE:COL: error: 'cudaMallocArray' is not supported by stridescope
// run (CUDA arrays); nvcc runs it`), never as clang's "undeclared identifier".
// `appended`: text read after the file's own (an exercise's harness), parsed and rewritten with it.
ProgramFacts parse_program(const std::string& file, const std::string& clang,
                           const CompileFlags& flags = {}, const std::string& appended = "");

// The launches only (see parse_program); with shared_types, each __shared__ variable's type.
std::vector<KernelLaunch> find_kernel_launches(const std::string& file, const std::string& clang,
                                               std::vector<std::string>* shared_types = nullptr);

// `k<<<g, b>>>(args)` -> `::stridescope_rt::launcher(k, g, b)(args)` for the launches of `file`
// ("" : the main file). Lines are unchanged.
std::string rewrite_program(const std::string& source, const ProgramFacts& facts,
                            const std::string& file = "");
std::string rewrite_launches(const std::string& source, const std::vector<KernelLaunch>& launches);

}  // namespace stridescope
