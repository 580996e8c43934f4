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
include "proxyfence/Interfaces/ProxyAccessOpInterface.td"
include "proxyfence/Dialect/Triton/IR/TritonAttrDefs.td"
include "proxyfence/Dialect/Triton/IR/TritonTypes.td"
include "proxyfence/Dialect/TritonGPU/IR/TritonGPUTypes.td"
include "proxyfence/Dialect/TritonNvidiaGPU/IR/TritonNvidiaGPUAttrDefs.td"

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
    ```
  }];
  let arguments = (ins TT_TensorDesc:$desc, Variadic<I32>:$coord,
                       TTG_MemDesc:$result, TTG_MemDesc:$barrier, I1:$pred,
                       Optional<I32>:$multicastTargets,
                       DefaultValuedAttr<TT_CacheModifierAttr,
                         "::proxyfence::tt::CacheModifier::NONE">:$cache,
                       DefaultValuedAttr<TT_EvictionPolicyAttr,
                         "::proxyfence::tt::EvictionPolicy::NORMAL">:$evict,
                       DefaultValuedAttr<BoolAttr, "false">:$isVolatile,
                       UnitAttr:$multicast);
  let assemblyFormat = [{
    $desc `[` $coord `]` $result `,` $barrier `,` $pred
    (`,` $multicastTargets^)?
    oilist(`cacheModifier` `=` $cache | `evictionPolicy` `=` $evict)
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

    ```mlir
    ttng.async_tma_copy_local_to_global %desc[%i, %j] %buf : !tt.tensordesc<tensor<128x128xf16, #shared>>, !ttg.memdesc<128x128xf16, #shared, #smem>
    ```
  }];
  let arguments = (ins TT_TensorDesc:$desc, Variadic<I32>:$coord,
                       TTG_MemDesc:$src);
  let assemblyFormat = [{
    $desc `[` $coord `]` $src attr-dict `:` qualified(type($desc)) `,`
    qualified(type($src))
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
  let assemblyFormat = [{
    $kind `,` $desc `[` $coord `]` $src attr-dict `:` qualified(type($desc))
    `,` qualified(type($src))
  }];
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
    MemoryEffects<[MemRead<PF_GlobalMemory>, MemWrite<PF_GlobalMemory>]>]> {
  let summary = "Write a TMA descriptor (tensormap) to global memory";
  let description = [{
    The tensormap is written by the generic proxy; a TMA that uses it needs
    `fence.proxy.tensormap::generic` release/acquire first.

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

def TTNG_TMEMLoadOp : TTNG_Op<"tmem_load", [ProxyEffects]> {
  let summary = "tcgen05.ld: tensor memory to registers";
  let description = [{
    ```mlir
    %v = ttng.tmem_load %acc : !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable> -> tensor<128x128xf32, #linear>
    ```
  }];
  let arguments = (ins TTG_MemDesc:$src, Optional<TTG_AsyncToken>:$dep);
  let results = (outs AnyRankedTensor:$result, Optional<TTG_AsyncToken>:$token);
  let assemblyFormat = [{
    $src `` custom<Token>($dep, type($token)) attr-dict `:`
    qualified(type($src)) `->` type($result)
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

#endif // PROXYFENCE_DIALECT_TRITONNVIDIAGPU_TRITONNVIDIAGPUOPS_TD
