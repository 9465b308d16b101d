// The exercises in the order of the path through them: one line each.
#include "exercises/catalog/catalog.h"

namespace stridescope {

const std::vector<Exercise>& exercises() {
  static const std::vector<Exercise> all{
      exercise_map_guard(),     exercise_grid_stride(),        exercise_sum4(),
      exercise_halving_loop(),  exercise_odd_block(),          exercise_many_blocks(),
      exercise_dot(),           exercise_two_per_thread(),     exercise_relaunch(),
      exercise_atomic_finish(), exercise_shuffle_tail(),       exercise_max_argmax(),
      exercise_histogram(),     exercise_scan_hillis_steele(), exercise_scan_blelloch(),
      exercise_transpose(),     exercise_matmul_tiled(),       exercise_kahan(),
  };
  return all;
}

std::string goal_text(ExerciseGoal goal) {
  switch (goal) {
    case ExerciseGoal::ConflictFree:
      return "no shared-memory bank conflicts";
    case ExerciseGoal::InputReadOnce:
      return "each input element read once";
    case ExerciseGoal::FewBarriers:
      return "at most log2(block size) + 1 __syncthreads()";
    case ExerciseGoal::AtomicResult:
      return "the block's result added to the output with an atomic";
    case ExerciseGoal::ShareOfInput:
      return "each block reads only its share of the input";
  }
  return "";
}

const Exercise* find_exercise(const std::string& name) {
  for (const Exercise& e : exercises())
    if (e.name == name) return &e;
  return nullptr;
}

}  // namespace stridescope
