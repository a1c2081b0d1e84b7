//! The typed vocabulary of PTX: scalar types, state spaces, rounding modes, comparisons,
//! special registers and opcodes. Each is an enum; `Kw` (the dotted-word table) converts into them.

use crate::keyword::Kw;

macro_rules! spelled_enum {
    ($(#[$m:meta])* $name:ident { $($(#[$vm:meta])* $var:ident = $s:literal),* $(,)? }) => {
        $(#[$m])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum $name { $($(#[$vm])* #[doc = concat!("`", $s, "`")] $var),* }
        impl $name {
            /// Every value, in declaration order.
            pub const ALL: &'static [$name] = &[$($name::$var),*];
            /// The PTX spelling (without a leading dot).
            pub fn as_str(self) -> &'static str {
                match self { $($name::$var => $s),* }
            }
            /// Parses the PTX spelling (without a leading dot).
            pub fn from_ptx(s: &str) -> Option<$name> {
                match s { $($s => Some($name::$var),)* _ => None }
            }
        }
        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(self.as_str())
            }
        }
    };
}

spelled_enum! {
    /// A fundamental PTX type (`.u32`, `.f16x2`, `.pred`, ...), including the opaque
    /// texture/sampler/surface reference types.
    ScalarType {
        B8 = "b8", B16 = "b16", B32 = "b32", B64 = "b64", B128 = "b128",
        U8 = "u8", U16 = "u16", U32 = "u32", U64 = "u64",
        S8 = "s8", S16 = "s16", S32 = "s32", S64 = "s64",
        F16 = "f16", F16x2 = "f16x2", Bf16 = "bf16", Bf16x2 = "bf16x2",
        F32 = "f32", F64 = "f64", Tf32 = "tf32", Pred = "pred",
        U16x2 = "u16x2", S16x2 = "s16x2", U8x4 = "u8x4", S8x4 = "s8x4", F32x2 = "f32x2",
        B1 = "b1", B4 = "b4", U4 = "u4", S4 = "s4", U2 = "u2", S2 = "s2",
        E4m3 = "e4m3", E5m2 = "e5m2", E4m3x2 = "e4m3x2", E5m2x2 = "e5m2x2",
        E4m3x4 = "e4m3x4", E5m2x4 = "e5m2x4",
        E2m1 = "e2m1", E2m1x2 = "e2m1x2", E2m1x4 = "e2m1x4", E2m3 = "e2m3", E2m3x2 = "e2m3x2",
        E2m3x4 = "e2m3x4", E3m2 = "e3m2", E3m2x2 = "e3m2x2", E3m2x4 = "e3m2x4",
        Ue8m0 = "ue8m0", Ue8m0x2 = "ue8m0x2", Ue4m3 = "ue4m3", S2f6x2 = "s2f6x2",
        Texref = "texref", Samplerref = "samplerref", Surfref = "surfref",
    }
}

/// The broad kind of a scalar type, used by operand type checks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TypeKind {
    /// `.bN`: untyped bits.
    Bits,
    /// `.uN`.
    Unsigned,
    /// `.sN`.
    Signed,
    /// Any floating-point or packed floating-point type.
    Float,
    /// `.pred`.
    Pred,
    /// `.texref`, `.samplerref`, `.surfref`.
    Opaque,
}

impl ScalarType {
    /// `.u16x2`, `.s16x2`, `.u8x4`, `.s8x4`: integers packed in 32 bits.
    pub fn is_packed_int(self) -> bool {
        matches!(self, ScalarType::U16x2 | ScalarType::S16x2 | ScalarType::U8x4 | ScalarType::S8x4)
    }

    /// Size in bytes as stored in a register or memory (sub-byte types round up to 1).
    pub fn size(self) -> u32 {
        use ScalarType::*;
        match self {
            B8 | U8 | S8 | E4m3 | E5m2 | E2m1x2 | E2m3 | E3m2 | E2m1 | Ue8m0 | Ue4m3 | B1 | B4 | U4 | S4 | U2 | S2
            | Pred => 1,
            B16 | U16 | S16 | F16 | Bf16 | E4m3x2 | E5m2x2 | E2m3x2 | E3m2x2 | Ue8m0x2 | S2f6x2 | E2m1x4 => 2,
            B32 | U32 | S32 | F32 | F16x2 | Bf16x2 | Tf32 | U16x2 | S16x2 | U8x4 | S8x4 | E4m3x4 | E5m2x4 | E2m3x4
            | E3m2x4 => 4,
            B64 | U64 | S64 | F64 | F32x2 | Texref | Samplerref | Surfref => 8,
            B128 => 16,
        }
    }

