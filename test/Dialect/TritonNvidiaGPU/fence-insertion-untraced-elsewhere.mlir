// Fence insertion handles one function at a time, but a store through a
// buffer that cannot be traced (a function argument) may write any buffer
// of the module: an MMA of a function before it in the module, whose own
// buffer no op of its function writes, is still fenced, counting that
// writer; a module without such a store leaves it alone.
//
// RUN: proxyfence-opt %s --split-input-file --proxyfence-fence-insertion | FileCheck %s
// RUN: proxyfence-opt %s --split-input-file --proxyfence-fence-insertion="remarks=true" -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK

#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // REMARK: remark: proxy fence inserted before ttng.warp_group_dot: 1 register-to-shared write(s) reach its async read; hoisted out of 0 loop(s)
  // CHECK-LABEL: tt.func @reader_first
  // CHECK: ttng.fence_async_shared {bCluster = false}
  // CHECK-NEXT: ttng.warp_group_dot
  tt.func @reader_first(%acc: tensor<64x64xf32, #mma>) -> tensor<64x64xf32, #mma> {
    %a = ttg.local_alloc : () -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    %d = ttng.warp_group_dot %a, %a, %acc {inputPrecision = 0 : i32} : !ttg.memdesc<64x64xf16, #shared, #smem, mutable> * !ttg.memdesc<64x64xf16, #shared, #smem, mutable> -> tensor<64x64xf32, #mma>
    tt.return %d : tensor<64x64xf32, #mma>
  }
  // CHECK-LABEL: tt.func @store_through_argument
  // CHECK-NOT: ttng.fence_async_shared
  // CHECK: tt.return
  tt.func @store_through_argument(%b: !ttg.memdesc<64x64xf16, #shared, #smem, mutable>, %t: tensor<64x64xf16, #blocked>) {
    ttg.local_store %t, %b : tensor<64x64xf16, #blocked> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    tt.return
  }
}
// REMARK: remark: proxyfence-fence-insertion: 1 inserted, 0 loop hoists, 0 deduplicated

// -----

#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @reader_alone
  // CHECK-NOT: ttng.fence_async_shared
  // CHECK: tt.return
  tt.func @reader_alone(%acc: tensor<64x64xf32, #mma>) -> tensor<64x64xf32, #mma> {
    %a = ttg.local_alloc : () -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    %d = ttng.warp_group_dot %a, %a, %acc {inputPrecision = 0 : i32} : !ttg.memdesc<64x64xf16, #shared, #smem, mutable> * !ttg.memdesc<64x64xf16, #shared, #smem, mutable> -> tensor<64x64xf32, #mma>
    tt.return %d : tensor<64x64xf32, #mma>
  }
}
// REMARK-NOT: proxy fence inserted
// REMARK: remark: proxyfence-fence-insertion: 0 inserted, 0 loop hoists, 0 deduplicated
