// The proxy model, op by op: every access each op declares through
// ProxyAccessOpInterface, and the memory effects derived from it.
// RUN: proxyfence-opt --split-input-file --test-print-proxy-accesses %s -o /dev/null | FileCheck %s

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#shared1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 64, colStride = 1>
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100"} {
  tt.func @model(%desc: !tt.tensordesc<tensor<64x64xf16, #shared>>, %t: tensor<64x64xf16, #blocked>,
                 %ptrs: tensor<64x64x!tt.ptr<f16>, #blocked>, %acc: tensor<64x64xf32, #mma>,
                 %i: i32, %p: i1) {
    // Generic proxy: register <-> shared memory.
    // CHECK: ttg.local_alloc: [alloc shared generic result #0] effects=A<SharedMemory>
    %buf = ttg.local_alloc : () -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    // CHECK: ttg.local_alloc: [alloc shared generic result #0] [write shared generic result #0] effects=A<SharedMemory>,W<SharedMemory>
    %src = ttg.local_alloc %t : (tensor<64x64xf16, #blocked>) -> !ttg.memdesc<64x64xf16, #shared, #smem>
    // CHECK: ttg.local_store: [write shared generic operand #1] effects=W<SharedMemory>
    ttg.local_store %t, %buf : tensor<64x64xf16, #blocked> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    // CHECK: ttg.local_load: [read shared generic operand #0] effects=R<SharedMemory>
    %v = ttg.local_load %buf : !ttg.memdesc<64x64xf16, #shared, #smem, mutable> -> tensor<64x64xf16, #blocked>
    // Non-bulk cp.async writes through the GENERIC proxy.
    // CHECK: ttg.async_copy_global_to_local: [read global generic operand #0] [write shared generic operand #1] effects=R<GlobalMemory>,W<SharedMemory>
    %tok = ttg.async_copy_global_to_local %ptrs, %buf : tensor<64x64x!tt.ptr<f16>, #blocked> -> <64x64xf16, #shared, #smem, mutable>
    // CHECK: ttg.async_wait: completion=cp-async-group effects=R<SharedMemory>,W<SharedMemory>
    %w = ttg.async_wait %tok {num = 0 : i32}

    // A thread's mbarrier instructions: generic traffic on the barrier.
    // CHECK: ttg.local_alloc: [alloc shared generic result #0]
    %bar = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    // CHECK: ttng.init_barrier: [write shared mbarrier operand #0] effects=W<SharedMemory>
    ttng.init_barrier %bar, 1 : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    // CHECK: ttng.barrier_expect: [write shared mbarrier operand #0]
    ttng.barrier_expect %bar, 8192, %p : !ttg.memdesc<1xi64, #shared1, #smem, mutable>

    // TMA load: async write, CTA scope unless multicast.
    // CHECK: ttng.async_tma_copy_global_to_local: [read global async operand #0] [write shared async cta operand #3] [write shared async-arrive operand #4]
    ttng.async_tma_copy_global_to_local %desc[%i, %i] %buf, %bar, %p : !tt.tensordesc<tensor<64x64xf16, #shared>>, !ttg.memdesc<1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    // CHECK: ttng.async_tma_copy_global_to_local: [read global async operand #0] [write shared async cluster operand #3]
    ttng.async_tma_copy_global_to_local %desc[%i, %i] %buf, %bar, %p {multicast} : !tt.tensordesc<tensor<64x64xf16, #shared>>, !ttg.memdesc<1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    // CHECK: ttng.async_tma_copy_global_to_local: [read global async operand #0] [write shared async cluster operand #3]
    ttng.async_tma_copy_global_to_local %desc[%i, %i] %buf, %bar, %p, %i : !tt.tensordesc<tensor<64x64xf16, #shared>>, !ttg.memdesc<1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    // CHECK: ttng.wait_barrier: [read shared mbarrier operand #0] [write shared mbarrier operand #0] completion=mbarrier-phase
    ttng.wait_barrier %bar, %i : !ttg.memdesc<1xi64, #shared1, #smem, mutable>

    // TMA store / reduce: async reads of the source.
    // CHECK: ttng.async_tma_copy_local_to_global: [read shared async cta operand #3] [write global async operand #0]
    ttng.async_tma_copy_local_to_global %desc[%i, %i] %src : !tt.tensordesc<tensor<64x64xf16, #shared>>, !ttg.memdesc<64x64xf16, #shared, #smem>
    // CHECK: ttng.async_tma_reduce: [read shared async cta operand #3] [read global async operand #0] [write global async operand #0]
    ttng.async_tma_reduce add, %desc[%i, %i] %src : !tt.tensordesc<tensor<64x64xf16, #shared>>, !ttg.memdesc<64x64xf16, #shared, #smem>
    // CHECK: ttng.async_tma_store_wait: completion=bulk-store-read
    ttng.async_tma_store_wait {pendings = 0 : i32}

    // The fence itself.
    // CHECK: ttng.fence_async_shared: fence=cta effects=R<SharedMemory>,W<SharedMemory>
    ttng.fence_async_shared {bCluster = false}
    // CHECK: ttng.fence_async_shared: fence=cluster
    ttng.fence_async_shared {bCluster = true}

    // wgmma: memdesc operands are async reads; a register A is not.
    // CHECK: ttng.warp_group_dot: [read shared async cta operand #0] [read shared async cta operand #1]
    %d = ttng.warp_group_dot %src, %src, %acc {isAsync = true} : !ttg.memdesc<64x64xf16, #shared, #smem> * !ttg.memdesc<64x64xf16, #shared, #smem> -> tensor<64x64xf32, #mma>
    // CHECK: ttng.warp_group_dot_wait: completion=wgmma-group
    %r:2 = ttng.warp_group_dot_wait %d, %src {pendings = 0 : i32} : tensor<64x64xf32, #mma>, !ttg.memdesc<64x64xf16, #shared, #smem>

    // tcgen05: A/B async reads (cluster scope for two-CTA), D in TMEM.
    // CHECK: ttng.tmem_alloc: [alloc tensor generic result #0] effects=A<TensorMemory>
    %tm = ttng.tmem_alloc : () -> !ttg.memdesc<128x64xf32, #tmem, #ttng.tensor_memory, mutable>
    %a = ttg.local_alloc : () -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
    // CHECK: ttng.tc_gen5_mma: [read shared async cta operand #0] [read shared async cta operand #1] [read tensor async operand #2] [write tensor async operand #2] [write shared async-arrive operand #5]
    ttng.tc_gen5_mma %a, %buf, %tm, %p, %p, %bar[%p] {is_async} : !ttg.memdesc<128x64xf16, #shared, #smem, mutable>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable>, !ttg.memdesc<128x64xf32, #tmem, #ttng.tensor_memory, mutable>, !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    // CHECK: ttng.tc_gen5_mma: [read shared async cluster operand #0] [read shared async cluster operand #1]
    ttng.tc_gen5_mma %a, %buf, %tm, %p, %p {two_ctas} : !ttg.memdesc<128x64xf16, #shared, #smem, mutable>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable>, !ttg.memdesc<128x64xf32, #tmem, #ttng.tensor_memory, mutable>
    // CHECK: ttng.tc_gen5_commit: [write shared async-arrive operand #0]
    ttng.tc_gen5_commit %bar : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    // CHECK: ttng.tmem_load: [read tensor generic operand #0]
    %l = ttng.tmem_load %tm : !ttg.memdesc<128x64xf32, #tmem, #ttng.tensor_memory, mutable> -> tensor<128x64xf32, #blocked>

    // CLC: the response is an async write; in a 2-CTA cluster it reaches
    // every CTA (TLX lowers to .multicast::cluster::all).
    %resp = ttg.local_alloc : () -> !ttg.memdesc<2xi64, #shared1, #smem, mutable>
    // CHECK: ttng.async_clc_try_cancel: [write shared async cluster operand #1] [write shared async-arrive operand #0]
    ttng.async_clc_try_cancel %bar, %resp : !ttg.memdesc<1xi64, #shared1, #smem, mutable>, !ttg.memdesc<2xi64, #shared1, #smem, mutable>
    // CHECK: ttng.clc_query_cancel: [read shared generic operand #0]
    %id = ttng.clc_query_cancel %resp : (!ttg.memdesc<2xi64, #shared1, #smem, mutable>) -> i32

    // CHECK: ttng.inval_barrier: [write shared mbarrier operand #0]
    ttng.inval_barrier %bar : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    // CHECK: ttg.local_dealloc: [free shared generic operand #0] effects=F<SharedMemory>
    ttg.local_dealloc %buf : !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    tt.return
  }
}

// -----
// Before TMA lowering: a local_alloc of a descriptor load's result with the
// descriptor's shared layout becomes the TMA destination (async write); with
// another layout it is a register copy (generic write).
// RUN: proxyfence-opt --split-input-file --test-print-proxy-accesses %s -o /dev/null | FileCheck %s --check-prefix=PRE

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#shared1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32, ttg.target = "cuda:90"} {
  tt.func @pre_lowering(%desc: !tt.tensordesc<tensor<64x64xf16, #shared>>, %i: i32) {
    %t = tt.descriptor_load %desc[%i, %i] : !tt.tensordesc<tensor<64x64xf16, #shared>> -> tensor<64x64xf16, #blocked>
    // PRE: ttg.local_alloc: [alloc shared generic result #0] [write shared async cta result #0]
    %a = ttg.local_alloc %t : (tensor<64x64xf16, #blocked>) -> !ttg.memdesc<64x64xf16, #shared, #smem>
    // PRE: ttg.local_alloc: [alloc shared generic result #0] [write shared generic result #0]
    %b = ttg.local_alloc %t : (tensor<64x64xf16, #blocked>) -> !ttg.memdesc<64x64xf16, #shared1, #smem>
    tt.return
  }
}

// -----
// Ops of Triton 3.6 and TLX beyond the seed's. Distributed shared memory:
// st.shared::cluster and st.async are generic-proxy writes that reach
// another CTA (cluster scope); cp.async.bulk shared::cta -> shared::cluster
// is a bulk copy, performed by the async proxy. Gather, scatter and atomics
// on shared memory are per-thread ld/st/atom.shared (generic). The bulk form
// of async_copy_global_to_local is cp.async.bulk (async). Execution
// barriers touch no buffer.
// RUN: proxyfence-opt --split-input-file --test-print-proxy-accesses %s -o /dev/null | FileCheck %s --check-prefix=TLX

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#shared1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90"} {
  tt.func @triton36_tlx(%v: tensor<64x64xf16, #blocked>, %buf: !ttg.memdesc<64x64xf16, #shared, #smem, mutable>,
                        %bar: !ttg.memdesc<1xi64, #shared1, #smem, mutable>, %r: i32,
                        %ibuf: !ttg.memdesc<64xi32, #shared1, #smem, mutable>, %idx: tensor<128xi32, #blocked1>,
                        %iv: tensor<128xi32, #blocked1>, %p: !tt.ptr<f16>, %flat: !ttg.memdesc<4096xf16, #shared1, #smem, mutable>) {
    // TLX: ttg.remote_shmem_store: [write shared generic cluster operand #1] effects=W<SharedMemory>
    ttg.remote_shmem_store %v, rank %r, %buf : tensor<64x64xf16, #blocked> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    // TLX: ttg.async_remote_shmem_store: [write shared generic cluster operand #1] [write shared async-arrive cluster operand #3] effects=W<SharedMemory>
    ttg.async_remote_shmem_store %v, rank %r, %buf barrier %bar : tensor<64x64xf16, #blocked> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable> barrier_ty !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    // TLX: ttg.async_remote_shmem_copy: [read shared async cta operand #0] [write shared async cluster operand #1] [write shared async-arrive cluster operand #3] effects=R<SharedMemory>,W<SharedMemory>
    ttg.async_remote_shmem_copy %buf, rank %r, %buf barrier %bar : !ttg.memdesc<64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable> barrier_ty !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    // TLX: ttg.local_gather: [read shared generic operand #0] effects=R<SharedMemory>
    %g = ttg.local_gather %ibuf[%idx] {axis = 0 : i32} : !ttg.memdesc<64xi32, #shared1, #smem, mutable>, tensor<128xi32, #blocked1> -> tensor<128xi32, #blocked1>
    // TLX: ttg.local_scatter: [write shared generic operand #0] effects=W<SharedMemory>
    ttg.local_scatter %ibuf[%idx], %iv {axis = 0 : i32} : !ttg.memdesc<64xi32, #shared1, #smem, mutable>, tensor<128xi32, #blocked1>, tensor<128xi32, #blocked1>
    // TLX: ttg.local_atomic_scatter_rmw: [read shared generic operand #0] [write shared generic operand #0] effects=R<SharedMemory>,W<SharedMemory>
    %o = ttg.local_atomic_scatter_rmw add, %ibuf[%idx], %iv {axis = 0 : i32} : (!ttg.memdesc<64xi32, #shared1, #smem, mutable>, tensor<128xi32, #blocked1>, tensor<128xi32, #blocked1>) -> tensor<128xi32, #blocked1>
    // TLX: ttg.async_copy_global_to_local: [read global generic operand #0] [write shared async cta operand #1] [write shared async-arrive operand #3] effects=R<GlobalMemory>,W<SharedMemory>
    %t = ttg.async_copy_global_to_local %p, %flat bulk_size %r : i32 barrier %bar : !ttg.memdesc<1xi64, #shared1, #smem, mutable> {useBulk = true} : !tt.ptr<f16> -> <4096xf16, #shared1, #smem, mutable>
    // TLX: ttg.local_barrier: execution-barrier effects=R<SharedMemory>,W<SharedMemory>
    ttg.local_barrier
    // TLX: ttg.barrier: execution-barrier effects=R<SharedMemory>,W<SharedMemory>,R<GlobalMemory>,W<GlobalMemory>
    ttg.barrier none
    // TLX: gpu.barrier: execution-barrier effects=none
    gpu.barrier
    tt.return
  }
}

// -----

// Execution barriers, distributed shared memory, bulk copies, TMA prefetch
// and store tokens, CLC responses, and the shared scratch of tensormap_create
// and tcgen5_global_alloc.

#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#shared1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100"} {
  tt.func @model_more(%id: i32, %n: i32, %p: i1, %v: tensor<128xi32, #blocked>, %g: !tt.ptr<i8>,
                      %desc: !tt.tensordesc<tensor<128x64xf16, #shared>>, %src: !ttg.memdesc<128x64xf16, #shared, #smem, mutable>,
                      %base: !tt.ptr<f16>, %s: i64) {
    // bar.arrive / bar.sync of a named barrier: CTA execution barriers.
    // CHECK: ttng.arrive_barrier_named: barrier=cta effects=R<SharedMemory>,W<SharedMemory>
    ttng.arrive_barrier_named %id, %n : i32, i32
    // CHECK: ttng.wait_barrier_named: barrier=cta effects=R<SharedMemory>,W<SharedMemory>
    ttng.wait_barrier_named %id, %n : i32, i32
    // barrier.cluster.arrive / wait: cluster execution barriers.
    // CHECK: ttng.cluster_arrive: barrier=cluster effects=R<SharedMemory>,W<SharedMemory>
    ttng.cluster_arrive {relaxed = false}
    // CHECK: ttng.cluster_wait: barrier=cluster
    ttng.cluster_wait
    // CHECK: ttng.cluster_barrier: barrier=cluster
    ttng.cluster_barrier

    %buf = ttg.local_alloc : () -> !ttg.memdesc<128xi32, #shared1, #smem, mutable>
    %bar = ttg.local_alloc : () -> !ttg.memdesc<2xi64, #shared1, #smem, mutable>
    // An mbarrier arrive through a peer CTA's view reaches the cluster.
    %remote = ttng.map_to_remote_buffer %bar, %id : !ttg.memdesc<2xi64, #shared1, #smem, mutable> -> !ttg.memdesc<2xi64, #shared1, #ttng.shared_cluster_memory, mutable>
    // CHECK: ttng.arrive_barrier: [write shared mbarrier cluster operand #0]
    ttng.arrive_barrier %remote, 1 : !ttg.memdesc<2xi64, #shared1, #ttng.shared_cluster_memory, mutable>
    // st.async: a generic write into a peer CTA, complete_tx on its barrier.
    // CHECK: ttng.async_shared_store: [write shared generic cluster operand #1] [write shared async-arrive cluster operand #2] effects=W<SharedMemory>,W<SharedMemory>
    ttng.async_shared_store %v, %buf, %bar : tensor<128xi32, #blocked> -> !ttg.memdesc<128xi32, #shared1, #smem, mutable>, !ttg.memdesc<2xi64, #shared1, #smem, mutable>
    // cp.async.mbarrier.arrive: the thread's mbarrier instruction.
    // CHECK: ttng.async_copy_mbarrier_arrive: [write shared mbarrier operand #0] effects=W<SharedMemory>
    ttng.async_copy_mbarrier_arrive %bar : !ttg.memdesc<2xi64, #shared1, #smem, mutable>

    // Bulk (non-tensor) copies: async write / async reads of shared memory.
    %bytes = ttg.local_alloc : () -> !ttg.memdesc<1024xi8, #shared1, #smem, mutable>
    %b1 = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    // CHECK: ttng.async_bulk_copy_global_to_local: [read global async operand #0] [write shared async cta operand #1] [write shared async-arrive operand #3] effects=R<GlobalMemory>,W<SharedMemory>,W<SharedMemory>
    ttng.async_bulk_copy_global_to_local %g, %bytes, %n, %b1, %p : !tt.ptr<i8>, !ttg.memdesc<1024xi8, #shared1, #smem, mutable>, !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    // CHECK: ttng.async_bulk_copy_local_to_global: [read shared async cta operand #0] [write global async operand #1]
    ttng.async_bulk_copy_local_to_global %bytes, %g, %n, %p : !ttg.memdesc<1024xi8, #shared1, #smem, mutable>, !tt.ptr<i8>
    // CHECK: ttng.async_store: [read shared async cta operand #0] [write global async operand #1] effects=R<SharedMemory>,W<GlobalMemory>
    ttng.async_store %bytes, %g, %n : !ttg.memdesc<1024xi8, #shared1, #smem, mutable>, !tt.ptr<i8>
    // TMA prefetch: global memory only.
    // CHECK: ttng.async_tma_prefetch: [read global async operand #0] effects=R<GlobalMemory>
    ttng.async_tma_prefetch %desc[%id, %id], %p : !tt.tensordesc<tensor<128x64xf16, #shared>>
    // A store with a token, its wait (cp.async.bulk.wait_group.read), and
    // the arrive the wait then performs.
    // CHECK: ttng.async_tma_copy_local_to_global: [read shared async cta operand #3] [write global async operand #0]
    %t = ttng.async_tma_copy_local_to_global %desc[%id, %id] %src : !tt.tensordesc<tensor<128x64xf16, #shared>>, !ttg.memdesc<128x64xf16, #shared, #smem, mutable> -> !ttg.async.token
    // CHECK: ttng.async_tma_store_token_wait: [write shared mbarrier operand #1] completion=bulk-store-read effects=R<SharedMemory>,W<SharedMemory>
    ttng.async_tma_store_token_wait %t, %b1[%p] : !ttg.async.token, !ttg.memdesc<1xi64, #shared1, #smem, mutable>

    // CLC: the response read back with ld.shared (generic); the abstract
    // token forms name no buffer yet.
    // CHECK: ttng.clc_load_result: [read shared generic operand #0] effects=R<SharedMemory>
    %raw = ttng.clc_load_result %bar : !ttg.memdesc<2xi64, #shared1, #smem, mutable> -> i128
    // CHECK: ttng.clc_try_cancel_async: effects=R<SharedMemory>,W<SharedMemory>
    %tok = ttng.clc_try_cancel_async : !ttg.async.token
    // CHECK: ttng.clc_read: effects=R<SharedMemory>,W<SharedMemory>
    %r:4 = ttng.clc_read %tok : !ttg.async.token -> i1, i32, i32, i32
    // CHECK: ttng.clc_advance: effects=R<SharedMemory>,W<SharedMemory>
    %a:4 = ttng.clc_advance : i1, i32, i32, i32

    // Shared scratch: the 128-byte tensormap assembled with st.shared, then
    // copied out by tensormap.cp_fenceproxy; the TMEM address slot that
    // tcgen05.alloc writes.
    // CHECK: ttng.tensormap_create: [write shared generic scratch] [read shared generic scratch] [write global generic operand #0] scratch=128@128 effects=W<SharedMemory>,R<SharedMemory>,W<GlobalMemory>
    ttng.tensormap_create %g, %base, [%n, %n], [%n, %n], [%s], [%n, %n] {elem_type = 6 : i32, fill_mode = 0 : i32, interleave_layout = 0 : i32, swizzle_mode = 3 : i32} : (!tt.ptr<i8>, !tt.ptr<f16>, i32, i32, i32, i32, i64, i32, i32) -> ()
    // CHECK: ttng.tcgen5_global_alloc: [write shared generic scratch] [alloc tensor generic whole space] scratch=4@4 effects=W<SharedMemory>,A<TensorMemory>
    ttng.tcgen5_global_alloc {tensor_memory_size = 128 : i32}
    tt.return
  }
}

// -----

// The remaining implementers: cp.async.commit_group, TMA gather4/scatter4,
// the block-scaled tcgen05.mma, tcgen05.st, tcgen05.cp and the upstream
// spelling of clusterlaunchcontrol.try_cancel.

#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#blocked2 = #ttg.blocked<{sizePerThread = [1, 128], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [0, 1]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#shared1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#shared2 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 8}>
#shared3 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
#tmem_scales = #ttng.tensor_memory_scales_encoding<>
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100"} {
  tt.func @model_rest(%gdesc: !tt.tensordesc<tensor<1x64xf16, #shared>>, %rows: tensor<32xi32, #blocked>, %j: i32, %p: i1,
                      %gbuf: !ttg.memdesc<32x64xf16, #shared, #smem, mutable>, %bar: !ttg.memdesc<1xi64, #shared1, #smem, mutable>,
                      %a: !ttg.memdesc<128x64xf8E4M3FN, #shared2, #smem>, %b: !ttg.memdesc<64x128xf8E4M3FN, #shared2, #smem>,
                      %acc: !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>,
                      %sa: !ttg.memdesc<128x2xi8, #tmem_scales, #ttng.tensor_memory>, %sb: !ttg.memdesc<128x2xi8, #tmem_scales, #ttng.tensor_memory>,
                      %v: tensor<128x128xf32, #blocked2>, %ssrc: !ttg.memdesc<128x4xi8, #shared3, #smem, mutable>,
                      %sdst: !ttg.memdesc<128x4xi8, #tmem_scales, #ttng.tensor_memory, mutable>,
                      %resp: !ttg.memdesc<1xui128, #shared1, #smem, mutable>) {
    // cp.async.commit_group closes a group of cp.async copies: no buffer,
    // and it completes nothing (async_wait does).
    // CHECK: ttg.async_commit_group: effects=W<SharedMemory>
    %g = ttg.async_commit_group
    // gather4: async read of global rows, async write of shared memory,
    // complete_tx on the barrier.
    // CHECK: ttng.async_tma_gather: [read global async operand #0] [write shared async cta operand #4] [write shared async-arrive operand #3] effects=R<GlobalMemory>,W<SharedMemory>,W<SharedMemory>
    ttng.async_tma_gather %gdesc[%rows, %j] %gbuf, %bar, %p : !tt.tensordesc<tensor<1x64xf16, #shared>>, tensor<32xi32, #blocked>, i32, !ttg.memdesc<1xi64, #shared1, #smem, mutable>, !ttg.memdesc<32x64xf16, #shared, #smem, mutable>, i1
    // scatter4: async read of shared memory, async write of global rows.
    // CHECK: ttng.async_tma_scatter: [read shared async cta operand #3] [write global async operand #0] effects=R<SharedMemory>,W<GlobalMemory>
    ttng.async_tma_scatter %gdesc[%rows, %j] %gbuf : !tt.tensordesc<tensor<1x64xf16, #shared>>, tensor<32xi32, #blocked>, i32, !ttg.memdesc<32x64xf16, #shared, #smem, mutable>
    // tcgen05.mma.block_scale: A/B async reads of shared memory, the scale
    // factors async reads of tensor memory, D read and written in TMEM.
    // CHECK: ttng.tc_gen5_mma_scaled: [read shared async cta operand #0] [read shared async cta operand #1] [read tensor async operand #3] [read tensor async operand #4] [read tensor async operand #2] [write tensor async operand #2] [write shared async-arrive operand #7] effects=R<SharedMemory>,R<SharedMemory>,R<TensorMemory>,R<TensorMemory>,R<TensorMemory>,W<TensorMemory>,W<SharedMemory>
    ttng.tc_gen5_mma_scaled %a, %b, %acc, %sa, %sb, %p, %p lhs = e4m3 rhs = e4m3, %bar[%p] {is_async} : !ttg.memdesc<128x64xf8E4M3FN, #shared2, #smem>, !ttg.memdesc<64x128xf8E4M3FN, #shared2, #smem>, !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>, !ttg.memdesc<128x2xi8, #tmem_scales, #ttng.tensor_memory>, !ttg.memdesc<128x2xi8, #tmem_scales, #ttng.tensor_memory>, !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    // tcgen05.st: a thread's write of tensor memory from registers.
    // CHECK: ttng.tmem_store: [write tensor generic operand #0] effects=W<TensorMemory>
    ttng.tmem_store %v, %acc, %p : tensor<128x128xf32, #blocked2> -> !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>
    // tcgen05.cp: async read of shared memory into tensor memory; the
    // barrier is the tcgen05.commit that follows it.
    // CHECK: ttng.tmem_copy: [read shared async cta operand #0] [write tensor async operand #1] [write shared async-arrive operand #2] effects=R<SharedMemory>,W<TensorMemory>,W<SharedMemory>
    ttng.tmem_copy %ssrc, %sdst, %bar : !ttg.memdesc<128x4xi8, #shared3, #smem, mutable>, !ttg.memdesc<128x4xi8, #tmem_scales, #ttng.tensor_memory, mutable>, !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    // clusterlaunchcontrol.try_cancel.multicast::cluster::all: an async
    // write of the response into every CTA of the cluster.
    // CHECK: ttng.clc_try_cancel: [write shared async cluster operand #0] [write shared async-arrive operand #1] effects=W<SharedMemory>,W<SharedMemory>
    ttng.clc_try_cancel %resp, %bar {multicast} : !ttg.memdesc<1xui128, #shared1, #smem, mutable>, !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    tt.return
  }
}
