// The centre tabs of the window, by name: what --view picks; each tab of ui/tabs.def says which
// it is.
#pragma once

#include "core/domain.h"

namespace stridescope {

enum class View { Memory, Compare, Grid, Timing, Precision };

template <>
struct EnumTable<View> {
  static constexpr std::string_view what = "view";
  static constexpr std::array<EnumName<View>, 5> names{{{View::Memory, "memory"},
                                                        {View::Compare, "compare"},
                                                        {View::Grid, "grid"},
                                                        {View::Timing, "timing"},
                                                        {View::Precision, "precision"}}};
};

}  // namespace stridescope
