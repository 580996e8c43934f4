// RUN: proxyfence-opt %s | proxyfence-opt | FileCheck %s
// RUN: proxyfence-opt %s --mlir-print-op-generic | proxyfence-opt | FileCheck %s

// Round-trip of the tt ops and forms that Triton 3.6 and the TLX fork print
// beyond those of ops.mlir, and of what their verifiers accept: a ui8
// descriptor moving i8 tensors, a rank-reducing descriptor load, and index
// lists of another length than the block's rank (Triton counts none).

// CHECK-DAG: #[[BLOCKED:blocked]] = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-DAG: #[[SHARED:shared]] = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 8}>

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 8}>
#blocked1 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-warps" = 4 : i32} {

// CHECK-LABEL: tt.func @dot_scaled(
// CHECK-SAME: %[[A:[^:]*]]: tensor<128x32xi8, #[[BLOCKED]]>, %[[AS:[^:]*]]: tensor<128x2xi8, #[[BLOCKED]]>, %[[B:[^:]*]]: tensor<32x128xi8, #[[BLOCKED]]>, %[[C:[^:]*]]: tensor<128x128xf32, #[[BLOCKED]]>, %[[F:[^:]*]]: tensor<128x64xbf16, #[[BLOCKED]]>, %[[G:[^:]*]]: tensor<64x128xbf16, #[[BLOCKED]]>)
// CHECK-NEXT: tt.dot_scaled %[[A]] scale %[[AS]], %[[B]], %[[C]] lhs = e2m1 rhs = e2m1 {fastMath = false} : tensor<128x32xi8, #[[BLOCKED]]>, tensor<128x2xi8, #[[BLOCKED]]> * tensor<32x128xi8, #[[BLOCKED]]> -> tensor<128x128xf32, #[[BLOCKED]]>
// CHECK-NEXT: tt.dot_scaled %[[F]], %[[G]], %[[C]] lhs = bf16 rhs = bf16 {fastMath = true, lhs_k_pack = false} : tensor<128x64xbf16, #[[BLOCKED]]> * tensor<64x128xbf16, #[[BLOCKED]]> -> tensor<128x128xf32, #[[BLOCKED]]>
  tt.func @dot_scaled(%a: tensor<128x32xi8, #blocked>, %as: tensor<128x2xi8, #blocked>, %b: tensor<32x128xi8, #blocked>, %c: tensor<128x128xf32, #blocked>, %f: tensor<128x64xbf16, #blocked>, %g: tensor<64x128xbf16, #blocked>) {
    %0 = tt.dot_scaled %a scale %as, %b, %c lhs = e2m1 rhs = e2m1 {fastMath = false} : tensor<128x32xi8, #blocked>, tensor<128x2xi8, #blocked> * tensor<32x128xi8, #blocked> -> tensor<128x128xf32, #blocked>
    %1 = tt.dot_scaled %f, %g, %c lhs = bf16 rhs = bf16 {fastMath = true, lhs_k_pack = false} : tensor<128x64xbf16, #blocked> * tensor<64x128xbf16, #blocked> -> tensor<128x128xf32, #blocked>
    tt.return
  }

