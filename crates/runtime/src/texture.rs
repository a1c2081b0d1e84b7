//! Texture and surface objects (`cudaCreateTextureObject`, `cudaCreateSurfaceObject`, ...).
//!
//! The engine-side object (image layout + sampler) is registered in the current device
//! memory's [`simt::texture::Registry`], whose handle the kernel receives; the descriptors as
//! the program gave them are kept here for `cudaGetTextureObjectResourceDesc`/`TextureDesc`.

use std::collections::HashMap;
use std::sync::{Mutex, OnceLock};

use simt::texture::{AddressMode, ChannelKind, FilterMode, Format, Image, Level, Sampler, Shape, Surface, Texture};

use crate::array::{self, ARRAY_CUBEMAP, ARRAY_LAYERED, ArrayInfo, ChannelDesc};
use crate::context::{api, lock};
use crate::error::{Error, Result};

/// Pitch-2D texture memory must start at a multiple of this: the alignment every `cudaMalloc`
/// result has.
pub const TEXTURE_ALIGNMENT: u64 = 256;

/// Linear (1D) texture memory must start at a multiple of this: `textureAlignment`.
pub const LINEAR_TEXTURE_ALIGNMENT: u64 = 512;

/// Whether `ptr` may start a linear texture: in device-accessible memory, a multiple of
/// [`LINEAR_TEXTURE_ALIGNMENT`] bytes into its allocation (a GPU's allocations start at such a
/// multiple; ours at [`TEXTURE_ALIGNMENT`]). An H200 refuses a host pointer and an offset of
/// 256 bytes (tests/program-diff/texture_object_validation.cu).
fn linear_start(ptr: u64) -> bool {
    match crate::memory::classify(ptr) {
        crate::memory::Pointer::Known(a) => {
            ptr.is_multiple_of(TEXTURE_ALIGNMENT) && (ptr - a.base).is_multiple_of(LINEAR_TEXTURE_ALIGNMENT)
        }
        _ => false,
    }
}
/// `cudaDeviceProp::texturePitchAlignment`.
pub const TEXTURE_PITCH_ALIGNMENT: usize = 32;

/// `struct cudaResourceDesc`, decoded.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Resource {
    /// `cudaResourceTypeArray`.
    Array(u64),
    /// `cudaResourceTypeMipmappedArray`.
    Mipmapped(u64),
    /// `cudaResourceTypeLinear`.
    Linear {
        /// Device address.
        ptr: u64,
        /// Texel format.
        desc: ChannelDesc,
        /// Size in bytes.
        size: usize,
    },
    /// `cudaResourceTypePitch2D`.
    Pitch2D {
        /// Device address.
        ptr: u64,
        /// Texel format.
        desc: ChannelDesc,
        /// Width in texels.
        width: usize,
        /// Height in texels.
        height: usize,
        /// Bytes from row to row.
        pitch: usize,
    },
}

/// `struct cudaTextureDesc`, as given.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct TextureDesc {
    /// `addressMode[3]`.
    pub address: [i32; 3],
    /// `filterMode`.
    pub filter: i32,
    /// `readMode`.
    pub read_mode: i32,
    /// `sRGB`.
    pub srgb: i32,
    /// `borderColor`.
    pub border: [f32; 4],
    /// `normalizedCoords`.
    pub normalized: i32,
    /// `maxAnisotropy` (accepted; anisotropic filtering is not performed).
    pub max_anisotropy: u32,
    /// `mipmapFilterMode`.
    pub mipmap_filter: i32,
    /// `mipmapLevelBias`.
    pub mipmap_bias: f32,
    /// `minMipmapLevelClamp`.
    pub min_lod: f32,
    /// `maxMipmapLevelClamp`.
    pub max_lod: f32,
    /// `disableTrilinearOptimization`.
    pub disable_trilinear: i32,
    /// `seamlessCubemap` (accepted; a linear lookup of such a cubemap faults: filtering across
    /// faces is not implemented).
    pub seamless_cubemap: i32,
}

/// `struct cudaResourceViewDesc`, as given: another texel format for an array's texels (of the
/// same size), and the mipmap levels and layers a texture reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct ResourceView {
    /// `enum cudaResourceViewFormat` (0: the array's own format).
    pub format: i32,
    /// `width`, `height`, `depth`: the array's (level 0) extent.
    pub extent: [usize; 3],
    /// `firstMipmapLevel`, `lastMipmapLevel`.
    pub levels: [u32; 2],
    /// `firstLayer`, `lastLayer`.
    pub layers: [u32; 2],
}

