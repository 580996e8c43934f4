//===- ProxyAccess.h - memory accesses classified by proxy ------*- C++ -*-===//
//
// The vocabulary of the proxy model (see docs/proxy-model.md): which proxy
// performs an access, of which kind, in which memory space, reaching how far.
// Ops describe themselves through ProxyAccessOpInterface; this header also
// derives MLIR memory effects from those descriptions.
//
//===----------------------------------------------------------------------===//

#ifndef PROXYFENCE_INTERFACES_PROXYACCESS_H
#define PROXYFENCE_INTERFACES_PROXYACCESS_H

#include "proxyfence/Engine/Frontier.h"
#include "proxyfence/Support/InterfaceLookup.h"

#include "mlir/IR/OpDefinition.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <optional>

namespace proxyfence {

/// The resource the effects on shared memory (SMEM) are reported against.
struct SharedMemoryResource
    : public mlir::SideEffects::Resource::Base<SharedMemoryResource> {
  llvm::StringRef getName() final { return "<SharedMemory>"; }
};

/// Tensor memory (TMEM, sm_100+).
struct TensorMemoryResource
    : public mlir::SideEffects::Resource::Base<TensorMemoryResource> {
  llvm::StringRef getName() final { return "<TensorMemory>"; }
};

/// Global memory, reached through pointers or tensor descriptors.
struct GlobalMemoryResource
    : public mlir::SideEffects::Resource::Base<GlobalMemoryResource> {
  llvm::StringRef getName() final { return "<GlobalMemory>"; }
};

/// Who performs an access to shared memory (PTX ISA, #proxies).
enum class Proxy : uint8_t {
  /// Ordinary loads and stores: ld/st.shared, ldmatrix, stmatrix, non-bulk
  /// cp.async, scratch users. In TTGIR: local_alloc %src, local_store,
  /// local_load, async_copy_global_to_local.
  Generic,
  /// The async proxy: TMA and bulk copies, wgmma and tcgen05 operands.
  Async,
  /// A thread's `mbarrier.*` instruction (init, expect_tx, arrive,
  /// try_wait, inval) on an mbarrier object: generic-proxy traffic on those
  /// 8 bytes. It never conflicts with the async ops that use the barrier to
  /// signal completion, but it does conflict with an async *data* access of
  /// the same bytes (barrier memory reused as a TMA buffer).
  MBarrier,
  /// An async unit arriving on an mbarrier (complete_tx of a TMA load, the
  /// arrive of tcgen05.commit or of an MMA's barrier list, a CLC response):
  /// completion signalling, not a data access, never needs a proxy fence.
  AsyncArrive,
};

enum class AccessKind : uint8_t { Read, Write, Alloc, Free };

enum class MemorySpace : uint8_t { Shared, Tensor, Global };

/// The scope a proxy fence needs: `fence.proxy.async.shared::cta` or
/// `::cluster` (the engine's vocabulary, include/proxyfence/Engine).
using FenceScope = Scope;

/// What a completion wait completes.
enum class CompletionKind : uint8_t {
  None,
  /// `cp.async.bulk.wait_group.read`: TMA stores have finished reading SMEM.
  BulkStoreRead,
  /// `wgmma.wait_group`: wgmma operands are no longer read.
  WgmmaGroup,
  /// `mbarrier.try_wait`: whatever the barrier tracks (TMA loads, tcgen05
  /// commits) has completed.
  MBarrierPhase,
  /// `cp.async.wait_group`: non-bulk cp.async (generic proxy) writes landed.
  CpAsyncGroup,
};

/// One access of one op to one memory value.
struct ProxyAccess {
  /// The memdesc (or pointer / descriptor) value accessed.
  mlir::Value value;
  /// The operand carrying `value`, or null when `value` is a result.
  mlir::OpOperand *operand = nullptr;
  AccessKind kind = AccessKind::Read;
  MemorySpace space = MemorySpace::Shared;
  Proxy proxy = Proxy::Generic;
  FenceScope scope = FenceScope::CTA;
  /// An access of the op's own shared-memory scratch
  /// (ProxyAccessOpInterface::getSharedScratchSize bytes at the op's
  /// `allocation.offset`); `value` and `operand` are null.
  bool scratch = false;

  bool isRead() const { return kind == AccessKind::Read; }
  bool isWrite() const { return kind == AccessKind::Write; }
  /// A read or write of shared-memory data (not an mbarrier access).
  bool isSharedData() const {
    return space == MemorySpace::Shared &&
           (proxy == Proxy::Generic || proxy == Proxy::Async) &&
           (kind == AccessKind::Read || kind == AccessKind::Write);
  }
  /// A shared-memory access performed by the generic proxy: data accesses
  /// and a thread's mbarrier instructions.
  bool isGenericShared() const {
    return space == MemorySpace::Shared &&
           (proxy == Proxy::Generic || proxy == Proxy::MBarrier) &&
           (kind == AccessKind::Read || kind == AccessKind::Write);
  }
  /// A shared-memory data access performed by the async proxy.
  bool isAsyncShared() const {
    return space == MemorySpace::Shared && proxy == Proxy::Async &&
           (kind == AccessKind::Read || kind == AccessKind::Write);
  }

