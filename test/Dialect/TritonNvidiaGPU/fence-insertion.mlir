// The early fence pass: a ttng.fence_async_shared goes before every async
// reader (wgmma, tcgen05 MMA, TMA store) of shared memory that registers were
// written into (ttg.local_alloc %src, ttg.local_store), hoisted out of the
// loops that contain no writer and run concurrently with none.
//
// RUN: proxyfence-opt %s --split-input-file --proxyfence-fence-insertion | FileCheck %s
// RUN: proxyfence-opt %s --split-input-file --triton-nvidia-gpu-fence-insertion | FileCheck %s
// RUN: proxyfence-opt %s --split-input-file --proxyfence-fence-insertion=compute-capability=80 | FileCheck %s --check-prefix=SM80

// Rule: a register source written by ttg.local_alloc %src and read by a wgmma
// needs a CTA fence immediately before the wgmma.

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @local_alloc_src_then_wgmma
  // CHECK: %[[A:.*]] = ttg.local_alloc %{{.*}} : (tensor<64x64xf16, #blocked>)
  // CHECK-NEXT: ttng.fence_async_shared {bCluster = false}
  // CHECK-NEXT: ttng.warp_group_dot %[[A]], %[[A]]
  // CHECK-NOT: ttng.fence_async_shared
  // SM80-LABEL: tt.func @local_alloc_src_then_wgmma
  // SM80-NOT: ttng.fence_async_shared
  tt.func @local_alloc_src_then_wgmma(%v: tensor<64x64xf16, #blocked>, %acc: tensor<64x64xf32, #mma>) -> tensor<64x64xf32, #mma> {
    %a = ttg.local_alloc %v : (tensor<64x64xf16, #blocked>) -> !ttg.memdesc<64x64xf16, #shared, #smem>
    %d = ttng.warp_group_dot %a, %a, %acc {inputPrecision = 0 : i32} : !ttg.memdesc<64x64xf16, #shared, #smem> * !ttg.memdesc<64x64xf16, #shared, #smem> -> tensor<64x64xf32, #mma>
    tt.return %d : tensor<64x64xf32, #mma>
  }
}

// -----

// Rule: a writer inside the loop keeps the fence inside the loop, right
// before the MMA (the next iteration's store must be fenced again).

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @store_and_mma_in_loop
  // CHECK-NOT: ttng.fence_async_shared
  // CHECK: scf.for
  // CHECK-NEXT: ttg.local_store
  // CHECK-NEXT: ttng.fence_async_shared {bCluster = false}
  // CHECK-NEXT: ttng.warp_group_dot
  // CHECK-NOT: ttng.fence_async_shared
  // SM80-LABEL: tt.func @store_and_mma_in_loop
  // SM80-NOT: ttng.fence_async_shared
  tt.func @store_and_mma_in_loop(%v: tensor<64x64xf16, #blocked>, %acc: tensor<64x64xf32, #mma>, %n: i32) -> tensor<64x64xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %a = ttg.local_alloc : () -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    %r = scf.for %iv = %c0 to %n step %c1 iter_args(%x = %acc) -> (tensor<64x64xf32, #mma>) : i32 {
      ttg.local_store %v, %a : tensor<64x64xf16, #blocked> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
      %d = ttng.warp_group_dot %a, %a, %x {inputPrecision = 0 : i32} : !ttg.memdesc<64x64xf16, #shared, #smem, mutable> * !ttg.memdesc<64x64xf16, #shared, #smem, mutable> -> tensor<64x64xf32, #mma>
      scf.yield %d : tensor<64x64xf32, #mma>
    }
    tt.return %r : tensor<64x64xf32, #mma>
  }
}

// -----

