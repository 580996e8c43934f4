//===- NVWSOps.td - nvws types, attributes and ops ---------*- tablegen -*-===//
//
// The aref, warp-group and descriptor ops of Triton 3.6's nvws dialect, in
// the syntax Triton 3.6 prints.
//
//===----------------------------------------------------------------------===//

#ifndef PROXYFENCE_DIALECT_NVWS_NVWSOPS_TD
#define PROXYFENCE_DIALECT_NVWS_NVWSOPS_TD

include "mlir/IR/OpBase.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/Interfaces/ControlFlowInterfaces.td"
include "proxyfence/Interfaces/ProxyAccessOpInterface.td"
include "proxyfence/Dialect/Triton/IR/TritonAttrDefs.td"
include "proxyfence/Dialect/Triton/IR/TritonTypes.td"
include "proxyfence/Dialect/TritonGPU/IR/TritonGPUTypes.td"
include "proxyfence/Dialect/NVWS/IR/NVWSAttrDefs.td"

class NVWS_Op<string mnemonic, list<Trait> traits = []>
    : Op<NVWS_Dialect, mnemonic, traits>;

//===----------------------------------------------------------------------===//
// Arefs
//===----------------------------------------------------------------------===//

def NVWS_ArefCreateOp : NVWS_Op<"aref.create", [Pure,
    RangedTypesMatchWith<"buffers have the types the aref wraps", "result",
      "buffers", "::proxyfence::nvws::getArefBaseTypes(::llvm::cast<::proxyfence::nvws::ArefType>($_self))">]> {
  let summary = "Wrap multi-buffered memory descriptors in an aref";
  let description = [{
    ```mlir
    %a = nvws.aref.create %buf : <[!ttg.memdesc<3x128x64xf16, #shared, #smem, mutable>]>
    ```
  }];
  let arguments = (ins Variadic<TTG_MemDesc>:$buffers);
  let results = (outs NVWS_ArefType:$result);
  let assemblyFormat = "$buffers attr-dict `:` type($result)";
  let hasVerifier = 1;
}

