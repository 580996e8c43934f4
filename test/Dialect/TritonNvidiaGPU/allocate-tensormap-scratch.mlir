// RUN: proxyfence-opt --proxyfence-allocate-shared-memory %s | FileCheck %s
// RUN: proxyfence-opt --proxyfence-allocate-shared-memory %s \
// RUN:   | proxyfence-opt --test-verify-shared-memory-allocation | FileCheck %s --check-prefix=VERIFY
// VERIFY: shared-memory allocation ok

// ttng.tensormap_create assembles its 128-byte tensormap in shared memory
// (st.shared, then tensormap.cp_fenceproxy), as Triton's allocation gives
// it: 128 bytes of scratch, 128-aligned, live only at the op, placed after
// the buffers (here above the 100-byte buffer that is live across it).
// tcgen5_global_alloc's 4-byte TMEM address slot is placed the same way.

#shared1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @tensormap
  // CHECK: ttg.local_alloc {allocation.offset = 0 : i32} : () -> !ttg.memdesc<100xi8
  // CHECK: ttng.tensormap_create {{.*}} {allocation.offset = 128 : i32, allocation.size = 128 : i32, elem_type = 6 : i32
  // CHECK: ttng.tcgen5_global_alloc {allocation.offset = 100 : i32, allocation.size = 4 : i32}
  // CHECK: ttg.local_load
  tt.func @tensormap(%g: !tt.ptr<i8>, %base: !tt.ptr<f16>, %n: i32, %s: i64) {
    %buf = ttg.local_alloc : () -> !ttg.memdesc<100xi8, #shared1, #smem, mutable>
    ttng.tensormap_create %g, %base, [%n, %n], [%n, %n], [%s], [%n, %n] {elem_type = 6 : i32, fill_mode = 0 : i32, interleave_layout = 0 : i32, swizzle_mode = 3 : i32} : (!tt.ptr<i8>, !tt.ptr<f16>, i32, i32, i32, i32, i64, i32, i32) -> ()
    ttng.tcgen5_global_alloc
    %v = ttg.local_load %buf : !ttg.memdesc<100xi8, #shared1, #smem, mutable> -> tensor<100xi8>
    tt.return
  }
}
