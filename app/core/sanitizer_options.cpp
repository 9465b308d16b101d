// Linked into every binary of the sanitizer build (STRIDESCOPE_SANITIZE): the sanitizers' options,
// so that ctest, the GUI tests' child processes and a shell all stop at the first report.
extern "C" {

const char* __asan_default_options() {
  return "halt_on_error=1:abort_on_error=0:detect_leaks=1:strict_string_checks=1:"
         "detect_stack_use_after_return=0";
}

const char* __ubsan_default_options() {
  return "halt_on_error=1:print_stacktrace=1";
}

// Exactly one known leak: Mesa's OpenGL driver (a *_dri.so) allocates at context creation and is
// unloaded by dlclose when the GL library goes, so LeakSanitizer sees its blocks and cannot name
// the unloaded module. Nothing else is suppressed.
const char* __lsan_default_suppressions() {
  return "leak:_dri.so\n";
}

}  // extern "C"