  static ProxyAccess onOperand(mlir::OpOperand &operand, AccessKind kind,
                               MemorySpace space, Proxy proxy,
                               FenceScope scope = FenceScope::CTA) {
    return {operand.get(), &operand, kind, space, proxy, scope};
  }
  static ProxyAccess onResult(mlir::Value result, AccessKind kind,
                              MemorySpace space, Proxy proxy,
                              FenceScope scope = FenceScope::CTA) {
    return {result, nullptr, kind, space, proxy, scope};
  }
  /// An access of the op's own shared-memory scratch.
  static ProxyAccess onScratch(AccessKind kind, Proxy proxy,
                               FenceScope scope = FenceScope::CTA) {
    ProxyAccess access{mlir::Value(),       nullptr, kind,
                       MemorySpace::Shared, proxy,   scope};
    access.scratch = true;
    return access;
  }
};

llvm::StringRef stringifyProxy(Proxy proxy);
llvm::StringRef stringifyAccessKind(AccessKind kind);
llvm::StringRef stringifyMemorySpace(MemorySpace space);
llvm::StringRef stringifyFenceScope(FenceScope scope);
llvm::StringRef stringifyCompletionKind(CompletionKind kind);

/// Turns proxy accesses into MLIR memory effects on the SharedMemory,
/// TensorMemory and GlobalMemory resources.
void appendMemoryEffects(
    llvm::ArrayRef<ProxyAccess> accesses,
    llvm::SmallVectorImpl<
        mlir::SideEffects::EffectInstance<mlir::MemoryEffects::Effect>>
        &effects);

} // namespace proxyfence

#include "proxyfence/Interfaces/ProxyAccessOpInterface.h.inc"

namespace proxyfence {

/// An op's ProxyAccessOpInterface, held as the op and its kind's model:
/// calling through it searches no interface map (constructing the
/// interface searches the op's, twice with assertions on, which the
/// passes' walks over every op of a module would pay for every op).
class ProxyAccessRef {
public:
  using Concept = ProxyAccessOpInterface::Concept;

  ProxyAccessRef() = default;
  ProxyAccessRef(mlir::Operation *op, const Concept *impl)
      : op(impl ? op : nullptr), impl(impl) {}

  explicit operator bool() const { return impl != nullptr; }
  mlir::Operation *getOperation() const { return op; }

  void getProxyAccesses(llvm::SmallVectorImpl<ProxyAccess> &accesses) const {
    impl->getProxyAccesses(impl, op, accesses);
  }
  CompletionKind getCompletionKind() const {
    return impl->getCompletionKind(impl, op);
  }
  CompletionKind getCompletedBy() const {
    return impl->getCompletedBy(impl, op);
  }
  mlir::Value getIssuePredicate() const {
    return impl->getIssuePredicate(impl, op);
  }
  bool isExecutionBarrier() const { return impl->isExecutionBarrier(impl, op); }
  std::optional<FenceScope> getProxyFenceScope() const {
    return impl->getProxyFenceScope(impl, op);
  }
  std::optional<FenceScope> getExecutionBarrierScope() const {
    return impl->getExecutionBarrierScope(impl, op);
  }
  int64_t getSharedScratchSize() const {
    return impl->getSharedScratchSize(impl, op);
  }
  int64_t getSharedScratchAlignment() const {
    return impl->getSharedScratchAlignment(impl, op);
  }

private:
  mlir::Operation *op = nullptr;
  const Concept *impl = nullptr;
};

/// ProxyAccessOpInterface of an op, looked up once per kind of op
/// (OperationName); ops without it cost one hash probe.
class ProxyAccessLookup {
public:
  ProxyAccessRef get(mlir::Operation *op) {
    auto [it, inserted] = models.try_emplace(op->getName(), nullptr);
    if (inserted) {
      // The op's own interface map (external models included); proxyfence
      // attaches no dialect-level fallback model.
      it->second = op->getName().getInterface<ProxyAccessOpInterface>();
      assert(static_cast<bool>(it->second) ==
                 llvm::isa<ProxyAccessOpInterface>(op) &&
             "ProxyAccessOpInterface through a dialect fallback");
    }
    return {op, it->second};
  }
  bool has(mlir::Operation *op) { return static_cast<bool>(get(op)); }

private:
  llvm::DenseMap<mlir::OperationName, const ProxyAccessRef::Concept *> models;
};

} // namespace proxyfence

namespace proxyfence::OpTrait {

/// Implements MemoryEffectOpInterface from ProxyAccessOpInterface, so an op
/// states its accesses once.
template <typename ConcreteOp>
class ProxyDerivedEffects
    : public mlir::OpTrait::TraitBase<ConcreteOp, ProxyDerivedEffects> {
public:
  void getEffects(
      llvm::SmallVectorImpl<
          mlir::SideEffects::EffectInstance<mlir::MemoryEffects::Effect>>
          &effects) {
    llvm::SmallVector<ProxyAccess, 4> accesses;
    llvm::cast<ConcreteOp>(this->getOperation()).getProxyAccesses(accesses);
    appendMemoryEffects(accesses, effects);
  }
};

} // namespace proxyfence::OpTrait

#endif // PROXYFENCE_INTERFACES_PROXYACCESS_H
