//! 6.14 Peer Device Memory Access: there is one device, so no peer.

// C ABI names.
#![allow(non_snake_case)]

use runtime::device;

use crate::{code, invalid};

/// `cudaDeviceCanAccessPeer(int *canAccessPeer, int device, int peerDevice)`: 0.
///
/// # Safety
/// `can` valid for writes.
pub unsafe fn cudaDeviceCanAccessPeer(can: *mut i32, dev: i32, peer: i32) -> i32 {
    if can.is_null() {
        return invalid();
    }
    code(device::can_access_peer(dev, peer).map(|c| {
        // SAFETY: non-null, valid for writes per the contract.
        unsafe { can.write(i32::from(c)) }
    }))
}

/// `cudaDeviceEnablePeerAccess(int peerDevice, unsigned int flags)`: there is no peer.
pub fn cudaDeviceEnablePeerAccess(peer: i32, flags: u32) -> i32 {
    code(device::peer_access(peer, flags))
}

/// `cudaDeviceDisablePeerAccess(int peerDevice)`: there is no peer.
pub fn cudaDeviceDisablePeerAccess(peer: i32) -> i32 {
    code(device::disable_peer_access(peer))
}
