/* Cuprite's CUDA toolkit headers: library_types.h, the types CUDA's math libraries share (cuBLAS,
 * cuFFT, cuSPARSE, cuRAND take them): the element types of their data (cudaDataType: real or
 * complex, and the element's format), the version properties a library reports
 * (libraryPropertyType) and the emulation controls of CUDA 13's libraries. Plain C. */
#ifndef __LIBRARY_TYPES_H__
#define __LIBRARY_TYPES_H__

/* CUDA_R_* a real element, CUDA_C_* a complex one (a pair of them). */
typedef enum cudaDataType_t {
    CUDA_R_32F = 0,
    CUDA_R_64F = 1,
    CUDA_R_16F = 2,
    CUDA_R_8I = 3,
    CUDA_C_32F = 4,
    CUDA_C_64F = 5,
    CUDA_C_16F = 6,
    CUDA_C_8I = 7,
    CUDA_R_8U = 8,
    CUDA_C_8U = 9,
    CUDA_R_32I = 10,
    CUDA_C_32I = 11,
    CUDA_R_32U = 12,
    CUDA_C_32U = 13,
    CUDA_R_16BF = 14,
    CUDA_C_16BF = 15,
    CUDA_R_4I = 16,
    CUDA_C_4I = 17,
    CUDA_R_4U = 18,
    CUDA_C_4U = 19,
    CUDA_R_16I = 20,
    CUDA_C_16I = 21,
    CUDA_R_16U = 22,
    CUDA_C_16U = 23,
    CUDA_R_64I = 24,
    CUDA_C_64I = 25,
    CUDA_R_64U = 26,
    CUDA_C_64U = 27,
    CUDA_R_8F_E4M3 = 28,                /* cuda_fp8.h's __nv_fp8_e4m3 */
    CUDA_R_8F_UE4M3 = CUDA_R_8F_E4M3,   /* e4m3 used unsigned (scale factors) */
    CUDA_R_8F_E5M2 = 29,                /* __nv_fp8_e5m2 */
    CUDA_R_8F_UE8M0 = 30,               /* __nv_fp8_e8m0 */
    CUDA_R_6F_E2M3 = 31,                /* cuda_fp6.h's __nv_fp6_e2m3 */
    CUDA_R_6F_E3M2 = 32,                /* __nv_fp6_e3m2 */
    CUDA_R_4F_E2M1 = 33,                /* cuda_fp4.h's __nv_fp4_e2m1 */
} cudaDataType;

typedef enum cudaEmulationStrategy_t {
    CUDA_EMULATION_STRATEGY_DEFAULT = 0,
    CUDA_EMULATION_STRATEGY_PERFORMANT = 1,
    CUDA_EMULATION_STRATEGY_EAGER = 2,
} cudaEmulationStrategy;

typedef enum cudaEmulationMantissaControl_t {
    CUDA_EMULATION_MANTISSA_CONTROL_DYNAMIC = 0,
    CUDA_EMULATION_MANTISSA_CONTROL_FIXED = 1,
} cudaEmulationMantissaControl;

typedef enum cudaEmulationSpecialValuesSupport_t {
    CUDA_EMULATION_SPECIAL_VALUES_SUPPORT_DEFAULT = 0xFFFF,
    CUDA_EMULATION_SPECIAL_VALUES_SUPPORT_NONE = 0,
    CUDA_EMULATION_SPECIAL_VALUES_SUPPORT_INFINITY = 1,
    CUDA_EMULATION_SPECIAL_VALUES_SUPPORT_NAN = 2,
} cudaEmulationSpecialValuesSupport;

/* What a library's GetProperty function reports. */
typedef enum libraryPropertyType_t {
    MAJOR_VERSION,
    MINOR_VERSION,
    PATCH_LEVEL
} libraryPropertyType;

typedef enum cudaDataType_t cudaDataType_t;
typedef enum cudaEmulationStrategy_t cudaEmulationStrategy_t;
typedef enum cudaEmulationMantissaControl_t cudaEmulationMantissaControl_t;
typedef enum cudaEmulationSpecialValuesSupport_t cudaEmulationSpecialValuesSupport_t;
typedef enum libraryPropertyType_t libraryPropertyType_t;

#endif /* __LIBRARY_TYPES_H__ */
