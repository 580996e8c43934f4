// Regression, found by utils/gen/property_check.py (P7; seed 1000, --ops
// 600 --cc 90): a tt.descriptor_store of a tt.descriptor_load's result,
// with an execution barrier before the store. TMA lowering copies the
// stored value into a buffer and fences it; the load then takes that
// buffer over and the copy disappears, so the fence was left right after
// the barrier. After allocation the fence orders generic accesses made
// before the barrier, by every thread, so it must run before the barrier
// (docs/triton-differences.md, case 3), and the later passes saw no hazard
// to fix. The fence now moves before the barrier.
//
// RUN: proxyfence-opt %s --proxyfence-tma-lowering | FileCheck %s
// RUN: proxyfence-opt %s --proxyfence-fence-pipeline | FileCheck %s --check-prefix=PIPE

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @load_barrier_store
  // CHECK: ttng.async_tma_copy_global_to_local
  // CHECK: ttng.inval_barrier
  // CHECK-NEXT: ttng.fence_async_shared {bCluster = false}
  // CHECK-NEXT: ttg.local_barrier
  // CHECK-NEXT: ttng.async_tma_copy_local_to_global
  // CHECK-NOT: ttng.fence_async_shared
  // CHECK: tt.return
  // PIPE-LABEL: tt.func @load_barrier_store
  // PIPE: ttng.fence_async_shared {bCluster = false}
  // PIPE-NEXT: ttg.local_barrier
  // PIPE-NEXT: ttng.async_tma_copy_local_to_global
  // PIPE-NOT: ttng.fence_async_shared
  // PIPE: tt.return
  tt.func @load_barrier_store(%desc: !tt.tensordesc<tensor<64x64xf16, #shared>>, %i: i32) {
    %v = tt.descriptor_load %desc[%i, %i] : !tt.tensordesc<tensor<64x64xf16, #shared>> -> tensor<64x64xf16, #blocked>
    ttg.local_barrier
    tt.descriptor_store %desc[%i, %i], %v : !tt.tensordesc<tensor<64x64xf16, #shared>>, tensor<64x64xf16, #blocked>
    tt.return
  }
}
