//===- TritonGPUOps.td - ttg ops ---------------------------*- tablegen -*-===//
//
// Ops of the ttg dialect. Ops that touch shared or tensor memory implement
// ProxyAccessOpInterface (their accesses and proxies, in Ops.cpp) and derive
// their memory effects from it.
//
//===----------------------------------------------------------------------===//

#ifndef PROXYFENCE_DIALECT_TRITONGPU_TRITONGPUOPS_TD
#define PROXYFENCE_DIALECT_TRITONGPU_TRITONGPUOPS_TD

include "mlir/IR/OpBase.td"
include "mlir/Interfaces/ControlFlowInterfaces.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "proxyfence/Interfaces/ProxyAccessOpInterface.td"
include "proxyfence/Dialect/Triton/IR/TritonAttrDefs.td"
include "proxyfence/Dialect/Triton/IR/TritonTypes.td"
include "proxyfence/Dialect/TritonGPU/IR/TritonGPUAttrDefs.td"
include "proxyfence/Dialect/TritonGPU/IR/TritonGPUTypes.td"

class TTG_Op<string mnemonic, list<Trait> traits = []>
    : Op<TTG_Dialect, mnemonic, traits>;

//===----------------------------------------------------------------------===//
// Layout conversion
//===----------------------------------------------------------------------===//

def TTG_ConvertLayoutOp : TTG_Op<"convert_layout",
    [Pure, SameOperandsAndResultShape, SameOperandsAndResultElementType]> {
  let summary = "Change the distributed layout of a tensor";
  let description = [{
    May go through shared-memory scratch when lowered (a generic-proxy
    access of scratch space; see docs/proxy-model.md).

    ```mlir
    %1 = ttg.convert_layout %0 : tensor<128x64xf16, #mma> -> tensor<128x64xf16, #blocked>
    ```
  }];
  let arguments = (ins AnyRankedTensor:$src);
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
}

//===----------------------------------------------------------------------===//
// Shared-memory buffers
//===----------------------------------------------------------------------===//

