//===- ProxyHazards.cpp - generic/async proxy hazards -------------------===//
//
// Forward dataflow over structured and unstructured control flow. The
// lattice is a pair of sets of pending generic accesses (CTA and cluster
// frontier), joined by union; transfer functions only add accesses or clear
// sets, so every loop converges.
//
//===----------------------------------------------------------------------===//

#include "proxyfence/Analysis/ProxyHazards.h"

#include "proxyfence/Analysis/BufferRegion.h"
#include "proxyfence/Analysis/ForwardDataflow.h"

#include "proxyfence/Dialect/TritonNvidiaGPU/IR/Dialect.h"

#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SetVector.h"

#include <optional>
#include <tuple>

using namespace mlir;
using namespace proxyfence;

StringRef proxyfence::stringifyHazardKind(HazardKind kind) {
  switch (kind) {
  case HazardKind::RAW:
    return "RAW";
  case HazardKind::WAR:
    return "WAR";
  case HazardKind::WAW:
    return "WAW";
  }
  llvm_unreachable("unknown hazard kind");
}

namespace {

/// One shared-memory data access of an op, resolved to regions.
struct SharedAccess {
  RegionSet regions;
  bool isWrite = false;
  bool isAsync = false;
  FenceScope scope = FenceScope::CTA;
};

/// A generic access: the op and the index of the access in its list.
using AccessKey = std::pair<Operation *, unsigned>;

/// Generic accesses not yet ordered by a fence, per frontier; and, when
/// fence effects are recorded, the fences that last cleared each frontier
/// on some path (the ones an async access here is ordered by).
struct State {
  llvm::SetVector<AccessKey> cta;
  llvm::SetVector<AccessKey> cluster;
  llvm::SetVector<Operation *> lastCta, lastCluster;

  bool merge(const State &other) {
    bool changed = false;
    for (const AccessKey &key : other.cta)
      changed |= cta.insert(key);
    for (const AccessKey &key : other.cluster)
      changed |= cluster.insert(key);
    for (Operation *fence : other.lastCta)
      changed |= lastCta.insert(fence);
    for (Operation *fence : other.lastCluster)
      changed |= lastCluster.insert(fence);
    return changed;
  }
  /// A fence of `scope`; `op` is the fence op, null for one the analysis
  /// assumes (fenceAtHazards).
  void fence(FenceScope scope, Operation *op = nullptr) {
    cta.clear();
    lastCta.clear();
    if (op)
      lastCta.insert(op);
    if (scope == FenceScope::Cluster) {
      cluster.clear();
      lastCluster.clear();
      if (op)
        lastCluster.insert(op);
    }
  }
};

static FenceScope wider(FenceScope a, FenceScope b) {
  return a == FenceScope::Cluster || b == FenceScope::Cluster
             ? FenceScope::Cluster
             : FenceScope::CTA;
}

/// Follows memdesc views back to a function argument.
/// An access through a view of a peer CTA's shared memory
/// (`ttng.map_to_remote_buffer`) reaches the cluster, whichever op makes it.
static FenceScope getReach(Value value) {
  auto type = value ? dyn_cast<ttg::MemDescType>(value.getType()) : nullptr;
  if (type && isa_and_nonnull<ttng::SharedClusterMemorySpaceAttr>(
                  type.getMemorySpace()))
    return FenceScope::Cluster;
  return FenceScope::CTA;
}

static std::optional<unsigned> traceToArgument(Value value) {
  while (Operation *def = value.getDefiningOp()) {
    if (!isMemDescView(def))
      return std::nullopt;
    value = def->getOperand(0);
  }
  auto arg = cast<BlockArgument>(value);
  Block *block = arg.getOwner();
  if (!block->isEntryBlock() ||
      !isa<FunctionOpInterface>(block->getParentOp()))
    return std::nullopt;
  return arg.getArgNumber();
}

} // namespace

