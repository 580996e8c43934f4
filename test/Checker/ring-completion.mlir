// A ring of 3 slots read by wgmma and refilled by generic writes, indexed
// by two loop-carried stage counters as Triton's pipeliner writes them
// (`next = (x + 1 >= 3) ? 0 : x + 1`): the read counter starts at -1, the
// write counter at 1, so the slot written is always the one read two
// iterations ago. With `warp_group_dot_wait {pendings = 1}` the wgmma of the
// previous iteration has completed and the one in flight reads another
// slot: no missing completion wait (scf.for and cf forms). (Each store is
// fenced before the wgmma that reads it two iterations later.) Controls: one
// more wgmma left in flight (pendings = 2), and a write counter that starts
// with the read counter (the slot in flight is overwritten), are reported.
// RUN: not proxyfence check %s | FileCheck %s

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-NOT: ring-completion.mlir:[[#@LINE+1]]
  tt.func @ring(%n: i32, %v: tensor<64x64xf16, #blocked>, %acc0: tensor<64x64xf32, #mma>) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c3 = arith.constant 3 : i32
    %cm1 = arith.constant -1 : i32
    %a = ttg.local_alloc : () -> !ttg.memdesc<3x64x64xf16, #shared, #smem, mutable>
    %res:3 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %acc0, %w = %c1, %r = %cm1) -> (tensor<64x64xf32, #mma>, i32, i32) : i32 {
      %r1 = arith.addi %r, %c1 : i32
      %rw = arith.cmpi sge, %r1, %c3 : i32
      %rn = arith.select %rw, %c0, %r1 : i32
      %slot = ttg.memdesc_index %a[%rn] : !ttg.memdesc<3x64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
      %d = ttng.warp_group_dot %slot, %slot, %acc {isAsync = true} : !ttg.memdesc<64x64xf16, #shared, #smem, mutable> * !ttg.memdesc<64x64xf16, #shared, #smem, mutable> -> tensor<64x64xf32, #mma>
      %dw:2 = ttng.warp_group_dot_wait %d, %slot {pendings = 1 : i32} : tensor<64x64xf32, #mma>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
      %w1 = arith.addi %w, %c1 : i32
      %ww = arith.cmpi sge, %w1, %c3 : i32
      %wn = arith.select %ww, %c0, %w1 : i32
      %next = ttg.memdesc_index %a[%wn] : !ttg.memdesc<3x64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
      ttg.local_store %v, %next : tensor<64x64xf16, #blocked> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
      ttng.fence_async_shared {bCluster = false}
      scf.yield %dw#0, %wn, %rn : tensor<64x64xf32, #mma>, i32, i32
    }
    tt.return
  }

  // The same ring after Triton lowers scf.for to cf branches; the counters
  // are arguments of the loop header.
  // CHECK-NOT: ring-completion.mlir:[[#@LINE+1]]
  tt.func @ring_cf(%n: i32, %v: tensor<64x64xf16, #blocked>, %acc0: tensor<64x64xf32, #mma>) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c3 = arith.constant 3 : i32
    %cm1 = arith.constant -1 : i32
    %a = ttg.local_alloc : () -> !ttg.memdesc<3x64x64xf16, #shared, #smem, mutable>
    cf.br ^header(%c0, %acc0, %c1, %cm1 : i32, tensor<64x64xf32, #mma>, i32, i32)
  ^header(%i: i32, %acc: tensor<64x64xf32, #mma>, %w: i32, %r: i32):
    %go = arith.cmpi slt, %i, %n : i32
    cf.cond_br %go, ^body, ^exit
  ^body:
    %r1 = arith.addi %r, %c1 : i32
    %rw = arith.cmpi sge, %r1, %c3 : i32
    %rn = arith.select %rw, %c0, %r1 : i32
    %slot = ttg.memdesc_index %a[%rn] : !ttg.memdesc<3x64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    %d = ttng.warp_group_dot %slot, %slot, %acc {isAsync = true} : !ttg.memdesc<64x64xf16, #shared, #smem, mutable> * !ttg.memdesc<64x64xf16, #shared, #smem, mutable> -> tensor<64x64xf32, #mma>
    %dw:2 = ttng.warp_group_dot_wait %d, %slot {pendings = 1 : i32} : tensor<64x64xf32, #mma>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    %w1 = arith.addi %w, %c1 : i32
    %ww = arith.cmpi eq, %w1, %c3 : i32
    %wn = arith.select %ww, %c0, %w1 : i32
    %next = ttg.memdesc_index %a[%wn] : !ttg.memdesc<3x64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    ttg.local_store %v, %next : tensor<64x64xf16, #blocked> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    ttng.fence_async_shared {bCluster = false}
    %i1 = arith.addi %i, %c1 : i32
    cf.br ^header(%i1, %dw#0, %wn, %rn : i32, tensor<64x64xf32, #mma>, i32, i32)
  ^exit:
    tt.return
  }

  // Two wgmmas left in flight: the one of the previous iteration still
  // reads the slot about to be written.
  tt.func @ring_pendings_2(%n: i32, %v: tensor<64x64xf16, #blocked>, %acc0: tensor<64x64xf32, #mma>) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c3 = arith.constant 3 : i32
    %cm1 = arith.constant -1 : i32
    %a = ttg.local_alloc : () -> !ttg.memdesc<3x64x64xf16, #shared, #smem, mutable>
    %res:3 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %acc0, %w = %c1, %r = %cm1) -> (tensor<64x64xf32, #mma>, i32, i32) : i32 {
      %r1 = arith.addi %r, %c1 : i32
      %rw = arith.cmpi sge, %r1, %c3 : i32
      %rn = arith.select %rw, %c0, %r1 : i32
      %slot = ttg.memdesc_index %a[%rn] : !ttg.memdesc<3x64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
      %d = ttng.warp_group_dot %slot, %slot, %acc {isAsync = true} : !ttg.memdesc<64x64xf16, #shared, #smem, mutable> * !ttg.memdesc<64x64xf16, #shared, #smem, mutable> -> tensor<64x64xf32, #mma>
      %dw:2 = ttng.warp_group_dot_wait %d, %slot {pendings = 2 : i32} : tensor<64x64xf32, #mma>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
      %w1 = arith.addi %w, %c1 : i32
      %ww = arith.cmpi sge, %w1, %c3 : i32
      %wn = arith.select %ww, %c0, %w1 : i32
      %next = ttg.memdesc_index %a[%wn] : !ttg.memdesc<3x64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
      // CHECK: ring-completion.mlir:[[#@LINE+1]]:7: error: ttg.local_store overwrites shared memory that ttng.warp_group_dot may still be reading through the async proxy
      ttg.local_store %v, %next : tensor<64x64xf16, #blocked> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
      ttng.fence_async_shared {bCluster = false}
      scf.yield %dw#0, %wn, %rn : tensor<64x64xf32, #mma>, i32, i32
    }
    tt.return
  }

  // The write counter starts with the read counter: the slot in flight is
  // the one overwritten.
  tt.func @ring_same_slot(%n: i32, %v: tensor<64x64xf16, #blocked>, %acc0: tensor<64x64xf32, #mma>) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c3 = arith.constant 3 : i32
    %cm1 = arith.constant -1 : i32
    %a = ttg.local_alloc : () -> !ttg.memdesc<3x64x64xf16, #shared, #smem, mutable>
    %res:3 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %acc0, %w = %cm1, %r = %cm1) -> (tensor<64x64xf32, #mma>, i32, i32) : i32 {
      %r1 = arith.addi %r, %c1 : i32
      %rw = arith.cmpi sge, %r1, %c3 : i32
      %rn = arith.select %rw, %c0, %r1 : i32
      %slot = ttg.memdesc_index %a[%rn] : !ttg.memdesc<3x64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
      %d = ttng.warp_group_dot %slot, %slot, %acc {isAsync = true} : !ttg.memdesc<64x64xf16, #shared, #smem, mutable> * !ttg.memdesc<64x64xf16, #shared, #smem, mutable> -> tensor<64x64xf32, #mma>
      %dw:2 = ttng.warp_group_dot_wait %d, %slot {pendings = 1 : i32} : tensor<64x64xf32, #mma>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
      %w1 = arith.addi %w, %c1 : i32
      %ww = arith.cmpi sge, %w1, %c3 : i32
      %wn = arith.select %ww, %c0, %w1 : i32
      %next = ttg.memdesc_index %a[%wn] : !ttg.memdesc<3x64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
      // CHECK: ring-completion.mlir:[[#@LINE+1]]:7: error: ttg.local_store overwrites shared memory that ttng.warp_group_dot may still be reading through the async proxy
      ttg.local_store %v, %next : tensor<64x64xf16, #blocked> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
      ttng.fence_async_shared {bCluster = false}
      scf.yield %dw#0, %wn, %rn : tensor<64x64xf32, #mma>, i32, i32
    }
    tt.return
  }
}
// CHECK: ring-completion.mlir: 2 errors, 0 warnings
