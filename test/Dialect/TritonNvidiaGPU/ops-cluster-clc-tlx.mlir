// RUN: proxyfence-opt %s | proxyfence-opt | FileCheck %s
// RUN: proxyfence-opt %s --mlir-print-op-generic | proxyfence-opt | FileCheck %s

// Round trip of the ttng ops of Triton 3.6 and of the TLX fork beyond the
// core set of ops.mlir: execution barriers, distributed shared memory,
// cluster launch control, bulk copies, TMA prefetch and store tokens,
// tensor-memory slices, device-side descriptors, packed arithmetic.

// CHECK-DAG: #[[BLK:blocked[0-9]*]] = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-DAG: #[[NVMMA:shared[0-9]*]] = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
// CHECK-DAG: #[[SWZ:shared[0-9]*]] = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
// CHECK-DAG: #[[SMEM:smem]] = #ttg.shared_memory
// CHECK-DAG: #[[TMEM:tmem]] = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>

#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#shared1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100", "ttg.threads-per-warp" = 32 : i32} {

// CHECK-LABEL: tt.func @barriers(
// CHECK-SAME: %[[ID:[^:]*]]: i32, %[[N:[^:]*]]: i32
// CHECK-NEXT: ttng.arrive_barrier_named %[[ID]], %[[N]] : i32, i32
// CHECK-NEXT: ttng.wait_barrier_named %[[ID]], %[[N]] : i32, i32
// CHECK-NEXT: ttng.cluster_arrive {relaxed = true}
// CHECK-NEXT: ttng.cluster_wait{{$}}
// CHECK-NEXT: ttng.cluster_arrive{{$}}
// CHECK-NEXT: ttng.cluster_barrier{{$}}
// CHECK-NEXT: ttng.cluster_barrier {relaxed = false}
// CHECK-NEXT: %{{.*}} = ttng.cluster_size_1d{{$}}
// CHECK-NEXT: %{{.*}} = ttng.vote_ballot_sync %[[N]], %{{.*}} : i1 -> i32
// CHECK-NEXT: %{{.*}} = ttng.vote_ballot_sync %[[N]], %{{.*}} : tensor<128xi1, #[[BLK]]> -> tensor<128xi32, #[[BLK]]>
  tt.func @barriers(%id: i32, %n: i32, %p: i1, %ps: tensor<128xi1, #blocked>) {
    ttng.arrive_barrier_named %id, %n : i32, i32
    ttng.wait_barrier_named %id, %n : i32, i32
    ttng.cluster_arrive {relaxed = true}
    ttng.cluster_wait
    ttng.cluster_arrive
    ttng.cluster_barrier
    ttng.cluster_barrier {relaxed = false}
    %size = ttng.cluster_size_1d
    %b = ttng.vote_ballot_sync %n, %p : i1 -> i32
    %bs = ttng.vote_ballot_sync %n, %ps : tensor<128xi1, #blocked> -> tensor<128xi32, #blocked>
    tt.return
  }

