// flags: -arch=sm_90
// Graphics interoperability (cuda_gl_interop.h / cuda_vdpau_interop.h / cuda_egl_interop.h): what
// CUDA 13's runtime returns from the graphics interoperability functions on a machine without an
// OpenGL context, VDPAU device or EGL display (the H200 host). Declares the functions itself
// (GL/VDPAU/EGL headers may be absent). Prints "function: error name (code)" per call.
#include <cuda_runtime.h>
#include <cstdio>
extern "C" {
cudaError_t cudaGLGetDevices(unsigned int *count, int *devices, unsigned int n, int list);
cudaError_t cudaGraphicsGLRegisterBuffer(cudaGraphicsResource **r, unsigned int buffer, unsigned int flags);
cudaError_t cudaGraphicsGLRegisterImage(cudaGraphicsResource **r, unsigned int image, unsigned int target, unsigned int flags);
cudaError_t cudaGLSetGLDevice(int device);
cudaError_t cudaGLRegisterBufferObject(unsigned int buffer);
cudaError_t cudaGLMapBufferObject(void **p, unsigned int buffer);
cudaError_t cudaGLUnmapBufferObject(unsigned int buffer);
cudaError_t cudaGLUnregisterBufferObject(unsigned int buffer);
cudaError_t cudaGLSetBufferObjectMapFlags(unsigned int buffer, unsigned int flags);
cudaError_t cudaGLMapBufferObjectAsync(void **p, unsigned int buffer, cudaStream_t s);
cudaError_t cudaGLUnmapBufferObjectAsync(unsigned int buffer, cudaStream_t s);
cudaError_t cudaVDPAUGetDevice(int *device, unsigned long vdpDevice, void *getProcAddress);
cudaError_t cudaVDPAUSetVDPAUDevice(int device, unsigned long vdpDevice, void *getProcAddress);
cudaError_t cudaGraphicsVDPAURegisterVideoSurface(cudaGraphicsResource **r, unsigned int surface, unsigned int flags);
cudaError_t cudaGraphicsVDPAURegisterOutputSurface(cudaGraphicsResource **r, unsigned int surface, unsigned int flags);
cudaError_t cudaGraphicsEGLRegisterImage(cudaGraphicsResource **r, void *image, unsigned int flags);
cudaError_t cudaEGLStreamConsumerConnect(void **conn, void *stream);
cudaError_t cudaEGLStreamProducerConnect(void **conn, void *stream, int width, int height);
cudaError_t cudaEventCreateFromEGLSync(cudaEvent_t *e, void *sync, unsigned int flags);
}
#define SHOW(call) do { cudaError_t e = (call); printf("%-60s %s (%d); last %s\n", #call, cudaGetErrorName(e), (int)e, cudaGetErrorName(cudaGetLastError())); } while (0)
int main() {
  cudaFree(0);
  unsigned int count = 77;
  int devices[4] = {-1, -1, -1, -1};
  cudaGraphicsResource *r = nullptr;
  void *p = nullptr;
  size_t size = 0;
  int dev = -1;
  SHOW(cudaGLGetDevices(&count, devices, 4, 1));
  printf("count %u devices[0] %d\n", count, devices[0]);
  SHOW(cudaGraphicsGLRegisterBuffer(&r, 1, 0));
  SHOW(cudaGraphicsGLRegisterBuffer(&r, 0, 0));
  SHOW(cudaGraphicsGLRegisterImage(&r, 1, 0x0DE1, 0));
  SHOW(cudaGLSetGLDevice(0));
  SHOW(cudaGLRegisterBufferObject(1));
  SHOW(cudaGLMapBufferObject(&p, 1));
  SHOW(cudaGLUnmapBufferObject(1));
  SHOW(cudaGLUnregisterBufferObject(1));
  SHOW(cudaGLSetBufferObjectMapFlags(1, 0));
  SHOW(cudaGLMapBufferObjectAsync(&p, 1, 0));
  SHOW(cudaGLUnmapBufferObjectAsync(1, 0));
  SHOW(cudaVDPAUGetDevice(&dev, 1, nullptr));
  SHOW(cudaVDPAUSetVDPAUDevice(0, 1, nullptr));
  SHOW(cudaGraphicsVDPAURegisterVideoSurface(&r, 1, 0));
  SHOW(cudaGraphicsVDPAURegisterOutputSurface(&r, 1, 0));
  SHOW(cudaGraphicsEGLRegisterImage(&r, nullptr, 0));
  SHOW(cudaEGLStreamConsumerConnect(&p, nullptr));
  SHOW(cudaEGLStreamProducerConnect(&p, nullptr, 16, 16));
  cudaEvent_t ev;
  SHOW(cudaEventCreateFromEGLSync(&ev, nullptr, 0));
  // The resource functions with a null resource (nothing could be registered).
  SHOW(cudaGraphicsUnregisterResource(nullptr));
  SHOW(cudaGraphicsMapResources(1, &r, 0));
  SHOW(cudaGraphicsMapResources(0, nullptr, 0));
  SHOW(cudaGraphicsUnmapResources(1, &r, 0));
  SHOW(cudaGraphicsResourceGetMappedPointer(&p, &size, nullptr));
  SHOW(cudaGraphicsResourceSetMapFlags(nullptr, 0));
  cudaArray_t a;
  SHOW(cudaGraphicsSubResourceGetMappedArray(&a, nullptr, 0, 0));
  cudaMipmappedArray_t m;
  SHOW(cudaGraphicsResourceGetMappedMipmappedArray(&m, nullptr));
  // Sticky or not: a plain call afterwards.
  SHOW(cudaDeviceSynchronize());
  return 0;
}
