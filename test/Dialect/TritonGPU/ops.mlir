// RUN: proxyfence-opt %s | proxyfence-opt | FileCheck %s
// RUN: proxyfence-opt %s --mlir-print-op-generic | proxyfence-opt | FileCheck %s

// Round-trip of every ttg op, of !ttg.memdesc / !ttg.async.token, and of the
// ttg layout attributes, which print back under Triton's alias names
// (#blocked, #mma, #linear, #shared, #smem); #ttg.slice and #ttg.dot_op
// have no alias and print inline. Layout fields keep their source order,
// including the optional CTA-layout keys.

// CHECK-DAG: #[[BLOCKED:blocked]] = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-DAG: #[[BLOCKED_CTA:blocked[0-9]+]] = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [0, 1], CTAsPerCGA = [1, 1], CTASplitNum = [1, 1], CTAOrder = [1, 0]}>
// CHECK-DAG: #[[LINEAR:linear]] = #ttg.linear<{register = {{\[\[}}0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [0, 32]], lane = {{\[\[}}1, 0], [2, 0], [4, 0], [8, 0], [16, 0]], warp = {{\[\[}}32, 0], [0, 0]], block = []}>
// CHECK-DAG: #[[MMA:mma]] = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
// CHECK-DAG: #[[SHARED:shared]] = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
// CHECK-DAG: #[[SHARED_T:shared[0-9]+]] = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 16}>
// CHECK-DAG: #[[SWZ1D:shared[0-9]+]] = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
// CHECK-DAG: #[[SWZ2D:shared[0-9]+]] = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
// CHECK-DAG: #[[SMEM:smem]] = #ttg.shared_memory
// CHECK: module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [4, 1], order = [0, 1], CTAsPerCGA = [1, 1], CTASplitNum = [1, 1], CTAOrder = [1, 0]}>
#linear = #ttg.linear<{register = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [0, 32]], lane = [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0]], warp = [[32, 0], [0, 0]], block = []}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#shared1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#shared2 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 16}>
#shared3 = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {

// CHECK-LABEL: tt.func @layouts(
// CHECK-SAME: %[[A:[^:]*]]: tensor<64x64xf16, #[[BLOCKED]]>,
// CHECK-SAME: %{{[^:]*}}: tensor<64x64xf16, #[[BLOCKED_CTA]]>,
// CHECK-SAME: %[[C:[^:]*]]: tensor<64x64xf32, #[[LINEAR]]>,
// CHECK-SAME: %{{[^:]*}}: tensor<64x64xf32, #[[MMA]]>,
// CHECK-SAME: %{{[^:]*}}: tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #[[MMA]], kWidth = 2}>>,
// CHECK-SAME: %{{[^:]*}}: tensor<64xf32, #ttg.slice<{dim = 1, parent = #[[MMA]]}>>,
// CHECK-SAME: %{{[^:]*}}: tensor<64x64xf16, #ttg.dot_op<{opIdx = 1, parent = #[[BLOCKED]]}>>)
// CHECK-NEXT: ttg.convert_layout %[[A]] : tensor<64x64xf16, #[[BLOCKED]]> -> tensor<64x64xf16, #[[BLOCKED_CTA]]>
// CHECK-NEXT: ttg.convert_layout %[[C]] : tensor<64x64xf32, #[[LINEAR]]> -> tensor<64x64xf32, #[[MMA]]>
  tt.func @layouts(%a: tensor<64x64xf16, #blocked>, %b: tensor<64x64xf16, #blocked1>, %c: tensor<64x64xf32, #linear>, %d: tensor<64x64xf32, #mma>, %e: tensor<64x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>, %f: tensor<64xf32, #ttg.slice<{dim = 1, parent = #mma}>>, %g: tensor<64x64xf16, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>) {
    %0 = ttg.convert_layout %a : tensor<64x64xf16, #blocked> -> tensor<64x64xf16, #blocked1>
    %1 = ttg.convert_layout %c : tensor<64x64xf32, #linear> -> tensor<64x64xf32, #mma>
    tt.return
  }

