//===- CompletionHazards.cpp - async reads overwritten too early --------===//
//
// State: the async reads issued and not yet completed, each with the
// fewest reads of its kind issued after it on any path to here (each read
// is its own commit group: the engine's CommitCount,
// include/proxyfence/Engine/Completion.h).
// `async_tma_store_wait {pendings = N}` completes all but the newest N
// bulk stores, `warp_group_dot_wait {pendings = N}` all but the newest N
// wgmmas: the reads with at least N newer ones on every path. (Where paths
// join, which read is newest depends on the path; counting per path keeps a
// read pending if it may be among the newest N on any of them.) An mbarrier
// wait completes tcgen05 reads (the analysis does not match a wait to the
// particular barrier a commit arrives on, so it never reports a tcgen05
// read as pending across any wait).
//
// Rings: each op's newest issue is kept apart from its older ones. While
// the stage counters it read its slot with are those of the current
// iteration (RingIndexAnalysis; the binding ends when the dataflow enters
// the counters' loop again or recomputes the index), a generic write into a
// slot of the same buffer that the counters prove different does not touch
// the bytes it reads. Older issues may have read any slot.
//
//===----------------------------------------------------------------------===//

#include "proxyfence/Analysis/CompletionHazards.h"

#include "proxyfence/Analysis/ForwardDataflow.h"
#include "proxyfence/Engine/Completion.h"
#include "proxyfence/Analysis/RingIndices.h"
#include "proxyfence/Dialect/TritonNvidiaGPU/IR/Dialect.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/MapVector.h"

using namespace mlir;
using namespace proxyfence;

namespace {

/// One async read, and the wait that completes it.
using Slot = std::optional<std::pair<Value, Value>>;

struct PendingRead {
  Operation *op;
  CompletionKind completedBy;
  RegionSet regions;
  /// The ring slot read (RingIndexAnalysis::getSlot of the memdesc).
  Slot slot;
};

/// One generic write of an op.
struct GenericWrite {
  RegionSet regions;
  /// The ring slot written.
  Slot slot;
};

/// The issues of one async op still in flight: its newest, or the older
/// ones of earlier iterations.
using InstanceKey = std::pair<Operation *, unsigned /*1: older*/>;

struct Instance {
  /// The groups committed since it was issued (each read its own group):
  /// one more than the fewest reads of the same completion kind issued
  /// after it on any path.
  engine::CommitCount groups = engine::CommitCount::ownGroup();
  /// For the newest issue: the slot index each of its reads used, while it
  /// is still the value of the current iteration (null: any slot).
  SmallVector<Value, 2> slots;

  /// Joins `other` in; returns true if this changed.
  bool merge(const Instance &other) {
    bool changed = false;
    if (other.groups < groups) {
      groups.join(other.groups);
      changed = true;
    }
    if (slots != other.slots && !slots.empty()) {
      // Different bindings on the two paths: any slot.
      bool anyBound = llvm::any_of(slots, [](Value v) { return bool(v); });
      slots.clear();
      changed |= anyBound;
    }
    return changed;
  }
};

struct State {
  /// Async ops with reads in flight, in issue order.
  llvm::MapVector<InstanceKey, Instance> pending;

  bool merge(const State &other) {
    bool changed = false;
    for (const auto &[key, instance] : other.pending) {
      auto [it, inserted] = pending.insert({key, instance});
      if (!inserted)
        changed |= it->second.merge(instance);
      else
        changed = true;
    }
    return changed;
  }
};

} // namespace

struct CompletionHazardAnalysis::Impl
    : public ForwardDataflow<CompletionHazardAnalysis::Impl, State> {
  Impl(const BufferRegionAnalysis &regions, CompletionHazardAnalysis &result)
      : regions(regions), result(result) {}

  void collect(ModuleOp module);
  void visitOp(Operation *op, State &state);
  void refineBranch(Value condition, bool taken, State &state);
  void complete(State &state, CompletionKind kind, int64_t keepNewest);
  void enterBlock(Block &block, State &state);
  /// Whether read `readIndex` of the newest issue `instance` provably holds
  /// another slot than the write of `written`.
  bool readsOtherSlot(const Instance &instance, unsigned readIndex,
                      const PendingRead &read, const Slot &written);

  const BufferRegionAnalysis &regions;
  CompletionHazardAnalysis &result;
  /// Async reads per op.
  DenseMap<Operation *, SmallVector<PendingRead, 2>> reads;
  /// Generic writes per op.
  DenseMap<Operation *, SmallVector<GenericWrite, 1>> writes;
  RingIndexAnalysis rings;
  DenseSet<std::pair<Operation *, Operation *>> seen;
};

void CompletionHazardAnalysis::Impl::collect(ModuleOp module) {
  module->walk([&](ProxyAccessOpInterface op) {
    SmallVector<ProxyAccess, 4> accesses;
    op.getProxyAccesses(accesses);
    CompletionKind completedBy = op.getCompletedBy();
    for (const ProxyAccess &access : accesses) {
      if (access.isAsyncShared() && access.isRead() &&
          completedBy != CompletionKind::None)
        reads[op].push_back({op, completedBy,
                             regions.getAccessRegions(op, access),
                             RingIndexAnalysis::getSlot(access.value)});
      else if (access.isWrite() &&
               ((access.isGenericShared() && access.proxy == Proxy::Generic) ||
                access.isAsyncShared()))
        // A generic write, or an async one (a TMA load into bytes a TMA
        // store may still be reading): only the read's completion orders
        // either (docs/proxy-model.md).
        writes[op].push_back({regions.getAccessRegions(op, access),
                              RingIndexAnalysis::getSlot(access.value)});
    }
  });
}