// CHECK-LABEL: tt.func @dsmem(
// CHECK: %[[BAR:.*]] = ttg.local_alloc : () -> !ttg.memdesc<2xi64, #[[SWZ]], #[[SMEM]], mutable>
// CHECK-NEXT: ttng.init_barrier %[[BAR]], 1 : !ttg.memdesc<2xi64, #[[SWZ]], #[[SMEM]], mutable>
// CHECK-NEXT: %[[REMOTE:.*]] = ttng.map_to_remote_buffer %[[BAR]], %{{.*}} : !ttg.memdesc<2xi64, #[[SWZ]], #[[SMEM]], mutable> -> !ttg.memdesc<2xi64, #[[SWZ]], #ttng.shared_cluster_memory, mutable>
// CHECK-NEXT: ttng.arrive_barrier %[[REMOTE]], 1 : !ttg.memdesc<2xi64, #[[SWZ]], #ttng.shared_cluster_memory, mutable>
// CHECK-NEXT: ttng.async_shared_store %{{.*}}, %{{.*}}, %[[BAR]] : tensor<128xi32, #[[BLK]]> -> !ttg.memdesc<128xi32, #[[SWZ]], #[[SMEM]], mutable>, !ttg.memdesc<2xi64, #[[SWZ]], #[[SMEM]], mutable>
// CHECK-NEXT: ttng.async_copy_mbarrier_arrive %[[BAR]] {noIncrement} : !ttg.memdesc<2xi64, #[[SWZ]], #[[SMEM]], mutable>
// CHECK-NEXT: ttng.async_copy_mbarrier_arrive %[[BAR]] : !ttg.memdesc<2xi64, #[[SWZ]], #[[SMEM]], mutable>
  tt.func @dsmem(%v: tensor<128xi32, #blocked>, %rank: i32) {
    %buf = ttg.local_alloc : () -> !ttg.memdesc<128xi32, #shared1, #smem, mutable>
    %bar = ttg.local_alloc : () -> !ttg.memdesc<2xi64, #shared1, #smem, mutable>
    ttng.init_barrier %bar, 1 : !ttg.memdesc<2xi64, #shared1, #smem, mutable>
    %remote = ttng.map_to_remote_buffer %bar, %rank : !ttg.memdesc<2xi64, #shared1, #smem, mutable> -> !ttg.memdesc<2xi64, #shared1, #ttng.shared_cluster_memory, mutable>
    ttng.arrive_barrier %remote, 1 : !ttg.memdesc<2xi64, #shared1, #ttng.shared_cluster_memory, mutable>
    ttng.async_shared_store %v, %buf, %bar : tensor<128xi32, #blocked> -> !ttg.memdesc<128xi32, #shared1, #smem, mutable>, !ttg.memdesc<2xi64, #shared1, #smem, mutable>
    ttng.async_copy_mbarrier_arrive %bar {noIncrement} : !ttg.memdesc<2xi64, #shared1, #smem, mutable>
    ttng.async_copy_mbarrier_arrive %bar : !ttg.memdesc<2xi64, #shared1, #smem, mutable>
    tt.return
  }

// CHECK-LABEL: tt.func @clc(
// CHECK: %[[V:.*]], %[[X:.*]], %[[Y:.*]], %[[Z:.*]] = ttng.clc_advance : i1, i32, i32, i32
// CHECK-NEXT: %[[TOK:.*]] = ttng.clc_try_cancel_async : !ttg.async.token
// CHECK-NEXT: %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} = ttng.clc_read %[[TOK]] : !ttg.async.token -> i1, i32, i32, i32
// CHECK-NEXT: %[[RAW:.*]] = ttng.clc_load_result %{{.*}} : !ttg.memdesc<2xi64, #[[SWZ]], #[[SMEM]], mutable> -> i128
// CHECK-NEXT: %{{.*}} = ttng.clc_is_canceled %[[RAW]] : i128 -> i1
// CHECK-NEXT: %{{.*}} = ttng.clc_get_program_id %[[RAW]], x : i128 -> i32
// CHECK-NEXT: %{{.*}} = ttng.clc_get_program_id %[[RAW]], z : i128 -> i32
  tt.func @clc(%resp: !ttg.memdesc<2xi64, #shared1, #smem, mutable>) {
    %valid, %x, %y, %z = ttng.clc_advance : i1, i32, i32, i32
    %tok = ttng.clc_try_cancel_async : !ttg.async.token
    %r:4 = ttng.clc_read %tok : !ttg.async.token -> i1, i32, i32, i32
    %raw = ttng.clc_load_result %resp : !ttg.memdesc<2xi64, #shared1, #smem, mutable> -> i128
    %ok = ttng.clc_is_canceled %raw : i128 -> i1
    %px = ttng.clc_get_program_id %raw, x : i128 -> i32
    %pz = ttng.clc_get_program_id %raw, z : i128 -> i32
    tt.return
  }

