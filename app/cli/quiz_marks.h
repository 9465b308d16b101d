// --quiz-marks "words=0-7 threads=0,1 degree=2": a prepared guess for the quiz's first prediction.
#pragma once

#include <string_view>

#include "model/prediction.h"

namespace stridescope {

// Space-separated `words=LIST`, `threads=LIST` (LIST: numbers and ranges A-B, separated by
// commas) and `degree=D` (1 to 32); each at most once. Throws CliError naming the mistake.
PredictionMarks parse_quiz_marks(std::string_view text);

}  // namespace stridescope
