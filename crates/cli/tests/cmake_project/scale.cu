// A device function in a static library of relocatable device code.
__device__ float scale(float x) { return 3.0f * x + 1.0f; }
