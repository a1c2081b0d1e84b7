/* Cuprite's CUDA toolkit headers, for clang's CUDA mode (`clang++ --cuda-path=PREFIX`): clang's
 * runtime wrapper includes this toolkit-internal header for the address-space predicates and
 * conversions. It renames the predicates defined here (__isGlobal, ...) away and defines its
 * own; the conversions (__cvta_generic_to_shared, ...), which its intrinsics use, are Cuprite's. */
#pragma once
#include "cuprite/address_space.h"
