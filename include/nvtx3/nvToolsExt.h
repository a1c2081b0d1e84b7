/* Cuprite's CUDA toolkit headers: the NVIDIA Tools Extension (NVTX 3) C API, header-only as the
 * toolkit's is. NVTX hands annotations to a profiler that injects itself into the process. Here
 * Cuprite's runtime is that profiler for push/pop ranges: with CUPRITE_PROFILE or CUPRITE_TRACE
 * set, they appear in its summary and trace and push/pop return the nesting level; otherwise
 * (and under a runtime without Cuprite's entry points) every call behaves as NVTX does with no
 * tool attached: markers and names are dropped, range starts return 0, pushes and pops return
 * NVTX_NO_PUSH_POP_TRACKING, domain and string registrations return null handles (with
 * profiling on, a registered string's handle is its text). Types and constants follow NVTX 3's
 * layout. */
#pragma once
#ifndef NVTOOLSEXT_V3
#define NVTOOLSEXT_V3

#include <stddef.h>
#include <stdint.h>
#include <wchar.h>

#ifndef NVTX_VERSION
#define NVTX_VERSION 3
#endif

#define NVTX_SUCCESS 0
#define NVTX_FAIL 1
#define NVTX_ERR_INIT_LOAD_PROPERTY 2
#define NVTX_ERR_INIT_ACCESS_LIBRARY 3
#define NVTX_ERR_INIT_LOAD_LIBRARY 4
#define NVTX_ERR_INIT_MISSING_LIBRARY_ENTRY_POINT 5
#define NVTX_ERR_INIT_FAILED_LIBRARY_ENTRY_POINT 6
#define NVTX_ERR_NO_INJECTION_LIBRARY_AVAILABLE 7

/* What push and pop return when no tool tracks the nesting. */
#define NVTX_NO_PUSH_POP_TRACKING ((int)-2)

