// The device memory the GPU tracer's host tool (trace_tool.cpp) and its patched device callbacks
// (trace_patches.cu) share: one control block per launch, the traced block's events in the order
// the hardware ran them, and shared memory as the last thread to arrive at each barrier saw it.
#pragma once

#include <stdint.h>

namespace stridescope_gputrace {

enum GpuEventKind : uint32_t {
  kEventRead = 1,
  kEventWrite = 2,
  kEventAtomic = 3,
  kEventBarrier = 4,   // a thread arrived at bar.sync (__syncthreads()): address = barrier index
  kEventSyncwarp = 5,  // a lane arrived at __syncwarp(): address = its mask
  kEventShuffle = 6,   // a lane ran a shfl.sync (no values, mask or delta: the API gives the pc)
  kEventBlockEnter = 7,
  kEventBlockExit = 8,
};

// One callback of one thread of the traced block; its index in GpuTraceControl::events is its
// sequence number (taken with one atomicAdd), so the events stay in the order the SM ran them.
struct GpuEvent {
  uint64_t pc;           // of the instruction (absolute; functions' start pcs are in the record)
  uint64_t value;        // read: loaded (before the load ran); write: stored; atomic: see below
  uint64_t value_high;   // bytes 8..15 of a 16-byte access; atomic: the word before it ran
  uint32_t kind;         // GpuEventKind
  uint32_t thread;       // linear index in the block: x + X * (y + Y * z)
  uint32_t address;      // access: offset in the shared window; barrier: index; syncwarp: mask
  uint32_t size;         // access: bytes (1, 2, 4, 8, 16); barrier: thread count
  uint32_t flags;        // the callback's flags (Sanitizer_DeviceMemoryFlags, barrier flags)
  uint32_t active_mask;  // __activemask() in the callback: the lanes that ran it together
  uint32_t snapshot;     // barrier or exit: 1 + the snapshot this thread took as the last, else 0
  uint32_t resolved;     // atomic: 1 once `value` holds the word as the thread next saw it
};

// An atomic's operand and result are not given to the callback (its data pointer is NULL): the
// word before it ran is read in the callback, and the word after at the thread's next callback.

// What the host reads after the launch, in pinned host memory the device writes with plain stores
// (sanitizerMemcpyDeviceToHost answered "invalid parameter" at LAUNCH_END on an H200, CUDA 13.0).
struct GpuTraceResult {
  uint32_t event_overflow;     // an event found the buffer full
  uint32_t snapshot_overflow;  // a snapshot found its area full
  uint32_t snapshot_bytes;     // static + dynamic shared memory, rounded up to 4
  // Set by the traced block's first thread to enter (special registers of the user's kernel).
  uint32_t reserved_begin, reserved_end;  // %reserved_smem_offset_begin/_end (sm_80 and later)
  uint32_t dynamic_shared, total_shared;  // %dynamic_smem_size, %total_smem_size
};

// Device memory (its counters take atomics); events and snapshots go to pinned host memory.
struct GpuTraceControl {
  uint32_t enabled;  // 0 for the launches not traced: every callback returns at once
  uint32_t block_x, block_y, block_z;
  uint32_t threads;        // of the traced block
  uint32_t static_shared;  // bytes, CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES
  // Window offset of the user's first __shared__ byte: the driver reserves the start of each
  // block's window (CU_DEVICE_ATTRIBUTE_RESERVED_SHARED_MEMORY_PER_BLOCK, 1 KiB on sm_80 and
  // later; an H200's kernels address their arrays from 0x400, though %reserved_smem_offset_end
  // there is 288).
  uint32_t shared_base;
  uint32_t live_threads;  // threads of the traced block that have not exited
  uint32_t arrived;       // threads at the current __syncthreads()
  uint32_t event_capacity;
  uint32_t snapshot_area_bytes;
  unsigned long long events_recorded;  // the next sequence number (may pass event_capacity)
  uint32_t snapshots_taken;
  uint32_t info_set;         // the block's shared-memory layout is in `result`
  GpuEvent* events;          // pinned host memory, zeroed: a slot with kind 0 was never written
  uint32_t* snapshots;       // pinned host memory: snapshot k at k * snapshot_bytes
  uint32_t* pending_atomic;  // device memory, per thread: 1 + the event index of its atomic
  GpuTraceResult* result;    // pinned host memory
};

}  // namespace stridescope_gputrace
