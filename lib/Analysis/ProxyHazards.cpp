//===- ProxyHazards.cpp - generic/async proxy hazards -------------------===//
//
// Forward dataflow over structured and unstructured control flow. The
// lattice and its transfer functions are the engine's (engine::FenceRules
// over engine::FenceFrontier, include/proxyfence/Engine/Frontier.h): this
// file numbers the ops' shared accesses, resolves their bytes, and runs the
// rules over Triton's IR; what each fence orders is the engine's
// FenceLedger.
//
//===----------------------------------------------------------------------===//

#include "proxyfence/Analysis/ProxyHazards.h"

#include "proxyfence/Analysis/BufferRegion.h"
#include "proxyfence/Analysis/ForwardDataflow.h"
#include "proxyfence/Engine/Frontier.h"

#include "proxyfence/Dialect/TritonNvidiaGPU/IR/Dialect.h"

#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SetVector.h"

#include <optional>
#include <tuple>

using namespace mlir;
using namespace proxyfence;

namespace {

/// One shared-memory data access of an op, resolved to regions.
struct SharedAccess {
  RegionSet regions;
  bool isWrite = false;
  bool isAsync = false;
  FenceScope scope = FenceScope::CTA;
};

/// An access: the op and the index of the access in its list.
using AccessKey = std::pair<Operation *, unsigned>;

using State = engine::FenceFrontier;

/// An access through a view of a peer CTA's shared memory
/// (`ttng.map_to_remote_buffer`) reaches the cluster, whichever op makes it.
static FenceScope getReach(Value value) {
  auto type = value ? dyn_cast<ttg::MemDescType>(value.getType()) : nullptr;
  if (type && isa_and_nonnull<ttng::SharedClusterMemorySpaceAttr>(
                  type.getMemorySpace()))
    return FenceScope::Cluster;
  return FenceScope::CTA;
}

/// Follows memdesc views back to a function argument.
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
  if (!BufferRegionAnalysis::mayAlias(generic.regions, async.regions))
    return std::nullopt;
  return getHazardKind(generic.isWrite, async.isWrite);
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

  /// Every shared access, numbered in walk order (the engine's keys: the
  /// bits of the frontier), and the first key of each op's accesses.
  std::vector<AccessKey> keys;
  DenseMap<Operation *, unsigned> firstKey;
  unsigned keyOf(Operation *op, unsigned index) const {
    return firstKey.lookup(op) + index;
  }
  const SharedAccess &accessOf(unsigned key) {
    return getAccesses(keys[key].first)[keys[key].second];
  }
  /// The fences, numbered in walk order when fence effects are recorded.
  std::vector<Operation *> fences;
  DenseMap<Operation *, unsigned> fenceId;
  std::optional<engine::FenceRules> rules;
  /// With recordFenceEffects: what each fence orders.
  std::optional<engine::FenceLedger> ledger;
  void computeFenceEffects();
  bool addsHazard(const llvm::BitVector &pending,
                  const llvm::BitVector &reached, bool cluster);
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
    rules->fence(state, decided->second);

