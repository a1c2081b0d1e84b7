//! Texture and surface objects: the images and samplers the runtime registers, and the
//! registry kernels reach them through.
//!
//! A texture or surface object is an opaque 64-bit handle to the kernel (`cudaTextureObject_t`,
//! `cudaSurfaceObject_t`). The runtime describes the object ([`Texture`], [`Surface`]): the
//! image's texel [`Format`], its geometry and the device addresses of its mipmap [`Level`]s
//! (texels live in ordinary [`crate::DeviceMemory`] allocations, so every texel access is
//! checked like any global access), plus, for textures, the [`Sampler`] state. The
//! [`Registry`] (one per `DeviceMemory`, [`crate::DeviceMemory::textures`]) maps handles to
//! objects; `tex`/`tld4`/`txq`/`istypep` and `suld`/`sust`/`sured`/`suq` look the handle up at
//! execution, and an unknown handle is a launch fault ([`crate::FaultKind::Texture`]).
//!
//! Sampling follows the CUDA Programming Guide's texture-fetching appendix (`sample.rs`):
//! nearest-point sampling `T[floor(x)]`, linear filtering on `x - 0.5` with weights in 9-bit
//! fixed point (8 fractional bits, rounded to nearest), addressing modes wrap/clamp/mirror/border
//! and normalized coordinates, normalized-float read mode (`u8/255`, `max(s8/127, -1)`, ...),
//! sRGB to linear conversion, layered and cubemap textures. Where the guide leaves the
//! arithmetic open, an H200's answers decide: the weighted taps are summed exactly and rounded
//! once (half textures to f16, normalized integers to unorm16/snorm16), an integer format's
//! border color is quantized to it (or, read as integers, is the float's bits), cubemap axis
//! ties go to z then y, and the weight between mipmap levels is truncated to 8 bits.

pub(crate) mod op;
pub(crate) mod sample;
mod srgb;
pub(crate) mod surface;

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, RwLock};

/// The data type of a texel's channels.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ChannelKind {
    /// Signed integers (8, 16 or 32 bits).
    Signed,
    /// Unsigned integers (8, 16 or 32 bits).
    Unsigned,
    /// IEEE floats: half (16 bits) or single (32 bits).
    Float,
}

/// A texel format: 1, 2 or 4 channels of one kind and width.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Format {
    /// The channel data type.
    pub kind: ChannelKind,
    /// Bits per channel: 8, 16 or 32 (16 or 32 for floats).
    pub bits: u8,
    /// Channels per texel: 1, 2 or 4.
    pub channels: u8,
}

impl Format {
    /// Whether the format is one CUDA arrays and textures support.
    pub fn is_valid(&self) -> bool {
        matches!(self.channels, 1 | 2 | 4)
            && match self.kind {
                ChannelKind::Float => matches!(self.bits, 16 | 32),
                _ => matches!(self.bits, 8 | 16 | 32),
            }
    }

    /// Bytes per texel.
    pub fn texel_size(&self) -> u32 {
        u32::from(self.bits / 8) * u32::from(self.channels)
    }
}

/// The shape of the resource a texture or surface reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shape {
    /// Linear memory (`cudaResourceTypeLinear`): a 1D buffer fetched by integer index.
    Linear,
    /// Pitched 2D linear memory (`cudaResourceTypePitch2D`).
    Pitch2D,
    /// A 1D CUDA array.
    Array1D,
    /// A 2D CUDA array.
    Array2D,
    /// A 3D CUDA array.
    Array3D,
}

/// One mipmap level (or the only level) of an image.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Level {
    /// Device address of texel (0, 0, 0) of layer 0.
    pub base: u64,
    /// Width in texels.
    pub width: u32,
    /// Height in texels (1 for 1D).
    pub height: u32,
    /// Depth in texels (1 unless 3D).
    pub depth: u32,
    /// Bytes from one row to the next.
    pub row_pitch: u64,
    /// Bytes from one slice (3D) or layer (layered, cubemap faces) to the next.
    pub slice_pitch: u64,
}

/// An image: the texels a texture or surface object reads.
#[derive(Debug, Clone, PartialEq)]
pub struct Image {
    /// Texel format.
    pub format: Format,
    /// Resource shape.
    pub shape: Shape,
    /// Layered (`cudaArrayLayered`): `layers` independent 1D or 2D images.
    pub layered: bool,
    /// Cubemap (`cudaArrayCubemap`): 6 square faces per cube (`layers` is a multiple of 6).
    pub cubemap: bool,
    /// Layers (layered: the layer count; cubemap: 6 × cubes; else 1).
    pub layers: u32,
    /// Whether the image is a mipmapped array (then `levels` holds every level).
    pub mipmapped: bool,
    /// Level 0 first. Never empty for a registered object.
    pub levels: Vec<Level>,
}

impl Image {
    /// An image of `shape` whose only level is `level` (one layer, not a cube map): what a
    /// texture over linear or pitched memory reads.
    pub fn single(format: Format, shape: Shape, level: Level) -> Image {
        Image { format, shape, layered: false, cubemap: false, layers: 1, mipmapped: false, levels: vec![level] }
    }
}

