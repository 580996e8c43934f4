// Regression, found by utils/gen/property_check.py (P1, P5, P6; seed 1 of
// --ops auto and 7 of the first 60, once the generator issued TMA stores in
// a branch and waited after it): shared-memory allocation kept a buffer
// that an async op reads only until the next completion wait in the async
// op's block, or the block's end. A TMA store at the end of an scf.if
// branch, waited for after the branch, left its buffer free from the end of
// the branch on: the buffer allocated after the branch got the same bytes
// and was written while the store could still read them (a correct kernel
// made wrong by the pipeline; `proxyfence check` then reports the missing
// wait). The buffer now stays allocated up to the first wait of the access's
// kind that leaves nothing pending, found in the enclosing blocks too.
//
// RUN: proxyfence-opt %s --proxyfence-allocate-shared-memory | FileCheck %s
// RUN: proxyfence-opt %s --proxyfence-fence-pipeline -o %t.mlir
// RUN: %python %S/../../Checker/check_summary.py --tool proxyfence %t.mlir | FileCheck %s --check-prefix=CHECKER
// CHECKER: exit=0 errors=0 warnings=0

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @tma_store_in_branch
  // CHECK: ttg.local_alloc {allocation.offset = 0 : i32}
  // CHECK: ttng.async_tma_copy_local_to_global
  // CHECK-NEXT: }
  // CHECK-NEXT: ttg.local_alloc {allocation.offset = 8192 : i32}
  tt.func @tma_store_in_branch(%desc: !tt.tensordesc<tensor<64x64xf16, #shared>>, %i: i32, %c: i1, %v: tensor<64x64xf16, #blocked>) {
    scf.if %c {
      %x = ttg.local_alloc : () -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
      ttg.local_store %v, %x : tensor<64x64xf16, #blocked> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
      ttng.fence_async_shared {bCluster = false}
      ttng.async_tma_copy_local_to_global %desc[%i, %i] %x : !tt.tensordesc<tensor<64x64xf16, #shared>>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    }
    %y = ttg.local_alloc : () -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    ttg.local_store %v, %y : tensor<64x64xf16, #blocked> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    ttng.async_tma_store_wait {pendings = 0 : i32}
    %l = ttg.local_load %y : !ttg.memdesc<64x64xf16, #shared, #smem, mutable> -> tensor<64x64xf16, #blocked>
    tt.return
  }

  // A wgmma issued in a branch and waited for after it: same. A wait of
  // another kind (the TMA store wait) or one that leaves a group pending
  // does not end the operand's use.
  // CHECK-LABEL: tt.func @wgmma_in_branch
  // CHECK: ttg.local_alloc {allocation.offset = 0 : i32}
  // CHECK: } else {
  // CHECK-NEXT: scf.yield
  // CHECK-NEXT: }
  // CHECK-NEXT: ttg.local_alloc {allocation.offset = 8192 : i32}
  tt.func @wgmma_in_branch(%c: i1, %v: tensor<64x64xf16, #blocked>, %acc: tensor<64x64xf32, #mma>) {
    %r = scf.if %c -> (tensor<64x64xf32, #mma>) {
      %x = ttg.local_alloc : () -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
      ttg.local_store %v, %x : tensor<64x64xf16, #blocked> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
      ttng.fence_async_shared {bCluster = false}
      %d = ttng.warp_group_dot %x, %x, %acc {inputPrecision = 0 : i32, isAsync = true} : !ttg.memdesc<64x64xf16, #shared, #smem, mutable> * !ttg.memdesc<64x64xf16, #shared, #smem, mutable> -> tensor<64x64xf32, #mma>
      ttng.async_tma_store_wait {pendings = 0 : i32}
      %w1 = ttng.warp_group_dot_wait %d {pendings = 1 : i32} : tensor<64x64xf32, #mma>
      scf.yield %w1 : tensor<64x64xf32, #mma>
    } else {
      scf.yield %acc : tensor<64x64xf32, #mma>
    }
    %y = ttg.local_alloc : () -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    ttg.local_store %v, %y : tensor<64x64xf16, #blocked> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    %w = ttng.warp_group_dot_wait %r {pendings = 0 : i32} : tensor<64x64xf32, #mma>
    %l = ttg.local_load %y : !ttg.memdesc<64x64xf16, #shared, #smem, mutable> -> tensor<64x64xf16, #blocked>
    tt.return
  }
}
