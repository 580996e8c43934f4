// RUN: proxyfence-opt %s | proxyfence-opt | FileCheck %s
// RUN: proxyfence-opt %s --mlir-print-op-generic | proxyfence-opt | FileCheck %s

// Round-trip of every tt op and type, in Triton 3.6's textual form.
// (tt.clampf is not covered here: see the bug report that came with this
// file; `propagateNan = none` does not parse.)

// CHECK-DAG: #[[BLOCKED:blocked]] = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-DAG: #[[BLOCKED1:blocked1]] = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-DAG: #[[BLOCKED2:blocked2]] = #ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-DAG: #[[MMA:mma]] = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>
// CHECK-DAG: #[[SHARED:shared]] = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
// CHECK: module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {

#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked2 = #ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {

// The address space of !tt.ptr is printed only when it is not 1; both
// spellings of !tt.tensordesc print in the Triton 3.6 form (tensor<...>).
// CHECK-LABEL: tt.func public @types(
// CHECK-SAME: %{{[^:]*}}: !tt.ptr<f16> {tt.divisibility = 16 : i32},
// CHECK-SAME: %{{[^:]*}}: !tt.ptr<i64, 3>,
// CHECK-SAME: %{{[^:]*}}: !tt.ptr<f32>,
// CHECK-SAME: %{{[^:]*}}: !tt.tensordesc<tensor<64x64xf16, #[[SHARED]]>>,
// CHECK-SAME: %{{[^:]*}}: !tt.tensordesc<tensor<64x64xf16, #[[SHARED]]>>,
// CHECK-SAME: %{{[^:]*}}: !tt.tensordesc<tensor<16xf32>>,
// CHECK-SAME: %{{[^:]*}}: tensor<64x!tt.ptr<f16>, #[[BLOCKED]]>)
// CHECK-SAME: attributes {noinline = false} {
// CHECK-NEXT: tt.return
  tt.func public @types(%p: !tt.ptr<f16> {tt.divisibility = 16 : i32}, %q: !tt.ptr<i64, 3>, %r: !tt.ptr<f32, 1>, %d0: !tt.tensordesc<tensor<64x64xf16, #shared>>, %d1: !tt.tensordesc<64x64xf16, #shared>, %d2: !tt.tensordesc<16xf32>, %t: tensor<64x!tt.ptr<f16>, #blocked>) attributes {noinline = false} {
    tt.return
  }

// CHECK-LABEL: tt.func private @decl(i32) -> i32
  tt.func private @decl(i32) -> i32

// CHECK-LABEL: tt.func @call_return(
// CHECK-SAME: %[[A:.*]]: i32) -> i32 {
// CHECK-NEXT: %[[R:.*]] = tt.call @decl(%[[A]]) : (i32) -> i32
// CHECK-NEXT: tt.return %[[R]] : i32
  tt.func @call_return(%a: i32) -> i32 {
    %r = tt.call @decl(%a) : (i32) -> i32
    tt.return %r : i32
  }

// CHECK-LABEL: tt.func @program_ids() -> (i32, i32) {
// CHECK-NEXT: %[[X:.*]] = tt.get_program_id x : i32
// CHECK-NEXT: tt.get_program_id y : i32
// CHECK-NEXT: tt.get_program_id z : i32
// CHECK-NEXT: %[[N:.*]] = tt.get_num_programs x : i32
// CHECK-NEXT: tt.get_num_programs z : i32
// CHECK-NEXT: tt.return %[[X]], %[[N]] : i32, i32
  tt.func @program_ids() -> (i32, i32) {
    %x = tt.get_program_id x : i32
    %y = tt.get_program_id y : i32
    %z = tt.get_program_id z : i32
    %n = tt.get_num_programs x : i32
    %m = tt.get_num_programs z : i32
    tt.return %x, %n : i32, i32
  }

