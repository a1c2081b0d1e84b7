// Device-side launches (dynamic parallelism, nvcc -rdc=true -arch=sm_90): the error
// cudaGetLastError() reports in the launching thread for each bad configuration, and the order
// of tail launches (cudaStreamTailLaunch) against plain ones. Recorded on an H200 (driver 580,
// CUDA 13.0) in two runs, the two parts below, each run as its own program; the answers are in
// probe_device_launch.txt.
#include <cstdio>
#ifdef CONFIGS
__global__ void c(int*p){p[threadIdx.x]=1;}
__device__ int nx;
__global__ void lg(int*l,int id){for(volatile int s=0;s<(id==1?3000000:0);s++){}l[atomicAdd(&nx,1)]=id;}
__global__ void cf(int*r,int*p){
c<<<1,2048>>>(p);r[0]=cudaGetLastError();
c<<<1,dim3(1,1,65)>>>(p);r[1]=cudaGetLastError();
c<<<dim3(1,70000),1>>>(p);r[2]=cudaGetLastError();
c<<<0,1>>>(p);r[3]=cudaGetLastError();
c<<<1,1,1<<20>>>(p);r[4]=cudaGetLastError();
c<<<1,1,49*1024>>>(p);r[5]=cudaGetLastError();
c<<<1,32>>>(p);r[6]=cudaGetLastError();}
__global__ void tl(int*l){lg<<<1,1,0,cudaStreamTailLaunch>>>(l,3);lg<<<1,1>>>(l,1);lg<<<1,1,0,cudaStreamFireAndForget>>>(l,2);}
int main(){int*r,*p,*l;cudaMallocManaged(&r,64);cudaMallocManaged(&p,8192);cudaMallocManaged(&l,64);
cf<<<1,1>>>(r,p);printf("sync %s\n",cudaGetErrorName(cudaDeviceSynchronize()));
for(int i=0;i<7;i++)printf("%d %d %s\n",i,r[i],cudaGetErrorName((cudaError_t)r[i]));
tl<<<1,1>>>(l);printf("sync %s order %d %d %d\n",cudaGetErrorName(cudaDeviceSynchronize()),l[0],l[1],l[2]);}
#else
__device__ int nx;
__global__ void lg(int*l,int id){if(id==1)for(volatile int s=0;s<3000000;s++){}l[id]=atomicAdd(&nx,1)+1;}
__global__ void a(int*l){if(threadIdx.x==0)lg<<<1,1,0,cudaStreamTailLaunch>>>(l,3);__syncthreads();if(threadIdx.x==1)lg<<<1,1>>>(l,1);}
__global__ void b(int*l){if(blockIdx.x==0)lg<<<1,1,0,cudaStreamTailLaunch>>>(l,3);else lg<<<1,1>>>(l,1);}
__global__ void c(int*l){lg<<<1,1,0,cudaStreamTailLaunch>>>(l,3);lg<<<1,1,0,cudaStreamTailLaunch>>>(l,2);}
void run(void(*k)(int*),int g,int t,const char*n){int*l;cudaMallocManaged(&l,64);for(int i=0;i<4;i++)l[i]=-1;int z=0;cudaMemcpyToSymbol(nx,&z,4);
k<<<g,t>>>(l);cudaError_t e=cudaDeviceSynchronize();printf("%s %s slow %d second %d tail %d\n",n,cudaGetErrorName(e),l[1],l[2],l[3]);}
int main(){run(a,1,2,"threads tail|plain");run(b,2,1,"blocks tail|plain");run(c,1,1,"tail,tail");}
#endif
