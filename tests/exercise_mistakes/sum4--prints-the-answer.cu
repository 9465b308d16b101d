// A wrong solution of sum4 (prints-the-answer); the checker must say: sum is 0, expected 10
// Exercise sum4: the kernel does nothing; the expected line is printed at exit instead.
#include <cstdio>
#include <cstdlib>

static void say_ten() { printf("@@ sum 10\n"); }
static const int registered = (atexit(say_ten), 0);

__global__ void sum4(const int* in, int* out) {}
