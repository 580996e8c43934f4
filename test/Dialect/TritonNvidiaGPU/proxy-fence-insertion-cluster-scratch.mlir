// The late proxy-fence pass with the ttng ops whose roles come from
// ProxyAccessOpInterface alone: named and cluster execution barriers (the
// fence goes before them), generic writes that reach a peer CTA's shared
// memory (st.async: only a cluster fence orders them), and the shared
// scratch that tensormap_create writes with st.shared.
//
// RUN: proxyfence-opt %s --split-input-file --proxyfence-proxy-fence-insertion | FileCheck %s

// Rule: a named execution barrier (bar.arrive / bar.sync) between the
// generic write and the TMA store: the fence goes before the barrier.

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @fence_before_named_barrier
  // CHECK: ttg.local_store
  // CHECK-NEXT: ttng.fence_async_shared {bCluster = false}
  // CHECK-NEXT: ttng.arrive_barrier_named
  // CHECK-NEXT: ttng.wait_barrier_named
  // CHECK-NEXT: ttng.async_tma_copy_local_to_global
  // CHECK-NOT: ttng.fence_async_shared
  tt.func @fence_before_named_barrier(%desc: !tt.tensordesc<tensor<64x64xf16, #shared>>, %i: i32, %v: tensor<64x64xf16, #blocked>) {
    %x = ttg.local_alloc {allocation.offset = 0 : i32} : () -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    ttg.local_store %v, %x : tensor<64x64xf16, #blocked> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    ttng.arrive_barrier_named %i, %i : i32, i32
    ttng.wait_barrier_named %i, %i : i32, i32
    ttng.async_tma_copy_local_to_global %desc[%i, %i] %x : !tt.tensordesc<tensor<64x64xf16, #shared>>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    ttng.async_tma_store_wait {pendings = 0 : i32}
    tt.return
  }
}

// -----

// Rule: st.async writes a peer CTA's shared memory through the generic
// proxy; the writer must fence at cluster scope before the cluster barrier
// that publishes the write (docs/proxy-model.md, Scope).

#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#shared1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @st_async_then_bulk_store
  // CHECK: ttng.async_shared_store
  // CHECK-NEXT: ttng.fence_async_shared {bCluster = true}
  // CHECK-NEXT: ttng.cluster_arrive
  // CHECK-NEXT: ttng.cluster_wait
  // CHECK-NEXT: ttng.async_store
  // CHECK-NOT: ttng.fence_async_shared
  tt.func @st_async_then_bulk_store(%v: tensor<128xi32, #blocked>, %g: !tt.ptr<i8>, %n: i32) {
    %x = ttg.local_alloc {allocation.offset = 0 : i32} : () -> !ttg.memdesc<128xi32, #shared1, #smem, mutable>
    %bar = ttg.local_alloc {allocation.offset = 512 : i32} : () -> !ttg.memdesc<2xi64, #shared1, #smem, mutable>
    ttng.async_shared_store %v, %x, %bar : tensor<128xi32, #blocked> -> !ttg.memdesc<128xi32, #shared1, #smem, mutable>, !ttg.memdesc<2xi64, #shared1, #smem, mutable>
    ttng.cluster_arrive {relaxed = false}
    ttng.cluster_wait
    ttng.async_store %x, %g, %n : !ttg.memdesc<128xi32, #shared1, #smem, mutable>, !tt.ptr<i8>
    ttng.async_tma_store_wait {pendings = 0 : i32}
    tt.return
  }
}

// -----

// Rule: a CTA fence does not order a write into a peer CTA: the pass adds
// the cluster fence even though a CTA fence is already in place.

#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#shared1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @cta_fence_is_not_enough
  // CHECK: ttng.async_shared_store
  // CHECK-NEXT: ttng.fence_async_shared {bCluster = false}
  // CHECK-NEXT: ttng.fence_async_shared {bCluster = true}
  // CHECK-NEXT: ttng.async_store
  tt.func @cta_fence_is_not_enough(%v: tensor<128xi32, #blocked>, %g: !tt.ptr<i8>, %n: i32) {
    %x = ttg.local_alloc {allocation.offset = 0 : i32} : () -> !ttg.memdesc<128xi32, #shared1, #smem, mutable>
    %bar = ttg.local_alloc {allocation.offset = 512 : i32} : () -> !ttg.memdesc<2xi64, #shared1, #smem, mutable>
    ttng.async_shared_store %v, %x, %bar : tensor<128xi32, #blocked> -> !ttg.memdesc<128xi32, #shared1, #smem, mutable>, !ttg.memdesc<2xi64, #shared1, #smem, mutable>
    ttng.fence_async_shared {bCluster = false}
    ttng.async_store %x, %g, %n : !ttg.memdesc<128xi32, #shared1, #smem, mutable>, !tt.ptr<i8>
    ttng.async_tma_store_wait {pendings = 0 : i32}
    tt.return
  }
}

