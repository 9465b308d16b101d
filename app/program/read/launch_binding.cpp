// Checks a launch spec against the kernels libclang found: names, parameters, types, values.
#include "program/read/launch_binding.h"

#include "program/read/shared_types.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <optional>

namespace stridescope {
namespace {

[[noreturn]] void fail(const std::string& message) {
  throw LaunchSpecError("--launch: " + message);
}

const std::vector<SpecValueType>& value_types() {
  constexpr double k2to53 = kMaxSpecWholeMagnitude;
  static const std::vector<SpecValueType> types = {
      {"int", false, true, -2147483648.0, 2147483647.0},
      {"unsigned int", false, false, 0, 4294967295.0},
      {"long", false, true, -k2to53, k2to53},
      {"unsigned long", false, false, 0, k2to53},
      {"long long", false, true, -k2to53, k2to53},
      {"unsigned long long", false, false, 0, k2to53},
      {"float", true, true, -3.4028234663852886e38, 3.4028234663852886e38},
      {"double", true, true, -1.7976931348623157e308, 1.7976931348623157e308}};
  return types;
}

std::string type_names() {
  std::string out;
  for (const SpecValueType& t : value_types()) out += (out.empty() ? "" : ", ") + t.name;
  return out;
}

// A template argument as clang's canonical name ("unsigned" -> "unsigned int").
std::string canonical_type_name(std::string t) {
  static const std::vector<std::pair<std::string, std::string>> aliases = {
      {"unsigned", "unsigned int"},
      {"signed", "int"},
      {"signed int", "int"},
      {"long int", "long"},
      {"unsigned long int", "unsigned long"},
      {"size_t", "unsigned long"},
      {"std::size_t", "unsigned long"},
      {"long long int", "long long"},
      {"unsigned long long int", "unsigned long long"}};
  for (const auto& [alias, name] : aliases)
    if (t == alias) return name;
  return t;
}

// A parameter's value type with the template's arguments put in ("type-parameter-0-1" -> args[1]).
std::string resolved_type(const std::string& type, const std::vector<std::string>& template_args) {
  const std::string prefix = "type-parameter-0-";
  if (type.rfind(prefix, 0) != 0) return type;
  const std::size_t k = std::stoul(type.substr(prefix.size()));
  return k < template_args.size() ? canonical_type_name(template_args[k]) : type;
}

const KernelDecl& find_kernel(const LaunchSpec& spec, const std::vector<KernelDecl>& kernels) {
  auto it = std::find_if(kernels.begin(), kernels.end(),
                         [&](const KernelDecl& k) { return k.name == spec.kernel; });
  if (kernels.empty()) fail("the file declares no kernel (no __global__ function)");
  if (it == kernels.end()) {
    std::string names;
    for (const KernelDecl& k : kernels) names += (names.empty() ? "" : ", ") + k.name;
    fail("the file has no kernel named '" + spec.kernel + "'; its kernels: " + names);
  }
  if (it->overloaded)
    fail("kernel '" + it->name +
         "' is overloaded (declared with different parameters): a spec cannot choose one; "
         "write a main()");
  if (it->is_template && spec.template_args.empty())
    fail("kernel '" + it->name + "' is a template: give its arguments, e.g. " + it->name +
         "<int><<<...>>>(...)");
  if (!it->is_template && !spec.template_args.empty())
    fail("kernel '" + it->name + "' is not a template: write " + it->name + "<<<...>>>(...)");
  return *it;
}

// Every argument names a parameter, once; every parameter has an argument.
void check_names(const LaunchSpec& spec, const KernelDecl& kernel) {
  std::string names;
  for (const KernelParam& p : kernel.params) names += (names.empty() ? "" : ", ") + p.name;
  for (std::size_t i = 0; i < spec.args.size(); ++i) {
    const std::string& name = spec.args[i].param;
    if (std::none_of(kernel.params.begin(), kernel.params.end(),
                     [&](const KernelParam& p) { return p.name == name; }))
      fail(kernel.name + " has no parameter '" + name +
           "'; its parameters: " + (names.empty() ? "none" : names));
    for (std::size_t j = 0; j < i; ++j)
      if (spec.args[j].param == name) fail("parameter '" + name + "' is given twice");
  }
  for (const KernelParam& p : kernel.params) {
    if (p.name.empty())
      fail(kernel.name + "'s parameter of type '" + p.type +
           "' has no name in the file: name it, so that a spec can give it");
    if (std::none_of(spec.args.begin(), spec.args.end(),
                     [&](const ArgInit& a) { return a.param == p.name; }))
      fail("parameter '" + p.name + "' (" + p.type + ") of " + kernel.name +
           " is not given: give every parameter once, e.g. " + p.name + "=" +
           (p.is_pointer ? "iota(256)" : "256"));
  }
}

void check_value(double v, const SpecValueType& t, const std::string& what) {
  char value[32];
  std::snprintf(value, sizeof value, "%g", v);
  if (!t.is_float && v != std::floor(v))
    fail(what + " is " + t.name + ": " + value + " is not a whole number");
  if (v < t.min || v > t.max) {
    char range[96];
    std::snprintf(range, sizeof range, "%.17g to %.17g", t.min, t.max);
    fail(what + " is " + t.name + ": " + value + " is not from " + range);
  }
}

void check_argument(const BoundArg& a) {
  const std::string what = a.param.name + " (" + a.param.type + ")";
  if (a.param.is_pointer && a.init.kind == InitKind::Number)
    fail(what + " is a pointer: give its elements, e.g. " + a.param.name + "=iota(256), " +
         a.param.name + "=zeros(4) or " + a.param.name + "=values(3,1,4,2)");
  if (!a.param.is_pointer && a.init.kind != InitKind::Number)
    fail(what + " is a number, not an array: give a number, e.g. " + a.param.name + "=256");
  if (a.init.kind == InitKind::Number || a.init.kind == InitKind::Fill)
    check_value(a.init.number, a.type, "the value of " + what);
  for (double v : a.init.values) check_value(v, a.type, "each value of " + what);
  if (a.init.kind == InitKind::Iota) check_value(double(a.init.count - 1), a.type, what);
}

}  // namespace

BoundLaunch bind_launch(const LaunchSpec& spec, const std::vector<KernelDecl>& kernels) {
  const KernelDecl& kernel = find_kernel(spec, kernels);
  check_names(spec, kernel);
  BoundLaunch bound{kernel.name, spec, {}};
  if (!spec.template_args.empty()) {
    bound.callee += "<";
    for (const std::string& t : spec.template_args)
      bound.callee += t + (&t == &spec.template_args.back() ? ">" : ", ");
  }
  for (const KernelParam& p : kernel.params) {
    BoundArg a{p,
               *std::find_if(spec.args.begin(), spec.args.end(),
                             [&](const ArgInit& i) { return i.param == p.name; }),
               {}};
    const std::string type = resolved_type(p.value_type, spec.template_args);
    auto t = std::find_if(value_types().begin(), value_types().end(),
                          [&](const SpecValueType& v) { return v.name == type; });
    if (t == value_types().end())
      fail("parameter '" + p.name + "' of " + kernel.name + " is '" + p.type +
           "': a spec fills numbers and arrays (pointers) of " + type_names() +
           "; for this kernel, write a main()");
    a.type = *t;
    check_argument(a);
    bound.args.push_back(std::move(a));
  }
  return bound;
}

std::string kernel_signature(const KernelDecl& kernel) {
  std::string out = kernel.name + (kernel.is_template ? "<...>(" : "(");
  for (const KernelParam& p : kernel.params) {
    out += p.type + (p.type.back() == '*' ? "" : " ") + p.name;
    if (&p != &kernel.params.back()) out += ", ";
  }
  return out + ")";
}

std::string example_launch(const KernelDecl& kernel, const std::vector<SharedDecl>& shared) {
  // A kernel with an `extern __shared__` array is given 256 of its elements (the launch's third
  // number): without them its first store into the array falls past the block's shared memory.
  std::string bytes;
  for (const SharedDecl& d : shared)
    if (d.is_extern && (d.function == kernel.name || d.function.empty()))  // a file-scope one too
      bytes = "," + std::to_string(256 * gpu_alignment(d.type));
  std::string out = kernel.name + (kernel.is_template ? "<int>" : "") + "<<<1,256" + bytes + ">>>(";
  for (const KernelParam& p : kernel.params) {
    const bool input = p.type.rfind("const ", 0) == 0;
    out += p.name + "=" + (!p.is_pointer ? "256" : input ? "iota(256)" : "zeros(256)");
    if (&p != &kernel.params.back()) out += ", ";
  }
  return out + ")";
}

std::string no_main_message(const std::string& file, const std::vector<KernelDecl>& kernels,
                            const std::vector<SharedDecl>& shared) {
  if (kernels.empty())
    return file + " has no main() and no kernel (__global__ function): nothing to run";
  std::string list;
  for (const KernelDecl& k : kernels) list += (list.empty() ? "" : "; ") + kernel_signature(k);
  return file + " has no main(): give a launch, e.g. --launch '" +
         example_launch(kernels.front(), shared) + "' (its kernels: " + list + ")";
}

std::string main_and_spec_message(const std::string& file) {
  return file +
         " has a main(), which makes its own launches: a launch spec (--launch "
         "'NAME<<<...>>>(...)') "
         "is for a file of kernels without main(); --launch K picks the K-th launch of main()";
}

}  // namespace stridescope