// CHECK-LABEL: tt.func @map_elementwise(
// CHECK-SAME: %[[X:[^:]*]]: tensor<64x64xf32, #[[BLOCKED]]>)
// CHECK-NEXT: "tt.map_elementwise"(%[[X]]) <{pack = 2 : i32}> ({
// CHECK-NEXT: ^bb0(%[[P:.*]]: f32, %[[Q:.*]]: f32):
// CHECK-NEXT: arith.addf
// CHECK-NEXT: tt.map_elementwise.return %{{.*}}, %{{.*}} : f32, f32
// CHECK-NEXT: }) : (tensor<64x64xf32, #[[BLOCKED]]>) -> tensor<64x64xf32, #[[BLOCKED]]>
// CHECK: "tt.reduce"(%[[X]]) <{axis = 1 : i32, reduction_ordering = "inner_tree"}>
  tt.func @map_elementwise(%x: tensor<64x64xf32, #blocked>) {
    %0 = "tt.map_elementwise"(%x) <{pack = 2 : i32}> ({
    ^bb0(%p: f32, %q: f32):
      %s = arith.addf %p, %q : f32
      tt.map_elementwise.return %s, %s : f32, f32
    }) : (tensor<64x64xf32, #blocked>) -> tensor<64x64xf32, #blocked>
    %1 = "tt.reduce"(%x) <{axis = 1 : i32, reduction_ordering = "inner_tree"}> ({
    ^bb0(%a: f32, %b: f32):
      %m = arith.maxnumf %a, %b : f32
      tt.reduce.return %m : f32
    }) : (tensor<64x64xf32, #blocked>) -> tensor<64xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
    tt.return
  }

// CHECK-LABEL: tt.func @block_pointers(
// CHECK-SAME: %[[BASE:[^:]*]]: !tt.ptr<f16>, %[[N:[^:]*]]: i64, %[[I:[^:]*]]: i32)
// CHECK-NEXT: %[[P:.*]] = tt.make_tensor_ptr %[[BASE]], [%[[N]], %[[N]]], [%[[N]], %[[N]]], [%[[I]], %[[I]]] {order = array<i32: 1, 0>} : <tensor<64x64xf16>>
// CHECK-NEXT: tt.advance %[[P]], [%[[I]], %[[I]]] : <tensor<64x64xf16>>
  tt.func @block_pointers(%base: !tt.ptr<f16>, %n: i64, %i: i32) {
    %p = tt.make_tensor_ptr %base, [%n, %n], [%n, %n], [%i, %i] {order = array<i32: 1, 0>} : <tensor<64x64xf16>>
    %q = tt.advance %p, [%i, %i] : <tensor<64x64xf16>>
    tt.return
  }

// CHECK-LABEL: tt.func @descriptors(
// CHECK-SAME: %[[BASE:[^:]*]]: !tt.ptr<i8>, %[[I:[^:]*]]: i32, %[[S:[^:]*]]: i64, %[[DP:[^:]*]]: !tt.ptr<i8>, %[[U:[^:]*]]: !tt.tensordesc<tensor<64x64xui8, #[[SHARED]]>>, %[[R:[^:]*]]: !tt.tensordesc<tensor<1x64x64xi8, #[[SHARED]]>>, %[[V:[^:]*]]: tensor<64x64xi8, #[[BLOCKED]]>)
// CHECK-NEXT: tt.make_tensor_descriptor %[[BASE]], [%[[I]], %[[I]]], [%[[S]], %[[S]]], descPtr = %[[DP]] : !tt.ptr<i8> : <i8>, <tensor<64x64xi8, #[[SHARED]]>>
// CHECK-NEXT: tt.descriptor_load %[[U]][%[[I]], %[[I]]] : !tt.tensordesc<tensor<64x64xui8, #[[SHARED]]>> -> tensor<64x64xi8, #[[BLOCKED]]>
// CHECK-NEXT: tt.descriptor_load %[[R]][%[[I]], %[[I]], %[[I]]] : !tt.tensordesc<tensor<1x64x64xi8, #[[SHARED]]>> -> tensor<64x64xi8, #[[BLOCKED]]>
// CHECK-NEXT: tt.descriptor_load %[[U]][%[[I]], %[[I]], %[[I]]] : !tt.tensordesc<tensor<64x64xui8, #[[SHARED]]>> -> tensor<64x64xi8, #[[BLOCKED]]>
// CHECK-NEXT: tt.descriptor_store %[[U]][%[[I]], %[[I]]], %[[V]] : !tt.tensordesc<tensor<64x64xui8, #[[SHARED]]>>, tensor<64x64xi8, #[[BLOCKED]]>
// CHECK-NEXT: tt.descriptor_store %[[U]][%[[I]], %[[I]]], %[[V]] reduce_kind = add : !tt.tensordesc<tensor<64x64xui8, #[[SHARED]]>>, tensor<64x64xi8, #[[BLOCKED]]>
// CHECK-NEXT: tt.descriptor_reduce add, %[[U]][%[[I]]], %[[V]] : !tt.tensordesc<tensor<64x64xui8, #[[SHARED]]>>, tensor<64x64xi8, #[[BLOCKED]]>
  tt.func @descriptors(%base: !tt.ptr<i8>, %i: i32, %s: i64, %dp: !tt.ptr<i8>, %u: !tt.tensordesc<tensor<64x64xui8, #shared>>, %r: !tt.tensordesc<tensor<1x64x64xi8, #shared>>, %v: tensor<64x64xi8, #blocked>) {
    %d = tt.make_tensor_descriptor %base, [%i, %i], [%s, %s], descPtr = %dp : !tt.ptr<i8> : !tt.ptr<i8>, !tt.tensordesc<tensor<64x64xi8, #shared>>
    %0 = tt.descriptor_load %u[%i, %i] : !tt.tensordesc<tensor<64x64xui8, #shared>> -> tensor<64x64xi8, #blocked>
    %1 = tt.descriptor_load %r[%i, %i, %i] : !tt.tensordesc<tensor<1x64x64xi8, #shared>> -> tensor<64x64xi8, #blocked>
    %2 = tt.descriptor_load %u[%i, %i, %i] : !tt.tensordesc<tensor<64x64xui8, #shared>> -> tensor<64x64xi8, #blocked>
    tt.descriptor_store %u[%i, %i], %v : !tt.tensordesc<tensor<64x64xui8, #shared>>, tensor<64x64xi8, #blocked>
    tt.descriptor_store %u[%i, %i], %v reduce_kind = add : !tt.tensordesc<tensor<64x64xui8, #shared>>, tensor<64x64xi8, #blocked>
    tt.descriptor_reduce add, %u[%i], %v : !tt.tensordesc<tensor<64x64xui8, #shared>>, tensor<64x64xi8, #blocked>
    tt.return
  }
// tt.fp_to_fp: the attribute dictionary before the rounding mode
// (upstream), and TLX's stochastic rounding: `rbits` random bits with
// `rounding = rs`, the dictionary last.
// CHECK-LABEL: tt.func @fp_to_fp_forms(
// CHECK-NEXT: tt.fp_to_fp %{{.*}} {tag = 1 : i32}, rounding = rtne : tensor<128xf32, #[[BLOCKED1:blocked[0-9]*]]> -> tensor<128xf8E5M2, #[[BLOCKED1]]>
// CHECK-NEXT: tt.fp_to_fp %{{.*}}, rbits = %{{.*}} : tensor<128xi32, #[[BLOCKED1]]>, rounding = rs : tensor<128xf32, #[[BLOCKED1]]> -> tensor<128xf8E4M3FN, #[[BLOCKED1]]>
// CHECK-NEXT: tt.fp_to_fp %{{.*}}, rbits = %{{.*}} : tensor<128xi32, #[[BLOCKED1]]>, rounding = rs {tag = 2 : i32} : tensor<128xf32, #[[BLOCKED1]]> -> tensor<128xbf16, #[[BLOCKED1]]>
  tt.func @fp_to_fp_forms(%x: tensor<128xf32, #blocked1>, %r: tensor<128xi32, #blocked1>) {
    %a = tt.fp_to_fp %x {tag = 1 : i32}, rounding = rtne : tensor<128xf32, #blocked1> -> tensor<128xf8E5M2, #blocked1>
    %b = tt.fp_to_fp %x, rbits = %r : tensor<128xi32, #blocked1>, rounding = rs : tensor<128xf32, #blocked1> -> tensor<128xf8E4M3FN, #blocked1>
    %c = tt.fp_to_fp %x, rbits = %r : tensor<128xi32, #blocked1>, rounding = rs {tag = 2 : i32} : tensor<128xf32, #blocked1> -> tensor<128xbf16, #blocked1>
    tt.return
  }
}
