/* Cuprite's CUDA toolkit headers: what the pipeline headers share (cuda_pipeline_helpers.h):
 * the runtime's declarations and the barrier type the copies can arrive on. */
#ifndef _CUDA_PIPELINE_HELPERS_H_
#define _CUDA_PIPELINE_HELPERS_H_
#include <stddef.h>
#include <stdint.h>
#include "cuda_runtime.h"
/* The barrier object __pipeline_arrive_on takes (cuda_awbarrier_primitives.h's type). */
typedef uint64_t __mbarrier_t;
#endif /* _CUDA_PIPELINE_HELPERS_H_ */
