//===- Passes.td - ttng passes: TMA lowering and fences ----*- tablegen -*-===//
//
// The three compiler passes of the proxy-fence system, reproduced on
// Triton's IR. Each is also registered under Triton's pass name (see
// lib/InitAll.cpp) so Triton-style lit RUN lines work unchanged.
//
//===----------------------------------------------------------------------===//

#ifndef PROXYFENCE_DIALECT_TRITONNVIDIAGPU_TRANSFORMS_PASSES_TD
#define PROXYFENCE_DIALECT_TRITONNVIDIAGPU_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def ProxyFenceTMALowering : Pass<"proxyfence-tma-lowering", "mlir::ModuleOp"> {
  let summary = "Lower tensor-descriptor ops to TMA copies through shared memory";
  let description = [{
    Also registered as `--triton-nvidia-tma-lowering`.

    One walk finds the ops to lower; the rewrites run (under MLIR's greedy
    driver, as Triton's do) only in the functions that hold one, and a
    function with nothing to lower is left as it is.

    Stores, reductions and scatters through a descriptor become an
    immutable `ttg.local_alloc` of the source, a
    `ttng.fence_async_shared`, the TMA op, and
    `ttng.async_tma_store_wait {pendings = 0}`:

    ```mlir
    tt.descriptor_store %d[%i, %j], %v : !tt.tensordesc<tensor<64x64xf16, #shared>>, tensor<64x64xf16, #blocked>
    // becomes
    %buf = ttg.local_alloc %v : (tensor<64x64xf16, #blocked>) -> !ttg.memdesc<64x64xf16, #shared, #smem>
    ttng.fence_async_shared {bCluster = false}
    ttng.async_tma_copy_local_to_global %d[%i, %j] %buf : !tt.tensordesc<tensor<64x64xf16, #shared>>, !ttg.memdesc<64x64xf16, #shared, #smem>
    ttng.async_tma_store_wait {pendings = 0 : i32}
    ```

    Loads and gathers become a mutable buffer, an i64 mbarrier, its
    initialisation, `barrier_expect` of the block's bytes, the TMA load,
    the wait, the invalidation and a `ttg.local_load` (or, when the only
    user is a `ttg.local_alloc` with the same shared encoding, that user
    takes the buffer directly). Loads need no proxy fence: completion of the
    mbarrier phase makes the async writes visible.

    `tt.make_tensor_descriptor` becomes a 128-byte global scratch (unless
    the op names a `descPtr`), the tensormap written into it, the acquire
    fence of the tensormap proxy, and a descriptor view of the pointer:

    ```mlir
    %d = tt.make_tensor_descriptor %base, [%m, %n], [%s, %c1_i64] : !tt.ptr<i8>, !tt.tensordesc<tensor<8x32xi8, #shared>>
    // becomes
    %p = ttg.global_scratch_alloc {alignment = 128 : i32, nbytes = 128 : i32} : !tt.ptr<i8>
    ttng.tensormap_create %p, %base, [%c32_i32, %c8_i32], [%n, %m], [%s], [%c1_i32, %c1_i32] {elem_type = 0 : i32, fill_mode = 0 : i32, interleave_layout = 0 : i32, swizzle_mode = 1 : i32} : (!tt.ptr<i8>, !tt.ptr<i8>, i32, i32, i32, i32, i64, i32, i32) -> ()
    ttng.tensormap_fenceproxy_acquire %p : !tt.ptr<i8>
    %d = ttng.reinterpret_tensor_descriptor %p : !tt.ptr<i8> to !tt.tensordesc<tensor<8x32xi8, #shared>>
    ```
  }];
  let dependentDialects = ["::proxyfence::ttg::TritonGPUDialect",
                           "::proxyfence::ttng::TritonNvidiaGPUDialect",
                           "::mlir::arith::ArithDialect"];
  let statistics = [
    Statistic<"numLoads", "tma-loads", "Descriptor loads and gathers lowered">,
    Statistic<"numStores", "tma-stores", "Descriptor stores, reductions and scatters lowered">,
    Statistic<"numDescriptors", "tma-descriptors", "Device-side descriptors (make_tensor_descriptor) lowered">,
  ];
}