    /// Bits, unsigned, signed, float, predicate or opaque.
    pub fn kind(self) -> TypeKind {
        use ScalarType::*;
        match self {
            B8 | B16 | B32 | B64 | B128 | B1 | B4 => TypeKind::Bits,
            U8 | U16 | U32 | U64 | U16x2 | U8x4 | U4 | U2 => TypeKind::Unsigned,
            S8 | S16 | S32 | S64 | S16x2 | S8x4 | S4 | S2 => TypeKind::Signed,
            Pred => TypeKind::Pred,
            Texref | Samplerref | Surfref => TypeKind::Opaque,
            _ => TypeKind::Float,
        }
    }
}

spelled_enum! {
    /// A PTX state space, including the `::` sub-spaces.
    StateSpace {
        Reg = "reg", Sreg = "sreg", Const = "const", Global = "global", Local = "local",
        Param = "param", Shared = "shared", Tex = "tex",
        SharedCta = "shared::cta", SharedCluster = "shared::cluster",
        ParamEntry = "param::entry", ParamFunc = "param::func",
    }
}

spelled_enum! {
    /// A rounding modifier (`.rn`, `.rzi`, ...).
    Rounding {
        Rn = "rn", Rz = "rz", Rm = "rm", Rp = "rp", Rna = "rna", Rs = "rs",
        Rni = "rni", Rzi = "rzi", Rmi = "rmi", Rpi = "rpi",
    }
}

spelled_enum! {
    /// A comparison operator of `setp`, `set`, `slct`-family instructions.
    CmpOp {
        Eq = "eq", Ne = "ne", Lt = "lt", Le = "le", Gt = "gt", Ge = "ge",
        Lo = "lo", Ls = "ls", Hi = "hi", Hs = "hs",
        Equ = "equ", Neu = "neu", Ltu = "ltu", Leu = "leu", Gtu = "gtu", Geu = "geu",
        Num = "num", Nan = "nan",
    }
}

impl Kw {
    /// The scalar type this word names, if it is one.
    pub fn as_type(self) -> Option<ScalarType> {
        ScalarType::from_ptx(self.as_str())
    }
    /// The state space this word names, if it is one.
    pub fn as_space(self) -> Option<StateSpace> {
        StateSpace::from_ptx(self.as_str())
    }
    /// The rounding mode this word names, if it is one.
    pub fn as_rounding(self) -> Option<Rounding> {
        Rounding::from_ptx(self.as_str())
    }
    /// The comparison this word names, if it is one.
    pub fn as_cmp(self) -> Option<CmpOp> {
        CmpOp::from_ptx(self.as_str())
    }
    /// The vector width of `.v2`/`.v4`/`.v8`.
    pub fn as_vector(self) -> Option<u8> {
        match self {
            Kw::V2 => Some(2),
            Kw::V4 => Some(4),
            Kw::V8 => Some(8),
            _ => None,
        }
    }
}

spelled_enum! {
    /// A vector component or special-register dimension (`.x`, `.y`, `.z`, `.w`; `.r .g .b .a`).
    Component { X = "x", Y = "y", Z = "z", W = "w", R = "r", G = "g", B = "b", A = "a" }
}

impl Component {
    /// 0 for x/r, 1 for y/g, 2 for z/b, 3 for w/a.
    pub fn index(self) -> usize {
        match self {
            Component::X | Component::R => 0,
            Component::Y | Component::G => 1,
            Component::Z | Component::B => 2,
            Component::W | Component::A => 3,
        }
    }
}

