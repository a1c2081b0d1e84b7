/* Cuprite's CUDA toolkit headers: renames away clang's definitions of built-ins that are wrong
 * in the clang versions Cuprite supports, while clang's __clang_cuda_intrinsics.h is included;
 * cuprite/unhide_clang_builtins.h restores the names and cuprite/device_builtins.h defines them.
 * Included once, on purpose without an include guard. */
/* clang's sm_90 float2/float4 atomicAdd asm is neither volatile nor a memory clobber, so an
 * unused result deletes the atomic: rename them away; device_builtins.h defines them. */
#pragma push_macro("atomicAdd")
#pragma push_macro("atomicAdd_block")
#pragma push_macro("atomicAdd_system")
#define atomicAdd __clang_vector_atomicAdd_unused
#define atomicAdd_block __clang_vector_atomicAdd_block_unused
#define atomicAdd_system __clang_vector_atomicAdd_system_unused
/* clang 19/20's __reduce_*_sync pass (mask, value) to builtins whose NVPTX lowering takes
 * (value, mask), so redux.sync reduces the mask over the value (LLVM issue 131415, fixed in
 * clang 21): rename them away; device_builtins.h defines them. */
#pragma push_macro("__reduce_add_sync")
#pragma push_macro("__reduce_min_sync")
#pragma push_macro("__reduce_max_sync")
#pragma push_macro("__reduce_and_sync")
#pragma push_macro("__reduce_or_sync")
#pragma push_macro("__reduce_xor_sync")
#define __reduce_add_sync __clang_swapped__reduce_add_sync_unused
#define __reduce_min_sync __clang_swapped__reduce_min_sync_unused
#define __reduce_max_sync __clang_swapped__reduce_max_sync_unused
#define __reduce_and_sync __clang_swapped__reduce_and_sync_unused
#define __reduce_or_sync __clang_swapped__reduce_or_sync_unused
#define __reduce_xor_sync __clang_swapped__reduce_xor_sync_unused
