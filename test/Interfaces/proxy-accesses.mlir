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
