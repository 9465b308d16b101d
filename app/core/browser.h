// Whether this build runs in a browser page (emscripten, scripts/web.sh): a page starts no
// processes, so nothing is compiled (a learner's .cu, an exercise's check) and no GPU is reached.
#pragma once

namespace stridescope {

#if defined(__EMSCRIPTEN__)
inline constexpr bool kInBrowser = true;
#else
inline constexpr bool kInBrowser = false;
#endif

}  // namespace stridescope
