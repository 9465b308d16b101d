// CUDA's vector types (char1 .. double4, with CUDA's alignments) and their make_* functions, and
// dim3 / uint3.
#pragma once

#define STRIDESCOPE_VECTOR1(T, name) \
  struct name {                      \
    T x;                             \
  };
#define STRIDESCOPE_VECTOR2(T, name, align)     \
  struct __attribute__((aligned(align))) name { \
    T x, y;                                     \
  };
#define STRIDESCOPE_VECTOR3(T, name) \
  struct name {                      \
    T x, y, z;                       \
  };
#define STRIDESCOPE_VECTOR4(T, name, align)     \
  struct __attribute__((aligned(align))) name { \
    T x, y, z, w;                               \
  };
#define STRIDESCOPE_VECTORS(T, prefix, align2, align4)              \
  STRIDESCOPE_VECTOR1(T, prefix##1)                                 \
  STRIDESCOPE_VECTOR2(T, prefix##2, align2)                         \
  STRIDESCOPE_VECTOR3(T, prefix##3)                                 \
  STRIDESCOPE_VECTOR4(T, prefix##4, align4)                         \
  inline constexpr prefix##1 make_##prefix##1(T x) {                \
    return prefix##1 {x};                                           \
  }                                                                 \
  inline constexpr prefix##2 make_##prefix##2(T x, T y) {           \
    return prefix##2 {x, y};                                        \
  }                                                                 \
  inline constexpr prefix##3 make_##prefix##3(T x, T y, T z) {      \
    return prefix##3 {x, y, z};                                     \
  }                                                                 \
  inline constexpr prefix##4 make_##prefix##4(T x, T y, T z, T w) { \
    return prefix##4 {x, y, z, w};                                  \
  }

STRIDESCOPE_VECTORS(signed char, char, 2, 4)
STRIDESCOPE_VECTORS(unsigned char, uchar, 2, 4)
STRIDESCOPE_VECTORS(short, short, 4, 8)
STRIDESCOPE_VECTORS(unsigned short, ushort, 4, 8)
STRIDESCOPE_VECTORS(int, int, 8, 16)
STRIDESCOPE_VECTORS(unsigned int, uint, 8, 16)
STRIDESCOPE_VECTORS(long, long, 2 * sizeof(long), 16)
STRIDESCOPE_VECTORS(unsigned long, ulong, 2 * sizeof(long), 16)
STRIDESCOPE_VECTORS(long long, longlong, 16, 16)
STRIDESCOPE_VECTORS(unsigned long long, ulonglong, 16, 16)
STRIDESCOPE_VECTORS(float, float, 8, 16)
STRIDESCOPE_VECTORS(double, double, 16, 16)
#undef STRIDESCOPE_VECTORS
#undef STRIDESCOPE_VECTOR1
#undef STRIDESCOPE_VECTOR2
#undef STRIDESCOPE_VECTOR3
#undef STRIDESCOPE_VECTOR4

struct dim3 {
  unsigned int x, y, z;
  constexpr dim3(unsigned int vx = 1, unsigned int vy = 1, unsigned int vz = 1)
      : x(vx), y(vy), z(vz) {}
  constexpr dim3(uint3 v) : x(v.x), y(v.y), z(v.z) {}
  constexpr operator uint3() const { return uint3{x, y, z}; }
};
