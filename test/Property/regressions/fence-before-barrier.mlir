// Regression, found by utils/gen/property_check.py (P7, e.g. seed 2 of
// --ops auto): with an execution barrier between a generic write and the
// async op that reads it, the whole pipeline and `proxyfence fix` put the
// fence between the barrier and the async op. The early fence pass ran
// first and placed it right before the async op; the proxy-fence pass then
// found the hazard ordered. Every writing thread must execute the fence
// before the barrier that publishes its writes to the issuing thread, which
// is where the proxy-fence pass alone puts it (docs/proxy-model.md).
//
// RUN: proxyfence-opt %s --split-input-file --proxyfence-fence-pipeline | FileCheck %s
// RUN: proxyfence-opt %s --split-input-file --proxyfence-fence-pipeline \
// RUN:   | proxyfence-opt --split-input-file --proxyfence-fence-pipeline | FileCheck %s
// RUN: proxyfence-opt %s --split-input-file --proxyfence-proxy-fence-insertion | FileCheck %s
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python %S/../../Checker/expect_exit.py 0 proxyfence fix %s -o %t/fixed.mlir
// RUN: FileCheck %s < %t/fixed.mlir
// RUN: %python %S/../../Checker/expect_exit.py 0 proxyfence check %t/fixed.mlir

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @tma_store
  // CHECK: ttg.local_store
  // CHECK-NEXT: ttng.fence_async_shared {bCluster = false}
  // CHECK-NEXT: ttg.local_barrier
  // CHECK-NEXT: ttng.async_tma_copy_local_to_global
  // CHECK-NOT: ttng.fence_async_shared
  // CHECK: tt.return
  tt.func @tma_store(%desc: !tt.tensordesc<tensor<64x64xf16, #shared>>, %i: i32, %v: tensor<64x64xf16, #blocked>) {
    %x = ttg.local_alloc : () -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    ttg.local_store %v, %x : tensor<64x64xf16, #blocked> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    ttg.local_barrier
    ttng.async_tma_copy_local_to_global %desc[%i, %i] %x : !tt.tensordesc<tensor<64x64xf16, #shared>>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    ttng.async_tma_store_wait {pendings = 0 : i32}
    tt.return
  }

  // The same for a wgmma operand, with the newer barrier spelling.
  // CHECK-LABEL: tt.func @wgmma
  // CHECK: ttg.local_alloc %{{.*}} : (tensor<64x64xf16, #blocked>)
  // CHECK-NEXT: ttng.fence_async_shared {bCluster = false}
  // CHECK-NEXT: ttg.barrier local
  // CHECK-NEXT: ttng.warp_group_dot
  // CHECK-NOT: ttng.fence_async_shared
  // CHECK: tt.return
  tt.func @wgmma(%v: tensor<64x64xf16, #blocked>, %acc: tensor<64x64xf32, #mma>) -> tensor<64x64xf32, #mma> {
    %a = ttg.local_alloc %v : (tensor<64x64xf16, #blocked>) -> !ttg.memdesc<64x64xf16, #shared, #smem>
    ttg.barrier local
    %d = ttng.warp_group_dot %a, %a, %acc {inputPrecision = 0 : i32, isAsync = true} : !ttg.memdesc<64x64xf16, #shared, #smem> * !ttg.memdesc<64x64xf16, #shared, #smem> -> tensor<64x64xf32, #mma>
    %w = ttng.warp_group_dot_wait %d {pendings = 0 : i32} : tensor<64x64xf32, #mma>
    tt.return %w : tensor<64x64xf32, #mma>
  }
}
