//===- CompletionHazards.cpp - async reads overwritten too early --------===//
//
// State: the async reads issued and not yet completed, in issue order.
// `async_tma_store_wait {pendings = N}` completes all but the newest N
// bulk stores, `warp_group_dot_wait {pendings = N}` all but the newest N
// wgmmas; an mbarrier wait completes tcgen05 reads (the analysis does not
// match a wait to the particular barrier a commit arrives on, so it never
// reports a tcgen05 read as pending across any wait).
//
//===----------------------------------------------------------------------===//

#include "proxyfence/Analysis/CompletionHazards.h"

#include "proxyfence/Analysis/ForwardDataflow.h"
#include "proxyfence/Dialect/TritonNvidiaGPU/IR/Dialect.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SetVector.h"

using namespace mlir;
using namespace proxyfence;

namespace {

/// One async read, and the wait that completes it.
struct PendingRead {
  Operation *op;
  CompletionKind completedBy;
  RegionSet regions;
};

struct State {
  /// Async ops with reads in flight, oldest first.
  llvm::SetVector<Operation *> pending;

  bool merge(const State &other) {
    bool changed = false;
    for (Operation *op : other.pending)
      changed |= pending.insert(op);
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

  const BufferRegionAnalysis &regions;
  CompletionHazardAnalysis &result;
  /// Async reads per op.
  DenseMap<Operation *, SmallVector<PendingRead, 2>> reads;
  /// Generic writes per op.
  DenseMap<Operation *, SmallVector<RegionSet, 1>> writes;
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
        reads[op].push_back(
            {op, completedBy, regions.getRegions(access.value)});
      else if (access.isGenericShared() && access.isWrite() &&
               access.proxy == Proxy::Generic)
        writes[op].push_back(regions.getRegions(access.value));
    }
  });
}

/// Completes the pending reads of `kind`, except the newest `keepNewest`.
void CompletionHazardAnalysis::Impl::complete(State &state,
                                              CompletionKind kind,
                                              int64_t keepNewest) {
  SmallVector<Operation *> ofKind;
  for (Operation *op : state.pending)
    if (reads[op].front().completedBy == kind)
      ofKind.push_back(op);
  int64_t toComplete = static_cast<int64_t>(ofKind.size()) - keepNewest;
  for (int64_t i = 0; i < toComplete; ++i)
    state.pending.remove(ofKind[i]);
}

/// On the side where `condition` is false, ops issued under it never ran.
void CompletionHazardAnalysis::Impl::refineBranch(Value condition, bool taken,
                                                  State &state) {
  if (taken)
    return;
  state.pending.remove_if([&](Operation *op) {
    auto iface = dyn_cast<ProxyAccessOpInterface>(op);
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

  auto writeIt = writes.find(op);
  if (writeIt != writes.end()) {
    for (const RegionSet &written : writeIt->second)
      for (Operation *asyncOp : state.pending)
        for (const PendingRead &read : reads[asyncOp])
          if (BufferRegionAnalysis::mayAlias(read.regions, written) &&
              seen.insert({asyncOp, op}).second)
            result.hazards.push_back(
                {asyncOp, op, read.completedBy, read.regions, written});
  }
  if (reads.count(op))
    state.pending.insert(op);
}

CompletionHazardAnalysis::CompletionHazardAnalysis(
    ModuleOp module, const BufferRegionAnalysis &regions) {
  Impl impl(regions, *this);
  impl.collect(module);
  impl.runOnFunctions(module, State());
}
