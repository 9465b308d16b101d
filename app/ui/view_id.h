// The centre tabs of the window, by name: what --view picks and what the tab list (ui/app.cpp)
// registers.
#pragma once

#include "core/domain.h"

namespace stridescope {

enum class View { Memory, Grid, Timing, Precision };

template <>
struct EnumTable<View> {
  static constexpr std::string_view what = "view";
  static constexpr std::array<EnumName<View>, 4> names{{{View::Memory, "memory"},
                                                        {View::Grid, "grid"},
                                                        {View::Timing, "timing"},
                                                        {View::Precision, "precision"}}};
};

}  // namespace stridescope
