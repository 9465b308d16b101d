// A launch written on the command line for a file of kernels without main():
// `NAME<<<GRID,BLOCK[,SHARED_BYTES]>>>(param=INIT, ...)`, parsed without the file (launch_binding
// checks it against the kernel's parameters). Grammar and limits: docs/own-programs.md.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace stridescope {

// A launch spec that cannot be used; what() is one line for "stridescope: error: ".
class LaunchSpecError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Limits of a spec'd launch (the emulator runs every block on the CPU).
inline constexpr std::uint64_t kMaxSpecElements = 1u << 26;         // one array
inline constexpr std::uint64_t kMaxSpecTotalElements = 1u << 27;    // all arrays together
inline constexpr std::uint64_t kMaxSpecBlocks = 1u << 24;           // grid.x * grid.y * grid.z
inline constexpr std::uint64_t kMaxSpecThreadsPerBlock = 1024;      // CUDA's own limit
inline constexpr std::uint64_t kMaxSpecSharedBytes = 48 * 1024;     // dynamic shared memory
inline constexpr std::uint64_t kMaxSpecValues = 1u << 16;           // values(...) written out
inline constexpr double kMaxSpecWholeMagnitude = 9007199254740992;  // 2^53: exact in a double

// GRID or BLOCK: `256`, `(16,16)` or `(4,4,4)`.
struct LaunchDims {
  std::uint64_t x = 1, y = 1, z = 1;
  // x * y * z, or UINT64_MAX where the product does not fit (each size may be up to 2^32 - 1).
  std::uint64_t count() const {
    std::uint64_t xy = 0, xyz = 0;
    if (__builtin_mul_overflow(x, y, &xy) || __builtin_mul_overflow(xy, z, &xyz)) return UINT64_MAX;
    return xyz;
  }
};

// How an argument starts: a number (scalar parameters) or an array's elements.
enum class InitKind { Number, Iota, Zeros, Ones, Fill, Random, Values };

struct ArgInit {
  std::string param;
  InitKind kind = InitKind::Number;
  std::string text;            // as written after `=`, for messages: "iota(1024)"
  std::uint64_t count = 0;     // an array's elements
  double number = 0;           // Number's value, Fill's value
  std::uint64_t seed = 1;      // Random's
  std::vector<double> values;  // Values'
};

struct LaunchSpec {
  std::string kernel;                      // `reduce`, `ns::reduce`
  std::vector<std::string> template_args;  // `reduce<int>`: {"int"}
  LaunchDims grid, block;
  std::uint64_t shared_bytes = 0;
  std::vector<ArgInit> args;  // in the order written
};

// A value of --launch that is a spec rather than a launch number: it contains `<<<`.
inline bool is_launch_spec(std::string_view text) {
  return text.find("<<<") != std::string_view::npos;
}

// Parses the spec's syntax and its limits; throws LaunchSpecError saying what is wrong where.
LaunchSpec parse_launch_spec(std::string_view text);

// Element i of `random(n, seed)`: an integer 0..9 from splitmix64(seed * 0x100000001b3 + i), the
// values of the catalog's `--input random --seed S` (app/core/input.h).
double spec_random_value(std::uint64_t seed, std::uint64_t i);

}  // namespace stridescope
