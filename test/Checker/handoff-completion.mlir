// Completion across a hand-off between warp_specialize partitions (the
// engine's rule, include/proxyfence/Engine/HandOff.h): a partition issues
// a TMA store from a buffer and arrives on an mbarrier without waiting for
// the store's reads; a partition that waits on that barrier then writes
// the buffer. The arrive does not wait for async reads: the write may land
// while the TMA engine still reads.
// - @store_then_arrive: a missing-completion-wait error naming the arrive
//   and the wait;
// - @store_waited: `async_tma_store_wait {pendings = 0}` before the
//   arrive: clean;
// - @tma_load_over_store: the other partition's write is a TMA load (an
//   async write): an error too;
// - @other_buffer: the waiting partition writes another buffer: clean;
// - @ring: through a ring: the default partition stores slot s of a ring
//   of buffers by TMA and arrives on empty[s] with the store in flight;
//   partition0 waits on empty[s] and writes slot s (the same index value
//   picks the barrier slot and the data slot on each side): an error;
// - @ring_other_slot: partition0 writes slot s+1 after waiting on
//   empty[s]: not proven (no finding).
// RUN: not proxyfence check %s | FileCheck %s

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#shared1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32, "ttg.total-num-warps" = 8 : i32} {
  // CHECK: handoff-completion.mlir:[[#@LINE+15]]:{{[0-9]+}}: error: ttg.local_store overwrites shared memory that ttng.async_tma_copy_local_to_global may still be reading through the async proxy: a fence does not order this, a completion wait does (warp-specialize partitions); ttng.async_tma_copy_local_to_global's partition reaches the ttng.arrive_barrier at {{.*}}handoff-completion.mlir:[[#@LINE+8]]:{{[0-9]+}} with the read in flight, and the partition that waits on that barrier (at {{.*}}handoff-completion.mlir:[[#@LINE+14]]:{{[0-9]+}}) writes the bytes: an arrive does not wait for async reads
  // CHECK: fix: complete the read in its partition before the ttng.arrive_barrier at {{.*}}handoff-completion.mlir:[[#@LINE+7]]:{{[0-9]+}}: `ttng.async_tma_store_wait {pendings = 0 : i32}`
  tt.func @store_then_arrive(%desc: !tt.tensordesc<tensor<64x64xf16, #shared>>, %i: i32, %v: tensor<64x64xf16, #blocked>) {
    %x = ttg.local_alloc {allocation.offset = 0 : i32} : () -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    %bars = ttg.local_alloc {allocation.offset = 8192 : i32} : () -> !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    ttg.warp_specialize(%x, %bars, %desc, %i, %v) attributes {requestedRegisters = array<i32: 24>}
    default {
      ttng.async_tma_copy_local_to_global %desc[%i, %i] %x : !tt.tensordesc<tensor<64x64xf16, #shared>>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
      ttng.arrive_barrier %bars, 1 : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
      ttng.async_tma_store_wait {pendings = 0 : i32}
      ttg.warp_yield
    }
    partition0(%b: !ttg.memdesc<64x64xf16, #shared, #smem, mutable>, %bb: !ttg.memdesc<1xi64, #shared1, #smem, mutable>, %d: !tt.tensordesc<tensor<64x64xf16, #shared>>, %j: i32, %w: tensor<64x64xf16, #blocked>) num_warps(4) {
      %p0 = arith.constant 0 : i32
      ttng.wait_barrier %bb, %p0 : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
      ttg.local_store %w, %b : tensor<64x64xf16, #blocked> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
      ttg.warp_return
    } : (!ttg.memdesc<64x64xf16, #shared, #smem, mutable>, !ttg.memdesc<1xi64, #shared1, #smem, mutable>, !tt.tensordesc<tensor<64x64xf16, #shared>>, i32, tensor<64x64xf16, #blocked>) -> ()
    tt.return
  }

  tt.func @store_waited(%desc: !tt.tensordesc<tensor<64x64xf16, #shared>>, %i: i32, %v: tensor<64x64xf16, #blocked>) {
    %x = ttg.local_alloc {allocation.offset = 0 : i32} : () -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    %bars = ttg.local_alloc {allocation.offset = 8192 : i32} : () -> !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    ttg.warp_specialize(%x, %bars, %desc, %i, %v) attributes {requestedRegisters = array<i32: 24>}
    default {
      ttng.async_tma_copy_local_to_global %desc[%i, %i] %x : !tt.tensordesc<tensor<64x64xf16, #shared>>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
      ttng.async_tma_store_wait {pendings = 0 : i32}
      ttng.arrive_barrier %bars, 1 : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
      ttg.warp_yield
    }
    partition0(%b: !ttg.memdesc<64x64xf16, #shared, #smem, mutable>, %bb: !ttg.memdesc<1xi64, #shared1, #smem, mutable>, %d: !tt.tensordesc<tensor<64x64xf16, #shared>>, %j: i32, %w: tensor<64x64xf16, #blocked>) num_warps(4) {
      %p0 = arith.constant 0 : i32
      ttng.wait_barrier %bb, %p0 : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
      ttg.local_store %w, %b : tensor<64x64xf16, #blocked> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
      ttg.warp_return
    } : (!ttg.memdesc<64x64xf16, #shared, #smem, mutable>, !ttg.memdesc<1xi64, #shared1, #smem, mutable>, !tt.tensordesc<tensor<64x64xf16, #shared>>, i32, tensor<64x64xf16, #blocked>) -> ()
    tt.return
  }

  // CHECK: handoff-completion.mlir:[[#@LINE+20]]:{{[0-9]+}}: error: ttng.async_tma_copy_global_to_local (an async-proxy write) overwrites shared memory that ttng.async_tma_copy_local_to_global may still be reading through the async proxy: no fence orders two async operations, a completion wait does (warp-specialize partitions)
  tt.func @tma_load_over_store(%desc: !tt.tensordesc<tensor<64x64xf16, #shared>>, %i: i32, %v: tensor<64x64xf16, #blocked>) {
    %x = ttg.local_alloc {allocation.offset = 0 : i32} : () -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    %bars = ttg.local_alloc {allocation.offset = 8192 : i32} : () -> !ttg.memdesc<2x1xi64, #shared1, #smem, mutable>
    ttg.warp_specialize(%x, %bars, %desc, %i, %v) attributes {requestedRegisters = array<i32: 24>}
    default {
      %c0 = arith.constant 0 : i32
      %bar = ttg.memdesc_index %bars[%c0] : !ttg.memdesc<2x1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<1xi64, #shared1, #smem, mutable>
      ttng.async_tma_copy_local_to_global %desc[%i, %i] %x : !tt.tensordesc<tensor<64x64xf16, #shared>>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
      ttng.arrive_barrier %bar, 1 : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
      ttg.warp_yield
    }
    partition0(%b: !ttg.memdesc<64x64xf16, #shared, #smem, mutable>, %bb: !ttg.memdesc<2x1xi64, #shared1, #smem, mutable>, %d: !tt.tensordesc<tensor<64x64xf16, #shared>>, %j: i32, %w: tensor<64x64xf16, #blocked>) num_warps(4) {
      %p0 = arith.constant 0 : i32
      %p1 = arith.constant 1 : i32
      %true = arith.constant true
      %bar = ttg.memdesc_index %bb[%p0] : !ttg.memdesc<2x1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<1xi64, #shared1, #smem, mutable>
      %full = ttg.memdesc_index %bb[%p1] : !ttg.memdesc<2x1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<1xi64, #shared1, #smem, mutable>
      ttng.wait_barrier %bar, %p0 : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
      ttng.barrier_expect %full, 8192, %true : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
      ttng.async_tma_copy_global_to_local %d[%j, %j] %b, %full, %true : !tt.tensordesc<tensor<64x64xf16, #shared>>, !ttg.memdesc<1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
      ttg.warp_return
    } : (!ttg.memdesc<64x64xf16, #shared, #smem, mutable>, !ttg.memdesc<2x1xi64, #shared1, #smem, mutable>, !tt.tensordesc<tensor<64x64xf16, #shared>>, i32, tensor<64x64xf16, #blocked>) -> ()
    tt.return
  }

  tt.func @other_buffer(%desc: !tt.tensordesc<tensor<64x64xf16, #shared>>, %i: i32, %v: tensor<64x64xf16, #blocked>) {
    %x = ttg.local_alloc {allocation.offset = 0 : i32} : () -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    %y = ttg.local_alloc {allocation.offset = 16384 : i32} : () -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    %bars = ttg.local_alloc {allocation.offset = 8192 : i32} : () -> !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    ttg.warp_specialize(%y, %bars, %desc, %i, %v, %x) attributes {requestedRegisters = array<i32: 24>}
    default {
      ttng.async_tma_copy_local_to_global %desc[%i, %i] %x : !tt.tensordesc<tensor<64x64xf16, #shared>>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
      ttng.arrive_barrier %bars, 1 : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
      ttng.async_tma_store_wait {pendings = 0 : i32}
      ttg.warp_yield
    }
    partition0(%b: !ttg.memdesc<64x64xf16, #shared, #smem, mutable>, %bb: !ttg.memdesc<1xi64, #shared1, #smem, mutable>, %d: !tt.tensordesc<tensor<64x64xf16, #shared>>, %j: i32, %w: tensor<64x64xf16, #blocked>, %xx: !ttg.memdesc<64x64xf16, #shared, #smem, mutable>) num_warps(4) {
      %p0 = arith.constant 0 : i32
      ttng.wait_barrier %bb, %p0 : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
      ttg.local_store %w, %b : tensor<64x64xf16, #blocked> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
      ttg.warp_return
    } : (!ttg.memdesc<64x64xf16, #shared, #smem, mutable>, !ttg.memdesc<1xi64, #shared1, #smem, mutable>, !tt.tensordesc<tensor<64x64xf16, #shared>>, i32, tensor<64x64xf16, #blocked>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable>) -> ()
    tt.return
  }
  // CHECK: handoff-completion.mlir:[[#@LINE+29]]:{{[0-9]+}}: error: ttg.local_store overwrites shared memory that ttng.async_tma_copy_local_to_global may still be reading through the async proxy
  // CHECK-SAME: ttng.arrive_barrier at {{.*}}handoff-completion.mlir:[[#@LINE+14]]:{{[0-9]+}} with the read in flight
  tt.func @ring(%desc: !tt.tensordesc<tensor<64x64xf16, #shared>>, %n: i32, %v: tensor<64x64xf16, #blocked>) {
    %data = ttg.local_alloc {allocation.offset = 0 : i32} : () -> !ttg.memdesc<2x64x64xf16, #shared, #smem, mutable>
    %empty = ttg.local_alloc {allocation.offset = 16384 : i32} : () -> !ttg.memdesc<2x1xi64, #shared1, #smem, mutable>
    ttg.warp_specialize(%data, %empty, %desc, %n, %v) attributes {requestedRegisters = array<i32: 24>}
    default {
      %c0 = arith.constant 0 : i32
      %c1 = arith.constant 1 : i32
      %c2 = arith.constant 2 : i32
      scf.for %k = %c0 to %n step %c1  : i32 {
        %s = arith.remsi %k, %c2 : i32
        %slot = ttg.memdesc_index %data[%s] : !ttg.memdesc<2x64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
        ttng.async_tma_copy_local_to_global %desc[%k, %k] %slot : !tt.tensordesc<tensor<64x64xf16, #shared>>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
        %bar = ttg.memdesc_index %empty[%s] : !ttg.memdesc<2x1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<1xi64, #shared1, #smem, mutable>
        ttng.arrive_barrier %bar, 1 : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
      }
      ttng.async_tma_store_wait {pendings = 0 : i32}
      ttg.warp_yield
    }
    partition0(%d0: !ttg.memdesc<2x64x64xf16, #shared, #smem, mutable>, %e0: !ttg.memdesc<2x1xi64, #shared1, #smem, mutable>, %d: !tt.tensordesc<tensor<64x64xf16, #shared>>, %m: i32, %w: tensor<64x64xf16, #blocked>) num_warps(4) {
      %p0 = arith.constant 0 : i32
      %p1 = arith.constant 1 : i32
      %p2 = arith.constant 2 : i32
      scf.for %k = %p0 to %m step %p1  : i32 {
        %s = arith.remsi %k, %p2 : i32
        %bar = ttg.memdesc_index %e0[%s] : !ttg.memdesc<2x1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<1xi64, #shared1, #smem, mutable>
        ttng.wait_barrier %bar, %p0 : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
        %slot = ttg.memdesc_index %d0[%s] : !ttg.memdesc<2x64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
        ttg.local_store %w, %slot : tensor<64x64xf16, #blocked> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
      }
      ttg.warp_return
    } : (!ttg.memdesc<2x64x64xf16, #shared, #smem, mutable>, !ttg.memdesc<2x1xi64, #shared1, #smem, mutable>, !tt.tensordesc<tensor<64x64xf16, #shared>>, i32, tensor<64x64xf16, #blocked>) -> ()
    tt.return
  }

  // CHECK-NOT: handoff-completion.mlir:[[#@LINE+1]]
  tt.func @ring_other_slot(%desc: !tt.tensordesc<tensor<64x64xf16, #shared>>, %n: i32, %v: tensor<64x64xf16, #blocked>) {
    %data = ttg.local_alloc {allocation.offset = 0 : i32} : () -> !ttg.memdesc<2x64x64xf16, #shared, #smem, mutable>
    %empty = ttg.local_alloc {allocation.offset = 16384 : i32} : () -> !ttg.memdesc<2x1xi64, #shared1, #smem, mutable>
    ttg.warp_specialize(%data, %empty, %desc, %n, %v) attributes {requestedRegisters = array<i32: 24>}
    default {
      %c0 = arith.constant 0 : i32
      %c1 = arith.constant 1 : i32
      %c2 = arith.constant 2 : i32
      scf.for %k = %c0 to %n step %c1  : i32 {
        %s = arith.remsi %k, %c2 : i32
        %slot = ttg.memdesc_index %data[%s] : !ttg.memdesc<2x64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
        ttng.async_tma_copy_local_to_global %desc[%k, %k] %slot : !tt.tensordesc<tensor<64x64xf16, #shared>>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
        %bar = ttg.memdesc_index %empty[%s] : !ttg.memdesc<2x1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<1xi64, #shared1, #smem, mutable>
        ttng.arrive_barrier %bar, 1 : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
      }
      ttng.async_tma_store_wait {pendings = 0 : i32}
      ttg.warp_yield
    }
    partition0(%d0: !ttg.memdesc<2x64x64xf16, #shared, #smem, mutable>, %e0: !ttg.memdesc<2x1xi64, #shared1, #smem, mutable>, %d: !tt.tensordesc<tensor<64x64xf16, #shared>>, %m: i32, %w: tensor<64x64xf16, #blocked>) num_warps(4) {
      %p0 = arith.constant 0 : i32
      %p1 = arith.constant 1 : i32
      %p2 = arith.constant 2 : i32
      scf.for %k = %p0 to %m step %p1  : i32 {
        %s = arith.remsi %k, %p2 : i32
        %k1 = arith.addi %k, %p1 : i32
        %t = arith.remsi %k1, %p2 : i32
        %bar = ttg.memdesc_index %e0[%s] : !ttg.memdesc<2x1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<1xi64, #shared1, #smem, mutable>
        ttng.wait_barrier %bar, %p0 : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
        %slot = ttg.memdesc_index %d0[%t] : !ttg.memdesc<2x64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
        ttg.local_store %w, %slot : tensor<64x64xf16, #blocked> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
      }
      ttg.warp_return
    } : (!ttg.memdesc<2x64x64xf16, #shared, #smem, mutable>, !ttg.memdesc<2x1xi64, #shared1, #smem, mutable>, !tt.tensordesc<tensor<64x64xf16, #shared>>, i32, tensor<64x64xf16, #blocked>) -> ()
    tt.return
  }
}
// CHECK: 3 errors, 0 warnings
