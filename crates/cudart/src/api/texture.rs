//! 6.26 Texture Object Management: channel descriptors and texture objects, and the C
//! resource and texture descriptors (which surface objects share).

// C ABI names.
#![allow(non_snake_case)]

use std::ffi::c_void;

use runtime::array::{self, ChannelDesc};
use runtime::texture::{self, Resource, ResourceView, TextureDesc};
use runtime::{Error, Result, record};

use crate::args::{In, Out};
use crate::code;

/// `cudaCreateChannelDesc(int x, int y, int z, int w, enum cudaChannelFormatKind f)`.
pub fn cudaCreateChannelDesc(x: i32, y: i32, z: i32, w: i32, f: i32) -> ChannelDesc {
    ChannelDesc { x, y, z, w, f }
}

/// `cudaGetChannelDesc(struct cudaChannelFormatDesc *desc, cudaArray_const_t array)`.
pub fn cudaGetChannelDesc(desc: Out<ChannelDesc>, a: *const c_void) -> i32 {
    let r = record(array::array_get_info(a as u64).map(|(d, _, _)| d));
    desc.put(r)
}

/// `struct cudaResourceDesc`.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct ResourceDesc {
    /// `enum cudaResourceType resType`.
    pub resType: i32,
    /// `union res` (128 bytes).
    pub res: ResUnion,
    /// `unsigned int flags` (must be zero).
    pub flags: u32,
}

/// The `res` union of `cudaResourceDesc`: `array`/`mipmap` use `ptr`; `linear` uses `ptr`,
/// `desc`, `a` (sizeInBytes); `pitch2D` uses `ptr`, `desc`, `a` (width), `b` (height), `c`
/// (pitchInBytes).
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct ResUnion {
    /// `array`, `mipmap` or `devPtr`.
    pub ptr: *mut c_void,
    /// `struct cudaChannelFormatDesc desc`.
    pub desc: ChannelDesc,
    /// `sizeInBytes` / `width`.
    pub a: usize,
    /// `height`.
    pub b: usize,
    /// `pitchInBytes`.
    pub c: usize,
    /// Rest of `int reserved[32]`.
    pub pad: [u64; 9],
}

/// `struct cudaTextureDesc`.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct CTextureDesc {
    /// `addressMode[3]`.
    pub addressMode: [i32; 3],
    /// `filterMode`.
    pub filterMode: i32,
    /// `readMode`.
    pub readMode: i32,
    /// `sRGB`.
    pub sRGB: i32,
    /// `borderColor[4]`.
    pub borderColor: [f32; 4],
    /// `normalizedCoords`.
    pub normalizedCoords: i32,
    /// `maxAnisotropy`.
    pub maxAnisotropy: u32,
    /// `mipmapFilterMode`.
    pub mipmapFilterMode: i32,
    /// `mipmapLevelBias`.
    pub mipmapLevelBias: f32,
    /// `minMipmapLevelClamp`.
    pub minMipmapLevelClamp: f32,
    /// `maxMipmapLevelClamp`.
    pub maxMipmapLevelClamp: f32,
    /// `disableTrilinearOptimization`.
    pub disableTrilinearOptimization: i32,
    /// `seamlessCubemap`.
    pub seamlessCubemap: i32,
}

/// `struct cudaResourceViewDesc`.
#[repr(C)]
#[derive(Debug, Clone, Copy)]
pub struct CResourceViewDesc {
    /// `enum cudaResourceViewFormat format`.
    pub format: i32,
    /// `width`.
    pub width: usize,
    /// `height`.
    pub height: usize,
    /// `depth`.
    pub depth: usize,
    /// `firstMipmapLevel`.
    pub firstMipmapLevel: u32,
    /// `lastMipmapLevel`.
    pub lastMipmapLevel: u32,
    /// `firstLayer`.
    pub firstLayer: u32,
    /// `lastLayer`.
    pub lastLayer: u32,
    /// `reserved[16]`.
    pub reserved: [u32; 16],
}

impl From<&CResourceViewDesc> for ResourceView {
    fn from(v: &CResourceViewDesc) -> ResourceView {
        ResourceView {
            format: v.format,
            extent: [v.width, v.height, v.depth],
            levels: [v.firstMipmapLevel, v.lastMipmapLevel],
            layers: [v.firstLayer, v.lastLayer],
        }
    }
}

impl From<ResourceView> for CResourceViewDesc {
    fn from(v: ResourceView) -> CResourceViewDesc {
        CResourceViewDesc {
            format: v.format,
            width: v.extent[0],
            height: v.extent[1],
            depth: v.extent[2],
            firstMipmapLevel: v.levels[0],
            lastMipmapLevel: v.levels[1],
            firstLayer: v.layers[0],
            lastLayer: v.layers[1],
            reserved: [0; 16],
        }
    }
}

pub(crate) fn resource_of(r: &ResourceDesc) -> Result<Resource> {
    if r.flags != 0 {
        return Err(Error::InvalidValue);
    }
    let u = &r.res;
    Ok(match r.resType {
        0 => Resource::Array(u.ptr as u64),
        1 => Resource::Mipmapped(u.ptr as u64),
        2 => Resource::Linear { ptr: u.ptr as u64, desc: u.desc, size: u.a },
        3 => Resource::Pitch2D { ptr: u.ptr as u64, desc: u.desc, width: u.a, height: u.b, pitch: u.c },
        _ => return Err(Error::InvalidValue),
    })
}