/// The hazard a generic access and a later async access form, if they
/// conflict: not both reads, and their regions may alias.
static std::optional<HazardKind> getConflict(const SharedAccess &generic,
                                             const SharedAccess &async) {
  if (!generic.isWrite && !async.isWrite)
    return std::nullopt;
  if (!BufferRegionAnalysis::mayAlias(generic.regions, async.regions))
    return std::nullopt;
  return !generic.isWrite ? HazardKind::WAR
         : async.isWrite  ? HazardKind::WAW
                          : HazardKind::RAW;
}

struct ProxyHazardAnalysis::Impl
    : public ForwardDataflow<ProxyHazardAnalysis::Impl, State> {
  Impl(ModuleOp module, const BufferRegionAnalysis &regions,
       const ProxyHazardOptions &options, ProxyHazardAnalysis &result)
      : module(module), regions(regions), options(options), result(result) {}

  ArrayRef<SharedAccess> getAccesses(Operation *op);
  void collectCallAccesses(Operation *call, SmallVectorImpl<SharedAccess> &out,
                           llvm::SmallPtrSetImpl<Operation *> &visiting);

  void visitOp(Operation *op, State &state);
  void checkAsync(Operation *op, ArrayRef<SharedAccess> accesses,
                  State &state);
  void run();

  /// What is analysed: the module, or the one function of `onlyFunction`.
  Operation *getRoot() {
    return options.onlyFunction ? options.onlyFunction
                                : module.getOperation();
  }

  ModuleOp module;
  const BufferRegionAnalysis &regions;
  const ProxyHazardOptions &options;
  ProxyHazardAnalysis &result;
  DenseMap<Operation *, SmallVector<SharedAccess, 2>> accessCache;
  DenseSet<std::tuple<Operation *, Operation *, unsigned>> seenHazards;

  /// With recordFenceEffects: per fence, the generic accesses pending
  /// where it stands (per frontier it clears) and the async accesses that
  /// reach it as the last fence of their frontier.
  struct FenceRecord {
    llvm::SetVector<AccessKey> pendingCta, pendingCluster;
    llvm::SetVector<AccessKey> reachedCta, reachedCluster;
    /// The fences met next, on some path, that clear the frontier this
    /// fence cleared last (CTA: any fence; cluster: cluster fences).
    llvm::SetVector<Operation *> nextCta, nextCluster;
  };
  llvm::MapVector<Operation *, FenceRecord> fenceRecords;
  void computeFenceEffects();
  bool addsHazard(const llvm::SetVector<AccessKey> &pending,
                  const llvm::SetVector<AccessKey> &reached, bool cluster);
};

ArrayRef<SharedAccess> ProxyHazardAnalysis::Impl::getAccesses(Operation *op) {
  auto it = accessCache.find(op);
  if (it != accessCache.end())
    return it->second;
  SmallVector<SharedAccess, 2> accesses;
  if (auto iface = dyn_cast<ProxyAccessOpInterface>(op)) {
    SmallVector<ProxyAccess, 4> raw;
    iface.getProxyAccesses(raw);
    for (const ProxyAccess &access : raw) {
      if (!access.isGenericShared() && !access.isAsyncShared())
        continue;
      accesses.push_back({regions.getAccessRegions(op, access),
                          access.isWrite(), access.isAsyncShared(),
                          wider(access.scope, getReach(access.value))});
    }
  } else if (isa<CallOpInterface>(op)) {
    llvm::SmallPtrSet<Operation *, 4> visiting;
    collectCallAccesses(op, accesses, visiting);
  }
  return accessCache[op] = std::move(accesses);
}