spelled_enum! {
    /// A special register, without its `.x`/`.y`/`.z` component (see [`crate::ast::Operand::Sreg`]).
    SpecialReg {
        Tid = "%tid", Ntid = "%ntid", Ctaid = "%ctaid", Nctaid = "%nctaid",
        Laneid = "%laneid", Warpid = "%warpid", Nwarpid = "%nwarpid",
        Smid = "%smid", Nsmid = "%nsmid", Gridid = "%gridid",
        LanemaskEq = "%lanemask_eq", LanemaskLe = "%lanemask_le", LanemaskLt = "%lanemask_lt",
        LanemaskGe = "%lanemask_ge", LanemaskGt = "%lanemask_gt",
        Clock = "%clock", ClockHi = "%clock_hi", Clock64 = "%clock64",
        Globaltimer = "%globaltimer", GlobaltimerLo = "%globaltimer_lo", GlobaltimerHi = "%globaltimer_hi",
        DynamicSmemSize = "%dynamic_smem_size", TotalSmemSize = "%total_smem_size",
        AggrSmemSize = "%aggr_smem_size",
        Clusterid = "%clusterid", Nclusterid = "%nclusterid", ClusterCtaid = "%cluster_ctaid",
        ClusterNctaid = "%cluster_nctaid", ClusterCtarank = "%cluster_ctarank",
        ClusterNctarank = "%cluster_nctarank", IsExplicitCluster = "%is_explicit_cluster",
        ReservedSmemOffsetBegin = "%reserved_smem_offset_begin",
        ReservedSmemOffsetEnd = "%reserved_smem_offset_end",
        ReservedSmemOffsetCap = "%reserved_smem_offset_cap",
        ReservedSmemOffset0 = "%reserved_smem_offset_0", ReservedSmemOffset1 = "%reserved_smem_offset_1",
        CurrentGraphExec = "%current_graph_exec",
        Envreg0 = "%envreg0", Envreg1 = "%envreg1", Envreg2 = "%envreg2", Envreg3 = "%envreg3",
        Envreg4 = "%envreg4", Envreg5 = "%envreg5", Envreg6 = "%envreg6", Envreg7 = "%envreg7",
        Envreg8 = "%envreg8", Envreg9 = "%envreg9", Envreg10 = "%envreg10", Envreg11 = "%envreg11",
        Envreg12 = "%envreg12", Envreg13 = "%envreg13", Envreg14 = "%envreg14", Envreg15 = "%envreg15",
        Envreg16 = "%envreg16", Envreg17 = "%envreg17", Envreg18 = "%envreg18", Envreg19 = "%envreg19",
        Envreg20 = "%envreg20", Envreg21 = "%envreg21", Envreg22 = "%envreg22", Envreg23 = "%envreg23",
        Envreg24 = "%envreg24", Envreg25 = "%envreg25", Envreg26 = "%envreg26", Envreg27 = "%envreg27",
        Envreg28 = "%envreg28", Envreg29 = "%envreg29", Envreg30 = "%envreg30", Envreg31 = "%envreg31",
        Pm0 = "%pm0", Pm1 = "%pm1", Pm2 = "%pm2", Pm3 = "%pm3",
        Pm4 = "%pm4", Pm5 = "%pm5", Pm6 = "%pm6", Pm7 = "%pm7",
        Pm0_64 = "%pm0_64", Pm1_64 = "%pm1_64", Pm2_64 = "%pm2_64", Pm3_64 = "%pm3_64",
        Pm4_64 = "%pm4_64", Pm5_64 = "%pm5_64", Pm6_64 = "%pm6_64", Pm7_64 = "%pm7_64",
    }
}

impl SpecialReg {
    /// Whether the register has `.x/.y/.z` components (and is a `.v4 .u32` without one).
    pub fn is_vector(self) -> bool {
        use SpecialReg::*;
        matches!(self, Tid | Ntid | Ctaid | Nctaid | Clusterid | Nclusterid | ClusterCtaid | ClusterNctaid)
    }

    /// The register's type (of one component for vector registers).
    pub fn ty(self) -> ScalarType {
        use SpecialReg::*;
        match self {
            Clock64 | Globaltimer | Pm0_64 | Pm1_64 | Pm2_64 | Pm3_64 | Pm4_64 | Pm5_64 | Pm6_64 | Pm7_64
            | CurrentGraphExec => ScalarType::U64,
            IsExplicitCluster => ScalarType::Pred,
            Envreg0 | Envreg1 | Envreg2 | Envreg3 | Envreg4 | Envreg5 | Envreg6 | Envreg7 | Envreg8 | Envreg9
            | Envreg10 | Envreg11 | Envreg12 | Envreg13 | Envreg14 | Envreg15 | Envreg16 | Envreg17 | Envreg18
            | Envreg19 | Envreg20 | Envreg21 | Envreg22 | Envreg23 | Envreg24 | Envreg25 | Envreg26 | Envreg27
            | Envreg28 | Envreg29 | Envreg30 | Envreg31 => ScalarType::B32,
            _ => ScalarType::U32,
        }
    }
}

