// How the GUI writes a value into a cell: whole numbers as they are, others in short forms.
#pragma once

#include <string>

namespace stridescope {

// Up to 15 digits for whole numbers, else 6 significant digits (memory canvas cells).
std::string cell_value_text(double v);

// At most about six characters, for small cells: 123456 -> "1.2e5", 0.25 -> "0.25".
std::string compact_value_text(double v);

}  // namespace stridescope
