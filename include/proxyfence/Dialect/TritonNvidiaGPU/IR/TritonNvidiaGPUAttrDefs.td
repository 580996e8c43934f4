//===- TritonNvidiaGPUAttrDefs.td - ttng attributes --------*- tablegen -*-===//
//
// Tensor memory: its memory space and its encodings.
//
//===----------------------------------------------------------------------===//

#ifndef PROXYFENCE_DIALECT_TRITONNVIDIAGPU_TRITONNVIDIAGPUATTRDEFS_TD
#define PROXYFENCE_DIALECT_TRITONNVIDIAGPU_TRITONNVIDIAGPUATTRDEFS_TD

include "mlir/IR/AttrTypeBase.td"
include "proxyfence/Dialect/TritonGPU/IR/TritonGPUAttrDefs.td"
include "proxyfence/Dialect/TritonNvidiaGPU/IR/TritonNvidiaGPUDialect.td"
include "proxyfence/Dialect/TritonNvidiaGPU/IR/TritonNvidiaGPUEnums.td"

def TTNG_TMEMLoadReduceModifierAttr
    : EnumAttr<TTNG_Dialect, TTNG_TMEMLoadReduceModifier, "redOp"> {
  let assemblyFormat = "`<` $value `>`";
}

def TTNG_TensorMemorySpaceAttr : AttrDef<TTNG_Dialect, "TensorMemorySpace"> {
  let mnemonic = "tensor_memory";
  let summary = "The tensor-memory (TMEM) address space of a memdesc";
  let description = [{
    ```mlir
    !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>
    ```
  }];
}

def TTNG_SharedClusterMemorySpaceAttr
    : AttrDef<TTNG_Dialect, "SharedClusterMemorySpace"> {
  let mnemonic = "shared_cluster_memory";
  let summary = "Shared memory of another CTA of the cluster (DSMEM)";
  let description = [{
    The memory space of a view made by `ttng.map_to_remote_buffer`: the
    same buffer in a peer CTA's shared memory, reached through
    `shared::cluster` addresses.

    ```mlir
    !ttg.memdesc<1xi64, #shared1, #ttng.shared_cluster_memory, mutable>
    ```
  }];
}

def TTNG_BarrierAnnotationAttr : AttrDef<TTNG_Dialect, "BarrierAnnotation"> {
  let mnemonic = "barrier_annotation";
  let summary = "Where a ttng.subtiled_region places a barrier op (TLX)";
  let description = [{
    `key = value` fields in source order; a value is an attribute or a bare
    keyword (`after`), printed back as written.

    ```mlir
    #ttng.barrier_annotation<barrierIdx = 0, placement = after, targetOpIdx = 0, barrierOpKind = "arrive_barrier">
    ```
  }];
  let parameters = (ins
    ArrayRefParameter<"::mlir::NamedAttribute", "fields, in source order">:$fields);
  let hasCustomAssemblyFormat = 1;
}

def TTNG_TensorMemoryEncodingAttr
    : PF_LayoutAttr<TTNG_Dialect, "TensorMemoryEncoding",
                    "tensor_memory_encoding", 0> {
  let summary = "Layout of a tensor-memory buffer";
  let description = [{
    ```mlir
    #tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
    ```
  }];
}

def TTNG_TensorMemoryScalesEncodingAttr
    : PF_LayoutAttr<TTNG_Dialect, "TensorMemoryScalesEncoding",
                    "tensor_memory_scales_encoding", 0> {
  let summary = "Layout of block scales in tensor memory";
  let description = [{
    ```mlir
    #tmem_scales = #ttng.tensor_memory_scales_encoding<>
    ```
  }];
}

#endif // PROXYFENCE_DIALECT_TRITONNVIDIAGPU_TRITONNVIDIAGPUATTRDEFS_TD
