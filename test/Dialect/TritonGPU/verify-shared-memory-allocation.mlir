// RUN: not proxyfence-opt --test-verify-shared-memory-allocation %s 2>&1 | FileCheck %s

// The checker itself: two buffers live together at the same bytes.

#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
// CHECK: error: shared buffer [0, 2048) overlaps buffer [1024, 3072) while both are live
// CHECK: note: the other buffer
// CHECK: note: both live at this op
module {
  tt.func @overlap() {
    %a = ttg.local_alloc {allocation.offset = 0 : i32} : () -> !ttg.memdesc<32x32xf16, #shared, #smem, mutable>
    %b = ttg.local_alloc {allocation.offset = 1024 : i32} : () -> !ttg.memdesc<32x32xf16, #shared, #smem, mutable>
    %la = ttg.local_load %a : !ttg.memdesc<32x32xf16, #shared, #smem, mutable> -> tensor<32x32xf16, #blocked>
    %lb = ttg.local_load %b : !ttg.memdesc<32x32xf16, #shared, #smem, mutable> -> tensor<32x32xf16, #blocked>
    tt.return
  }
}