// Rule: with the only writer before the loop, the fence is hoisted out of
// the loop: one fence before the scf.for, none inside.

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @hoist_out_of_loop
  // CHECK: ttg.local_alloc %{{.*}} : (tensor<64x64xf16, #blocked>)
  // CHECK-NEXT: ttng.fence_async_shared {bCluster = false}
  // CHECK-NEXT: scf.for
  // CHECK-NOT: ttng.fence_async_shared
  // CHECK: ttng.warp_group_dot
  // CHECK-NOT: ttng.fence_async_shared
  // CHECK: tt.return
  // SM80-LABEL: tt.func @hoist_out_of_loop
  // SM80-NOT: ttng.fence_async_shared
  tt.func @hoist_out_of_loop(%v: tensor<64x64xf16, #blocked>, %acc: tensor<64x64xf32, #mma>, %n: i32) -> tensor<64x64xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %a = ttg.local_alloc %v : (tensor<64x64xf16, #blocked>) -> !ttg.memdesc<64x64xf16, #shared, #smem>
    %r = scf.for %iv = %c0 to %n step %c1 iter_args(%x = %acc) -> (tensor<64x64xf32, #mma>) : i32 {
      %d = ttng.warp_group_dot %a, %a, %x {inputPrecision = 0 : i32} : !ttg.memdesc<64x64xf16, #shared, #smem> * !ttg.memdesc<64x64xf16, #shared, #smem> -> tensor<64x64xf32, #mma>
      scf.yield %d : tensor<64x64xf32, #mma>
    }
    tt.return %r : tensor<64x64xf32, #mma>
  }
}

// -----

// Rule: hoisting stops at the first enclosing loop that contains a writer:
// writer in the outer body, MMA in the inner loop -> fence before the inner
// scf.for, inside the outer one.

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @nested_loops
  // CHECK-NOT: ttng.fence_async_shared
  // CHECK: scf.for
  // CHECK-NEXT: ttg.local_store
  // CHECK-NEXT: ttng.fence_async_shared {bCluster = false}
  // CHECK-NEXT: scf.for
  // CHECK-NOT: ttng.fence_async_shared
  // CHECK: ttng.warp_group_dot
  // CHECK-NOT: ttng.fence_async_shared
  // CHECK: tt.return
  // SM80-LABEL: tt.func @nested_loops
  // SM80-NOT: ttng.fence_async_shared
  tt.func @nested_loops(%v: tensor<64x64xf16, #blocked>, %acc: tensor<64x64xf32, #mma>, %n: i32) -> tensor<64x64xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %a = ttg.local_alloc : () -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%x = %acc) -> (tensor<64x64xf32, #mma>) : i32 {
      ttg.local_store %v, %a : tensor<64x64xf16, #blocked> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
      %inner = scf.for %j = %c0 to %n step %c1 iter_args(%y = %x) -> (tensor<64x64xf32, #mma>) : i32 {
        %d = ttng.warp_group_dot %a, %a, %y {inputPrecision = 0 : i32} : !ttg.memdesc<64x64xf16, #shared, #smem, mutable> * !ttg.memdesc<64x64xf16, #shared, #smem, mutable> -> tensor<64x64xf32, #mma>
        scf.yield %d : tensor<64x64xf32, #mma>
      }
      scf.yield %inner : tensor<64x64xf32, #mma>
    }
    tt.return %r : tensor<64x64xf32, #mma>
  }
}

// -----

