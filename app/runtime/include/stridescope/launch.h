// What a launch `k<<<g, b, s, stream>>>(args)` becomes: the rewrite makes it
// `::stridescope_rt::launcher(k, g, b, s, stream)(args)`. The arguments are converted to the
// kernel's parameter types once, on the host (as nvcc's launch stub does), and each thread gets a
// bitwise copy of them, as a GPU's threads do: no copy constructor or destructor of a by-value
// argument runs per thread or per block. cudaLaunchKernel(kernel, g, b, args, s, stream) runs the
// same way.
#pragma once

#include <cstddef>
#include <cstring>
#include <string>
#include <tuple>
#include <type_traits>
#include <utility>

#ifdef __CUDA__  // what clang's CUDA parser needs to accept `<<<...>>>`
extern "C" int cudaConfigureCall(dim3 grid, dim3 block, std::size_t shared = 0,
                                 cudaStream_t stream = 0);
extern "C" unsigned __cudaPushCallConfiguration(dim3 grid, dim3 block, std::size_t shared = 0,
                                                void* stream = 0);
#endif

namespace stridescope_rt {
// Runs body(frame) once per thread of every block (the runtime: launch.cpp). `arguments`: the
// bytes of the kernel's arguments, where they are plain bytes (a launch that repeats the one before
// may then stand on its results: repeat_launch.h), else empty.
void launch(dim3 grid, dim3 block, std::size_t dynamic_shared, cudaStream_t stream,
            void (*body)(void*), void* frame, const void* kernel,
            const std::string& arguments = std::string());

// How the x86-64 ABI passes a parameter of type P: in registers or on the stack when it is
// trivial for the purposes of calls, else by the address of a copy the caller made (and the
// caller, not the callee, destroys it). A per-thread call through this signature hands each
// thread its own bitwise copy and runs no constructor or destructor.
template <typename P>
inline constexpr bool kPassedByValue =
    !std::is_class_v<P> ||
    (std::is_trivially_destructible_v<P> && std::is_trivially_copy_constructible_v<P>);
template <typename P>
using Passed = std::conditional_t<kPassedByValue<P>, P, P*>;
template <typename P>
struct alignas(P) Bytes {
  unsigned char bytes[sizeof(P)];
};

template <typename... P>
struct LaunchFrame {
  void (*kernel)(P...);
  std::tuple<P*...> args;  // the launch's one copy of each argument

