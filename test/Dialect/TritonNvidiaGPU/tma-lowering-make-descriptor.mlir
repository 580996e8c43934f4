// RUN: proxyfence-opt %s --split-input-file --proxyfence-tma-lowering | FileCheck %s
// RUN: proxyfence-opt %s --split-input-file --triton-nvidia-tma-lowering | FileCheck %s

// tt.make_tensor_descriptor: the tensormap is written on the device into a
// 128-byte global scratch (or the descPtr the op names), acquired through
// the tensormap proxy, and viewed as the descriptor. Box dimensions are
// listed innermost first, at most 256 elements each, the innermost one
// swizzle width / element size; strides are in bytes.

// CHECK-LABEL: tt.func @f16_swizzle128(
// CHECK-SAME: %[[BASE:[^:]*]]: !tt.ptr<f16>, %[[M:[^:]*]]: i32, %[[N:[^:]*]]: i32, %[[S:[^:]*]]: i64
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : i32
// CHECK-DAG: %[[C2:.*]] = arith.constant 2 : i64
// CHECK-DAG: %[[C64:.*]] = arith.constant 64 : i32
// CHECK-DAG: %[[C128:.*]] = arith.constant 128 : i32
// The scratch comes before the stride computation, as Triton 3.6 orders
// them (corpus/coverage/sm90/device_desc_gemm/after.tma-lowering.mlir).
// CHECK: %[[P:.*]] = ttg.global_scratch_alloc {alignment = 128 : i32, nbytes = 128 : i32} : !tt.ptr<i8>
// CHECK-NEXT: %[[STRIDE:.*]] = arith.muli %[[S]], %[[C2]] : i64
// CHECK-NEXT: ttng.tensormap_create %[[P]], %[[BASE]], [%[[C64]], %[[C128]]], [%[[N]], %[[M]]], [%[[STRIDE]]], [%[[C1]], %[[C1]]] {elem_type = 6 : i32, fill_mode = 0 : i32, interleave_layout = 0 : i32, swizzle_mode = 3 : i32} : (!tt.ptr<i8>, !tt.ptr<f16>, i32, i32, i32, i32, i64, i32, i32) -> ()
// CHECK-NEXT: ttng.tensormap_fenceproxy_acquire %[[P]] : !tt.ptr<i8>
// CHECK-NEXT: %[[D:.*]] = ttng.reinterpret_tensor_descriptor %[[P]] : !tt.ptr<i8> to !tt.tensordesc<tensor<128x64xf16, #{{.*}}>>
// CHECK-NEXT: tt.return %[[D]]
// CHECK-NOT: tt.make_tensor_descriptor
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @f16_swizzle128(%base: !tt.ptr<f16>, %m: i32, %n: i32, %s: i64) -> !tt.tensordesc<tensor<128x64xf16, #shared>> {
    %c1 = arith.constant 1 : i64
    %d = tt.make_tensor_descriptor %base, [%m, %n], [%s, %c1] : !tt.ptr<f16>, !tt.tensordesc<tensor<128x64xf16, #shared>>
    tt.return %d : !tt.tensordesc<tensor<128x64xf16, #shared>>
  }
}

// -----

// Rank 3, bf16, 64-byte swizzle, NaN padding (fill_mode 1), and a
// descriptor pointer: no global scratch, the tensormap goes to %p.

