/* Cuprite: part of cooperative_groups.h. */
#pragma once
#include "../cooperative_groups.h"