// Rule: writers are traced through memdesc_index views and scf.for
// iter_args: the store into slot 0 reaches the MMA reading the loop-carried
// view (fence, hoisted before the loop).

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @views_and_iter_args
  // CHECK: ttg.local_store
  // CHECK-NEXT: ttng.fence_async_shared {bCluster = false}
  // CHECK-NEXT: scf.for
  // CHECK-NOT: ttng.fence_async_shared
  // CHECK: ttng.warp_group_dot
  // CHECK-NOT: ttng.fence_async_shared
  // CHECK: tt.return
  // SM80-LABEL: tt.func @views_and_iter_args
  // SM80-NOT: ttng.fence_async_shared
  tt.func @views_and_iter_args(%v: tensor<64x64xf16, #blocked>, %acc: tensor<64x64xf32, #mma>, %n: i32) -> tensor<64x64xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %bufs = ttg.local_alloc : () -> !ttg.memdesc<2x64x64xf16, #shared, #smem, mutable>
    %s0 = ttg.memdesc_index %bufs[%c0] : !ttg.memdesc<2x64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable, 2x64x64>
    ttg.local_store %v, %s0 : tensor<64x64xf16, #blocked> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable, 2x64x64>
    %r:2 = scf.for %iv = %c0 to %n step %c1 iter_args(%x = %acc, %cur = %s0) -> (tensor<64x64xf32, #mma>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable, 2x64x64>) : i32 {
      %d = ttng.warp_group_dot %cur, %cur, %x {inputPrecision = 0 : i32} : !ttg.memdesc<64x64xf16, #shared, #smem, mutable, 2x64x64> * !ttg.memdesc<64x64xf16, #shared, #smem, mutable, 2x64x64> -> tensor<64x64xf32, #mma>
      scf.yield %d, %cur : tensor<64x64xf32, #mma>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable, 2x64x64>
    }
    tt.return %r#0 : tensor<64x64xf32, #mma>
  }
}

// -----

// Rule: iter_args keep exact byte ranges: a store into slot 1 does not reach
// an MMA reading the loop-carried view of slot 0 (no fence).

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @iter_args_exact_slot
  // CHECK-NOT: ttng.fence_async_shared
  // CHECK: tt.return
  tt.func @iter_args_exact_slot(%v: tensor<64x64xf16, #blocked>, %acc: tensor<64x64xf32, #mma>, %n: i32) -> tensor<64x64xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %bufs = ttg.local_alloc : () -> !ttg.memdesc<2x64x64xf16, #shared, #smem, mutable>
    %s0 = ttg.memdesc_index %bufs[%c0] : !ttg.memdesc<2x64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable, 2x64x64>
    %s1 = ttg.memdesc_index %bufs[%c1] : !ttg.memdesc<2x64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable, 2x64x64>
    ttg.local_store %v, %s1 : tensor<64x64xf16, #blocked> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable, 2x64x64>
    %r:2 = scf.for %iv = %c0 to %n step %c1 iter_args(%x = %acc, %cur = %s0) -> (tensor<64x64xf32, #mma>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable, 2x64x64>) : i32 {
      %d = ttng.warp_group_dot %cur, %cur, %x {inputPrecision = 0 : i32} : !ttg.memdesc<64x64xf16, #shared, #smem, mutable, 2x64x64> * !ttg.memdesc<64x64xf16, #shared, #smem, mutable, 2x64x64> -> tensor<64x64xf32, #mma>
      scf.yield %d, %cur : tensor<64x64xf32, #mma>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable, 2x64x64>
    }
    tt.return %r#0 : tensor<64x64xf32, #mma>
  }
}

// -----

