// The exercises, one function each (app/exercises/catalog/NAME.cpp); catalog.cpp lists them.
#pragma once

#include "exercises/exercise.h"

namespace stridescope {

Exercise exercise_map_guard();
Exercise exercise_grid_stride();
Exercise exercise_sum4();
Exercise exercise_halving_loop();
Exercise exercise_odd_block();
Exercise exercise_many_blocks();
Exercise exercise_dot();
Exercise exercise_two_per_thread();
Exercise exercise_relaunch();
Exercise exercise_atomic_finish();
Exercise exercise_shuffle_tail();
Exercise exercise_max_argmax();
Exercise exercise_histogram();
Exercise exercise_scan_hillis_steele();
Exercise exercise_scan_blelloch();
Exercise exercise_transpose();
Exercise exercise_matmul_tiled();
Exercise exercise_kahan();

}  // namespace stridescope
