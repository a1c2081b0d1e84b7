/* Storage for a __shared__ variable whose type has a non-empty constructor or destructor (libcu++'s
 * `__shared__ cuda::barrier<cuda::thread_scope_block> bar;`): nvcc runs neither for a __shared__
 * variable (warning 20054), and clang rejects such a declaration, so `cuprite nvcc` compiles it as
 * this union, whose empty constructor and destructor construct and destroy nothing (clang allows
 * them), with the name bound to `value` (crates/nvcc/src/shared_objects.rs). Same size and
 * alignment as T. */
#pragma once
namespace __cuprite {
template <class T>
union shared_object {
    T value;
    __host__ __device__ shared_object() {}
    __host__ __device__ ~shared_object() {}
};
} // namespace __cuprite
