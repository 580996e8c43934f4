// RUN: proxyfence-opt %s --split-input-file --proxyfence-fence-insertion | FileCheck %s
// RUN: proxyfence-opt %s --split-input-file --triton-nvidia-gpu-fence-insertion | FileCheck %s
// RUN: proxyfence-opt %s --split-input-file --proxyfence-proxy-fence-insertion | FileCheck %s --check-prefix=LATE
// RUN: proxyfence-opt %s --split-input-file --triton-nvidia-gpu-proxy-fence-insertion | FileCheck %s --check-prefix=LATE
// RUN: proxyfence-opt %s --split-input-file --proxyfence-fence-insertion=compute-capability=80 | FileCheck %s --check-prefix=CC80

// A module without ttg.target runs the fence passes at compute capability
// 90, the default of Triton's `compute-capability` option (Triton's own
// lit tests leave the target out). An explicit option still wins.

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32} {
  // CHECK-LABEL: tt.func @early_no_target
  // CHECK: ttg.local_alloc %
  // CHECK-NEXT: ttng.fence_async_shared {bCluster = false}
  // CHECK-NEXT: ttng.async_tma_copy_local_to_global
  // CC80-LABEL: tt.func @early_no_target
  // CC80-NOT: ttng.fence_async_shared
  tt.func @early_no_target(%desc: !tt.tensordesc<tensor<64x64xf16, #shared>>, %v: tensor<64x64xf16, #blocked>) {
    %c0 = arith.constant 0 : i32
    %buf = ttg.local_alloc %v : (tensor<64x64xf16, #blocked>) -> !ttg.memdesc<64x64xf16, #shared, #smem>
    ttng.async_tma_copy_local_to_global %desc[%c0, %c0] %buf : !tt.tensordesc<tensor<64x64xf16, #shared>>, !ttg.memdesc<64x64xf16, #shared, #smem>
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32} {
  // LATE-LABEL: tt.func @late_no_target
  // LATE: ttg.local_store
  // LATE-NEXT: ttng.fence_async_shared {bCluster = false}
  // LATE-NEXT: ttng.async_tma_copy_local_to_global
  tt.func @late_no_target(%desc: !tt.tensordesc<tensor<64x64xf16, #shared>>, %v: tensor<64x64xf16, #blocked>) {
    %c0 = arith.constant 0 : i32
    %buf = ttg.local_alloc {allocation.offset = 0 : i32} : () -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    ttg.local_store %v, %buf : tensor<64x64xf16, #blocked> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    ttng.async_tma_copy_local_to_global %desc[%c0, %c0] %buf : !tt.tensordesc<tensor<64x64xf16, #shared>>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    tt.return
  }
}