pub(crate) fn resource_desc(r: &Resource) -> ResourceDesc {
    let mut u = ResUnion { ptr: std::ptr::null_mut(), desc: ChannelDesc::default(), a: 0, b: 0, c: 0, pad: [0; 9] };
    let t = match *r {
        Resource::Array(h) => {
            u.ptr = h as *mut c_void;
            0
        }
        Resource::Mipmapped(h) => {
            u.ptr = h as *mut c_void;
            1
        }
        Resource::Linear { ptr, desc, size } => {
            (u.ptr, u.desc, u.a) = (ptr as *mut c_void, desc, size);
            2
        }
        Resource::Pitch2D { ptr, desc, width, height, pitch } => {
            (u.ptr, u.desc, u.a, u.b, u.c) = (ptr as *mut c_void, desc, width, height, pitch);
            3
        }
    };
    ResourceDesc { resType: t, res: u, flags: 0 }
}

fn texture_desc(t: &CTextureDesc) -> TextureDesc {
    TextureDesc {
        address: t.addressMode,
        filter: t.filterMode,
        read_mode: t.readMode,
        srgb: t.sRGB,
        border: t.borderColor,
        normalized: t.normalizedCoords,
        max_anisotropy: t.maxAnisotropy,
        mipmap_filter: t.mipmapFilterMode,
        mipmap_bias: t.mipmapLevelBias,
        min_lod: t.minMipmapLevelClamp,
        max_lod: t.maxMipmapLevelClamp,
        disable_trilinear: t.disableTrilinearOptimization,
        seamless_cubemap: t.seamlessCubemap,
    }
}

/// `cudaCreateTextureObject(cudaTextureObject_t *obj, const struct cudaResourceDesc *res,
/// const struct cudaTextureDesc *tex, const struct cudaResourceViewDesc *view)`.
pub fn cudaCreateTextureObject(
    obj: Out<u64>,
    res: In<ResourceDesc>,
    tex: In<CTextureDesc>,
    view: In<CResourceViewDesc>,
) -> i32 {
    let view = view.get().map(|v| ResourceView::from(&v));
    let r = record(res.read()).and_then(|r| record(resource_of(&r))).and_then(|r| {
        // A null texture descriptor is `cudaErrorInvalidResourceHandle`, as on an H100.
        let Some(t) = tex.get() else { return record(Err(Error::InvalidResourceHandle)) };
        texture::create_texture_object(&r, &texture_desc(&t), view.as_ref())
    });
    // The descriptors are checked before the output pointer: with a null one, an invalid
    // descriptor is its own error (an H200's answer, tests/program-diff/texture_object_validation.cu)
    // and a valid one an invalid value (the object made for the check is destroyed).
    if obj.is_null() {
        return match r {
            Ok(h) => {
                let _ = texture::destroy_texture_object(h);
                crate::invalid()
            }
            Err(e) => code::<()>(Err(e)),
        };
    }
    obj.put(r)
}

/// `cudaDestroyTextureObject(cudaTextureObject_t obj)`.
pub fn cudaDestroyTextureObject(obj: u64) -> i32 {
    code(texture::destroy_texture_object(obj))
}

/// `cudaGetTextureObjectResourceDesc(struct cudaResourceDesc *res, cudaTextureObject_t obj)`.
pub fn cudaGetTextureObjectResourceDesc(res: Out<ResourceDesc>, obj: u64) -> i32 {
    let r = texture::texture_object_desc(obj).map(|(r, _)| resource_desc(&r));
    res.put(r)
}

/// `cudaGetTextureObjectResourceViewDesc(struct cudaResourceViewDesc *view,
/// cudaTextureObject_t obj)`.
pub fn cudaGetTextureObjectResourceViewDesc(view: Out<CResourceViewDesc>, obj: u64) -> i32 {
    let r = texture::texture_object_view(obj).map(CResourceViewDesc::from);
    // A null destination is no error: the object's handle is checked, nothing is written (an
    // H200's answer: tests/program-diff/runtime18_tex_norm_views.cu).
    if view.is_null() {
        return code(r.map(|_| ()));
    }
    view.put(r)
}

/// `cudaGetTextureObjectTextureDesc(struct cudaTextureDesc *tex, cudaTextureObject_t obj)`.
pub fn cudaGetTextureObjectTextureDesc(tex: Out<CTextureDesc>, obj: u64) -> i32 {
    // A null destination is an invalid resource handle (an H200's answer:
    // tests/program-diff/runtime18_tex_norm_views.cu).
    if tex.is_null() {
        return code::<()>(record(Err(Error::InvalidResourceHandle)));
    }
    let r = texture::texture_object_desc(obj).map(|(_, t)| CTextureDesc {
        addressMode: t.address,
        filterMode: t.filter,
        readMode: t.read_mode,
        sRGB: t.srgb,
        borderColor: t.border,
        normalizedCoords: t.normalized,
        maxAnisotropy: t.max_anisotropy,
        mipmapFilterMode: t.mipmap_filter,
        mipmapLevelBias: t.mipmap_bias,
        minMipmapLevelClamp: t.min_lod,
        maxMipmapLevelClamp: t.max_lod,
        disableTrilinearOptimization: t.disable_trilinear,
        seamlessCubemap: t.seamless_cubemap,
    });
    tex.put(r)
}
