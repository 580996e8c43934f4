//===- NVGPUOps.td - the nvg dialect ------------------------*- tablegen -*-===//
//
// The ops of Triton's NVIDIA GPU dialect (`nvg`) that appear in TTGIR-level
// IR: the TLX fork and newer Triton emit `nvg.cluster_id` (the CTA's rank in
// its cluster) and `nvg.ld_acquire` (a load with acquire semantics from
// global memory) before the conversion to LLVM, and `nvg.tensor_memory_base`
// stands for the kernel's tensor-memory base. None of them touches shared
// or tensor memory through a proxy: the fence passes and the checker pass
// over them, the global load counted as a global-memory read.
//
//===----------------------------------------------------------------------===//

#ifndef PROXYFENCE_DIALECT_NVGPU_NVGPUOPS_TD
#define PROXYFENCE_DIALECT_NVGPU_NVGPUOPS_TD

include "mlir/IR/OpBase.td"
include "mlir/IR/EnumAttr.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/Dialect/LLVMIR/LLVMOpBase.td"
include "proxyfence/Interfaces/ProxyAccessOpInterface.td"

def NVG_Dialect : Dialect {
  let name = "nvg";
  let cppNamespace = "::proxyfence::nvg";
  let summary = "Triton's NVIDIA GPU dialect (nvg): the ops TTGIR-level IR holds";
  let description = [{
    Ops Triton's NVIDIA back end defines below TritonGPU. proxyfence reads
    the few that TLX and newer Triton print in TTGIR (before the conversion
    to LLVM) so that such modules parse, verify, print back and run through
    the fence passes; their syntax is Triton's.
  }];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect"];
}

def NVG_MemSemanticAttr : I32EnumAttr<"MemSemantic",
    "the memory-ordering semantics of an access", [
      I32EnumAttrCase<"Relaxed", 1, "relaxed">,
      I32EnumAttrCase<"Acquire", 2, "acquire">,
      I32EnumAttrCase<"Release", 3, "release">,
      I32EnumAttrCase<"AcquireRelease", 4, "acq_rel">]> {
  let cppNamespace = "::proxyfence::nvg";
}

def NVG_MemSyncScopeAttr : I32EnumAttr<"MemSyncScope",
    "the scope an access synchronizes at", [
      I32EnumAttrCase<"Gpu", 1, "gpu">,
      I32EnumAttrCase<"Cta", 2, "cta">,
      I32EnumAttrCase<"System", 3, "sys">]> {
  let cppNamespace = "::proxyfence::nvg";
}

class NVG_Op<string mnemonic, list<Trait> traits = []>
    : Op<NVG_Dialect, mnemonic, traits>;

def NVG_GlobalPointer : LLVM_PointerInAddressSpace<1>;
def NVG_TensorMemoryPointer : LLVM_PointerInAddressSpace<6>;
def NVG_Scalar : AnyTypeOf<[F8E4M3FN, F8E4M3FNUZ, F8E5M2, F8E5M2FNUZ, F16,
                            BF16, F32, F64, I1, I8, I16, I32, I64],
                           "integer or floating-point scalar">;

def NVG_ClusterCTAIdOp : NVG_Op<"cluster_id", [Pure]> {
  let summary = "the CTA's rank within its cluster";
  let description = [{
    Despite the name, the rank of the CTA in its cluster (`%cluster_ctarank`,
    in [0, CTAs per cluster)), not the cluster's index.

    ```mlir
    %rank = nvg.cluster_id
    ```
  }];
  let results = (outs I32:$result);
  let assemblyFormat = "attr-dict";
}

def NVG_LoadAcquireOp : NVG_Op<"ld_acquire",
    [MemoryEffects<[MemRead<PF_GlobalMemory>]>]> {
  let summary = "a scalar load from global memory with memory-ordering semantics";
  let description = [{
    `ld.<sem>.<scope>.global`, optionally masked: TLX's spin-waits on a
    flag in global memory. A generic-proxy access to global memory, which
    no proxy fence of the shared-memory rules concerns.

    ```mlir
    %v = nvg.ld_acquire acquire, gpu, %p, %mask : (!llvm.ptr<1>, i1) -> i32
    ```
  }];
  let arguments = (ins NVG_GlobalPointer:$addr, Optional<I1>:$mask,
                       NVG_MemSemanticAttr:$sem, NVG_MemSyncScopeAttr:$scope);
  let results = (outs NVG_Scalar:$result);
  let assemblyFormat = [{
    $sem `,` $scope `,` $addr (`,` $mask^)? attr-dict `:`
    functional-type(operands, $result)
  }];
}

def NVG_TensorMemoryBaseOp : NVG_Op<"tensor_memory_base", [Pure]> {
  let summary = "the base address of the kernel's tensor memory";
  let description = [{
    ```mlir
    %base = nvg.tensor_memory_base
    ```
  }];
  let results = (outs NVG_TensorMemoryPointer:$result);
  let assemblyFormat = "attr-dict";
}

#endif // PROXYFENCE_DIALECT_NVGPU_NVGPUOPS_TD
