// Device callbacks the Compute Sanitizer patches into a program's kernels (built with
// `nvcc --fatbin --compile-as-tools-patch`): each records one event of the traced block of the
// traced launch, in the order the hardware ran them; the last thread at a __syncthreads() (and at
// exit) copies the block's shared memory. Every other block returns at once.
#include <sanitizer_patching.h>

#include "gpu_trace_buffer.h"

using namespace stridescope_gputrace;

namespace {

__device__ __forceinline__ GpuTraceControl* traced_control(void* userdata) {
  auto* control = static_cast<GpuTraceControl*>(userdata);
  if (control == nullptr || control->enabled == 0) return nullptr;
  if (blockIdx.x != control->block_x || blockIdx.y != control->block_y ||
      blockIdx.z != control->block_z)
    return nullptr;
  return control;
}

__device__ __forceinline__ uint32_t linear_thread() {
  return threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
}

__device__ __forceinline__ uint32_t load_shared_u32(uint32_t offset) {
  uint32_t v;
  asm volatile("ld.shared.u32 %0, [%1];" : "=r"(v) : "r"(offset));
  return v;
}

__device__ __forceinline__ uint32_t load_shared_u8(uint32_t offset) {
  uint16_t v;
  asm volatile("ld.shared.u8 %0, [%1];" : "=h"(v) : "r"(offset));
  return v;
}

// `size` bytes of shared memory at `offset` (an access is aligned to its size), low bytes first.
__device__ void load_shared(uint32_t offset, uint32_t size, uint64_t& low, uint64_t& high) {
  low = high = 0;
  if (size >= 4 && offset % 4 == 0) {
    low = load_shared_u32(offset);
    if (size >= 8) low |= uint64_t(load_shared_u32(offset + 4)) << 32;
    if (size >= 16)
      high = load_shared_u32(offset + 8) | uint64_t(load_shared_u32(offset + 12)) << 32;
    return;
  }
  for (uint32_t b = 0; b < size && b < 8; ++b)
    low |= uint64_t(load_shared_u8(offset + b)) << (8 * b);
}

__device__ void copy_bytes(const void* data, uint32_t size, uint64_t& low, uint64_t& high) {
  const auto* bytes = static_cast<const unsigned char*>(data);
  low = high = 0;
  for (uint32_t b = 0; b < size && b < 16; ++b) {
    if (b < 8)
      low |= uint64_t(bytes[b]) << (8 * b);
    else
      high |= uint64_t(bytes[b]) << (8 * (b - 8));
  }
}

__device__ __forceinline__ uint32_t special_dynamic_smem() {
  uint32_t v;
  asm volatile("mov.u32 %0, %%dynamic_smem_size;" : "=r"(v));
  return v;
}

__device__ __forceinline__ uint32_t special_total_smem() {
  uint32_t v;
  asm volatile("mov.u32 %0, %%total_smem_size;" : "=r"(v));
  return v;
}

__device__ __forceinline__ void reserved_shared(uint32_t& begin, uint32_t& end) {
  begin = end = 0;
#if __CUDA_ARCH__ >= 800
  asm volatile("mov.u32 %0, %%reserved_smem_offset_begin;" : "=r"(begin));
  asm volatile("mov.u32 %0, %%reserved_smem_offset_end;" : "=r"(end));
#endif
}

__device__ void note_shared_layout(GpuTraceControl* c) {
  if (atomicCAS(&c->info_set, 0u, 1u) != 0u) return;
  uint32_t begin, end;
  reserved_shared(begin, end);
  GpuTraceResult* r = c->result;
  r->reserved_begin = begin;
  r->reserved_end = end;
  r->dynamic_shared = special_dynamic_smem();
  r->total_shared = special_total_smem();
  __threadfence_system();
  atomicExch(&c->info_set, 2u);
}

__device__ uint32_t record(GpuTraceControl* c, const GpuEvent& e) {
  const unsigned long long seq = atomicAdd(&c->events_recorded, 1ull);
  if (seq >= c->event_capacity) {
    c->result->event_overflow = 1;
    return ~0u;
  }
  c->events[seq] = e;
  return uint32_t(seq);
}

// The thread's last atomic: the word as this thread sees it now, at its next callback.
__device__ void resolve_atomic(GpuTraceControl* c, uint32_t thread) {
  if (thread >= c->threads) return;
  const uint32_t pending = c->pending_atomic[thread];
  if (pending == 0) return;
  c->pending_atomic[thread] = 0;
  GpuEvent& e = c->events[pending - 1];
  uint64_t low, high;
  load_shared(e.address, e.size, low, high);
  e.value = low;
  e.resolved = 1;
}

// Shared memory now, into the next snapshot slot; returns 1 + the slot (0: no room).
__device__ uint32_t take_snapshot(GpuTraceControl* c) {
  __threadfence_block();  // the other threads fenced before they counted themselves in
  const uint32_t bytes = (c->static_shared + special_dynamic_smem() + 3u) & ~3u;
  const uint32_t base = c->shared_base;
  const uint32_t slot = atomicAdd(&c->snapshots_taken, 1u);
  if (bytes == 0) return 0;
  if ((unsigned long long)(slot + 1) * bytes > c->snapshot_area_bytes) {
    c->result->snapshot_overflow = 1;
    return 0;
  }
  uint32_t* out = c->snapshots + (unsigned long long)slot * (bytes / 4);
  for (uint32_t w = 0; w < bytes / 4; ++w) out[w] = load_shared_u32(base + 4 * w);
  c->result->snapshot_bytes = bytes;
  return slot + 1;
}

__device__ GpuEvent event_of(uint32_t kind, uint32_t thread, uint64_t pc) {
  GpuEvent e{};
  e.kind = kind;
  e.thread = thread;
  e.pc = pc;
  e.active_mask = __activemask();
  return e;
}

}  // namespace