// Rule: a writer in another warp_specialize partition runs concurrently
// with the MMA, so the fence is not hoisted out of the MMA's loop: it stays
// right before the MMA in the other partition.

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32, "ttg.total-num-warps" = 12 : i32} {
  // CHECK-LABEL: tt.func @warp_specialize_concurrent_writer
  // CHECK: partition0(
  // CHECK-NOT: ttng.fence_async_shared
  // CHECK: ttg.local_store
  // CHECK-NOT: ttng.fence_async_shared
  // CHECK: partition1(
  // CHECK-NOT: ttng.fence_async_shared
  // CHECK: scf.for
  // CHECK-NEXT: ttng.fence_async_shared {bCluster = false}
  // CHECK-NEXT: ttng.warp_group_dot
  // CHECK-NOT: ttng.fence_async_shared
  // CHECK: tt.return
  // SM80-LABEL: tt.func @warp_specialize_concurrent_writer
  // SM80-NOT: ttng.fence_async_shared
  tt.func @warp_specialize_concurrent_writer(%n: i32) {
    %a = ttg.local_alloc : () -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    ttg.warp_specialize(%a, %n) attributes {requestedRegisters = array<i32: 24, 24>}
    default {
      ttg.warp_yield
    }
    partition0(%buf: !ttg.memdesc<64x64xf16, #shared, #smem, mutable>, %m: i32) num_warps(4) {
      %v = arith.constant dense<1.000000e+00> : tensor<64x64xf16, #blocked>
      ttg.local_store %v, %buf : tensor<64x64xf16, #blocked> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
      ttg.warp_return
    }
    partition1(%buf: !ttg.memdesc<64x64xf16, #shared, #smem, mutable>, %m: i32) num_warps(4) {
      %c0 = arith.constant 0 : i32
      %c1 = arith.constant 1 : i32
      %acc = arith.constant dense<0.000000e+00> : tensor<64x64xf32, #mma>
      %r = scf.for %iv = %c0 to %m step %c1 iter_args(%x = %acc) -> (tensor<64x64xf32, #mma>) : i32 {
        %d = ttng.warp_group_dot %buf, %buf, %x {inputPrecision = 0 : i32} : !ttg.memdesc<64x64xf16, #shared, #smem, mutable> * !ttg.memdesc<64x64xf16, #shared, #smem, mutable> -> tensor<64x64xf32, #mma>
        scf.yield %d : tensor<64x64xf32, #mma>
      }
      ttg.warp_return
    } : (!ttg.memdesc<64x64xf16, #shared, #smem, mutable>, i32) -> ()
    tt.return
  }
}

// -----

// Rule: an equal fence already before the op, with only memory-effect-free
// ops (arith, memdesc views) between, is not duplicated.

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#shared2 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @existing_fence
  // CHECK-COUNT-1: ttng.fence_async_shared {bCluster = false}
  // CHECK-NOT: ttng.fence_async_shared
  // CHECK: arith.addi
  // CHECK-NEXT: ttg.memdesc_trans
  // CHECK-NEXT: ttng.warp_group_dot
  // CHECK-NOT: ttng.fence_async_shared
  // CHECK: tt.return
  // SM80-LABEL: tt.func @existing_fence
  // SM80-COUNT-1: ttng.fence_async_shared {bCluster = false}
  // SM80-NOT: ttng.fence_async_shared
  // SM80: tt.return
  tt.func @existing_fence(%v: tensor<64x64xf16, #blocked>, %acc: tensor<64x64xf32, #mma>, %n: i32) -> tensor<64x64xf32, #mma> {
    %a = ttg.local_alloc %v : (tensor<64x64xf16, #blocked>) -> !ttg.memdesc<64x64xf16, #shared, #smem>
    ttng.fence_async_shared {bCluster = false}
    %m = arith.addi %n, %n : i32
    %t = ttg.memdesc_trans %a {order = array<i32: 1, 0>} : !ttg.memdesc<64x64xf16, #shared, #smem> -> !ttg.memdesc<64x64xf16, #shared2, #smem>
    %d = ttng.warp_group_dot %a, %t, %acc {inputPrecision = 0 : i32} : !ttg.memdesc<64x64xf16, #shared, #smem> * !ttg.memdesc<64x64xf16, #shared2, #smem> -> tensor<64x64xf32, #mma>
    tt.return %d : tensor<64x64xf32, #mma>
  }
}

// -----

// Rule: async writes followed by async reads need no proxy fence: an MMA
// whose operands only TMA loads wrote gets none, even with an unrelated
// register write (to another buffer) in the same function.

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#shared1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @tma_loaded_operands
  // CHECK-NOT: ttng.fence_async_shared
  // CHECK: ttng.warp_group_dot
  // CHECK-NOT: ttng.fence_async_shared
  // CHECK: tt.return
  tt.func @tma_loaded_operands(%desc: !tt.tensordesc<tensor<64x64xf16, #shared>>, %i: i32, %v: tensor<64x64xf16, #blocked>, %acc: tensor<64x64xf32, #mma>) -> tensor<64x64xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %true = arith.constant true
    %other = ttg.local_alloc %v : (tensor<64x64xf16, #blocked>) -> !ttg.memdesc<64x64xf16, #shared, #smem>
    %a = ttg.local_alloc : () -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    %b = ttg.local_alloc : () -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    %bar = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    ttng.init_barrier %bar, 1 : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    ttng.barrier_expect %bar, 16384, %true : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    ttng.async_tma_copy_global_to_local %desc[%i, %i] %a, %bar, %true : !tt.tensordesc<tensor<64x64xf16, #shared>>, !ttg.memdesc<1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    ttng.async_tma_copy_global_to_local %desc[%i, %i] %b, %bar, %true : !tt.tensordesc<tensor<64x64xf16, #shared>>, !ttg.memdesc<1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    ttng.wait_barrier %bar, %c0 : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    ttng.inval_barrier %bar : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    %d = ttng.warp_group_dot %a, %b, %acc {inputPrecision = 0 : i32} : !ttg.memdesc<64x64xf16, #shared, #smem, mutable> * !ttg.memdesc<64x64xf16, #shared, #smem, mutable> -> tensor<64x64xf32, #mma>
    %l = ttg.local_load %other : !ttg.memdesc<64x64xf16, #shared, #smem> -> tensor<64x64xf16, #blocked>
    tt.return %d : tensor<64x64xf32, #mma>
  }
}

// -----

// Rule: a TMA store reads its source through the async proxy: the buffer
// written by ttg.local_alloc %src is fenced right before the store.

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @tma_store
  // CHECK: %[[BUF:.*]] = ttg.local_alloc %{{.*}} : (tensor<64x64xf16, #blocked>)
  // CHECK-NEXT: ttng.fence_async_shared {bCluster = false}
  // CHECK-NEXT: ttng.async_tma_copy_local_to_global %{{.*}}[%{{.*}}, %{{.*}}] %[[BUF]]
  // CHECK-NEXT: ttng.async_tma_store_wait
  // CHECK-NOT: ttng.fence_async_shared
  // SM80-LABEL: tt.func @tma_store
  // SM80-NOT: ttng.fence_async_shared
  tt.func @tma_store(%desc: !tt.tensordesc<tensor<64x64xf16, #shared>>, %i: i32, %v: tensor<64x64xf16, #blocked>) {
    %buf = ttg.local_alloc %v : (tensor<64x64xf16, #blocked>) -> !ttg.memdesc<64x64xf16, #shared, #smem>
    ttng.async_tma_copy_local_to_global %desc[%i, %i] %buf : !tt.tensordesc<tensor<64x64xf16, #shared>>, !ttg.memdesc<64x64xf16, #shared, #smem>
    ttng.async_tma_store_wait {pendings = 0 : i32}
    tt.return
  }
}

// -----

// Rule: a two-CTA tcgen05 MMA reads its operands on behalf of both CTAs of
// the pair: the fence must be cluster-scoped ({bCluster = true}).

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @two_cta_mma
  // CHECK: ttg.local_alloc %{{.*}} : (tensor<128x64xf16, #blocked>)
  // CHECK-NOT: ttng.fence_async_shared
  // CHECK: ttng.tmem_alloc
  // CHECK-NEXT: ttng.fence_async_shared {bCluster = true}
  // CHECK-NEXT: ttng.tc_gen5_mma {{.*}}two_ctas
  // CHECK-NOT: ttng.fence_async_shared
  // SM80-LABEL: tt.func @two_cta_mma
  // SM80-NOT: ttng.fence_async_shared
  tt.func @two_cta_mma(%v: tensor<128x64xf16, #blocked>, %b: !ttg.memdesc<64x128xf16, #shared, #smem, mutable>) {
    %true = arith.constant true
    %false = arith.constant false
    %a = ttg.local_alloc %v : (tensor<128x64xf16, #blocked>) -> !ttg.memdesc<128x64xf16, #shared, #smem>
    %acc = ttng.tmem_alloc : () -> !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>
    ttng.tc_gen5_mma %a, %b, %acc, %false, %true {two_ctas} : !ttg.memdesc<128x64xf16, #shared, #smem>, !ttg.memdesc<64x128xf16, #shared, #smem, mutable>, !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>
    tt.return
  }
}

// -----

// Rule: a one-CTA tcgen05 MMA needs only a CTA fence ({bCluster = false}).

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @one_cta_mma
  // CHECK: ttng.tmem_alloc
  // CHECK-NEXT: ttng.fence_async_shared {bCluster = false}
  // CHECK-NEXT: ttng.tc_gen5_mma
  // CHECK-NOT: ttng.fence_async_shared
  // SM80-LABEL: tt.func @one_cta_mma
  // SM80-NOT: ttng.fence_async_shared
  tt.func @one_cta_mma(%v: tensor<128x64xf16, #blocked>, %b: !ttg.memdesc<64x128xf16, #shared, #smem, mutable>) {
    %true = arith.constant true
    %false = arith.constant false
    %a = ttg.local_alloc %v : (tensor<128x64xf16, #blocked>) -> !ttg.memdesc<128x64xf16, #shared, #smem>
    %acc = ttng.tmem_alloc : () -> !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>
    ttng.tc_gen5_mma %a, %b, %acc, %false, %true : !ttg.memdesc<128x64xf16, #shared, #smem>, !ttg.memdesc<64x128xf16, #shared, #smem, mutable>, !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>
    tt.return
  }
}

// -----

// Rule: below sm_90 (module target cuda:80) there are no proxies and
// nothing is inserted.

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:80", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @sm80_target
  // CHECK-NOT: ttng.fence_async_shared
  // CHECK: tt.return
  tt.func @sm80_target(%desc: !tt.tensordesc<tensor<64x64xf16, #shared>>, %i: i32, %v: tensor<64x64xf16, #blocked>) {
    %buf = ttg.local_alloc %v : (tensor<64x64xf16, #blocked>) -> !ttg.memdesc<64x64xf16, #shared, #smem>
    ttng.async_tma_copy_local_to_global %desc[%i, %i] %buf : !tt.tensordesc<tensor<64x64xf16, #shared>>, !ttg.memdesc<64x64xf16, #shared, #smem>
    ttng.async_tma_store_wait {pendings = 0 : i32}
    tt.return
  }
}

// -----

// Rule: a memdesc function argument is not a known allocation; the
// local_store into it reaches the MMA reading it (fence).

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @function_argument
  // CHECK: ttg.local_store
  // CHECK-NEXT: ttng.fence_async_shared {bCluster = false}
  // CHECK-NEXT: ttng.warp_group_dot
  // CHECK-NOT: ttng.fence_async_shared
  // SM80-LABEL: tt.func @function_argument
  // SM80-NOT: ttng.fence_async_shared
  tt.func @function_argument(%a: !ttg.memdesc<64x64xf16, #shared, #smem, mutable>, %v: tensor<64x64xf16, #blocked>, %acc: tensor<64x64xf32, #mma>) -> tensor<64x64xf32, #mma> {
    ttg.local_store %v, %a : tensor<64x64xf16, #blocked> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    %d = ttng.warp_group_dot %a, %a, %acc {inputPrecision = 0 : i32} : !ttg.memdesc<64x64xf16, #shared, #smem, mutable> * !ttg.memdesc<64x64xf16, #shared, #smem, mutable> -> tensor<64x64xf32, #mma>
    tt.return %d : tensor<64x64xf32, #mma>
  }
}

