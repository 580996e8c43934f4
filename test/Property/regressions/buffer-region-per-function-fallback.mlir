// Regression: BufferRegionAnalysis gave up on the whole module when one
// function needed more than its 64 rounds (here a rotation of 64 memdescs
// around a loop, one round per hand-on): every memdesc of every function
// became `unknown`, so in @pipelined, which has nothing to do with
// @rotate, the local_store to %o "overwrote" the wgmma operand %a still in
// flight (missing-completion-wait), and every buffer aliased every other.
// The fallback is now per function (no region flows between functions).
// Found while reviewing the analysis behind utils/gen's property checks.
//
// RUN: %python %S/../../Checker/expect_exit.py 0 proxyfence check %s | FileCheck %s
// CHECK: 0 errors, 0 warnings
//
// And the proxy-fence pass inserts no fence in @pipelined (it did, for the
// RAW that only the fallback's aliasing made up).
// RUN: proxyfence-opt %s --proxyfence-proxy-fence-insertion | FileCheck %s --check-prefix=PIPE
// PIPE-LABEL: tt.func @pipelined
// PIPE-NOT: ttng.fence_async_shared
// PIPE: tt.return

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @rotate(%n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %ring = ttg.local_alloc : () -> !ttg.memdesc<64x64x64xf16, #shared, #smem, mutable>
    %k0 = arith.constant 0 : i32
    %v0 = ttg.memdesc_index %ring[%k0] : !ttg.memdesc<64x64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    %k1 = arith.constant 1 : i32
    %v1 = ttg.memdesc_index %ring[%k1] : !ttg.memdesc<64x64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    %k2 = arith.constant 2 : i32
    %v2 = ttg.memdesc_index %ring[%k2] : !ttg.memdesc<64x64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    %k3 = arith.constant 3 : i32
    %v3 = ttg.memdesc_index %ring[%k3] : !ttg.memdesc<64x64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    %k4 = arith.constant 4 : i32
    %v4 = ttg.memdesc_index %ring[%k4] : !ttg.memdesc<64x64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    %k5 = arith.constant 5 : i32
    %v5 = ttg.memdesc_index %ring[%k5] : !ttg.memdesc<64x64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    %k6 = arith.constant 6 : i32
    %v6 = ttg.memdesc_index %ring[%k6] : !ttg.memdesc<64x64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    %k7 = arith.constant 7 : i32
    %v7 = ttg.memdesc_index %ring[%k7] : !ttg.memdesc<64x64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    %k8 = arith.constant 8 : i32
    %v8 = ttg.memdesc_index %ring[%k8] : !ttg.memdesc<64x64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    %k9 = arith.constant 9 : i32
    %v9 = ttg.memdesc_index %ring[%k9] : !ttg.memdesc<64x64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    %k10 = arith.constant 10 : i32
    %v10 = ttg.memdesc_index %ring[%k10] : !ttg.memdesc<64x64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    %k11 = arith.constant 11 : i32
    %v11 = ttg.memdesc_index %ring[%k11] : !ttg.memdesc<64x64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    %k12 = arith.constant 12 : i32
    %v12 = ttg.memdesc_index %ring[%k12] : !ttg.memdesc<64x64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    %k13 = arith.constant 13 : i32
    %v13 = ttg.memdesc_index %ring[%k13] : !ttg.memdesc<64x64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    %k14 = arith.constant 14 : i32
    %v14 = ttg.memdesc_index %ring[%k14] : !ttg.memdesc<64x64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    %k15 = arith.constant 15 : i32
    %v15 = ttg.memdesc_index %ring[%k15] : !ttg.memdesc<64x64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    %k16 = arith.constant 16 : i32
    %v16 = ttg.memdesc_index %ring[%k16] : !ttg.memdesc<64x64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    %k17 = arith.constant 17 : i32
    %v17 = ttg.memdesc_index %ring[%k17] : !ttg.memdesc<64x64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    %k18 = arith.constant 18 : i32
    %v18 = ttg.memdesc_index %ring[%k18] : !ttg.memdesc<64x64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    %k19 = arith.constant 19 : i32
    %v19 = ttg.memdesc_index %ring[%k19] : !ttg.memdesc<64x64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    %k20 = arith.constant 20 : i32
    %v20 = ttg.memdesc_index %ring[%k20] : !ttg.memdesc<64x64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    %k21 = arith.constant 21 : i32
    %v21 = ttg.memdesc_index %ring[%k21] : !ttg.memdesc<64x64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    %k22 = arith.constant 22 : i32
    %v22 = ttg.memdesc_index %ring[%k22] : !ttg.memdesc<64x64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    %k23 = arith.constant 23 : i32
    %v23 = ttg.memdesc_index %ring[%k23] : !ttg.memdesc<64x64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    %k24 = arith.constant 24 : i32
    %v24 = ttg.memdesc_index %ring[%k24] : !ttg.memdesc<64x64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    %k25 = arith.constant 25 : i32
    %v25 = ttg.memdesc_index %ring[%k25] : !ttg.memdesc<64x64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    %k26 = arith.constant 26 : i32
    %v26 = ttg.memdesc_index %ring[%k26] : !ttg.memdesc<64x64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    %k27 = arith.constant 27 : i32
    %v27 = ttg.memdesc_index %ring[%k27] : !ttg.memdesc<64x64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    %k28 = arith.constant 28 : i32
    %v28 = ttg.memdesc_index %ring[%k28] : !ttg.memdesc<64x64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    %k29 = arith.constant 29 : i32
    %v29 = ttg.memdesc_index %ring[%k29] : !ttg.memdesc<64x64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    %k30 = arith.constant 30 : i32
    %v30 = ttg.memdesc_index %ring[%k30] : !ttg.memdesc<64x64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    %k31 = arith.constant 31 : i32
    %v31 = ttg.memdesc_index %ring[%k31] : !ttg.memdesc<64x64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    %k32 = arith.constant 32 : i32
    %v32 = ttg.memdesc_index %ring[%k32] : !ttg.memdesc<64x64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    %k33 = arith.constant 33 : i32
    %v33 = ttg.memdesc_index %ring[%k33] : !ttg.memdesc<64x64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    %k34 = arith.constant 34 : i32
    %v34 = ttg.memdesc_index %ring[%k34] : !ttg.memdesc<64x64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    %k35 = arith.constant 35 : i32
    %v35 = ttg.memdesc_index %ring[%k35] : !ttg.memdesc<64x64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    %k36 = arith.constant 36 : i32
    %v36 = ttg.memdesc_index %ring[%k36] : !ttg.memdesc<64x64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    %k37 = arith.constant 37 : i32
    %v37 = ttg.memdesc_index %ring[%k37] : !ttg.memdesc<64x64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    %k38 = arith.constant 38 : i32
    %v38 = ttg.memdesc_index %ring[%k38] : !ttg.memdesc<64x64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    %k39 = arith.constant 39 : i32
    %v39 = ttg.memdesc_index %ring[%k39] : !ttg.memdesc<64x64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    %k40 = arith.constant 40 : i32
    %v40 = ttg.memdesc_index %ring[%k40] : !ttg.memdesc<64x64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    %k41 = arith.constant 41 : i32
    %v41 = ttg.memdesc_index %ring[%k41] : !ttg.memdesc<64x64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    %k42 = arith.constant 42 : i32
    %v42 = ttg.memdesc_index %ring[%k42] : !ttg.memdesc<64x64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    %k43 = arith.constant 43 : i32
    %v43 = ttg.memdesc_index %ring[%k43] : !ttg.memdesc<64x64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    %k44 = arith.constant 44 : i32
    %v44 = ttg.memdesc_index %ring[%k44] : !ttg.memdesc<64x64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    %k45 = arith.constant 45 : i32
    %v45 = ttg.memdesc_index %ring[%k45] : !ttg.memdesc<64x64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    %k46 = arith.constant 46 : i32
    %v46 = ttg.memdesc_index %ring[%k46] : !ttg.memdesc<64x64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    %k47 = arith.constant 47 : i32
    %v47 = ttg.memdesc_index %ring[%k47] : !ttg.memdesc<64x64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    %k48 = arith.constant 48 : i32
    %v48 = ttg.memdesc_index %ring[%k48] : !ttg.memdesc<64x64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    %k49 = arith.constant 49 : i32
    %v49 = ttg.memdesc_index %ring[%k49] : !ttg.memdesc<64x64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    %k50 = arith.constant 50 : i32
    %v50 = ttg.memdesc_index %ring[%k50] : !ttg.memdesc<64x64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    %k51 = arith.constant 51 : i32
    %v51 = ttg.memdesc_index %ring[%k51] : !ttg.memdesc<64x64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    %k52 = arith.constant 52 : i32
    %v52 = ttg.memdesc_index %ring[%k52] : !ttg.memdesc<64x64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    %k53 = arith.constant 53 : i32
    %v53 = ttg.memdesc_index %ring[%k53] : !ttg.memdesc<64x64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    %k54 = arith.constant 54 : i32
    %v54 = ttg.memdesc_index %ring[%k54] : !ttg.memdesc<64x64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    %k55 = arith.constant 55 : i32
    %v55 = ttg.memdesc_index %ring[%k55] : !ttg.memdesc<64x64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    %k56 = arith.constant 56 : i32
    %v56 = ttg.memdesc_index %ring[%k56] : !ttg.memdesc<64x64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    %k57 = arith.constant 57 : i32
    %v57 = ttg.memdesc_index %ring[%k57] : !ttg.memdesc<64x64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    %k58 = arith.constant 58 : i32
    %v58 = ttg.memdesc_index %ring[%k58] : !ttg.memdesc<64x64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    %k59 = arith.constant 59 : i32
    %v59 = ttg.memdesc_index %ring[%k59] : !ttg.memdesc<64x64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    %k60 = arith.constant 60 : i32
    %v60 = ttg.memdesc_index %ring[%k60] : !ttg.memdesc<64x64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    %k61 = arith.constant 61 : i32
    %v61 = ttg.memdesc_index %ring[%k61] : !ttg.memdesc<64x64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    %k62 = arith.constant 62 : i32
    %v62 = ttg.memdesc_index %ring[%k62] : !ttg.memdesc<64x64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    %k63 = arith.constant 63 : i32
    %v63 = ttg.memdesc_index %ring[%k63] : !ttg.memdesc<64x64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    %r:64 = scf.for %i = %c0 to %n step %c1 iter_args(%x0 = %v0, %x1 = %v1, %x2 = %v2, %x3 = %v3, %x4 = %v4, %x5 = %v5, %x6 = %v6, %x7 = %v7, %x8 = %v8, %x9 = %v9, %x10 = %v10, %x11 = %v11, %x12 = %v12, %x13 = %v13, %x14 = %v14, %x15 = %v15, %x16 = %v16, %x17 = %v17, %x18 = %v18, %x19 = %v19, %x20 = %v20, %x21 = %v21, %x22 = %v22, %x23 = %v23, %x24 = %v24, %x25 = %v25, %x26 = %v26, %x27 = %v27, %x28 = %v28, %x29 = %v29, %x30 = %v30, %x31 = %v31, %x32 = %v32, %x33 = %v33, %x34 = %v34, %x35 = %v35, %x36 = %v36, %x37 = %v37, %x38 = %v38, %x39 = %v39, %x40 = %v40, %x41 = %v41, %x42 = %v42, %x43 = %v43, %x44 = %v44, %x45 = %v45, %x46 = %v46, %x47 = %v47, %x48 = %v48, %x49 = %v49, %x50 = %v50, %x51 = %v51, %x52 = %v52, %x53 = %v53, %x54 = %v54, %x55 = %v55, %x56 = %v56, %x57 = %v57, %x58 = %v58, %x59 = %v59, %x60 = %v60, %x61 = %v61, %x62 = %v62, %x63 = %v63) -> (!ttg.memdesc<64x64xf16, #shared, #smem, mutable>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable>) : i32 {
      scf.yield %x1, %x2, %x3, %x4, %x5, %x6, %x7, %x8, %x9, %x10, %x11, %x12, %x13, %x14, %x15, %x16, %x17, %x18, %x19, %x20, %x21, %x22, %x23, %x24, %x25, %x26, %x27, %x28, %x29, %x30, %x31, %x32, %x33, %x34, %x35, %x36, %x37, %x38, %x39, %x40, %x41, %x42, %x43, %x44, %x45, %x46, %x47, %x48, %x49, %x50, %x51, %x52, %x53, %x54, %x55, %x56, %x57, %x58, %x59, %x60, %x61, %x62, %x63, %x0 : !ttg.memdesc<64x64xf16, #shared, #smem, mutable>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    }
    tt.return
  }
  tt.func @pipelined(%n: i32, %v: tensor<64x64xf16, #blocked>, %acc: tensor<64x64xf32, #mma>) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %a = ttg.local_alloc : () -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    %o = ttg.local_alloc : () -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%x = %acc) -> (tensor<64x64xf32, #mma>) : i32 {
      %d = ttng.warp_group_dot %a, %a, %x {inputPrecision = 0 : i32, isAsync = true} : !ttg.memdesc<64x64xf16, #shared, #smem, mutable> * !ttg.memdesc<64x64xf16, #shared, #smem, mutable> -> tensor<64x64xf32, #mma>
      %w:2 = ttng.warp_group_dot_wait %d, %a {pendings = 1 : i32} : tensor<64x64xf32, #mma>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
      ttg.local_store %v, %o : tensor<64x64xf16, #blocked> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
      scf.yield %w#0 : tensor<64x64xf32, #mma>
    }
    %f = ttng.warp_group_dot_wait %r {pendings = 0 : i32} : tensor<64x64xf32, #mma>
    tt.return
  }
}
