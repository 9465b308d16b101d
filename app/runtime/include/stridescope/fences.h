// CUDA's memory fences: __threadfence() and its block and system forms, each a real fence (blocks
// run on several worker threads at once); the device-wide ones are also counted by the port
// (device_api.h: a later atomic of the block releases the writes before it).
#pragma once

namespace stridescope_rt {
void thread_fence();
// Called before main() where the program calls a device-wide fence anywhere (FencesInProgram is
// made only by a call of the templates below): without one, a global atomic releases nothing, and
// the runtime runs it without the lock that orders releases (worker.cpp). Returns true.
bool note_fences_in_program();
template <typename = void>
struct FencesInProgram {
  static inline const bool noted = note_fences_in_program();
};
}  // namespace stridescope_rt
template <typename Unused = void>
inline void __threadfence() {
  static_cast<void>(&::stridescope_rt::FencesInProgram<Unused>::noted);
  ::stridescope_rt::thread_fence();
  __atomic_thread_fence(__ATOMIC_SEQ_CST);
}
inline void __threadfence_block() {
  __atomic_thread_fence(__ATOMIC_SEQ_CST);
}
template <typename Unused = void>
inline void __threadfence_system() {
  static_cast<void>(&::stridescope_rt::FencesInProgram<Unused>::noted);
  ::stridescope_rt::thread_fence();
  __atomic_thread_fence(__ATOMIC_SEQ_CST);
}
