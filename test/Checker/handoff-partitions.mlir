// Hand-offs between warp_specialize partitions (the engine's rule,
// include/proxyfence/Engine/HandOff.h): one partition writes shared memory
// with generic stores and arrives on an mbarrier; another waits on it and
// runs a TMA store of the same bytes. The arrive orders execution, not the
// proxies: the writer's fence.proxy.async must come before its arrive.
// - @one_barrier: one barrier (a constant slot): an error naming the
//   arrive and the wait;
// - @one_barrier_fenced: the fence before the arrive: clean, and the fence
//   is needed (not spurious);
// - @fenced_on_one_path: the fence only under an scf.if: unfenced on the
//   other path, but not on every path, so nothing is proven (the TTGIR
//   front-end reports only proven hand-offs);
// - @ring: full barriers indexed by the stage counter that also picks the
//   data slot, on both sides: an error through the ring;
// - @ring_other_slot: the writer's data slot is the next one (another
//   index value): nothing proven;
// - @same_partition: arrive and wait in one partition: not a hand-off.
// RUN: not proxyfence check %s > %t.txt
// RUN: FileCheck %s < %t.txt
// RUN: not proxyfence check --format=json %s | FileCheck %s --check-prefix=JSON
// `fix` places the fence the passes do not: before the arrive, in the
// writing partition; the result checks clean.
// RUN: proxyfence fix %s -o %t.fixed.mlir
// RUN: FileCheck %s --check-prefix=FIXED < %t.fixed.mlir
// RUN: proxyfence check %t.fixed.mlir | FileCheck %s --check-prefix=CLEAN
// FIXED-LABEL: tt.func @one_barrier(
// FIXED: ttg.local_store
// FIXED-NEXT: ttng.fence_async_shared {bCluster = false}
// FIXED-NEXT: ttng.arrive_barrier
// FIXED-LABEL: tt.func @ring(
// FIXED: ttg.local_store
// FIXED-NEXT: ttg.memdesc_index
// FIXED-NEXT: ttng.fence_async_shared {bCluster = false}
// FIXED-NEXT: ttng.arrive_barrier
// FIXED-LABEL: tt.func @ring_other_slot(
// FIXED-NOT: ttng.fence_async_shared
// FIXED-LABEL: tt.func @same_partition(
// CLEAN: 0 errors, 0 warnings

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#shared1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32, "ttg.total-num-warps" = 8 : i32} {
  // CHECK: handoff-partitions.mlir:[[#@LINE+15]]:{{[0-9]+}}: error: missing proxy fence (RAW): ttg.local_store writes shared memory that ttng.async_tma_copy_local_to_global then reads through the async proxy, with no fence.proxy.async.shared::cta between (warp-specialize partitions); ttg.local_store reaches the ttng.arrive_barrier at {{.*}}handoff-partitions.mlir:[[#@LINE+9]]:{{[0-9]+}} unfenced in its partition, and the partition that waits on that barrier (at {{.*}}handoff-partitions.mlir:[[#@LINE+14]]:{{[0-9]+}}) runs the async op with no fence between: an arrive and its wait order execution, not the proxies
  // CHECK: fix: insert `ttng.fence_async_shared {bCluster = false}` (fence.proxy.async.shared::cta) before the ttng.arrive_barrier at {{.*}}handoff-partitions.mlir:[[#@LINE+8]]:{{[0-9]+}}, in the partition that accessed the bytes
  tt.func @one_barrier(%desc: !tt.tensordesc<tensor<64x64xf16, #shared>>, %i: i32, %v: tensor<64x64xf16, #blocked>) {
    %c0 = arith.constant 0 : i32
    %x = ttg.local_alloc {allocation.offset = 0 : i32} : () -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    %bars = ttg.local_alloc {allocation.offset = 8192 : i32} : () -> !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    ttg.warp_specialize(%x, %bars, %desc, %i, %v) attributes {requestedRegisters = array<i32: 24>}
    default {
      ttg.local_store %v, %x : tensor<64x64xf16, #blocked> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
      ttng.arrive_barrier %bars, 1 : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
      ttg.warp_yield
    }
    partition0(%b: !ttg.memdesc<64x64xf16, #shared, #smem, mutable>, %bb: !ttg.memdesc<1xi64, #shared1, #smem, mutable>, %d: !tt.tensordesc<tensor<64x64xf16, #shared>>, %j: i32, %w: tensor<64x64xf16, #blocked>) num_warps(4) {
      %p0 = arith.constant 0 : i32
      ttng.wait_barrier %bb, %p0 : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
      ttng.async_tma_copy_local_to_global %d[%j, %j] %b : !tt.tensordesc<tensor<64x64xf16, #shared>>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
      ttng.async_tma_store_wait {pendings = 0 : i32}
      ttg.warp_return
    } : (!ttg.memdesc<64x64xf16, #shared, #smem, mutable>, !ttg.memdesc<1xi64, #shared1, #smem, mutable>, !tt.tensordesc<tensor<64x64xf16, #shared>>, i32, tensor<64x64xf16, #blocked>) -> ()
    tt.return
  }

  // CHECK-NOT: handoff-partitions.mlir:[[#@LINE+1]]
  tt.func @one_barrier_fenced(%desc: !tt.tensordesc<tensor<64x64xf16, #shared>>, %i: i32, %v: tensor<64x64xf16, #blocked>) {
    %x = ttg.local_alloc {allocation.offset = 0 : i32} : () -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    %bars = ttg.local_alloc {allocation.offset = 8192 : i32} : () -> !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    ttg.warp_specialize(%x, %bars, %desc, %i, %v) attributes {requestedRegisters = array<i32: 24>}
    default {
      ttg.local_store %v, %x : tensor<64x64xf16, #blocked> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
      ttng.fence_async_shared {bCluster = false}
      ttng.arrive_barrier %bars, 1 : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
      ttg.warp_yield
    }
    partition0(%b: !ttg.memdesc<64x64xf16, #shared, #smem, mutable>, %bb: !ttg.memdesc<1xi64, #shared1, #smem, mutable>, %d: !tt.tensordesc<tensor<64x64xf16, #shared>>, %j: i32, %w: tensor<64x64xf16, #blocked>) num_warps(4) {
      %p0 = arith.constant 0 : i32
      ttng.wait_barrier %bb, %p0 : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
      ttng.async_tma_copy_local_to_global %d[%j, %j] %b : !tt.tensordesc<tensor<64x64xf16, #shared>>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
      ttng.async_tma_store_wait {pendings = 0 : i32}
      ttg.warp_return
    } : (!ttg.memdesc<64x64xf16, #shared, #smem, mutable>, !ttg.memdesc<1xi64, #shared1, #smem, mutable>, !tt.tensordesc<tensor<64x64xf16, #shared>>, i32, tensor<64x64xf16, #blocked>) -> ()
    tt.return
  }

  // CHECK-NOT: handoff-partitions.mlir:[[#@LINE+1]]
  tt.func @fenced_on_one_path(%desc: !tt.tensordesc<tensor<64x64xf16, #shared>>, %i: i32, %v: tensor<64x64xf16, #blocked>, %c: i1) {
    %x = ttg.local_alloc {allocation.offset = 0 : i32} : () -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    %bars = ttg.local_alloc {allocation.offset = 8192 : i32} : () -> !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    ttg.warp_specialize(%x, %bars, %desc, %i, %v, %c) attributes {requestedRegisters = array<i32: 24>}
    default {
      ttg.local_store %v, %x : tensor<64x64xf16, #blocked> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
      scf.if %c {
        ttng.fence_async_shared {bCluster = false}
      }
      ttng.arrive_barrier %bars, 1 : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
      ttg.warp_yield
    }
    partition0(%b: !ttg.memdesc<64x64xf16, #shared, #smem, mutable>, %bb: !ttg.memdesc<1xi64, #shared1, #smem, mutable>, %d: !tt.tensordesc<tensor<64x64xf16, #shared>>, %j: i32, %w: tensor<64x64xf16, #blocked>, %cc: i1) num_warps(4) {
      %p0 = arith.constant 0 : i32
      ttng.wait_barrier %bb, %p0 : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
      ttng.async_tma_copy_local_to_global %d[%j, %j] %b : !tt.tensordesc<tensor<64x64xf16, #shared>>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
      ttng.async_tma_store_wait {pendings = 0 : i32}
      ttg.warp_return
    } : (!ttg.memdesc<64x64xf16, #shared, #smem, mutable>, !ttg.memdesc<1xi64, #shared1, #smem, mutable>, !tt.tensordesc<tensor<64x64xf16, #shared>>, i32, tensor<64x64xf16, #blocked>, i1) -> ()
    tt.return
  }

  // CHECK: handoff-partitions.mlir:[[#@LINE+27]]:{{[0-9]+}}: error: missing proxy fence (RAW): ttg.local_store writes shared memory that ttng.async_tma_copy_local_to_global then reads through the async proxy, with no fence.proxy.async.shared::cta between (warp-specialize partitions); ttg.local_store reaches the ttng.arrive_barrier at {{.*}}handoff-partitions.mlir:[[#@LINE+14]]:{{[0-9]+}} unfenced in its partition, and the partition that waits on the same slot of that barrier ring (at {{.*}}handoff-partitions.mlir:[[#@LINE+25]]:{{[0-9]+}}) runs the async op with no fence between, on the data slot the same index chooses
  tt.func @ring(%desc: !tt.tensordesc<tensor<64x64xf16, #shared>>, %n: i32, %v: tensor<64x64xf16, #blocked>) {
    %data = ttg.local_alloc {allocation.offset = 0 : i32} : () -> !ttg.memdesc<2x64x64xf16, #shared, #smem, mutable>
    %full = ttg.local_alloc {allocation.offset = 16384 : i32} : () -> !ttg.memdesc<2x1xi64, #shared1, #smem, mutable>
    ttg.warp_specialize(%data, %full, %desc, %n, %v) attributes {requestedRegisters = array<i32: 24>}
    default {
      %c0 = arith.constant 0 : i32
      %c1 = arith.constant 1 : i32
      %c2 = arith.constant 2 : i32
      scf.for %k = %c0 to %n step %c1  : i32 {
        %s = arith.remsi %k, %c2 : i32
        %slot = ttg.memdesc_index %data[%s] : !ttg.memdesc<2x64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
        ttg.local_store %v, %slot : tensor<64x64xf16, #blocked> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
        %bar = ttg.memdesc_index %full[%s] : !ttg.memdesc<2x1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<1xi64, #shared1, #smem, mutable>
        ttng.arrive_barrier %bar, 1 : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
      }
      ttg.warp_yield
    }
    partition0(%d0: !ttg.memdesc<2x64x64xf16, #shared, #smem, mutable>, %f0: !ttg.memdesc<2x1xi64, #shared1, #smem, mutable>, %d: !tt.tensordesc<tensor<64x64xf16, #shared>>, %m: i32, %w: tensor<64x64xf16, #blocked>) num_warps(4) {
      %p0 = arith.constant 0 : i32
      %p1 = arith.constant 1 : i32
      %p2 = arith.constant 2 : i32
      scf.for %k = %p0 to %m step %p1  : i32 {
        %s = arith.remsi %k, %p2 : i32
        %bar = ttg.memdesc_index %f0[%s] : !ttg.memdesc<2x1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<1xi64, #shared1, #smem, mutable>
        ttng.wait_barrier %bar, %p0 : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
        %slot = ttg.memdesc_index %d0[%s] : !ttg.memdesc<2x64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
        ttng.async_tma_copy_local_to_global %d[%m, %m] %slot : !tt.tensordesc<tensor<64x64xf16, #shared>>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
        ttng.async_tma_store_wait {pendings = 0 : i32}
      }
      ttg.warp_return
    } : (!ttg.memdesc<2x64x64xf16, #shared, #smem, mutable>, !ttg.memdesc<2x1xi64, #shared1, #smem, mutable>, !tt.tensordesc<tensor<64x64xf16, #shared>>, i32, tensor<64x64xf16, #blocked>) -> ()
    tt.return
  }

  // CHECK-NOT: handoff-partitions.mlir:[[#@LINE+1]]
  tt.func @ring_other_slot(%desc: !tt.tensordesc<tensor<64x64xf16, #shared>>, %n: i32, %v: tensor<64x64xf16, #blocked>) {
    %data = ttg.local_alloc {allocation.offset = 0 : i32} : () -> !ttg.memdesc<2x64x64xf16, #shared, #smem, mutable>
    %full = ttg.local_alloc {allocation.offset = 16384 : i32} : () -> !ttg.memdesc<2x1xi64, #shared1, #smem, mutable>
    ttg.warp_specialize(%data, %full, %desc, %n, %v) attributes {requestedRegisters = array<i32: 24>}
    default {
      %c0 = arith.constant 0 : i32
      %c1 = arith.constant 1 : i32
      %c2 = arith.constant 2 : i32
      scf.for %k = %c0 to %n step %c1  : i32 {
        %s = arith.remsi %k, %c2 : i32
        %k1 = arith.addi %k, %c1 : i32
        %t = arith.remsi %k1, %c2 : i32
        %slot = ttg.memdesc_index %data[%t] : !ttg.memdesc<2x64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
        ttg.local_store %v, %slot : tensor<64x64xf16, #blocked> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
        %bar = ttg.memdesc_index %full[%s] : !ttg.memdesc<2x1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<1xi64, #shared1, #smem, mutable>
        ttng.arrive_barrier %bar, 1 : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
      }
      ttg.warp_yield
    }
    partition0(%d0: !ttg.memdesc<2x64x64xf16, #shared, #smem, mutable>, %f0: !ttg.memdesc<2x1xi64, #shared1, #smem, mutable>, %d: !tt.tensordesc<tensor<64x64xf16, #shared>>, %m: i32, %w: tensor<64x64xf16, #blocked>) num_warps(4) {
      %p0 = arith.constant 0 : i32
      %p1 = arith.constant 1 : i32
      %p2 = arith.constant 2 : i32
      scf.for %k = %p0 to %m step %p1  : i32 {
        %s = arith.remsi %k, %p2 : i32
        %bar = ttg.memdesc_index %f0[%s] : !ttg.memdesc<2x1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<1xi64, #shared1, #smem, mutable>
        ttng.wait_barrier %bar, %p0 : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
        %slot = ttg.memdesc_index %d0[%s] : !ttg.memdesc<2x64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
        ttng.async_tma_copy_local_to_global %d[%m, %m] %slot : !tt.tensordesc<tensor<64x64xf16, #shared>>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
        ttng.async_tma_store_wait {pendings = 0 : i32}
      }
      ttg.warp_return
    } : (!ttg.memdesc<2x64x64xf16, #shared, #smem, mutable>, !ttg.memdesc<2x1xi64, #shared1, #smem, mutable>, !tt.tensordesc<tensor<64x64xf16, #shared>>, i32, tensor<64x64xf16, #blocked>) -> ()
    tt.return
  }

  // CHECK-NOT: handoff-partitions.mlir:[[#@LINE+1]]
  tt.func @same_partition(%desc: !tt.tensordesc<tensor<64x64xf16, #shared>>, %i: i32, %v: tensor<64x64xf16, #blocked>) {
    %x = ttg.local_alloc {allocation.offset = 0 : i32} : () -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    %bars = ttg.local_alloc {allocation.offset = 8192 : i32} : () -> !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    ttg.warp_specialize(%x, %bars, %desc, %i, %v) attributes {requestedRegisters = array<i32: 24>}
    default {
      ttg.warp_yield
    }
    partition0(%b: !ttg.memdesc<64x64xf16, #shared, #smem, mutable>, %bb: !ttg.memdesc<1xi64, #shared1, #smem, mutable>, %d: !tt.tensordesc<tensor<64x64xf16, #shared>>, %j: i32, %w: tensor<64x64xf16, #blocked>) num_warps(4) {
      %p0 = arith.constant 0 : i32
      ttg.local_store %w, %b : tensor<64x64xf16, #blocked> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
      ttng.fence_async_shared {bCluster = false}
      ttng.arrive_barrier %bb, 1 : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
      ttng.wait_barrier %bb, %p0 : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
      ttng.async_tma_copy_local_to_global %d[%j, %j] %b : !tt.tensordesc<tensor<64x64xf16, #shared>>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
      ttng.async_tma_store_wait {pendings = 0 : i32}
      ttg.warp_return
    } : (!ttg.memdesc<64x64xf16, #shared, #smem, mutable>, !ttg.memdesc<1xi64, #shared1, #smem, mutable>, !tt.tensordesc<tensor<64x64xf16, #shared>>, i32, tensor<64x64xf16, #blocked>) -> ()
    tt.return
  }
}
// CHECK: 2 errors, 0 warnings
// JSON: "path": "warp-specialize partitions: ttng.arrive_barrier at
// JSON: "errors": 2