/// The texel format of `cudaResourceViewFormat` `f` (1..=0x18; 0 and the block-compressed
/// formats have none).
fn view_format(f: i32) -> Option<Format> {
    let (kind, bits, channels) = match f {
        0x01..=0x03 => (ChannelKind::Unsigned, 8, f),
        0x04..=0x06 => (ChannelKind::Signed, 8, f - 0x03),
        0x07..=0x09 => (ChannelKind::Unsigned, 16, f - 0x06),
        0x0a..=0x0c => (ChannelKind::Signed, 16, f - 0x09),
        0x0d..=0x0f => (ChannelKind::Unsigned, 32, f - 0x0c),
        0x10..=0x12 => (ChannelKind::Signed, 32, f - 0x0f),
        0x13..=0x15 => (ChannelKind::Float, 16, f - 0x12),
        0x16..=0x18 => (ChannelKind::Float, 32, f - 0x15),
        _ => return None,
    };
    // Indices 1, 2, 3 of a family are 1, 2 and 4 channels.
    Some(Format { kind, bits, channels: [1, 2, 4][channels as usize - 1] })
}

/// `image` (of array resource `res`, whose level 0 is `extent`) seen through view `v`, with
/// the rules of cudaCreateTextureObject's reference: a view is of a CUDA array or mipmapped
/// array; its format has the texels' size (block-compressed views are not supported here);
/// its extent is the array's; its levels and layers lie within the array's (0 for an array
/// without them). What an H200 answers: tests/program-diff/runtime18_tex_norm_views.cu.
fn apply_view(mut image: Image, extent: [usize; 3], v: &ResourceView) -> Result<Image> {
    // cudaResViewFormatNone too is refused (an H200's answer).
    let f = view_format(v.format).ok_or(Error::InvalidValue)?;
    if f.texel_size() != image.format.texel_size() {
        return Err(Error::InvalidValue);
    }
    image.format = f;
    let [first_level, last_level] = v.levels;
    let [first_layer, last_layer] = v.layers;
    let levels = image.levels.len() as u32;
    let layers = if image.layered { image.layers } else { 1 };
    if v.extent != extent
        || first_level > last_level
        || first_level >= levels
        || first_layer > last_layer
        || last_layer >= layers
    {
        return Err(Error::InvalidValue);
    }
    // A last level past the array's is accepted and reads the levels there are (an H200 made
    // a texture of a 4-level array viewed through level 7: guide18_array_view_queries).
    let last_level = last_level.min(levels - 1);
    image.levels = image.levels[first_level as usize..=last_level as usize].to_vec();
    if image.layered {
        for l in &mut image.levels {
            l.base += u64::from(first_layer) * l.slice_pitch;
        }
        image.layers = last_layer - first_layer + 1;
    }
    Ok(image)
}

#[derive(Debug, Default)]
struct Objects {
    textures: HashMap<u64, (Resource, TextureDesc, Option<ResourceView>)>,
    surfaces: HashMap<u64, Resource>,
}

fn objects() -> &'static Mutex<Objects> {
    static O: OnceLock<Mutex<Objects>> = OnceLock::new();
    O.get_or_init(Mutex::default)
}

fn address_mode(m: i32) -> Result<AddressMode> {
    Ok(match m {
        0 => AddressMode::Wrap,
        1 => AddressMode::Clamp,
        2 => AddressMode::Mirror,
        3 => AddressMode::Border,
        _ => return Err(Error::InvalidValue),
    })
}

fn filter_mode(m: i32) -> Result<FilterMode> {
    Ok(match m {
        0 => FilterMode::Point,
        1 => FilterMode::Linear,
        _ => return Err(Error::InvalidValue),
    })
}

fn array_shape(a: &ArrayInfo) -> Shape {
    match a.extent {
        [_, 0, _] => Shape::Array1D,
        [_, _, 0] => Shape::Array2D,
        _ if a.flags & (ARRAY_LAYERED | ARRAY_CUBEMAP) != 0 => Shape::Array2D,
        _ => Shape::Array3D,
    }
}

fn array_image(levels: &[ArrayInfo], mipmapped: bool) -> Result<Image> {
    let a = levels.first().ok_or(Error::InvalidResourceHandle)?;
    let layered = a.flags & ARRAY_LAYERED != 0;
    let cubemap = a.flags & ARRAY_CUBEMAP != 0;
    Ok(Image {
        format: a.format,
        shape: array_shape(a),
        layered,
        cubemap,
        layers: if layered || cubemap { a.slices as u32 } else { 1 },
        mipmapped,
        levels: levels.iter().map(ArrayInfo::level).collect(),
    })
}

