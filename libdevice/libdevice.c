/* Cuprite's CUDA math library: every __nv_* function clang's CUDA headers call
 * (__clang_cuda_libdevice_declares.h), written from the IEEE-754 and PTX specifications.
 *
 * Build (per target architecture; the driver links the result with -mlink-builtin-bitcode):
 *   clang-19 -x c --target=nvptx64-nvidia-cuda -march=sm_XX -O2 -ffp-contract=off \
 *     -fno-math-errno -mllvm -nvvm-reflect-enable=false -emit-llvm -c libdevice/libdevice.c
 * -nvvm-reflect-enable=false keeps __nvvm_reflect("__CUDA_FTZ") unresolved in the bitcode, so
 * it follows the user's -fgpu-flush-denormals-to-zero when linked; without it the pass folds the
 * key to 0 (IEEE) at library build time.
 *
 * The same sources compile for the host (libdevice/tests), where ops.h maps each primitive to
 * its exact IEEE equivalent, for the accuracy harness. */
#include "ops.h"
#include "tables.h"
#include "fits.h"
#include "intrinsics.c"
#include "exp_log.c"

#include "trig.c"
#include "inverse_trig.c"
#include "hyperbolic.c"
#include "roots.c"
#include "basic.c"
#include "special.c"
#include "bessel.c"
#include "float.c"
#include "float_fast.c"