/// A call accesses everything its callee (and its callees) access; regions
/// reached through the callee's arguments become the caller's operands'.
void ProxyHazardAnalysis::Impl::collectCallAccesses(
    Operation *call, SmallVectorImpl<SharedAccess> &out,
    llvm::SmallPtrSetImpl<Operation *> &visiting) {
  auto callOp = cast<CallOpInterface>(call);
  auto callee = dyn_cast_or_null<FunctionOpInterface>(
      callOp.resolveCallable());
  if (!callee || callee.isExternal() || !visiting.insert(callee).second)
    return;
  callee->walk([&](Operation *op) {
    if (isa<CallOpInterface>(op)) {
      collectCallAccesses(op, out, visiting);
      return;
    }
    auto iface = dyn_cast<ProxyAccessOpInterface>(op);
    if (!iface)
      return;
    SmallVector<ProxyAccess, 4> raw;
    iface.getProxyAccesses(raw);
    for (const ProxyAccess &access : raw) {
      if (!access.isGenericShared() && !access.isAsyncShared())
        continue;
      RegionSet set = regions.getAccessRegions(op, access);
      if (set.unknown)
        if (std::optional<unsigned> arg = traceToArgument(access.value))
          if (*arg < callOp.getArgOperands().size())
            set = regions.getRegions(callOp.getArgOperands()[*arg]);
      out.push_back({set, access.isWrite(), access.isAsyncShared(),
                     wider(access.scope, getReach(access.value))});
    }
  });
  visiting.erase(callee);
}

void ProxyHazardAnalysis::Impl::checkAsync(Operation *op,
                                           ArrayRef<SharedAccess> accesses,
                                           State &state) {
  // A fence already decided for this op (in an earlier round) is in place.
  auto decided = result.fencePoints.find(op);
  if (decided != result.fencePoints.end())
    state.fence(decided->second);

  bool anyConflict = false;
  FenceScope neededByOp = FenceScope::CTA;
  for (unsigned index = 0; index != accesses.size(); ++index) {
    const SharedAccess &async = accesses[index];
    if (!async.isAsync)
      continue;
    bool clusterAsync = async.scope == FenceScope::Cluster;
    if (options.recordFenceEffects) {
      AccessKey self{op, static_cast<unsigned>(index)};
      if (!clusterAsync)
        for (Operation *fence : state.lastCta)
          fenceRecords[fence].reachedCta.insert(self);
      // A CTA-scope async access also reaches the last cluster fence: it
      // orders the cluster-reach generic accesses (addsHazard pairs them
      // only with those).
      for (Operation *fence : state.lastCluster)
        fenceRecords[fence].reachedCluster.insert(self);
    }
    FenceScope needed = async.scope;
    bool conflict = false;
    auto check = [&](const AccessKey &key) {
      const SharedAccess &generic = getAccesses(key.first)[key.second];
      std::optional<HazardKind> kind = getConflict(generic, async);
      if (!kind)
        return;
      conflict = true;
      FenceScope scope = wider(async.scope, generic.scope);
      needed = wider(needed, scope);
      if (seenHazards
              .insert({key.first, op, static_cast<unsigned>(*kind)})
              .second)
        result.hazards.push_back({key.first, op, *kind, scope,
                                  generic.regions, async.regions});
    };
    for (const AccessKey &key : clusterAsync ? state.cluster : state.cta)
      check(key);
    // A generic access of another CTA's shared memory (DSMEM) stays in the
    // cluster frontier only: that CTA's async op is ordered after it by a
    // cluster fence alone (docs/proxy-model.md, Scope).
    if (!clusterAsync)
      for (const AccessKey &key : state.cluster)
        if (getAccesses(key.first)[key.second].scope == FenceScope::Cluster)
          check(key);
    if (!conflict)
      continue;
    anyConflict = true;
    neededByOp = wider(neededByOp, needed);
  }
  // The assumed fence goes before the op, after all of its accesses are
  // checked: every operand's hazards are reported (one fence fixes them).
  if (!anyConflict || !options.fenceAtHazards)
    return;
  FenceScope &scope = result.fencePoints[op];
  scope = wider(scope, neededByOp);
  state.fence(scope);
}

