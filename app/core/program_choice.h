// What to trace of an own program (`stridescope run`, the GUI's program): which launch and block,
// and the fiber runtime's thread schedule (with its name table).
#pragma once

#include <cstdint>
#include <string>

#include "core/domain.h"

namespace stridescope {

// The order in which the fiber runtime runs a block's threads between barriers: each thread to its
// next barrier, one after another (the default: deterministic, easy to follow); all threads one
// shared access at a time (lockstep, like the lanes of a warp: closest to a GPU); or a random
// thread order with random switches at shared accesses (seeded). A program whose output changes
// with the schedule has a race.
enum class ThreadSchedule { Threads, Lockstep, Random };
template <>
struct EnumTable<ThreadSchedule> {
  static constexpr std::string_view what = "schedule";
  static constexpr std::array<EnumName<ThreadSchedule>, 3> names{
      {{ThreadSchedule::Threads, "threads"},
       {ThreadSchedule::Lockstep, "lockstep"},
       {ThreadSchedule::Random, "random"}}};
};

// Which launch and block of a program to trace, and in which order its threads run (as
// `stridescope run --launch --traced-block --schedule --seed`).
struct ProgramChoice {
  std::uint32_t launch = 0;
  // For a file of kernels without main(): the launch to run, 'NAME<<<GRID,BLOCK>>>(p=INIT, ...)'
  // (owncuda/launch_spec.h); then `launch` is 0.
  std::string launch_spec;
  std::uint32_t traced_block = 0;
  ThreadSchedule schedule = ThreadSchedule::Threads;
  std::uint64_t seed = 1;  // of the random schedule
  bool operator==(const ProgramChoice&) const = default;
};

}  // namespace stridescope