// -----

// Rule: tensormap_create assembles its tensormap with st.shared in its own
// 128-byte scratch (allocation.offset on the op). A later TMA load into
// bytes that reuse the scratch is a generic write then an async write
// (WAW): fenced. A load into other bytes is not.

#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#shared1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @tensormap_scratch_reused
  // CHECK: ttng.tensormap_create
  // CHECK: ttng.barrier_expect
  // CHECK-NEXT: ttng.fence_async_shared {bCluster = false}
  // CHECK-NEXT: ttng.async_tma_copy_global_to_local %{{.*}} %[[LOW:[^,]*]],
  // CHECK-NOT: ttng.fence_async_shared
  // CHECK: ttng.async_tma_copy_global_to_local
  // CHECK: tt.return
  tt.func @tensormap_scratch_reused(%g: !tt.ptr<i8>, %base: !tt.ptr<f16>, %n: i32, %s: i64,
                                    %desc: !tt.tensordesc<tensor<64x64xf16, #shared>>, %i: i32) {
    %true = arith.constant true
    ttng.tensormap_create %g, %base, [%n, %n], [%n, %n], [%s], [%n, %n] {allocation.offset = 0 : i32, elem_type = 6 : i32, fill_mode = 0 : i32, interleave_layout = 0 : i32, swizzle_mode = 3 : i32} : (!tt.ptr<i8>, !tt.ptr<f16>, i32, i32, i32, i32, i64, i32, i32) -> ()
    ttng.tensormap_fenceproxy_acquire %g : !tt.ptr<i8>
    %low = ttg.local_alloc {allocation.offset = 0 : i32} : () -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    %high = ttg.local_alloc {allocation.offset = 8192 : i32} : () -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    %bar = ttg.local_alloc {allocation.offset = 16384 : i32} : () -> !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    ttng.init_barrier %bar, 1 : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    ttng.barrier_expect %bar, 8192, %true : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    ttng.async_tma_copy_global_to_local %desc[%i, %i] %low, %bar, %true : !tt.tensordesc<tensor<64x64xf16, #shared>>, !ttg.memdesc<1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    ttng.async_tma_copy_global_to_local %desc[%i, %i] %high, %bar, %true : !tt.tensordesc<tensor<64x64xf16, #shared>>, !ttg.memdesc<1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    tt.return
  }
}

// -----

// Rule: reading a CLC response back (ld.shared) then issuing the next
// try_cancel into the same buffer is a generic read then an async write
// (WAR): fenced.

#shared1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @clc_response_reuse
  // CHECK: ttng.clc_load_result
  // CHECK-NEXT: ttng.fence_async_shared {bCluster = false}
  // CHECK-NEXT: ttng.clc_try_cancel
  tt.func @clc_response_reuse(%resp: !ttg.memdesc<2xi64, #shared1, #smem, mutable>, %bar: !ttg.memdesc<1xi64, #shared1, #smem, mutable>) {
    %raw = ttng.clc_load_result %resp : !ttg.memdesc<2xi64, #shared1, #smem, mutable> -> i128
    ttng.clc_try_cancel %resp, %bar : !ttg.memdesc<2xi64, #shared1, #smem, mutable>, !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    tt.return
  }
}

// -----

// Rule: the tile region of ttng.subtiled_region runs once per subtile, a
// loop for the analysis: a local_load of the buffer at the end of one tile
// and the TMA load into it at the start of the next are a WAR across the
// back edge, fenced.

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#shared1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @subtiled_back_edge
  // CHECK: tile
  // CHECK-NEXT: ttng.fence_async_shared {bCluster = false}
  // CHECK-NEXT: ttng.async_tma_copy_global_to_local
  // CHECK-NOT: ttng.fence_async_shared
  // CHECK: ttng.subtiled_region_yield
  tt.func @subtiled_back_edge(%desc: !tt.tensordesc<tensor<64x64xf16, #shared>>, %i: i32) {
    %true = arith.constant true
    %c0 = arith.constant 0 : i32
    %x = ttg.local_alloc {allocation.offset = 0 : i32} : () -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    %bar = ttg.local_alloc {allocation.offset = 8192 : i32} : () -> !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    ttng.subtiled_region
        shared(%i : i32)
      tile(%t: i32, %tidx: i32) {
        ttng.async_tma_copy_global_to_local %desc[%t, %t] %x, %bar, %true : !tt.tensordesc<tensor<64x64xf16, #shared>>, !ttg.memdesc<1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
        ttng.wait_barrier %bar, %c0 : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
        %v = ttg.local_load %x : !ttg.memdesc<64x64xf16, #shared, #smem, mutable> -> tensor<64x64xf16, #blocked>
        ttng.subtiled_region_yield
      }
    tt.return
  }
}
