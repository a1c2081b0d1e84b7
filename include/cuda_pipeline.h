/* Cuprite's CUDA toolkit headers: cuda_pipeline.h, the pipeline primitives (Programming Guide,
 * "Pipeline Primitives Interface"), which cuda_pipeline_primitives.h defines. */
#pragma once
/* NVIDIA's include guard: programs test it to learn what is included (helper_cuda.h). */
#define _CUDA_PIPELINE_H_
#include "cuda_pipeline_primitives.h"