// `mutable` and the allocation shape are printed only when present (the
// allocation shape only when it differs from the shape).
// CHECK-LABEL: tt.func @memdesc_types(
// CHECK-SAME: %{{[^:]*}}: !ttg.memdesc<64x64xf16, #[[SHARED]], #[[SMEM]]>,
// CHECK-SAME: %{{[^:]*}}: !ttg.memdesc<64x64xf16, #[[SHARED]], #[[SMEM]], mutable>,
// CHECK-SAME: %{{[^:]*}}: !ttg.memdesc<64x64xf16, #[[SHARED]], #[[SMEM]], mutable, 2x64x64>,
// CHECK-SAME: %{{[^:]*}}: !ttg.memdesc<32x64xf16, #[[SHARED]], #[[SMEM]], 64x64>,
// CHECK-SAME: %{{[^:]*}}: !ttg.memdesc<1xi64, #[[SWZ1D]], #[[SMEM]], mutable>,
// CHECK-SAME: %{{[^:]*}}: !ttg.memdesc<32xf16, #[[SWZ1D]], #[[SMEM]], 64>,
// CHECK-SAME: %{{[^:]*}}: !ttg.memdesc<16x16xf16, #[[SHARED]], #[[SMEM]], mutable>,
// CHECK-SAME: %{{[^:]*}}: !ttg.memdesc<8xf32>,
// CHECK-SAME: %{{[^:]*}}: !ttg.async.token)
  tt.func @memdesc_types(%m0: !ttg.memdesc<64x64xf16, #shared, #smem>, %m1: !ttg.memdesc<64x64xf16, #shared, #smem, mutable>, %m2: !ttg.memdesc<64x64xf16, #shared, #smem, mutable, 2x64x64>, %m3: !ttg.memdesc<32x64xf16, #shared, #smem, 64x64>, %m4: !ttg.memdesc<1xi64, #shared1, #smem, mutable>, %m5: !ttg.memdesc<32xf16, #shared1, #smem, 64>, %m6: !ttg.memdesc<16x16xf16, #shared, #smem, mutable, 16x16>, %m7: !ttg.memdesc<8xf32>, %t: !ttg.async.token) {
    tt.return
  }

