//===- ProxyAccess.cpp - memory accesses classified by proxy -------------===//
//
// String forms of the proxy vocabulary and the derivation of MLIR memory
// effects from ProxyAccessOpInterface.
//
//===----------------------------------------------------------------------===//

#include "proxyfence/Interfaces/ProxyAccess.h"

using namespace mlir;

namespace proxyfence {

#include "proxyfence/Interfaces/ProxyAccessOpInterface.cpp.inc"

StringRef stringifyProxy(Proxy proxy) {
  switch (proxy) {
  case Proxy::Generic:
    return "generic";
  case Proxy::Async:
    return "async";
  case Proxy::MBarrier:
    return "mbarrier";
  case Proxy::AsyncArrive:
    return "async-arrive";
  }
  llvm_unreachable("unknown proxy");
}

StringRef stringifyAccessKind(AccessKind kind) {
  switch (kind) {
  case AccessKind::Read:
    return "read";
  case AccessKind::Write:
    return "write";
  case AccessKind::Alloc:
    return "alloc";
  case AccessKind::Free:
    return "free";
  }
  llvm_unreachable("unknown access kind");
}

StringRef stringifyMemorySpace(MemorySpace space) {
  switch (space) {
  case MemorySpace::Shared:
    return "shared";
  case MemorySpace::Tensor:
    return "tensor";
  case MemorySpace::Global:
    return "global";
  }
  llvm_unreachable("unknown memory space");
}

StringRef stringifyFenceScope(FenceScope scope) {
  return scope == FenceScope::CTA ? "cta" : "cluster";
}

StringRef stringifyCompletionKind(CompletionKind kind) {
  switch (kind) {
  case CompletionKind::None:
    return "none";
  case CompletionKind::BulkStoreRead:
    return "bulk-store-read";
  case CompletionKind::WgmmaGroup:
    return "wgmma-group";
  case CompletionKind::MBarrierPhase:
    return "mbarrier-phase";
  case CompletionKind::CpAsyncGroup:
    return "cp-async-group";
  }
  llvm_unreachable("unknown completion kind");
}

static SideEffects::Resource *getResource(MemorySpace space) {
  switch (space) {
  case MemorySpace::Shared:
    return SharedMemoryResource::get();
  case MemorySpace::Tensor:
    return TensorMemoryResource::get();
  case MemorySpace::Global:
    return GlobalMemoryResource::get();
  }
  llvm_unreachable("unknown memory space");
}

static MemoryEffects::Effect *getEffect(AccessKind kind) {
  switch (kind) {
  case AccessKind::Read:
    return MemoryEffects::Read::get();
  case AccessKind::Write:
    return MemoryEffects::Write::get();
  case AccessKind::Alloc:
    return MemoryEffects::Allocate::get();
  case AccessKind::Free:
    return MemoryEffects::Free::get();
  }
  llvm_unreachable("unknown access kind");
}

void appendMemoryEffects(
    ArrayRef<ProxyAccess> accesses,
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  for (const ProxyAccess &access : accesses) {
    MemoryEffects::Effect *effect = getEffect(access.kind);
    SideEffects::Resource *resource = getResource(access.space);
    if (access.operand)
      effects.emplace_back(effect, access.operand, resource);
    else if (auto result = dyn_cast_or_null<OpResult>(access.value))
      effects.emplace_back(effect, result, resource);
    else
      effects.emplace_back(effect, resource);
  }
}

} // namespace proxyfence
