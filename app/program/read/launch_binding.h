// A launch spec checked against the file's kernels (libclang's view of them): the kernel, every
// parameter's argument with its C type, or one LaunchSpecError saying what is wrong.
#pragma once

#include <string>
#include <vector>

#include "program/read/launch_spec.h"
#include "program/read/program_parse.h"

namespace stridescope {

// A number type a spec can fill: clang's canonical name, the range a value must lie in.
struct SpecValueType {
  std::string name;  // "int", "unsigned int", "float", ...
  bool is_float = false;
  bool is_signed = false;
  double min = 0, max = 0;
};

struct BoundArg {
  KernelParam param;
  ArgInit init;
  SpecValueType type;  // the pointee's for a pointer, else the parameter's
};

struct BoundLaunch {
  std::string callee;  // what the generated main launches: "reduce", "reduce<float>"
  LaunchSpec spec;
  std::vector<BoundArg> args;  // in the kernel's parameter order
};

// Throws LaunchSpecError: an unknown kernel (the message lists the file's kernels), a missing,
// unknown or repeated parameter, a number for a pointer or an array for a number, a value outside
// the parameter's type, a parameter type a spec cannot fill, a template without its arguments.
BoundLaunch bind_launch(const LaunchSpec& spec, const std::vector<KernelDecl>& kernels);

// `reduce(const int * in, int * out, int n)`
std::string kernel_signature(const KernelDecl& kernel);

// A spec that runs `kernel` (an example for messages): `reduce<<<1,256>>>(in=iota(256), ...)`.
std::string example_launch(const KernelDecl& kernel, const std::vector<SharedDecl>& shared = {});

// "FILE has no main(): give a launch, e.g. --launch '...' (its kernels: ...)"
std::string no_main_message(const std::string& file, const std::vector<KernelDecl>& kernels,
                            const std::vector<SharedDecl>& shared = {});

// The file has a main() and --launch was given a spec.
std::string main_and_spec_message(const std::string& file);

}  // namespace stridescope