  template <typename Q>
  static Passed<Q> pass(Bytes<Q>* copy) {
    if constexpr (kPassedByValue<Q>) {
      return *reinterpret_cast<Q*>(copy);
    } else {
      return reinterpret_cast<Q*>(copy);
    }
  }
  template <std::size_t... I>
  STRIDESCOPE_NOT_TRACED void call(std::index_sequence<I...>) const {
    std::tuple<Bytes<P>...> copies;  // this thread's bitwise copies
    (std::memcpy(&std::get<I>(copies), std::get<I>(args), sizeof(P)), ...);
    auto as_abi = reinterpret_cast<void (*)(Passed<P>...)>(kernel);
    as_abi(pass<P>(&std::get<I>(copies))...);
  }
  STRIDESCOPE_NOT_TRACED static void run(void* frame) {
    static_cast<const LaunchFrame*>(frame)->call(std::index_sequence_for<P...>{});
  }
  // The arguments' bytes, where each is trivially copyable (else empty).
  STRIDESCOPE_NOT_TRACED std::string bytes() const {
    if constexpr ((std::is_trivially_copyable_v<P> && ...)) {
      std::string out(1, '(');
      std::apply([&](P*... a) { (out.append(reinterpret_cast<const char*>(a), sizeof(P)), ...); },
                 args);
      return out;
    } else {
      return {};
    }
  }
};

template <typename Kernel>
struct Launcher;
template <typename... P>
struct Launcher<void (*)(P...)> {
  void (*kernel)(P...);
  dim3 grid, block;
  std::size_t shared;
  cudaStream_t stream;
  STRIDESCOPE_NOT_TRACED void operator()(P... args) const {
    LaunchFrame<P...> frame{kernel, std::tuple<P*...>(&args...)};
    launch(grid, block, shared, stream, &LaunchFrame<P...>::run, &frame,
           reinterpret_cast<const void*>(kernel), frame.bytes());
  }
};
template <typename... P>
Launcher<void (*)(P...)> launcher(void (*kernel)(P...), dim3 grid, dim3 block,
                                  std::size_t shared = 0, cudaStream_t stream = nullptr) {
  return {kernel, grid, block, shared, stream};
}

// A launch whose kernel the call picks (a template called without its arguments, an overloaded
// name): STRIDESCOPE_PICK(k) is callable, where the arguments' own types name one kernel, with
// that kernel's address; else every thread calls STRIDESCOPE_CALL(k), which converts the
// arguments as the call would (then a by-value argument's copy constructor runs per thread).
template <typename Pick, typename Call>
struct DeducedLauncher {
  Pick pick;
  Call call;
  dim3 grid, block;
  std::size_t shared;
  cudaStream_t stream;
  template <typename... A>
  STRIDESCOPE_NOT_TRACED void operator()(A&&... args) const {
    if constexpr (std::is_invocable_v<Pick, std::decay_t<A>...>) {
      launcher(pick(std::decay_t<A>(args)...), grid, block, shared, stream)(args...);
    } else {
      std::tuple<std::decay_t<A>...> values(args...);
      struct Frame {
        const Call* call;
        std::tuple<std::decay_t<A>...>* values;
        STRIDESCOPE_NOT_TRACED static void run(void* f) {
          Frame* frame = static_cast<Frame*>(f);
          std::tuple<std::decay_t<A>...> mine = *frame->values;
          std::apply(*frame->call, mine);
        }
      } frame{&call, &values};
      launch(grid, block, shared, stream, &Frame::run, &frame, nullptr);
    }
  }
};
template <typename Pick, typename Call>
DeducedLauncher<Pick, Call> launcher_deduced(Pick pick, Call call, dim3 grid, dim3 block,
                                             std::size_t shared = 0,
                                             cudaStream_t stream = nullptr) {
  return {pick, call, grid, block, shared, stream};
}
}  // namespace stridescope_rt
// Variadic: a kernel's name may hold commas (`reduce4<T, 512>`).
#define STRIDESCOPE_PICK(...)                                                              \
  [](auto... stridescope_a) -> decltype(static_cast<void (*)(decltype(stridescope_a)...)>( \
                                __VA_ARGS__)) {                                            \
    return static_cast<void (*)(decltype(stridescope_a)...)>(__VA_ARGS__);                 \
  }
#define STRIDESCOPE_CALL(...) [](auto&... stridescope_a) { __VA_ARGS__(stridescope_a...); }

// The toolkit's typed cudaLaunchKernel: `args` points at each argument.
namespace stridescope_rt {
template <typename... P, std::size_t... I>
std::tuple<P*...> arguments_of(void** args, std::index_sequence<I...>) {
  return std::tuple<P*...>(static_cast<P*>(args[I])...);
}
}  // namespace stridescope_rt
template <typename... P>
STRIDESCOPE_NOT_TRACED cudaError_t cudaLaunchKernel(void (*kernel)(P...), dim3 grid, dim3 block,
                                                    void** args, std::size_t shared = 0,
                                                    cudaStream_t stream = nullptr) {
  ::stridescope_rt::LaunchFrame<P...> frame{
      kernel, ::stridescope_rt::arguments_of<P...>(args, std::index_sequence_for<P...>{})};
  ::stridescope_rt::launch(grid, block, shared, stream, &::stridescope_rt::LaunchFrame<P...>::run,
                           &frame, reinterpret_cast<const void*>(kernel), frame.bytes());
  return cudaPeekAtLastError();
}
