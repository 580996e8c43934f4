// Regression, found by utils/gen/property_check.py (P8, the allocation
// verifier on the pipeline's output; seed 4 of --ops 600): the capture
// storage of a warp_specialize nested in another one's default region got
// the same bytes as the outer capture storage. The outer partitions may
// still be reading their captures while the default region writes the inner
// op's, so the two must be disjoint, as scratch inside a warp_specialize
// already is.
//
// RUN: proxyfence-opt %s --proxyfence-allocate-shared-memory | FileCheck %s
// RUN: proxyfence-opt %s --proxyfence-allocate-shared-memory \
// RUN:   | proxyfence-opt --test-verify-shared-memory-allocation -o /dev/null \
// RUN:   | FileCheck %s --check-prefix=VERIFY
// VERIFY: shared-memory allocation ok

#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // Outer captures: 8 + 4 bytes at 0; inner: 4 bytes, after them.
  // CHECK-LABEL: tt.func @nested
  // CHECK: ttg.warp_specialize(%{{.*}}, %{{.*}}) attributes {allocation.offset = 0 : i32, allocation.size = 12 : i32
  // CHECK: ttg.warp_specialize(%{{.*}}) attributes {allocation.offset = 16 : i32, allocation.size = 4 : i32
  tt.func @nested(%x: !ttg.memdesc<64x64xf16, #shared, #smem, mutable>, %n: i32) {
    ttg.warp_specialize(%x, %n) attributes {requestedRegisters = array<i32: 24>}
    default {
      ttg.warp_specialize(%n) attributes {requestedRegisters = array<i32: 24>}
      default {
        ttg.warp_yield
      }
      partition0(%m: i32) num_warps(1) {
        ttg.warp_return
      } : (i32) -> ()
      ttg.warp_yield
    }
    partition0(%y: !ttg.memdesc<64x64xf16, #shared, #smem, mutable>, %k: i32) num_warps(1) {
      ttg.warp_return
    } : (!ttg.memdesc<64x64xf16, #shared, #smem, mutable>, i32) -> ()
    tt.return
  }
}