void ProxyHazardAnalysis::Impl::visitOp(Operation *op, State &state) {
  if (auto fence = dyn_cast<ttng::FenceAsyncSharedOp>(op)) {
    if (options.ignoredFences.contains(op))
      return;
    bool cluster = fence.getBCluster() && !options.narrowedFences.contains(op);
    if (options.recordFenceEffects) {
      FenceRecord &record = fenceRecords[op];
      for (const AccessKey &key : state.cta)
        record.pendingCta.insert(key);
      for (Operation *previous : state.lastCta)
        fenceRecords[previous].nextCta.insert(op);
      if (cluster) {
        for (const AccessKey &key : state.cluster)
          record.pendingCluster.insert(key);
        for (Operation *previous : state.lastCluster)
          fenceRecords[previous].nextCluster.insert(op);
      }
    }
    state.fence(cluster ? FenceScope::Cluster : FenceScope::CTA, op);
    return;
  }
  ArrayRef<SharedAccess> accesses = getAccesses(op);
  if (accesses.empty())
    return;
  checkAsync(op, accesses, state);
  for (auto [index, access] : llvm::enumerate(accesses)) {
    if (access.isAsync)
      continue;
    // A CTA fence does not order a write into another CTA (checkAsync).
    if (access.scope != FenceScope::Cluster)
      state.cta.insert({op, index});
    state.cluster.insert({op, index});
  }
}

void ProxyHazardAnalysis::Impl::run() {
  // Resolve every op's accesses first: later lookups never grow the cache,
  // so the ArrayRefs it hands out stay valid.
  Operation *root = getRoot();
  root->walk([&](Operation *op) { (void)getAccesses(op); });
  runOnFunctions(root, State());
  if (options.recordFenceEffects)
    computeFenceEffects();
}

/// Whether some pending generic access and some reached async access
/// conflict (not both reads, may alias) and are not already a hazard:
/// removing the fence between them would add that hazard.
bool ProxyHazardAnalysis::Impl::addsHazard(
    const llvm::SetVector<AccessKey> &pending,
    const llvm::SetVector<AccessKey> &reached, bool cluster) {
  for (const AccessKey &asyncKey : reached) {
    // An async op that already has a hazard gets an assumed fence
    // (fenceAtHazards), which on later visits (loop back edges) hides what
    // else reaches it; whether this fence matters there depends on the
    // order of visits, so it is left to an exact probe.
    if (result.fencePoints.count(asyncKey.first))
      continue;
    const SharedAccess &async = getAccesses(asyncKey.first)[asyncKey.second];
    for (const AccessKey &genericKey : pending) {
      const SharedAccess &generic =
          getAccesses(genericKey.first)[genericKey.second];
      // Through the cluster frontier, a pair needs the fence only when one
      // side reaches another CTA; CTA pairs are the CTA frontier's.
      if (cluster && async.scope != FenceScope::Cluster &&
          generic.scope != FenceScope::Cluster)
        continue;
      std::optional<HazardKind> kind = getConflict(generic, async);
      if (kind && !seenHazards.contains({genericKey.first, asyncKey.first,
                                         static_cast<unsigned>(*kind)}))
        return true;
    }
  }
  return false;
}

