// What clang's CUDA parser says about a user's .cu file: its kernel launches, its __shared__
// variables, and the CUDA features it uses that `stridescope run` does not support.
#pragma once

#include <string>
#include <vector>

#include "core/domain.h"

namespace stridescope {

// One `k<<<g, b>>>(args)` in the file: byte offsets of the kernel expression's first character,
// of `<<<` and of `>>>`, as clang's CUDA parser reports them.
struct KernelLaunch {
  std::size_t callee = 0;
  std::size_t open = 0;
  std::size_t close = 0;
  int line = 0;
};

// A `__shared__` variable of the file, e.g. name "As", type "float[16][16]".
struct SharedDecl {
  std::string name;
  std::string type;      // as clang spells it
  std::string function;  // the enclosing function ("" at file scope)
  int line = 0;
  bool is_extern = false;          // `extern __shared__ T name[];` (sized by the launch)
  std::size_t begin = 0, end = 0;  // byte range of the declaration (for extern ones)
};

// A construct the runtime cannot run (inline assembly, a launch inside a kernel).
struct UnsupportedUse {
  std::string feature;
  int line = 0;
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

struct ProgramFacts {
  std::vector<KernelLaunch> launches;  // in source order, one per place in the file
  std::vector<SharedDecl> shared;
  std::vector<UnsupportedUse> unsupported;
  std::vector<KernelDecl> kernels;  // in source order, one per name
  bool has_main = false;            // the file defines or declares `main` at file scope
};

// Parses `file` with libclang (in process, `-x cuda --cuda-host-only`) against StrideScope's CUDA
// header, precompiled by `clang` into the cache (header_pch.h; "" reads it as text). Throws
// OwnProgramError with clang's messages if it does not parse.
ProgramFacts parse_program(const std::string& file, const std::string& clang);

// The launches only (see parse_program); with shared_types, each __shared__ variable's type.
std::vector<KernelLaunch> find_kernel_launches(const std::string& file, const std::string& clang,
                                               std::vector<std::string>* shared_types = nullptr);

// The trace's element type for the file's shared variables: Float if every one is float, Double
// if every one is double, else Int. Throws OwnProgramError when 4- and 8-byte arrays mix.
ElementType shared_element_type(const std::vector<std::string>& shared_types);

// `k<<<g, b>>>(args)` -> `::stridescope_rt::launcher(k, g, b)(args)`; each `extern __shared__ T
// s[];` -> a pointer to the launch's dynamic shared memory. Lines are unchanged.
std::string rewrite_program(const std::string& source, const ProgramFacts& facts);
std::string rewrite_launches(const std::string& source, const std::vector<KernelLaunch>& launches);

}  // namespace stridescope
