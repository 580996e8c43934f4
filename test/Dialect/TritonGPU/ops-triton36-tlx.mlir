// RUN: proxyfence-opt %s | proxyfence-opt | FileCheck %s
// RUN: proxyfence-opt %s --mlir-print-op-generic | proxyfence-opt | FileCheck %s

// Round-trip of the ttg ops that Triton 3.6 and the TLX fork print beyond
// those of ops.mlir: distributed shared memory, shared-memory gather and
// scatter, the dynamic subslice view, pipeliner and warp utilities, the
// bulk form of async_copy_global_to_local, and views that drop `mutable`
// (Triton accepts an immutable view of a mutable buffer).

// CHECK-DAG: #[[BLOCKED:blocked]] = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-DAG: #[[B1D:blocked[0-9]+]] = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-DAG: #[[SHARED:shared]] = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
// CHECK-DAG: #[[BAR:shared[0-9]+]] = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
// CHECK-DAG: #[[SMEM:smem]] = #ttg.shared_memory

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#shared1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90"} {

// CHECK-LABEL: tt.func @remote(
// CHECK-SAME: %[[V:[^:]*]]: tensor<64x64xf16, #[[BLOCKED]]>, %[[BUF:[^:]*]]: !ttg.memdesc<64x64xf16, #[[SHARED]], #[[SMEM]], mutable>, %[[BARV:[^:]*]]: !ttg.memdesc<1xi64, #[[BAR]], #[[SMEM]], mutable>, %[[R:[^:]*]]: i32)
// CHECK-NEXT: ttg.remote_shmem_store %[[V]], rank %[[R]], %[[BUF]] : tensor<64x64xf16, #[[BLOCKED]]> -> !ttg.memdesc<64x64xf16, #[[SHARED]], #[[SMEM]], mutable>
// CHECK-NEXT: ttg.async_remote_shmem_store %[[V]], rank %[[R]], %[[BUF]] barrier %[[BARV]] : tensor<64x64xf16, #[[BLOCKED]]> -> !ttg.memdesc<64x64xf16, #[[SHARED]], #[[SMEM]], mutable> barrier_ty !ttg.memdesc<1xi64, #[[BAR]], #[[SMEM]], mutable>
// CHECK-NEXT: ttg.async_remote_shmem_copy %[[BUF]], rank %[[R]], %[[BUF]] barrier %[[BARV]] : !ttg.memdesc<64x64xf16, #[[SHARED]], #[[SMEM]], mutable> -> !ttg.memdesc<64x64xf16, #[[SHARED]], #[[SMEM]], mutable> barrier_ty !ttg.memdesc<1xi64, #[[BAR]], #[[SMEM]], mutable>
  tt.func @remote(%v: tensor<64x64xf16, #blocked>, %buf: !ttg.memdesc<64x64xf16, #shared, #smem, mutable>, %bar: !ttg.memdesc<1xi64, #shared1, #smem, mutable>, %r: i32) {
    ttg.remote_shmem_store %v, rank %r, %buf : tensor<64x64xf16, #blocked> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    ttg.async_remote_shmem_store %v, rank %r, %buf barrier %bar : tensor<64x64xf16, #blocked> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable> barrier_ty !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    ttg.async_remote_shmem_copy %buf, rank %r, %buf barrier %bar : !ttg.memdesc<64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable> barrier_ty !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    tt.return
  }

