// Two fences in a loop that each order the same hazard, across the back
// edge: the local_store of one iteration reaches the TMA store of the
// next through FIRST and SECOND. Greedily, in program order, FIRST is
// spurious (SECOND orders the hazard), and then SECOND is needed - also
// though SECOND's only async access is reached through FIRST, which is
// removed: the checker decides this from one analysis (a removed fence
// passes on what it reached to the fence before it), not by re-analysing
// per fence, and must agree with the probe's answer.
// RUN: proxyfence check --format=json %s | FileCheck %s
// RUN: grep -v '// FIRST' %s > %t.mlir
// RUN: proxyfence check %t.mlir | FileCheck %s --check-prefix=AFTER
// RUN: grep -v '// SECOND' %s > %t2.mlir
// RUN: proxyfence check %t2.mlir | FileCheck %s --check-prefix=NOSECOND

// CHECK: "kind": "spurious-fence"
// CHECK: "line": 28
// CHECK-NOT: "kind":
// AFTER: 0 errors, 0 warnings
// NOSECOND: 0 errors, 0 warnings

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @loop_fences(%desc: !tt.tensordesc<tensor<64x64xf16, #shared>>, %i: i32, %n: i32, %v: tensor<64x64xf16, #blocked>) {
    %x = ttg.local_alloc {allocation.offset = 0 : i32} : () -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    scf.for %k = %i to %n step %i : i32 {
      ttng.fence_async_shared {bCluster = false} // FIRST
      ttng.async_tma_copy_local_to_global %desc[%k, %k] %x : !tt.tensordesc<tensor<64x64xf16, #shared>>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
      ttng.async_tma_store_wait {pendings = 0 : i32}
      ttg.local_store %v, %x : tensor<64x64xf16, #blocked> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
      ttng.fence_async_shared {bCluster = false} // SECOND
    }
    tt.return
  }
}
