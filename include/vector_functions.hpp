/* Cuprite's CUDA toolkit headers: vector_functions.hpp, which CUDA programs include by name. The make_<type> constructors of
 * vector_functions.h. */
#ifndef __VECTOR_FUNCTIONS_HPP__
#define __VECTOR_FUNCTIONS_HPP__
#include "cuda_runtime.h"
#endif