/// Completes the pending reads of `kind`, except the newest `keepNewest`:
/// those with at least `keepNewest` newer reads of their kind on every path.
void CompletionHazardAnalysis::Impl::complete(State &state,
                                              CompletionKind kind,
                                              int64_t keepNewest) {
  state.pending.remove_if([&](const std::pair<InstanceKey, Instance> &entry) {
    return reads[entry.first.first].front().completedBy == kind &&
           entry.second.groups.completedBy(
               static_cast<unsigned>(std::max<int64_t>(keepNewest, 0)));
  });
}

/// Entering a block redefines its arguments: a slot index computed from a
/// counter among them belongs to an earlier iteration from here on.
void CompletionHazardAnalysis::Impl::enterBlock(Block &block, State &state) {
  if (block.getNumArguments() == 0)
    return;
  for (auto &[key, instance] : state.pending)
    for (Value &slot : instance.slots) {
      if (!slot)
        continue;
      std::optional<CounterExpr> expr = rings.getCounterExpr(slot);
      if (!expr || expr->counter.getParentBlock() == &block)
        slot = Value();
    }
}

bool CompletionHazardAnalysis::Impl::readsOtherSlot(const Instance &instance,
                                                    unsigned readIndex,
                                                    const PendingRead &read,
                                                    const Slot &written) {
  // A binding is the read's own slot index, while it is current.
  if (readIndex >= instance.slots.size() || !instance.slots[readIndex])
    return false;
  return written && read.slot->first == written->first &&
         rings.provablyDistinct(read.slot->second, written->second);
}

/// On the side where `condition` is false, ops issued under it never ran.
void CompletionHazardAnalysis::Impl::refineBranch(Value condition, bool taken,
                                                  State &state) {
  if (taken)
    return;
  state.pending.remove_if([&](const std::pair<InstanceKey, Instance> &entry) {
    auto iface = dyn_cast<ProxyAccessOpInterface>(entry.first.first);
    return iface && iface.getIssuePredicate() == condition;
  });
}

void CompletionHazardAnalysis::Impl::visitOp(Operation *op, State &state) {
  if (auto wait = dyn_cast<ttng::TMAStoreWaitOp>(op))
    return complete(state, CompletionKind::BulkStoreRead,
                    wait.getPendingsAttr().getInt());
  if (auto wait = dyn_cast<ttng::WarpGroupDotWaitOp>(op))
    return complete(state, CompletionKind::WgmmaGroup,
                    wait.getPendingsAttr().getInt());
  if (isa<ttng::WaitBarrierOp>(op))
    return complete(state, CompletionKind::MBarrierPhase, 0);
  if (auto wait = dyn_cast<ttng::TMAStoreTokenWaitOp>(op)) {
    // TLX: waits for the reads of the one store that made the token, its
    // newest issue. Stores issued after it stay pending; those issued before
    // are completed too in the PTX (wait_group.read completes all but the
    // newest N), which this does not claim.
    if (Operation *store = wait.getToken().getDefiningOp())
      state.pending.erase(InstanceKey{store, 0});
    return;
  }

  // Recomputing a slot index ends the bindings to its earlier value.
  for (Value result : op->getResults())
    for (auto &[key, instance] : state.pending)
      for (Value &slot : instance.slots)
        if (slot == result)
          slot = Value();

  auto writeIt = writes.find(op);
  if (writeIt != writes.end()) {
    for (const GenericWrite &write : writeIt->second)
      for (const auto &[key, instance] : state.pending) {
        Operation *asyncOp = key.first;
        for (auto [index, read] : llvm::enumerate(reads[asyncOp])) {
          if (!BufferRegionAnalysis::mayAlias(read.regions, write.regions))
            continue;
          if (!key.second && readsOtherSlot(instance, index, read, write.slot))
            continue;
          if (seen.insert({asyncOp, op}).second)
            result.hazards.push_back({asyncOp, op, read.completedBy,
                                      read.regions, write.regions});
        }
      }
  }
  auto readIt = reads.find(op);
  if (readIt != reads.end()) {
    // Every issue of the same kind in flight has one more newer read; the
    // op's previous newest issue becomes an older one.
    CompletionKind kind = readIt->second.front().completedBy;
    for (auto &[key, instance] : state.pending)
      if (reads[key.first].front().completedBy == kind)
        instance.groups.commit();
    InstanceKey newest{op, 0}, older{op, 1};
    auto previous = state.pending.find(newest);
    if (previous != state.pending.end()) {
      Instance moved = previous->second;
      moved.slots.clear();
      auto [it, inserted] = state.pending.insert({older, moved});
      if (!inserted)
        it->second.merge(moved);
      state.pending.erase(newest);
    }
    Instance issue;
    for (const PendingRead &read : readIt->second)
      issue.slots.push_back(read.slot && rings.getCounterExpr(read.slot->second)
                                ? read.slot->second
                                : Value());
    state.pending[newest] = issue;
  }
}

CompletionHazardAnalysis::CompletionHazardAnalysis(
    ModuleOp module, const BufferRegionAnalysis &regions) {
  Impl impl(regions, *this);
  impl.collect(module);
  impl.runOnFunctions(module, State());
}
