/* Cuprite's CUDA toolkit headers: nvvm.h, the API of libNVVM (NVIDIA's NVVM IR to PTX compiler
 * library). Cuprite has no libNVVM (its compiler is clang): a program that includes it gets this
 * error, naming it, instead of unresolved symbols at link time. */
#error "nvvm.h declares libNVVM (nvvmCreateProgram, nvvmCompileProgram, ...), NVIDIA's NVVM IR compiler library, which Cuprite does not provide (cuprite nvcc compiles with clang)"
