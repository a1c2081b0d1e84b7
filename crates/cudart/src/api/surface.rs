//! 6.27 Surface Object Management.

// C ABI names.
#![allow(non_snake_case)]

use runtime::record;
use runtime::texture::{self};

use crate::api::texture::{ResourceDesc, resource_desc, resource_of};
use crate::args::{In, Out};
use crate::code;

/// `cudaCreateSurfaceObject(cudaSurfaceObject_t *obj, const struct cudaResourceDesc *res)`.
pub fn cudaCreateSurfaceObject(obj: Out<u64>, res: In<ResourceDesc>) -> i32 {
    let r = record(res.read()).and_then(|r| record(resource_of(&r))).and_then(|r| texture::create_surface_object(&r));
    obj.put(r)
}

/// `cudaDestroySurfaceObject(cudaSurfaceObject_t obj)`.
pub fn cudaDestroySurfaceObject(obj: u64) -> i32 {
    code(texture::destroy_surface_object(obj))
}

/// `cudaGetSurfaceObjectResourceDesc(struct cudaResourceDesc *res, cudaSurfaceObject_t obj)`.
pub fn cudaGetSurfaceObjectResourceDesc(res: Out<ResourceDesc>, obj: u64) -> i32 {
    let r = texture::surface_object_desc(obj).map(|r| resource_desc(&r));
    res.put(r)
}