// CHECK-LABEL: tt.func @local_memory(
// CHECK-SAME: %[[V:[^:]*]]: tensor<64x64xf16, #[[BLOCKED]]>, %[[I:[^:]*]]: i32)
// CHECK-NEXT: %[[A:.*]] = ttg.local_alloc : () -> !ttg.memdesc<2x64x64xf16, #[[SHARED]], #[[SMEM]], mutable>
// CHECK-NEXT: %[[B:.*]] = ttg.local_alloc %[[V]] : (tensor<64x64xf16, #[[BLOCKED]]>) -> !ttg.memdesc<64x64xf16, #[[SHARED]], #[[SMEM]]>
// CHECK-NEXT: %[[C:.*]] = ttg.local_alloc %[[V]] {alignment = 128 : i32} : (tensor<64x64xf16, #[[BLOCKED]]>) -> !ttg.memdesc<64x64xf16, #[[SHARED]], #[[SMEM]], mutable>
// CHECK-NEXT: %[[S:.*]] = ttg.memdesc_index %[[A]][%[[I]]] : !ttg.memdesc<2x64x64xf16, #[[SHARED]], #[[SMEM]], mutable> -> !ttg.memdesc<64x64xf16, #[[SHARED]], #[[SMEM]], mutable, 2x64x64>
// CHECK-NEXT: ttg.local_store %[[V]], %[[S]] : tensor<64x64xf16, #[[BLOCKED]]> -> !ttg.memdesc<64x64xf16, #[[SHARED]], #[[SMEM]], mutable, 2x64x64>
// CHECK-NEXT: ttg.local_load %[[S]] : !ttg.memdesc<64x64xf16, #[[SHARED]], #[[SMEM]], mutable, 2x64x64> -> tensor<64x64xf16, #[[BLOCKED]]>
// CHECK-NEXT: ttg.local_load %[[B]] : !ttg.memdesc<64x64xf16, #[[SHARED]], #[[SMEM]]> -> tensor<64x64xf16, #[[BLOCKED]]>
// CHECK-NEXT: ttg.local_dealloc %[[C]] : !ttg.memdesc<64x64xf16, #[[SHARED]], #[[SMEM]], mutable>
// CHECK-NEXT: ttg.local_dealloc %[[A]] : !ttg.memdesc<2x64x64xf16, #[[SHARED]], #[[SMEM]], mutable>
  tt.func @local_memory(%v: tensor<64x64xf16, #blocked>, %i: i32) {
    %a = ttg.local_alloc : () -> !ttg.memdesc<2x64x64xf16, #shared, #smem, mutable>
    %b = ttg.local_alloc %v : (tensor<64x64xf16, #blocked>) -> !ttg.memdesc<64x64xf16, #shared, #smem>
    %c = ttg.local_alloc %v {alignment = 128 : i32} : (tensor<64x64xf16, #blocked>) -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    %s = ttg.memdesc_index %a[%i] : !ttg.memdesc<2x64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable, 2x64x64>
    ttg.local_store %v, %s : tensor<64x64xf16, #blocked> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable, 2x64x64>
    %l0 = ttg.local_load %s : !ttg.memdesc<64x64xf16, #shared, #smem, mutable, 2x64x64> -> tensor<64x64xf16, #blocked>
    %l1 = ttg.local_load %b : !ttg.memdesc<64x64xf16, #shared, #smem> -> tensor<64x64xf16, #blocked>
    ttg.local_dealloc %c : !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    ttg.local_dealloc %a : !ttg.memdesc<2x64x64xf16, #shared, #smem, mutable>
    tt.return
  }

// CHECK-LABEL: tt.func @views(
// CHECK-SAME: %[[A:[^:]*]]: !ttg.memdesc<64x64xf16, #[[SHARED]], #[[SMEM]], mutable>, %[[B:[^:]*]]: !ttg.memdesc<64x64xf16, #[[SWZ2D]], #[[SMEM]]>)
// CHECK-NEXT: ttg.memdesc_subslice %[[A]][0, 32] : !ttg.memdesc<64x64xf16, #[[SHARED]], #[[SMEM]], mutable> -> !ttg.memdesc<64x32xf16, #[[SHARED]], #[[SMEM]], mutable, 64x64>
// CHECK-NEXT: ttg.memdesc_trans %[[A]] {order = array<i32: 1, 0>} : !ttg.memdesc<64x64xf16, #[[SHARED]], #[[SMEM]], mutable> -> !ttg.memdesc<64x64xf16, #[[SHARED_T]], #[[SMEM]], mutable>
// CHECK-NEXT: ttg.memdesc_reshape %[[B]] : !ttg.memdesc<64x64xf16, #[[SWZ2D]], #[[SMEM]]> -> !ttg.memdesc<4096xf16, #[[SWZ1D]], #[[SMEM]]>
// CHECK-NEXT: ttg.memdesc_reinterpret %[[A]] : !ttg.memdesc<64x64xf16, #[[SHARED]], #[[SMEM]], mutable> -> !ttg.memdesc<64x32xf32, #[[SHARED]], #[[SMEM]], mutable>
  tt.func @views(%a: !ttg.memdesc<64x64xf16, #shared, #smem, mutable>, %b: !ttg.memdesc<64x64xf16, #shared3, #smem>) {
    %s = ttg.memdesc_subslice %a[0, 32] : !ttg.memdesc<64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x32xf16, #shared, #smem, mutable, 64x64>
    %t = ttg.memdesc_trans %a {order = array<i32: 1, 0>} : !ttg.memdesc<64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared2, #smem, mutable>
    %r = ttg.memdesc_reshape %b : !ttg.memdesc<64x64xf16, #shared3, #smem> -> !ttg.memdesc<4096xf16, #shared1, #smem>
    %i = ttg.memdesc_reinterpret %a : !ttg.memdesc<64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x32xf32, #shared, #smem, mutable>
    tt.return
  }

// The destination type of async_copy_global_to_local prints stripped
// (`-> <64x64xf16, ...>`), as in Triton.
// CHECK-LABEL: tt.func @async_copy(
// CHECK-SAME: %[[P:[^:]*]]: tensor<64x64x!tt.ptr<f16>, #[[BLOCKED]]>, %[[M:[^:]*]]: tensor<64x64xi1, #[[BLOCKED]]>, %[[O:[^:]*]]: tensor<64x64xf16, #[[BLOCKED]]>, %[[BUF:[^:]*]]: !ttg.memdesc<64x64xf16, #[[SWZ2D]], #[[SMEM]], mutable>)
// CHECK-NEXT: %[[T0:.*]] = ttg.async_copy_global_to_local %[[P]], %[[BUF]] : tensor<64x64x!tt.ptr<f16>, #[[BLOCKED]]> -> <64x64xf16, #[[SWZ2D]], #[[SMEM]], mutable>
// CHECK-NEXT: %[[T1:.*]] = ttg.async_copy_global_to_local %[[P]], %[[BUF]] mask %[[M]] other %[[O]] cacheModifier = cg evictionPolicy = evict_last {contiguity = 8 : i32} : tensor<64x64x!tt.ptr<f16>, #[[BLOCKED]]> -> <64x64xf16, #[[SWZ2D]], #[[SMEM]], mutable>
// CHECK-NEXT: %[[G0:.*]] = ttg.async_commit_group{{$}}
// CHECK-NEXT: %[[G1:.*]] = ttg.async_commit_group tokens %[[T0]], %[[T1]]{{$}}
// CHECK-NEXT: ttg.async_wait {num = 0 : i32}
// CHECK-NEXT: %[[W1:.*]] = ttg.async_wait %[[G0]], %[[G1]] {num = 1 : i32}
// CHECK-NEXT: ttg.local_load %[[BUF]] token %[[W1]] : !ttg.memdesc<64x64xf16, #[[SWZ2D]], #[[SMEM]], mutable> -> tensor<64x64xf16, #[[BLOCKED]]>
  tt.func @async_copy(%p: tensor<64x64x!tt.ptr<f16>, #blocked>, %m: tensor<64x64xi1, #blocked>, %o: tensor<64x64xf16, #blocked>, %buf: !ttg.memdesc<64x64xf16, #shared3, #smem, mutable>) {
    %t0 = ttg.async_copy_global_to_local %p, %buf : tensor<64x64x!tt.ptr<f16>, #blocked> -> <64x64xf16, #shared3, #smem, mutable>
    %t1 = ttg.async_copy_global_to_local %p, %buf mask %m other %o cacheModifier = cg evictionPolicy = evict_last {contiguity = 8 : i32} : tensor<64x64x!tt.ptr<f16>, #blocked> -> <64x64xf16, #shared3, #smem, mutable>
    %g0 = ttg.async_commit_group
    %g1 = ttg.async_commit_group tokens %t0, %t1
    %w0 = ttg.async_wait {num = 0 : i32}
    %w1 = ttg.async_wait %g0, %g1 {num = 1 : i32}
    %l = ttg.local_load %buf token %w1 : !ttg.memdesc<64x64xf16, #shared3, #smem, mutable> -> tensor<64x64xf16, #blocked>
    tt.return
  }

// Both spellings of the CTA barrier (3.6: ttg.local_barrier; newer:
// ttg.barrier with a `|`-separated list of address spaces).
// CHECK-LABEL: tt.func @barriers()
// CHECK-NEXT: ttg.local_barrier{{$}}
// CHECK-NEXT: ttg.barrier local{{$}}
// CHECK-NEXT: ttg.barrier global_read|global_write{{$}}
// CHECK-NEXT: ttg.barrier tensor_read|tensor_write|local{{$}}
// CHECK-NEXT: ttg.barrier all{{$}}
// CHECK-NEXT: ttg.global_scratch_alloc {alignment = 128 : i32, nbytes = 1024 : i32} : !tt.ptr<i8>
  tt.func @barriers() {
    ttg.local_barrier
    ttg.barrier local
    ttg.barrier global_read|global_write
    ttg.barrier tensor_read|tensor_write|local
    ttg.barrier all
    %p = ttg.global_scratch_alloc {alignment = 128 : i32, nbytes = 1024 : i32} : !tt.ptr<i8>
    tt.return
  }

// CHECK-LABEL: tt.func @warp_specialize(
// CHECK-SAME: %[[A:[^:]*]]: !ttg.memdesc<64x64xf16, #[[SHARED]], #[[SMEM]]>, %[[N:[^:]*]]: i32) -> i32
// CHECK-NEXT: ttg.warp_specialize(%[[A]]) attributes {requestedRegisters = array<i32: 24>}
// CHECK-NEXT: default {
// CHECK-NEXT: ttg.warp_yield{{$}}
// CHECK-NEXT: }
// CHECK-NEXT: partition0(%{{[^:]*}}: !ttg.memdesc<64x64xf16, #[[SHARED]], #[[SMEM]]>) num_warps(4) {
// CHECK-NEXT: ttg.warp_return{{$}}
// CHECK-NEXT: } : (!ttg.memdesc<64x64xf16, #[[SHARED]], #[[SMEM]]>) -> ()
// CHECK-NEXT: %[[R:.*]]:2 = ttg.warp_specialize(%[[A]], %[[N]]) attributes {requestedRegisters = array<i32: 24, 48>}
// CHECK-NEXT: default {
// CHECK-NEXT: %[[SUM:.*]] = arith.addi %[[N]], %[[N]] : i32
// CHECK-NEXT: ttg.warp_yield %[[SUM]], %[[N]] : i32, i32
// CHECK-NEXT: }
// CHECK-NEXT: partition0(%[[X0:[^:]*]]: !ttg.memdesc<64x64xf16, #[[SHARED]], #[[SMEM]]>, %{{[^:]*}}: i32) num_warps(4) {
// CHECK-NEXT: ttg.local_load %[[X0]] : !ttg.memdesc<64x64xf16, #[[SHARED]], #[[SMEM]]> -> tensor<64x64xf16, #[[BLOCKED]]>
// CHECK-NEXT: ttg.warp_return
// CHECK-NEXT: }
// CHECK-NEXT: partition1(%{{[^:]*}}: !ttg.memdesc<64x64xf16, #[[SHARED]], #[[SMEM]]>, %[[Y1:[^:]*]]: i32) num_warps(1) {
// CHECK-NEXT: arith.muli %[[Y1]], %[[Y1]] : i32
// CHECK-NEXT: ttg.warp_return
// CHECK-NEXT: } : (!ttg.memdesc<64x64xf16, #[[SHARED]], #[[SMEM]]>, i32) -> (i32, i32)
// CHECK-NEXT: tt.return %[[R]]#0 : i32
  tt.func @warp_specialize(%a: !ttg.memdesc<64x64xf16, #shared, #smem>, %n: i32) -> i32 {
    ttg.warp_specialize(%a) attributes {requestedRegisters = array<i32: 24>}
    default {
      ttg.warp_yield
    }
    partition0(%arg0: !ttg.memdesc<64x64xf16, #shared, #smem>) num_warps(4) {
      ttg.warp_return
    } : (!ttg.memdesc<64x64xf16, #shared, #smem>) -> ()
    %r:2 = ttg.warp_specialize(%a, %n) attributes {requestedRegisters = array<i32: 24, 48>}
    default {
      %c = arith.addi %n, %n : i32
      ttg.warp_yield %c, %n : i32, i32
    }
    partition0(%x: !ttg.memdesc<64x64xf16, #shared, #smem>, %y: i32) num_warps(4) {
      %l = ttg.local_load %x : !ttg.memdesc<64x64xf16, #shared, #smem> -> tensor<64x64xf16, #blocked>
      ttg.warp_return
    }
    partition1(%x: !ttg.memdesc<64x64xf16, #shared, #smem>, %y: i32) num_warps(1) {
      %z = arith.muli %y, %y : i32
      ttg.warp_return
    } : (!ttg.memdesc<64x64xf16, #shared, #smem>, i32) -> (i32, i32)
    tt.return %r#0 : i32
  }

// A default region with no partitions.
// CHECK-LABEL: tt.func @warp_specialize_no_partitions(
// CHECK: ttg.warp_specialize()
// CHECK-NEXT: default {
// CHECK-NEXT: ttg.warp_yield
// CHECK-NEXT: } : () -> ()
  tt.func @warp_specialize_no_partitions() {
    ttg.warp_specialize() default {
      ttg.warp_yield
    } : () -> ()
    tt.return
  }

// Memdesc values flow through scf.for iter_args and cf block arguments.
// CHECK-LABEL: tt.func @control_flow(
// CHECK-SAME: %[[V:[^:]*]]: tensor<64x64xf16, #[[BLOCKED]]>, %[[N:[^:]*]]: i32, %[[COND:[^:]*]]: i1)
// CHECK: %[[A:.*]] = ttg.local_alloc : () -> !ttg.memdesc<2x64x64xf16, #[[SHARED]], #[[SMEM]], mutable>
// CHECK-NEXT: %[[S0:.*]] = ttg.memdesc_index %[[A]][%{{.*}}] : !ttg.memdesc<2x64x64xf16, #[[SHARED]], #[[SMEM]], mutable> -> !ttg.memdesc<64x64xf16, #[[SHARED]], #[[SMEM]], mutable, 2x64x64>
// CHECK-NEXT: %[[R:.*]] = scf.for %[[IV:.*]] = %{{.*}} to %[[N]] step %{{.*}} iter_args(%[[CUR:.*]] = %[[S0]]) -> (!ttg.memdesc<64x64xf16, #[[SHARED]], #[[SMEM]], mutable, 2x64x64>) : i32 {
// CHECK-NEXT: ttg.local_store %[[V]], %[[CUR]] : tensor<64x64xf16, #[[BLOCKED]]> -> !ttg.memdesc<64x64xf16, #[[SHARED]], #[[SMEM]], mutable, 2x64x64>
// CHECK-NEXT: %[[NX:.*]] = ttg.memdesc_index %[[A]][%[[IV]]]
// CHECK-NEXT: scf.yield %[[NX]] : !ttg.memdesc<64x64xf16, #[[SHARED]], #[[SMEM]], mutable, 2x64x64>
// CHECK-NEXT: }
// CHECK-NEXT: cf.cond_br %[[COND]], ^bb1(%[[R]] : !ttg.memdesc<64x64xf16, #[[SHARED]], #[[SMEM]], mutable, 2x64x64>), ^bb2
// CHECK-NEXT: ^bb1(%[[M:.*]]: !ttg.memdesc<64x64xf16, #[[SHARED]], #[[SMEM]], mutable, 2x64x64>):
// CHECK-NEXT: ttg.local_load %[[M]]
// CHECK-NEXT: cf.br ^bb2
// CHECK-NEXT: ^bb2:
// CHECK-NEXT: ttg.local_dealloc %[[A]] : !ttg.memdesc<2x64x64xf16, #[[SHARED]], #[[SMEM]], mutable>
  tt.func @control_flow(%v: tensor<64x64xf16, #blocked>, %n: i32, %c: i1) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %a = ttg.local_alloc : () -> !ttg.memdesc<2x64x64xf16, #shared, #smem, mutable>
    %s0 = ttg.memdesc_index %a[%c0] : !ttg.memdesc<2x64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable, 2x64x64>
    %r = scf.for %iv = %c0 to %n step %c1 iter_args(%cur = %s0) -> (!ttg.memdesc<64x64xf16, #shared, #smem, mutable, 2x64x64>) : i32 {
      ttg.local_store %v, %cur : tensor<64x64xf16, #blocked> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable, 2x64x64>
      %nx = ttg.memdesc_index %a[%iv] : !ttg.memdesc<2x64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable, 2x64x64>
      scf.yield %nx : !ttg.memdesc<64x64xf16, #shared, #smem, mutable, 2x64x64>
    }
    cf.cond_br %c, ^bb1(%r : !ttg.memdesc<64x64xf16, #shared, #smem, mutable, 2x64x64>), ^bb2
  ^bb1(%m: !ttg.memdesc<64x64xf16, #shared, #smem, mutable, 2x64x64>):
    %l = ttg.local_load %m : !ttg.memdesc<64x64xf16, #shared, #smem, mutable, 2x64x64> -> tensor<64x64xf16, #blocked>
    cf.br ^bb2
  ^bb2:
    ttg.local_dealloc %a : !ttg.memdesc<2x64x64xf16, #shared, #smem, mutable>
    tt.return
  }
}