// -----

// Rule: exact byte ranges through constant memdesc_index: a store into slot
// 0 does not reach an MMA reading slot 1 of the same allocation (no fence).

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @disjoint_slots
  // CHECK-NOT: ttng.fence_async_shared
  // CHECK: tt.return
  tt.func @disjoint_slots(%v: tensor<64x64xf16, #blocked>, %acc: tensor<64x64xf32, #mma>) -> tensor<64x64xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %bufs = ttg.local_alloc : () -> !ttg.memdesc<2x64x64xf16, #shared, #smem, mutable>
    %s0 = ttg.memdesc_index %bufs[%c0] : !ttg.memdesc<2x64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable, 2x64x64>
    ttg.local_store %v, %s0 : tensor<64x64xf16, #blocked> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable, 2x64x64>
    %s1 = ttg.memdesc_index %bufs[%c1] : !ttg.memdesc<2x64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable, 2x64x64>
    %d = ttng.warp_group_dot %s1, %s1, %acc {inputPrecision = 0 : i32} : !ttg.memdesc<64x64xf16, #shared, #smem, mutable, 2x64x64> * !ttg.memdesc<64x64xf16, #shared, #smem, mutable, 2x64x64> -> tensor<64x64xf32, #mma>
    tt.return %d : tensor<64x64xf32, #mma>
  }
}

