/* Cuprite: clang's __clang_cuda_intrinsics.h includes this for sm_70+; the sm_70 match
 * functions it would add are defined by clang's header itself. Intentionally empty. */
#pragma once