// CHECK-LABEL: tt.func @shapes(
// CHECK-SAME: %[[S:[^:]*]]: f32, %[[T1:[^:]*]]: tensor<1x1xf32, #[[BLOCKED1]]>, %[[V:[^:]*]]: tensor<64xf32, #ttg.slice<{dim = 1, parent = #[[BLOCKED1]]}>>, %[[M:[^:]*]]: tensor<64x64xf32, #[[BLOCKED1]]>, %[[X2:[^:]*]]: tensor<64x2xf32, #[[BLOCKED2]]>)
// CHECK-NEXT: %[[RANGE:.*]] = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #[[BLOCKED]]>
// CHECK-NEXT: tt.splat %[[S]] : f32 -> tensor<64x64xf32, #[[BLOCKED1]]>
// CHECK-NEXT: tt.unsplat %[[T1]] : tensor<1x1xf32, #[[BLOCKED1]]>
// CHECK-NEXT: %[[E:.*]] = tt.expand_dims %[[V]] {axis = 1 : i32} : tensor<64xf32, #ttg.slice<{dim = 1, parent = #[[BLOCKED1]]}>> -> tensor<64x1xf32, #[[BLOCKED1]]>
// CHECK-NEXT: tt.broadcast %[[E]] : tensor<64x1xf32, #[[BLOCKED1]]> -> tensor<64x64xf32, #[[BLOCKED1]]>
// CHECK-NEXT: tt.reshape %[[M]] : tensor<64x64xf32, #[[BLOCKED1]]> -> tensor<4096xf32, #[[BLOCKED]]>
// CHECK-NEXT: tt.reshape %[[M]] allow_reorder : tensor<64x64xf32, #[[BLOCKED1]]> -> tensor<4096xf32, #[[BLOCKED]]>
// CHECK-NEXT: tt.reshape %[[M]] allow_reorder efficient_layout : tensor<64x64xf32, #[[BLOCKED1]]> -> tensor<4096xf32, #[[BLOCKED]]>
// CHECK-NEXT: tt.trans %[[M]] {order = array<i32: 1, 0>} : tensor<64x64xf32, #[[BLOCKED1]]> -> tensor<64x64xf32, #[[BLOCKED2]]>
// CHECK-NEXT: %[[LO:.*]], %[[HI:.*]] = tt.split %[[X2]] : tensor<64x2xf32, #[[BLOCKED2]]> -> tensor<64xf32, #ttg.slice<{dim = 1, parent = #[[BLOCKED2]]}>>
// CHECK-NEXT: tt.join %[[LO]], %[[HI]] : tensor<64xf32, #ttg.slice<{dim = 1, parent = #[[BLOCKED2]]}>> -> tensor<64x2xf32, #[[BLOCKED2]]>
// CHECK-NEXT: tt.cat %[[RANGE]], %[[RANGE]] : tensor<64xi32, #[[BLOCKED]]> -> tensor<128xi32, #[[BLOCKED]]>
  tt.func @shapes(%s: f32, %t1: tensor<1x1xf32, #blocked1>, %v: tensor<64xf32, #ttg.slice<{dim = 1, parent = #blocked1}>>, %m: tensor<64x64xf32, #blocked1>, %x2: tensor<64x2xf32, #blocked2>) {
    %r = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #blocked>
    %sp = tt.splat %s : f32 -> tensor<64x64xf32, #blocked1>
    %u = tt.unsplat %t1 : tensor<1x1xf32, #blocked1>
    %e = tt.expand_dims %v {axis = 1 : i32} : tensor<64xf32, #ttg.slice<{dim = 1, parent = #blocked1}>> -> tensor<64x1xf32, #blocked1>
    %b = tt.broadcast %e : tensor<64x1xf32, #blocked1> -> tensor<64x64xf32, #blocked1>
    %rs0 = tt.reshape %m : tensor<64x64xf32, #blocked1> -> tensor<4096xf32, #blocked>
    %rs1 = tt.reshape %m allow_reorder : tensor<64x64xf32, #blocked1> -> tensor<4096xf32, #blocked>
    %rs2 = tt.reshape %m allow_reorder efficient_layout : tensor<64x64xf32, #blocked1> -> tensor<4096xf32, #blocked>
    %tr = tt.trans %m {order = array<i32: 1, 0>} : tensor<64x64xf32, #blocked1> -> tensor<64x64xf32, #blocked2>
    %l, %h = tt.split %x2 : tensor<64x2xf32, #blocked2> -> tensor<64xf32, #ttg.slice<{dim = 1, parent = #blocked2}>>
    %j = tt.join %l, %h : tensor<64xf32, #ttg.slice<{dim = 1, parent = #blocked2}>> -> tensor<64x2xf32, #blocked2>
    %c = tt.cat %r, %r : tensor<64xi32, #blocked> -> tensor<128xi32, #blocked>
    tt.return
  }

