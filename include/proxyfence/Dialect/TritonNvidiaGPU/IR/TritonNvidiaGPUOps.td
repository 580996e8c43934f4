//===- TritonNvidiaGPUOps.td - ttng ops --------------------*- tablegen -*-===//
//
// TMA, mbarriers, wgmma, tcgen05, tensor memory and the proxy fence. Each op
// that touches memory states its accesses and their proxies once, in Ops.cpp,
// through ProxyAccessOpInterface.
//
//===----------------------------------------------------------------------===//

#ifndef PROXYFENCE_DIALECT_TRITONNVIDIAGPU_TRITONNVIDIAGPUOPS_TD
#define PROXYFENCE_DIALECT_TRITONNVIDIAGPU_TRITONNVIDIAGPUOPS_TD

include "mlir/IR/OpBase.td"
include "mlir/IR/EnumAttr.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/Interfaces/ControlFlowInterfaces.td"
include "mlir/Interfaces/ViewLikeInterface.td"
include "proxyfence/Interfaces/ProxyAccessOpInterface.td"
include "proxyfence/Dialect/Triton/IR/TritonAttrDefs.td"
include "proxyfence/Dialect/Triton/IR/TritonTypes.td"
include "proxyfence/Dialect/TritonGPU/IR/TritonGPUTypes.td"
include "proxyfence/Dialect/TritonNvidiaGPU/IR/TritonNvidiaGPUAttrDefs.td"
include "proxyfence/Dialect/TritonNvidiaGPU/IR/TritonNvidiaGPUTypes.td"

class TTNG_Op<string mnemonic, list<Trait> traits = []>
    : Op<TTNG_Dialect, mnemonic, traits>;

//===----------------------------------------------------------------------===//
// Fences
//===----------------------------------------------------------------------===//

