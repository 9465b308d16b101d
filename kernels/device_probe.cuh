// The device probe (nvcc only): logs the traced block's shared-memory accesses and snapshots it at
// every __syncthreads() into a device trace buffer. Include it BEFORE the kernel files, in the one
// translation unit that instantiates kernels with DeviceProbe; the timing build never includes it.
#pragma once

#if defined(__CUDACC__)

#include <cstdint>

#include "core/domain.h"
#include "shared.h"

namespace stridescope {

// One shared-memory access of the traced block, as the device writes it.
struct DeviceAccessRecord {
  std::uint32_t step;
  std::uint32_t thread;
  std::uint32_t order;
  std::uint32_t address;
  std::uint32_t size;
  std::uint32_t is_write;
  std::int32_t line;
  std::uint32_t warp_epoch;
  std::uint32_t round;  // traced warp collectives the thread passed since __syncthreads()
  std::uint32_t pad;
  std::uint64_t value_bits;  // the value read or written
};

// One __syncwarp() passed by the traced block's warp `warp`, written by the mask's lowest lane.
struct DeviceWarpSyncRecord {
  std::uint32_t step;
  std::uint32_t warp;
  std::uint32_t sequence;  // this warp's warp barriers so far, for ordering
  std::uint32_t mask;
  std::int32_t line;
  std::uint32_t round;  // the round it ends
};

// One __shfl_down_sync() of the traced block's warp `warp`: the mask's lowest lane fills the
// header, every lane its own values.
struct DeviceShuffleRecord {
  std::uint32_t step;
  std::uint32_t warp;
  std::uint32_t sequence;  // this warp's shuffles so far, for ordering
  std::uint32_t mask;
  std::uint32_t delta;
  std::int32_t line;
  std::uint32_t round;  // the round it ends
  std::uint32_t pad;
  double sent[kWarpSize];
  double received[kWarpSize];
};

// Device pointers and limits; the runner fills it and copies it to `device_trace` before a launch.
struct DeviceTraceBuffer {
  std::uint32_t traced_block;
  std::uint32_t max_steps;
  std::uint32_t snapshot_bytes;  // bytes reserved per step snapshot
  std::uint32_t record_capacity;
  std::uint8_t* snapshots;       // [max_steps][snapshot_bytes]
  std::int32_t* step_lines;      // [max_steps]
  std::uint32_t* step_count;     // barriers passed by the traced block
  std::uint32_t* thread_order;   // [blockDim.x] accesses so far in the current step
  DeviceAccessRecord* records;   // [record_capacity]
  std::uint32_t* record_count;   // may exceed record_capacity: then records were dropped
  std::uint32_t* thread_epoch;   // [blockDim.x] warp barriers passed in the current step
  std::uint32_t* thread_round;   // [blockDim.x] traced warp collectives passed in the step
  std::uint32_t* warp_sequence;  // [32] warp barriers passed by each warp so far
  DeviceWarpSyncRecord* syncs;   // [sync_capacity]
  std::uint32_t* sync_count;
  std::uint32_t sync_capacity;
  DeviceShuffleRecord* shuffles;  // [shuffle_capacity], zeroed before the launch
  std::uint32_t* shuffle_count;
  std::uint32_t* warp_shuffle_sequence;  // [32]
  std::uint32_t shuffle_capacity;
};

__device__ DeviceTraceBuffer device_trace;

// Traced build on the GPU.
struct DeviceProbe {};

__device__ __forceinline__ unsigned dynamic_shared_bytes() {
  unsigned bytes;
  asm volatile("mov.u32 %0, %%dynamic_smem_size;" : "=r"(bytes));
  return bytes;
}

__device__ __forceinline__ bool traced_block() {
  return blockIdx.x == device_trace.traced_block;
}

__device__ inline void record_device_access(unsigned address, unsigned size, bool is_write,
                                            int line, std::uint64_t value_bits) {
  if (!traced_block()) return;
  unsigned slot = atomicAdd(device_trace.record_count, 1u);
  unsigned order = device_trace.thread_order[threadIdx.x]++;
  if (slot >= device_trace.record_capacity) return;
  device_trace.records[slot] = {*device_trace.step_count,
                                threadIdx.x,
                                order,
                                address,
                                size,
                                is_write ? 1u : 0u,
                                line,
                                device_trace.thread_epoch[threadIdx.x],
                                device_trace.thread_round[threadIdx.x],
                                0u,
                                value_bits};
}

template <typename T>
__device__ std::uint64_t value_bits(T value) {
  std::uint64_t bits = 0;
  memcpy(&bits, &value, sizeof(T) < sizeof bits ? sizeof(T) : sizeof bits);
  return bits;
}

// The block barrier of the traced build: the barrier itself, then the snapshot.
__device__ inline void probe_barrier(int line) {
  __syncthreads();
  if (traced_block()) {
    unsigned step = *device_trace.step_count;
    if (step < device_trace.max_steps) {
      extern __shared__ __align__(16) unsigned char stridescope_dynamic_shared[];
      unsigned bytes = dynamic_shared_bytes();
      if (bytes > device_trace.snapshot_bytes) bytes = device_trace.snapshot_bytes;
      std::uint8_t* out =
          device_trace.snapshots + static_cast<std::size_t>(step) * device_trace.snapshot_bytes;
      for (unsigned i = threadIdx.x; i < bytes; i += blockDim.x)
        out[i] = stridescope_dynamic_shared[i];
      if (threadIdx.x == 0) device_trace.step_lines[step] = line;
    }
    device_trace.thread_order[threadIdx.x] = 0;
    device_trace.thread_epoch[threadIdx.x] = 0;
    device_trace.thread_round[threadIdx.x] = 0;
    __syncthreads();
    if (threadIdx.x == 0) *device_trace.step_count = step + 1;
  }
  __syncthreads();
}

// The warp barrier of the traced build: the barrier, then the lanes' epochs move on and the mask's
// lowest lane records it.
__device__ inline void probe_syncwarp(unsigned mask, int line) {
  __syncwarp(mask);
  if (!traced_block()) return;
  unsigned lane = threadIdx.x % kWarpSize, warp = threadIdx.x / kWarpSize;
  ++device_trace.thread_epoch[threadIdx.x];
  unsigned round = device_trace.thread_round[threadIdx.x]++;
  if (lane == static_cast<unsigned>(__ffs(mask) - 1)) {
    unsigned first = threadIdx.x - lane;
    unsigned lanes_present = blockDim.x - first >= kWarpSize ? kWarpSize : blockDim.x - first;
    unsigned present = lanes_present == kWarpSize ? 0xffffffffu : (1u << lanes_present) - 1;
    unsigned slot = atomicAdd(device_trace.sync_count, 1u);
    unsigned sequence = device_trace.warp_sequence[warp]++;
    if (slot < device_trace.sync_capacity) {
      device_trace.syncs[slot] = {*device_trace.step_count, warp, sequence,
                                  mask & present,           line, round};
    }
  }
  __syncwarp(mask);
}

// The shuffle of the traced build: the real shuffle, then each lane logs what it sent and got.
template <typename V>
__device__ V probe_shfl_down(unsigned mask, V value, unsigned delta, int line) {
  V got = __shfl_down_sync(mask, value, delta);
  if (!traced_block()) return got;
  unsigned lane = threadIdx.x % kWarpSize, warp = threadIdx.x / kWarpSize;
  unsigned round = device_trace.thread_round[threadIdx.x]++;
  unsigned leader = static_cast<unsigned>(__ffs(mask) - 1);
  unsigned slot = 0;
  if (lane == leader) {
    unsigned first = threadIdx.x - lane;
    unsigned lanes_present = blockDim.x - first >= kWarpSize ? kWarpSize : blockDim.x - first;
    unsigned present = lanes_present == kWarpSize ? 0xffffffffu : (1u << lanes_present) - 1;
    slot = atomicAdd(device_trace.shuffle_count, 1u);
    unsigned sequence = device_trace.warp_shuffle_sequence[warp]++;
    if (slot < device_trace.shuffle_capacity) {
      DeviceShuffleRecord& r = device_trace.shuffles[slot];
      r.step = *device_trace.step_count;
      r.warp = warp;
      r.sequence = sequence;
      r.mask = mask & present;
      r.delta = delta;
      r.line = line;
      r.round = round;
    }
  }
  slot = __shfl_sync(mask, slot, leader);
  if (slot < device_trace.shuffle_capacity) {
    device_trace.shuffles[slot].sent[lane] = static_cast<double>(value);
    device_trace.shuffles[slot].received[lane] = static_cast<double>(got);
  }
  return got;
}

// An index that remembers its kernel source line (nvcc supports __builtin_LINE in device code).
struct DeviceSharedIndex {
  template <typename Integer>
  __device__ DeviceSharedIndex(Integer i, int source_line = __builtin_LINE())  // NOLINT: implicit
      : value(static_cast<unsigned>(i)), line(source_line) {}
  unsigned value;
  int line;
};

template <typename T>
class DeviceSharedRef {
 public:
  __device__ DeviceSharedRef(T* base, DeviceSharedIndex index) : base_(base), index_(index) {}
  __device__ operator T() const {  // NOLINT: implicit on purpose, a read of the word
    T value = base_[index_.value];
    record_device_access(address(), sizeof(T), false, index_.line, value_bits(value));
    return value;
  }
  __device__ DeviceSharedRef& operator=(T value) {
    record_device_access(address(), sizeof(T), true, index_.line, value_bits(value));
    base_[index_.value] = value;
    return *this;
  }
  __device__ DeviceSharedRef& operator=(const DeviceSharedRef& other) {
    return *this = static_cast<T>(other);
  }
  __device__ DeviceSharedRef& operator+=(T value) { return *this = static_cast<T>(*this) + value; }

