// Kernel node attributes: cudaGraphKernelNodeSetAttribute/GetAttribute (priority, cooperative,
// cluster dimension, access policy window), cudaGraphKernelNodeCopyAttributes, attributes
// captured from a stream, and an exec kernel node given another grid and shared size.
#include <cstdio>
#include <cstring>
#define P(x) do { cudaError_t e_ = (x); printf("%s -> %s\n", #x, cudaGetErrorName(e_)); } while (0)

__global__ void fill(int* p, int v) { extern __shared__ int sm[]; sm[threadIdx.x] = v; __syncthreads(); p[blockIdx.x * blockDim.x + threadIdx.x] = sm[threadIdx.x] + blockIdx.x; }

int main() {
    int* d; P(cudaMalloc(&d, 4096 * 4)); P(cudaMemset(d, 0, 4096 * 4));
    cudaGraph_t g; P(cudaGraphCreate(&g, 0));
    int v = 7; void* args[] = {&d, &v};
    cudaKernelNodeParams kp = {}; kp.func = (void*)fill; kp.gridDim = dim3(4); kp.blockDim = dim3(64); kp.sharedMemBytes = 256; kp.kernelParams = args;
    cudaGraphNode_t a, b; P(cudaGraphAddKernelNode(&a, g, nullptr, 0, &kp)); P(cudaGraphAddKernelNode(&b, g, &a, 1, &kp));
    cudaLaunchAttributeValue val; memset(&val, 0, sizeof val);
    P(cudaGraphKernelNodeGetAttribute(a, cudaLaunchAttributePriority, &val)); printf("priority %d\n", val.priority);
    val.priority = -2; P(cudaGraphKernelNodeSetAttribute(a, cudaLaunchAttributePriority, &val));
    memset(&val, 0, sizeof val); P(cudaGraphKernelNodeGetAttribute(a, cudaLaunchAttributePriority, &val)); printf("priority now %d\n", val.priority);
    memset(&val, 0, sizeof val); P(cudaGraphKernelNodeGetAttribute(a, cudaLaunchAttributeCooperative, &val)); printf("cooperative %d\n", val.cooperative);
    val.cooperative = 1; P(cudaGraphKernelNodeSetAttribute(a, cudaLaunchAttributeCooperative, &val));
    memset(&val, 0, sizeof val); P(cudaGraphKernelNodeGetAttribute(a, cudaLaunchAttributeClusterDimension, &val)); printf("cluster %u %u %u\n", val.clusterDim.x, val.clusterDim.y, val.clusterDim.z);
    val.clusterDim.x = 2; val.clusterDim.y = 1; val.clusterDim.z = 1; P(cudaGraphKernelNodeSetAttribute(b, cudaLaunchAttributeClusterDimension, &val));
    memset(&val, 0, sizeof val); P(cudaGraphKernelNodeGetAttribute(b, cudaLaunchAttributeClusterDimension, &val)); printf("b cluster %u %u %u\n", val.clusterDim.x, val.clusterDim.y, val.clusterDim.z);
    memset(&val, 0, sizeof val);
    val.accessPolicyWindow.base_ptr = d; val.accessPolicyWindow.num_bytes = 4096; val.accessPolicyWindow.hitRatio = 0.5f;
    val.accessPolicyWindow.hitProp = cudaAccessPropertyPersisting; val.accessPolicyWindow.missProp = cudaAccessPropertyStreaming;
    P(cudaGraphKernelNodeSetAttribute(a, cudaLaunchAttributeAccessPolicyWindow, &val));
    memset(&val, 0, sizeof val); P(cudaGraphKernelNodeGetAttribute(a, cudaLaunchAttributeAccessPolicyWindow, &val));
    printf("window base ok %d bytes %zu ratio %g hit %d miss %d\n", val.accessPolicyWindow.base_ptr == d, val.accessPolicyWindow.num_bytes, val.accessPolicyWindow.hitRatio, (int)val.accessPolicyWindow.hitProp, (int)val.accessPolicyWindow.missProp);
    P(cudaGraphKernelNodeCopyAttributes(b, a));
    memset(&val, 0, sizeof val); P(cudaGraphKernelNodeGetAttribute(b, cudaLaunchAttributePriority, &val)); printf("b priority after copy %d\n", val.priority);
    memset(&val, 0, sizeof val); P(cudaGraphKernelNodeGetAttribute(b, cudaLaunchAttributeClusterDimension, &val)); printf("b cluster after copy %u\n", val.clusterDim.x);
    P(cudaGraphKernelNodeSetAttribute(a, (cudaLaunchAttributeID)99, &val));
    P(cudaGraphKernelNodeGetAttribute(a, (cudaLaunchAttributeID)99, &val));
    val.cooperative = 0; P(cudaGraphKernelNodeSetAttribute(a, cudaLaunchAttributeCooperative, &val));
    cudaGraphExec_t ge; P(cudaGraphInstantiate(&ge, g, 0));
    cudaStream_t s; P(cudaStreamCreate(&s));
    P(cudaGraphLaunch(ge, s)); P(cudaStreamSynchronize(s));
    int h[4096]; P(cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost)); printf("h[0]=%d h[255]=%d h[256]=%d\n", h[0], h[255], h[256]);
    kp.gridDim = dim3(16); kp.blockDim = dim3(128); kp.sharedMemBytes = 512; v = 100;
    P(cudaGraphExecKernelNodeSetParams(ge, a, &kp));
    P(cudaGraphLaunch(ge, s)); P(cudaStreamSynchronize(s));
    P(cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost)); printf("h[0]=%d h[2047]=%d h[2048]=%d\n", h[0], h[2047], h[2048]);
    kp.sharedMemBytes = 300 * 1024;
    P(cudaGraphExecKernelNodeSetParams(ge, a, &kp));
    kp.sharedMemBytes = 0; kp.blockDim = dim3(2048);
    P(cudaGraphExecKernelNodeSetParams(ge, a, &kp));
    // attributes from a capture
    P(cudaStreamSetAttribute(s, cudaLaunchAttributePriority, &val));
    cudaLaunchAttributeValue sv; memset(&sv, 0, sizeof sv); sv.priority = -1;
    P(cudaStreamSetAttribute(s, cudaLaunchAttributePriority, &sv));
    P(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal));
    fill<<<1, 32, 128, s>>>(d, 1);
    cudaGraph_t cg; P(cudaStreamEndCapture(s, &cg));
    cudaGraphNode_t cn; size_t n = 1; P(cudaGraphGetNodes(cg, &cn, &n));
    memset(&val, 0, sizeof val); P(cudaGraphKernelNodeGetAttribute(cn, cudaLaunchAttributePriority, &val)); printf("captured priority %d\n", val.priority);
    P(cudaGraphExecDestroy(ge)); P(cudaGraphDestroy(g)); P(cudaGraphDestroy(cg));
    P(cudaGetLastError());
    return 0;
}
