// Fence insertion hoists a fence out of the loops that hold none of the
// read's writers. It goes through one writer of each block its writers are
// in (writers of one block sit in the same loops), yet counts every writer
// in the remark. Here the writers of one ring slot sit in two blocks: two
// stores before the loops and one in the outer loop's body. The MMA in the
// inner loop is fenced before the inner loop, not before the outer one (a
// list of the slot's writers that kept only its first block would hoist it
// out of both), and the remark counts three writers; the store into the
// other slot does not reach the read.
//
// RUN: proxyfence-opt %s --proxyfence-fence-insertion | FileCheck %s
// RUN: proxyfence-opt %s --proxyfence-fence-insertion="remarks=true" -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // REMARK: remark: proxy fence inserted before ttng.warp_group_dot: 3 register-to-shared write(s) reach its async read; hoisted out of 1 loop(s)
  // CHECK-LABEL: tt.func @ring_writers_in_two_blocks
  // CHECK-NOT: ttng.fence_async_shared
  // CHECK: scf.for
  // CHECK-NEXT: ttg.local_store
  // CHECK-NEXT: ttng.fence_async_shared {bCluster = false}
  // CHECK-NEXT: scf.for
  // CHECK-NOT: ttng.fence_async_shared
  // CHECK: ttng.warp_group_dot
  // CHECK-NOT: ttng.fence_async_shared
  // CHECK: tt.return
  tt.func @ring_writers_in_two_blocks(%v: tensor<64x64xf16, #blocked>, %acc: tensor<64x64xf32, #mma>, %n: i32) -> tensor<64x64xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %ring = ttg.local_alloc : () -> !ttg.memdesc<2x64x64xf16, #shared, #smem, mutable>
    %s0 = ttg.memdesc_index %ring[%c0] : !ttg.memdesc<2x64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    %s1 = ttg.memdesc_index %ring[%c1] : !ttg.memdesc<2x64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    ttg.local_store %v, %s0 : tensor<64x64xf16, #blocked> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    ttg.local_store %v, %s1 : tensor<64x64xf16, #blocked> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    ttg.local_store %v, %s1 : tensor<64x64xf16, #blocked> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%x = %acc) -> (tensor<64x64xf32, #mma>) : i32 {
      ttg.local_store %v, %s1 : tensor<64x64xf16, #blocked> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
      %inner = scf.for %j = %c0 to %n step %c1 iter_args(%y = %x) -> (tensor<64x64xf32, #mma>) : i32 {
        %d = ttng.warp_group_dot %s1, %s1, %y {inputPrecision = 0 : i32} : !ttg.memdesc<64x64xf16, #shared, #smem, mutable> * !ttg.memdesc<64x64xf16, #shared, #smem, mutable> -> tensor<64x64xf32, #mma>
        scf.yield %d : tensor<64x64xf32, #mma>
      }
      scf.yield %inner : tensor<64x64xf32, #mma>
    }
    tt.return %r : tensor<64x64xf32, #mma>
  }
}
// REMARK: remark: proxyfence-fence-insertion: 1 inserted, 1 loop hoists, 0 deduplicated
