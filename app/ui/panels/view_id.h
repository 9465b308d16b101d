// The centre tabs of the window, by name: what --view picks; each tab of ui/panels/tabs.def says
// which it is.
#pragma once

#include "core/domain.h"

namespace stridescope {

enum class View { Memory, Grid, Timing, Precision, Compare, Exercises };

template <>
struct EnumTable<View> {
  static constexpr std::string_view what = "view";
  static constexpr std::array<EnumName<View>, 6> names{{{View::Memory, "memory"},
                                                        {View::Grid, "grid"},
                                                        {View::Timing, "timing"},
                                                        {View::Precision, "precision"},
                                                        {View::Compare, "compare"},
                                                        {View::Exercises, "exercises"}}};
};

}  // namespace stridescope
