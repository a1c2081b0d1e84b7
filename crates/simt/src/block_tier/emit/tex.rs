//! Texture and surface instructions. A thread's (the scalar code's, or one lane's) goes to the
//! helper every compiled tier calls (`jit::tex::h_tex`, the interpreter's lane function), its
//! source values and results through two small arrays.
//!
//! In the lane phase, a 2D `tex` through a group-uniform handle fetches its lanes' texels
//! inline when the texture is a clamped point lookup of 32-bit float channels at unnormalized
//! coordinates (`texture::sample::PointFetch::clamped_f32`, whose results are the texel's
//! bits): `h->tex_point` says whether it is one, and where its texels lie, once per block and
//! handle (the answer kept in `tp_`); all of them lie in one allocation, so a lane's clamped
//! indices need no check. The indices are `ClampedF32::fetch`'s: an f32 coordinate below 0 (or
//! NaN) is texel 0, one at or past the last texel's index the last texel, any other truncated.
//! Any other lookup, or a texture that is not such, goes lane by lane through the helper.

use std::fmt::Write;

use super::{Emitter, OpRef};
use crate::exec::{RESULT_SLOTS, tex_results, tex_sources};
use crate::ir::tex::TexOp;
use crate::ir::{Guard, Op, Src};
use crate::texture::op::Geom;

/// C at the function's start of a kernel with texture instructions: the point lookup's
/// answer for the last handle asked (`tph_`; `tpv_`: one was asked; `tpok_`: the answer).
pub(super) const DECLARATIONS: &str =
    "TexPoint tp_; u64 tph_ = 0; u32 tpv_ = 0, tpok_ = 0; (void)tp_; (void)tph_; (void)tpv_; (void)tpok_;\n";

/// The bits of float 1.0: the alpha channel of a texture without one.
const ONE: u32 = 0x3f80_0000;

impl Emitter<'_> {
    /// `op` at `pc` for the running thread (in the lane phase, lane `l`), through `h->tex`.
    pub(super) fn tex(&mut self, pc: u32, op: &TexOp) {
        let mut srcs = Vec::new();
        tex_sources(op, |s| srcs.push(s));
        let vals: Vec<String> = srcs.iter().map(|&s| self.src(s)).collect();
        let i = self.op_ref(OpRef::Tex(pc));
        let _ = writeln!(
            self.out,
            "{{ const u64 ta_[{}] = {{ {} }}; u64 to_[{RESULT_SLOTS}] = {{ 0 }};\n\
             h->tex(ctx, ops[{i}], ta_, {}ull, to_);",
            vals.len().max(1),
            if vals.is_empty() { "0".to_string() } else { vals.join(", ") },
            vals.len()
        );
        self.check_fault(pc);
        let mut results = Vec::new();
        tex_results(op, |k, r| results.push((k, r)));
        for (k, r) in results {
            self.set(r, &format!("to_[{k}]"));
        }
        self.out.push_str("}\n");
    }

    /// In the lane phase: `op` at `pc` under `guard` when it is a 2D `tex` through a
    /// group-uniform handle at f32 coordinates (see the module documentation), for the lanes
    /// at it; `false`, and nothing emitted, for any other instruction.
    pub(super) fn lane_tex(&mut self, pc: u32, guard: Option<Guard>, op: &Op) -> bool {
        let Op::Tex(t) = op else { return false };
        let TexOp::Sample(s) = &**t else { return false };
        let uniform_handle = match s.handle {
            Src::Reg(r) => self.is_uniform(r),
            Src::Imm(_) | Src::Global(..) => true,
            _ => false,
        };
        if !uniform_handle || s.geom != Geom::D2 || s.int_coords || s.gather.is_some() {
            return false;
        }
        let handle = self.src(s.handle);
        let coord = |e: &Self, k: usize| s.coords.get(k).map_or("0ull".to_string(), |&c| e.src(c));
        let (x, y) = (coord(self, 0), coord(self, 1));
        let i = self.op_ref(OpRef::Tex(pc));
        self.out.push_str("{\n");
        self.lane_mask(guard);
        let _ = writeln!(
            self.out,
            "if (m_) {{\n\
             const u64 th_ = {handle};\n\
             if (!tpv_ || tph_ != th_) {{ tph_ = th_; tpv_ = 1; tpok_ = (u32)h->tex_point(ctx, ops[{i}], th_, &tp_); }}\n\
             if (LIKELY(tpok_)) {{\n\
             const u32 wl_ = tp_.width - 1, hl_ = tp_.height - 1, ch_ = tp_.channels;\n\
             const float wf_ = (float)wl_, hf_ = (float)hl_; const u64 host_ = tp_.host, pitch_ = tp_.row_pitch, texel_ = tp_.texel;\n\
             (void)ch_;"
        );
        // A lane's texel: its indices clamped as `ClampedF32::fetch` clamps them (the extents
        // are below 2^24, so the f32 comparisons are exact), then its channels (missing ones
        // 0, alpha 1) and the residency predicate (always true).
        let mut body = format!(
            "const float x_ = f32_of({x}), y_ = f32_of({y});\n\
             const u32 ix_ = x_ >= 0.0f ? (x_ < wf_ ? (u32)(i32)x_ : wl_) : 0u;\n\
             const u32 iy_ = y_ >= 0.0f ? (y_ < hf_ ? (u32)(i32)y_ : hl_) : 0u;\n\
             const uint32_t *p_ = (const uint32_t *)(host_ + (u64)iy_ * pitch_ + (u64)ix_ * texel_);\n"
        );
        for (k, d) in s.d.iter().enumerate() {
            if let Some(d) = d {
                let missing = if k == 3 { ONE } else { 0 };
                let v = if k == 0 {
                    "(u64)p_[0]".to_string()
                } else {
                    format!("(u64)(ch_ > {k} ? p_[{k}] : {missing:#x}u)")
                };
                let _ = writeln!(body, "{} = {v};", self.dst(*d));
            }
        }
        if let Some(p) = s.p {
            let _ = writeln!(body, "{} = 1;", self.dst(p));
        }
        let _ = writeln!(
            self.out,
            "if (m_ == LANE_FULL) {{ LANES {{\n{body}}} }} else {{ LANES if (m_ >> l & 1) {{\n{body}}} }}\n\
             }} else {{\n\
             LANES if (m_ >> l & 1) {{\n\
             const u64 t = t0 + l; u64 local = locals + t * local_len; (void)local;"
        );
        self.tex(pc, t);
        self.out.push_str("} } } }\n");
        true
    }
}
