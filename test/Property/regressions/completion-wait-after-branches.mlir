// Regression: after a join, `warp_group_dot_wait {pendings = N}` (and
// `async_tma_store_wait {pendings = N}`) completed the pending reads that
// came first in the merged state's list, as if that were issue order; but
// which read is newest depends on the path. Here each branch issues one
// wgmma, so `pendings = 1` completes none, yet only the write to %b was
// reported and the write to %a, still read by the then-branch's wgmma,
// was missed. The analysis now counts, per read, the fewest newer reads of
// its kind on any path. Found while reviewing the completion analysis for
// the property checks (the generator keeps such kernels out: the passes
// cannot fix a missing wait).
//
// RUN: %python %S/../../Checker/check_summary.py --tool proxyfence %s | FileCheck %s

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
// CHECK: exit=1 errors=3 warnings=0 missing-fence=0 missing-completion-wait=3
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-NEXT: missing-completion-wait error hazard=- scope=- ttg.local_store@35:5 <- ttng.warp_group_dot@26:13
  // CHECK-NEXT: missing-completion-wait error hazard=- scope=- ttg.local_store@37:5 <- ttng.warp_group_dot@29:13
  tt.func @one_wgmma_per_branch(%c: i1, %v: tensor<64x64xf16, #blocked>, %acc: tensor<64x64xf32, #mma>) {
    %a = ttg.local_alloc : () -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    %b = ttg.local_alloc : () -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    %r = scf.if %c -> (tensor<64x64xf32, #mma>) {
      %d1 = ttng.warp_group_dot %a, %a, %acc {inputPrecision = 0 : i32, isAsync = true} : !ttg.memdesc<64x64xf16, #shared, #smem, mutable> * !ttg.memdesc<64x64xf16, #shared, #smem, mutable> -> tensor<64x64xf32, #mma>
      scf.yield %d1 : tensor<64x64xf32, #mma>
    } else {
      %d2 = ttng.warp_group_dot %b, %b, %acc {inputPrecision = 0 : i32, isAsync = true} : !ttg.memdesc<64x64xf16, #shared, #smem, mutable> * !ttg.memdesc<64x64xf16, #shared, #smem, mutable> -> tensor<64x64xf32, #mma>
      scf.yield %d2 : tensor<64x64xf32, #mma>
    }
    // One group in flight on either path: pendings = 1 completes none.
    %w = ttng.warp_group_dot_wait %r {pendings = 1 : i32} : tensor<64x64xf32, #mma>
    // The then-path's wgmma may still read %a.
    ttg.local_store %v, %a : tensor<64x64xf16, #blocked> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    // The else-path's wgmma may still read %b.
    ttg.local_store %v, %b : tensor<64x64xf16, #blocked> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    %w2 = ttng.warp_group_dot_wait %w {pendings = 0 : i32} : tensor<64x64xf32, #mma>
    tt.return
  }

  // Precision is kept: each branch's wgmma has one newer wgmma (%d3) on
  // every path, so pendings = 1 completes both and only %b3 is in flight.
  // CHECK-NEXT: missing-completion-wait error hazard=- scope=- ttg.local_store@60:5 <- ttng.warp_group_dot@56:11
  tt.func @newer_on_every_path(%c: i1, %v: tensor<64x64xf16, #blocked>, %acc: tensor<64x64xf32, #mma>) {
    %a = ttg.local_alloc : () -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    %b = ttg.local_alloc : () -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    %b3 = ttg.local_alloc : () -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    %r = scf.if %c -> (tensor<64x64xf32, #mma>) {
      %d1 = ttng.warp_group_dot %a, %a, %acc {inputPrecision = 0 : i32, isAsync = true} : !ttg.memdesc<64x64xf16, #shared, #smem, mutable> * !ttg.memdesc<64x64xf16, #shared, #smem, mutable> -> tensor<64x64xf32, #mma>
      scf.yield %d1 : tensor<64x64xf32, #mma>
    } else {
      %d2 = ttng.warp_group_dot %b, %b, %acc {inputPrecision = 0 : i32, isAsync = true} : !ttg.memdesc<64x64xf16, #shared, #smem, mutable> * !ttg.memdesc<64x64xf16, #shared, #smem, mutable> -> tensor<64x64xf32, #mma>
      scf.yield %d2 : tensor<64x64xf32, #mma>
    }
    %d3 = ttng.warp_group_dot %b3, %b3, %r {inputPrecision = 0 : i32, isAsync = true} : !ttg.memdesc<64x64xf16, #shared, #smem, mutable> * !ttg.memdesc<64x64xf16, #shared, #smem, mutable> -> tensor<64x64xf32, #mma>
    %w = ttng.warp_group_dot_wait %d3 {pendings = 1 : i32} : tensor<64x64xf32, #mma>
    ttg.local_store %v, %a : tensor<64x64xf16, #blocked> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    ttg.local_store %v, %b : tensor<64x64xf16, #blocked> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    ttg.local_store %v, %b3 : tensor<64x64xf16, #blocked> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    %w2 = ttng.warp_group_dot_wait %w {pendings = 0 : i32} : tensor<64x64xf32, #mma>
    tt.return
  }
}
