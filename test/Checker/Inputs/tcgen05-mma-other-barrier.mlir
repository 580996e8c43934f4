#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#shared1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @mma_then_wait_other_barrier(%v: tensor<128x64xf16, #blocked>, %w: tensor<128x64xf16, #blocked>, %b: !ttg.memdesc<64x128xf16, #shared, #smem, mutable>) {
    %true = arith.constant true
    %c0 = arith.constant 0 : i32
    %a = ttg.local_alloc {allocation.offset = 0 : i32} : () -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
    %done = ttg.local_alloc {allocation.offset = 16384 : i32} : () -> !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    %ready = ttg.local_alloc {allocation.offset = 16392 : i32} : () -> !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    ttng.init_barrier %done, 1 : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    ttng.init_barrier %ready, 1 : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    ttg.local_store %v, %a : tensor<128x64xf16, #blocked> -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
    ttng.fence_async_shared {bCluster = false}
    %acc = ttng.tmem_alloc : () -> !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>
    ttng.tc_gen5_mma %a, %b, %acc, %true, %true, %done[%true] {is_async} : !ttg.memdesc<128x64xf16, #shared, #smem, mutable>, !ttg.memdesc<64x128xf16, #shared, #smem, mutable>, !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>, !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    ttng.wait_barrier %ready, %c0 : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    ttg.local_store %w, %a : tensor<128x64xf16, #blocked> -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
    ttng.wait_barrier %done, %c0 : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    tt.return
  }
}