  bool anyConflict = false;
  FenceScope neededByOp = FenceScope::CTA;
  for (unsigned index = 0; index != accesses.size(); ++index) {
    const SharedAccess &async = accesses[index];
    if (!async.isAsync)
      continue;
    if (ledger)
      ledger->atAsync(state, keyOf(op, index), async.scope);
    FenceScope needed = async.scope;
    bool conflict = false;
    auto conflicts = [&](unsigned key) {
      return getConflict(accessOf(key), async);
    };
    for (const engine::FenceRules::Missing &missing :
         rules->missingFences(state, async.scope, conflicts)) {
      conflict = true;
      needed = wider(needed, missing.scope);
      Operation *genericOp = keys[missing.key].first;
      if (seenHazards
              .insert({genericOp, op, static_cast<unsigned>(missing.kind)})
              .second)
        result.hazards.push_back({genericOp, op, missing.kind, missing.scope,
                                  accessOf(missing.key).regions,
                                  async.regions});
    }
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
  rules->fence(state, scope);
}

void ProxyHazardAnalysis::Impl::visitOp(Operation *op, State &state) {
  if (auto fence = dyn_cast<ttng::FenceAsyncSharedOp>(op)) {
    if (options.ignoredFences.contains(op))
      return;
    bool cluster = fence.getBCluster() && !options.narrowedFences.contains(op);
    Scope scope = cluster ? Scope::Cluster : Scope::CTA;
    std::optional<unsigned> id;
    if (ledger) {
      id = fenceId.lookup(op);
      ledger->atFence(state, *id, scope);
    }
    rules->fence(state, scope, id);
    return;
  }
  ArrayRef<SharedAccess> accesses = getAccesses(op);
  if (accesses.empty())
    return;
  checkAsync(op, accesses, state);
  for (auto [index, access] : llvm::enumerate(accesses))
    if (!access.isAsync)
      rules->access(state, keyOf(op, index));
}

void ProxyHazardAnalysis::Impl::run() {
  // Resolve every op's accesses first, numbering them: later lookups never
  // grow the cache, so the ArrayRefs it hands out stay valid.
  Operation *root = getRoot();
  llvm::BitVector remote;
  root->walk([&](Operation *op) {
    ArrayRef<SharedAccess> accesses = getAccesses(op);
    if (!accesses.empty())
      firstKey[op] = keys.size();
    for (auto [index, access] : llvm::enumerate(accesses)) {
      keys.push_back({op, static_cast<unsigned>(index)});
      remote.push_back(!access.isAsync && access.scope == FenceScope::Cluster);
    }
    if (options.recordFenceEffects && isa<ttng::FenceAsyncSharedOp>(op)) {
      fenceId[op] = fences.size();
      fences.push_back(op);
    }
  });
  // Triton's passes insert the cluster fence for every cluster-reach async
  // access (docs/proxy-model.md, Scope).
  rules.emplace(std::move(remote), fences.size(),
                engine::CtaFenceReading::Conservative);
  if (options.recordFenceEffects)
    ledger.emplace(*rules, fences.size());
  runOnFunctions(root, rules->entry());
  if (options.recordFenceEffects)
    computeFenceEffects();
}

/// Whether some pending generic access and some reached async access
/// conflict (not both reads, may alias) and are not already a hazard:
/// removing the fence between them would add that hazard.
bool ProxyHazardAnalysis::Impl::addsHazard(const llvm::BitVector &pending,
                                           const llvm::BitVector &reached,
                                           bool cluster) {
  for (unsigned asyncKey : reached.set_bits()) {
    Operation *asyncOp = keys[asyncKey].first;
    // An async op that already has a hazard gets an assumed fence
    // (fenceAtHazards), which on later visits (loop back edges) hides what
    // else reaches it; whether this fence matters there depends on the
    // order of visits, so it is left to an exact probe.
    if (result.fencePoints.count(asyncOp))
      continue;
    const SharedAccess &async = accessOf(asyncKey);
    for (unsigned genericKey : pending.set_bits()) {
      const SharedAccess &generic = accessOf(genericKey);
      // Through the cluster frontier, a pair needs the fence only when one
      // side reaches another CTA; CTA pairs are the CTA frontier's.
      if (cluster && async.scope != FenceScope::Cluster &&
          !rules->isRemote(genericKey))
        continue;
      std::optional<HazardKind> kind = getConflict(generic, async);
      if (kind && !seenHazards.contains({keys[genericKey].first, asyncOp,
                                         static_cast<unsigned>(*kind)}))
        return true;
    }
  }
  return false;
}

void ProxyHazardAnalysis::Impl::computeFenceEffects() {
  auto adds = [&](const llvm::BitVector &pending,
                  const llvm::BitVector &reached, bool cluster) {
    return addsHazard(pending, reached, cluster);
  };
  // Alone: what removing or narrowing each fence adds.
  for (unsigned id = 0; id != fences.size(); ++id) {
    if (!ledger->isReached(id))
      continue;
    engine::FenceLedger::Effect alone = ledger->alone(id, adds);
    FenceEffect &effect = result.fenceEffects[fences[id]];
    effect.ordersHazard = alone.ordersHazard;
    effect.needsClusterScope = alone.needsClusterScope;
  }
  // Greedy, in program order, per function (hazards never cross
  // functions). Exact only where the analysis assumed no fence at a
  // hazard: such an assumed fence hides, on later loop iterations, what
  // else reaches its op, and that depends on the order of visits.
  getRoot()->walk([&](FunctionOpInterface function) {
    bool exact = llvm::none_of(result.fencePoints, [&](const auto &point) {
      return function->isProperAncestor(point.first);
    });
    if (!exact)
      return;
    SmallVector<unsigned> order;
    function->walk([&](ttng::FenceAsyncSharedOp fence) {
      order.push_back(fenceId.lookup(fence));
    });
    std::vector<engine::FenceLedger::Verdict> verdicts =
        ledger->greedy(order, adds);
    for (auto [id, verdict] : llvm::zip(order, verdicts)) {
      if (!ledger->isReached(id))
        continue;
      FenceEffect &effect = result.fenceEffects[fences[id]];
      effect.greedyExact = true;
      effect.greedySpurious = verdict.spurious;
      effect.greedyOverwide = verdict.overwide;
    }
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
