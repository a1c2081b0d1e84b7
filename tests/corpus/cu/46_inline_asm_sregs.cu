// min-arch: sm_75
// Inline PTX special registers and memory ops: %laneid %warpid %smid %nsmid %gridid %clock %clock64 %globaltimer
// %lanemask_eq/lt/le/gt/ge %tid %ntid %ctaid %nctaid %dynamic_smem_size %total_smem_size; vote via asm
// (vote.sync.ballot/any/all), activemask, ld.volatile/st.volatile, ld.global.cg/.cs, ld.relaxed/acquire, st.release,
// brace-scoped .reg declarations, predicated branches with labels inside asm, asm volatile with memory clobber.

extern "C" __global__ void special_registers(unsigned *out, unsigned long long *times) {
    unsigned lane, warp, smid, nsmid, lt, le, gt, ge, eq, tidx, ntidx, ctaid, nctaid, dsmem, tsmem;
    unsigned long long c64, gt0, gt1, gridid;
    unsigned c32;
    asm volatile("mov.u32 %0, %%laneid;" : "=r"(lane));
    asm volatile("mov.u32 %0, %%warpid;" : "=r"(warp));
    asm volatile("mov.u32 %0, %%smid;" : "=r"(smid));
    asm volatile("mov.u32 %0, %%nsmid;" : "=r"(nsmid));
    asm volatile("mov.u64 %0, %%gridid;" : "=l"(gridid));
    asm volatile("mov.u32 %0, %%lanemask_eq;" : "=r"(eq));
    asm volatile("mov.u32 %0, %%lanemask_lt;" : "=r"(lt));
    asm volatile("mov.u32 %0, %%lanemask_le;" : "=r"(le));
    asm volatile("mov.u32 %0, %%lanemask_gt;" : "=r"(gt));
    asm volatile("mov.u32 %0, %%lanemask_ge;" : "=r"(ge));
    asm volatile("mov.u32 %0, %%tid.x;" : "=r"(tidx));
    asm volatile("mov.u32 %0, %%ntid.x;" : "=r"(ntidx));
    asm volatile("mov.u32 %0, %%ctaid.x;" : "=r"(ctaid));
    asm volatile("mov.u32 %0, %%nctaid.x;" : "=r"(nctaid));
    asm volatile("mov.u32 %0, %%dynamic_smem_size;" : "=r"(dsmem));
    asm volatile("mov.u32 %0, %%total_smem_size;" : "=r"(tsmem));
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(gt0));
    asm volatile("mov.u32 %0, %%clock;" : "=r"(c32));
    asm volatile("mov.u64 %0, %%clock64;" : "=l"(c64));
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(gt1));
    int g = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned *o = out + 16 * g;
    o[0] = lane; o[1] = warp; o[2] = smid; o[3] = nsmid; o[4] = eq; o[5] = lt; o[6] = le; o[7] = gt; o[8] = ge;
    o[9] = tidx; o[10] = ntidx; o[11] = ctaid; o[12] = nctaid; o[13] = dsmem; o[14] = tsmem; o[15] = c32;
    times[3 * g] = c64;
    times[3 * g + 1] = gt1 - gt0;
    times[3 * g + 2] = gridid;
}

extern "C" __global__ void asm_vote(const int *in, unsigned *out) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int v = in[i];
    unsigned ballot, any, all, active;
    asm volatile("activemask.b32 %0;" : "=r"(active));
    asm volatile("{\n\t.reg .pred p;\n\tsetp.ne.s32 p, %1, 0;\n\tvote.sync.ballot.b32 %0, p, %2;\n\t}"
                 : "=r"(ballot) : "r"(v), "r"(active));
    asm volatile("{\n\t.reg .pred p, q;\n\tsetp.gt.s32 p, %1, 0;\n\tvote.sync.any.pred q, p, 0xffffffff;\n\tselp.u32 %0, 1, 0, q;\n\t}"
                 : "=r"(any) : "r"(v));
    asm volatile("{\n\t.reg .pred p, q;\n\tsetp.gt.s32 p, %1, 0;\n\tvote.sync.all.pred q, p, 0xffffffff;\n\tselp.u32 %0, 1, 0, q;\n\t}"
                 : "=r"(all) : "r"(v));
    out[i] = ballot ^ (any << 1) ^ all ^ active;
}

extern "C" __global__ void asm_memory(int *g, int *flag, int *out) {
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    int a, b, c, d;
    asm volatile("ld.volatile.global.s32 %0, [%1];" : "=r"(a) : "l"(g + t) : "memory");
    asm volatile("ld.global.cg.s32 %0, [%1];" : "=r"(b) : "l"(g + t + 1));
    asm volatile("ld.global.cs.s32 %0, [%1+8];" : "=r"(c) : "l"(g + t));
    asm volatile("ld.relaxed.gpu.global.s32 %0, [%1];" : "=r"(d) : "l"(flag) : "memory");
    asm volatile("st.volatile.global.s32 [%0], %1;" ::"l"(out + t), "r"(a + b + c + d) : "memory");
    if (t == 0) {
        int old;
        asm volatile("ld.acquire.gpu.global.s32 %0, [%1];" : "=r"(old) : "l"(flag) : "memory");
        asm volatile("st.release.gpu.global.s32 [%0], %1;" ::"l"(flag), "r"(old + 1) : "memory");
        asm volatile("atom.add.release.gpu.global.s32 %0, [%1], 1;" : "=r"(old) : "l"(flag) : "memory");
        asm volatile("red.relaxed.gpu.global.add.s32 [%0], %1;" ::"l"(flag), "r"(old) : "memory");
        asm volatile("fence.acq_rel.gpu;" ::: "memory");
        asm volatile("membar.cta;" ::: "memory");
    }
}

// Loop with labels inside an asm block (local labels need %= for uniqueness)
extern "C" __global__ void asm_loop(const unsigned *in, unsigned *out) {
    unsigned x = in[threadIdx.x], steps;
    asm("{\n\t"
        ".reg .pred p;\n\t"
        ".reg .u32 t;\n\t"
        "mov.u32 %0, 0;\n\t"
        "LOOP_%=:\n\t"
        "setp.le.u32 p, %1, 1;\n\t"
        "@p bra.uni DONE_%=;\n\t"
        "and.b32 t, %1, 1;\n\t"
        "setp.eq.u32 p, t, 0;\n\t"
        "@p shr.u32 %1, %1, 1;\n\t"
        "@!p mad.lo.u32 %1, %1, 3, 1;\n\t"
        "add.u32 %0, %0, 1;\n\t"
        "bra.uni LOOP_%=;\n\t"
        "DONE_%=:\n\t"
        "}"
        : "=r"(steps), "+r"(x));
    out[threadIdx.x] = steps;
}

// Shared memory addressing in asm: cvta to shared window, ld.shared/st.shared via 32-bit addresses
extern "C" __global__ void asm_shared(float *out) {
    __shared__ float buf[128];
    unsigned saddr = (unsigned)__cvta_generic_to_shared(&buf[threadIdx.x]);
    float v = (float)threadIdx.x * 1.5f;
    asm volatile("st.shared.f32 [%0], %1;" ::"r"(saddr), "f"(v) : "memory");
    __syncthreads();
    unsigned other = (unsigned)__cvta_generic_to_shared(&buf[(threadIdx.x + 1) & 127]);
    float r;
    asm volatile("ld.shared.f32 %0, [%1];" : "=f"(r) : "r"(other) : "memory");
    out[blockIdx.x * blockDim.x + threadIdx.x] = r;
}