// CHECK-LABEL: tt.func @casts(
// CHECK-SAME: %[[X:[^:]*]]: tensor<64xf32, #[[BLOCKED]]>, %[[I:[^:]*]]: i64, %[[P:[^:]*]]: !tt.ptr<f16>, %[[TI:[^:]*]]: tensor<64xi64, #[[BLOCKED]]>)
// CHECK-NEXT: tt.bitcast %[[X]] : tensor<64xf32, #[[BLOCKED]]> -> tensor<64xi32, #[[BLOCKED]]>
// CHECK-NEXT: tt.int_to_ptr %[[I]] : i64 -> !tt.ptr<f16>
// CHECK-NEXT: tt.int_to_ptr %[[TI]] : tensor<64xi64, #[[BLOCKED]]> -> tensor<64x!tt.ptr<f32>, #[[BLOCKED]]>
// CHECK-NEXT: tt.ptr_to_int %[[P]] : !tt.ptr<f16> -> i64
// CHECK-NEXT: tt.fp_to_fp %[[X]], rounding = rtne : tensor<64xf32, #[[BLOCKED]]> -> tensor<64xf8E4M3FN, #[[BLOCKED]]>
// CHECK-NEXT: %[[F1:.*]] = tt.fp_to_fp %[[X]], rounding = rtz : tensor<64xf32, #[[BLOCKED]]> -> tensor<64xf16, #[[BLOCKED]]>
// CHECK-NEXT: tt.fp_to_fp %[[F1]] : tensor<64xf16, #[[BLOCKED]]> -> tensor<64xf32, #[[BLOCKED]]>
  tt.func @casts(%x: tensor<64xf32, #blocked>, %i: i64, %p: !tt.ptr<f16>, %ti: tensor<64xi64, #blocked>) {
    %b = tt.bitcast %x : tensor<64xf32, #blocked> -> tensor<64xi32, #blocked>
    %p0 = tt.int_to_ptr %i : i64 -> !tt.ptr<f16>
    %p1 = tt.int_to_ptr %ti : tensor<64xi64, #blocked> -> tensor<64x!tt.ptr<f32>, #blocked>
    %i0 = tt.ptr_to_int %p : !tt.ptr<f16> -> i64
    %f0 = tt.fp_to_fp %x, rounding = rtne : tensor<64xf32, #blocked> -> tensor<64xf8E4M3FN, #blocked>
    %f1 = tt.fp_to_fp %x, rounding = rtz : tensor<64xf32, #blocked> -> tensor<64xf16, #blocked>
    %f2 = tt.fp_to_fp %f1 : tensor<64xf16, #blocked> -> tensor<64xf32, #blocked>
    tt.return
  }

// CHECK-LABEL: tt.func @arith(
// CHECK-SAME: %[[X:[^:]*]]: tensor<64xf32, #[[BLOCKED]]>, %[[Y:[^:]*]]: tensor<64xf32, #[[BLOCKED]]>, %[[A:[^:]*]]: tensor<64xi32, #[[BLOCKED]]>)
// CHECK-NEXT: tt.precise_sqrt %[[X]] : tensor<64xf32, #[[BLOCKED]]>
// CHECK-NEXT: tt.precise_divf %[[X]], %[[Y]] : tensor<64xf32, #[[BLOCKED]]>
// CHECK-NEXT: tt.mulhiui %[[A]], %[[A]] : tensor<64xi32, #[[BLOCKED]]>
// CHECK-NEXT: tt.clampf %[[X]], %[[X]], %[[Y]], propagateNan = none : tensor<64xf32, #[[BLOCKED]]>
// CHECK-NEXT: tt.clampf %[[X]], %[[X]], %[[Y]], propagateNan = all : tensor<64xf32, #[[BLOCKED]]>
  tt.func @arith(%x: tensor<64xf32, #blocked>, %y: tensor<64xf32, #blocked>, %a: tensor<64xi32, #blocked>) {
    %q = tt.precise_sqrt %x : tensor<64xf32, #blocked>
    %d = tt.precise_divf %x, %y : tensor<64xf32, #blocked>
    %h = tt.mulhiui %a, %a : tensor<64xi32, #blocked>
    %c0 = tt.clampf %x, %x, %y, propagateNan = none : tensor<64xf32, #blocked>
    %c1 = tt.clampf %x, %x, %y, propagateNan = all : tensor<64xf32, #blocked>
    tt.return
  }

