//! Decoding the video instructions: SIMD (`vadd2`, `vset4`, ...) into [`TernOp::Video`] with
//! its lane selectors and mask, scalar (`vadd`, `vshl`, `vset`, `vmad`, ...) into
//! [`TernOp::VideoScalar`] with its operand parts, secondary operation and merge. The
//! validator has checked which selectors and modifiers each takes.

use super::*;
use ptx::ast::VideoSel;

impl FuncDecoder<'_> {
    /// A video instruction, SIMD or scalar.
    pub(super) fn video_inst(&mut self, p: &Parts<'_>) -> R<Op> {
        let o = p.ins.opcode;
        let ops = &p.ins.operands;
        p.check(&[
            Kw::Sat,
            Kw::Add,
            Kw::Min,
            Kw::Max,
            Kw::Clamp,
            Kw::Wrap,
            Kw::Po,
            Kw::Shr7,
            Kw::Shr15,
            Kw::Eq,
            Kw::Ne,
            Kw::Lt,
            Kw::Le,
            Kw::Gt,
            Kw::Ge,
        ])?;
        p.need(3)?;
        let has = |k: Kw| p.kws.contains(&k);
        let cmp = || -> R<CmpOp> {
            let cmp = p
                .kws
                .iter()
                .find_map(|k| k.as_cmp())
                .ok_or_else(|| DecodeError::Invalid(format!("`{o}` needs a comparison")))?;
            if !matches!(cmp, CmpOp::Eq | CmpOp::Ne | CmpOp::Lt | CmpOp::Le | CmpOp::Gt | CmpOp::Ge) {
                return Err(DecodeError::Invalid(format!("`{o}` comparison .{cmp} is not defined")));
            }
            Ok(cmp)
        };
        // `vset` names its two operand types (its result is 0 or 1); the others name the
        // destination's too.
        let tys: Vec<bool> = match (matches!(o, Opcode::Vset | Opcode::Vset2 | Opcode::Vset4), &p.tys[..]) {
            (true, [a, b]) => vec![false, is_signed(*a), is_signed(*b)],
            (false, [d, a, b]) => vec![is_signed(*d), is_signed(*a), is_signed(*b)],
            _ => return Err(DecodeError::Invalid(format!("`{o}` has the wrong number of types"))),
        };
        let (d_signed, a_signed, b_signed) = (tys[0], tys[1], tys[2]);
        let (dsel, d) = self.video_operand(&ops[0])?;
        let d = self.reg(&d)?;
        let (asel, a) = self.video_operand(&ops[1])?;
        let (bsel, b) = self.video_operand(&ops[2])?;
        let (_, c) = match ops.get(3) {
            Some(c) => self.video_operand(c)?,
            None => (None, Operand::Imm(Imm::Int(0))),
        };
        let (a, b, c) =
            (self.src(&a, ScalarType::B32)?, self.src(&b, ScalarType::B32)?, self.src(&c, ScalarType::B32)?);
        let op = if o.is_simd_video() {
            p.need(4)?;
            let lane: u8 =
                if matches!(o, O::Vadd2 | O::Vsub2 | O::Vavrg2 | O::Vabsdiff2 | O::Vmin2 | O::Vmax2 | O::Vset2) {
                    16
                } else {
                    8
                };
            let n = 32 / u16::from(lane);
            // Selector digits are written most significant lane first.
            let lanes = |sel: Option<VideoSel>, first: u16| -> u16 {
                match sel {
                    Some(s) => {
                        (0..s.count).fold(0, |m, i| m | u16::from(s.lanes[usize::from(i)]) << (4 * (s.count - 1 - i)))
                    }
                    None => (0..n).fold(0, |m, i| m | (first + i) << (4 * i)),
                }
            };
            let op = match o {
                O::Vset2 | O::Vset4 => VideoOp::Set(cmp()?),
                O::Vadd2 | O::Vadd4 => VideoOp::Add,
                O::Vsub2 | O::Vsub4 => VideoOp::Sub,
                O::Vavrg2 | O::Vavrg4 => VideoOp::Avrg,
                O::Vabsdiff2 | O::Vabsdiff4 => VideoOp::Absdiff,
                O::Vmin2 | O::Vmin4 => VideoOp::Min,
                _ => VideoOp::Max,
            };
            TernOp::Video(Video {
                op,
                lane,
                d_signed,
                a_signed,
                b_signed,
                sat: has(Kw::Sat),
                add: has(Kw::Add),
                asel: lanes(asel, 0),
                bsel: lanes(bsel, n),
                mask: dsel.map_or((1 << n) - 1, |s| s.lanes[..usize::from(s.count)].iter().fold(0, |m, &l| m | 1 << l)),
            })
        } else {
            let part = |sel: Option<VideoSel>| match sel {
                None => VideoPart::Word,
                Some(s) if s.half => VideoPart::Half(s.lanes[0]),
                Some(s) => VideoPart::Byte(s.lanes[0]),
            };
            let neg = |i: usize| matches!(ops.get(i), Some(Operand::Neg(_)));
            let op = match o {
                O::Vadd => ScalarVideoOp::Add,
                O::Vsub => ScalarVideoOp::Sub,
                O::Vabsdiff => ScalarVideoOp::Absdiff,
                O::Vmin => ScalarVideoOp::Min,
                O::Vmax => ScalarVideoOp::Max,
                O::Vshl => ScalarVideoOp::Shl { clamp: has(Kw::Clamp) },
                O::Vshr => ScalarVideoOp::Shr { clamp: has(Kw::Clamp) },
                O::Vset => ScalarVideoOp::Set(cmp()?),
                _ => {
                    p.need(4)?;
                    let shr = if has(Kw::Shr7) {
                        7
                    } else if has(Kw::Shr15) {
                        15
                    } else {
                        0
                    };
                    ScalarVideoOp::Mad { neg_ab: neg(1) != neg(2), neg_c: neg(3), po: has(Kw::Po), shr }
                }
            };
            let op2 = p.first_of(&[(Kw::Add, VideoOp2::Add), (Kw::Min, VideoOp2::Min), (Kw::Max, VideoOp2::Max)]);
            TernOp::VideoScalar(ScalarVideo {
                op,
                a_signed,
                b_signed,
                d_signed,
                sat: has(Kw::Sat),
                asel: part(asel),
                bsel: part(bsel),
                dsel: part(dsel),
                op2,
            })
        };
        Ok(Op::Tern { op, d, a, b, c })
    }

    /// A video operand without its selector and negation (which `video_inst` reads itself).
    fn video_operand(&self, op: &Operand) -> R<(Option<VideoSel>, Operand)> {
        Ok(match op {
            Operand::Selected(n, sel) => (Some(*sel), Operand::Name(*n)),
            Operand::Neg(inner) => self.video_operand(inner)?,
            other => (None, other.clone()),
        })
    }
}

use Opcode as O;
