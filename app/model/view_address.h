// A view as the window's command-line options, written as a page's address holds them
// ("variant=sequential&block=32&n=32&type=int&input=iota&seed=1&step=3": each option without its
// dashes), so that a link opens the same view: the browser build keeps its address so.
#pragma once

#include <cstddef>
#include <string>

namespace stridescope {

struct Trace;

// The options that run the trace's catalog run again (request_of) and show `step`; empty where no
// options can (a user's program, a GPU's trace, a variant this build does not know).
std::string view_address(const Trace& trace, std::size_t step);

}  // namespace stridescope