/// The engine image of a resource.
fn image_of(r: &Resource) -> Result<Image> {
    match *r {
        Resource::Array(h) => array_image(&[array::array_info(h)?], false),
        // An array's handle as a mipmapped array: an invalid value (an H200's answer).
        Resource::Mipmapped(h) if array::array_info(h).is_ok() => Err(Error::InvalidValue),
        Resource::Mipmapped(h) => array_image(&array::mipmapped_levels(h)?, true),
        Resource::Linear { ptr, desc, size } => {
            let format = desc.format()?;
            let ts = format.texel_size() as usize;
            // Zero bytes make a texture of no texels (an H200 accepts it; every fetch reads 0).
            if !linear_start(ptr) || (size != 0 && size < ts) {
                return Err(Error::InvalidValue);
            }
            let width = (size / ts).min(1 << 28) as u32;
            let level =
                Level { base: ptr, width, height: 1, depth: 1, row_pitch: size as u64, slice_pitch: size as u64 };
            Ok(Image::single(format, Shape::Linear, level))
        }
        Resource::Pitch2D { ptr, desc, width, height, pitch } => {
            let format = desc.format()?;
            let row = width.checked_mul(format.texel_size() as usize).ok_or(Error::InvalidValue)?;
            // As linear memory, pitched memory starts 512 bytes into an allocation, and its
            // extent is within cudaDevAttrMaxTexture2DLinear* (an H200 refuses an offset of 256
            // bytes, a width of 200000 and a height of 65537:
            // tests/program-diff/runtime18_tex_norm_views.cu).
            if !linear_start(ptr)
                || width == 0
                || height == 0
                || pitch < row
                || !pitch.is_multiple_of(TEXTURE_PITCH_ALIGNMENT)
                || width > 131_072
                || height > 65_000
                || pitch > 2_097_120
            {
                return Err(Error::InvalidValue);
            }
            let level = Level {
                base: ptr,
                width: width as u32,
                height: height as u32,
                depth: 1,
                row_pitch: pitch as u64,
                slice_pitch: (pitch * height) as u64,
            };
            Ok(Image::single(format, Shape::Pitch2D, level))
        }
    }
}

fn sampler_of(d: &TextureDesc, img: &Image) -> Result<Sampler> {
    let f = img.format;
    let normalized_float = match d.read_mode {
        0 => false,
        // Reading float texels "as normalized float" is refused, as an H100 refuses it; so are
        // 32-bit integer texels (an H200's answer: only 8- and 16-bit integers normalize).
        1 if f.kind == ChannelKind::Float || f.bits == 32 => return Err(Error::InvalidNormSetting),
        1 => true,
        // Another value reads the element type, and reads back as it (an H200's answers for 2:
        // gpu-unseen/runtime16_tex_desc_fields).
        _ => false,
    };
    // Seamless filtering is for cubemaps (an H200 refuses it on a 2D array:
    // gpu-unseen/runtime16_tex_desc_fields).
    if d.seamless_cubemap != 0 && !img.cubemap {
        return Err(Error::InvalidValue);
    }
    // Linear filtering needs float results: integers read as themselves cannot be
    // interpolated (an H200 refuses them so).
    let filter = filter_mode(d.filter)?;
    if filter == FilterMode::Linear && !normalized_float && f.kind != ChannelKind::Float {
        return Err(Error::InvalidFilterSetting);
    }
    // Only the coordinates the image has are checked (an H200 takes an invalid z mode for a
    // 2D array: tests/program-diff/runtime18_tex_norm_views.cu); an unused one clamps.
    let dims = match img.shape {
        Shape::Linear | Shape::Array1D => 1,
        Shape::Pitch2D | Shape::Array2D if !img.cubemap => 2,
        _ => 3,
    };
    let mode = |i: usize| {
        if i < dims { address_mode(d.address[i]) } else { Ok(address_mode(d.address[i]).unwrap_or(AddressMode::Clamp)) }
    };
    Ok(Sampler {
        address: [mode(0)?, mode(1)?, mode(2)?],
        filter,
        normalized_float,
        srgb: d.srgb != 0 && normalized_float && f.bits == 8 && f.kind == ChannelKind::Unsigned,
        border: d.border,
        normalized_coords: d.normalized != 0,
        mipmap_filter: filter_mode(d.mipmap_filter)?,
        mipmap_bias: d.mipmap_bias,
        min_lod: d.min_lod,
        max_lod: d.max_lod,
        seamless_cubemap: d.seamless_cubemap != 0,
    })
}

