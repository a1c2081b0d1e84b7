/* Cuprite's CUDA toolkit headers, for clang's CUDA mode (`clang++ --cuda-path=PREFIX`): clang's
 * runtime wrapper includes this toolkit-internal header before its math header, which uses
 * INT_MAX and INT_MIN: <limits.h> is included here, as the toolkit's host configuration does. */
#pragma once
#include <limits.h>