class NVWS_ArefEnterOp<string mnemonic, string what>
    : NVWS_Op<mnemonic, [AttrSizedOperandSegments]> {
  let summary = "Enter a region where the aref's current stage may be " # what;
  let description = [{
    Waits (once lowered: on the stage's mbarrier) until the stage is
    available and returns a view of it in each wrapped buffer, and a token
    the matching exit consumes. `[stage, phase]` appear once
    `NVWSAssignStagePhase` has run.

    ```mlir
    %v, %tok = nvws.aref.put.enter %a[%s, %p] : <[!ttg.memdesc<3x128x64xf16, #shared, #smem, mutable>]> -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable, 3x128x64>, !ttg.async.token
    ```
  }];
  let arguments = (ins NVWS_ArefType:$aref, Optional<I32>:$stage,
                       Optional<I32>:$phase);
  let results = (outs Variadic<TTG_MemDesc>:$buffers, TTG_AsyncToken:$token);
  let assemblyFormat = [{
    $aref (`[` $stage^ `,` $phase `]`)? attr-dict
    `:` type($aref) `->` type(results)
  }];
  let hasVerifier = 1;
}

def NVWS_ArefPutEnterOp : NVWS_ArefEnterOp<"aref.put.enter", "written">;
def NVWS_ArefGetEnterOp : NVWS_ArefEnterOp<"aref.get.enter", "read">;

class NVWS_ArefExitOp<string mnemonic, string what>
    : NVWS_Op<mnemonic, []> {
  let summary = "Leave the region where the aref's stage was " # what;
  let description = [{
    Releases the stage to the other side once the listed async ops that
    touched it have completed (once lowered: an mbarrier arrive, a
    `tcgen05.commit`, or the TMA's own completion).

    ```mlir
    nvws.aref.put.exit %a[%s], %tok [#nvws.async_op<tma_load>] : <[!ttg.memdesc<3x128x64xf16, #shared, #smem, mutable>]>, !ttg.async.token
    ```
  }];
  let arguments = (ins NVWS_ArefType:$aref, TTG_AsyncToken:$token,
                       Optional<I32>:$stage,
                       NVWS_AsyncOpArrayAttr:$async_ops);
  let assemblyFormat = [{
    $aref (`[` $stage^ `]`)? `,` $token $async_ops attr-dict
    `:` type($aref) `,` type($token)
  }];
}

def NVWS_ArefPutExitOp : NVWS_ArefExitOp<"aref.put.exit", "written">;
def NVWS_ArefGetExitOp : NVWS_ArefExitOp<"aref.get.exit", "read">;

def NVWS_ArefBufferOp : NVWS_Op<"aref.buffer", [Pure]> {
  let summary = "The aref's buffers at the stage a token stands for";
  let description = [{
    ```mlir
    %acc = nvws.aref.buffer %a, %tok : <[!ttg.memdesc<2x128x128xf32, #tmem, #ttng.tensor_memory, mutable>]>, !ttg.async.token -> !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable, 2x128x128>
    ```
  }];
  let arguments = (ins NVWS_ArefType:$aref, TTG_AsyncToken:$token,
                       Optional<I32>:$stage);
  let results = (outs Variadic<TTG_MemDesc>:$buffers);
  let assemblyFormat = [{
    $aref (`[` $stage^ `]`)? `,` $token attr-dict
    `:` type($aref) `,` type($token) `->` type($buffers)
  }];
}

//===----------------------------------------------------------------------===//
// Descriptor loads into shared memory
//===----------------------------------------------------------------------===//

def NVWS_DescriptorLoadOp : NVWS_Op<"descriptor_load", [
    MemoryEffects<[MemRead<PF_GlobalMemory>, MemWrite<PF_SharedMemory>]>]> {
  let summary = "A tensor-descriptor load that lands in shared memory";
  let description = [{
    Becomes a TMA load (`cp.async.bulk.tensor`, an async-proxy write of
    `$result`) of `$txCount` bytes when the aref around it is lowered.

    ```mlir
    nvws.descriptor_load %desc[%i, %j] 16384 %buf : !tt.tensordesc<tensor<128x64xf16, #shared>>, i32, i32, !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
    ```
  }];
  let arguments = (ins TT_TensorDesc:$desc, Variadic<I32>:$indices,
                       I32Attr:$txCount, TTG_MemDesc:$result,
                       DefaultValuedAttr<TT_CacheModifierAttr,
                         "::proxyfence::tt::CacheModifier::NONE">:$cache,
                       DefaultValuedAttr<TT_EvictionPolicyAttr,
                         "::proxyfence::tt::EvictionPolicy::NORMAL">:$evict);
  let assemblyFormat = [{
    $desc `[` $indices `]` $txCount $result
    oilist(`cacheModifier` `=` $cache | `evictionPolicy` `=` $evict)
    attr-dict `:` type(operands)
  }];
}

def NVWS_DescriptorGatherOp : NVWS_Op<"descriptor_gather", [
    MemoryEffects<[MemRead<PF_GlobalMemory>, MemWrite<PF_SharedMemory>]>]> {
  let summary = "A tensor-descriptor row gather that lands in shared memory";
  let description = [{
    ```mlir
    nvws.descriptor_gather %desc[%rows, %col] 4096 %buf : !tt.tensordesc<tensor<1x128xf16, #shared>>, tensor<32xi32, #blocked>, i32, !ttg.memdesc<32x128xf16, #shared, #smem, mutable>
    ```
  }];
  let arguments = (ins TT_TensorDesc:$desc, AnyRankedTensor:$x_offsets,
                       I32:$y_offset, I32Attr:$txCount, TTG_MemDesc:$result);
  let assemblyFormat = [{
    $desc `[` $x_offsets `,` $y_offset `]` $txCount $result
    attr-dict `:` type(operands)
  }];
}

//===----------------------------------------------------------------------===//
// Warp groups
//===----------------------------------------------------------------------===//

def NVWS_WarpGroupOp : NVWS_Op<"warp_group", [
    RecursiveMemoryEffects, RecursivelySpeculatable]> {
  let summary = "Partitions of a warp-specialized loop, before ttg.warp_specialize";
  let description = [{
    One region per partition, each with its warp count; the results are
    those `nvws.warp_group.yield` returns from the first region.

    ```mlir
    %r = nvws.warp_group
    partition0 num_warps(4) {
      nvws.warp_group.yield %x : i32
    }
    partition1 num_warps(4) {
      nvws.warp_group.return
    }
    ```
  }];
  let arguments = (ins DenseI32ArrayAttr:$numWarps);
  let results = (outs Variadic<AnyType>:$results);
  let regions = (region VariadicRegion<MinSizedRegion<1>>:$partitionRegions);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

def NVWS_WarpGroupYieldOp : NVWS_Op<"warp_group.yield", [
    Pure, Terminator, ReturnLike, HasParent<"WarpGroupOp">]> {
  let summary = "Terminate the first region of nvws.warp_group";
  let arguments = (ins Variadic<AnyType>:$values);
  let assemblyFormat = "($values^)? attr-dict (`:` type($values)^)?";
}

def NVWS_WarpGroupReturnOp : NVWS_Op<"warp_group.return", [
    Pure, Terminator, HasParent<"WarpGroupOp">]> {
  let summary = "Terminate a partition region of nvws.warp_group";
  let assemblyFormat = "attr-dict";
}

#endif // PROXYFENCE_DIALECT_NVWS_NVWSOPS_TD
