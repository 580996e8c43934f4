// The late proxy-fence pass on the ops of Triton 3.6 and TLX, through their
// ProxyAccessOpInterface roles: a generic write into another CTA's shared
// memory (st.shared::cluster, st.async) is ordered before that CTA's async
// op only by a cluster fence (docs/proxy-model.md, Scope), so the fence is
// cluster scoped and an earlier CTA fence does not stand in for it; the
// fence goes before an execution barrier, gpu.barrier included; a fence in
// the region of ttg.mask or ttg.warp_predicate may not run, so it orders
// nothing after the op.
//
// RUN: proxyfence-opt %s --split-input-file --proxyfence-proxy-fence-insertion | FileCheck %s
// RUN: proxyfence-opt %s --split-input-file --proxyfence-proxy-fence-insertion \
// RUN:   | proxyfence-opt --split-input-file --proxyfence-proxy-fence-insertion | FileCheck %s

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#shared1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90"} {
  // CHECK-LABEL: tt.func @remote_store_then_tma_store
  // CHECK: ttg.remote_shmem_store
  // CHECK-NEXT: ttng.fence_async_shared {bCluster = true}
  // CHECK-NEXT: ttng.async_tma_copy_local_to_global
  tt.func @remote_store_then_tma_store(%desc: !tt.tensordesc<tensor<64x64xf16, #shared>>, %v: tensor<64x64xf16, #blocked>, %r: i32) {
    %c0 = arith.constant 0 : i32
    %x = ttg.local_alloc {allocation.offset = 0 : i32} : () -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    ttg.remote_shmem_store %v, rank %r, %x : tensor<64x64xf16, #blocked> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    ttng.async_tma_copy_local_to_global %desc[%c0, %c0] %x : !tt.tensordesc<tensor<64x64xf16, #shared>>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    ttng.async_tma_store_wait {pendings = 0 : i32}
    tt.return
  }

  // CHECK-LABEL: tt.func @cta_fence_does_not_order_remote_store
  // CHECK: ttg.async_remote_shmem_store
  // CHECK-NEXT: ttng.fence_async_shared {bCluster = false}
  // CHECK-NEXT: ttng.fence_async_shared {bCluster = true}
  // CHECK-NEXT: ttng.async_tma_copy_local_to_global
  tt.func @cta_fence_does_not_order_remote_store(%desc: !tt.tensordesc<tensor<64x64xf16, #shared>>, %v: tensor<64x64xf16, #blocked>, %r: i32) {
    %c0 = arith.constant 0 : i32
    %x = ttg.local_alloc {allocation.offset = 0 : i32} : () -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    %bar = ttg.local_alloc {allocation.offset = 8192 : i32} : () -> !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    ttg.async_remote_shmem_store %v, rank %r, %x barrier %bar : tensor<64x64xf16, #blocked> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable> barrier_ty !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    ttng.fence_async_shared {bCluster = false}
    ttng.async_tma_copy_local_to_global %desc[%c0, %c0] %x : !tt.tensordesc<tensor<64x64xf16, #shared>>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    ttng.async_tma_store_wait {pendings = 0 : i32}
    tt.return
  }

  // A local generic write before a CTA-scope async op needs only a CTA fence.
  // CHECK-LABEL: tt.func @local_store_then_tma_store
  // CHECK: ttg.local_store
  // CHECK-NEXT: ttng.fence_async_shared {bCluster = false}
  // CHECK-NEXT: ttng.async_tma_copy_local_to_global
  tt.func @local_store_then_tma_store(%desc: !tt.tensordesc<tensor<64x64xf16, #shared>>, %v: tensor<64x64xf16, #blocked>) {
    %c0 = arith.constant 0 : i32
    %x = ttg.local_alloc {allocation.offset = 0 : i32} : () -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    ttg.local_store %v, %x : tensor<64x64xf16, #blocked> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    ttng.async_tma_copy_local_to_global %desc[%c0, %c0] %x : !tt.tensordesc<tensor<64x64xf16, #shared>>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    ttng.async_tma_store_wait {pendings = 0 : i32}
    tt.return
  }

  // CHECK-LABEL: tt.func @fence_before_gpu_barrier
  // CHECK: ttg.local_scatter
  // CHECK-NEXT: ttng.fence_async_shared {bCluster = false}
  // CHECK-NEXT: gpu.barrier
  // CHECK-NEXT: ttng.async_tma_copy_local_to_global
  tt.func @fence_before_gpu_barrier(%desc: !tt.tensordesc<tensor<64xf16, #shared1>>, %idx: tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>>, %v: tensor<64xf16, #ttg.slice<{dim = 1, parent = #blocked}>>) {
    %c0 = arith.constant 0 : i32
    %x = ttg.local_alloc {allocation.offset = 0 : i32} : () -> !ttg.memdesc<64xf16, #shared1, #smem, mutable>
    ttg.local_scatter %x[%idx], %v {axis = 0 : i32} : !ttg.memdesc<64xf16, #shared1, #smem, mutable>, tensor<64xi32, #ttg.slice<{dim = 1, parent = #blocked}>>, tensor<64xf16, #ttg.slice<{dim = 1, parent = #blocked}>>
    gpu.barrier
    ttng.async_tma_copy_local_to_global %desc[%c0] %x : !tt.tensordesc<tensor<64xf16, #shared1>>, !ttg.memdesc<64xf16, #shared1, #smem, mutable>
    ttng.async_tma_store_wait {pendings = 0 : i32}
    tt.return
  }

  // CHECK-LABEL: tt.func @fence_under_mask
  // CHECK: "ttg.mask"
  // CHECK: ttng.fence_async_shared {bCluster = false}
  // CHECK: ttng.fence_async_shared {bCluster = false}
  // CHECK-NEXT: ttng.async_tma_copy_local_to_global
  tt.func @fence_under_mask(%desc: !tt.tensordesc<tensor<64x64xf16, #shared>>, %v: tensor<64x64xf16, #blocked>, %p: i1) {
    %c0 = arith.constant 0 : i32
    %x = ttg.local_alloc {allocation.offset = 0 : i32} : () -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    ttg.local_store %v, %x : tensor<64x64xf16, #blocked> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    %m = "ttg.mask"(%p) ({
      ttng.fence_async_shared {bCluster = false}
      ttg.mask.return %c0 : i32
    }) : (i1) -> i32
    ttng.async_tma_copy_local_to_global %desc[%c0, %c0] %x : !tt.tensordesc<tensor<64x64xf16, #shared>>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    ttng.async_tma_store_wait {pendings = 0 : i32}
    tt.return
  }

  // CHECK-LABEL: tt.func @fence_under_warp_predicate
  // CHECK: ttg.warp_predicate
  // CHECK: ttng.fence_async_shared {bCluster = false}
  // CHECK: ttng.fence_async_shared {bCluster = false}
  // CHECK-NEXT: ttng.async_tma_copy_local_to_global
  tt.func @fence_under_warp_predicate(%desc: !tt.tensordesc<tensor<64x64xf16, #shared>>, %v: tensor<64x64xf16, #blocked>, %p: i1) {
    %c0 = arith.constant 0 : i32
    %x = ttg.local_alloc {allocation.offset = 0 : i32} : () -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    ttg.local_store %v, %x : tensor<64x64xf16, #blocked> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    ttg.warp_predicate %p() {
      ttng.fence_async_shared {bCluster = false}
      ttg.predicate_yield
    } : (i1) -> ()
    ttng.async_tma_copy_local_to_global %desc[%c0, %c0] %x : !tt.tensordesc<tensor<64x64xf16, #shared>>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    ttng.async_tma_store_wait {pendings = 0 : i32}
    tt.return
  }
}
