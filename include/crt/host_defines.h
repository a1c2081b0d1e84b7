/* Cuprite: see cuprite/host_defines.h. */
#pragma once
#include "../cuprite/host_defines.h"
