// min-arch: sm_75
// Grid-stride loops over typical elementwise and BLAS-1 kernels: saxpy/daxpy, vector add (int/float/double),
// scale/shift, fill/iota, copy with size_t indices, 2D grid-stride, elementwise templates, memset-like kernels.

extern "C" __global__ void saxpy(int n, float a, const float *x, float *y) {
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) y[i] = a * x[i] + y[i];
}

extern "C" __global__ void daxpy(long long n, double a, const double *x, double *y) {
    for (long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x; i < n; i += (long long)blockDim.x * gridDim.x)
        y[i] = a * x[i] + y[i];
}

extern "C" __global__ void vadd_i32(const int *a, const int *b, int *c, unsigned n) {
    for (unsigned i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) c[i] = a[i] + b[i];
}

extern "C" __global__ void iota_fill(int *out, size_t n, int start, int *constant_out, int value) {
    for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n; i += (size_t)blockDim.x * gridDim.x) {
        out[i] = start + (int)i;
        constant_out[i] = value;
    }
}

extern "C" __global__ void grid_2d(float *img, int w, int h, float gain) {
    for (int y = blockIdx.y * blockDim.y + threadIdx.y; y < h; y += blockDim.y * gridDim.y)
        for (int x = blockIdx.x * blockDim.x + threadIdx.x; x < w; x += blockDim.x * gridDim.x)
            img[y * w + x] = img[y * w + x] * gain + (float)(x ^ y);
}

extern "C" __global__ void grid_3d(float *vol, int nx, int ny, int nz) {
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    int z = blockIdx.z * blockDim.z + threadIdx.z;
    if (x < nx && y < ny && z < nz) {
        size_t idx = ((size_t)z * ny + y) * nx + x;
        vol[idx] = (float)(x + y * 10 + z * 100) + vol[idx] * (float)(gridDim.z * blockDim.z);
    }
}

template <typename T, typename U> __global__ void convert_elementwise(const T *in, U *out, size_t n) {
    for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n; i += (size_t)blockDim.x * gridDim.x)
        out[i] = static_cast<U>(in[i]);
}
template __global__ void convert_elementwise<float, int>(const float *, int *, size_t);
template __global__ void convert_elementwise<int, double>(const int *, double *, size_t);
template __global__ void convert_elementwise<double, float>(const double *, float *, size_t);
template __global__ void convert_elementwise<unsigned char, float>(const unsigned char *, float *, size_t);
template __global__ void convert_elementwise<long long, short>(const long long *, short *, size_t);
