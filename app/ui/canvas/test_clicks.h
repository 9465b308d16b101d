// Test hook: STRIDESCOPE_TEST_CLICKS="word:0,thread:5,warp:0,row:1" clicks the centre of those
// cells of the memory canvas (row: the label of memory row 1), in order, in the first frame that
// can take them, as a hand would.
#pragma once

#include <vector>

#include "ui/canvas/canvas_model.h"

namespace stridescope {

// The clicks asked for, the first time only (then none); an unknown item is left out.
std::vector<CanvasFocus> take_test_clicks();

}  // namespace stridescope