/// `cudaTextureAddressMode`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AddressMode {
    /// `cudaAddressModeWrap` (0): the coordinate's fractional part (normalized coordinates only).
    Wrap,
    /// `cudaAddressModeClamp` (1): clamp to the edge texel.
    Clamp,
    /// `cudaAddressModeMirror` (2): mirrored repeat (normalized coordinates only).
    Mirror,
    /// `cudaAddressModeBorder` (3): texels outside the image are the border color.
    Border,
}

/// `cudaTextureFilterMode`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FilterMode {
    /// `cudaFilterModePoint` (0): the nearest texel.
    Point,
    /// `cudaFilterModeLinear` (1): (bi/tri)linear interpolation (float results only).
    Linear,
}

/// A texture's sampling state (`cudaTextureDesc`).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Sampler {
    /// Address mode per dimension.
    pub address: [AddressMode; 3],
    /// Filtering within a level.
    pub filter: FilterMode,
    /// `cudaReadModeNormalizedFloat`: 8/16-bit integer texels read as floats in [0, 1] / [-1, 1].
    pub normalized_float: bool,
    /// sRGB → linear conversion of the RGB channels (8-bit normalized reads).
    pub srgb: bool,
    /// The border color (`cudaAddressModeBorder`).
    pub border: [f32; 4],
    /// Coordinates in [0, 1) instead of texels.
    pub normalized_coords: bool,
    /// Filtering between mipmap levels.
    pub mipmap_filter: FilterMode,
    /// Added to the level of detail.
    pub mipmap_bias: f32,
    /// Lowest level of detail used.
    pub min_lod: f32,
    /// Highest level of detail used.
    pub max_lod: f32,
    /// `seamlessCubemap`: cubemap filtering across face edges (not implemented: a linear
    /// lookup of such a cubemap faults, naming it).
    pub seamless_cubemap: bool,
}

impl Default for Sampler {
    fn default() -> Self {
        Sampler {
            address: [AddressMode::Wrap; 3],
            filter: FilterMode::Point,
            normalized_float: false,
            srgb: false,
            border: [0.0; 4],
            normalized_coords: false,
            mipmap_filter: FilterMode::Point,
            mipmap_bias: 0.0,
            min_lod: 0.0,
            max_lod: 0.0,
            seamless_cubemap: false,
        }
    }
}

/// A texture object: an image and how to sample it.
#[derive(Debug, Clone, PartialEq)]
pub struct Texture {
    /// What it reads.
    pub image: Image,
    /// How it samples.
    pub sampler: Sampler,
}

/// A surface object: an image read and written by byte (`suld.b`/`sust.b`) or texel
/// (`sust.p`/`sured.p`) coordinates.
#[derive(Debug, Clone, PartialEq)]
pub struct Surface {
    /// What it reads and writes (level 0).
    pub image: Image,
}

/// A registered object.
#[derive(Debug, Clone)]
pub enum Object {
    /// A texture object.
    Texture(Arc<Texture>),
    /// A surface object.
    Surface(Arc<Surface>),
}

/// Texture and surface objects by handle. Handles are small nonzero integers, unique for the
/// registry's lifetime (never reused), as CUDA's are.
#[derive(Debug)]
pub struct Registry {
    objects: RwLock<HashMap<u64, Object>>,
    next: AtomicU64,
    /// Objects destroyed so far: a lookup cached by a warp is valid while this is unchanged.
    destroyed: AtomicU64,
}

impl Default for Registry {
    fn default() -> Self {
        Registry { objects: RwLock::new(HashMap::new()), next: AtomicU64::new(1), destroyed: AtomicU64::new(0) }
    }
}

impl Registry {
    fn insert(&self, o: Object) -> u64 {
        let h = self.next.fetch_add(1, Ordering::Relaxed);
        self.objects.write().unwrap_or_else(|e| e.into_inner()).insert(h, o);
        h
    }

    /// Registers a texture object; returns its handle.
    pub fn create_texture(&self, t: Texture) -> u64 {
        self.insert(Object::Texture(Arc::new(t)))
    }

    /// Registers a surface object; returns its handle.
    pub fn create_surface(&self, s: Surface) -> u64 {
        self.insert(Object::Surface(Arc::new(s)))
    }

    /// Removes the object `handle`; false when there is none.
    pub fn destroy(&self, handle: u64) -> bool {
        let removed = self.objects.write().unwrap_or_else(|e| e.into_inner()).remove(&handle).is_some();
        if removed {
            self.destroyed.fetch_add(1, Ordering::Release);
        }
        removed
    }

    /// How many objects were destroyed so far (a cached lookup is current while this is).
    pub fn generation(&self) -> u64 {
        self.destroyed.load(Ordering::Acquire)
    }

    /// The object `handle`, if live.
    pub fn get(&self, handle: u64) -> Option<Object> {
        self.objects.read().unwrap_or_else(|e| e.into_inner()).get(&handle).cloned()
    }

    /// The texture object `handle`, if live.
    pub fn texture(&self, handle: u64) -> Option<Arc<Texture>> {
        match self.get(handle)? {
            Object::Texture(t) => Some(t),
            Object::Surface(_) => None,
        }
    }

    /// The surface object `handle`, if live.
    pub fn surface(&self, handle: u64) -> Option<Arc<Surface>> {
        match self.get(handle)? {
            Object::Surface(s) => Some(s),
            Object::Texture(_) => None,
        }
    }
}