#ifdef __cplusplus
extern "C" {
#endif

typedef uint64_t nvtxRangeId_t;
typedef struct nvtxStringHandle *nvtxStringHandle_t;
typedef struct nvtxDomainHandle *nvtxDomainHandle_t;

typedef enum nvtxColorType_t { NVTX_COLOR_UNKNOWN = 0, NVTX_COLOR_ARGB = 1 } nvtxColorType_t;

typedef enum nvtxMessageType_t {
    NVTX_MESSAGE_UNKNOWN = 0,
    NVTX_MESSAGE_TYPE_ASCII = 1,
    NVTX_MESSAGE_TYPE_UNICODE = 2,
    NVTX_MESSAGE_TYPE_REGISTERED = 3
} nvtxMessageType_t;

typedef union nvtxMessageValue_t {
    const char *ascii;
    const wchar_t *unicode;
    nvtxStringHandle_t registered;
} nvtxMessageValue_t;

typedef enum nvtxPayloadType_t {
    NVTX_PAYLOAD_UNKNOWN = 0,
    NVTX_PAYLOAD_TYPE_UNSIGNED_INT64 = 1,
    NVTX_PAYLOAD_TYPE_INT64 = 2,
    NVTX_PAYLOAD_TYPE_DOUBLE = 3,
    NVTX_PAYLOAD_TYPE_UNSIGNED_INT32 = 4,
    NVTX_PAYLOAD_TYPE_INT32 = 5,
    NVTX_PAYLOAD_TYPE_FLOAT = 6
} nvtxPayloadType_t;

/* An event's attributes; callers zero it and set version and size. */
typedef struct nvtxEventAttributes_v2 {
    uint16_t version;
    uint16_t size;
    uint32_t category;
    int32_t colorType; /* nvtxColorType_t */
    uint32_t color;
    int32_t payloadType; /* nvtxPayloadType_t */
    int32_t reserved0;
    union payload_t {
        uint64_t ullValue;
        int64_t llValue;
        double dValue;
        uint32_t uiValue;
        int32_t iValue;
        float fValue;
    } payload;
    int32_t messageType; /* nvtxMessageType_t */
    nvtxMessageValue_t message;
} nvtxEventAttributes_v2;
typedef struct nvtxEventAttributes_v2 nvtxEventAttributes_t;

#define NVTX_EVENT_ATTRIB_STRUCT_SIZE ((uint16_t)(sizeof(nvtxEventAttributes_t)))

typedef enum nvtxResourceGenericType_t {
    NVTX_RESOURCE_TYPE_UNKNOWN = 0,
    NVTX_RESOURCE_TYPE_GENERIC_POINTER = 0x00010001,
    NVTX_RESOURCE_TYPE_GENERIC_HANDLE = 0x00010002,
    NVTX_RESOURCE_TYPE_GENERIC_THREAD_NATIVE = 0x00010003,
    NVTX_RESOURCE_TYPE_GENERIC_THREAD_POSIX = 0x00010004
} nvtxResourceGenericType_t;
typedef struct nvtxResourceHandle *nvtxResourceHandle_t;

/* Initialization: nothing to load. */
static inline void nvtxInitialize(const void *reserved) { (void)reserved; }

/* Markers. */
static inline void nvtxDomainMarkEx(nvtxDomainHandle_t domain, const nvtxEventAttributes_t *eventAttrib) {
    (void)domain;
    (void)eventAttrib;
}
static inline void nvtxMarkEx(const nvtxEventAttributes_t *eventAttrib) { (void)eventAttrib; }
static inline void nvtxMarkA(const char *message) { (void)message; }
static inline void nvtxMarkW(const wchar_t *message) { (void)message; }

/* Process ranges: ids are 0 when no tool hands one out. */
static inline nvtxRangeId_t nvtxDomainRangeStartEx(nvtxDomainHandle_t domain, const nvtxEventAttributes_t *eventAttrib) {
    (void)domain;
    (void)eventAttrib;
    return 0;
}
static inline nvtxRangeId_t nvtxRangeStartEx(const nvtxEventAttributes_t *eventAttrib) {
    (void)eventAttrib;
    return 0;
}
static inline nvtxRangeId_t nvtxRangeStartA(const char *message) {
    (void)message;
    return 0;
}
static inline nvtxRangeId_t nvtxRangeStartW(const wchar_t *message) {
    (void)message;
    return 0;
}
static inline void nvtxDomainRangeEnd(nvtxDomainHandle_t domain, nvtxRangeId_t id) {
    (void)domain;
    (void)id;
}
static inline void nvtxRangeEnd(nvtxRangeId_t id) { (void)id; }

/* Thread ranges: the nesting level is untracked. */
/* Ranges are recorded by Cuprite's runtime for CUPRITE_PROFILE's summary and CUPRITE_TRACE's
 * trace (as an NVTX tool would show them; push and pop then return the nesting level). Weak
 * references: linked against a runtime without these entry points (NVIDIA's), a program runs
 * as with no tool attached. One stack per thread holds the ranges of every domain. */
extern int __cupriteNvtxRangePush(const char *message) __attribute__((weak));
extern int __cupriteNvtxRangePop(void) __attribute__((weak));
extern const char *__cupriteNvtxRegisterString(const char *text) __attribute__((weak));

static inline int __cuprite_nvtx_push(const char *message) {
    return __cupriteNvtxRangePush ? __cupriteNvtxRangePush(message ? message : "") : NVTX_NO_PUSH_POP_TRACKING;
}
static inline int __cuprite_nvtx_pop(void) {
    return __cupriteNvtxRangePop ? __cupriteNvtxRangePop() : NVTX_NO_PUSH_POP_TRACKING;
}
/* A wide message as ASCII (other characters as '?'), for the range's name. */
static inline int __cuprite_nvtx_push_wide(const wchar_t *message) {
    char name[256];
    size_t n = 0;
    for (; message && message[n] && n + 1 < sizeof name; n++) {
        name[n] = message[n] > 0 && message[n] < 128 ? (char)message[n] : '?';
    }
    name[n] = 0;
    return __cuprite_nvtx_push(name);
}
/* An event's message: ASCII, wide, or a registered string (whose handle is its text here). */
static inline int __cuprite_nvtx_push_event(const nvtxEventAttributes_t *eventAttrib) {
    if (!eventAttrib) return __cuprite_nvtx_push("");
    switch (eventAttrib->messageType) {
    case NVTX_MESSAGE_TYPE_ASCII: return __cuprite_nvtx_push(eventAttrib->message.ascii);
    case NVTX_MESSAGE_TYPE_UNICODE: return __cuprite_nvtx_push_wide(eventAttrib->message.unicode);
    case NVTX_MESSAGE_TYPE_REGISTERED: return __cuprite_nvtx_push((const char *)eventAttrib->message.registered);
    default: return __cuprite_nvtx_push("");
    }
}

static inline int nvtxDomainRangePushEx(nvtxDomainHandle_t domain, const nvtxEventAttributes_t *eventAttrib) {
    (void)domain;
    return __cuprite_nvtx_push_event(eventAttrib);
}
static inline int nvtxRangePushEx(const nvtxEventAttributes_t *eventAttrib) {
    return __cuprite_nvtx_push_event(eventAttrib);
}
static inline int nvtxRangePushA(const char *message) { return __cuprite_nvtx_push(message); }
static inline int nvtxRangePushW(const wchar_t *message) { return __cuprite_nvtx_push_wide(message); }
static inline int nvtxDomainRangePop(nvtxDomainHandle_t domain) {
    (void)domain;
    return __cuprite_nvtx_pop();
}
static inline int nvtxRangePop(void) { return __cuprite_nvtx_pop(); }

/* Names for categories and threads. */
static inline void nvtxDomainNameCategoryA(nvtxDomainHandle_t domain, uint32_t category, const char *name) {
    (void)domain;
    (void)category;
    (void)name;
}
static inline void nvtxDomainNameCategoryW(nvtxDomainHandle_t domain, uint32_t category, const wchar_t *name) {
    (void)domain;
    (void)category;
    (void)name;
}
static inline void nvtxNameCategoryA(uint32_t category, const char *name) {
    (void)category;
    (void)name;
}
static inline void nvtxNameCategoryW(uint32_t category, const wchar_t *name) {
    (void)category;
    (void)name;
}
static inline void nvtxNameOsThreadA(uint32_t threadId, const char *name) {
    (void)threadId;
    (void)name;
}
static inline void nvtxNameOsThreadW(uint32_t threadId, const wchar_t *name) {
    (void)threadId;
    (void)name;
}

/* Registered strings and domains: null handles, which every call above accepts. */
/* With profiling on, a registered string's handle is a copy of its text (kept by the runtime),
 * which ranges naming it show; otherwise null, as with no tool. */
static inline nvtxStringHandle_t nvtxDomainRegisterStringA(nvtxDomainHandle_t domain, const char *string) {
    (void)domain;
    return __cupriteNvtxRegisterString && string ? (nvtxStringHandle_t)__cupriteNvtxRegisterString(string) : 0;
}
static inline nvtxStringHandle_t nvtxDomainRegisterStringW(nvtxDomainHandle_t domain, const wchar_t *string) {
    (void)domain;
    (void)string;
    return 0;
}
static inline nvtxDomainHandle_t nvtxDomainCreateA(const char *name) {
    (void)name;
    return 0;
}
static inline nvtxDomainHandle_t nvtxDomainCreateW(const wchar_t *name) {
    (void)name;
    return 0;
}
static inline void nvtxDomainDestroy(nvtxDomainHandle_t domain) { (void)domain; }

#ifdef __cplusplus
}
#endif

#endif /* NVTOOLSEXT_V3 */