extern "C" __device__ __noinline__ SanitizerPatchResult StrideScopeBlockEnter(void* userdata,
                                                                              uint64_t pc) {
  GpuTraceControl* c = traced_control(userdata);
  if (c == nullptr) return SANITIZER_PATCH_SUCCESS;
  note_shared_layout(c);
  record(c, event_of(kEventBlockEnter, linear_thread(), pc));
  return SANITIZER_PATCH_SUCCESS;
}

extern "C" __device__ __noinline__ SanitizerPatchResult StrideScopeBlockExit(void* userdata,
                                                                             uint64_t pc) {
  GpuTraceControl* c = traced_control(userdata);
  if (c == nullptr) return SANITIZER_PATCH_SUCCESS;
  const uint32_t thread = linear_thread();
  resolve_atomic(c, thread);
  GpuEvent e = event_of(kEventBlockExit, thread, pc);
  __threadfence_block();
  const uint32_t left = atomicSub(&c->live_threads, 1u) - 1u;
  if (left == 0) {
    e.snapshot = take_snapshot(c);
  } else if (atomicCAS(&c->arrived, left, 0u) == left) {
    // The others all wait at a __syncthreads() that this exit completes (sm_70 and later).
    e.snapshot = take_snapshot(c);
    e.flags = 1;
  }
  record(c, e);
  return SANITIZER_PATCH_SUCCESS;
}

extern "C" __device__ __noinline__ SanitizerPatchResult
StrideScopeSharedAccess(void* userdata, uint64_t pc, void* ptr, uint32_t accessSize, uint32_t flags,
                        const void* pData) {
  GpuTraceControl* c = traced_control(userdata);
  if (c == nullptr) return SANITIZER_PATCH_SUCCESS;
  const uint32_t thread = linear_thread();
  resolve_atomic(c, thread);
  const bool reads = (flags & SANITIZER_MEMORY_DEVICE_FLAG_READ) != 0;
  const bool writes = (flags & SANITIZER_MEMORY_DEVICE_FLAG_WRITE) != 0;
  const uint32_t kind = writes && (reads || pData == nullptr) ? kEventAtomic
                        : writes                              ? kEventWrite
                                                              : kEventRead;
  GpuEvent e = event_of(kind, thread, pc);
  e.address = uint32_t(reinterpret_cast<uintptr_t>(ptr));
  e.size = accessSize;
  e.flags = flags;
  if (kind == kEventWrite) {
    copy_bytes(pData, accessSize, e.value, e.value_high);
  } else if (kind == kEventRead) {
    load_shared(e.address, accessSize, e.value, e.value_high);
  } else {
    uint64_t unused;
    load_shared(e.address, accessSize, e.value_high, unused);  // the word before the atomic
    e.value = e.value_high;
  }
  const uint32_t index = record(c, e);
  if (kind == kEventAtomic && index != ~0u && thread < c->threads)
    c->pending_atomic[thread] = index + 1;
  return SANITIZER_PATCH_SUCCESS;
}

extern "C" __device__ __noinline__ SanitizerPatchResult StrideScopeBarrier(
    void* userdata, uint64_t pc, uint32_t barIndex, uint32_t threadCount, uint32_t flags) {
  GpuTraceControl* c = traced_control(userdata);
  if (c == nullptr) return SANITIZER_PATCH_SUCCESS;
  const uint32_t thread = linear_thread();
  resolve_atomic(c, thread);
  GpuEvent e = event_of(kEventBarrier, thread, pc);
  e.address = barIndex;
  e.size = threadCount;
  e.flags = flags;
  if (barIndex == 0) {  // __syncthreads(): the last thread to arrive sees every write before it
    __threadfence_block();
    const uint32_t arrived = atomicAdd(&c->arrived, 1u) + 1u;
    if (arrived == *static_cast<volatile uint32_t*>(&c->live_threads) &&
        atomicCAS(&c->arrived, arrived, 0u) == arrived)
      e.snapshot = take_snapshot(c);
  }
  record(c, e);
  return SANITIZER_PATCH_SUCCESS;
}

extern "C" __device__ __noinline__ SanitizerPatchResult StrideScopeSyncwarp(void* userdata,
                                                                            uint64_t pc,
                                                                            uint32_t mask) {
  GpuTraceControl* c = traced_control(userdata);
  if (c == nullptr) return SANITIZER_PATCH_SUCCESS;
  const uint32_t thread = linear_thread();
  resolve_atomic(c, thread);
  GpuEvent e = event_of(kEventSyncwarp, thread, pc);
  e.address = mask;
  record(c, e);
  return SANITIZER_PATCH_SUCCESS;
}

extern "C" __device__ __noinline__ SanitizerPatchResult StrideScopeShuffle(void* userdata,
                                                                           uint64_t pc) {
  GpuTraceControl* c = traced_control(userdata);
  if (c == nullptr) return SANITIZER_PATCH_SUCCESS;
  const uint32_t thread = linear_thread();
  resolve_atomic(c, thread);
  record(c, event_of(kEventShuffle, thread, pc));
  return SANITIZER_PATCH_SUCCESS;
}
