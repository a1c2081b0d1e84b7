//! Texture and surface objects (`cudaCreateTextureObject`, `cudaCreateSurfaceObject`, ...).
//!
//! The engine-side object (image layout + sampler) is registered in the current device
//! memory's [`simt::texture::Registry`], whose handle the kernel receives; the descriptors as
//! the program gave them are kept here for `cudaGetTextureObjectResourceDesc`/`TextureDesc`.

use std::collections::HashMap;
use std::sync::{Mutex, OnceLock};

use simt::texture::{AddressMode, ChannelKind, FilterMode, Image, Level, Sampler, Shape, Surface, Texture};

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

#[derive(Debug, Default)]
struct Objects {
    textures: HashMap<u64, (Resource, TextureDesc)>,
    /// The resource views textures were created with.
    views: HashMap<u64, ResourceView>,
    surfaces: HashMap<u64, Resource>,
}

/// `struct cudaResourceViewDesc` (CUDA 13.0 layout, 112 bytes).
#[repr(C)]
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
#[allow(non_snake_case)]
pub struct ResourceView {
    /// `enum cudaResourceViewFormat`.
    pub format: i32,
    /// Width, height and depth of the view, in elements.
    pub width: usize,
    /// Height.
    pub height: usize,
    /// Depth.
    pub depth: usize,
    /// First mipmap level.
    pub firstMipmapLevel: u32,
    /// Last mipmap level.
    pub lastMipmapLevel: u32,
    /// First layer.
    pub firstLayer: u32,
    /// Last layer.
    pub lastLayer: u32,
    /// Reserved.
    pub reserved: [u32; 16],
}

/// The `cudaResourceViewFormat` naming channel format `d` as it is (1..=24: groups of three, for
/// 1, 2 and 4 channels, of unsigned and signed char, short and int, then half and float);
/// `None` for formats no view names (three channels, mixed widths).
fn view_format_of(d: &ChannelDesc) -> Option<i32> {
    let bits = [d.x, d.y, d.z, d.w];
    let n = bits.iter().take_while(|&&b| b > 0).count();
    let slot = match n {
        1 => 0,
        2 => 1,
        4 => 2,
        _ => return None,
    };
    if bits[..n].iter().any(|&b| b != d.x) {
        return None;
    }
    let group = match (d.f, d.x) {
        (1, 8) => 0,
        (0, 8) => 1,
        (1, 16) => 2,
        (0, 16) => 3,
        (1, 32) => 4,
        (0, 32) => 5,
        (2, 16) => 6,
        (2, 32) => 7,
        _ => return None,
    };
    Some(1 + 3 * group + slot)
}

/// Checks resource view `v` of `res`: a view in another format, levels or layers
/// beyond the resource's or in the wrong order, or larger than it is [`Error::InvalidValue`]
/// (as an H200 answers); the view of the whole resource as it is changes nothing and is
/// accepted; any other view (a range of levels or layers, a smaller size) is
/// [`Error::NotSupported`]: Cuprite samples no partial views.
fn check_view(res: &Resource, v: &ResourceView) -> Result<()> {
    let (desc, extent, levels, layered) = match *res {
        Resource::Array(a) => {
            let i = crate::array::array_info(a)?;
            (i.desc, i.extent, 1, i.flags & 1 != 0)
        }
        Resource::Mipmapped(m) => {
            let l = crate::array::mipmapped_levels(m)?;
            let i = l.first().copied().ok_or(Error::InvalidValue)?;
            (i.desc, i.extent, l.len() as u32, i.flags & 1 != 0)
        }
        Resource::Linear { desc, size, .. } => {
            let bytes = channel_bytes(&desc);
            (desc, [size.checked_div(bytes).unwrap_or(0), 0, 0], 1, false)
        }
        Resource::Pitch2D { desc, width, height, .. } => (desc, [width, height, 0], 1, false),
    };
    if view_format_of(&desc) != Some(v.format)
        || v.firstMipmapLevel > v.lastMipmapLevel
        || v.lastMipmapLevel >= levels
        || v.firstLayer > v.lastLayer
        || v.width > extent[0]
        || v.height > extent[1].max(1)
        || v.depth > extent[2].max(1)
    {
        return Err(Error::InvalidValue);
    }
    let same = |asked: usize, have: usize| asked == have || (have == 0 && asked <= 1);
    let whole = same(v.width, extent[0])
        && same(v.height, extent[1])
        && same(v.depth, extent[2])
        && v.firstMipmapLevel == 0
        && v.lastMipmapLevel + 1 == levels
        && (layered || (v.firstLayer == 0 && v.lastLayer == 0));
    if whole { Ok(()) } else { Err(Error::NotSupported) }
}

/// Bytes per texel of channel format `d`.
fn channel_bytes(d: &ChannelDesc) -> usize {
    [d.x, d.y, d.z, d.w].iter().map(|&b| b.max(0) as usize).sum::<usize>() / 8
}

/// `cudaCreateTextureObject` with a resource view (see [`check_view`]).
pub fn create_texture_object_viewed(res: &Resource, desc: &TextureDesc, view: &ResourceView) -> Result<u64> {
    api(|_| check_view(res, view))?;
    let h = create_texture_object(res, desc)?;
    lock(objects()).views.insert(h, *view);
    Ok(h)
}

/// `cudaGetTextureObjectResourceViewDesc`: the view `h` was created with (all zero for one
/// created without); an unknown handle is [`Error::InvalidValue`].
pub fn texture_object_view(h: u64) -> Result<ResourceView> {
    api(|_| {
        let o = lock(objects());
        if !o.textures.contains_key(&h) {
            return Err(Error::InvalidValue);
        }
        Ok(o.views.get(&h).copied().unwrap_or_default())
    })
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
            if ptr == 0
                || !ptr.is_multiple_of(TEXTURE_ALIGNMENT)
                || width == 0
                || height == 0
                || pitch < row
                || !pitch.is_multiple_of(TEXTURE_PITCH_ALIGNMENT)
                || width > 1 << 20
                || height > 1 << 20
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
    Ok(Sampler {
        address: [address_mode(d.address[0])?, address_mode(d.address[1])?, address_mode(d.address[2])?],
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

/// `cudaCreateTextureObject` without a resource view.
pub fn create_texture_object(res: &Resource, desc: &TextureDesc) -> Result<u64> {
    api(|c| {
        let image = image_of(res)?;
        let sampler = sampler_of(desc, &image)?;
        let h = c.mem().textures().create_texture(Texture { image, sampler });
        // The descriptor as it reads back: a read mode other than normalized float is the
        // element type.
        let mut stored = *desc;
        if stored.read_mode != 1 {
            stored.read_mode = 0;
        }
        lock(objects()).textures.insert(h, (*res, stored));
        Ok(h)
    })
}

/// `cudaDestroyTextureObject` (0, or a handle of no texture object, such as one already
/// destroyed, is a no-op: an H200 answers success to both).
pub fn destroy_texture_object(h: u64) -> Result<()> {
    destroy_object(h, |o| {
        o.views.remove(&h);
        o.textures.remove(&h).is_some()
    })
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
    api(|_| lock(objects()).textures.get(&h).copied().ok_or(Error::InvalidValue))
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
