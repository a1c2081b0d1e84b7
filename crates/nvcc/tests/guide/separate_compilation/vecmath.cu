// Device functions and a device variable
// used from other translation units (archived in libvecmath.a in device_library/).
#include "vecmath.h"
__device__ int vecmath_calls = 0;
__device__ Vec2 vadd(Vec2 a, Vec2 b) { atomicAdd(&vecmath_calls, 1); return {a.x + b.x, a.y + b.y}; }
__device__ Vec2 vscale(Vec2 a, float k) { atomicAdd(&vecmath_calls, 1); return {a.x * k, a.y * k}; }
__device__ float vdot(Vec2 a, Vec2 b) { return a.x * b.x + a.y * b.y; }
