// CUDA names and headers stridescope run does not have, said as such (see unsupported_names.h).
#include "program/read/unsupported_names.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <string_view>
#include <utility>
#include <vector>

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

// The names CUDA's headers declare (cuda_names.inc, from CUDA 13.0), in order.
const std::vector<std::string_view>& cuda_names() {
  static const std::vector<std::string_view> names = [] {
    static constexpr std::string_view all =
#include "program/read/cuda_names.inc"
        ;
    std::vector<std::string_view> out;
    for (std::size_t at = 0; at < all.size();) {
      const std::size_t end = std::min(all.find('\n', at), all.size());
      if (end > at) out.push_back(all.substr(at, end - at));
      at = end + 1;
    }
    return out;
  }();
  return names;
}

bool is_cuda_name(const std::string& name) {
  const std::vector<std::string_view>& names = cuda_names();
  return std::binary_search(names.begin(), names.end(), std::string_view(name));
}

// The edit distance between `a` and `b` (insertions, deletions, substitutions, a swap of two).
std::size_t distance(std::string_view a, std::string_view b) {
  std::vector<std::vector<std::size_t>> d(a.size() + 1, std::vector<std::size_t>(b.size() + 1));
  for (std::size_t i = 0; i <= a.size(); ++i) d[i][0] = i;
  for (std::size_t j = 0; j <= b.size(); ++j) d[0][j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i)
    for (std::size_t j = 1; j <= b.size(); ++j) {
      d[i][j] = std::min(
          {d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1])
        d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
    }
  return d[a.size()][b.size()];
}

// The CUDA name a CUDA-looking name not declared was meant to be (`__syncthread`:
// `__syncthreads`), within two edits; "" where none is that near or the name does not look like
// CUDA's (cudaX, cuX, __x).
std::string nearest_cuda_name(const std::string& name) {
  const bool looks = starts_with(name, "cu") || starts_with(name, "__");
  if (!looks || name.size() < 5) return "";
  std::string best;
  std::size_t best_distance = 3;
  for (std::string_view candidate : cuda_names()) {
    if (candidate.size() + 2 < name.size() || candidate.size() > name.size() + 2) continue;
    const std::size_t d = distance(name, candidate);
    if (d < best_distance || (d == best_distance && !best.empty() && candidate < best)) {
      best_distance = d;
      best = candidate;
    }
  }
  return best;
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
  // A runtime, driver or intrinsic name is CUDA's only if CUDA declares it: a misspelling
  // (`__syncthread`, `cudaMemcopy`) or a helper of the file's own (`__myhelper`) is not.
  if (!is_cuda_name(name)) return "";
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
  if (!why.empty()) return not_supported(name, why);
  if (const std::string near = nearest_cuda_name(name); !near.empty())
    return message.substr(0, message.find(';')) + "; did you mean '" + near + "'?";
  return "";
}

}  // namespace stridescope