// -----

// Rule: a dynamic memdesc_index may name any slot: the store into slot 0
// reaches the MMA reading slot %i (fence).

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @dynamic_slot
  // CHECK: ttg.local_store
  // CHECK-NEXT: ttg.memdesc_index
  // CHECK-NEXT: ttng.fence_async_shared {bCluster = false}
  // CHECK-NEXT: ttng.warp_group_dot
  // CHECK-NOT: ttng.fence_async_shared
  // SM80-LABEL: tt.func @dynamic_slot
  // SM80-NOT: ttng.fence_async_shared
  tt.func @dynamic_slot(%v: tensor<64x64xf16, #blocked>, %acc: tensor<64x64xf32, #mma>, %i: i32) -> tensor<64x64xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %bufs = ttg.local_alloc : () -> !ttg.memdesc<2x64x64xf16, #shared, #smem, mutable>
    %s0 = ttg.memdesc_index %bufs[%c0] : !ttg.memdesc<2x64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable, 2x64x64>
    ttg.local_store %v, %s0 : tensor<64x64xf16, #blocked> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable, 2x64x64>
    %si = ttg.memdesc_index %bufs[%i] : !ttg.memdesc<2x64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable, 2x64x64>
    %d = ttng.warp_group_dot %si, %si, %acc {inputPrecision = 0 : i32} : !ttg.memdesc<64x64xf16, #shared, #smem, mutable, 2x64x64> * !ttg.memdesc<64x64xf16, #shared, #smem, mutable, 2x64x64> -> tensor<64x64xf32, #mma>
    tt.return %d : tensor<64x64xf32, #mma>
  }
}

