/* Cuprite's CUDA toolkit headers: fatbinary_section.h, the wrapper a host object registers its
 * fatbin with (__cudaRegisterFatBinary's argument) and the ELF sections that hold them, as
 * Cuprite's driver writes them (crates/nvcc, crates/fatbin): version 1 points at one fatbin,
 * version 2 (a device link's) at the array of the objects' fatbins. */
#ifndef fatbinary_section_INCLUDED
#define fatbinary_section_INCLUDED

#ifdef __cplusplus
extern "C" {
#endif

#define FATBINC_MAGIC 0x466243B1
#define FATBINC_VERSION 1
#define FATBINC_LINK_VERSION 2

typedef struct {
    int magic;
    int version;
    const unsigned long long *data;
    void *filename_or_fatbins; /* version 1: unused (an offline file name); version 2: the fatbins */
} __fatBinC_Wrapper_t;

#define FATBIN_CONTROL_SECTION_NAME ".nvFatBinSegment"
#define FATBIN_DATA_SECTION_NAME ".nv_fatbin"
#define FATBIN_PRELINK_DATA_SECTION_NAME "__nv_relfatbin"

#ifdef __cplusplus
}
#endif

#endif /* fatbinary_section_INCLUDED */
