//===- ProxyHazards.cpp - generic/async proxy hazards -------------------===//
//
// Forward dataflow over structured and unstructured control flow. The
// lattice is a pair of sets of pending generic accesses (CTA and cluster
// frontier), joined by union; transfer functions only add accesses or clear
// sets, so every loop converges.
//
//===----------------------------------------------------------------------===//

#include "proxyfence/Analysis/ProxyHazards.h"

#include "proxyfence/Analysis/ForwardDataflow.h"

#include "proxyfence/Dialect/TritonNvidiaGPU/IR/Dialect.h"

#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SetVector.h"

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

/// Generic accesses not yet ordered by a fence, per frontier.
struct State {
  llvm::SetVector<AccessKey> cta;
  llvm::SetVector<AccessKey> cluster;

  bool merge(const State &other) {
    bool changed = false;
    for (const AccessKey &key : other.cta)
      changed |= cta.insert(key);
    for (const AccessKey &key : other.cluster)
      changed |= cluster.insert(key);
    return changed;
  }
  void fence(FenceScope scope) {
    cta.clear();
    if (scope == FenceScope::Cluster)
      cluster.clear();
  }
};

static FenceScope wider(FenceScope a, FenceScope b) {
  return a == FenceScope::Cluster || b == FenceScope::Cluster
             ? FenceScope::Cluster
             : FenceScope::CTA;
}

/// Follows memdesc views back to a function argument.
static std::optional<unsigned> traceToArgument(Value value) {
  while (Operation *def = value.getDefiningOp()) {
    if (!isa<ttg::MemDescIndexOp, ttg::MemDescSubsliceOp, ttg::MemDescTransOp,
             ttg::MemDescReshapeOp, ttg::MemDescReinterpretOp>(def))
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

struct ProxyHazardAnalysis::Impl
    : public ForwardDataflow<ProxyHazardAnalysis::Impl, State> {
  Impl(Operation *root, const BufferRegionAnalysis &regions,
       const ProxyHazardOptions &options, ProxyHazardAnalysis &result)
      : root(root), regions(regions), options(options), result(result) {}

  ArrayRef<SharedAccess> getAccesses(Operation *op);
  void collectCallAccesses(Operation *call, SmallVectorImpl<SharedAccess> &out,
                           llvm::SmallPtrSetImpl<Operation *> &visiting);

  void visitOp(Operation *op, State &state);
  void checkAsync(Operation *op, ArrayRef<SharedAccess> accesses,
                  State &state);
  void run();

  /// The module, or one function.
  Operation *root;
  const BufferRegionAnalysis &regions;
  const ProxyHazardOptions &options;
  ProxyHazardAnalysis &result;
  DenseMap<Operation *, SmallVector<SharedAccess, 2>> accessCache;
  DenseSet<std::tuple<Operation *, Operation *, unsigned>> seenHazards;
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
      accesses.push_back({regions.getRegions(access.value), access.isWrite(),
                          access.isAsyncShared(), access.scope});
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
      RegionSet set = regions.getRegions(access.value);
      if (set.unknown)
        if (std::optional<unsigned> arg = traceToArgument(access.value))
          if (*arg < callOp.getArgOperands().size())
            set = regions.getRegions(callOp.getArgOperands()[*arg]);
      out.push_back({set, access.isWrite(), access.isAsyncShared(),
                     access.scope});
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

  for (const SharedAccess &async : accesses) {
    if (!async.isAsync)
      continue;
    const llvm::SetVector<AccessKey> &pending =
        async.scope == FenceScope::Cluster ? state.cluster : state.cta;
    bool conflict = false;
    for (const AccessKey &key : pending) {
      const SharedAccess &generic = getAccesses(key.first)[key.second];
      if (!generic.isWrite && !async.isWrite)
        continue;
      if (!BufferRegionAnalysis::mayAlias(generic.regions, async.regions))
        continue;
      conflict = true;
      HazardKind kind = !generic.isWrite  ? HazardKind::WAR
                        : async.isWrite   ? HazardKind::WAW
                                          : HazardKind::RAW;
      if (seenHazards
              .insert({key.first, op, static_cast<unsigned>(kind)})
              .second)
        result.hazards.push_back({key.first, op, kind, async.scope,
                                  generic.regions, async.regions});
    }
    if (!conflict || !options.fenceAtHazards)
      continue;
    FenceScope &scope = result.fencePoints[op];
    scope = wider(scope, async.scope);
    state.fence(scope);
  }
}

void ProxyHazardAnalysis::Impl::visitOp(Operation *op, State &state) {
  if (auto fence = dyn_cast<ttng::FenceAsyncSharedOp>(op)) {
    if (options.ignoredFences.contains(op))
      return;
    bool cluster = fence.getBCluster() && !options.narrowedFences.contains(op);
    state.fence(cluster ? FenceScope::Cluster : FenceScope::CTA);
    return;
  }
  ArrayRef<SharedAccess> accesses = getAccesses(op);
  if (accesses.empty())
    return;
  checkAsync(op, accesses, state);
  for (auto [index, access] : llvm::enumerate(accesses)) {
    if (access.isAsync)
      continue;
    state.cta.insert({op, index});
    state.cluster.insert({op, index});
  }
}

void ProxyHazardAnalysis::Impl::run() {
  // Resolve every op's accesses first: later lookups never grow the cache,
  // so the ArrayRefs it hands out stay valid.
  root->walk([&](Operation *op) { (void)getAccesses(op); });
  runOnFunctions(root, State());
}

ProxyHazardAnalysis::ProxyHazardAnalysis(Operation *root,
                                         const BufferRegionAnalysis &regions,
                                         ProxyHazardOptions options) {
  Impl impl(root, regions, options, *this);
  impl.run();
}

Operation *proxyfence::getFenceInsertionPoint(Operation *asyncOp) {
  Operation *point = asyncOp;
  for (Operation *op = asyncOp->getPrevNode(); op; op = op->getPrevNode()) {
    if (isa<ttg::LocalBarrierOp, ttg::BarrierOp>(op)) {
      point = op;
      continue;
    }
    if (op->getNumRegions() != 0 || isa<ProxyAccessOpInterface>(op) ||
        isa<CallOpInterface>(op))
      break;
  }
  return point;
}