// -----

// Rule: an MMA operand that cannot be traced to its allocation (here a
// function argument, with no writer anywhere in the module) may have been
// written from registers by the caller: conservatively fenced, and the fence
// is hoisted out of the loop (no writer inside it).

#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @untraced_argument
  // CHECK: ttng.fence_async_shared {bCluster = false}
  // CHECK-NEXT: scf.for
  // CHECK-NOT: ttng.fence_async_shared
  // CHECK: tt.return
  // SM80-LABEL: tt.func @untraced_argument
  // SM80-NOT: ttng.fence_async_shared
  tt.func @untraced_argument(%a: !ttg.memdesc<64x64xf16, #shared, #smem, mutable>, %acc: tensor<64x64xf32, #mma>, %n: i32) -> tensor<64x64xf32, #mma> {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%x = %acc) -> (tensor<64x64xf32, #mma>) : i32 {
      %d = ttng.warp_group_dot %a, %a, %x {inputPrecision = 0 : i32} : !ttg.memdesc<64x64xf16, #shared, #smem, mutable> * !ttg.memdesc<64x64xf16, #shared, #smem, mutable> -> tensor<64x64xf32, #mma>
      scf.yield %d : tensor<64x64xf32, #mma>
    }
    tt.return %r : tensor<64x64xf32, #mma>
  }
}

// -----

