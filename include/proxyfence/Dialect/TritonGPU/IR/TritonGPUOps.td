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

def TTG_RequireLayoutOp : TTG_Op<"require_layout",
    [Pure, SameOperandsAndResultShape, SameOperandsAndResultElementType]> {
  let summary = "A layout boundary the user asked for (TLX)";
  let description = [{
    Like `ttg.convert_layout`, but layout optimisation must keep it: the
    source program pinned this layout. Registers only.

    ```mlir
    %1 = ttg.require_layout %0 : tensor<128x64xf16, #blocked> -> tensor<128x64xf16, #blocked1>
    ```
  }];
  let arguments = (ins AnyRankedTensor:$src);
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
}

def TTG_Fp4ToFpOp : TTG_Op<"fp4_to_fp", [Pure]> {
  let summary = "Unpack fp4 (e2m1) pairs held in i8 into floats";
  let description = [{
    Each i8 holds two e2m1 values (low nibble first) along `axis`, so the
    result is twice as long as the source along that axis. Registers only.

    ```mlir
    %f = ttg.fp4_to_fp %packed {axis = 1 : i32} : tensor<128x32xi8, #blocked> -> tensor<128x64xbf16, #blocked>
    ```
  }];
  let arguments = (ins RankedTensorOf<[I8]>:$src, I32Attr:$axis);
  let results = (outs TT_FloatTensor:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
  let hasVerifier = 1;
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

def TTG_LocalGatherOp : TTG_Op<"local_gather", [ProxyEffects]> {
  let summary = "Gather elements of a shared-memory buffer along `axis` (generic proxy)";
  let description = [{
    `result[I] = src[I with its axis coordinate replaced by indices[I]]`
    (TLX): per-thread `ld.shared`, a generic-proxy read of `$src`.

    ```mlir
    %g = ttg.local_gather %buf[%idx] {axis = 0 : i32} : !ttg.memdesc<64x32xf32, #shared, #smem, mutable>, tensor<16x32xi32, #blocked> -> tensor<16x32xf32, #blocked>
    ```
  }];
  let arguments = (ins TTG_MemDesc:$src, TT_IntTensor:$indices,
                       I32Attr:$axis, Optional<TTG_AsyncToken>:$token);
  let results = (outs TT_Tensor:$result);
  let assemblyFormat = [{
    $src `[` $indices `]` (`token` $token^)? attr-dict `:` qualified(type($src)) `,` type($indices) `->` type($result)
  }];
}

def TTG_LocalScatterOp : TTG_Op<"local_scatter", [ProxyEffects]> {
  let summary = "Scatter values into a shared-memory buffer along `axis` (generic proxy)";
  let description = [{
    `dst[I with its axis coordinate replaced by indices[I]] = values[I]`
    (TLX): per-thread `st.shared`, a generic-proxy write of `$dst`.

    ```mlir
    ttg.local_scatter %buf[%idx], %v {axis = 0 : i32} : !ttg.memdesc<64x32xf32, #shared, #smem, mutable>, tensor<16x32xi32, #blocked>, tensor<16x32xf32, #blocked>
    ```
  }];
  let arguments = (ins TTG_MemDesc:$dst, TT_Tensor:$values,
                       TT_IntTensor:$indices, I32Attr:$axis,
                       Optional<TTG_AsyncToken>:$token);
  let assemblyFormat = [{
    $dst `[` $indices `]` `,` $values (`token` $token^)? attr-dict `:` qualified(type($dst)) `,` type($indices) `,` type($values)
  }];
}

def TTG_LocalAtomicScatterRMWOp : TTG_Op<"local_atomic_scatter_rmw", [
    ProxyEffects,
    TypesMatchWith<"result type matches values type", "values", "result",
                   "$_self">,
    OptionalTypesMatchWith<"mask is i1 of values' shape", "values", "mask",
                           "::proxyfence::tt::getI1SameShape($_self)">]> {
  let summary = "Atomic read-modify-write of scattered shared-memory elements (generic proxy)";
  let description = [{
    Like `ttg.local_scatter`, but each update is an `atom.shared` (TLX)
    that returns the old value: a generic-proxy read and write of `$dst`.

    ```mlir
    %old = ttg.local_atomic_scatter_rmw add, %buf[%idx], %v {axis = 0 : i32} : (!ttg.memdesc<64xi32, #shared, #smem, mutable>, tensor<16xi32, #blocked>, tensor<16xi32, #blocked>) -> tensor<16xi32, #blocked>
    ```
  }];
  let arguments = (ins TT_RMWOpAttr:$atomic_rmw_op, TTG_MemDesc:$dst,
                       TT_Tensor:$values, TT_IntTensor:$indices,
                       Optional<RankedTensorOf<[I1]>>:$mask, I32Attr:$axis);
  let results = (outs TT_Tensor:$result);
  let assemblyFormat = [{
    $atomic_rmw_op `,` $dst `[` $indices `]` `,` $values (`,` $mask^)? attr-dict `:`
    functional-type(operands, results)
  }];
}

//===----------------------------------------------------------------------===//
// Distributed shared memory (another CTA of the cluster; TLX)
//===----------------------------------------------------------------------===//

def TTG_RemoteShmemStoreOp : TTG_Op<"remote_shmem_store", [ProxyEffects]> {
  let summary = "Store registers into the shared memory of another CTA (generic proxy, cluster)";
  let description = [{
    `mapa` + `st.shared::cluster` into `$dst` of the CTA with cluster rank
    `$ctaRank`: a GENERIC-proxy write (PTX ISA #async-proxy names only the
    bulk and tensor copies as async proxy) that reaches another CTA's
    shared memory, so its scope is the cluster.

    ```mlir
    ttg.remote_shmem_store %v, rank %r, %buf : tensor<64x64xf16, #blocked> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    ```
  }];
  let arguments = (ins TT_Tensor:$src, TTG_MemDesc:$dst, I32:$ctaRank);
  let assemblyFormat = [{
    $src `,` `rank` $ctaRank `,` $dst attr-dict `:` type($src) `->` qualified(type($dst))
  }];
}

def TTG_AsyncRemoteShmemStoreOp : TTG_Op<"async_remote_shmem_store",
    [ProxyEffects]> {
  let summary = "st.async into another CTA's shared memory, completing on its mbarrier (generic proxy, cluster)";
  let description = [{
    `st.async.shared::cluster.mbarrier::complete_tx::bytes`: runs
    asynchronously but through the GENERIC proxy (PTX ISA #async-proxy
    names only the bulk copies and the tensor-core and TMA operations as
    async proxy), writing `$dst` of CTA `$ctaRank`; the store's completion
    is signalled on `$barrier`, mapped into that CTA (an arrive, not a data
    access).

    ```mlir
    ttg.async_remote_shmem_store %v, rank %r, %buf barrier %bar : tensor<64x64xf16, #blocked> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable> barrier_ty !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    ```
  }];
  let arguments = (ins TT_Tensor:$src, TTG_MemDesc:$dst, I32:$ctaRank,
                       TTG_MemDesc:$barrier);
  let assemblyFormat = [{
    $src `,` `rank` $ctaRank `,` $dst `barrier` $barrier attr-dict `:` type($src) `->` qualified(type($dst)) `barrier_ty` qualified(type($barrier))
  }];
}

def TTG_AsyncRemoteShmemCopyOp : TTG_Op<"async_remote_shmem_copy",
    [ProxyAsyncEffects]> {
  let summary = "Bulk copy of a local buffer into another CTA's shared memory (async proxy)";
  let description = [{
    `cp.async.bulk.shared::cluster.shared::cta.mbarrier::complete_tx::bytes`:
    a bulk copy, performed by the ASYNC proxy (PTX ISA #async-proxy). It
    reads `$src` in this CTA, writes `$dst` in CTA `$ctaRank` (cluster
    scope) and completes on `$barrier` mapped into that CTA; generic writes
    of `$src` before it need a fence.

    ```mlir
    ttg.async_remote_shmem_copy %src, rank %r, %dst barrier %bar : !ttg.memdesc<64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable> barrier_ty !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    ```
  }];
  let arguments = (ins TTG_MemDesc:$src, TTG_MemDesc:$dst, I32:$ctaRank,
                       TTG_MemDesc:$barrier);
  let assemblyFormat = [{
    $src `,` `rank` $ctaRank `,` $dst `barrier` $barrier attr-dict `:` qualified(type($src)) `->` qualified(type($dst)) `barrier_ty` qualified(type($barrier))
  }];
}

//===----------------------------------------------------------------------===//
// Views
//===----------------------------------------------------------------------===//

/// A memdesc view: a new descriptor of (part of) the buffer its operand #0
/// views, touching no memory. BufferRegionAnalysis maps each view's source
/// regions to its own; everything else follows views through this trait.
def TTG_MemDescViewTrait : NativeOpTrait<"MemDescView"> {
  let cppNamespace = "::proxyfence::ttg::OpTrait";
}

class TTG_ViewOp<string mnemonic, list<Trait> traits = []>
    : TTG_Op<mnemonic, !listconcat([Pure, TTG_MemDescViewTrait], traits)> {
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

def TTG_MemDescDynamicSubsliceOp : TTG_ViewOp<"memdesc_dynamic_subslice"> {
  let summary = "View a sub-block of a buffer at run-time offsets";
  let description = [{
    The run-time counterpart of `ttg.memdesc_subslice` (TLX): one i32
    offset per dimension. The analyses treat constant offsets as
    memdesc_subslice's and anything else as the whole source.

    ```mlir
    %s = ttg.memdesc_dynamic_subslice %a[%c0_i32, %off] : !ttg.memdesc<64x64xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x32xf16, #shared, #smem, mutable, 64x64>
    ```
  }];
  let arguments = (ins TTG_MemDesc:$src, Variadic<I32>:$offsets);
  let assemblyFormat = [{
    $src `[` $offsets `]` attr-dict `:` qualified(type($src)) `->` qualified(type($result))
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
    [ProxyAsyncEffects, AttrSizedOperandSegments,
     OptionalTypesMatchWith<"mask is i1 of src's shape", "src", "mask",
                            "::proxyfence::tt::getI1SameShape($_self)">,
     OptionalTypesMatchWith<"other is the pointee of src", "src", "other",
                            "::proxyfence::tt::getPointeeType($_self)">]> {
  let summary = "cp.async (LDGSTS) or, with useBulk, cp.async.bulk from global into shared memory";
  let description = [{
    Non-bulk `cp.async` writes shared memory through the GENERIC proxy (PTX
    ISA #data-movement-and-conversion-instructions-cp-async), so it needs
    no proxy fence before generic readers, but does before async readers.
    With `useBulk` (TLX) the op is `cp.async.bulk.shared::cta.global
    .mbarrier::complete_tx::bytes` of `bulk_size` bytes from a scalar
    pointer: an ASYNC-proxy write (#async-proxy) that completes on
    `$barrier`.

    ```mlir
    %t = ttg.async_copy_global_to_local %ptrs, %buf mask %m : tensor<64x64x!tt.ptr<f16>, #blocked> -> <64x64xf16, #shared, #smem, mutable>
    %u = ttg.async_copy_global_to_local %p, %buf bulk_size %n : i32 barrier %bar : !ttg.memdesc<1xi64, #shared1, #smem, mutable> {useBulk = true} : !tt.ptr<f16> -> <4096xf16, #shared2, #smem, mutable>
    ```
  }];
  let arguments = (ins TT_PtrLike:$src, TTG_MemDesc:$result,
                       Optional<TT_BoolLike>:$mask, Optional<AnyType>:$other,
                       Optional<I32>:$bulkSize, Optional<TTG_MemDesc>:$barrier,
                       DefaultValuedAttr<TT_CacheModifierAttr,
                         "::proxyfence::tt::CacheModifier::NONE">:$cache,
                       DefaultValuedAttr<TT_EvictionPolicyAttr,
                         "::proxyfence::tt::EvictionPolicy::NORMAL">:$evict,
                       DefaultValuedAttr<BoolAttr, "false">:$isVolatile,
                       DefaultValuedAttr<BoolAttr, "false">:$useBulk,
                       DefaultValuedAttr<I32Attr, "1">:$contiguity);
  let results = (outs TTG_AsyncToken:$token);
  let assemblyFormat = [{
    $src `,` $result (`mask` $mask^)? (`other` $other^)?
    (`bulk_size` $bulkSize^ `:` type($bulkSize))?
    (`barrier` $barrier^ `:` qualified(type($barrier)))?
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
    DeclareOpInterfaceMethods<ProxyAccessOpInterface, ["isExecutionBarrier"]>,
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
    DeclareOpInterfaceMethods<ProxyAccessOpInterface, ["isExecutionBarrier"]>,
    MemoryEffects<[MemRead<PF_SharedMemory>, MemWrite<PF_SharedMemory>,
                   MemRead<PF_GlobalMemory>, MemWrite<PF_GlobalMemory>]>]> {
  let summary = "CTA-wide execution barrier over the named address spaces";
  let description = [{
    Newer Triton's spelling of the execution barrier: a list of the
    address spaces it orders (`local`, `global_read`, `global_write`,
    `tensor_read`, `tensor_write`, or `all`), or `none` for execution
    ordering only (TLX). Every form is `bar.sync`: an execution barrier.

    ```mlir
    ttg.barrier local
    ttg.barrier global_read|global_write
    ttg.barrier none
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
    and sees only its block arguments (the explicit captures). As in
    Triton, the partitions are the regions of a
    `ttg.warp_specialize.partitions` op (isolated from above) that is the
    only op of the second region; the custom form hides it.

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
  let arguments = (ins DenseI32ArrayAttr:$partitionNumWarps);
  let results = (outs Variadic<AnyType>:$defaultPassthrough);
  let regions = (region MinSizedRegion<1>:$defaultRegion,
                        SizedRegion<1>:$partitionOpHolder);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// The op holding the partitions (null only in malformed IR).
    WarpSpecializePartitionsOp getPartitionOp();
    /// The partition regions.
    ::mlir::MutableArrayRef<::mlir::Region> getPartitionRegions();
    /// The values the partitions capture (their block arguments).
    ::mlir::OperandRange getExplicitCaptures();
  }];
}

def TTG_WarpSpecializePartitionsOp : TTG_Op<"warp_specialize.partitions", [
    IsolatedFromAbove, RecursiveMemoryEffects, RecursivelySpeculatable,
    Terminator, HasParent<"WarpSpecializeOp">]> {
  let summary = "The partition regions of a ttg.warp_specialize";
  let description = [{
    Printed only in the generic form; `ttg.warp_specialize`'s custom form
    lists its regions as `partitionN(...)`.
  }];
  let arguments = (ins Variadic<AnyType>:$explicitCaptures);
  let regions = (region VariadicRegion<MinSizedRegion<1>>:$partitionRegions);
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
    Pure, Terminator, ReturnLike, HasParent<"WarpSpecializePartitionsOp">]> {
  let summary = "Terminate a partition region of ttg.warp_specialize";
  let description = [{
    ```mlir
    ttg.warp_return
    ```
  }];
  let assemblyFormat = "attr-dict";
}

//===----------------------------------------------------------------------===//
// Pipelining and warp-level utilities
//===----------------------------------------------------------------------===//

def TTG_PredicateStageOp : TTG_Op<"predicate_stage", [Pure,
    AllTypesMatch<["iv", "ub", "step"]>]> {
  let summary = "Whether pipeline stage `stage` of `maxStage` runs at this iteration";
  let description = [{
    ```mlir
    %p = ttg.predicate_stage %iv, %ub, %step maxStage 2 stage 0 : i32 -> i1
    ```
  }];
  let arguments = (ins AnySignlessIntegerOrIndex:$iv,
                       AnySignlessIntegerOrIndex:$ub,
                       AnySignlessIntegerOrIndex:$step,
                       I32Attr:$maxStage, I32Attr:$stage);
  let results = (outs I1:$result);
  let assemblyFormat = [{
    $iv `,` $ub `,` $step `maxStage` $maxStage `stage` $stage attr-dict `:` type($iv) `->` type($result)
  }];
}

def TTG_MaskOp : TTG_Op<"mask", [SingleBlock, RecursiveMemoryEffects]> {
  let summary = "Run a region only when `pred` holds (pipeliner)";
  let description = [{
    Printed in generic form, as Triton does. Its memory effects are those
    of its body.

    ```mlir
    %r = "ttg.mask"(%p) ({
      %v = arith.addi %a, %b : i32
      ttg.mask.return %v : i32
    }) : (i1) -> i32
    ```
  }];
  let arguments = (ins I1:$pred);
  let results = (outs Variadic<AnyType>:$result);
  let regions = (region SizedRegion<1>:$region);
}

def TTG_MaskReturnOp : TTG_Op<"mask.return", [Pure, HasParent<"MaskOp">,
    Terminator, ReturnLike]> {
  let summary = "Terminator of ttg.mask";
  let description = [{
    ```mlir
    ttg.mask.return %v : i32
    ```
  }];
  let arguments = (ins Variadic<AnyType>:$result);
  let assemblyFormat = "$result attr-dict `:` type($result)";
}

def TTG_WarpPredicateOp : TTG_Op<"warp_predicate", [
    RecursiveMemoryEffects, RecursivelySpeculatable]> {
  let summary = "Run a region only on the lanes where `predicate` holds (TLX)";
  let description = [{
    Lanes where the predicate is false keep `$inits`; a warp with no such
    lane skips the region. The analyses treat the region as conditional.

    ```mlir
    %r = ttg.warp_predicate %p(%x) {
      %y = arith.addi %x, %x : i32
      ttg.predicate_yield %y : i32
    } : (i1, i32) -> i32
    ```
  }];
  let arguments = (ins TT_BoolLike:$predicate, Variadic<AnyType>:$inits,
                       OptionalAttr<UnitAttr>:$wave_uniform);
  let results = (outs Variadic<AnyType>:$results);
  let regions = (region SizedRegion<1>:$region);
  let assemblyFormat = [{
    $predicate `(` $inits `)` $region attr-dict `:` functional-type(operands, results)
  }];
}

def TTG_PredicateYieldOp : TTG_Op<"predicate_yield", [Pure, Terminator,
    ReturnLike, HasParent<"WarpPredicateOp">]> {
  let summary = "Terminator of ttg.warp_predicate";
  let description = [{
    ```mlir
    ttg.predicate_yield %y : i32
    ```
  }];
  let arguments = (ins Variadic<AnyType>:$values);
  let assemblyFormat = "($values^)? attr-dict (`:` type($values)^)?";
}

def TTG_WarpIdOp : TTG_Op<"warp_id", [Pure]> {
  let summary = "The warp's index in the CTA";
  let description = [{
    `omitUniformHint` drops the `shfl.sync` that marks the value uniform.

    ```mlir
    %w = ttg.warp_id
    ```
  }];
  let arguments = (ins UnitAttr:$omitUniformHint);
  let results = (outs I32:$result);
  let assemblyFormat = "attr-dict";
}

def TTG_WarpVoteOp : TTG_Op<"warp_vote", [Pure]> {
  let summary = "Warp-wide all/any of one i1 per lane (TLX)";
  let description = [{
    ```mlir
    %any = ttg.warp_vote %p "any" : tensor<32xi1, #blocked> -> i1
    ```
  }];
  let arguments = (ins RankedTensorOf<[I1]>:$pred, StrAttr:$kind);
  let results = (outs I1:$result);
  let assemblyFormat = "$pred $kind attr-dict `:` type($pred) `->` type($result)";
}

def TTG_Clock64Op : TTG_Op<"clock64", [
    MemoryEffects<[MemRead<DefaultResource>, MemWrite<DefaultResource>]>]> {
  let summary = "Read the 64-bit cycle counter";
  let description = [{
    Has a (default-resource) effect so that it is neither hoisted nor
    removed; it touches no shared memory.

    ```mlir
    %t = ttg.clock64
    ```
  }];
  let results = (outs I64:$res);
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
