/* Cuprite: cuda_bf16.hpp is part of cuda_bf16.h. */
#include "cuda_bf16.h"
