// libstdc++'s <bits/stl_tempbuf.h> for code compiled by clang (`cuprite nvcc`), with its use of
// std::get_temporary_buffer (deprecated in C++17) kept quiet. libstdc++ 12 calls it in
// _Temporary_buffer, which std::stable_sort, std::stable_partition and std::inplace_merge use;
// clang 18 and later report the deprecation inside the system header when user code instantiates
// it (llvm-project issue 76515), g++ (nvcc's host compiler) does not. A host program calling
// std::stable_sort then printed 40 lines of warnings, and failed to build under -Werror (as
// `-Xcompiler -Werror` or `-Werror all-warnings`), where nvcc builds it silently. Clang keys
// diagnostic pragmas on source locations, so the header's text compiled between these pragmas
// stays quiet wherever it is instantiated; a user's own call of get_temporary_buffer still warns.
#if defined(__clang__)
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wdeprecated-declarations"
#include_next <bits/stl_tempbuf.h>
#pragma clang diagnostic pop
#else
#include_next <bits/stl_tempbuf.h>
#endif
