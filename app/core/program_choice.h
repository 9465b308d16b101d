// What to trace of an own program (`stridescope run`, the GUI's program): which launch and block,
// and the fiber runtime's thread schedule (with its name table).
#pragma once

#include <cstdint>
#include <string>

#include "core/domain.h"

namespace stridescope {

// The order in which the SIMT engine runs a block's threads between barriers (simt/engine.h): the
// lanes of each warp taking turns at every memory access, warp after warp (the default: what a GPU
// prints, warp-synchronous code included); every thread of the block taking turns at every access
// (lockstep); each thread to its next barrier, one after another (threads: easy to follow); or a
// random thread order with random switches at memory accesses (seeded). A program whose output
// changes with the schedule has a race.
enum class ThreadSchedule { Warps, Threads, Lockstep, Random };
template <>
struct EnumTable<ThreadSchedule> {
  static constexpr std::string_view what = "schedule";
  static constexpr std::array<EnumName<ThreadSchedule>, 4> names{
      {{ThreadSchedule::Warps, "warps"},
       {ThreadSchedule::Threads, "threads"},
       {ThreadSchedule::Lockstep, "lockstep"},
       {ThreadSchedule::Random, "random"}}};
};

// Which launch and block of a program to trace, and in which order its threads run (as
// `stridescope run --launch --traced-block --schedule --seed`).
struct ProgramChoice {
  std::uint32_t launch = 0;
  // For a file of kernels without main(): the launch to run, 'NAME<<<GRID,BLOCK>>>(p=INIT, ...)'
  // (program/read/launch_spec.h); then `launch` is 0.
  std::string launch_spec;
  std::uint32_t traced_block = 0;
  ThreadSchedule schedule = ThreadSchedule::Warps;
  std::uint64_t seed = 1;  // of the random schedule
  // An exercise's name (app/exercises/): the file is its kernels, run by the exercise's harness
  // on its first case; "" for a program.
  std::string exercise;
  // Traced on the GPU itself (`--backend cuda --out`: nvcc and the GPU tracer) instead of the
  // emulator; the schedule is then the GPU's own.
  bool on_gpu = false;
  bool operator==(const ProgramChoice&) const = default;
};

}  // namespace stridescope