// CHECK-LABEL: tt.func @copies(
// CHECK: ttng.async_bulk_copy_global_to_local %{{.*}}, %[[BUF:.*]], %{{.*}}, %[[BAR:.*]], %{{.*}} : !tt.ptr<i8>, !ttg.memdesc<1024xi8, #[[SWZ]], #[[SMEM]], mutable>, !ttg.memdesc<1xi64, #[[SWZ]], #[[SMEM]], mutable>
// CHECK-NEXT: ttng.async_bulk_copy_local_to_global %[[BUF]], %{{.*}}, %{{.*}}, %{{.*}} : !ttg.memdesc<1024xi8, #[[SWZ]], #[[SMEM]], mutable>, !tt.ptr<i8>
// CHECK-NEXT: ttng.async_store %[[BUF]], %{{.*}}, %{{.*}} : !ttg.memdesc<1024xi8, #[[SWZ]], #[[SMEM]], mutable>, !tt.ptr<i8>
// CHECK-NEXT: ttng.async_tma_prefetch %[[DESC:arg[0-9]+]][%{{.*}}, %{{.*}}], %{{.*}} : !tt.tensordesc<tensor<128x64xf16, #[[NVMMA]]>>
// CHECK-NEXT: %[[T1:.*]] = ttng.async_tma_copy_local_to_global %[[DESC]][%{{.*}}, %{{.*}}] %[[SRC:.*]] : !tt.tensordesc<tensor<128x64xf16, #[[NVMMA]]>>, !ttg.memdesc<128x64xf16, #[[NVMMA]], #[[SMEM]], mutable> -> !ttg.async.token
// CHECK-NEXT: ttng.async_tma_copy_local_to_global %[[DESC]][%{{.*}}, %{{.*}}] %[[SRC]] evictionPolicy = evict_first : !tt.tensordesc<tensor<128x64xf16, #[[NVMMA]]>>, !ttg.memdesc<128x64xf16, #[[NVMMA]], #[[SMEM]], mutable>
// CHECK-NEXT: %[[T2:.*]] = ttng.async_tma_reduce add, %[[DESC]][%{{.*}}, %{{.*}}] %[[SRC]] : !tt.tensordesc<tensor<128x64xf16, #[[NVMMA]]>>, !ttg.memdesc<128x64xf16, #[[NVMMA]], #[[SMEM]], mutable> -> !ttg.async.token
// CHECK-NEXT: ttng.async_tma_store_token_wait %[[T1]] : !ttg.async.token
// CHECK-NEXT: ttng.async_tma_store_token_wait %[[T2]], %[[BAR]][%{{.*}}] : !ttg.async.token, !ttg.memdesc<1xi64, #[[SWZ]], #[[SMEM]], mutable>
// CHECK-NEXT: ttng.prefetch %{{.*}} : tensor<128x!tt.ptr<f32>, #[[BLK]]>
// CHECK-NEXT: ttng.prefetch %{{.*}}, %{{.*}} : tensor<128x!tt.ptr<f32>, #[[BLK]]>, tensor<128xi1, #[[BLK]]>
// CHECK-NEXT: ttng.prefetch %{{.*}}, %{{.*}} cacheModifier = ca : tensor<128x!tt.ptr<f32>, #[[BLK]]>, tensor<128xi1, #[[BLK]]>
// CHECK-NEXT: ttng.prefetch_tensormap %[[DESC]] : !tt.tensordesc<tensor<128x64xf16, #[[NVMMA]]>>
  tt.func @copies(%g: !tt.ptr<i8>, %n: i32, %p: i1, %desc: !tt.tensordesc<tensor<128x64xf16, #shared>>, %i: i32,
                  %src: !ttg.memdesc<128x64xf16, #shared, #smem, mutable>, %ptrs: tensor<128x!tt.ptr<f32>, #blocked>, %mask: tensor<128xi1, #blocked>) {
    %buf = ttg.local_alloc : () -> !ttg.memdesc<1024xi8, #shared1, #smem, mutable>
    %bar = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    ttng.async_bulk_copy_global_to_local %g, %buf, %n, %bar, %p : !tt.ptr<i8>, !ttg.memdesc<1024xi8, #shared1, #smem, mutable>, !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    ttng.async_bulk_copy_local_to_global %buf, %g, %n, %p : !ttg.memdesc<1024xi8, #shared1, #smem, mutable>, !tt.ptr<i8>
    ttng.async_store %buf, %g, %n : !ttg.memdesc<1024xi8, #shared1, #smem, mutable>, !tt.ptr<i8>
    ttng.async_tma_prefetch %desc[%i, %i], %p : !tt.tensordesc<tensor<128x64xf16, #shared>>
    %t1 = ttng.async_tma_copy_local_to_global %desc[%i, %i] %src : !tt.tensordesc<tensor<128x64xf16, #shared>>, !ttg.memdesc<128x64xf16, #shared, #smem, mutable> -> !ttg.async.token
    ttng.async_tma_copy_local_to_global %desc[%i, %i] %src evictionPolicy = evict_first : !tt.tensordesc<tensor<128x64xf16, #shared>>, !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
    %t2 = ttng.async_tma_reduce add, %desc[%i, %i] %src : !tt.tensordesc<tensor<128x64xf16, #shared>>, !ttg.memdesc<128x64xf16, #shared, #smem, mutable> -> !ttg.async.token
    ttng.async_tma_store_token_wait %t1 : !ttg.async.token
    ttng.async_tma_store_token_wait %t2, %bar[%p] : !ttg.async.token, !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    ttng.prefetch %ptrs : tensor<128x!tt.ptr<f32>, #blocked>
    ttng.prefetch %ptrs, %mask : tensor<128x!tt.ptr<f32>, #blocked>, tensor<128xi1, #blocked>
    ttng.prefetch %ptrs, %mask cacheModifier = ca : tensor<128x!tt.ptr<f32>, #blocked>, tensor<128xi1, #blocked>
    ttng.prefetch_tensormap %desc : !tt.tensordesc<tensor<128x64xf16, #shared>>
    tt.return
  }

