#define SCAN_INCLUSIVE 1
#define SCAN_NAME "scan_warp"
#define SCAN_BLOCK "256"
#include "scan_block.c"
