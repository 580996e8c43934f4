//===- CompletionHazards.cpp - async reads overwritten too early --------===//
//
// State: the async reads issued and not yet completed, each with the
// fewest reads of its kind issued after it on any path to here.
// `async_tma_store_wait {pendings = N}` completes all but the newest N
// bulk stores, `warp_group_dot_wait {pendings = N}` all but the newest N
// wgmmas: the reads with at least N newer ones on every path. (Where paths
// join, which read is newest depends on the path; counting per path keeps a
// read pending if it may be among the newest N on any of them.) An mbarrier
// wait completes tcgen05 reads (the analysis does not match a wait to the
// particular barrier a commit arrives on, so it never reports a tcgen05
// read as pending across any wait).
//
//===----------------------------------------------------------------------===//

#include "proxyfence/Analysis/CompletionHazards.h"

#include "proxyfence/Analysis/ForwardDataflow.h"
#include "proxyfence/Dialect/TritonNvidiaGPU/IR/Dialect.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/MapVector.h"

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
  /// Async ops with reads in flight, in issue order, each with the fewest
  /// reads of its completion kind issued after it on any path.
  llvm::MapVector<Operation *, int64_t> pending;

  bool merge(const State &other) {
    bool changed = false;
    for (auto [op, newer] : other.pending) {
      auto [it, inserted] = pending.insert({op, newer});
      if (inserted || newer < it->second) {
        it->second = std::min(it->second, newer);
        changed = true;
      }
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
            {op, completedBy, regions.getAccessRegions(op, access)});
      else if (access.isGenericShared() && access.isWrite() &&
               access.proxy == Proxy::Generic)
        writes[op].push_back(regions.getAccessRegions(op, access));
    }
  });
}

/// Completes the pending reads of `kind`, except the newest `keepNewest`:
/// those with at least `keepNewest` newer reads of their kind on every path.
void CompletionHazardAnalysis::Impl::complete(State &state,
                                              CompletionKind kind,
                                              int64_t keepNewest) {
  state.pending.remove_if([&](const std::pair<Operation *, int64_t> &entry) {
    return reads[entry.first].front().completedBy == kind &&
           entry.second >= keepNewest;
  });
}

/// On the side where `condition` is false, ops issued under it never ran.
void CompletionHazardAnalysis::Impl::refineBranch(Value condition, bool taken,
                                                  State &state) {
  if (taken)
    return;
  state.pending.remove_if([&](const std::pair<Operation *, int64_t> &entry) {
    auto iface = dyn_cast<ProxyAccessOpInterface>(entry.first);
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
      for (auto [asyncOp, newer] : state.pending)
        for (const PendingRead &read : reads[asyncOp])
          if (BufferRegionAnalysis::mayAlias(read.regions, written) &&
              seen.insert({asyncOp, op}).second)
            result.hazards.push_back(
                {asyncOp, op, read.completedBy, read.regions, written});
  }
  auto readIt = reads.find(op);
  if (readIt != reads.end()) {
    // Every read of the same kind in flight has one more newer read; this
    // one has none (also when it was in flight from an earlier iteration).
    CompletionKind kind = readIt->second.front().completedBy;
    for (auto &[other, newer] : state.pending)
      if (other != op && reads[other].front().completedBy == kind)
        ++newer;
    state.pending[op] = 0;
  }
}

CompletionHazardAnalysis::CompletionHazardAnalysis(
    ModuleOp module, const BufferRegionAnalysis &regions) {
  Impl impl(regions, *this);
  impl.collect(module);
  impl.runOnFunctions(module, State());
}