def TTG_LocalAllocOp : TTG_Op<"local_alloc", [ProxyEffects]> {
  let summary = "Allocate a shared-memory buffer, optionally filled from registers";
  let description = [{
    Without `$src` the buffer is uninitialised and must be `mutable`. With
    `$src` the registers are written to it by the generic proxy; such a
    buffer is usually immutable. After allocation it carries
    `allocation.offset`.

    ```mlir
    %a = ttg.local_alloc : () -> !ttg.memdesc<3x128x64xf16, #shared, #smem, mutable>
    %b = ttg.local_alloc %t : (tensor<128x128xf16, #blocked>) -> !ttg.memdesc<128x128xf16, #shared, #smem>
    ```
  }];
  let arguments = (ins Optional<AnyRankedTensor>:$src,
                       OptionalAttr<I32Attr>:$alignment);
  let results = (outs TTG_MemDesc:$result);
  let assemblyFormat = [{
    ($src^)? attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def TTG_LocalDeallocOp : TTG_Op<"local_dealloc", [ProxyEffects]> {
  let summary = "End the lifetime of a shared-memory buffer";
  let description = [{
    ```mlir
    ttg.local_dealloc %a : !ttg.memdesc<3x128x64xf16, #shared, #smem, mutable>
    ```
  }];
  let arguments = (ins TTG_MemDesc:$src);
  let assemblyFormat = "$src attr-dict `:` qualified(type($src))";
}

def TTG_LocalLoadOp : TTG_Op<"local_load", [ProxyEffects]> {
  let summary = "Read a shared-memory buffer into registers (generic proxy)";
  let description = [{
    ```mlir
    %y = ttg.local_load %buf : !ttg.memdesc<64x128xf16, #shared, #smem, mutable> -> tensor<64x128xf16, #blocked>
    ```
  }];
  let arguments = (ins TTG_MemDesc:$src, Optional<TTG_AsyncToken>:$token);
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat = [{
    $src (`token` $token^)? attr-dict `:` qualified(type($src)) `->` type($result)
  }];
  let hasVerifier = 1;
}

def TTG_LocalStoreOp : TTG_Op<"local_store", [ProxyEffects]> {
  let summary = "Write registers to a shared-memory buffer (generic proxy)";
  let description = [{
    ```mlir
    ttg.local_store %v, %buf : tensor<128x128xf16, #mma> -> !ttg.memdesc<128x128xf16, #shared, #smem, mutable>
    ```
  }];
  let arguments = (ins AnyRankedTensor:$src, TTG_MemDesc:$dst);
  let assemblyFormat = [{
    $src `,` $dst attr-dict `:` type($src) `->` qualified(type($dst))
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Views
//===----------------------------------------------------------------------===//

class TTG_ViewOp<string mnemonic, list<Trait> traits = []>
    : TTG_Op<mnemonic, !listconcat([Pure], traits)> {
  let results = (outs TTG_MemDesc:$result);
  let hasVerifier = 1;
}

def TTG_MemDescIndexOp : TTG_ViewOp<"memdesc_index"> {
  let summary = "View one slice of the leading dimension of a buffer";
  let description = [{
    ```mlir
    %s = ttg.memdesc_index %a[%i] : !ttg.memdesc<3x128x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
    ```
  }];
  let arguments = (ins TTG_MemDesc:$src, I32:$index);
  let assemblyFormat = [{
    $src `[` $index `]` attr-dict `:` qualified(type($src)) `->` qualified(type($result))
  }];
}

def TTG_MemDescSubsliceOp : TTG_ViewOp<"memdesc_subslice"> {
  let summary = "View a constant-offset sub-block of a buffer";
  let description = [{
    ```mlir
    %s = ttg.memdesc_subslice %a[0, 32] : !ttg.memdesc<64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x32xf16, #shared, #smem, mutable, 64x64>
    ```
  }];
  let arguments = (ins TTG_MemDesc:$src, DenseI32ArrayAttr:$offsets);
  let assemblyFormat = [{
    $src `[` custom<Offsets>($offsets) `]` attr-dict `:` qualified(type($src)) `->` qualified(type($result))
  }];
}

def TTG_MemDescTransOp : TTG_ViewOp<"memdesc_trans"> {
  let summary = "View a buffer with its dimensions permuted";
  let description = [{
    ```mlir
    %t = ttg.memdesc_trans %k {order = array<i32: 1, 0>} : !ttg.memdesc<64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared2, #smem, mutable>
    ```
  }];
  let arguments = (ins TTG_MemDesc:$src, DenseI32ArrayAttr:$order);
  let assemblyFormat = [{
    $src attr-dict `:` qualified(type($src)) `->` qualified(type($result))
  }];
}

def TTG_MemDescReshapeOp : TTG_ViewOp<"memdesc_reshape"> {
  let summary = "View a buffer with another shape of the same size";
  let description = [{
    ```mlir
    %r = ttg.memdesc_reshape %a : !ttg.memdesc<64x64xf16, #shared, #smem> -> !ttg.memdesc<4096xf16, #shared1, #smem>
    ```
  }];
  let arguments = (ins TTG_MemDesc:$src);
  let assemblyFormat = [{
    $src attr-dict `:` qualified(type($src)) `->` qualified(type($result))
  }];
}

def TTG_MemDescReinterpretOp : TTG_ViewOp<"memdesc_reinterpret"> {
  let summary = "View the bytes of a buffer with another type and layout";
  let description = [{
    ```mlir
    %r = ttg.memdesc_reinterpret %a : !ttg.memdesc<64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x32xf32, #shared, #smem, mutable>
    ```
  }];
  let arguments = (ins TTG_MemDesc:$src);
  let assemblyFormat = [{
    $src attr-dict `:` qualified(type($src)) `->` qualified(type($result))
  }];
}

//===----------------------------------------------------------------------===//
// cp.async (non-bulk: generic proxy)
//===----------------------------------------------------------------------===//

def TTG_AsyncCopyGlobalToLocalOp : TTG_Op<"async_copy_global_to_local",
    [ProxyEffects, AttrSizedOperandSegments,
     TypesMatchWith<"mask is i1 of src's shape", "src", "mask",
                    "::proxyfence::tt::getI1SameShape($_self)",
                    "($_op.getOperands().size() <= 2) || std::equal_to<>()">,
     TypesMatchWith<"other is the pointee of src", "src", "other",
                    "::proxyfence::tt::getPointeeType($_self)",
                    "($_op.getOperands().size() <= 3) || std::equal_to<>()">]> {
  let summary = "cp.async (LDGSTS) from global pointers into shared memory";
  let description = [{
    Non-bulk `cp.async` writes shared memory through the GENERIC proxy (PTX
    ISA #data-movement-and-conversion-instructions-cp-async), so it needs
    no proxy fence before generic readers, but does before async readers.

    ```mlir
    %t = ttg.async_copy_global_to_local %ptrs, %buf mask %m : tensor<64x64x!tt.ptr<f16>, #blocked> -> <64x64xf16, #shared, #smem, mutable>
    ```
  }];
  let arguments = (ins TT_PtrTensor:$src, TTG_MemDesc:$result,
                       Optional<TT_BoolLike>:$mask, Optional<AnyType>:$other,
                       DefaultValuedAttr<TT_CacheModifierAttr,
                         "::proxyfence::tt::CacheModifier::NONE">:$cache,
                       DefaultValuedAttr<TT_EvictionPolicyAttr,
                         "::proxyfence::tt::EvictionPolicy::NORMAL">:$evict,
                       DefaultValuedAttr<BoolAttr, "false">:$isVolatile,
                       DefaultValuedAttr<I32Attr, "1">:$contiguity);
  let results = (outs TTG_AsyncToken:$token);
  let assemblyFormat = [{
    $src `,` $result (`mask` $mask^)? (`other` $other^)?
    oilist(`cacheModifier` `=` $cache | `evictionPolicy` `=` $evict)
    attr-dict `:` type($src) `->` type($result)
  }];
}

def TTG_AsyncCommitGroupOp : TTG_Op<"async_commit_group", [
    DeclareOpInterfaceMethods<ProxyAccessOpInterface, ["getCompletionKind"]>,
    MemoryEffects<[MemWrite<PF_SharedMemory>]>]> {
  let summary = "Close the current group of cp.async copies";
  let description = [{
    ```mlir
    %t = ttg.async_commit_group tokens %a
    ```
  }];
  let arguments = (ins Variadic<TTG_AsyncToken>:$inputTokens);
  let results = (outs TTG_AsyncToken:$asyncToken);
  let assemblyFormat = "(`tokens` $inputTokens^)? attr-dict";
}

def TTG_AsyncWaitOp : TTG_Op<"async_wait", [
    DeclareOpInterfaceMethods<ProxyAccessOpInterface, ["getCompletionKind"]>,
    MemoryEffects<[MemRead<PF_SharedMemory>, MemWrite<PF_SharedMemory>]>]> {
  let summary = "Wait until at most `num` cp.async groups are pending";
  let description = [{
    ```mlir
    %t = ttg.async_wait %g {num = 0 : i32}
    ```
  }];
  let arguments = (ins Variadic<TTG_AsyncToken>:$asyncToken, I32Attr:$num);
  let results = (outs TTG_AsyncToken:$retToken);
  let assemblyFormat = "($asyncToken^)? attr-dict";
}

//===----------------------------------------------------------------------===//
// Barriers
//===----------------------------------------------------------------------===//

def TTG_LocalBarrierOp : TTG_Op<"local_barrier", [
    MemoryEffects<[MemRead<PF_SharedMemory>, MemWrite<PF_SharedMemory>]>]> {
  let summary = "CTA-wide execution barrier that orders shared memory";
  let description = [{
    `bar.sync 0` (Triton 3.6 spelling; newer Triton prints `ttg.barrier local`).

    ```mlir
    ttg.local_barrier
    ```
  }];
  let assemblyFormat = "attr-dict";
}

def TTG_BarrierOp : TTG_Op<"barrier", [
    MemoryEffects<[MemRead<PF_SharedMemory>, MemWrite<PF_SharedMemory>,
                   MemRead<PF_GlobalMemory>, MemWrite<PF_GlobalMemory>]>]> {
  let summary = "CTA-wide execution barrier over the named address spaces";
  let description = [{
    Newer Triton's spelling of the execution barrier: a list of the
    address spaces it orders (`local`, `global_read`, `global_write`,
    `tensor_read`, `tensor_write`, or `all`).

    ```mlir
    ttg.barrier local
    ttg.barrier global_read|global_write
    ```
  }];
  let arguments = (ins StrArrayAttr:$addrSpaces);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Warp specialization
//===----------------------------------------------------------------------===//

def TTG_WarpSpecializeOp : TTG_Op<"warp_specialize", [
    RecursiveMemoryEffects, RecursivelySpeculatable]> {
  let summary = "Run a default region and N partitions on disjoint warps";
  let description = [{
    The default region runs on the launching warps and yields the op's
    results; each partition runs concurrently on its own `num_warps` warps
    and sees only its block arguments (the explicit captures), so its
    regions are isolated from above (checked by the verifier).

    ```mlir
    ttg.warp_specialize(%a, %b) attributes {requestedRegisters = array<i32: 24>}
    default {
      ttg.warp_yield
    }
    partition0(%x: !ttg.memdesc<64x64xf16, #shared, #smem>, %y: i32) num_warps(4) {
      ttg.warp_return
    } : (!ttg.memdesc<64x64xf16, #shared, #smem>, i32) -> ()
    ```
  }];
  let arguments = (ins Variadic<AnyType>:$explicitCaptures,
                       DenseI32ArrayAttr:$partitionNumWarps);
  let results = (outs Variadic<AnyType>:$defaultPassthrough);
  let regions = (region MinSizedRegion<1>:$defaultRegion,
                        VariadicRegion<MinSizedRegion<1>>:$partitionRegions);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

def TTG_WarpYieldOp : TTG_Op<"warp_yield", [
    Pure, Terminator, ReturnLike, HasParent<"WarpSpecializeOp">]> {
  let summary = "Terminate the default region of ttg.warp_specialize";
  let description = [{
    ```mlir
    ttg.warp_yield %v : i32
    ```
  }];
  let arguments = (ins Variadic<AnyType>:$values);
  let assemblyFormat = "($values^)? attr-dict (`:` type($values)^)?";
}

def TTG_WarpReturnOp : TTG_Op<"warp_return", [
    Pure, Terminator, ReturnLike, HasParent<"WarpSpecializeOp">]> {
  let summary = "Terminate a partition region of ttg.warp_specialize";
  let description = [{
    ```mlir
    ttg.warp_return
    ```
  }];
  let assemblyFormat = "attr-dict";
}

//===----------------------------------------------------------------------===//
// Global scratch
//===----------------------------------------------------------------------===//

def TTG_GlobalScratchAllocOp : TTG_Op<"global_scratch_alloc", [
    MemoryEffects<[MemAlloc<PF_GlobalMemory>]>]> {
  let summary = "Allocate per-program global scratch memory";
  let description = [{
    ```mlir
    %0 = ttg.global_scratch_alloc {alignment = 128 : i32, nbytes = 1024 : i32} : !tt.ptr<i8>
    ```
  }];
  let arguments = (ins I32Attr:$nbytes, I32Attr:$alignment);
  let results = (outs TT_Ptr:$result);
  let assemblyFormat = "attr-dict `:` qualified(type($result))";
}

#endif // PROXYFENCE_DIALECT_TRITONGPU_TRITONGPUOPS_TD