 private:
  __device__ unsigned address() const { return index_.value * static_cast<unsigned>(sizeof(T)); }
  T* base_;
  DeviceSharedIndex index_;
};

// The traced view on the GPU. It starts by zeroing shared memory, as the emulator does, so that
// snapshots of words no thread has written yet agree between the two backends.
template <typename T>
class Shared<T, DeviceProbe> {
 public:
  __device__ Shared() : data_(dynamic_shared_memory<T>()) {
    auto* bytes = reinterpret_cast<unsigned char*>(data_);
    for (unsigned i = threadIdx.x; i < dynamic_shared_bytes(); i += blockDim.x) bytes[i] = 0;
    __syncthreads();
  }
  __device__ DeviceSharedRef<T> operator[](DeviceSharedIndex index) const {
    return DeviceSharedRef<T>(data_, index);
  }

 private:
  T* data_;
};

}  // namespace stridescope

// In this translation unit the kernels' __syncthreads() and __syncwarp() are the probe's barriers,
// and their __shfl_down_sync() logs what each lane sent and got.
#define __syncthreads() ::stridescope::probe_barrier(__LINE__)
#define SS_PROBE_SYNCWARP_MASK(...) (0xffffffffu __VA_OPT__(&(__VA_ARGS__)))
#define __syncwarp(...) ::stridescope::probe_syncwarp(SS_PROBE_SYNCWARP_MASK(__VA_ARGS__), __LINE__)
#define __shfl_down_sync(mask, value, delta) \
  ::stridescope::probe_shfl_down((mask), (value), (delta), __LINE__)

#endif
