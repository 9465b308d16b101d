// Standard output checked to the end: a command whose output cannot be written (a full disk,
// /dev/full, a closed pipe's descriptor) says so in one error line and exits 2, never 0 in silence.
#pragma once

namespace stridescope {

// Before anything is opened: descriptors 0, 1 and 2 that the caller closed are taken (so no file
// stridescope opens becomes its stdout by chance); a closed stdout is remembered, and what is then
// written to it counted.
void take_closed_standard_descriptors();

// After the command: flushes stdout and checks every write to it. Returns `status`, or 2 after one
// "stridescope: error: cannot write standard output: ..." line on stderr when output was lost (and
// no error line was said already: `status` 2).
int finish_standard_output(int status);

}  // namespace stridescope
