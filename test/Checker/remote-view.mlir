// A write through ttng.map_to_remote_buffer lands in a peer CTA's shared
// memory (st.shared::cluster): only a cluster-scope fence orders it against
// the async proxy. Here each CTA writes its tile into the peer's copy and
// then TMA-stores its own copy, which the peer wrote: with a CTA fence the
// RAW is reported as needing the cluster scope (and the CTA fence, which
// orders nothing here, as spurious); with a cluster fence there is no
// finding.
// RUN: not proxyfence check %s | FileCheck %s

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK: remote-view.mlir:[[#@LINE+6]]:5: warning: spurious proxy fence
  // CHECK: remote-view.mlir:[[#@LINE+8]]:5: error: missing proxy fence (RAW): ttg.local_store writes shared memory that ttng.async_tma_copy_local_to_global then reads through the async proxy, with no fence.proxy.async.shared::cluster between
  tt.func @cta_fence(%desc: !tt.tensordesc<tensor<64x64xf16, #shared>>, %v: tensor<64x64xf16, #blocked>, %i: i32, %peer: i32) {
    %a = ttg.local_alloc : () -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    %remote = ttng.map_to_remote_buffer %a, %peer : !ttg.memdesc<64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #ttng.shared_cluster_memory, mutable>
    ttg.local_store %v, %remote : tensor<64x64xf16, #blocked> -> !ttg.memdesc<64x64xf16, #shared, #ttng.shared_cluster_memory, mutable>
    ttng.fence_async_shared {bCluster = false}
    ttng.cluster_arrive
    ttng.cluster_wait
    ttng.async_tma_copy_local_to_global %desc[%i, %i] %a : !tt.tensordesc<tensor<64x64xf16, #shared>>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    ttng.async_tma_store_wait {pendings = 0 : i32}
    tt.return
  }

  tt.func @cluster_fence(%desc: !tt.tensordesc<tensor<64x64xf16, #shared>>, %v: tensor<64x64xf16, #blocked>, %i: i32, %peer: i32) {
    %a = ttg.local_alloc : () -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    %remote = ttng.map_to_remote_buffer %a, %peer : !ttg.memdesc<64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #ttng.shared_cluster_memory, mutable>
    ttg.local_store %v, %remote : tensor<64x64xf16, #blocked> -> !ttg.memdesc<64x64xf16, #shared, #ttng.shared_cluster_memory, mutable>
    ttng.fence_async_shared {bCluster = true}
    ttng.cluster_arrive
    ttng.cluster_wait
    ttng.async_tma_copy_local_to_global %desc[%i, %i] %a : !tt.tensordesc<tensor<64x64xf16, #shared>>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    ttng.async_tma_store_wait {pendings = 0 : i32}
    tt.return
  }
}
// CHECK-NOT: error:
// CHECK: remote-view.mlir: 1 error, 1 warning
