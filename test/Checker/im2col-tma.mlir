// An im2col TMA load writes its buffer through the async proxy like a
// tiled one: a generic read of the bytes before it needs a fence (WAR);
// with the fence, no finding.
// RUN: not proxyfence check %s | FileCheck %s

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#shared1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK: im2col-tma.mlir:[[#@LINE+7]]:5: error: missing proxy fence (WAR): ttg.local_load reads shared memory that ttng.async_tma_copy_global_to_local then writes through the async proxy
  tt.func @war(%desc: !ttng.tensordesc_im2col<tensor<64x128xf16, #shared>>, %x: i32, %p: i1) -> tensor<64x128xf16, #blocked> {
    %o = arith.constant 1 : i16
    %buf = ttg.local_alloc : () -> !ttg.memdesc<64x128xf16, #shared, #smem, mutable>
    %bar = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    ttng.init_barrier %bar, 1 : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    %v = ttg.local_load %buf : !ttg.memdesc<64x128xf16, #shared, #smem, mutable> -> tensor<64x128xf16, #blocked>
    ttng.async_tma_copy_global_to_local %desc[%x, %x, %x] offsets = [%o] %buf, %bar, %p : !ttng.tensordesc_im2col<tensor<64x128xf16, #shared>>, !ttg.memdesc<1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<64x128xf16, #shared, #smem, mutable>
    tt.return %v : tensor<64x128xf16, #blocked>
  }

  tt.func @fenced(%desc: !ttng.tensordesc_im2col<tensor<64x128xf16, #shared>>, %x: i32, %p: i1) -> tensor<64x128xf16, #blocked> {
    %o = arith.constant 1 : i16
    %buf = ttg.local_alloc : () -> !ttg.memdesc<64x128xf16, #shared, #smem, mutable>
    %bar = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    ttng.init_barrier %bar, 1 : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    %v = ttg.local_load %buf : !ttg.memdesc<64x128xf16, #shared, #smem, mutable> -> tensor<64x128xf16, #blocked>
    ttng.fence_async_shared {bCluster = false}
    ttng.async_tma_copy_global_to_local %desc[%x, %x, %x] offsets = [%o] %buf, %bar, %p : !ttng.tensordesc_im2col<tensor<64x128xf16, #shared>>, !ttg.memdesc<1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<64x128xf16, #shared, #smem, mutable>
    tt.return %v : tensor<64x128xf16, #blocked>
  }
}
// CHECK-NOT: error:
// CHECK: im2col-tma.mlir: 1 error, 0 warnings
