//===- Passes.td - ttg passes: shared-memory allocation ----*- tablegen -*-===//
//
// Liveness-based shared-memory allocation, so that the proxy-fence pass can
// reason about exact byte ranges.
//
//===----------------------------------------------------------------------===//

#ifndef PROXYFENCE_DIALECT_TRITONGPU_TRANSFORMS_PASSES_TD
#define PROXYFENCE_DIALECT_TRITONGPU_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def ProxyFenceAllocateSharedMemory
    : Pass<"proxyfence-allocate-shared-memory", "mlir::ModuleOp"> {
  let summary = "Assign shared-memory offsets to buffers by liveness";
  let description = [{
    Also registered as `--allocate-shared-memory-nv`.

    Gives every `ttg.local_alloc` an `allocation.offset` and the module a
    `ttg.shared` size. Buffers whose live ranges overlap get disjoint
    offsets; a buffer lives from its allocation to its last use, through
    memdesc views, loop-carried values and warp-specialize captures; buffers
    used by different warp-specialize regions never overlap while both are
    live. Offsets already present are kept. Ops that need shared-memory
    scratch (layout conversions, reductions, scans) get a scratch buffer
    (see the pass documentation in docs/ for the size rule).

    ```mlir
    %a = ttg.local_alloc : () -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    // becomes
    %a = ttg.local_alloc {allocation.offset = 0 : i32} : () -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    ```
  }];
  let dependentDialects = ["::proxyfence::ttg::TritonGPUDialect"];
  let statistics = [
    Statistic<"numBuffers", "buffers", "Buffers given an offset">,
    Statistic<"sharedBytes", "shared-bytes", "Shared memory used by the module, in bytes">,
  ];
}

#endif // PROXYFENCE_DIALECT_TRITONGPU_TRANSFORMS_PASSES_TD
