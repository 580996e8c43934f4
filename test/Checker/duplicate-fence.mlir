// Two equal fences in a row: only one is reported spurious, so removing
// every reported fence leaves the hazard ordered (the checker probes
// fences in program order, assuming earlier spurious ones are gone).
// RUN: proxyfence check --format=json %s | FileCheck %s
// RUN: proxyfence check %s | grep 'remove the fence' | count 1
// RUN: grep -v 'ttng.fence_async_shared {bCluster = false} // FIRST' %s > %t.mlir
// RUN: proxyfence check %t.mlir | FileCheck %s --check-prefix=AFTER

// CHECK: "kind": "spurious-fence"
// CHECK: "line": 21
// CHECK-NOT: "kind":
// AFTER: 0 errors, 0 warnings

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @duplicate_fence(%desc: !tt.tensordesc<tensor<64x64xf16, #shared>>, %i: i32, %v: tensor<64x64xf16, #blocked>) {
    %x = ttg.local_alloc {allocation.offset = 0 : i32} : () -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    ttg.local_store %v, %x : tensor<64x64xf16, #blocked> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    ttng.fence_async_shared {bCluster = false} // FIRST
    ttng.fence_async_shared {bCluster = false}
    ttng.async_tma_copy_local_to_global %desc[%i, %i] %x : !tt.tensordesc<tensor<64x64xf16, #shared>>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    ttng.async_tma_store_wait {pendings = 0 : i32}
    tt.return
  }
}
