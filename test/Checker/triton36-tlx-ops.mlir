// The checker on the shared-memory ops of Triton 3.6 and TLX, through
// their ProxyAccessOpInterface roles alone: a generic scatter before a TMA
// store is a RAW hazard; writes through memdesc_dynamic_subslice with
// constant offsets touch only their rows (no hazard with the other half),
// with a run-time offset they may touch the whole buffer (a hazard); a
// bulk copy into another CTA reads its source through the async proxy; a
// write into another CTA's shared memory needs a cluster fence (a CTA fence
// there orders nothing and is spurious; a cluster fence is neither spurious
// nor over-wide).
// RUN: not proxyfence check %s | FileCheck %s

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#shared1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK: triton36-tlx-ops.mlir:[[#@LINE+5]]:5: error: missing proxy fence (RAW): ttg.local_scatter writes shared memory that ttng.async_tma_copy_local_to_global then reads
  tt.func @scatter_then_tma_store(%desc: !tt.tensordesc<tensor<64xf16, #shared1>>, %idx: tensor<128xi32, #blocked1>, %v: tensor<128xf16, #blocked1>) {
    %c0 = arith.constant 0 : i32
    %x = ttg.local_alloc {allocation.offset = 0 : i32} : () -> !ttg.memdesc<64xf16, #shared1, #smem, mutable>
    ttg.local_scatter %x[%idx], %v {axis = 0 : i32} : !ttg.memdesc<64xf16, #shared1, #smem, mutable>, tensor<128xi32, #blocked1>, tensor<128xf16, #blocked1>
    ttng.async_tma_copy_local_to_global %desc[%c0] %x : !tt.tensordesc<tensor<64xf16, #shared1>>, !ttg.memdesc<64xf16, #shared1, #smem, mutable>
    ttng.async_tma_store_wait {pendings = 0 : i32}
    tt.return
  }

  tt.func @dynamic_subslice_disjoint(%desc: !tt.tensordesc<tensor<32x64xf16, #shared>>, %v: tensor<32x64xf16, #blocked>) {
    %c0 = arith.constant 0 : i32
    %c32 = arith.constant 32 : i32
    %x = ttg.local_alloc {allocation.offset = 0 : i32} : () -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    %top = ttg.memdesc_dynamic_subslice %x[%c0, %c0] : !ttg.memdesc<64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<32x64xf16, #shared, #smem, mutable, 64x64>
    %bottom = ttg.memdesc_dynamic_subslice %x[%c32, %c0] : !ttg.memdesc<64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<32x64xf16, #shared, #smem, mutable, 64x64>
    ttg.local_store %v, %top : tensor<32x64xf16, #blocked> -> !ttg.memdesc<32x64xf16, #shared, #smem, mutable, 64x64>
    ttng.async_tma_copy_local_to_global %desc[%c0, %c0] %bottom : !tt.tensordesc<tensor<32x64xf16, #shared>>, !ttg.memdesc<32x64xf16, #shared, #smem, mutable, 64x64>
    ttng.async_tma_store_wait {pendings = 0 : i32}
    tt.return
  }

  // CHECK: triton36-tlx-ops.mlir:[[#@LINE+8]]:5: error: missing proxy fence (RAW): ttg.local_store writes shared memory that ttng.async_tma_copy_local_to_global then reads
  tt.func @dynamic_subslice_runtime(%desc: !tt.tensordesc<tensor<32x64xf16, #shared>>, %v: tensor<32x64xf16, #blocked>, %off: i32) {
    %c0 = arith.constant 0 : i32
    %c32 = arith.constant 32 : i32
    %x = ttg.local_alloc {allocation.offset = 0 : i32} : () -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    %top = ttg.memdesc_dynamic_subslice %x[%off, %c0] : !ttg.memdesc<64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<32x64xf16, #shared, #smem, mutable, 64x64>
    %bottom = ttg.memdesc_dynamic_subslice %x[%c32, %c0] : !ttg.memdesc<64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<32x64xf16, #shared, #smem, mutable, 64x64>
    ttg.local_store %v, %top : tensor<32x64xf16, #blocked> -> !ttg.memdesc<32x64xf16, #shared, #smem, mutable, 64x64>
    ttng.async_tma_copy_local_to_global %desc[%c0, %c0] %bottom : !tt.tensordesc<tensor<32x64xf16, #shared>>, !ttg.memdesc<32x64xf16, #shared, #smem, mutable, 64x64>
    ttng.async_tma_store_wait {pendings = 0 : i32}
    tt.return
  }

  // CHECK: triton36-tlx-ops.mlir:[[#@LINE+6]]:5: error: missing proxy fence (RAW): ttg.local_store writes shared memory that ttg.async_remote_shmem_copy then reads
  tt.func @store_then_remote_bulk_copy(%v: tensor<64x64xf16, #blocked>, %r: i32) {
    %x = ttg.local_alloc {allocation.offset = 0 : i32} : () -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    %y = ttg.local_alloc {allocation.offset = 8192 : i32} : () -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    %bar = ttg.local_alloc {allocation.offset = 16384 : i32} : () -> !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    ttg.local_store %v, %x : tensor<64x64xf16, #blocked> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    ttg.async_remote_shmem_copy %x, rank %r, %y barrier %bar : !ttg.memdesc<64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable> barrier_ty !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    tt.return
  }

  // CHECK: triton36-tlx-ops.mlir:[[#@LINE+6]]:5: warning: spurious proxy fence
  // CHECK: triton36-tlx-ops.mlir:[[#@LINE+6]]:5: error: missing proxy fence (RAW): ttg.remote_shmem_store writes shared memory that ttng.async_tma_copy_local_to_global then reads through the async proxy, with no fence.proxy.async.shared::cluster between
  tt.func @remote_store_cta_fence(%desc: !tt.tensordesc<tensor<64x64xf16, #shared>>, %v: tensor<64x64xf16, #blocked>, %r: i32) {
    %c0 = arith.constant 0 : i32
    %x = ttg.local_alloc {allocation.offset = 0 : i32} : () -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    ttg.remote_shmem_store %v, rank %r, %x : tensor<64x64xf16, #blocked> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    ttng.fence_async_shared {bCluster = false}
    ttng.async_tma_copy_local_to_global %desc[%c0, %c0] %x : !tt.tensordesc<tensor<64x64xf16, #shared>>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    ttng.async_tma_store_wait {pendings = 0 : i32}
    tt.return
  }

  tt.func @remote_store_cluster_fence(%desc: !tt.tensordesc<tensor<64x64xf16, #shared>>, %v: tensor<64x64xf16, #blocked>, %r: i32) {
    %c0 = arith.constant 0 : i32
    %x = ttg.local_alloc {allocation.offset = 0 : i32} : () -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    ttg.remote_shmem_store %v, rank %r, %x : tensor<64x64xf16, #blocked> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    ttng.fence_async_shared {bCluster = true}
    ttng.async_tma_copy_local_to_global %desc[%c0, %c0] %x : !tt.tensordesc<tensor<64x64xf16, #shared>>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    ttng.async_tma_store_wait {pendings = 0 : i32}
    tt.return
  }
}
// CHECK: 4 errors, 1 warning
