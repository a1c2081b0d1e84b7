/* Cuprite's CUDA toolkit headers, for clang's CUDA mode (`clang++ --cuda-path=PREFIX`): clang's
 * runtime wrapper includes this toolkit-internal header by name. Its definitions come from
 * clang's own CUDA headers and Cuprite's (cuda_runtime.h, and curand_mtgp32_kernel.h, which the
 * wrapper includes last): intentionally empty. */
#pragma once
