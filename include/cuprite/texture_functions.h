/* Cuprite's CUDA toolkit headers: the texture object fetch functions (Programming Guide,
 * "Texture Functions"), on clang's __nv_tex_surf_handler, which selects the tex/tld4 PTX
 * instruction for the operation name and the result type. */
#pragma once

#define __CUPRITE_TEX(NAME, OP, PARAMS, ARGS)                                                      \
    template <class T> static __device__ __forceinline__ T NAME(cudaTextureObject_t obj PARAMS) { \
        T ret;                                                                                     \
        __nv_tex_surf_handler(OP, &ret, obj ARGS);                                                 \
        return ret;                                                                                \
    }                                                                                              \
    template <class T> static __device__ __forceinline__ void NAME(T *ret, cudaTextureObject_t obj PARAMS) { \
        __nv_tex_surf_handler(OP, ret, obj ARGS);                                                  \
    }
#define __CUPRITE_COMMA ,
__CUPRITE_TEX(tex1Dfetch, "__tex1Dfetch_v2", __CUPRITE_COMMA int x, __CUPRITE_COMMA x)
__CUPRITE_TEX(tex1D, "__tex1D_v2", __CUPRITE_COMMA float x, __CUPRITE_COMMA x)
__CUPRITE_TEX(tex2D, "__tex2D_v2", __CUPRITE_COMMA float x __CUPRITE_COMMA float y, __CUPRITE_COMMA x __CUPRITE_COMMA y)
__CUPRITE_TEX(tex3D, "__tex3D_v2", __CUPRITE_COMMA float x __CUPRITE_COMMA float y __CUPRITE_COMMA float z,
              __CUPRITE_COMMA x __CUPRITE_COMMA y __CUPRITE_COMMA z)
__CUPRITE_TEX(tex1DLayered, "__tex1DLayered_v2", __CUPRITE_COMMA float x __CUPRITE_COMMA int layer,
              __CUPRITE_COMMA x __CUPRITE_COMMA layer)
__CUPRITE_TEX(tex2DLayered, "__tex2DLayered_v2", __CUPRITE_COMMA float x __CUPRITE_COMMA float y __CUPRITE_COMMA int layer,
              __CUPRITE_COMMA x __CUPRITE_COMMA y __CUPRITE_COMMA layer)
__CUPRITE_TEX(texCubemap, "__texCubemap_v2", __CUPRITE_COMMA float x __CUPRITE_COMMA float y __CUPRITE_COMMA float z,
              __CUPRITE_COMMA x __CUPRITE_COMMA y __CUPRITE_COMMA z)
__CUPRITE_TEX(texCubemapLayered, "__texCubemapLayered_v2",
              __CUPRITE_COMMA float x __CUPRITE_COMMA float y __CUPRITE_COMMA float z __CUPRITE_COMMA int layer,
              __CUPRITE_COMMA x __CUPRITE_COMMA y __CUPRITE_COMMA z __CUPRITE_COMMA layer)
__CUPRITE_TEX(tex1DLod, "__tex1DLod_v2", __CUPRITE_COMMA float x __CUPRITE_COMMA float level, __CUPRITE_COMMA x __CUPRITE_COMMA level)
__CUPRITE_TEX(tex2DLod, "__tex2DLod_v2", __CUPRITE_COMMA float x __CUPRITE_COMMA float y __CUPRITE_COMMA float level,
              __CUPRITE_COMMA x __CUPRITE_COMMA y __CUPRITE_COMMA level)
__CUPRITE_TEX(tex3DLod, "__tex3DLod_v2", __CUPRITE_COMMA float x __CUPRITE_COMMA float y __CUPRITE_COMMA float z __CUPRITE_COMMA float level,
              __CUPRITE_COMMA x __CUPRITE_COMMA y __CUPRITE_COMMA z __CUPRITE_COMMA level)
__CUPRITE_TEX(tex1DLayeredLod, "__tex1DLayeredLod_v2", __CUPRITE_COMMA float x __CUPRITE_COMMA int layer __CUPRITE_COMMA float level,
              __CUPRITE_COMMA x __CUPRITE_COMMA layer __CUPRITE_COMMA level)
__CUPRITE_TEX(tex2DLayeredLod, "__tex2DLayeredLod_v2",
              __CUPRITE_COMMA float x __CUPRITE_COMMA float y __CUPRITE_COMMA int layer __CUPRITE_COMMA float level,
              __CUPRITE_COMMA x __CUPRITE_COMMA y __CUPRITE_COMMA layer __CUPRITE_COMMA level)
__CUPRITE_TEX(texCubemapLod, "__texCubemapLod_v2",
              __CUPRITE_COMMA float x __CUPRITE_COMMA float y __CUPRITE_COMMA float z __CUPRITE_COMMA float level,
              __CUPRITE_COMMA x __CUPRITE_COMMA y __CUPRITE_COMMA z __CUPRITE_COMMA level)
__CUPRITE_TEX(tex1DGrad, "__tex1DGrad_v2", __CUPRITE_COMMA float x __CUPRITE_COMMA float dx __CUPRITE_COMMA float dy,
              __CUPRITE_COMMA x __CUPRITE_COMMA dx __CUPRITE_COMMA dy)
__CUPRITE_TEX(tex2DGrad, "__tex2DGrad_v2", __CUPRITE_COMMA float x __CUPRITE_COMMA float y __CUPRITE_COMMA float2 dx __CUPRITE_COMMA float2 dy,
              __CUPRITE_COMMA x __CUPRITE_COMMA y __CUPRITE_COMMA &dx __CUPRITE_COMMA &dy)
__CUPRITE_TEX(tex2Dgather, "__tex2Dgather_v2", __CUPRITE_COMMA float x __CUPRITE_COMMA float y __CUPRITE_COMMA int comp = 0,
              __CUPRITE_COMMA x __CUPRITE_COMMA y __CUPRITE_COMMA comp)
#undef __CUPRITE_TEX
#undef __CUPRITE_COMMA