void ProxyHazardAnalysis::Impl::computeFenceEffects() {
  // Alone: what removing or narrowing each fence adds.
  for (auto &[fence, record] : fenceRecords) {
    FenceEffect &effect = result.fenceEffects[fence];
    // Narrowed to the CTA, the fence no longer orders what cluster-reach
    // async accesses see; removed, it orders nothing.
    effect.needsClusterScope =
        addsHazard(record.pendingCluster, record.reachedCluster, true);
    effect.ordersHazard =
        effect.needsClusterScope ||
        addsHazard(record.pendingCta, record.reachedCta, false);
  }

  // Greedy, in program order, per function (hazards never cross
  // functions): a fence is spurious if removing it, with the spurious ones
  // before it removed too, adds no hazard. A hazard that removing fence c
  // adds runs g -> f0 -> ... -> c -> ... -> fk -> a, every fence on the
  // way removed: g pending at f0, a reached from fk, where f0 and fk are c
  // or removed fences chained to it by "next fence" edges of the frontier
  // (CTA: any fence; cluster: cluster fences). Exact only where the
  // analysis assumed no fence at a hazard: such an assumed fence hides, on
  // later loop iterations, what else reaches its op, and that depends on
  // the order of visits.
  llvm::DenseMap<Operation *, llvm::SmallVector<Operation *, 2>> prevCta,
      prevCluster;
  for (auto &[fence, record] : fenceRecords) {
    for (Operation *next : record.nextCta)
      prevCta[next].push_back(fence);
    for (Operation *next : record.nextCluster)
      prevCluster[next].push_back(fence);
  }
  llvm::SmallPtrSet<Operation *, 16> removed;
  // The fences chained to `fence` through removed ones, and `fence`.
  auto chain = [&](Operation *fence, bool forward, bool cluster) {
    llvm::SetVector<Operation *> seen;
    llvm::SmallVector<Operation *> stack{fence};
    seen.insert(fence);
    while (!stack.empty()) {
      Operation *at = stack.pop_back_val();
      llvm::SmallVector<Operation *, 4> edges;
      if (forward) {
        FenceRecord &record = fenceRecords[at];
        const auto &next = cluster ? record.nextCluster : record.nextCta;
        edges.append(next.begin(), next.end());
      } else {
        const auto &prev = cluster ? prevCluster[at] : prevCta[at];
        edges.append(prev.begin(), prev.end());
      }
      for (Operation *other : edges)
        if (removed.contains(other) && seen.insert(other))
          stack.push_back(other);
    }
    return seen;
  };
  auto addsWithRemoved = [&](Operation *fence, bool cluster) {
    llvm::SetVector<AccessKey> pending, reached;
    for (Operation *f : chain(fence, /*forward=*/false, cluster)) {
      FenceRecord &record = fenceRecords[f];
      const auto &p = cluster ? record.pendingCluster : record.pendingCta;
      pending.insert(p.begin(), p.end());
    }
    for (Operation *f : chain(fence, /*forward=*/true, cluster)) {
      FenceRecord &record = fenceRecords[f];
      const auto &r = cluster ? record.reachedCluster : record.reachedCta;
      reached.insert(r.begin(), r.end());
    }
    return addsHazard(pending, reached, cluster);
  };
  getRoot()->walk([&](FunctionOpInterface function) {
    bool exact = llvm::none_of(result.fencePoints, [&](const auto &point) {
      return function->isProperAncestor(point.first);
    });
    if (!exact)
      return;
    function->walk([&](ttng::FenceAsyncSharedOp fence) {
      if (!fenceRecords.count(fence))
        return; // not reached
      FenceEffect &effect = result.fenceEffects[fence];
      effect.greedyExact = true;
      bool narrowAdds = addsWithRemoved(fence, /*cluster=*/true);
      effect.greedySpurious =
          !narrowAdds && !addsWithRemoved(fence, /*cluster=*/false);
      effect.greedyOverwide = !effect.greedySpurious && !narrowAdds;
      if (effect.greedySpurious)
        removed.insert(fence);
    });
  });
}

ProxyHazardAnalysis::ProxyHazardAnalysis(ModuleOp module,
                                         const BufferRegionAnalysis &regions,
                                         ProxyHazardOptions options) {
  Impl impl(module, regions, options, *this);
  impl.run();
}

Operation *proxyfence::getFenceInsertionPoint(Operation *asyncOp) {
  Operation *point = asyncOp;
  for (Operation *op = asyncOp->getPrevNode(); op; op = op->getPrevNode()) {
    auto iface = dyn_cast<ProxyAccessOpInterface>(op);
    if (iface && (iface.isExecutionBarrier() ||
                  iface.getExecutionBarrierScope())) {
      point = op;
      continue;
    }
    if (op->getNumRegions() != 0 || isa<ProxyAccessOpInterface>(op) ||
        isa<CallOpInterface>(op))
      break;
  }
  return point;
}
