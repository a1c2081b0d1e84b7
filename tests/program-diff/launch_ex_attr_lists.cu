// cudaLaunchKernelEx with attribute lists: programmatic stream serialization with
// cudaGridDependencySynchronize, priority, cooperative, mem-sync domain; invalid attributes,
// and the launch's results.
#include <cstdio>
#include <cooperative_groups.h>
namespace cg = cooperative_groups;
#define P(x) do { cudaError_t e_ = (x); printf("%s -> %s\n", #x, cudaGetErrorName(e_)); } while (0)

__global__ void producer(int* buf, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) buf[i] = i * 3;
    cudaTriggerProgrammaticLaunchCompletion();
}
__global__ void consumer(const int* buf, int* out, int n) {
    cudaGridDependencySynchronize();
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = buf[i] + 1;
}
__global__ void coop_sum(int* data, int* result, int n) {
    cg::grid_group g = cg::this_grid();
    int i = g.thread_rank();
    if (i < n) atomicAdd(result, data[i]);
    g.sync();
    if (i == 0) result[1] = result[0] * 2;
}

int main() {
    const int n = 4096;
    int *buf, *out, *res; P(cudaMalloc(&buf, n * 4)); P(cudaMalloc(&out, n * 4)); P(cudaMalloc(&res, 8));
    cudaStream_t s; P(cudaStreamCreate(&s));
    cudaLaunchConfig_t cfg = {}; cfg.gridDim = dim3(n / 256); cfg.blockDim = dim3(256); cfg.stream = s;
    P(cudaLaunchKernelEx(&cfg, producer, buf, n));
    cudaLaunchAttribute at[4];
    at[0].id = cudaLaunchAttributeProgrammaticStreamSerialization; at[0].val.programmaticStreamSerializationAllowed = 1;
    at[1].id = cudaLaunchAttributePriority; at[1].val.priority = -3;
    cfg.attrs = at; cfg.numAttrs = 2;
    P(cudaLaunchKernelEx(&cfg, consumer, (const int*)buf, out, n));
    P(cudaStreamSynchronize(s));
    int h[n]; P(cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost));
    long long sum = 0; for (int i = 0; i < n; ++i) sum += h[i]; printf("consumer sum %lld\n", sum);
    // mem sync domain + programmatic event
    at[0].id = cudaLaunchAttributeMemSyncDomain; at[0].val.memSyncDomain = cudaLaunchMemSyncDomainRemote;
    at[1].id = cudaLaunchAttributeMemSyncDomainMap; at[1].val.memSyncDomainMap.default_ = 0; at[1].val.memSyncDomainMap.remote = 1;
    cfg.numAttrs = 2;
    P(cudaLaunchKernelEx(&cfg, producer, buf, n));
    // cooperative
    int* data; P(cudaMalloc(&data, n * 4));
    P(cudaMemcpy(data, h, sizeof h, cudaMemcpyHostToDevice)); P(cudaMemset(res, 0, 8));
    at[0].id = cudaLaunchAttributeCooperative; at[0].val.cooperative = 1; cfg.numAttrs = 1;
    cfg.gridDim = dim3(16); cfg.blockDim = dim3(256);
    P(cudaLaunchKernelEx(&cfg, coop_sum, data, res, n));
    P(cudaStreamSynchronize(s));
    int r[2]; P(cudaMemcpy(r, res, 8, cudaMemcpyDeviceToHost)); printf("coop %d %d\n", r[0], r[1]);
    // too large cooperative grid
    int perSm = 0, sms = 0; P(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&perSm, coop_sum, 256, 0));
    P(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
    printf("perSm %d\n", perSm);
    cfg.gridDim = dim3(perSm * sms);
    P(cudaMemset(res, 0, 8));
    P(cudaLaunchKernelEx(&cfg, coop_sum, data, res, n));
    P(cudaStreamSynchronize(s));
    P(cudaMemcpy(r, res, 8, cudaMemcpyDeviceToHost)); printf("coop max grid %d %d\n", r[0], r[1]);
    cfg.gridDim = dim3(perSm * sms + 1);
    P(cudaLaunchKernelEx(&cfg, coop_sum, data, res, n));
    P(cudaGetLastError());
    void* args[] = {&data, &res, (void*)&n};
    int nn = n; args[2] = &nn;
    P(cudaLaunchCooperativeKernel((void*)coop_sum, dim3(perSm * sms + 1), dim3(256), args, 0, s));
    P(cudaLaunchCooperativeKernel((void*)coop_sum, dim3(2), dim3(2048), args, 0, s));
    P(cudaLaunchCooperativeKernel((void*)coop_sum, dim3(2), dim3(256), args, 1 << 20, s));
    P(cudaLaunchCooperativeKernel((void*)coop_sum, dim3(2), dim3(256), args, 0, s));
    P(cudaStreamSynchronize(s));
    // invalid attribute id / values
    cfg.gridDim = dim3(1); cfg.blockDim = dim3(32);
    at[0].id = (cudaLaunchAttributeID)99; cfg.numAttrs = 1;
    P(cudaLaunchKernelEx(&cfg, producer, buf, 32));
    at[0].id = cudaLaunchAttributeClusterDimension; at[0].val.clusterDim.x = 3; at[0].val.clusterDim.y = 1; at[0].val.clusterDim.z = 1;
    P(cudaLaunchKernelEx(&cfg, producer, buf, 32));
    at[0].id = cudaLaunchAttributePriority; at[0].val.priority = 1000;
    P(cudaLaunchKernelEx(&cfg, producer, buf, 32));
    cfg.numAttrs = 0; cfg.blockDim = dim3(1025);
    P(cudaLaunchKernelEx(&cfg, producer, buf, 32));
    P(cudaGetLastError());
    P(cudaDeviceSynchronize());
    return 0;
}