def TTNG_FenceAsyncSharedOp : TTNG_Op<"fence_async_shared", [
    DeclareOpInterfaceMethods<ProxyAccessOpInterface, ["getProxyFenceScope"]>,
    MemoryEffects<[MemRead<PF_SharedMemory>, MemWrite<PF_SharedMemory>]>]> {
  let summary = "Order generic-proxy and async-proxy accesses to shared memory";
  let description = [{
    `fence.proxy.async.shared::cta`, or `::cluster` with `bCluster = true`
    (PTX ISA #parallel-synchronization-and-communication-instructions-membar).
    Executed by every thread. Its memory effects keep CSE and DCE away.

    ```mlir
    ttng.fence_async_shared {bCluster = false}
    ```
  }];
  let arguments = (ins BoolAttr:$bCluster);
  let assemblyFormat = "attr-dict";
}

def TTNG_FenceOp : TTNG_Op<"fence", [
    MemoryEffects<[MemRead<PF_GlobalMemory>, MemWrite<PF_GlobalMemory>,
                   MemRead<PF_SharedMemory>, MemWrite<PF_SharedMemory>]>]> {
  let summary = "Thread memory fence at gpu or sys scope (TLX fence)";
  let description = [{
    `fence.acq_rel.gpu` or `fence.acq_rel.sys`.

    ```mlir
    ttng.fence {scope = "gpu"}
    ```
  }];
  let arguments = (ins StrAttr:$scope);
  let assemblyFormat = "attr-dict";
  let hasVerifier = 1;
}

def TTNG_FenceMBarrierInitOp : TTNG_Op<"fence_mbarrier_init_release_cluster", [
    MemoryEffects<[MemRead<PF_SharedMemory>, MemWrite<PF_SharedMemory>]>]> {
  let summary = "Make mbarrier.init visible to the cluster and async proxy";
  let description = [{
    `fence.mbarrier_init.release.cluster`.

    ```mlir
    ttng.fence_mbarrier_init_release_cluster
    ```
  }];
  let assemblyFormat = "attr-dict";
}

//===----------------------------------------------------------------------===//
// mbarriers
//===----------------------------------------------------------------------===//

def TTNG_InitBarrierOp : TTNG_Op<"init_barrier", [ProxyEffects]> {
  let summary = "mbarrier.init with an expected arrival count";
  let description = [{
    ```mlir
    ttng.init_barrier %bar, 1 : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    ```
  }];
  let arguments = (ins TTG_MemDesc:$alloc, I32Attr:$count);
  let assemblyFormat = "$alloc `,` $count attr-dict `:` qualified(type($alloc))";
  let hasVerifier = 1;
}

def TTNG_InvalBarrierOp : TTNG_Op<"inval_barrier", [ProxyEffects]> {
  let summary = "mbarrier.inval";
  let description = [{
    ```mlir
    ttng.inval_barrier %bar : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    ```
  }];
  let arguments = (ins TTG_MemDesc:$alloc);
  let assemblyFormat = "$alloc attr-dict `:` qualified(type($alloc))";
  let hasVerifier = 1;
}

def TTNG_BarrierExpectOp : TTNG_Op<"barrier_expect", [ProxyEffects]> {
  let summary = "mbarrier.arrive.expect_tx of `size` bytes, when `pred`";
  let description = [{
    ```mlir
    ttng.barrier_expect %bar, 32768, %pred : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    ```
  }];
  let arguments = (ins TTG_MemDesc:$alloc, I32Attr:$size, I1:$pred);
  let assemblyFormat = [{
    $alloc `,` $size attr-dict `,` $pred `:` qualified(type($alloc))
  }];
  let hasVerifier = 1;
}

def TTNG_WaitBarrierOp : TTNG_Op<"wait_barrier", [ProxyCompletionEffects,
    AttrSizedOperandSegments]> {
  let summary = "Wait for an mbarrier phase to complete";
  let description = [{
    Completion of the phase makes the async writes it tracks (TMA loads,
    tcgen05 commits) visible to the generic proxy: no fence is needed
    after it (PTX ISA #async-proxy). `deps` names buffers whose readiness
    the wait guards.

    ```mlir
    ttng.wait_barrier %bar, %phase : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    ttng.wait_barrier %bar, %phase, %pred deps %a : !ttg.memdesc<1xi64, #shared1, #smem, mutable>, !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
    ```
  }];
  let arguments = (ins TTG_MemDesc:$alloc, I32:$phase, Optional<I1>:$pred,
                       Variadic<TTG_MemDesc>:$deps);
  let assemblyFormat = [{
    $alloc `,` $phase (`,` $pred^)? (`deps` $deps^)? attr-dict `:`
    qualified(type($alloc)) (`,` type($deps)^)?
  }];
  let hasVerifier = 1;
}

def TTNG_ArriveBarrierOp : TTNG_Op<"arrive_barrier", [ProxyEffects]> {
  let summary = "mbarrier.arrive with a count";
  let description = [{
    ```mlir
    ttng.arrive_barrier %bar, 1 : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    ```
  }];
  let arguments = (ins TTG_MemDesc:$alloc, I32Attr:$count, Optional<I1>:$pred);
  let assemblyFormat = [{
    $alloc `,` $count (`,` $pred^)? attr-dict `:` qualified(type($alloc))
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// TMA
//===----------------------------------------------------------------------===//

def TTNG_AsyncTMACopyGlobalToLocalOp
    : TTNG_Op<"async_tma_copy_global_to_local", [ProxyAsyncEffects,
      AttrSizedOperandSegments]> {
  let summary = "TMA load: global tile into shared memory (async proxy write)";
  let description = [{
    `cp.async.bulk.tensor.*.shared::cluster.global.mbarrier`. Completion is
    signalled on `$barrier`. With `multicast` (upstream) or a
    `$multicastTargets` CTA mask (TLX), the tile lands in the shared
    memory of several CTAs of the cluster, so ordering it needs a cluster
    scope fence.

    ```mlir
    ttng.async_tma_copy_global_to_local %desc[%i, %j] %buf, %bar, %pred : !tt.tensordesc<tensor<128x64xf16, #shared>>, !ttg.memdesc<1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
    ttng.async_tma_copy_global_to_local %im2col[%c, %w, %h, %n] offsets = [%ow, %oh] %buf, %bar, %pred : !ttng.tensordesc_im2col<tensor<128x64xf16, #shared>>, !ttg.memdesc<1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
    ```

    An im2col descriptor (`!ttng.tensordesc_im2col`) takes the filter
    offsets (`offsets = [...]`, i16) after the coordinates. TLX's
    `tensorMode = <mode>` clause is kept as written (a keyword).
  }];
  let arguments = (ins AnyTypeOf<[TT_TensorDesc, TTNG_TensorDescIm2Col]>:$desc,
                       Variadic<I32>:$coord, Variadic<I16>:$offsets,
                       TTG_MemDesc:$result, TTG_MemDesc:$barrier, I1:$pred,
                       Optional<I32>:$multicastTargets,
                       DefaultValuedAttr<TT_CacheModifierAttr,
                         "::proxyfence::tt::CacheModifier::NONE">:$cache,
                       DefaultValuedAttr<TT_EvictionPolicyAttr,
                         "::proxyfence::tt::EvictionPolicy::NORMAL">:$evict,
                       DefaultValuedAttr<BoolAttr, "false">:$isVolatile,
                       UnitAttr:$multicast,
                       OptionalAttr<StrAttr>:$tensorMode);
  let assemblyFormat = [{
    $desc `[` $coord `]` (`offsets` `=` `[` $offsets^ `]`)? $result `,`
    $barrier `,` $pred (`,` $multicastTargets^)?
    oilist(`cacheModifier` `=` $cache | `evictionPolicy` `=` $evict |
           `tensorMode` `=` custom<ModeKeyword>($tensorMode))
    attr-dict `:`
    qualified(type($desc)) `,` qualified(type($barrier)) `->` qualified(type($result))
  }];
  let hasVerifier = 1;
}

def TTNG_AsyncTMACopyLocalToGlobalOp
    : TTNG_Op<"async_tma_copy_local_to_global", [ProxyAsyncEffects]> {
  let summary = "TMA store: shared-memory tile to global (async proxy read)";
  let description = [{
    `cp.async.bulk.tensor.*.global.shared::cta.bulk_group`. Generic writes
    of `$src` must be fenced before it; writes after it must wait for
    `ttng.async_tma_store_wait`.

    With a `!ttg.async.token` result (TLX), the store is waited for by
    `ttng.async_tma_store_token_wait` on that token.

    ```mlir
    ttng.async_tma_copy_local_to_global %desc[%i, %j] %buf : !tt.tensordesc<tensor<128x128xf16, #shared>>, !ttg.memdesc<128x128xf16, #shared, #smem>
    %tok = ttng.async_tma_copy_local_to_global %desc[%i, %j] %buf : !tt.tensordesc<tensor<128x128xf16, #shared>>, !ttg.memdesc<128x128xf16, #shared, #smem> -> !ttg.async.token
    ```
  }];
  let arguments = (ins TT_TensorDesc:$desc, Variadic<I32>:$coord,
                       TTG_MemDesc:$src,
                       DefaultValuedAttr<TT_EvictionPolicyAttr,
                         "::proxyfence::tt::EvictionPolicy::NORMAL">:$evict);
  let results = (outs Optional<TTG_AsyncToken>:$token);
  let assemblyFormat = [{
    $desc `[` $coord `]` $src oilist(`evictionPolicy` `=` $evict) attr-dict
    `:` qualified(type($desc)) `,` qualified(type($src))
    (`->` type($token)^)?
  }];
  let hasVerifier = 1;
}

def TTNG_AsyncTMAReduceOp : TTNG_Op<"async_tma_reduce", [ProxyAsyncEffects]> {
  let summary = "TMA reduction of a shared-memory tile into global memory";
  let description = [{
    `cp.reduce.async.bulk.tensor`: an async-proxy read of `$src`.

    ```mlir
    ttng.async_tma_reduce add, %desc[%i, %j] %buf : !tt.tensordesc<tensor<64x64xf32, #shared>>, !ttg.memdesc<64x64xf32, #shared, #smem, mutable>
    ```
  }];
  let arguments = (ins TT_DescriptorReduceKindAttr:$kind, TT_TensorDesc:$desc,
                       Variadic<I32>:$coord, TTG_MemDesc:$src);
  let results = (outs Optional<TTG_AsyncToken>:$token);
  let assemblyFormat = [{
    $kind `,` $desc `[` $coord `]` $src attr-dict `:` qualified(type($desc))
    `,` qualified(type($src)) (`->` type($token)^)?
  }];
  let hasVerifier = 1;
}

def TTNG_AsyncTMAGatherOp : TTNG_Op<"async_tma_gather", [ProxyAsyncEffects]> {
  let summary = "TMA gather of rows into shared memory (async proxy write)";
  let description = [{
    ```mlir
    ttng.async_tma_gather %desc[%rows, %col] %buf, %bar, %pred : !tt.tensordesc<tensor<1x128xbf16, #shared>>, tensor<32xi32, #blocked>, i32, !ttg.memdesc<1xi64, #shared1, #smem, mutable>, !ttg.memdesc<32x128xbf16, #shared, #smem, mutable>, i1
    ```
  }];
  let arguments = (ins TT_TensorDesc:$desc, RankedTensorOf<[I32]>:$x_offsets,
                       I32:$y_offset, TTG_MemDesc:$barrier,
                       TTG_MemDesc:$result, I1:$pred);
  let assemblyFormat = [{
    $desc `[` $x_offsets `,` $y_offset `]` $result `,` $barrier `,` $pred
    attr-dict `:` type(operands)
  }];
}

def TTNG_AsyncTMAScatterOp : TTNG_Op<"async_tma_scatter", [ProxyAsyncEffects]> {
  let summary = "TMA scatter of shared-memory rows (async proxy read)";
  let description = [{
    ```mlir
    ttng.async_tma_scatter %desc[%rows, %col] %buf : !tt.tensordesc<tensor<1x128xbf16, #shared>>, tensor<32xi32, #blocked>, i32, !ttg.memdesc<32x128xbf16, #shared, #smem, mutable>
    ```
  }];
  let arguments = (ins TT_TensorDesc:$desc, RankedTensorOf<[I32]>:$x_offsets,
                       I32:$y_offset, TTG_MemDesc:$src);
  let assemblyFormat = [{
    $desc `[` $x_offsets `,` $y_offset `]` $src attr-dict `:` type(operands)
  }];
}

def TTNG_TMAStoreWaitOp : TTNG_Op<"async_tma_store_wait", [
    DeclareOpInterfaceMethods<ProxyAccessOpInterface, ["getCompletionKind"]>,
    MemoryEffects<[MemRead<PF_SharedMemory>, MemWrite<PF_SharedMemory>]>]> {
  let summary = "Wait until at most `pendings` TMA stores still read SMEM";
  let description = [{
    `cp.async.bulk.wait_group.read N`: after it the source buffers of all
    but the newest N bulk groups may be overwritten.

    ```mlir
    ttng.async_tma_store_wait {pendings = 0 : i32}
    ```
  }];
  let arguments = (ins I32Attr:$pendings);
  let assemblyFormat = "attr-dict";
}

def TTNG_TensormapCreateOp : TTNG_Op<"tensormap_create", [
    AttrSizedOperandSegments,
    DeclareOpInterfaceMethods<ProxyAccessOpInterface,
      ["getSharedScratchSize", "getSharedScratchAlignment"]>,
    ProxyDerivedEffects, MemoryEffectsOpInterface]> {
  let summary = "Write a TMA descriptor (tensormap) to global memory";
  let description = [{
    Lowered as Triton 3.6 lowers it: the fields of the 128-byte tensormap
    are written with `st.shared` into a 128-byte, 128-aligned shared-memory
    scratch of the op (generic-proxy writes; shared-memory allocation
    places the scratch at the op's `allocation.offset`), then
    `tensormap.cp_fenceproxy.global.shared::cta.tensormap::generic.release.gpu`
    copies it to `$desc_ptr` (PTX ISA #tensormap-cp-fenceproxy). A TMA that
    uses the descriptor needs the `fence.proxy.tensormap::generic` acquire
    first (`ttng.tensormap_fenceproxy_acquire`).

    ```mlir
    ttng.tensormap_create %desc_ptr, %global_address, [%box0, %box1], [%dim0, %dim1], [%stride0], [%estride0, %estride1] {elem_type = 1 : i32, fill_mode = 0 : i32, interleave_layout = 0 : i32, swizzle_mode = 3 : i32} : (!tt.ptr<i8>, !tt.ptr<f16>, i32, i32, i32, i32, i64, i32, i32) -> ()
    ```
  }];
  let arguments = (ins TT_Ptr:$desc_ptr, TT_Ptr:$global_address,
                       Variadic<I32>:$box_dim, Variadic<I32>:$global_dim,
                       Variadic<I64>:$global_stride,
                       Variadic<I32>:$element_stride,
                       I32Attr:$elem_type, I32Attr:$interleave_layout,
                       I32Attr:$swizzle_mode, I32Attr:$fill_mode);
  let assemblyFormat = [{
    $desc_ptr `,` $global_address `,` `[` $box_dim `]` `,` `[` $global_dim `]`
    `,` `[` $global_stride `]` `,` `[` $element_stride `]` attr-dict `:`
    functional-type(operands, results)
  }];
}

def TTNG_TensormapFenceproxyAcquireOp
    : TTNG_Op<"tensormap_fenceproxy_acquire", [
    MemoryEffects<[MemRead<PF_GlobalMemory>, MemWrite<PF_GlobalMemory>]>]> {
  let summary = "Acquire a tensormap written by the generic proxy";
  let description = [{
    `fence.proxy.tensormap::generic.acquire.gpu [addr], 128`.

    ```mlir
    ttng.tensormap_fenceproxy_acquire %desc_ptr : !tt.ptr<i8>
    ```
  }];
  let arguments = (ins TT_Ptr:$desc_ptr);
  let assemblyFormat = "$desc_ptr attr-dict `:` qualified(type($desc_ptr))";
}

//===----------------------------------------------------------------------===//
// Warpgroup MMA (wgmma)
//===----------------------------------------------------------------------===//

def TTNG_WarpGroupDotOp : TTNG_Op<"warp_group_dot", [ProxyAsyncEffects,
    AllTypesMatch<["c", "d"]>]> {
  let summary = "wgmma.mma_async: shared-memory operands are async reads";
  let description = [{
    `$a` is a memdesc or a register tensor, `$b` a memdesc; memdesc
    operands are read by the async proxy (PTX ISA
    #asynchronous-warpgroup-level-matrix-async-proxy).

    ```mlir
    %d = ttng.warp_group_dot %a, %b, %c {inputPrecision = 0 : i32, isAsync = true} : !ttg.memdesc<128x64xf16, #shared, #smem> * !ttg.memdesc<64x128xf16, #shared, #smem> -> tensor<128x128xf32, #mma>
    ```
  }];
  let arguments = (ins AnyTypeOf<[AnyRankedTensor, TTG_MemDesc]>:$a,
                       TTG_MemDesc:$b, AnyRankedTensor:$c,
                       Optional<I1>:$useC,
                       DefaultValuedAttr<TT_InputPrecisionAttr,
                         "::proxyfence::tt::InputPrecision::IEEE">:$inputPrecision,
                       DefaultValuedAttr<I32Attr, "0">:$maxNumImpreciseAcc,
                       DefaultValuedAttr<BoolAttr, "false">:$isAsync);
  let results = (outs AnyRankedTensor:$d);
  let assemblyFormat = [{
    $a `,` $b `,` $c (`,` $useC^)? attr-dict `:` type($a) `*`
    qualified(type($b)) `->` type($d)
  }];
}

def TTNG_WarpGroupDotWaitOp : TTNG_Op<"warp_group_dot_wait", [
    DeclareOpInterfaceMethods<ProxyAccessOpInterface, ["getCompletionKind"]>,
    MemoryEffects<[MemRead<PF_SharedMemory>, MemWrite<PF_SharedMemory>]>,
    AllTypesMatch<["inputs", "outputs"]>]> {
  let summary = "wgmma.wait_group: at most `pendings` wgmma groups in flight";
  let description = [{
    Returns its inputs unchanged once the older groups finished reading
    their shared-memory operands.

    ```mlir
    %r:3 = ttng.warp_group_dot_wait %d, %a, %b {pendings = 1 : i32} : tensor<128x128xf32, #mma>, !ttg.memdesc<128x64xf16, #shared, #smem, mutable>, !ttg.memdesc<64x128xf16, #shared, #smem, mutable>
    ```
  }];
  let arguments = (ins Variadic<AnyType>:$inputs, I32Attr:$pendings);
  let results = (outs Variadic<AnyType>:$outputs);
  let assemblyFormat = "$inputs attr-dict `:` type($inputs)";
}

//===----------------------------------------------------------------------===//
// tcgen05 (sm_100)
//===----------------------------------------------------------------------===//

def TTNG_TCGen5MMAOp : TTNG_Op<"tc_gen5_mma", [ProxyAsyncEffects,
    AttrSizedOperandSegments]> {
  let summary = "tcgen05.mma: D (TMEM) += A * B, A/B read by the async proxy";
  let description = [{
    `$a` lives in shared or tensor memory, `$b` in shared memory, `$d` in
    tensor memory. Completion is tracked by the optional `$barriers`
    (each with a predicate in brackets). With `two_ctas` the MMA reads the
    operands of a CTA pair, so fences before it need cluster scope.

    ```mlir
    ttng.tc_gen5_mma %a, %b, %acc, %useD, %pred, %bar[%true] {is_async} : !ttg.memdesc<128x64xf16, #shared, #smem, mutable>, !ttg.memdesc<64x128xf16, #shared, #smem, mutable>, !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>, !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    ```
  }];
  let arguments = (ins TTG_MemDesc:$a, TTG_MemDesc:$b, TTG_MemDesc:$d,
                       Optional<TTG_AsyncToken>:$acc_dep,
                       I1:$useD, I1:$pred,
                       Variadic<TTG_MemDesc>:$barriers,
                       Variadic<I1>:$barrier_preds,
                       UnitAttr:$is_async, UnitAttr:$two_ctas);
  let results = (outs Optional<TTG_AsyncToken>:$token);
  let assemblyFormat = [{
    $a `,` $b `,` $d `` custom<Token>($acc_dep, type($token)) `,` $useD `,` $pred
    `` custom<BarriersAndPreds>($barriers, $barrier_preds) attr-dict `:`
    qualified(type($a)) `,` qualified(type($b)) `,` qualified(type($d))
    (`,` qualified(type($barriers))^)?
  }];
  let hasVerifier = 1;
}

def TTNG_TCGen5MMAScaledOp : TTNG_Op<"tc_gen5_mma_scaled", [ProxyAsyncEffects,
    AttrSizedOperandSegments]> {
  let summary = "tcgen05.mma with block scales (mxfp/nvfp)";
  let description = [{
    Like `ttng.tc_gen5_mma`, with `$a_scale` and `$b_scale` in tensor (or
    shared) memory and the element kinds of A and B.

    ```mlir
    ttng.tc_gen5_mma_scaled %a, %b, %acc, %sa, %sb, %useD, %pred lhs = e4m3 rhs = e4m3, %bar[%true] {is_async} : !ttg.memdesc<128x64xf8E4M3FN, #shared, #smem>, !ttg.memdesc<64x128xf8E4M3FN, #shared, #smem>, !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>, !ttg.memdesc<128x2xi8, #tmem_scales, #ttng.tensor_memory>, !ttg.memdesc<128x2xi8, #tmem_scales, #ttng.tensor_memory>, !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    ```
  }];
  let arguments = (ins TTG_MemDesc:$a, TTG_MemDesc:$b, TTG_MemDesc:$d,
                       Optional<TTG_AsyncToken>:$acc_dep,
                       TTG_MemDesc:$a_scale, TTG_MemDesc:$b_scale,
                       I1:$useD, I1:$pred,
                       TT_ScaleDotElemTypeAttr:$a_type,
                       TT_ScaleDotElemTypeAttr:$b_type,
                       Variadic<TTG_MemDesc>:$barriers,
                       Variadic<I1>:$barrier_preds,
                       UnitAttr:$is_async, UnitAttr:$two_ctas);
  let results = (outs Optional<TTG_AsyncToken>:$token);
  let assemblyFormat = [{
    $a `,` $b `,` $d `` custom<Token>($acc_dep, type($token)) `,` $a_scale `,`
    $b_scale `,` $useD `,` $pred
    `lhs` `=` $a_type `rhs` `=` $b_type
    `` custom<BarriersAndPreds>($barriers, $barrier_preds) attr-dict `:`
    qualified(type($a)) `,` qualified(type($b)) `,` qualified(type($d)) `,`
    qualified(type($a_scale)) `,` qualified(type($b_scale))
    (`,` qualified(type($barriers))^)?
  }];
  let hasVerifier = 1;
}

def TTNG_TCGen5CommitOp : TTNG_Op<"tc_gen5_commit", [ProxyEffects,
    AttrSizedOperandSegments]> {
  let summary = "tcgen05.commit: arrive on `$barrier` when prior MMAs finish";
  let description = [{
    ```mlir
    ttng.tc_gen5_commit %bar : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    ```
  }];
  let arguments = (ins TTG_MemDesc:$barrier, Optional<I1>:$pred,
                       Variadic<TTG_MemDesc>:$descs, UnitAttr:$two_ctas);
  let assemblyFormat = [{
    $barrier (`,` $pred^)? (`descs` $descs^)? attr-dict `:`
    qualified(type($barrier)) (`,` qualified(type($descs))^)?
  }];
}

def TTNG_TMEMAllocOp : TTNG_Op<"tmem_alloc", [ProxyEffects]> {
  let summary = "Allocate tensor memory, optionally initialised from registers";
  let description = [{
    ```mlir
    %acc = ttng.tmem_alloc : () -> !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>
    ```
  }];
  let arguments = (ins Optional<AnyRankedTensor>:$src);
  let results = (outs TTG_MemDesc:$result, Optional<TTG_AsyncToken>:$token);
  let assemblyFormat = [{
    ($src^)? attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def TTNG_TMEMLoadOp : TTNG_Op<"tmem_load", [ProxyEffects,
    AttrSizedResultSegments]> {
  let summary = "tcgen05.ld: tensor memory to registers";
  let description = [{
    With `redOp` (`tcgen05.ld.red`), the load also reduces each row (min
    or max, of absolute values with `abs`, NaN-propagating with `NaN`)
    into the `$red` result.

    ```mlir
    %v = ttng.tmem_load %acc : !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable> -> tensor<128x128xf32, #linear>
    %w, %m = ttng.tmem_load %acc {redOp = #ttng.redOp<max>, abs = true} : !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable> -> tensor<128x128xf32, #linear>, tensor<128xf32, #ttg.slice<{dim = 1, parent = #linear}>>
    ```
  }];
  let arguments = (ins TTG_MemDesc:$src, Optional<TTG_AsyncToken>:$dep,
                       OptionalAttr<TTNG_TMEMLoadReduceModifierAttr>:$redOp,
                       OptionalAttr<BoolAttr>:$abs,
                       OptionalAttr<BoolAttr>:$NaN);
  let results = (outs AnyRankedTensor:$result, Optional<TTG_AsyncToken>:$token,
                      Optional<AnyRankedTensor>:$red);
  let assemblyFormat = [{
    $src `` custom<Token>($dep, type($token)) attr-dict `:`
    qualified(type($src)) `->` type($result) (`,` type($red)^)?
  }];
  let hasVerifier = 1;
}

def TTNG_TMEMStoreOp : TTNG_Op<"tmem_store", [ProxyEffects]> {
  let summary = "tcgen05.st: registers to tensor memory, when `pred`";
  let description = [{
    ```mlir
    ttng.tmem_store %v, %acc, %true : tensor<128x128xf32, #linear> -> !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>
    ```
  }];
  let arguments = (ins TTG_MemDesc:$dst, Optional<TTG_AsyncToken>:$dep,
                       AnyRankedTensor:$src, I1:$pred);
  let results = (outs Optional<TTG_AsyncToken>:$token);
  let assemblyFormat = [{
    $src `,` $dst `` custom<Token>($dep, type($token)) `,` $pred attr-dict `:`
    type($src) `->` qualified(type($dst))
  }];
  let hasVerifier = 1;
}

def TTNG_TMEMCopyOp : TTNG_Op<"tmem_copy", [ProxyAsyncEffects]> {
  let summary = "tcgen05.cp: shared memory to tensor memory (async read)";
  let description = [{
    ```mlir
    ttng.tmem_copy %src, %dst : !ttg.memdesc<128x4xi8, #shared1, #smem, mutable>, !ttg.memdesc<128x4xi8, #tmem_scales, #ttng.tensor_memory, mutable>
    ```
  }];
  let arguments = (ins TTG_MemDesc:$src, TTG_MemDesc:$dst,
                       Optional<TTG_MemDesc>:$barrier, UnitAttr:$two_ctas);
  let assemblyFormat = [{
    $src `,` $dst (`,` $barrier^)? attr-dict `:` qualified(type(operands))
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Cluster launch control (sm_100)
//===----------------------------------------------------------------------===//

def TTNG_AsyncCLCTryCancelOp : TTNG_Op<"async_clc_try_cancel", [ProxyAsyncEffects]> {
  let summary = "clusterlaunchcontrol.try_cancel: async write of a response";
  let description = [{
    Writes a 16-byte response into `$result` through the async proxy and
    signals `$mbarrier`. With `multicast` the response reaches every CTA of
    the cluster (cluster-scope fence).

    ```mlir
    ttng.async_clc_try_cancel %bar, %resp : !ttg.memdesc<1xi64, #shared1, #smem, mutable>, !ttg.memdesc<2xi64, #shared1, #smem, mutable>
    ```
  }];
  let arguments = (ins TTG_MemDesc:$mbarrier, TTG_MemDesc:$result,
                       UnitAttr:$multicast);
  let assemblyFormat = [{
    $mbarrier `,` $result attr-dict `:` qualified(type($mbarrier)) `,`
    qualified(type($result))
  }];
}

def TTNG_CLCQueryCancelOp : TTNG_Op<"clc_query_cancel", [ProxyEffects]> {
  let summary = "clusterlaunchcontrol.query_cancel: read a try_cancel response";
  let description = [{
    A generic read of the response buffer, after its mbarrier completed.

    ```mlir
    %id = ttng.clc_query_cancel %resp : (!ttg.memdesc<2xi64, #shared1, #smem, mutable>) -> i32
    ```
  }];
  let arguments = (ins TTG_MemDesc:$src);
  let results = (outs I32:$ctaId);
  let assemblyFormat = "$src attr-dict `:` functional-type(operands, $ctaId)";
}

def TTNG_CLCTryCancelOp : TTNG_Op<"clc_try_cancel", [ProxyAsyncEffects]> {
  let summary = "clusterlaunchcontrol.try_cancel (newer upstream spelling)";
  let description = [{
    Same access as `ttng.async_clc_try_cancel`, operands in upstream order.

    ```mlir
    ttng.clc_try_cancel %resp, %bar : !ttg.memdesc<1xui128, #shared1, #smem, mutable>, !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    ```
  }];
  let arguments = (ins TTG_MemDesc:$result, TTG_MemDesc:$mbarrier,
                       UnitAttr:$multicast);
  let assemblyFormat = [{
    $result `,` $mbarrier attr-dict `:` qualified(type($result)) `,`
    qualified(type($mbarrier))
  }];
}

//===----------------------------------------------------------------------===//
// Execution barriers: named barriers and the cluster barrier
//===----------------------------------------------------------------------===//

class TTNG_ExecutionBarrierOp<string mnemonic, list<Trait> traits = []>
    : TTNG_Op<mnemonic, !listconcat([
        DeclareOpInterfaceMethods<ProxyAccessOpInterface,
                                  ["getExecutionBarrierScope"]>,
        MemoryEffects<[MemRead<PF_SharedMemory>, MemWrite<PF_SharedMemory>]>],
        traits)>;

def TTNG_NamedBarrierArriveOp : TTNG_ExecutionBarrierOp<"arrive_barrier_named"> {
  let summary = "bar.arrive on named barrier `$bar` for `$numThreads` threads";
  let description = [{
    The producer side of a named execution barrier (PTX ISA
    #parallel-synchronization-and-communication-instructions-bar): the
    arriving threads do not wait. Like `ttg.local_barrier`, it orders the
    shared-memory accesses of the threads it synchronizes; a proxy fence
    for their generic writes goes before it.

    ```mlir
    ttng.arrive_barrier_named %id, %n : i32, i32
    ```
  }];
  let arguments = (ins AnyType:$bar, I32:$numThreads);
  let assemblyFormat = "$bar `,` $numThreads attr-dict `:` type(operands)";
}

def TTNG_NamedBarrierWaitOp : TTNG_ExecutionBarrierOp<"wait_barrier_named"> {
  let summary = "bar.sync on named barrier `$bar` for `$numThreads` threads";
  let description = [{
    `bar.sync id, count`: waits until `$numThreads` threads arrived
    (PTX ISA #parallel-synchronization-and-communication-instructions-bar).

    ```mlir
    ttng.wait_barrier_named %id, %n : i32, i32
    ```
  }];
  let arguments = (ins AnyType:$bar, I32:$numThreads);
  let assemblyFormat = "$bar `,` $numThreads attr-dict `:` type(operands)";
}

def TTNG_ClusterArriveOp : TTNG_ExecutionBarrierOp<"cluster_arrive"> {
  let summary = "barrier.cluster.arrive (.relaxed with `relaxed = true`)";
  let description = [{
    Synchronizes with `barrier.cluster.wait` in every CTA of the cluster
    (PTX ISA #parallel-synchronization-and-communication-instructions-barrier-cluster).
    The release form publishes the thread's earlier accesses; a cluster
    fence for generic writes that other CTAs' async ops read goes before
    it (docs/proxy-model.md, Scope).

    ```mlir
    ttng.cluster_arrive {relaxed = false}
    ```
  }];
  let arguments = (ins OptionalAttr<BoolAttr>:$relaxed);
  let assemblyFormat = "attr-dict";
}

def TTNG_ClusterWaitOp : TTNG_ExecutionBarrierOp<"cluster_wait"> {
  let summary = "barrier.cluster.wait";
  let description = [{
    ```mlir
    ttng.cluster_wait
    ```
  }];
  let assemblyFormat = "attr-dict";
}

def TTNG_ClusterBarrierOp : TTNG_ExecutionBarrierOp<"cluster_barrier"> {
  let summary = "barrier.cluster.arrive then barrier.cluster.wait";
  let description = [{
    A full cluster-wide execution barrier: every warp of every CTA of the
    cluster.

    ```mlir
    ttng.cluster_barrier
    ```
  }];
  let arguments = (ins OptionalAttr<BoolAttr>:$relaxed);
  let assemblyFormat = "attr-dict";
}

def TTNG_ClusterSize1DOp : TTNG_Op<"cluster_size_1d", [Pure]> {
  let summary = "Number of CTAs in the cluster (%cluster_nctarank)";
  let description = [{
    ```mlir
    %n = ttng.cluster_size_1d
    ```
  }];
  let results = (outs I32:$result);
  let assemblyFormat = "attr-dict";
}

def TTNG_VoteBallotSyncOp : TTNG_Op<"vote_ballot_sync", [Pure]> {
  let summary = "vote.sync.ballot.b32 over the lanes in `$mask`";
  let description = [{
    A warp-level vote on registers; no memory access.

    ```mlir
    %b = ttng.vote_ballot_sync %mask, %p : i1 -> i32
    ```
  }];
  let arguments = (ins I32:$mask, AnyTypeOf<[I1, RankedTensorOf<[I1]>]>:$pred);
  let results = (outs AnyTypeOf<[I32, RankedTensorOf<[I32]>]>:$result);
  let assemblyFormat = "$mask `,` $pred attr-dict `:` type($pred) `->` type($result)";
}

//===----------------------------------------------------------------------===//
// Views: distributed shared memory, tensor-memory slices
//===----------------------------------------------------------------------===//

def TTNG_MapToRemoteBufferOp : TTNG_Op<"map_to_remote_buffer", [Pure,
    DeclareOpInterfaceMethods<ViewLikeOpInterface>]> {
  let summary = "The same buffer in CTA `$ctaRank` of the cluster (mapa)";
  let description = [{
    `mapa.shared::cluster`: a view of `$src` at the same offset in the
    shared memory of another CTA of the cluster (distributed shared memory,
    PTX ISA #distributed-shared-memory). The result lives in
    `#ttng.shared_cluster_memory`; accesses through it reach another CTA,
    so async accesses through it need a cluster-scope fence
    (docs/proxy-model.md).

    ```mlir
    %r = ttng.map_to_remote_buffer %bar, %rank : !ttg.memdesc<1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<1xi64, #shared1, #ttng.shared_cluster_memory, mutable>
    ```
  }];
  let arguments = (ins TTG_MemDesc:$src, I32:$ctaRank);
  let results = (outs TTG_MemDesc:$result);
  let assemblyFormat = [{
    $src `,` $ctaRank attr-dict `:` qualified(type($src)) `->` qualified(type($result))
  }];
  let hasVerifier = 1;
}

def TTNG_TMEMSubSliceOp : TTNG_Op<"tmem_subslice", [Pure,
    DeclareOpInterfaceMethods<ViewLikeOpInterface>]> {
  let summary = "A slice of a tensor-memory buffer along its columns (N)";
  let description = [{
    A view of `$src` starting at column `N` (TLX spells the column
    `offset`); no access of its own.

    ```mlir
    %s = ttng.tmem_subslice %acc {N = 64 : i32} : !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable> -> !ttg.memdesc<128x64xf32, #tmem, #ttng.tensor_memory, mutable, 128x128>
    ```
  }];
  let arguments = (ins TTG_MemDesc:$src, OptionalAttr<I32Attr>:$N);
  let results = (outs TTG_MemDesc:$result);
  let assemblyFormat = [{
    $src attr-dict `:` qualified(type($src)) `->` qualified(type($result))
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// More async copies: bulk (non-tensor) copies, st.async, TMA prefetch
//===----------------------------------------------------------------------===//

def TTNG_AsyncCopyMbarrierArriveOp : TTNG_Op<"async_copy_mbarrier_arrive", [
    ProxyEffects]> {
  let summary = "cp.async.mbarrier.arrive: arrive once the thread's cp.async land";
  let description = [{
    `cp.async.mbarrier.arrive(.noinc).shared::cta.b64` (PTX ISA
    #data-movement-and-conversion-instructions-cp-async-mbarrier-arrive):
    an mbarrier instruction of the thread on `$barrier` that makes the
    barrier track the completion of the thread's earlier non-bulk
    `cp.async` (generic-proxy writes); a wait on the barrier then
    completes them.

    ```mlir
    ttng.async_copy_mbarrier_arrive %bar {noIncrement} : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    ```
  }];
  let arguments = (ins TTG_MemDesc:$barrier, UnitAttr:$noIncrement);
  let assemblyFormat = "$barrier attr-dict `:` qualified(type($barrier))";
}

def TTNG_AsyncBulkCopyGlobalToLocalOp
    : TTNG_Op<"async_bulk_copy_global_to_local", [ProxyAsyncEffects]> {
  let summary = "cp.async.bulk.shared::cta.global: `$size` bytes into `$dst`";
  let description = [{
    A 1-D bulk copy (no tensor map) written by the async proxy, completed
    on `$barrier` (PTX ISA #data-movement-and-conversion-instructions-cp-async-bulk).

    ```mlir
    ttng.async_bulk_copy_global_to_local %ptr, %buf, %n, %bar, %p : !tt.ptr<i8>, !ttg.memdesc<1024xi8, #shared1, #smem, mutable>, !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    ```
  }];
  let arguments = (ins TT_Ptr:$src, TTG_MemDesc:$dst, I32:$size,
                       TTG_MemDesc:$barrier, I1:$pred);
  let assemblyFormat = [{
    $src `,` $dst `,` $size `,` $barrier `,` $pred attr-dict `:`
    qualified(type($src)) `,` qualified(type($dst)) `,` qualified(type($barrier))
  }];
}

def TTNG_AsyncBulkCopyLocalToGlobalOp
    : TTNG_Op<"async_bulk_copy_local_to_global", [ProxyAsyncEffects]> {
  let summary = "cp.async.bulk.global.shared::cta.bulk_group: `$size` bytes of `$src`";
  let description = [{
    A 1-D bulk store read by the async proxy; completed by
    `cp.async.bulk.wait_group.read` (`ttng.async_tma_store_wait`).

    ```mlir
    ttng.async_bulk_copy_local_to_global %buf, %ptr, %n, %p : !ttg.memdesc<1024xi8, #shared1, #smem>, !tt.ptr<i8>
    ```
  }];
  let arguments = (ins TTG_MemDesc:$src, TT_Ptr:$dst, I32:$size, I1:$pred);
  let assemblyFormat = [{
    $src `,` $dst `,` $size `,` $pred attr-dict `:` qualified(type($src)) `,`
    qualified(type($dst))
  }];
}

def TTNG_AsyncStoreOp : TTNG_Op<"async_store", [ProxyAsyncEffects]> {
  let summary = "cp.async.bulk.global.shared::cta.bulk_group of `$size` bytes (TLX)";
  let description = [{
    A non-tensor bulk store of `$src` to `$dst`, issued by one thread:
    an async-proxy read of `$src`, completed by
    `cp.async.bulk.wait_group.read` (PTX ISA #async-proxy,
    #data-movement-and-conversion-instructions-cp-async-bulk).

    ```mlir
    ttng.async_store %buf, %ptr, %n : !ttg.memdesc<1024xi8, #shared1, #smem, mutable>, !tt.ptr<i8>
    ```
  }];
  let arguments = (ins TTG_MemDesc:$src, TT_Ptr:$dst, I32:$size);
  let assemblyFormat = [{
    $src `,` $dst `,` $size attr-dict `:` qualified(type($src)) `,`
    qualified(type($dst))
  }];
}

def TTNG_AsyncSharedStoreOp : TTNG_Op<"async_shared_store", [ProxyEffects]> {
  let summary = "st.async: registers into another CTA's shared memory";
  let description = [{
    `st.async.shared::cluster.mbarrier::complete_tx::bytes` (PTX ISA
    #data-movement-and-conversion-instructions-st-async): a generic-proxy
    write of `$dst` in a peer CTA of the cluster (distributed shared
    memory, so cluster scope), whose completion is signalled on the peer's
    `$barrier` (a complete_tx, not a data access).

    ```mlir
    ttng.async_shared_store %v, %buf, %bar : tensor<128xi32, #blocked> -> !ttg.memdesc<128xi32, #shared1, #smem, mutable>, !ttg.memdesc<2xi64, #shared1, #smem, mutable>
    ```
  }];
  let arguments = (ins AnyRankedTensor:$src, TTG_MemDesc:$dst,
                       TTG_MemDesc:$barrier);
  let assemblyFormat = [{
    $src `,` $dst `,` $barrier attr-dict `:` type($src) `->`
    qualified(type($dst)) `,` qualified(type($barrier))
  }];
}

def TTNG_AsyncTMAPrefetchOp : TTNG_Op<"async_tma_prefetch", [ProxyEffects]> {
  let summary = "cp.async.bulk.prefetch.tensor: bring a tile into L2";
  let description = [{
    A TMA prefetch hint (PTX ISA
    #data-movement-and-conversion-instructions-cp-async-bulk-prefetch-tensor):
    reads global memory through `$desc`; touches no shared memory.

    ```mlir
    ttng.async_tma_prefetch %desc[%i, %j], %p : !tt.tensordesc<tensor<128x64xf16, #shared>>
    ```
  }];
  let arguments = (ins TT_TensorDesc:$desc, Variadic<I32>:$coord, I1:$pred);
  let assemblyFormat = [{
    $desc `[` $coord `]` `,` $pred attr-dict `:` qualified(type($desc))
  }];
}

def TTNG_TMAStoreTokenWaitOp : TTNG_Op<"async_tma_store_token_wait", [
    AttrSizedOperandSegments,
    DeclareOpInterfaceMethods<ProxyAccessOpInterface, ["getCompletionKind"]>,
    MemoryEffects<[MemRead<PF_SharedMemory>, MemWrite<PF_SharedMemory>]>]> {
  let summary = "Wait until the TMA store of `$token` read its buffer (TLX)";
  let description = [{
    `cp.async.bulk.wait_group.read` for the store that produced `$token`:
    after it the store's source may be overwritten (PTX ISA
    #data-movement-and-conversion-instructions-cp-async-bulk-wait-group).
    Then the thread arrives on each `$barriers` entry whose predicate
    holds (an mbarrier instruction).

    ```mlir
    ttng.async_tma_store_token_wait %tok : !ttg.async.token
    ttng.async_tma_store_token_wait %tok, %bar[%p] : !ttg.async.token, !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    ```
  }];
  let arguments = (ins TTG_AsyncToken:$token, Variadic<TTG_MemDesc>:$barriers,
                       Variadic<I1>:$barrier_preds);
  let assemblyFormat = [{
    $token `` custom<BarriersAndPreds>($barriers, $barrier_preds) attr-dict
    `:` type($token) (`,` qualified(type($barriers))^)?
  }];
}

def TTNG_PrefetchOp : TTNG_Op<"prefetch", [
    MemoryEffects<[MemRead<PF_GlobalMemory>]>]> {
  let summary = "prefetch.global.L1/L2 of the addresses in `$ptr` (TLX)";
  let description = [{
    A cache hint on global memory; no shared-memory access.

    ```mlir
    ttng.prefetch %ptrs : tensor<128x!tt.ptr<f32>, #blocked>
    ttng.prefetch %ptrs, %mask cacheModifier = ca : tensor<128x!tt.ptr<f32>, #blocked>, tensor<128xi1, #blocked>
    ```

    `cacheModifier` picks the level: `cg` (L2, the default, not printed)
    or `ca` (L1).
  }];
  let arguments = (ins AnyType:$ptr, Optional<AnyType>:$mask,
                       DefaultValuedAttr<TT_CacheModifierAttr,
                         "::proxyfence::tt::CacheModifier::CG">:$cache);
  let assemblyFormat = [{
    $ptr (`,` $mask^)? oilist(`cacheModifier` `=` $cache) attr-dict
    `:` type($ptr) (`,` type($mask)^)?
  }];
}

def TTNG_PrefetchTensormapOp : TTNG_Op<"prefetch_tensormap", [
    MemoryEffects<[MemRead<PF_GlobalMemory>]>]> {
  let summary = "prefetch.tensormap: bring a TMA descriptor into the cache (TLX)";
  let description = [{
    ```mlir
    ttng.prefetch_tensormap %desc : !tt.tensordesc<tensor<128x64xf16, #shared>>
    ```
  }];
  let arguments = (ins AnyType:$desc);
  let assemblyFormat = "$desc attr-dict `:` qualified(type($desc))";
}

def TTNG_ReinterpretTensorDescOp : TTNG_Op<"reinterpret_tensor_descriptor", [Pure]> {
  let summary = "View a pointer to a tensormap as a tensor descriptor";
  let description = [{
    Produced by TMA lowering of `tt.make_tensor_descriptor`.

    ```mlir
    %d = ttng.reinterpret_tensor_descriptor %p : !tt.ptr<i8> to !tt.tensordesc<tensor<64x64xf16, #shared>>
    ```
  }];
  let arguments = (ins TT_Ptr:$rawDesc);
  let results = (outs TT_TensorDesc:$result);
  let assemblyFormat = [{
    $rawDesc attr-dict `:` qualified(type($rawDesc)) `to` qualified(type($result))
  }];
}

//===----------------------------------------------------------------------===//
// Cluster launch control: the register-level and token forms
//===----------------------------------------------------------------------===//

def TTNG_CLCLoadResultOp : TTNG_Op<"clc_load_result", [ProxyEffects]> {
  let summary = "ld.shared of the 16-byte try_cancel response";
  let description = [{
    A generic-proxy read of the response the async proxy wrote; the
    mbarrier wait that completes `clusterlaunchcontrol.try_cancel` makes
    it visible (PTX ISA
    #parallel-synchronization-and-communication-instructions-clusterlaunchcontrol-try-cancel).

    ```mlir
    %r = ttng.clc_load_result %resp : !ttg.memdesc<2xi64, #shared1, #smem, mutable> -> i128
    ```
  }];
  let arguments = (ins TTG_MemDesc:$src);
  let results = (outs I128:$clcResult);
  let assemblyFormat = [{
    $src attr-dict `:` qualified(type($src)) `->` type($clcResult)
  }];
}

def TTNG_CLCIsCanceledOp : TTNG_Op<"clc_is_canceled", [Pure]> {
  let summary = "clusterlaunchcontrol.query_cancel.is_canceled on a response";
  let description = [{
    ```mlir
    %ok = ttng.clc_is_canceled %r : i128 -> i1
    ```
  }];
  let arguments = (ins I128:$clcResult);
  let results = (outs I1:$is_canceled);
  let assemblyFormat = [{
    $clcResult attr-dict `:` type($clcResult) `->` type($is_canceled)
  }];
}

def TTNG_CLCGetProgramIdOp : TTNG_Op<"clc_get_program_id", [Pure]> {
  let summary = "clusterlaunchcontrol.query_cancel.get_first_ctaid of a response";
  let description = [{
    ```mlir
    %x = ttng.clc_get_program_id %r, x : i128 -> i32
    ```
  }];
  let arguments = (ins I128:$clcResult, TT_ProgramDim:$dim);
  let results = (outs I32:$result);
  let assemblyFormat = [{
    $clcResult `,` $dim attr-dict `:` type($clcResult) `->` type($result)
  }];
}

def TTNG_CLCAdvanceOp : TTNG_Op<"clc_advance", [
    DeclareOpInterfaceMethods<ProxyAccessOpInterface>,
    MemoryEffects<[MemRead<PF_SharedMemory>, MemWrite<PF_SharedMemory>]>]> {
  let summary = "Claim the next tile by cluster launch control (TLX, abstract)";
  let description = [{
    try_cancel, wait and decode in one op. Its response buffer and
    mbarrier do not exist yet (a later pass materializes them), so it has
    no proxy access of a visible buffer; its memory effects keep it in
    place.

    ```mlir
    %valid, %x, %y, %z = ttng.clc_advance : i1, i32, i32, i32
    ```
  }];
  let results = (outs I1:$isValid, I32:$x, I32:$y, I32:$z);
  let assemblyFormat = [{
    attr-dict `:` type($isValid) `,` type($x) `,` type($y) `,` type($z)
  }];
}

def TTNG_CLCTryCancelAsyncOp : TTNG_Op<"clc_try_cancel_async", [
    DeclareOpInterfaceMethods<ProxyAccessOpInterface>,
    MemoryEffects<[MemRead<PF_SharedMemory>, MemWrite<PF_SharedMemory>]>]> {
  let summary = "Issue a cluster launch control request, as a token (TLX)";
  let description = [{
    The issue half of `ttng.clc_advance`; `ttng.clc_read` of the token
    waits for and decodes the response. The response buffer is not
    materialized yet.

    ```mlir
    %tok = ttng.clc_try_cancel_async : !ttg.async.token
    ```
  }];
  let results = (outs TTG_AsyncToken:$token);
  let assemblyFormat = "attr-dict `:` type($token)";
}

def TTNG_CLCReadOp : TTNG_Op<"clc_read", [
    DeclareOpInterfaceMethods<ProxyAccessOpInterface>,
    MemoryEffects<[MemRead<PF_SharedMemory>, MemWrite<PF_SharedMemory>]>]> {
  let summary = "Wait for and decode the response of a CLC request (TLX)";
  let description = [{
    ```mlir
    %valid, %x, %y, %z = ttng.clc_read %tok : !ttg.async.token -> i1, i32, i32, i32
    ```
  }];
  let arguments = (ins TTG_AsyncToken:$token);
  let results = (outs I1:$isValid, I32:$x, I32:$y, I32:$z);
  let assemblyFormat = [{
    $token attr-dict `:` type($token) `->` type($isValid) `,` type($x) `,`
    type($y) `,` type($z)
  }];
}

//===----------------------------------------------------------------------===//
// tcgen05 allocation, two-CTA exchange, packed arithmetic (TLX)
//===----------------------------------------------------------------------===//

def TTNG_TCGen5GlobalAllocOp : TTNG_Op<"tcgen5_global_alloc", [
    DeclareOpInterfaceMethods<ProxyAccessOpInterface,
      ["getSharedScratchSize", "getSharedScratchAlignment"]>,
    ProxyDerivedEffects, MemoryEffectsOpInterface]> {
  let summary = "tcgen05.alloc of the kernel's tensor memory (TLX)";
  let description = [{
    `tcgen05.alloc.cta_group::{1,2}.sync.aligned.shared::cta.b32 [slot], n`
    writes the allocated TMEM address into a shared-memory slot (PTX ISA
    #tcgen05-memory-alloc-manage-instructions): a generic-proxy write of
    the op's 4-byte scratch, which shared-memory allocation places at
    `allocation.offset`; the warps then read the address back with
    `ld.shared`.

    ```mlir
    ttng.tcgen5_global_alloc {tensor_memory_size = 128 : i32, two_ctas = true}
    ```
  }];
  let assemblyFormat = "attr-dict";
}

def TTNG_TwoCTAPeerGatherOp : TTNG_Op<"two_cta_peer_gather", [
    MemoryEffects<[MemRead<PF_SharedMemory>, MemWrite<PF_SharedMemory>]>]> {
  let summary = "Gather a tensor split over the two CTAs of a pair (TLX, abstract)";
  let description = [{
    A planning op that a later pass materializes into a distributed
    shared-memory exchange; it names no buffer yet.

    ```mlir
    %g = ttng.two_cta_peer_gather %t split_dim = 1 num_ctas = 2 : tensor<128x128xf16, #linear> -> tensor<64x256xf16, #linear1>
    ```
  }];
  let arguments = (ins AnyRankedTensor:$src, I32Attr:$split_dim,
                       I32Attr:$num_ctas);
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat = [{
    $src `split_dim` `=` $split_dim `num_ctas` `=` $num_ctas attr-dict `:`
    type($src) `->` type($result)
  }];
}

def TTNG_PackedArithOp : TTNG_Op<"packed_arith", [Pure]> {
  let summary = "Packed add/sub/mul/fma/min/max on f32x2, f16x2, bf16x2, fp8x4 lanes";
  let description = [{
    Register arithmetic (`add.f32x2`, `fma.rn.bf16x2`, ...); no memory
    access.

    ```mlir
    %s = ttng.packed_arith add %a, %b : (tensor<256xf32, #blocked>, tensor<256xf32, #blocked>) -> tensor<256xf32, #blocked>
    %t = ttng.packed_arith add, f32x2, [f32x2, f32x2], %a, %b axis = 0 : (tensor<256xf32, #blocked>, tensor<256xf32, #blocked>) -> tensor<256xf32, #blocked>
    ```

    The second spelling (newer Triton) names the packed lane type of the
    result and of each operand, and the axis along which lanes are packed.
  }];
  let arguments = (ins StrAttr:$opKind, Variadic<AnyRankedTensor>:$operands,
                       OptionalAttr<StrAttr>:$packedType,
                       OptionalAttr<StrArrayAttr>:$operandPackedTypes,
                       OptionalAttr<I32Attr>:$axis);
  let results = (outs AnyRankedTensor:$result);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Subtiled regions (TLX)
//===----------------------------------------------------------------------===//

def TTNG_SubtiledRegionOp : TTNG_Op<"subtiled_region", [
    RecursiveMemoryEffects]> {
  let summary = "Setup, a tile body run once per subtile, teardown (TLX)";
  let description = [{
    TLX's epilogue subtiling: `setup` computes the per-tile values, `tile`
    runs once per subtile (a loop for the analyses), `teardown` runs last.
    The header lists named operand groups (`inputs(...)`, `barriers(...)`,
    `phases(...)`, `per_tile(...)`, ...) and `name = attribute` entries
    (`tile_mappings`, `barrier_annotations`, ...), printed back in source
    order; the memory accesses are those of the ops inside.

    ```mlir
    ttng.subtiled_region
        barriers(%bar : !ttg.memdesc<1xi64, #shared1, #smem, mutable>)
        phases(%phase : i32)
        barrier_annotations = []
      setup {
        %c0 = arith.constant 0 : i32
        ttng.subtiled_region_yield %c0 : i32
      } tile(%arg0: i32) {
        ttng.subtiled_region_yield
      }
    ```
  }];
  let arguments = (ins Variadic<AnyType>:$groupOperands,
                       StrArrayAttr:$operandGroupNames,
                       DenseI32ArrayAttr:$operandGroupSizes,
                       StrArrayAttr:$headerAttrNames,
                       StrArrayAttr:$regionNames);
  let results = (outs Variadic<AnyType>:$results);
  let regions = (region VariadicRegion<AnyRegion>:$bodies);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// The region named `name` (setup, tile, teardown), or null.
    ::mlir::Region *getNamedRegion(::llvm::StringRef name);
  }];
}

def TTNG_SubtiledRegionYieldOp : TTNG_Op<"subtiled_region_yield", [
    Pure, Terminator, ReturnLike, HasParent<"SubtiledRegionOp">]> {
  let summary = "Terminator of the regions of ttng.subtiled_region";
  let description = [{
    ```mlir
    ttng.subtiled_region_yield %a, %b : i32, i32
    ```
  }];
  let arguments = (ins Variadic<AnyType>:$values);
  let assemblyFormat = "($values^ `:` type($values))? attr-dict";
}

#endif // PROXYFENCE_DIALECT_TRITONNVIDIAGPU_TRITONNVIDIAGPUOPS_TD