// CHECK-LABEL: tt.func @descriptors(
// CHECK: %[[D:.*]] = ttng.reinterpret_tensor_descriptor %{{.*}} : !tt.ptr<i8> to !tt.tensordesc<tensor<128x64xf16, #[[NVMMA]]>>
// The tt types print stripped, as Triton's ODS prints them.
// CHECK-NEXT: tt.make_tensor_descriptor %{{.*}}, [%{{.*}}, %{{.*}}], [%{{.*}}, %{{.*}}], descPtr = %{{.*}} : !tt.ptr<i8> : <f16>, <tensor<128x64xf16, #[[NVMMA]]>>
  tt.func @descriptors(%raw: !tt.ptr<i8>, %base: !tt.ptr<f16>, %m: i32, %s: i64) {
    %d = ttng.reinterpret_tensor_descriptor %raw : !tt.ptr<i8> to !tt.tensordesc<tensor<128x64xf16, #shared>>
    %e = tt.make_tensor_descriptor %base, [%m, %m], [%s, %s], descPtr = %raw : !tt.ptr<i8> : !tt.ptr<f16>, !tt.tensordesc<tensor<128x64xf16, #shared>>
    tt.return
  }

// An im2col TMA load: the descriptor type and the i16 filter offsets.
// CHECK-LABEL: tt.func @tma_im2col(
// CHECK: ttng.async_tma_copy_global_to_local %{{.*}}[%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}] offsets = [%{{.*}}, %{{.*}}] %{{.*}}, %{{.*}}, %{{.*}} : !ttng.tensordesc_im2col<tensor<64x128xf16, #[[NVMMA]]>>, !ttg.memdesc<1xi64, #[[SWZ]], #[[SMEM]], mutable> -> !ttg.memdesc<64x128xf16, #[[NVMMA]], #[[SMEM]], mutable>
// CHECK-NEXT: ttng.async_tma_copy_global_to_local %{{.*}}[%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}] offsets = [%{{.*}}, %{{.*}}] %{{.*}}, %{{.*}}, %{{.*}} tensorMode = im2col : !ttng.tensordesc_im2col
  tt.func @tma_im2col(%desc: !ttng.tensordesc_im2col<tensor<64x128xf16, #shared>>, %x: i32, %p: i1) {
    %ow = arith.constant 1 : i16
    %oh = arith.constant 2 : i16
    %buf = ttg.local_alloc : () -> !ttg.memdesc<64x128xf16, #shared, #smem, mutable>
    %bar = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    ttng.async_tma_copy_global_to_local %desc[%x, %x, %x, %x] offsets = [%ow, %oh] %buf, %bar, %p : !ttng.tensordesc_im2col<tensor<64x128xf16, #shared>>, !ttg.memdesc<1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<64x128xf16, #shared, #smem, mutable>
    ttng.async_tma_copy_global_to_local %desc[%x, %x, %x, %x] offsets = [%ow, %oh] %buf, %bar, %p tensorMode = im2col : !ttng.tensordesc_im2col<tensor<64x128xf16, #shared>>, !ttg.memdesc<1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<64x128xf16, #shared, #smem, mutable>
    tt.return
  }

