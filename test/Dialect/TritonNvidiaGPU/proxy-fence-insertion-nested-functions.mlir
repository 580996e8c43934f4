// The late proxy-fence pass finds functions wherever the module holds them:
// in a module nested at the top level, and in a module nested in a
// function's body. Each function with a body is analysed on its own, the
// functions a body holds before it (in post-order, as a walk over the whole
// module lists them), and each gets the fence its own hazard needs.
//
// RUN: proxyfence-opt %s --split-input-file --proxyfence-proxy-fence-insertion | FileCheck %s
// RUN: not proxyfence check %s | FileCheck %s --check-prefix=REPORT

#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#smem = #ttg.shared_memory
// CHECK-LABEL: tt.func @outer
// CHECK: builtin.module
// CHECK-LABEL: tt.func @inner
// CHECK: ttg.local_store
// CHECK-NEXT: ttng.fence_async_shared {bCluster = false}
// CHECK-NEXT: ttng.async_tma_copy_local_to_global
// CHECK: tt.return
// CHECK: ttg.local_store
// CHECK-NEXT: ttng.fence_async_shared {bCluster = false}
// CHECK-NEXT: ttng.async_tma_copy_local_to_global
// CHECK-LABEL: tt.func @top_level_nested
// CHECK: ttg.local_store
// CHECK-NEXT: ttng.fence_async_shared {bCluster = false}
// CHECK-NEXT: ttng.async_tma_copy_local_to_global

// Every function's hazard is reported once.
// REPORT: nested-functions.mlir:40:9: error: missing proxy fence (RAW)
// REPORT: nested-functions.mlir:47:5: error: missing proxy fence (RAW)
// REPORT: nested-functions.mlir:55:7: error: missing proxy fence (RAW)
// REPORT: 3 errors, 0 warnings
module attributes {"ttg.num-warps" = 4 : i32, "ttg.num-ctas" = 1 : i32, "ttg.threads-per-warp" = 32 : i32, ttg.target = "cuda:90"} {
  tt.func @outer(%desc: !tt.tensordesc<tensor<64x64xf16, #shared>>, %v: tensor<64x64xf16, #blocked>) {
    builtin.module {
      tt.func @inner(%d: !tt.tensordesc<tensor<64x64xf16, #shared>>, %x: tensor<64x64xf16, #blocked>) {
        %c0 = arith.constant 0 : i32
        %b = ttg.local_alloc : () -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
        ttg.local_store %x, %b : tensor<64x64xf16, #blocked> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
        ttng.async_tma_copy_local_to_global %d[%c0, %c0] %b : !tt.tensordesc<tensor<64x64xf16, #shared>>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
        tt.return
      }
    }
    %c0 = arith.constant 0 : i32
    %a = ttg.local_alloc : () -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    ttg.local_store %v, %a : tensor<64x64xf16, #blocked> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    ttng.async_tma_copy_local_to_global %desc[%c0, %c0] %a : !tt.tensordesc<tensor<64x64xf16, #shared>>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    tt.return
  }
  builtin.module {
    tt.func @top_level_nested(%desc: !tt.tensordesc<tensor<64x64xf16, #shared>>, %v: tensor<64x64xf16, #blocked>) {
      %c0 = arith.constant 0 : i32
      %a = ttg.local_alloc : () -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
      ttg.local_store %v, %a : tensor<64x64xf16, #blocked> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
      ttng.async_tma_copy_local_to_global %desc[%c0, %c0] %a : !tt.tensordesc<tensor<64x64xf16, #shared>>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
      tt.return
    }
  }
}
