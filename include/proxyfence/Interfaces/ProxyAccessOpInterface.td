//===- ProxyAccessOpInterface.td - the proxy model, per op -*- tablegen -*-===//
//
// The ONE place where an op says how it touches shared and tensor memory and
// through which proxy. Every analysis, pass and checker in proxyfence asks this
// interface; nothing else classifies ops. Ops also derive their MLIR memory
// effects from it (trait ProxyEffects), so the two can never disagree.
//
//===----------------------------------------------------------------------===//

#ifndef PROXYFENCE_INTERFACES_PROXYACCESSOPINTERFACE_TD
#define PROXYFENCE_INTERFACES_PROXYACCESSOPINTERFACE_TD

include "mlir/IR/OpBase.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

def ProxyAccessOpInterface : OpInterface<"ProxyAccessOpInterface"> {
  let cppNamespace = "::proxyfence";
  let description = [{
    An op that reads, writes, allocates or frees shared memory (SMEM) or
    tensor memory (TMEM), or that orders such accesses (proxy fences,
    completion waits), implements this interface. Each access names the
    memdesc value it goes through, whether it reads or writes, the memory
    space, the proxy that performs it (generic, async, or mbarrier traffic)
    and the widest scope it reaches (one CTA, or the cluster for multicast
    TMA, two-CTA MMA and multi-CTA CLC).

    Other dialects can implement it to take part in proxyfence's analyses;
    the proxy model itself is documented in docs/proxy-model.md.
  }];

  let methods = [
    InterfaceMethod<[{
        Appends every memory access this op performs, one entry per
        (value, effect) pair.
      }],
      "void", "getProxyAccesses",
      (ins "::llvm::SmallVectorImpl<::proxyfence::ProxyAccess> &":$accesses)>,
    InterfaceMethod<[{
        Which earlier asynchronous accesses this op waits for, if any
        (a completion wait carries an implicit proxy fence for the bytes it
        completes; see the model).
      }],
      "::proxyfence::CompletionKind", "getCompletionKind", (ins), "",
      "return ::proxyfence::CompletionKind::None;">,
    InterfaceMethod<[{
        For an op with async accesses: the kind of completion wait after
        which they are over (`cp.async.bulk.wait_group.read` for TMA
        stores, `wgmma.wait_group` for wgmma, an mbarrier phase for TMA
        loads and tcgen05). Only after it may a generic write reuse the
        bytes an async read still reads.
      }],
      "::proxyfence::CompletionKind", "getCompletedBy", (ins), "",
      "return ::proxyfence::CompletionKind::None;">,
    InterfaceMethod<[{
        The i1 value that decides whether the op is issued at all (the
        `pred` operand of TMA copies and tcgen05 MMAs), or null when it
        always is. Where control flow branches on the same value, the
        analyses know the op did not run on the false side.
      }],
      "::mlir::Value", "getIssuePredicate", (ins), "",
      "return {};">,
    InterfaceMethod<[{
        Whether the op is an execution barrier of the CTA (`bar.sync`:
        ttg.local_barrier, ttg.barrier, gpu.barrier). A proxy fence that
        orders generic writes before an async op goes before such a
        barrier, not after it (docs/proxy-model.md, "Where the fence
        goes").
      }],
      "bool", "isExecutionBarrier", (ins), "", "return false;">,
    InterfaceMethod<[{
        The scope of the generic-to-async proxy fence this op is, or
        std::nullopt for every op that is not such a fence.
      }],
      "std::optional<::proxyfence::FenceScope>", "getProxyFenceScope",
      (ins), "", "return std::nullopt;">,
    InterfaceMethod<[{
        For an execution barrier (`bar.sync`/`bar.arrive` of a named
        barrier, `barrier.cluster.arrive`/`.wait`): how far it synchronizes
        (the CTA's warps, or every CTA of the cluster). A fence that orders
        generic writes before an async op goes before such a barrier, so
        that every writing thread fences its own writes before the barrier
        publishes them (docs/proxy-model.md). std::nullopt for every other
        op.
      }],
      "std::optional<::proxyfence::FenceScope>", "getExecutionBarrierScope",
      (ins), "", "return std::nullopt;">,
    InterfaceMethod<[{
        Bytes of shared-memory scratch the op uses while it runs (0 for
        none). Shared-memory allocation places it (`allocation.offset` on
        the op) and accesses marked `scratch` in getProxyAccesses are
        accesses of these bytes.
      }],
      "int64_t", "getSharedScratchSize", (ins), "", "return 0;">,
    InterfaceMethod<[{
        The alignment that scratch needs, in bytes (0: the default).
      }],
      "int64_t", "getSharedScratchAlignment", (ins), "", "return 0;">,
  ];
}

// Implements MemoryEffectOpInterface::getEffects from getProxyAccesses.
def ProxyDerivedEffects : NativeOpTrait<"ProxyDerivedEffects"> {
  let cppNamespace = "::proxyfence::OpTrait";
}

// The trait list an op uses to declare its accesses once: implement
// getProxyAccesses in C++, and memory effects follow.
def ProxyEffects : TraitList<[
  DeclareOpInterfaceMethods<ProxyAccessOpInterface>,
  ProxyDerivedEffects,
  MemoryEffectsOpInterface
]>;

// Same, for async ops: they also say which wait completes them.
def ProxyAsyncEffects : TraitList<[
  DeclareOpInterfaceMethods<ProxyAccessOpInterface,
                            ["getCompletedBy", "getIssuePredicate"]>,
  ProxyDerivedEffects,
  MemoryEffectsOpInterface
]>;

// Same, for ops that also override getCompletionKind.
def ProxyCompletionEffects : TraitList<[
  DeclareOpInterfaceMethods<ProxyAccessOpInterface, ["getCompletionKind"]>,
  ProxyDerivedEffects,
  MemoryEffectsOpInterface
]>;

// Resources for ODS memory-effect decorators on ops that do not use the
// derived effects (fences, pure pointer loads/stores).
def PF_SharedMemory : Resource<"::proxyfence::SharedMemoryResource">;
def PF_TensorMemory : Resource<"::proxyfence::TensorMemoryResource">;
def PF_GlobalMemory : Resource<"::proxyfence::GlobalMemoryResource">;

#endif // PROXYFENCE_INTERFACES_PROXYACCESSOPINTERFACE_TD