// CHECK-LABEL: tt.func @tensor_memory(
// CHECK: %{{.*}} = ttng.tmem_subslice %[[ACC:[^ ]*]] {N = 64 : i32} : !ttg.memdesc<128x128xf32, #[[TMEM]], #ttng.tensor_memory, mutable> -> !ttg.memdesc<128x64xf32, #[[TMEM]], #ttng.tensor_memory, mutable, 128x128>
// CHECK-NEXT: %{{.*}} = ttng.tmem_subslice %[[ACC]] {offset = 0 : i32} : !ttg.memdesc<128x128xf32, #[[TMEM]], #ttng.tensor_memory, mutable> -> !ttg.memdesc<128x64xf32, #[[TMEM]], #ttng.tensor_memory, mutable, 128x128>
// CHECK-NEXT: ttng.tcgen5_global_alloc {tensor_memory_size = 128 : i32, two_ctas = true}
// CHECK-NEXT: %{{.*}} = ttng.two_cta_peer_gather %{{.*}} split_dim = 0 num_ctas = 2 : tensor<128xf32, #[[BLK]]> -> tensor<256xf32, #[[BLK]]>
// CHECK-NEXT: %[[S:.*]] = ttng.packed_arith add %[[X:[^ ]*]], %[[X]] : (tensor<128xf32, #[[BLK]]>, tensor<128xf32, #[[BLK]]>) -> tensor<128xf32, #[[BLK]]>
// CHECK-NEXT: %{{.*}} = ttng.packed_arith fma %[[S]], %[[X]], %[[X]] : (tensor<128xf32, #[[BLK]]>, tensor<128xf32, #[[BLK]]>, tensor<128xf32, #[[BLK]]>) -> tensor<128xf32, #[[BLK]]>
// The newer spelling with explicit lane types and axis.
// CHECK-NEXT: %{{.*}} = ttng.packed_arith add, f32x2, [f32x2, f32x2], %[[X]], %[[X]] axis = 0 : (tensor<128xf32, #[[BLK]]>, tensor<128xf32, #[[BLK]]>) -> tensor<128xf32, #[[BLK]]>
// tcgen05.ld.red: the row reduction is a second result.
// CHECK-NEXT: %{{.*}}, %{{.*}} = ttng.tmem_load %{{.*}} {abs = true, redOp = #ttng.redOp<max>} : !ttg.memdesc<128x64xf32, #{{.*}}, #ttng.tensor_memory, mutable, 128x128> -> tensor<128x64xf32>, tensor<128xf32, #[[BLK]]>
// CHECK-NEXT: %{{.*}}, %{{.*}}, %{{.*}} = ttng.tmem_load %{{.*}}[] {NaN = true, redOp = #ttng.redOp<min>} : !ttg.memdesc<128x64xf32, #{{.*}}, #ttng.tensor_memory, mutable, 128x128> -> tensor<128x64xf32>, tensor<128xf32, #[[BLK]]>
  tt.func @tensor_memory(%acc: !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>, %x: tensor<128xf32, #blocked>) {
    %s0 = ttng.tmem_subslice %acc {N = 64 : i32} : !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable> -> !ttg.memdesc<128x64xf32, #tmem, #ttng.tensor_memory, mutable, 128x128>
    %s1 = ttng.tmem_subslice %acc {offset = 0 : i32} : !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable> -> !ttg.memdesc<128x64xf32, #tmem, #ttng.tensor_memory, mutable, 128x128>
    ttng.tcgen5_global_alloc {tensor_memory_size = 128 : i32, two_ctas = true}
    %g = ttng.two_cta_peer_gather %x split_dim = 0 num_ctas = 2 : tensor<128xf32, #blocked> -> tensor<256xf32, #blocked>
    %sum = ttng.packed_arith add %x, %x : (tensor<128xf32, #blocked>, tensor<128xf32, #blocked>) -> tensor<128xf32, #blocked>
    %fma = ttng.packed_arith fma %sum, %x, %x : (tensor<128xf32, #blocked>, tensor<128xf32, #blocked>, tensor<128xf32, #blocked>) -> tensor<128xf32, #blocked>
    %pk = ttng.packed_arith add, f32x2, [f32x2, f32x2], %x, %x axis = 0 : (tensor<128xf32, #blocked>, tensor<128xf32, #blocked>) -> tensor<128xf32, #blocked>
    %v, %red = ttng.tmem_load %s0 {abs = true, redOp = #ttng.redOp<max>} : !ttg.memdesc<128x64xf32, #tmem, #ttng.tensor_memory, mutable, 128x128> -> tensor<128x64xf32>, tensor<128xf32, #blocked>
    %w, %tok, %red2 = ttng.tmem_load %s1[] {NaN = true, redOp = #ttng.redOp<min>} : !ttg.memdesc<128x64xf32, #tmem, #ttng.tensor_memory, mutable, 128x128> -> tensor<128x64xf32>, tensor<128xf32, #blocked>
    tt.return
  }
}
