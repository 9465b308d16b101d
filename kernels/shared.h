// Probe policies and the shared-memory view the kernels index: logged when traced, a raw pointer
// when not.
#pragma once

#include "simt.h"

#if !defined(__CUDACC__)
#include <type_traits>
#endif

namespace stridescope {

// Untraced build: the shared-memory view is a plain pointer; nothing is recorded.
struct NoProbe {};

// CPU emulator build: every shared-memory read and write goes into the emulator's access log.
struct EmulatorProbe {};

#if defined(__CUDACC__)
template <typename T>
__device__ __forceinline__ T* dynamic_shared_memory() {
  extern __shared__ __align__(16) unsigned char stridescope_dynamic_shared[];
  return reinterpret_cast<T*>(stridescope_dynamic_shared);
}
#else
namespace emu {
void* block_shared_memory();
// Checks and records one access of `element_size` bytes at index `index` (negative when
// `negative`) of a shared array, with the value `written` (nullptr for a read: the emulator takes
// the value read from memory); throws KernelFault for an index outside shared memory.
void record_shared_access(bool negative, unsigned long long index, unsigned element_size,
                          bool is_write, int line, const void* written);
}  // namespace emu
template <typename T>
inline T* dynamic_shared_memory() {
  return static_cast<T*>(emu::block_shared_memory());
}
#endif

template <typename T, typename Probe>
class Shared;

// The untraced view: compiles to the same code as indexing `extern __shared__ T s[]` directly.
template <typename T>
class Shared<T, NoProbe> {
 public:
  __device__ Shared() : data_(dynamic_shared_memory<T>()) {}
  __device__ __forceinline__ T& operator[](unsigned index) const { return data_[index]; }

 private:
  T* data_;
};

#if !defined(__CUDACC__)

// An index that remembers the kernel source line where it was written, in full: a negative or
// huge index must fail the bounds check, not wrap around into it.
struct SharedIndex {
  template <typename Integer>
  SharedIndex(Integer i, int source_line = __builtin_LINE())  // NOLINT: implicit on purpose
      : value(static_cast<unsigned long long>(i)), line(source_line) {
    if constexpr (std::is_signed_v<Integer>) {
      negative = i < 0;
      if (negative) value = 0ull - value;
    }
  }
  bool negative = false;
  unsigned long long value;  // the index's magnitude
  int line;
};

// One word of shared memory, seen through the emulator: reads and writes are logged.
template <typename T>
class SharedRef {
 public:
  SharedRef(T* base, SharedIndex index) : base_(base), index_(index) {}

  operator T() const {  // NOLINT: implicit on purpose, a read of the word
    emu::record_shared_access(index_.negative, index_.value, sizeof(T), false, index_.line,
                              nullptr);
    return base_[index_.value];
  }
  SharedRef& operator=(T value) {
    emu::record_shared_access(index_.negative, index_.value, sizeof(T), true, index_.line, &value);
    base_[index_.value] = value;
    return *this;
  }
  SharedRef& operator=(const SharedRef& other) { return *this = static_cast<T>(other); }
  SharedRef& operator+=(T value) { return *this = static_cast<T>(*this) + value; }

 private:
  T* base_;
  SharedIndex index_;
};

// The traced view on the CPU emulator.
template <typename T>
class Shared<T, EmulatorProbe> {
 public:
  Shared() : data_(dynamic_shared_memory<T>()) {}
  SharedRef<T> operator[](SharedIndex index) const { return SharedRef<T>(data_, index); }

 private:
  T* data_;
};

#endif

}  // namespace stridescope