/// `cudaCreateTextureObject`, through resource view `view` if given.
pub fn create_texture_object(res: &Resource, desc: &TextureDesc, view: Option<&ResourceView>) -> Result<u64> {
    api(|c| {
        let mut image = image_of(res)?;
        let first = |h| array::mipmapped_levels(h)?.first().copied().ok_or(Error::InvalidResourceHandle);
        let (channels, extent) = match *res {
            Resource::Array(h) => array::array_info(h).map(|a| (a.desc, Some(a.extent)))?,
            Resource::Mipmapped(h) => first(h).map(|a| (a.desc, Some(a.extent)))?,
            Resource::Linear { desc, .. } | Resource::Pitch2D { desc, .. } => (desc, None),
        };
        // Texels of a normalized kind are read only as normalized floats (an H200 refuses
        // cudaReadModeElementType for them: tests/program-diff/runtime18_tex_norm_views.cu).
        if channels.is_normalized() && desc.read_mode != 1 {
            return Err(Error::InvalidNormSetting);
        }
        // A view of linear or pitched memory is accepted and changes nothing (an H200's answer).
        let mut view_normalizes = false;
        if let (Some(v), Some(extent)) = (view, extent) {
            image = apply_view(image, extent, v)?;
            // A view as 8- or 16-bit integers reads normalized floats, whatever the read mode
            // (an H200 read a uchar4 and a ushort2 view so).
            view_normalizes = image.format.kind != ChannelKind::Float && image.format.bits < 32;
        }
        let mut sampler = sampler_of(desc, &image)?;
        sampler.normalized_float |= view_normalizes;
        let h = c.mem().textures().create_texture(Texture { image, sampler });
        // The descriptor as it reads back: a read mode other than normalized float is the
        // element type.
        let mut stored = *desc;
        if stored.read_mode != 1 {
            stored.read_mode = 0;
        }
        lock(objects()).textures.insert(h, (*res, stored, view.copied()));
        Ok(h)
    })
}

/// `cudaDestroyTextureObject` (0, or a handle of no texture object, such as one already
/// destroyed, is a no-op: an H200 answers success to both).
pub fn destroy_texture_object(h: u64) -> Result<()> {
    destroy_object(h, |o| o.textures.remove(&h).is_some())
}

/// Destroys texture or surface object `h` once `forget` found and removed it from its table,
/// after the work that may use it; a handle `forget` does not find (0, a destroyed object) is
/// a no-op.
fn destroy_object(h: u64, forget: impl FnOnce(&mut Objects) -> bool) -> Result<()> {
    api(|c| {
        if h == 0 || !forget(&mut lock(objects())) {
            return Ok(());
        }
        crate::stream::wait_all();
        c.mem().textures().destroy(h);
        Ok(())
    })
}

/// `cudaGetTextureObjectResourceDesc` and `cudaGetTextureObjectTextureDesc`.
pub fn texture_object_desc(h: u64) -> Result<(Resource, TextureDesc)> {
    api(|_| lock(objects()).textures.get(&h).map(|&(r, t, _)| (r, t)).ok_or(Error::InvalidValue))
}

/// `cudaGetTextureObjectResourceViewDesc`: the view the object was made with, all zeros
/// without one (an H200's answer; the reference says cudaErrorInvalidValue).
pub fn texture_object_view(h: u64) -> Result<ResourceView> {
    api(|_| lock(objects()).textures.get(&h).map(|&(_, _, v)| v.unwrap_or_default()).ok_or(Error::InvalidValue))
}

/// `cudaCreateSurfaceObject`: arrays only. As on an H100 (CUDA 13.0), an array created
/// without `cudaArraySurfaceLoadStore` is accepted too.
pub fn create_surface_object(res: &Resource) -> Result<u64> {
    api(|c| {
        let a = match *res {
            Resource::Array(a) => a,
            // As an H100 answers (tests/gpu-programs/probe_facts.txt): a linear resource with
            // no channel format is a bad channel descriptor; other non-array resources are
            // invalid values.
            Resource::Linear { desc, .. } if desc.x == 0 && desc.y == 0 && desc.z == 0 && desc.w == 0 => {
                return Err(Error::InvalidChannelDescriptor);
            }
            _ => return Err(Error::InvalidValue),
        };
        array::array_info(a)?;
        let image = image_of(res)?;
        let h = c.mem().textures().create_surface(Surface { image });
        lock(objects()).surfaces.insert(h, *res);
        Ok(h)
    })
}

/// `cudaDestroySurfaceObject` (0 is a no-op).
pub fn destroy_surface_object(h: u64) -> Result<()> {
    destroy_object(h, |o| o.surfaces.remove(&h).is_some())
}

/// `cudaGetSurfaceObjectResourceDesc`.
pub fn surface_object_desc(h: u64) -> Result<Resource> {
    api(|_| lock(objects()).surfaces.get(&h).copied().ok_or(Error::InvalidValue))
}
