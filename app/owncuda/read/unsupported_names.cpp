// CUDA names and headers stridescope run does not have, said as such (see unsupported_names.h).
#include "owncuda/read/unsupported_names.h"

#include <array>
#include <cctype>
#include <string_view>
#include <utility>

namespace stridescope {

namespace {

constexpr std::string_view kUnavailable = "stridescope-unsupported: ";

// The quoted name in a clang message: "use of undeclared identifier 'cuInit'" -> "cuInit".
// A template's arguments left out: "'tex1Dfetch<float, int>'" -> "tex1Dfetch".
std::string quoted(const std::string& message) {
  const std::size_t open = message.find('\''), close = message.find('\'', open + 1);
  if (open == std::string::npos || close == std::string::npos) return "";
  const std::string name = message.substr(open + 1, close - open - 1);
  return name.find('.') != std::string::npos ? name : name.substr(0, name.find('<'));
}

bool starts_with(std::string_view s, std::string_view prefix) {
  return s.substr(0, prefix.size()) == prefix;
}

using Prefix = std::pair<std::string_view, std::string_view>;  // a spelling's start, what it is

// The CUDA libraries, by the start of their functions' and their headers' names.
constexpr std::array<Prefix, 8> kLibraries{{
    {"cublas", "cuBLAS"},
    {"cufft", "cuFFT"},
    {"curand", "cuRAND"},
    {"cusparse", "cuSPARSE"},
    {"cusolver", "cuSOLVER"},
    {"nvrtc", "NVRTC, compiling at run time"},
    {"nvjpeg", "nvJPEG"},
    {"npp", "NPP"},
}};

template <std::size_t N>
std::string by_prefix(const std::array<Prefix, N>& table, const std::string& name) {
  for (const auto& [prefix, what] : table)
    if (starts_with(name, prefix)) return std::string(what);
  return "";
}

// What a CUDA name belongs to, by its spelling ("" for a name that is not CUDA's).
std::string feature_of_name(const std::string& name) {
  static constexpr std::array<Prefix, 6> others{{
      {"thrust", "Thrust"},
      {"cub", "CUB"},
      {"wmma", "tensor cores (WMMA)"},
      {"nvcuda", "tensor cores (WMMA)"},
      {"cudaGraph", "CUDA graphs"},
      {"cudaGL", "OpenGL interoperability"},
  }};
  if (std::string library = by_prefix(kLibraries, name); !library.empty()) return library;
  if (std::string other = by_prefix(others, name); !other.empty()) return other;
  static constexpr std::array<std::string_view, 8> half{
      "half",          "__half",      "half2",        "__half2",
      "__nv_bfloat16", "nv_bfloat16", "__float2half", "__half2float"};
  for (std::string_view h : half)
    if (name == h) return "half-precision types (cuda_fp16.h)";
  if (starts_with(name, "cuda") && name.size() > 4 && std::isupper((unsigned char)name[4]))
    return "not in its CUDA runtime";
  if (starts_with(name, "cu") && name.size() > 2 && std::isupper((unsigned char)name[2]))
    return "the CUDA driver API";
  if (starts_with(name, "__") && name.size() > 2 && std::islower((unsigned char)name[2]))
    return "a CUDA intrinsic it does not have";
  return "";
}

// What a header that was not found belongs to ("" for one that is not CUDA's).
std::string feature_of_header(const std::string& header) {
  static constexpr std::array<Prefix, 12> others{{
      {"cuda_fp16", "half-precision types (cuda_fp16.h)"},
      {"cuda_bf16", "bfloat16 types (cuda_bf16.h)"},
      {"cuda_fp8", "8-bit float types (cuda_fp8.h)"},
      {"thrust/", "Thrust"},
      {"cub/", "CUB"},
      {"cuda/", "libcu++ (cuda::barrier, cuda::pipeline, cuda::atomic)"},
      {"mma.h", "tensor cores (WMMA)"},
      {"cuda_gl_interop", "OpenGL interoperability"},
      {"cuda_egl_interop", "EGL interoperability"},
      {"cuda_pipeline", "asynchronous copies (cuda_pipeline.h)"},
      {"cooperative_groups/memcpy_async", "cooperative groups' asynchronous copies"},
      {"cuda_awbarrier", "asynchronous barriers"},
  }};
  if (std::string library = by_prefix(kLibraries, header); !library.empty()) return library;
  return by_prefix(others, header);
}

std::string not_supported(const std::string& name, const std::string& why) {
  return "'" + name + "' is not supported by stridescope run (" + why + "); nvcc runs it";
}

}  // namespace

std::string unsupported_message(const std::string& message) {
  const std::string name = quoted(message);
  if (name.empty()) return "";
  if (const std::size_t at = message.find(kUnavailable); at != std::string::npos)
    return not_supported(name, message.substr(at + kUnavailable.size()));
  if (message.find("file not found") != std::string::npos) {
    const std::string why = feature_of_header(name);
    if (!why.empty()) return not_supported(name, why);
    if (starts_with(name, "helper_"))
      return "'" + name +
             "' file not found: it is in the cuda-samples' Common folder; give stridescope run "
             "its place, as nvcc is given it (-I PATH/TO/Common)";
    return "";
  }
  const bool unknown = message.find("undeclared identifier") != std::string::npos ||
                       message.find("unknown type name") != std::string::npos ||
                       message.find("no template named") != std::string::npos ||
                       message.find("use of undeclared") != std::string::npos;
  if (message.find("in namespace 'cooperative_groups'") != std::string::npos)
    return not_supported("cooperative_groups::" + name,
                         "a cooperative-groups function it does not have");
  if (!unknown) return "";
  const std::string why = feature_of_name(name);
  return why.empty() ? "" : not_supported(name, why);
}

}  // namespace stridescope
