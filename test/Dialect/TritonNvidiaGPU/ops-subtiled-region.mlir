// RUN: proxyfence-opt %s | proxyfence-opt | FileCheck %s
// RUN: proxyfence-opt %s --mlir-print-op-generic | proxyfence-opt | FileCheck %s

// ttng.subtiled_region (TLX epilogue subtiling) in its spellings: named
// operand groups and `key = attribute` header entries in source order,
// an attribute dictionary, and named regions (setup with its block
// arguments, tile with its arguments, teardown).

#linear = #ttg.linear<{register = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [0, 32]], lane = [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0]], warp = [[32, 0], [64, 0]], block = []}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#shared1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100", "ttg.threads-per-warp" = 32 : i32} {

// CHECK-LABEL: tt.func @barriers_and_annotations(
// CHECK: ttng.subtiled_region barriers(%{{.*}} : !ttg.memdesc<1xi64, #{{.*}}, #smem, mutable>) phases(%{{.*}} : i32) barrier_annotations = [#ttng.barrier_annotation<barrierIdx = 0, placement = after, targetOpIdx = 0, barrierOpKind = "arrive_barrier">] setup {
// CHECK: ttng.subtiled_region_yield %{{.*}}, %{{.*}} : i32, i32
// CHECK-NEXT: } tile(%[[A:.*]]: i32) {
// CHECK-NEXT: arith.addi %[[A]], %[[A]] : i32
// CHECK-NEXT: ttng.subtiled_region_yield{{$}}
// CHECK-NEXT: } teardown {
// CHECK-NEXT: ttng.subtiled_region_yield{{$}}
// CHECK-NEXT: }
  tt.func @barriers_and_annotations(%bar: !ttg.memdesc<1xi64, #shared1, #smem, mutable>, %phase: i32) {
    ttng.subtiled_region
        barriers(%bar : !ttg.memdesc<1xi64, #shared1, #smem, mutable>)
        phases(%phase : i32)
        barrier_annotations = [
          #ttng.barrier_annotation<barrierIdx = 0, placement = after,
              targetOpIdx = 0, barrierOpKind = "arrive_barrier">
        ]
      setup {
        %c0 = arith.constant 0 : i32
        %c1 = arith.constant 1 : i32
        ttng.subtiled_region_yield %c0, %c1 : i32, i32
      } tile(%arg0: i32) {
        %res = arith.addi %arg0, %arg0 : i32
        ttng.subtiled_region_yield
      } teardown {
        ttng.subtiled_region_yield
      }
    tt.return
  }

// CHECK-LABEL: tt.func @inputs_and_mappings(
// CHECK: ttng.subtiled_region inputs(%{{.*}}, %{{.*}} : tensor<128x64xf32, #linear>, !ttg.memdesc<128x64xf16, #{{.*}}, #smem, mutable>) tile_mappings = [array<i32: 0, 1>] barrier_annotations = [] {async_task_id = array<i32: 1>} setup {
// CHECK-NEXT: ^bb0(%{{.*}}: tensor<128x64xf32, #linear>, %{{.*}}: !ttg.memdesc<128x64xf16, #{{.*}}, #smem, mutable>):
// CHECK: } tile(%{{.*}}: tensor<128x64xf32, #linear>, %{{.*}}: !ttg.memdesc<128x64xf16, #{{.*}}, #smem, mutable>, %{{.*}}: i32) {
// CHECK: ttg.local_store
  tt.func @inputs_and_mappings(%t: tensor<128x64xf32, #linear>, %s: !ttg.memdesc<128x64xf16, #shared, #smem, mutable>) {
    ttng.subtiled_region
        inputs(%t, %s : tensor<128x64xf32, #linear>, !ttg.memdesc<128x64xf16, #shared, #smem, mutable>)
        tile_mappings = [array<i32: 0, 1>]
        barrier_annotations = []
        {async_task_id = array<i32: 1>}
      setup {
      ^bb0(%a0: tensor<128x64xf32, #linear>, %a1: !ttg.memdesc<128x64xf16, #shared, #smem, mutable>):
        ttng.subtiled_region_yield %a0, %a1 : tensor<128x64xf32, #linear>, !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
      } tile(%t0: tensor<128x64xf32, #linear>, %t1: !ttg.memdesc<128x64xf16, #shared, #smem, mutable>, %tidx: i32) {
        %trunc = arith.truncf %t0 : tensor<128x64xf32, #linear> to tensor<128x64xf16, #linear>
        ttg.local_store %trunc, %t1 : tensor<128x64xf16, #linear> -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
        ttng.subtiled_region_yield
      }
    tt.return
  }

// Results print after the regions as `-> (types)`, the yield's values
// before its attributes (TLX's order).
// CHECK-LABEL: tt.func @with_results(
// CHECK: %{{.*}}:2 = ttng.subtiled_region per_tile(%{{.*}} : i32) {numTiles = 2 : i32} tile(%{{.*}}: i32, %{{.*}}: i32) {
// CHECK-NEXT: ttng.subtiled_region_yield %{{.*}}, %{{.*}} : i32, i32 {async_task_id = array<i32: 0>}
// CHECK-NEXT: } -> (i32, i32)
  tt.func @with_results(%a: i32) -> i32 {
    %r:2 = ttng.subtiled_region
        per_tile(%a : i32)
        {numTiles = 2 : i32}
      tile(%t0: i32, %tidx: i32) {
        ttng.subtiled_region_yield %t0, %tidx : i32, i32 {async_task_id = array<i32: 0>}
      } -> (i32, i32)
    tt.return %r#0 : i32
  }

// The earlier spelling: per_tile / shared groups, numTiles, a tile region only.
// CHECK-LABEL: tt.func @per_tile(
// CHECK: ttng.subtiled_region per_tile(%{{.*}}, %{{.*}} : i32, i32) shared(%{{.*}} : i32) {numTiles = 2 : i32} tile(%{{.*}}: i32, %{{.*}}: i32, %{{.*}}: i32) {
  tt.func @per_tile(%a: i32, %b: i32, %c: i32) {
    ttng.subtiled_region
        per_tile(%a, %b : i32, i32)
        shared(%c : i32)
        {numTiles = 2 : i32}
      tile(%t0: i32, %t1: i32, %tidx: i32) {
        ttng.subtiled_region_yield
      }
    tt.return
  }
}
