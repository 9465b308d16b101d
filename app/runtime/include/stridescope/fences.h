// CUDA's memory fences: __threadfence() and its block and system forms, each a real fence (blocks
// run on several worker threads at once); the device-wide ones are also counted by the port
// (device_api.h: a later atomic of the block releases the writes before it).
#pragma once

namespace stridescope_rt {
void thread_fence();
}
inline void __threadfence() {
  ::stridescope_rt::thread_fence();
  __atomic_thread_fence(__ATOMIC_SEQ_CST);
}
inline void __threadfence_block() {
  __atomic_thread_fence(__ATOMIC_SEQ_CST);
}
inline void __threadfence_system() {
  ::stridescope_rt::thread_fence();
  __atomic_thread_fence(__ATOMIC_SEQ_CST);
}
