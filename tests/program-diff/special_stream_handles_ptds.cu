// flags: --default-stream per-thread
// The special stream handles in a --default-stream per-thread build (the same program as
// special_stream_handles, where stream 0 is the legacy stream): here stream 0 is the
// thread's per-thread stream. cudaStreamLegacy, cudaStreamPerThread and 0 passed to every stream
// call (flags, priority, device, id relations, attributes set and read back, destroy, capture,
// host functions, attach, copy attributes), and their ordering against the legacy stream, a
// created blocking stream and a non-blocking stream.
#include "special_stream_handles.cu"