def ProxyFenceFenceInsertion
    : Pass<"proxyfence-fence-insertion", "mlir::ModuleOp"> {
  let summary = "Fence register-to-shared writes before MMAs and TMA stores";
  let description = [{
    Also registered as `--triton-nvidia-gpu-fence-insertion`.

    For every MMA (`ttng.warp_group_dot`, `ttng.tc_gen5_mma*`) and every TMA
    store/reduce/scatter, traces each shared-memory operand back through
    memdesc views, `scf.for` iter args and yields and `ttg.warp_specialize`
    captures to the ops that write registers into it (`ttg.local_alloc %src`,
    `ttg.local_store`, in any partition); other block arguments count as
    writers. If there is a writer, a `ttng.fence_async_shared` goes right
    before the op, and is hoisted out of each enclosing loop that contains no
    writer and runs concurrently with none (another warp-specialize region).
    A fence equal to one that already precedes it with only memory-effect-free
    ops between is not inserted. Does nothing below sm_90.

    ```mlir
    ttg.local_store %v, %buf : tensor<64x64xf16, #mma> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    ttng.fence_async_shared {bCluster = false}   // inserted
    %d = ttng.warp_group_dot %buf, %b, %c : ...
    ```
  }];
  let options = [
    Option<"computeCapability", "compute-capability", "int32_t", "0",
           "Target compute capability (e.g. 90, 100); 0 reads the module's "
           "ttg.target (\"cuda:90\"), 90 without one">,
    Option<"remarks", "remarks", "bool", "false",
           "Emit a remark for every fence placed (and why) and a summary of "
           "the counts (the statistics, on MLIR builds without them)">,
  ];
  let dependentDialects = ["::proxyfence::ttng::TritonNvidiaGPUDialect"];
  let statistics = [
    Statistic<"numInserted", "fences-inserted", "Fences inserted">,
    Statistic<"numHoisted", "fences-hoisted", "Loops a fence was hoisted out of">,
    Statistic<"numDeduplicated", "fences-deduplicated", "Fences not inserted because an equal one precedes">,
  ];
}

def ProxyFenceProxyFenceInsertion
    : Pass<"proxyfence-proxy-fence-insertion", "mlir::ModuleOp"> {
  let summary = "Insert the proxy fences the generic/async proxy model requires";
  let description = [{
    Also registered as `--triton-nvidia-gpu-proxy-fence-insertion`. Runs
    after shared-memory allocation, on structured (`scf`) or unstructured
    (`cf`) IR.

    A forward dataflow analysis to a fixpoint over blocks and regions; the
    state is the set of generic shared-memory accesses (exact byte ranges,
    through memdesc views and allocation offsets) since the last fence, kept
    separately for the CTA and the cluster frontier. At an async access that
    conflicts with the state (generic write then async read: RAW; generic
    read then async write: WAR; generic write then async write: WAW) a
    `ttng.fence_async_shared` is inserted before the op, `{bCluster = true}`
    when the access reaches other CTAs (multicast TMA, two-CTA MMA or
    `tmem_copy`, multi-CTA CLC). A fence clears the state (a CTA fence the
    CTA frontier, a cluster fence both); completion waits and execution
    barriers do not, since they order no generic access against the async
    proxy. A thread's mbarrier instructions are generic accesses of the
    barrier's bytes; an async op's arrive on its mbarrier is not a data
    access. When an execution barrier sits between the last generic access
    and the async op, the fence goes before the barrier. Calls count as
    every access of their callees, with arguments mapped to the call's
    operands. Does nothing below sm_90.

    ```mlir
    %v = ttg.local_load %a : !ttg.memdesc<64x128xf16, #shared, #smem, mutable> -> tensor<64x128xf16, #blocked>
    ttng.fence_async_shared {bCluster = false}   // inserted: WAR, %b reuses %a's bytes
    ttng.async_tma_copy_global_to_local %desc[%i, %j] %b, %bar, %true : ...
    ```
  }];
  let options = [
    Option<"computeCapability", "compute-capability", "int32_t", "0",
           "Target compute capability; 0 reads the module's ttg.target, "
           "90 without one">,
    Option<"remarks", "remarks", "bool", "false",
           "Emit a remark for every fence placed (and why) and a summary of "
           "the counts (the statistics, on MLIR builds without them)">,
  ];
  let dependentDialects = ["::proxyfence::ttng::TritonNvidiaGPUDialect"];
  let statistics = [
    Statistic<"numInsertedCTA", "fences-inserted-cta", "CTA-scope fences inserted">,
    Statistic<"numInsertedCluster", "fences-inserted-cluster", "Cluster-scope fences inserted">,
  ];
}

#endif // PROXYFENCE_DIALECT_TRITONNVIDIAGPU_TRANSFORMS_PASSES_TD
