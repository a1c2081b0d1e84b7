// Device functions and data shared across translation units (compiled with -rdc=true / -dc).
#pragma once
struct Vec2 { float x, y; };
__device__ Vec2 vadd(Vec2 a, Vec2 b);
__device__ Vec2 vscale(Vec2 a, float k);
__device__ float vdot(Vec2 a, Vec2 b);
extern __device__ int vecmath_calls;           // defined in vecmath.cu
extern __constant__ float gravity[2];          // defined in particles.cu
__global__ void step(Vec2* pos, Vec2* vel, int n, float dt);  // defined in particles.cu
void set_gravity(float gx, float gy);          // host function in particles.cu