// CHECK-LABEL: tt.func @bf16_rank3_desc_ptr(
// CHECK-SAME: %[[BASE:[^:]*]]: !tt.ptr<bf16>, %[[D0:[^:]*]]: i32, %[[D1:[^:]*]]: i32, %[[D2:[^:]*]]: i32, %[[S0:[^:]*]]: i64, %[[S1:[^:]*]]: i64, %[[P:[^:]*]]: !tt.ptr<i8>
// CHECK-NOT: ttg.global_scratch_alloc
// CHECK-DAG: %[[C4:.*]] = arith.constant 4 : i32
// CHECK-DAG: %[[C32:.*]] = arith.constant 32 : i32
// CHECK-DAG: %[[C64:.*]] = arith.constant 64 : i32
// CHECK-DAG: %[[B1:.*]] = arith.muli %[[S1]], %{{.*}} : i64
// CHECK-DAG: %[[B0:.*]] = arith.muli %[[S0]], %{{.*}} : i64
// CHECK: ttng.tensormap_create %[[P]], %[[BASE]], [%[[C32]], %[[C64]], %[[C4]]], [%[[D2]], %[[D1]], %[[D0]]], [%[[B1]], %[[B0]]], [%{{.*}}, %{{.*}}, %{{.*}}] {elem_type = 10 : i32, fill_mode = 1 : i32, interleave_layout = 0 : i32, swizzle_mode = 2 : i32}
// CHECK-NEXT: ttng.tensormap_fenceproxy_acquire %[[P]] : !tt.ptr<i8>
// CHECK-NEXT: ttng.reinterpret_tensor_descriptor %[[P]] : !tt.ptr<i8> to !tt.tensordesc<tensor<4x64x32xbf16, #{{.*}}>>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @bf16_rank3_desc_ptr(%base: !tt.ptr<bf16>, %d0: i32, %d1: i32, %d2: i32, %s0: i64, %s1: i64, %p: !tt.ptr<i8>) -> !tt.tensordesc<tensor<4x64x32xbf16, #shared>> {
    %c1 = arith.constant 1 : i64
    %d = tt.make_tensor_descriptor %base, [%d0, %d1, %d2], [%s0, %s1, %c1], descPtr = %p : !tt.ptr<i8> {padding = 2 : i32} : !tt.ptr<bf16>, !tt.tensordesc<tensor<4x64x32xbf16, #shared>>
    tt.return %d : !tt.tensordesc<tensor<4x64x32xbf16, #shared>>
  }
}

// -----

// One descriptor load, three ttg.local_alloc users: the two with the
// descriptor's encoding both become the TMA buffer; the other keeps its own
// copy, read back once with ttg.local_load.

// CHECK-LABEL: tt.func @load_two_allocs(
// CHECK: %[[BUF:.*]] = ttg.local_alloc : () -> !ttg.memdesc<64x64xf16, #[[NV:shared[0-9]*]], #smem, mutable>
// CHECK: ttng.async_tma_copy_global_to_local %{{.*}} %[[BUF]],
// CHECK: ttng.inval_barrier
// CHECK-NEXT: %[[R:.*]] = ttg.local_load %[[BUF]]
// CHECK-NEXT: %[[OWN:.*]] = ttg.local_alloc %[[R]] : (tensor<64x64xf16, #{{.*}}>) -> !ttg.memdesc<64x64xf16, #{{.*}}, #smem>
// CHECK-NOT: ttg.local_alloc
// CHECK: ttng.warp_group_dot %[[BUF]], %[[BUF]]
// CHECK: ttg.local_load %[[OWN]]
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#shared1 = #ttg.swizzled_shared<{vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @load_two_allocs(%desc: !tt.tensordesc<tensor<64x64xf16, #shared>>, %i: i32, %acc: tensor<64x64xf32, #mma>) -> (tensor<64x64xf32, #mma>, tensor<64x64xf16, #blocked>) {
    %x = tt.descriptor_load %desc[%i, %i] : !tt.tensordesc<tensor<64x64xf16, #shared>> -> tensor<64x64xf16, #blocked>
    %a = ttg.local_alloc %x : (tensor<64x64xf16, #blocked>) -> !ttg.memdesc<64x64xf16, #shared, #smem>
    %b = ttg.local_alloc %x : (tensor<64x64xf16, #blocked>) -> !ttg.memdesc<64x64xf16, #shared, #smem>
    %c = ttg.local_alloc %x : (tensor<64x64xf16, #blocked>) -> !ttg.memdesc<64x64xf16, #shared1, #smem>
    %d = ttng.warp_group_dot %a, %b, %acc : !ttg.memdesc<64x64xf16, #shared, #smem> * !ttg.memdesc<64x64xf16, #shared, #smem> -> tensor<64x64xf32, #mma>
    %y = ttg.local_load %c : !ttg.memdesc<64x64xf16, #shared1, #smem> -> tensor<64x64xf16, #blocked>
    tt.return %d, %y : tensor<64x64xf32, #mma>, tensor<64x64xf16, #blocked>
  }
}