// Default cache modifier / eviction policy / isVolatile are not printed.
// CHECK-LABEL: tt.func @memory(
// CHECK-SAME: %[[BASE:[^:]*]]: !tt.ptr<f16>, %[[OFF:[^:]*]]: tensor<64xi32, #[[BLOCKED]]>, %[[M:[^:]*]]: tensor<64xi1, #[[BLOCKED]]>, %[[O:[^:]*]]: tensor<64xf16, #[[BLOCKED]]>, %[[SP:[^:]*]]: !tt.ptr<i32>, %[[I:[^:]*]]: i32, %[[FP:[^:]*]]: tensor<64x!tt.ptr<f32>, #[[BLOCKED]]>, %[[FV:[^:]*]]: tensor<64xf32, #[[BLOCKED]]>)
// CHECK-NEXT: %[[PS:.*]] = tt.splat %[[BASE]] : !tt.ptr<f16> -> tensor<64x!tt.ptr<f16>, #[[BLOCKED]]>
// CHECK-NEXT: %[[P:.*]] = tt.addptr %[[PS]], %[[OFF]] : tensor<64x!tt.ptr<f16>, #[[BLOCKED]]>, tensor<64xi32, #[[BLOCKED]]>
// CHECK-NEXT: %[[SP1:.*]] = tt.addptr %[[SP]], %[[I]] : !tt.ptr<i32>, i32
// CHECK-NEXT: %[[L0:.*]] = tt.load %[[P]] : tensor<64x!tt.ptr<f16>, #[[BLOCKED]]>
// CHECK-NEXT: %[[L1:.*]] = tt.load %[[P]], %[[M]] : tensor<64x!tt.ptr<f16>, #[[BLOCKED]]>
// CHECK-NEXT: tt.load %[[P]], %[[M]], %[[O]] cacheModifier = cg evictionPolicy = evict_last {isVolatile = true} : tensor<64x!tt.ptr<f16>, #[[BLOCKED]]>
// CHECK-NEXT: %[[L3:.*]] = tt.load %[[SP1]] evictionPolicy = evict_first : !tt.ptr<i32>
// CHECK-NEXT: tt.store %[[P]], %[[L0]] : tensor<64x!tt.ptr<f16>, #[[BLOCKED]]>
// CHECK-NEXT: tt.store %[[P]], %[[L1]], %[[M]] cacheModifier = cs : tensor<64x!tt.ptr<f16>, #[[BLOCKED]]>
// CHECK-NEXT: tt.store %[[SP1]], %[[L3]] : !tt.ptr<i32>
// CHECK-NEXT: tt.atomic_rmw fadd, acq_rel, gpu, %[[FP]], %[[FV]], %[[M]] : (tensor<64x!tt.ptr<f32>, #[[BLOCKED]]>, tensor<64xf32, #[[BLOCKED]]>, tensor<64xi1, #[[BLOCKED]]>) -> tensor<64xf32, #[[BLOCKED]]>
// CHECK-NEXT: %[[OLD:.*]] = tt.atomic_rmw exch, relaxed, sys, %[[SP]], %[[I]] : (!tt.ptr<i32>, i32) -> i32
// CHECK-NEXT: tt.atomic_cas acq_rel, cta, %[[SP]], %[[I]], %[[OLD]] : (!tt.ptr<i32>, i32, i32) -> i32
  tt.func @memory(%base: !tt.ptr<f16>, %off: tensor<64xi32, #blocked>, %m: tensor<64xi1, #blocked>, %o: tensor<64xf16, #blocked>, %sp: !tt.ptr<i32>, %i: i32, %fp: tensor<64x!tt.ptr<f32>, #blocked>, %fv: tensor<64xf32, #blocked>) {
    %ps = tt.splat %base : !tt.ptr<f16> -> tensor<64x!tt.ptr<f16>, #blocked>
    %p = tt.addptr %ps, %off : tensor<64x!tt.ptr<f16>, #blocked>, tensor<64xi32, #blocked>
    %sp1 = tt.addptr %sp, %i : !tt.ptr<i32>, i32
    %l0 = tt.load %p : tensor<64x!tt.ptr<f16>, #blocked>
    %l1 = tt.load %p, %m : tensor<64x!tt.ptr<f16>, #blocked>
    %l2 = tt.load %p, %m, %o cacheModifier = cg evictionPolicy = evict_last {isVolatile = true} : tensor<64x!tt.ptr<f16>, #blocked>
    %l3 = tt.load %sp1 evictionPolicy = evict_first cacheModifier = none : !tt.ptr<i32>
    tt.store %p, %l0 : tensor<64x!tt.ptr<f16>, #blocked>
    tt.store %p, %l1, %m cacheModifier = cs : tensor<64x!tt.ptr<f16>, #blocked>
    tt.store %sp1, %l3 : !tt.ptr<i32>
    %r0 = tt.atomic_rmw fadd, acq_rel, gpu, %fp, %fv, %m : (tensor<64x!tt.ptr<f32>, #blocked>, tensor<64xf32, #blocked>, tensor<64xi1, #blocked>) -> tensor<64xf32, #blocked>
    %r1 = tt.atomic_rmw exch, relaxed, sys, %sp, %i : (!tt.ptr<i32>, i32) -> i32
    %r2 = tt.atomic_cas acq_rel, cta, %sp, %i, %r1 : (!tt.ptr<i32>, i32, i32) -> i32
    tt.return
  }

// #ttg.dot_op prints inline (it has no alias); the default inputPrecision
// (ieee) is not printed.
// CHECK-LABEL: tt.func @dot(
// CHECK-SAME: %[[A:[^:]*]]: tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #[[MMA]], kWidth = 2}>>, %[[B:[^:]*]]: tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #[[MMA]], kWidth = 2}>>, %[[C:[^:]*]]: tensor<64x64xf32, #[[MMA]]>)
// CHECK-NEXT: %[[D0:.*]] = tt.dot %[[A]], %[[B]], %[[C]] : tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #[[MMA]], kWidth = 2}>> * tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #[[MMA]], kWidth = 2}>> -> tensor<64x64xf32, #[[MMA]]>
// CHECK-NEXT: %[[D1:.*]] = tt.dot %[[A]], %[[B]], %[[D0]], inputPrecision = tf32 {maxNumImpreciseAcc = 32 : i32} : tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #[[MMA]], kWidth = 2}>> * tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #[[MMA]], kWidth = 2}>> -> tensor<64x64xf32, #[[MMA]]>
// CHECK-NEXT: tt.dot %[[A]], %[[B]], %[[D1]] :
// CHECK-NEXT: tt.return
  tt.func @dot(%a: tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>, %b: tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>, %c: tensor<64x64xf32, #mma>) -> tensor<64x64xf32, #mma> {
    %d0 = tt.dot %a, %b, %c : tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<64x64xf32, #mma>
    %d1 = tt.dot %a, %b, %d0, inputPrecision = tf32 {maxNumImpreciseAcc = 32 : i32} : tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<64x64xf32, #mma>
    %d2 = tt.dot %a, %b, %d1, inputPrecision = ieee : tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<32x64xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<64x64xf32, #mma>
    tt.return %d2 : tensor<64x64xf32, #mma>
  }

// tt.reduce and tt.scan print in generic form, as Triton does.
// CHECK-LABEL: tt.func @reduce_scan(
// CHECK-SAME: %[[X:[^:]*]]: tensor<64x64xf32, #[[BLOCKED1]]>, %[[I:[^:]*]]: tensor<64xi32, #[[BLOCKED]]>)
// CHECK-NEXT: "tt.reduce"(%[[X]]) <{axis = 1 : i32}> ({
// CHECK-NEXT: ^bb0(%[[RA:.*]]: f32, %[[RB:.*]]: f32):
// CHECK-NEXT: %[[RC:.*]] = arith.maxnumf %[[RA]], %[[RB]] : f32
// CHECK-NEXT: tt.reduce.return %[[RC]] : f32
// CHECK-NEXT: }) : (tensor<64x64xf32, #[[BLOCKED1]]>) -> tensor<64xf32, #ttg.slice<{dim = 1, parent = #[[BLOCKED1]]}>>
// CHECK-NEXT: %{{.*}}:2 = "tt.reduce"(%[[X]], %[[X]]) <{axis = 0 : i32}> ({
// CHECK-NEXT: ^bb0(%[[A0:[^:]*]]: f32, %{{[^:]*}}: f32, %{{[^:]*}}: f32, %[[B1:[^:]*]]: f32):
// CHECK-NEXT: tt.reduce.return %[[A0]], %[[B1]] : f32, f32
// CHECK-NEXT: }) : (tensor<64x64xf32, #[[BLOCKED1]]>, tensor<64x64xf32, #[[BLOCKED1]]>) -> (tensor<64xf32, #ttg.slice<{dim = 0, parent = #[[BLOCKED1]]}>>, tensor<64xf32, #ttg.slice<{dim = 0, parent = #[[BLOCKED1]]}>>)
// CHECK-NEXT: "tt.scan"(%[[I]]) <{axis = 0 : i32, reverse = false}> ({
// CHECK-NEXT: ^bb0(%[[SA:.*]]: i32, %[[SB:.*]]: i32):
// CHECK-NEXT: %[[SC:.*]] = arith.addi %[[SA]], %[[SB]] : i32
// CHECK-NEXT: tt.scan.return %[[SC]] : i32
// CHECK-NEXT: }) : (tensor<64xi32, #[[BLOCKED]]>) -> tensor<64xi32, #[[BLOCKED]]>
  tt.func @reduce_scan(%x: tensor<64x64xf32, #blocked1>, %i: tensor<64xi32, #blocked>) {
    %m = "tt.reduce"(%x) <{axis = 1 : i32}> ({
    ^bb0(%a: f32, %b: f32):
      %c = arith.maxnumf %a, %b : f32
      tt.reduce.return %c : f32
    }) : (tensor<64x64xf32, #blocked1>) -> tensor<64xf32, #ttg.slice<{dim = 1, parent = #blocked1}>>
    %m2:2 = "tt.reduce"(%x, %x) <{axis = 0 : i32}> ({
    ^bb0(%a0: f32, %a1: f32, %b0: f32, %b1: f32):
      tt.reduce.return %a0, %b1 : f32, f32
    }) : (tensor<64x64xf32, #blocked1>, tensor<64x64xf32, #blocked1>) -> (tensor<64xf32, #ttg.slice<{dim = 0, parent = #blocked1}>>, tensor<64xf32, #ttg.slice<{dim = 0, parent = #blocked1}>>)
    %s = "tt.scan"(%i) <{axis = 0 : i32, reverse = false}> ({
    ^bb0(%a: i32, %b: i32):
      %c = arith.addi %a, %b : i32
      tt.scan.return %c : i32
    }) : (tensor<64xi32, #blocked>) -> tensor<64xi32, #blocked>
    tt.return
  }

// CHECK-LABEL: tt.func @histogram_gather(
// CHECK-SAME: %[[X:[^:]*]]: tensor<64xi32, #[[BLOCKED]]>, %[[M:[^:]*]]: tensor<64xi1, #[[BLOCKED]]>, %[[SRC:[^:]*]]: tensor<64xf32, #[[BLOCKED]]>, %[[IDX:[^:]*]]: tensor<32xi32, #[[BLOCKED]]>)
// CHECK-NEXT: tt.histogram %[[X]] : tensor<64xi32, #[[BLOCKED]]> -> tensor<16xi32, #[[BLOCKED]]>
// CHECK-NEXT: tt.histogram %[[X]], %[[M]] : tensor<64xi32, #[[BLOCKED]]> -> tensor<16xi32, #[[BLOCKED]]>
// CHECK-NEXT: tt.gather %[[SRC]][%[[IDX]]] {axis = 0 : i32} : (tensor<64xf32, #[[BLOCKED]]>, tensor<32xi32, #[[BLOCKED]]>) -> tensor<32xf32, #[[BLOCKED]]>
// CHECK-NEXT: tt.gather %[[SRC]][%[[IDX]]] {axis = 0 : i32, efficient_layout} : (tensor<64xf32, #[[BLOCKED]]>, tensor<32xi32, #[[BLOCKED]]>) -> tensor<32xf32, #[[BLOCKED]]>
  tt.func @histogram_gather(%x: tensor<64xi32, #blocked>, %m: tensor<64xi1, #blocked>, %src: tensor<64xf32, #blocked>, %idx: tensor<32xi32, #blocked>) {
    %h0 = tt.histogram %x : tensor<64xi32, #blocked> -> tensor<16xi32, #blocked>
    %h1 = tt.histogram %x, %m : tensor<64xi32, #blocked> -> tensor<16xi32, #blocked>
    %g0 = tt.gather %src[%idx] {axis = 0 : i32} : (tensor<64xf32, #blocked>, tensor<32xi32, #blocked>) -> tensor<32xf32, #blocked>
    %g1 = tt.gather %src[%idx] {axis = 0 : i32, efficient_layout} : (tensor<64xf32, #blocked>, tensor<32xi32, #blocked>) -> tensor<32xf32, #blocked>
    tt.return
  }

// make_tensor_descriptor prints its types stripped (`<f16>`), as ODS does
// for a single TypeDef constraint (and as Triton prints it).
// CHECK-LABEL: tt.func @descriptors(
// CHECK-SAME: %[[BASE:[^:]*]]: !tt.ptr<f16>, %[[M:[^:]*]]: i32, %[[N:[^:]*]]: i32, %[[S0:[^:]*]]: i64, %[[S1:[^:]*]]: i64, %[[I:[^:]*]]: i32, %[[J:[^:]*]]: i32, %[[V:[^:]*]]: tensor<64x64xf16, #[[BLOCKED1]]>, %[[ROWS:[^:]*]]: tensor<32xi32, #[[BLOCKED]]>, %[[GV:[^:]*]]: tensor<32x64xf16, #[[BLOCKED1]]>, %[[D1:[^:]*]]: !tt.tensordesc<tensor<1x64xf16, #[[SHARED]]>>)
// CHECK-NEXT: %[[D:.*]] = tt.make_tensor_descriptor %[[BASE]], [%[[M]], %[[N]]], [%[[S0]], %[[S1]]] : <f16>, <tensor<64x64xf16, #[[SHARED]]>>
// CHECK-NEXT: tt.descriptor_load %[[D]][%[[I]], %[[J]]] : !tt.tensordesc<tensor<64x64xf16, #[[SHARED]]>> -> tensor<64x64xf16, #[[BLOCKED1]]>
// CHECK-NEXT: tt.descriptor_load %[[D]][%[[I]], %[[J]]] cacheModifier = cg evictionPolicy = evict_first : !tt.tensordesc<tensor<64x64xf16, #[[SHARED]]>> -> tensor<64x64xf16, #[[BLOCKED1]]>
// CHECK-NEXT: tt.descriptor_store %[[D]][%[[I]], %[[J]]], %[[V]] : !tt.tensordesc<tensor<64x64xf16, #[[SHARED]]>>, tensor<64x64xf16, #[[BLOCKED1]]>
// CHECK-NEXT: tt.descriptor_reduce add, %[[D]][%[[I]], %[[J]]], %[[V]] : !tt.tensordesc<tensor<64x64xf16, #[[SHARED]]>>, tensor<64x64xf16, #[[BLOCKED1]]>
// CHECK-NEXT: tt.descriptor_reduce max, %[[D]][%[[I]], %[[J]]], %[[V]] : !tt.tensordesc<tensor<64x64xf16, #[[SHARED]]>>, tensor<64x64xf16, #[[BLOCKED1]]>
// CHECK-NEXT: tt.descriptor_gather %[[D1]][%[[ROWS]], %[[J]]] : (!tt.tensordesc<tensor<1x64xf16, #[[SHARED]]>>, tensor<32xi32, #[[BLOCKED]]>, i32) -> tensor<32x64xf16, #[[BLOCKED1]]>
// CHECK-NEXT: tt.descriptor_scatter %[[D1]][%[[ROWS]], %[[J]]], %[[GV]] : !tt.tensordesc<tensor<1x64xf16, #[[SHARED]]>>, tensor<32xi32, #[[BLOCKED]]>, i32, tensor<32x64xf16, #[[BLOCKED1]]>
  tt.func @descriptors(%base: !tt.ptr<f16>, %m: i32, %n: i32, %s0: i64, %s1: i64, %i: i32, %j: i32, %v: tensor<64x64xf16, #blocked1>, %rows: tensor<32xi32, #blocked>, %gv: tensor<32x64xf16, #blocked1>, %d1: !tt.tensordesc<1x64xf16, #shared>) {
    %d = tt.make_tensor_descriptor %base, [%m, %n], [%s0, %s1] : !tt.ptr<f16>, !tt.tensordesc<tensor<64x64xf16, #shared>>
    %y0 = tt.descriptor_load %d[%i, %j] : !tt.tensordesc<tensor<64x64xf16, #shared>> -> tensor<64x64xf16, #blocked1>
    %y1 = tt.descriptor_load %d[%i, %j] cacheModifier = cg evictionPolicy = evict_first : !tt.tensordesc<tensor<64x64xf16, #shared>> -> tensor<64x64xf16, #blocked1>
    tt.descriptor_store %d[%i, %j], %v : !tt.tensordesc<tensor<64x64xf16, #shared>>, tensor<64x64xf16, #blocked1>
    tt.descriptor_reduce add, %d[%i, %j], %v : !tt.tensordesc<tensor<64x64xf16, #shared>>, tensor<64x64xf16, #blocked1>
    tt.descriptor_reduce max, %d[%i, %j], %v : !tt.tensordesc<64x64xf16, #shared>, tensor<64x64xf16, #blocked1>
    %g = tt.descriptor_gather %d1[%rows, %j] : (!tt.tensordesc<tensor<1x64xf16, #shared>>, tensor<32xi32, #blocked>, i32) -> tensor<32x64xf16, #blocked1>
    tt.descriptor_scatter %d1[%rows, %j], %gv : !tt.tensordesc<tensor<1x64xf16, #shared>>, tensor<32xi32, #blocked>, i32, tensor<32x64xf16, #blocked1>
    tt.return
  }

// CHECK-LABEL: tt.func @debug(
// CHECK-SAME: %[[X:[^:]*]]: tensor<64xi32, #[[BLOCKED]]>, %[[C:[^:]*]]: tensor<64xi1, #[[BLOCKED]]>, %[[F:[^:]*]]: tensor<64xf32, #[[BLOCKED]]>)
// CHECK-NEXT: tt.print " x: " {hex = false, isSigned = array<i32: 1>} : %[[X]] : tensor<64xi32, #[[BLOCKED]]>
// CHECK-NEXT: tt.print "done" {hex = true, isSigned = array<i32>}
// CHECK-NEXT: tt.assert %[[C]], "x must be positive" : tensor<64xi1, #[[BLOCKED]]>
// CHECK-NEXT: tt.elementwise_inline_asm "mov.b32 $0, $1;" {constraints = "=r,r", packed_element = 1 : i32, pure = true} %[[X]] : tensor<64xi32, #[[BLOCKED]]> -> tensor<64xi32, #[[BLOCKED]]>
// CHECK-NEXT: %{{.*}}:2 = tt.elementwise_inline_asm "mov.b32 $0, $2; mov.b32 $1, $2;" {constraints = "=r,=r,r", packed_element = 1 : i32, pure = false} %[[X]] : tensor<64xi32, #[[BLOCKED]]> -> tensor<64xi32, #[[BLOCKED]]>, tensor<64xi32, #[[BLOCKED]]>
// CHECK-NEXT: tt.extern_elementwise %[[F]] {libname = "", libpath = "", pure = true, symbol = "__nv_expf"} : (tensor<64xf32, #[[BLOCKED]]>) -> tensor<64xf32, #[[BLOCKED]]>
  tt.func @debug(%x: tensor<64xi32, #blocked>, %c: tensor<64xi1, #blocked>, %f: tensor<64xf32, #blocked>) {
    tt.print " x: " {hex = false, isSigned = array<i32: 1>} : %x : tensor<64xi32, #blocked>
    tt.print "done" {hex = true, isSigned = array<i32>}
    tt.assert %c, "x must be positive" : tensor<64xi1, #blocked>
    %r = tt.elementwise_inline_asm "mov.b32 $0, $1;" {constraints = "=r,r", packed_element = 1 : i32, pure = true} %x : tensor<64xi32, #blocked> -> tensor<64xi32, #blocked>
    %r2:2 = tt.elementwise_inline_asm "mov.b32 $0, $2; mov.b32 $1, $2;" {constraints = "=r,=r,r", packed_element = 1 : i32, pure = false} %x : tensor<64xi32, #blocked> -> tensor<64xi32, #blocked>, tensor<64xi32, #blocked>
    %e = tt.extern_elementwise %f {libname = "", libpath = "", pure = true, symbol = "__nv_expf"} : (tensor<64xf32, #blocked>) -> tensor<64xf32, #blocked>
    tt.return
  }

// tt ops nest in scf and cf control flow.
// CHECK-LABEL: tt.func @control_flow(
// CHECK: scf.for
// CHECK: tt.load
// CHECK: scf.yield
// CHECK: cf.cond_br
// CHECK: ^bb1:
// CHECK-NEXT: tt.store
// CHECK-NEXT: cf.br ^bb2
// CHECK: ^bb2:
// CHECK-NEXT: tt.return
  tt.func @control_flow(%p: !tt.ptr<f32>, %n: i32, %c: i1) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %z = arith.constant 0.0 : f32
    %s = scf.for %iv = %c0 to %n step %c1 iter_args(%acc = %z) -> (f32) : i32 {
      %q = tt.addptr %p, %iv : !tt.ptr<f32>, i32
      %v = tt.load %q : !tt.ptr<f32>
      %a = arith.addf %acc, %v : f32
      scf.yield %a : f32
    }
    cf.cond_br %c, ^bb1, ^bb2
  ^bb1:
    tt.store %p, %s : !tt.ptr<f32>
    cf.br ^bb2
  ^bb2:
    tt.return
  }
}
