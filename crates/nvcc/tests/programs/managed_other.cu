// The second file of managed_main.cu's -rdc=true build: a __managed__ variable defined here and
// used by host code and kernels of both files.
__managed__ int other = 42;
__global__ void bump_other(unsigned long long *addr) {
  other += 1;
  *addr = (unsigned long long)&other;
}
