// RUN: proxyfence-opt %s | proxyfence-opt | FileCheck %s
// RUN: proxyfence-opt %s --mlir-print-op-generic | proxyfence-opt | FileCheck %s

// The shared layouts of Triton 3.6 and TLX beyond nvmma_shared and
// swizzled_shared, printed back as written under Triton's `#shared` alias:
// shared_linear (bases in braces, alignment after them, as in Triton 3.6's
// mxfp4 matmul), padded_shared (`[interval:+padding]`), partitioned_shared,
// the optional keys `rank` of nvmma_shared and `versionMinor` of
// nvidia_mma, and generic_linear (printed inline, without an alias).

// CHECK-DAG: #[[SL:shared[0-9]*]] = #ttg.shared_linear<{offset = {{\[\[}}0, 1], [0, 2], [1, 0], [2, 0]], block = []}, alignment = 16>
// CHECK-DAG: #[[SL_OLD:shared[0-9]*]] = #ttg.shared_linear<{offset = {{\[\[}}0, 1], [1, 0]], block = [], alignment = 16}>
// CHECK-DAG: #[[PAD:shared[0-9]*]] = #ttg.padded_shared<[128:+4] {order = [1, 0], shape = [16, 16]}>
// CHECK-DAG: #[[PAD2:shared[0-9]*]] = #ttg.padded_shared<[64:+4, 128:+8] {offset = {{\[\[}}0, 1], [0, 2], [1, 0]], block = []}>
// CHECK-DAG: #[[PAD0:shared[0-9]*]] = #ttg.padded_shared<[32:+2]>
// CHECK-DAG: #[[PART:shared[0-9]*]] = #ttg.partitioned_shared<{numPartitions = 2, numGroups = 1, partitionDim = 0, partitionLayout = #[[PAD]]}>
// CHECK-DAG: #[[NV5:shared[0-9]*]] = #ttg.nvmma_shared<{swizzlingByteWidth = 0, transposed = false, elementBitWidth = 8, rank = 5}>
// CHECK-DAG: #[[MMA:mma[0-9]*]] = #ttg.nvidia_mma<{versionMajor = 2, warpsPerCTA = [4, 1], instrShape = [16, 8]}>
// CHECK-NOT: = #ttg.generic_linear

#sl = #ttg.shared_linear<{offset = [[0, 1], [0, 2], [1, 0], [2, 0]], block = []}, alignment = 16>
#sl_old = #ttg.shared_linear<{offset = [[0, 1], [1, 0]], block = [], alignment = 16}>
#pad = #ttg.padded_shared<[128:+4] {order = [1, 0], shape = [16, 16]}>
#pad2 = #ttg.padded_shared<[64:+4, 128:+8] {offset = [[0, 1], [0, 2], [1, 0]], block = []}>
#pad0 = #ttg.padded_shared<[32:+2]>
#part = #ttg.partitioned_shared<{numPartitions = 2, numGroups = 1, partitionDim = 0, partitionLayout = #pad}>
#nv5 = #ttg.nvmma_shared<{swizzlingByteWidth = 0, transposed = false, elementBitWidth = 8, rank = 5}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, warpsPerCTA = [4, 1], instrShape = [16, 8]}>
#generic = #ttg.generic_linear<{register = [], lane = [[1], [2], [4], [8], [16]], warp = [[3], [0]], block = []}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32} {
  // CHECK-LABEL: tt.func @layouts(
  // CHECK-SAME: !ttg.memdesc<4x4xf32, #[[SL]], #smem>
  // CHECK-SAME: !ttg.memdesc<2x2xf32, #[[SL_OLD]], #smem>
  // CHECK-SAME: !ttg.memdesc<16x16xf16, #[[PAD]], #smem, mutable>
  // CHECK-SAME: !ttg.memdesc<2x4xf16, #[[PAD2]], #smem>
  // CHECK-SAME: !ttg.memdesc<64xf16, #[[PAD0]], #smem>
  // CHECK-SAME: !ttg.memdesc<16x16xf16, #[[PART]], #smem>
  // CHECK-SAME: !ttg.memdesc<1x2x32x4x4xi8, #[[NV5]], #smem>
  // CHECK-SAME: tensor<64x64xf32, #[[MMA]]>
  // CHECK-SAME: tensor<32xf32, #ttg.generic_linear<{register = [], lane = {{\[\[}}1], [2], [4], [8], [16]], warp = {{\[\[}}3], [0]], block = []}>>
  tt.func @layouts(%a: !ttg.memdesc<4x4xf32, #sl, #smem>, %b: !ttg.memdesc<2x2xf32, #sl_old, #smem>, %c: !ttg.memdesc<16x16xf16, #pad, #smem, mutable>, %d: !ttg.memdesc<2x4xf16, #pad2, #smem>, %e: !ttg.memdesc<64xf16, #pad0, #smem>, %f: !ttg.memdesc<16x16xf16, #part, #smem>, %g: !ttg.memdesc<1x2x32x4x4xi8, #nv5, #smem>, %h: tensor<64x64xf32, #mma>, %i: tensor<32xf32, #generic>) {
    tt.return
  }
}