// Rule: an execution barrier right before the async reader publishes the
// writes to the issuing thread, so every thread must fence before it: the
// fence goes before the barrier (as the proxy-fence pass places it), not
// between the barrier and the TMA store. Found by the property checks of
// utils/gen (test/Property/regressions/fence-before-barrier.mlir).

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @store_barrier_tma_store
  // CHECK: ttg.local_store
  // CHECK-NEXT: ttng.fence_async_shared {bCluster = false}
  // CHECK-NEXT: ttg.local_barrier
  // CHECK-NEXT: ttg.barrier local
  // CHECK-NEXT: arith.addi
  // CHECK-NEXT: ttng.async_tma_copy_local_to_global
  // CHECK-NOT: ttng.fence_async_shared
  // SM80-LABEL: tt.func @store_barrier_tma_store
  // SM80-NOT: ttng.fence_async_shared
  tt.func @store_barrier_tma_store(%desc: !tt.tensordesc<tensor<64x64xf16, #shared>>, %i: i32, %v: tensor<64x64xf16, #blocked>) {
    %x = ttg.local_alloc : () -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    ttg.local_store %v, %x : tensor<64x64xf16, #blocked> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    ttg.local_barrier
    ttg.barrier local
    %j = arith.addi %i, %i : i32
    ttng.async_tma_copy_local_to_global %desc[%j, %i] %x : !tt.tensordesc<tensor<64x64xf16, #shared>>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    ttng.async_tma_store_wait {pendings = 0 : i32}
    tt.return
  }

  // A fence hoisted out of a loop goes before a barrier right before the
  // loop, for the same reason.
  // CHECK-LABEL: tt.func @store_barrier_loop
  // CHECK: ttg.local_alloc %{{.*}} : (tensor<64x64xf16, #blocked>)
  // CHECK-NEXT: ttng.fence_async_shared {bCluster = false}
  // CHECK-NEXT: ttg.local_barrier
  // CHECK-NEXT: scf.for
  // CHECK-NOT: ttng.fence_async_shared
  // CHECK: tt.return
  // SM80-LABEL: tt.func @store_barrier_loop
  // SM80-NOT: ttng.fence_async_shared
  tt.func @store_barrier_loop(%desc: !tt.tensordesc<tensor<64x64xf16, #shared>>, %n: i32, %v: tensor<64x64xf16, #blocked>) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %x = ttg.local_alloc %v : (tensor<64x64xf16, #blocked>) -> !ttg.memdesc<64x64xf16, #shared, #smem>
    ttg.local_barrier
    scf.for %k = %c0 to %n step %c1 : i32 {
      ttng.async_tma_copy_local_to_global %desc[%k, %k] %x : !tt.tensordesc<tensor<64x64xf16, #shared>>, !ttg.memdesc<64x64xf16, #shared, #smem>
      ttng.async_tma_store_wait {pendings = 0 : i32}
    }
    tt.return
  }
}

// -----

// Rule: a view is the bytes it views. TLX marks some views
// `tlx.logical_lifetime_boundary` (a new logical buffer on old bytes) and
// its pass then ignores writes made through the backing buffer or a
// sibling view; here a write into the backing, read by a wgmma through
// the view, is fenced (docs/triton-differences.md #7).

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @lifetime_boundary_view_is_the_same_bytes
  // CHECK: ttg.local_store
  // CHECK-NEXT: %[[V:.*]] = ttg.memdesc_reinterpret %{{.*}} {tlx.logical_lifetime_boundary}
  // CHECK-NEXT: ttng.fence_async_shared {bCluster = false}
  // CHECK-NEXT: ttng.warp_group_dot %[[V]], %[[V]]
  tt.func @lifetime_boundary_view_is_the_same_bytes(%v: tensor<64x64xf16, #blocked>, %acc: tensor<64x64xf32, #mma>) -> tensor<64x64xf32, #mma> {
    %backing = ttg.local_alloc : () -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    ttg.local_store %v, %backing : tensor<64x64xf16, #blocked> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    %view = ttg.memdesc_reinterpret %backing {tlx.logical_lifetime_boundary} : !ttg.memdesc<64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    %d = ttng.warp_group_dot %view, %view, %acc {inputPrecision = 0 : i32} : !ttg.memdesc<64x64xf16, #shared, #smem, mutable> * !ttg.memdesc<64x64xf16, #shared, #smem, mutable> -> tensor<64x64xf32, #mma>
    tt.return %d : tensor<64x64xf32, #mma>
  }
}