spelled_enum! {
    /// The root of an instruction's name: what comes before its first dot.
    Opcode {
        Abs = "abs", Activemask = "activemask", Add = "add", Addc = "addc", Alloca = "alloca",
        And = "and", Applypriority = "applypriority", Atom = "atom", Bar = "bar", Barrier = "barrier",
        Bfe = "bfe", Bfi = "bfi", Bfind = "bfind", Bmsk = "bmsk", Bra = "bra", Brev = "brev",
        Brkpt = "brkpt", Brx = "brx", Call = "call", Clusterlaunchcontrol = "clusterlaunchcontrol",
        Clz = "clz", Cnot = "cnot", Copysign = "copysign", Cos = "cos", Cp = "cp",
        Createpolicy = "createpolicy", Cvt = "cvt", Cvta = "cvta", Discard = "discard", Div = "div",
        Dp2a = "dp2a", Dp4a = "dp4a", Elect = "elect", Ex2 = "ex2", Exit = "exit", Fence = "fence",
        Fma = "fma", Fns = "fns", Getctarank = "getctarank", Griddepcontrol = "griddepcontrol",
        Isspacep = "isspacep", Istypep = "istypep", Ld = "ld", Ldmatrix = "ldmatrix", Ldu = "ldu",
        Lg2 = "lg2", Lop3 = "lop3", Mad = "mad", Mad24 = "mad24", Madc = "madc", Mapa = "mapa",
        Match = "match", Max = "max", Mbarrier = "mbarrier", Membar = "membar", Min = "min",
        Mma = "mma", Mov = "mov", Movmatrix = "movmatrix", Mul = "mul", Mul24 = "mul24",
        Multimem = "multimem", Nanosleep = "nanosleep", Neg = "neg", Not = "not", Or = "or",
        Pmevent = "pmevent", Popc = "popc", Prefetch = "prefetch", Prefetchu = "prefetchu",
        Prmt = "prmt", Rcp = "rcp", Red = "red", Redux = "redux", Rem = "rem", Ret = "ret",
        Rsqrt = "rsqrt", Sad = "sad", Selp = "selp", Set = "set", Setmaxnreg = "setmaxnreg",
        Setp = "setp", Shf = "shf", Shfl = "shfl", Shl = "shl", Shr = "shr", Sin = "sin",
        Slct = "slct", Sqrt = "sqrt", St = "st", Stacksave = "stacksave",
        Stackrestore = "stackrestore", Stmatrix = "stmatrix", Sub = "sub", Subc = "subc",
        Suld = "suld", Suq = "suq", Sured = "sured", Sust = "sust", Szext = "szext", Tanh = "tanh",
        Tcgen05 = "tcgen05", Tensormap = "tensormap", Testp = "testp", Tex = "tex", Tld4 = "tld4",
        Trap = "trap", Txq = "txq", Vabsdiff = "vabsdiff", Vabsdiff2 = "vabsdiff2",
        Vabsdiff4 = "vabsdiff4", Vadd = "vadd", Vadd2 = "vadd2", Vadd4 = "vadd4", Vavrg2 = "vavrg2",
        Vavrg4 = "vavrg4", Vmad = "vmad", Vmax = "vmax", Vmax2 = "vmax2", Vmax4 = "vmax4",
        Vmin = "vmin", Vmin2 = "vmin2", Vmin4 = "vmin4", Vote = "vote", Vset = "vset",
        Vset2 = "vset2", Vset4 = "vset4", Vshl = "vshl", Vshr = "vshr", Vsub = "vsub",
        Vsub2 = "vsub2", Vsub4 = "vsub4", Wgmma = "wgmma", Wmma = "wmma", Xor = "xor",
    }
}

impl Opcode {
    /// The SIMD video instructions (`vadd2`, `vadd4`, ... `vset4`): two 16-bit or four 8-bit
    /// lanes of 32-bit registers.
    pub fn is_simd_video(self) -> bool {
        use Opcode::*;
        matches!(
            self,
            Vadd2
                | Vadd4
                | Vsub2
                | Vsub4
                | Vavrg2
                | Vavrg4
                | Vabsdiff2
                | Vabsdiff4
                | Vmin2
                | Vmin4
                | Vmax2
                | Vmax4
                | Vset2
                | Vset4
        )
    }
}
