// RUN: proxyfence-opt %s | proxyfence-opt | FileCheck %s

// IR that Triton 3.6 or TLX accepts and an earlier, stricter proxyfence
// verifier rejected: the verifiers are never stricter than Triton's.

#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#shared8 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 8}>
#shared1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100", "ttg.threads-per-warp" = 32 : i32} {

// An array of mbarriers initialised by one op (TLX).
// CHECK-LABEL: tt.func @barrier_array(
// CHECK: ttng.init_barrier %{{.*}}, 1 : !ttg.memdesc<2xi64,
// CHECK: ttng.wait_barrier %{{.*}}, %{{.*}} : !ttg.memdesc<2xi64,
  tt.func @barrier_array(%bar: !ttg.memdesc<2xi64, #shared1, #smem, mutable>, %ph: i32) {
    ttng.init_barrier %bar, 1 : !ttg.memdesc<2xi64, #shared1, #smem, mutable>
    ttng.wait_barrier %bar, %ph : !ttg.memdesc<2xi64, #shared1, #smem, mutable>
    tt.return
  }

// Buffer and descriptor block differ: element type (only the width
// matters to the TMA unit: i8 buffer, ui8 or si8 descriptor, or bf16 and
// f16), element count (a store of one subtile of the block, Triton issues
// one copy per subtile), and the coordinates of a rank-reducing load.
// CHECK-LABEL: tt.func @tma_buffers(
// CHECK: ttng.async_tma_copy_global_to_local %{{.*}}[%{{.*}}, %{{.*}}] %{{.*}}, %{{.*}}, %{{.*}} : !tt.tensordesc<tensor<128x64xui8, #{{.*}}>>, !ttg.memdesc<1xi64, #{{.*}}, #smem, mutable> -> !ttg.memdesc<128x64xi8,
// CHECK: ttng.async_tma_copy_local_to_global %{{.*}}[%{{.*}}, %{{.*}}] %{{.*}} : !tt.tensordesc<tensor<128x64xsi8, #{{.*}}>>, !ttg.memdesc<128x64xi8,
// CHECK: ttng.async_tma_copy_global_to_local %{{.*}}[%{{.*}}, %{{.*}}] %{{.*}}, %{{.*}}, %{{.*}} : !tt.tensordesc<tensor<128x64xf16, #{{.*}}>>, !ttg.memdesc<1xi64, #{{.*}}, #smem, mutable> -> !ttg.memdesc<128x64xbf16,
// CHECK: ttng.async_tma_copy_local_to_global %{{.*}}[%{{.*}}, %{{.*}}] %{{.*}} : !tt.tensordesc<tensor<128x128xf16, #{{.*}}>>, !ttg.memdesc<128x64xf16,
// CHECK: ttng.async_tma_copy_global_to_local %{{.*}}[%{{.*}}, %{{.*}}, %{{.*}}] %{{.*}}, %{{.*}}, %{{.*}} : !tt.tensordesc<tensor<128x64xf16, #{{.*}}>>
  tt.func @tma_buffers(%du: !tt.tensordesc<tensor<128x64xui8, #shared8>>, %ds: !tt.tensordesc<tensor<128x64xsi8, #shared8>>,
                       %dh: !tt.tensordesc<tensor<128x64xf16, #shared>>, %dw: !tt.tensordesc<tensor<128x128xf16, #shared>>,
                       %b8: !ttg.memdesc<128x64xi8, #shared8, #smem, mutable>, %bb: !ttg.memdesc<128x64xbf16, #shared, #smem, mutable>,
                       %bh: !ttg.memdesc<128x64xf16, #shared, #smem, mutable>,
                       %bar: !ttg.memdesc<1xi64, #shared1, #smem, mutable>, %i: i32, %p: i1) {
    ttng.async_tma_copy_global_to_local %du[%i, %i] %b8, %bar, %p : !tt.tensordesc<tensor<128x64xui8, #shared8>>, !ttg.memdesc<1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<128x64xi8, #shared8, #smem, mutable>
    ttng.async_tma_copy_local_to_global %ds[%i, %i] %b8 : !tt.tensordesc<tensor<128x64xsi8, #shared8>>, !ttg.memdesc<128x64xi8, #shared8, #smem, mutable>
    ttng.async_tma_copy_global_to_local %dh[%i, %i] %bb, %bar, %p : !tt.tensordesc<tensor<128x64xf16, #shared>>, !ttg.memdesc<1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<128x64xbf16, #shared, #smem, mutable>
    ttng.async_tma_copy_local_to_global %dw[%i, %i] %bh : !tt.tensordesc<tensor<128x128xf16, #shared>>, !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
    ttng.async_tma_copy_global_to_local %dh[%i, %i, %i] %bh, %bar, %p : !tt.tensordesc<tensor<128x64xf16, #shared>>, !ttg.memdesc<1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
    tt.return
  }

// An accumulator view without `mutable`, and a barrier array.
// CHECK-LABEL: tt.func @mma(
// CHECK: ttng.tc_gen5_mma %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : !ttg.memdesc<128x64xf16, #{{.*}}, #smem>, !ttg.memdesc<64x128xf16, #{{.*}}, #smem>, !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory>
// CHECK: ttng.tc_gen5_mma %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}[%{{.*}}] {is_async} : {{.*}}, !ttg.memdesc<2xi64,
  tt.func @mma(%a: !ttg.memdesc<128x64xf16, #shared, #smem>, %b: !ttg.memdesc<64x128xf16, #shared, #smem>,
               %acc: !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory>, %macc: !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>,
               %bar: !ttg.memdesc<2xi64, #shared1, #smem, mutable>, %p: i1) {
    ttng.tc_gen5_mma %a, %b, %acc, %p, %p : !ttg.memdesc<128x64xf16, #shared, #smem>, !ttg.memdesc<64x128xf16, #shared, #smem>, !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory>
    ttng.tc_gen5_mma %a, %b, %macc, %p, %p, %bar[%p] {is_async} : !ttg.memdesc<128x64xf16, #shared, #smem>, !ttg.memdesc<64x128xf16, #shared, #smem>, !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>, !ttg.memdesc<2xi64, #shared1, #smem, mutable>
    tt.return
  }
}
