// RUN: proxyfence-opt %s | proxyfence-opt | FileCheck %s
// RUN: proxyfence-opt %s --mlir-print-op-generic | proxyfence-opt | FileCheck %s

// Round trip of the nvws dialect as Triton 3.6 prints it between its
// warp-specialization passes (NVWSInsertAref ... NVWSLowerWarpGroup): the
// aref type, the async-op enum, aref create/enter/exit/buffer, descriptor
// loads and gathers into shared memory, and nvws.warp_group, whose result
// types Triton does not print (they are the first partition's yield).

#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @arefs(
  tt.func @arefs(%desc: !tt.tensordesc<tensor<128x64xf16, #shared>>, %gdesc: !tt.tensordesc<tensor<1x64xf16, #shared>>, %i: i32, %j: i32, %s: i32, %p: i32, %rows: tensor<32xi32, #blocked>) {
    %a = ttg.local_alloc : () -> !ttg.memdesc<3x128x64xf16, #shared, #smem, mutable>
    %b = ttg.local_alloc : () -> !ttg.memdesc<3x64x128xf16, #shared, #smem, mutable>
    %t = ttng.tmem_alloc : () -> !ttg.memdesc<2x128x128xf32, #tmem, #ttng.tensor_memory, mutable>
    // CHECK: %[[R:.*]] = nvws.aref.create %{{.*}}, %{{.*}} : <[!ttg.memdesc<3x128x64xf16, #shared, #smem, mutable>, !ttg.memdesc<3x64x128xf16, #shared, #smem, mutable>]>
    %r = nvws.aref.create %a, %b : <[!ttg.memdesc<3x128x64xf16, #shared, #smem, mutable>, !ttg.memdesc<3x64x128xf16, #shared, #smem, mutable>]>
    // CHECK: %[[T:.*]] = nvws.aref.create %{{.*}} : <[!ttg.memdesc<2x128x128xf32, #tmem, #ttng.tensor_memory, mutable>]>
    %tr = nvws.aref.create %t : <[!ttg.memdesc<2x128x128xf32, #tmem, #ttng.tensor_memory, mutable>]>
    // CHECK: %[[PUT:.*]]:2, %[[PTOK:.*]] = nvws.aref.put.enter %[[R]][%{{.*}}, %{{.*}}] {ttg.partition = array<i32: 2>} : <[!ttg.memdesc<3x128x64xf16, #shared, #smem, mutable>, !ttg.memdesc<3x64x128xf16, #shared, #smem, mutable>]> -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable, 3x128x64>, !ttg.memdesc<64x128xf16, #shared, #smem, mutable, 3x64x128>, !ttg.async.token
    %pa, %pb, %ptok = nvws.aref.put.enter %r[%s, %p] {ttg.partition = array<i32: 2>} : <[!ttg.memdesc<3x128x64xf16, #shared, #smem, mutable>, !ttg.memdesc<3x64x128xf16, #shared, #smem, mutable>]> -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable, 3x128x64>, !ttg.memdesc<64x128xf16, #shared, #smem, mutable, 3x64x128>, !ttg.async.token
    // CHECK: nvws.descriptor_load %{{.*}}[%{{.*}}, %{{.*}}] 16384 %[[PUT]]#0 : !tt.tensordesc<tensor<128x64xf16, #shared>>, i32, i32, !ttg.memdesc<128x64xf16, #shared, #smem, mutable, 3x128x64>
    nvws.descriptor_load %desc[%i, %j] 16384 %pa : !tt.tensordesc<tensor<128x64xf16, #shared>>, i32, i32, !ttg.memdesc<128x64xf16, #shared, #smem, mutable, 3x128x64>
    // CHECK: nvws.descriptor_load %{{.*}}[%{{.*}}, %{{.*}}] 16384 %[[PUT]]#0 cacheModifier = cg evictionPolicy = evict_first : !tt.tensordesc
    nvws.descriptor_load %desc[%i, %j] 16384 %pa cacheModifier = cg evictionPolicy = evict_first : !tt.tensordesc<tensor<128x64xf16, #shared>>, i32, i32, !ttg.memdesc<128x64xf16, #shared, #smem, mutable, 3x128x64>
    // CHECK: nvws.aref.put.exit %[[R]][%{{.*}}], %[[PTOK]] [#nvws.async_op<tma_load>] : <[!ttg.memdesc<3x128x64xf16, #shared, #smem, mutable>, !ttg.memdesc<3x64x128xf16, #shared, #smem, mutable>]>, !ttg.async.token
    nvws.aref.put.exit %r[%s], %ptok [#nvws.async_op<tma_load>] : <[!ttg.memdesc<3x128x64xf16, #shared, #smem, mutable>, !ttg.memdesc<3x64x128xf16, #shared, #smem, mutable>]>, !ttg.async.token
    // CHECK: %[[GET:.*]]:2, %[[GTOK:.*]] = nvws.aref.get.enter %[[R]] : <[
    %ga, %gb, %gtok = nvws.aref.get.enter %r : <[!ttg.memdesc<3x128x64xf16, #shared, #smem, mutable>, !ttg.memdesc<3x64x128xf16, #shared, #smem, mutable>]> -> !ttg.memdesc<128x64xf16, #shared, #smem, 3x128x64>, !ttg.memdesc<64x128xf16, #shared, #smem, 3x64x128>, !ttg.async.token
    // CHECK: nvws.aref.get.exit %[[R]], %[[GTOK]] [#nvws.async_op<tc5mma>, #nvws.async_op<none>] : <[
    nvws.aref.get.exit %r, %gtok [#nvws.async_op<tc5mma>, #nvws.async_op<none>] : <[!ttg.memdesc<3x128x64xf16, #shared, #smem, mutable>, !ttg.memdesc<3x64x128xf16, #shared, #smem, mutable>]>, !ttg.async.token
    // CHECK: %{{.*}}, %[[TTOK:.*]] = nvws.aref.put.enter %[[T]] : <[!ttg.memdesc<2x128x128xf32, #tmem, #ttng.tensor_memory, mutable>]> -> !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable, 2x128x128>, !ttg.async.token
    %acc, %ttok = nvws.aref.put.enter %tr : <[!ttg.memdesc<2x128x128xf32, #tmem, #ttng.tensor_memory, mutable>]> -> !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable, 2x128x128>, !ttg.async.token
    // CHECK: nvws.aref.buffer %[[T]], %[[TTOK]] : <[!ttg.memdesc<2x128x128xf32, #tmem, #ttng.tensor_memory, mutable>]>, !ttg.async.token -> !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable, 2x128x128>
    %acc2 = nvws.aref.buffer %tr, %ttok : <[!ttg.memdesc<2x128x128xf32, #tmem, #ttng.tensor_memory, mutable>]>, !ttg.async.token -> !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable, 2x128x128>
    // CHECK: nvws.aref.buffer %[[T]][%{{.*}}], %[[TTOK]] :
    %acc3 = nvws.aref.buffer %tr[%s], %ttok : <[!ttg.memdesc<2x128x128xf32, #tmem, #ttng.tensor_memory, mutable>]>, !ttg.async.token -> !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable, 2x128x128>
    // CHECK: nvws.aref.put.exit %[[T]], %[[TTOK]] [#nvws.async_op<tmem_copy>, #nvws.async_op<cp_async>, #nvws.async_op<wgmma>] :
    nvws.aref.put.exit %tr, %ttok [#nvws.async_op<tmem_copy>, #nvws.async_op<cp_async>, #nvws.async_op<wgmma>] : <[!ttg.memdesc<2x128x128xf32, #tmem, #ttng.tensor_memory, mutable>]>, !ttg.async.token
    %g = ttg.local_alloc : () -> !ttg.memdesc<32x64xf16, #shared, #smem, mutable>
    // CHECK: nvws.descriptor_gather %{{.*}}[%{{.*}}, %{{.*}}] 4096 %{{.*}} : !tt.tensordesc<tensor<1x64xf16, #shared>>, tensor<32xi32, #blocked>, i32, !ttg.memdesc<32x64xf16, #shared, #smem, mutable>
    nvws.descriptor_gather %gdesc[%rows, %j] 4096 %g : !tt.tensordesc<tensor<1x64xf16, #shared>>, tensor<32xi32, #blocked>, i32, !ttg.memdesc<32x64xf16, #shared, #smem, mutable>
    tt.return
  }

  // CHECK-LABEL: tt.func @warp_group(
  tt.func @warp_group(%n: i32) -> i32 {
    %c0 = arith.constant 0 : i32
    // CHECK: %[[W:.*]]:2 = nvws.warp_group
    // CHECK-NEXT: partition0 num_warps(4) {
    // CHECK: nvws.warp_group.yield %{{.*}}, %{{.*}} : i32, i32
    // CHECK: partition1 num_warps(1) {
    // CHECK-NEXT: nvws.warp_group.return
    // CHECK: partition2 num_warps(2) {
    %w:2 = nvws.warp_group
    partition0 num_warps(4) {
      %x = arith.addi %n, %n : i32
      nvws.warp_group.yield %x, %c0 : i32, i32
    }
    partition1 num_warps(1) {
      nvws.warp_group.return
    }
    partition2 num_warps(2) {
      nvws.warp_group.return
    }
    // CHECK: arith.addi %[[W]]#0, %[[W]]#1
    %r = arith.addi %w#0, %w#1 : i32
    tt.return %r : i32
  }

  // CHECK-LABEL: tt.func @warp_group_no_results(
  tt.func @warp_group_no_results() {
    // CHECK: nvws.warp_group attributes {ttg.warp_specialize.tag = 0 : i32}
    // CHECK-NEXT: partition0 num_warps(4) {
    // CHECK-NEXT: nvws.warp_group.return
    nvws.warp_group attributes {ttg.warp_specialize.tag = 0 : i32}
    partition0 num_warps(4) {
      nvws.warp_group.return
    }
    tt.return
  }
}