// CHECK-LABEL: tt.func @gather_scatter(
// CHECK-SAME: %[[BUF:[^:]*]]: !ttg.memdesc<64xi32, #[[BAR]], #[[SMEM]], mutable>, %[[IDX:[^:]*]]: tensor<128xi32, #[[B1D]]>, %[[V:[^:]*]]: tensor<128xi32, #[[B1D]]>, %[[M:[^:]*]]: tensor<128xi1, #[[B1D]]>)
// CHECK-NEXT: ttg.local_gather %[[BUF]][%[[IDX]]] {axis = 0 : i32} : !ttg.memdesc<64xi32, #[[BAR]], #[[SMEM]], mutable>, tensor<128xi32, #[[B1D]]> -> tensor<128xi32, #[[B1D]]>
// CHECK-NEXT: ttg.local_scatter %[[BUF]][%[[IDX]]], %[[V]] {axis = 0 : i32} : !ttg.memdesc<64xi32, #[[BAR]], #[[SMEM]], mutable>, tensor<128xi32, #[[B1D]]>, tensor<128xi32, #[[B1D]]>
// CHECK-NEXT: ttg.local_atomic_scatter_rmw add, %[[BUF]][%[[IDX]]], %[[V]] {axis = 0 : i32} : (!ttg.memdesc<64xi32, #[[BAR]], #[[SMEM]], mutable>, tensor<128xi32, #[[B1D]]>, tensor<128xi32, #[[B1D]]>) -> tensor<128xi32, #[[B1D]]>
// CHECK-NEXT: ttg.local_atomic_scatter_rmw umax, %[[BUF]][%[[IDX]]], %[[V]], %[[M]] {axis = 0 : i32} : (!ttg.memdesc<64xi32, #[[BAR]], #[[SMEM]], mutable>, tensor<128xi32, #[[B1D]]>, tensor<128xi32, #[[B1D]]>, tensor<128xi1, #[[B1D]]>) -> tensor<128xi32, #[[B1D]]>
  tt.func @gather_scatter(%buf: !ttg.memdesc<64xi32, #shared1, #smem, mutable>, %idx: tensor<128xi32, #blocked1>, %v: tensor<128xi32, #blocked1>, %m: tensor<128xi1, #blocked1>) {
    %g = ttg.local_gather %buf[%idx] {axis = 0 : i32} : !ttg.memdesc<64xi32, #shared1, #smem, mutable>, tensor<128xi32, #blocked1> -> tensor<128xi32, #blocked1>
    ttg.local_scatter %buf[%idx], %v {axis = 0 : i32} : !ttg.memdesc<64xi32, #shared1, #smem, mutable>, tensor<128xi32, #blocked1>, tensor<128xi32, #blocked1>
    %o = ttg.local_atomic_scatter_rmw add, %buf[%idx], %v {axis = 0 : i32} : (!ttg.memdesc<64xi32, #shared1, #smem, mutable>, tensor<128xi32, #blocked1>, tensor<128xi32, #blocked1>) -> tensor<128xi32, #blocked1>
    %p = ttg.local_atomic_scatter_rmw umax, %buf[%idx], %v, %m {axis = 0 : i32} : (!ttg.memdesc<64xi32, #shared1, #smem, mutable>, tensor<128xi32, #blocked1>, tensor<128xi32, #blocked1>, tensor<128xi1, #blocked1>) -> tensor<128xi32, #blocked1>
    tt.return
  }

// CHECK-LABEL: tt.func @views(
// CHECK-SAME: %[[A:[^:]*]]: !ttg.memdesc<2x64x64xf16, #[[SHARED]], #[[SMEM]], mutable>, %[[I:[^:]*]]: i32)
// CHECK-NEXT: %[[S:.*]] = ttg.memdesc_index %[[A]][%[[I]]] : !ttg.memdesc<2x64x64xf16, #[[SHARED]], #[[SMEM]], mutable> -> !ttg.memdesc<64x64xf16, #[[SHARED]], #[[SMEM]], 2x64x64>
// CHECK-NEXT: ttg.memdesc_subslice %[[S]][0, 32] : !ttg.memdesc<64x64xf16, #[[SHARED]], #[[SMEM]], 2x64x64> -> !ttg.memdesc<64x32xf16, #[[SHARED]], #[[SMEM]], 2x64x64>
// CHECK-NEXT: ttg.memdesc_dynamic_subslice %[[S]][%[[I]], %[[I]]] : !ttg.memdesc<64x64xf16, #[[SHARED]], #[[SMEM]], 2x64x64> -> !ttg.memdesc<32x32xf16, #[[SHARED]], #[[SMEM]], 2x64x64>
  tt.func @views(%a: !ttg.memdesc<2x64x64xf16, #shared, #smem, mutable>, %i: i32) {
    %s = ttg.memdesc_index %a[%i] : !ttg.memdesc<2x64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, 2x64x64>
    %t = ttg.memdesc_subslice %s[0, 32] : !ttg.memdesc<64x64xf16, #shared, #smem, 2x64x64> -> !ttg.memdesc<64x32xf16, #shared, #smem, 2x64x64>
    %u = ttg.memdesc_dynamic_subslice %s[%i, %i] : !ttg.memdesc<64x64xf16, #shared, #smem, 2x64x64> -> !ttg.memdesc<32x32xf16, #shared, #smem, 2x64x64>
    tt.return
  }

// CHECK-LABEL: tt.func @bulk_copy(
// CHECK-SAME: %[[P:[^:]*]]: !tt.ptr<f16>, %[[BUF:[^:]*]]: !ttg.memdesc<4096xf16, #[[BAR]], #[[SMEM]], mutable>, %[[BARV:[^:]*]]: !ttg.memdesc<1xi64, #[[BAR]], #[[SMEM]], mutable>, %[[N:[^:]*]]: i32)
// CHECK-NEXT: ttg.async_copy_global_to_local %[[P]], %[[BUF]] bulk_size %[[N]] : i32 barrier %[[BARV]] : !ttg.memdesc<1xi64, #[[BAR]], #[[SMEM]], mutable> {useBulk = true} : !tt.ptr<f16> -> <4096xf16, #[[BAR]], #[[SMEM]], mutable>
  tt.func @bulk_copy(%p: !tt.ptr<f16>, %buf: !ttg.memdesc<4096xf16, #shared1, #smem, mutable>, %bar: !ttg.memdesc<1xi64, #shared1, #smem, mutable>, %n: i32) {
    %t = ttg.async_copy_global_to_local %p, %buf bulk_size %n : i32 barrier %bar : !ttg.memdesc<1xi64, #shared1, #smem, mutable> {useBulk = true} : !tt.ptr<f16> -> <4096xf16, #shared1, #smem, mutable>
    tt.return
  }

// CHECK-LABEL: tt.func @utilities(
// CHECK-SAME: %[[IV:[^:]*]]: i32, %[[UB:[^:]*]]: i32, %[[P:[^:]*]]: tensor<32xi1, #[[B1D]]>, %[[X:[^:]*]]: tensor<128x32xi8, #[[BLOCKED]]>, %[[Y:[^:]*]]: tensor<64x64xf16, #[[BLOCKED]]>)
// CHECK-NEXT: %[[S:.*]] = ttg.predicate_stage %[[IV]], %[[UB]], %[[IV]] maxStage 2 stage 0 : i32 -> i1
// CHECK-NEXT: %[[M:.*]] = "ttg.mask"(%[[S]]) ({
// CHECK-NEXT: %[[A:.*]] = arith.addi %[[IV]], %[[UB]] : i32
// CHECK-NEXT: ttg.mask.return %[[A]] : i32
// CHECK-NEXT: }) : (i1) -> i32
// CHECK-NEXT: %[[WP:.*]] = ttg.warp_predicate %[[S]](%[[IV]]) {
// CHECK-NEXT: %[[B:.*]] = arith.addi
// CHECK-NEXT: ttg.predicate_yield %[[B]] : i32
// CHECK-NEXT: } : (i1, i32) -> i32
// CHECK-NEXT: ttg.warp_id{{$}}
// CHECK-NEXT: ttg.warp_id {omitUniformHint}
// CHECK-NEXT: ttg.warp_vote %[[P]] "any" : tensor<32xi1, #[[B1D]]> -> i1
// CHECK-NEXT: ttg.clock64{{$}}
// CHECK-NEXT: ttg.fp4_to_fp %[[X]] {axis = 1 : i32} : tensor<128x32xi8, #[[BLOCKED]]> -> tensor<128x64xbf16, #[[BLOCKED]]>
// CHECK-NEXT: ttg.require_layout %[[Y]] : tensor<64x64xf16, #[[BLOCKED]]> -> tensor<64x64xf16, #[[BLOCKED]]>
// CHECK-NEXT: ttg.barrier none
// CHECK-NEXT: gpu.barrier
  tt.func @utilities(%iv: i32, %ub: i32, %p: tensor<32xi1, #blocked1>, %x: tensor<128x32xi8, #blocked>, %y: tensor<64x64xf16, #blocked>) {
    %s = ttg.predicate_stage %iv, %ub, %iv maxStage 2 stage 0 : i32 -> i1
    %m = "ttg.mask"(%s) ({
      %a = arith.addi %iv, %ub : i32
      ttg.mask.return %a : i32
    }) : (i1) -> i32
    %wp = ttg.warp_predicate %s(%iv) {
      %b = arith.addi %iv, %iv : i32
      ttg.predicate_yield %b : i32
    } : (i1, i32) -> i32
    %w = ttg.warp_id
    %w1 = ttg.warp_id {omitUniformHint}
    %any = ttg.warp_vote %p "any" : tensor<32xi1, #blocked1> -> i1
    %t = ttg.clock64
    %f = ttg.fp4_to_fp %x {axis = 1 : i32} : tensor<128x32xi8, #blocked> -> tensor<128x64xbf16, #blocked>
    %r = ttg.require_layout %y : tensor<64x64xf16, #blocked> -> tensor<64x64xf16, #blocked>
    ttg.barrier none
    gpu.barrier
    tt.return
  }

  // ttg.warp_specialize as Triton's generic form spells it: the partitions
  // are the regions of a ttg.warp_specialize.partitions op in the second
  // region, which takes the captures; it prints back in the custom form.
  // CHECK-LABEL: tt.func @warp_specialize_generic(
  // CHECK: %{{.*}} = ttg.warp_specialize(%{{.*}}) attributes {requestedRegisters = array<i32: 32>}
  // CHECK-NEXT: default {
  // CHECK: ttg.warp_yield %{{.*}} : i32
  // CHECK: partition0(%{{.*}}: i32) num_warps(4) {
  // CHECK-NEXT: arith.addi
  // CHECK-NEXT: ttg.warp_return
  // CHECK-NEXT: } : (i32) -> i32
  tt.func @warp_specialize_generic(%n: i32) -> i32 {
    %r = "ttg.warp_specialize"() <{partitionNumWarps = array<i32: 4>}> ({
      "ttg.warp_yield"(%n) : (i32) -> ()
    }, {
      "ttg.warp_specialize.partitions"(%n) ({
      ^bb0(%x: i32):
        %y = arith.addi %x, %x : i32
        "ttg.warp_return"() : () -> ()
      }) : (i32) -> ()
    }) {requestedRegisters = array<i32: 32>} : () -> i32
    tt.return %r : i32
  }
}
