// Roles that come from ProxyAccessOpInterface alone, checked by
// `proxyfence check` with no checker code of their own:
// - st.async (ttng.async_shared_store) writes a peer CTA's shared memory
//   through the generic proxy: a CTA fence does not order it before the
//   bulk store that reads the bytes (it is spurious), a cluster fence
//   before the cluster barrier does;
// - ttng.tensormap_create writes its 128-byte shared scratch with st.shared
//   and reads it back (tensormap.cp_fenceproxy): a TMA load into bytes that
//   reuse the scratch needs a fence (WAW and WAR).
// RUN: not proxyfence check %s | FileCheck %s
// RUN: sed -e 's/{bCluster = false} \/\/ NARROW/{bCluster = true}/' -e 's/\/\/ FENCE: //' %s > %t.mlir
// RUN: proxyfence check %t.mlir | FileCheck %s --check-prefix=FIXED

// CHECK-DAG: error: missing proxy fence (RAW): ttng.async_shared_store writes shared memory that ttng.async_store then reads through the async proxy, with no fence.proxy.async.shared::cluster between
// CHECK-DAG: warning: spurious proxy fence
// CHECK-DAG: fix:    insert `ttng.fence_async_shared {bCluster = true}` (fence.proxy.async.shared::cluster) before the ttng.cluster_arrive
// CHECK-DAG: error: missing proxy fence (WAW): ttng.tensormap_create writes shared memory that ttng.async_tma_copy_global_to_local then writes through the async proxy
// CHECK-DAG: error: missing proxy fence (WAR): ttng.tensormap_create reads shared memory that ttng.async_tma_copy_global_to_local then writes through the async proxy
// CHECK: 3 errors, 1 warning
// FIXED: 0 errors, 0 warnings

#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#shared1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @st_async(%v: tensor<128xi32, #blocked>, %g: !tt.ptr<i8>, %n: i32) {
    %x = ttg.local_alloc {allocation.offset = 0 : i32} : () -> !ttg.memdesc<128xi32, #shared1, #smem, mutable>
    %bar = ttg.local_alloc {allocation.offset = 512 : i32} : () -> !ttg.memdesc<2xi64, #shared1, #smem, mutable>
    ttng.async_shared_store %v, %x, %bar : tensor<128xi32, #blocked> -> !ttg.memdesc<128xi32, #shared1, #smem, mutable>, !ttg.memdesc<2xi64, #shared1, #smem, mutable>
    ttng.fence_async_shared {bCluster = false} // NARROW
    ttng.cluster_arrive {relaxed = false}
    ttng.cluster_wait
    ttng.async_store %x, %g, %n : !ttg.memdesc<128xi32, #shared1, #smem, mutable>, !tt.ptr<i8>
    ttng.async_tma_store_wait {pendings = 0 : i32}
    tt.return
  }

  tt.func @tensormap_scratch(%g: !tt.ptr<i8>, %base: !tt.ptr<f16>, %n: i32, %s: i64,
                             %desc: !tt.tensordesc<tensor<64x64xf16, #shared>>, %i: i32) {
    %true = arith.constant true
    ttng.tensormap_create %g, %base, [%n, %n], [%n, %n], [%s], [%n, %n] {allocation.offset = 0 : i32, elem_type = 6 : i32, fill_mode = 0 : i32, interleave_layout = 0 : i32, swizzle_mode = 3 : i32} : (!tt.ptr<i8>, !tt.ptr<f16>, i32, i32, i32, i32, i64, i32, i32) -> ()
    ttng.tensormap_fenceproxy_acquire %g : !tt.ptr<i8>
    %buf = ttg.local_alloc {allocation.offset = 0 : i32} : () -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    %bar = ttg.local_alloc {allocation.offset = 8192 : i32} : () -> !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    ttng.init_barrier %bar, 1 : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    ttng.barrier_expect %bar, 8192, %true : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    // FENCE: ttng.fence_async_shared {bCluster = false}
    ttng.async_tma_copy_global_to_local %desc[%i, %i] %buf, %bar, %true : !tt.tensordesc<tensor<64x64xf16, #shared>>, !ttg.memdesc<1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    tt.return
  }
}
