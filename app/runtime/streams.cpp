// Streams and events on the CPU: every operation completes when it is issued, in issue order, so
// a stream is always idle, waiting on an event is immediate, and a callback runs at once. An event
// records the wall-clock time when it is recorded.
#include <chrono>

#include "program.h"

struct CUstream_st {
  unsigned flags = 0;
};
struct CUevent_st {
  std::chrono::steady_clock::time_point at;
  bool recorded = false;
};

using stridescope_rt::Program;

extern "C" {

cudaError_t cudaStreamCreate(cudaStream_t* stream) {
  *stream = new CUstream_st{};
  return Program::get().note(cudaSuccess);
}
cudaError_t cudaStreamCreateWithFlags(cudaStream_t* stream, unsigned int flags) {
  *stream = new CUstream_st{flags};
  return Program::get().note(cudaSuccess);
}
cudaError_t cudaStreamCreateWithPriority(cudaStream_t* stream, unsigned int flags, int) {
  return cudaStreamCreateWithFlags(stream, flags);
}
cudaError_t cudaStreamDestroy(cudaStream_t stream) {
  if (stream != nullptr && stream != cudaStreamLegacy && stream != cudaStreamPerThread)
    delete stream;
  return Program::get().note(cudaSuccess);
}
cudaError_t cudaStreamSynchronize(cudaStream_t) {
  return Program::get().note(cudaSuccess);
}
cudaError_t cudaStreamQuery(cudaStream_t) {
  return Program::get().note(cudaSuccess);
}
cudaError_t cudaStreamWaitEvent(cudaStream_t, cudaEvent_t, unsigned int) {
  return Program::get().note(cudaSuccess);
}
cudaError_t cudaStreamAddCallback(cudaStream_t stream, cudaStreamCallback_t callback,
                                  void* user_data, unsigned int) {
  callback(stream, Program::get().sticky_error, user_data);
  return Program::get().note(cudaSuccess);
}
cudaError_t cudaLaunchHostFunc(cudaStream_t, cudaHostFn_t fn, void* user_data) {
  fn(user_data);
  return Program::get().note(cudaSuccess);
}
cudaError_t cudaDeviceGetStreamPriorityRange(int* least, int* greatest) {
  if (least) *least = 0;
  if (greatest) *greatest = 0;
  return cudaSuccess;
}
cudaError_t cudaEventCreate(cudaEvent_t* event) {
  *event = new CUevent_st{};
  return Program::get().note(cudaSuccess);
}
cudaError_t cudaEventCreateWithFlags(cudaEvent_t* event, unsigned int) {
  return cudaEventCreate(event);
}
cudaError_t cudaEventRecord(cudaEvent_t event, cudaStream_t) {
  if (event == nullptr) return Program::get().note(cudaErrorInvalidResourceHandle);
  event->at = std::chrono::steady_clock::now();
  event->recorded = true;
  return Program::get().note(cudaSuccess);
}
cudaError_t cudaEventSynchronize(cudaEvent_t) {
  return Program::get().note(cudaSuccess);
}
cudaError_t cudaEventQuery(cudaEvent_t) {
  return Program::get().note(cudaSuccess);
}
cudaError_t cudaEventElapsedTime(float* ms, cudaEvent_t start, cudaEvent_t end) {
  if (start == nullptr || end == nullptr)
    return Program::get().note(cudaErrorInvalidResourceHandle);
  if (!start->recorded || !end->recorded)
    return Program::get().note(cudaErrorInvalidResourceHandle);
  *ms = std::chrono::duration<float, std::milli>(end->at - start->at).count();
  return Program::get().note(cudaSuccess);
}
cudaError_t cudaEventDestroy(cudaEvent_t event) {
  delete event;
  return Program::get().note(cudaSuccess);
}

}  // extern "C"
