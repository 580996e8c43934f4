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
#include "proxyfence/Engine/HandOff.h"
#include "proxyfence/Analysis/HandOffs.h"
#include "proxyfence/Support/InterfaceLookup.h"
#include "proxyfence/Support/ParallelFunctions.h"
#include "proxyfence/Support/WarmAhead.h"

#include "proxyfence/Dialect/TritonNvidiaGPU/IR/Dialect.h"

#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/Sequence.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallVectorExtras.h"

#include <deque>
#include <map>
#include <optional>
#include <tuple>

using namespace mlir;
using namespace proxyfence;

namespace {

/// One shared-memory data access of an op, resolved to regions.
struct SharedAccess {
  SharedAccess(const RegionSet &regions, bool isWrite, bool isAsync,
               FenceScope scope, BufferRegionAnalysis::Placer &placer,
               Value value = {})
      : regions(&regions), isWrite(isWrite), isAsync(isAsync), scope(scope),
        placed(placer.place(regions)), value(value) {}

  /// The buffer-region analysis's set, or one the hazard analysis keeps
  /// (ownedRegions): it is not copied for each access.
  const RegionSet *regions;
  bool isWrite = false;
  bool isAsync = false;
  FenceScope scope = FenceScope::CTA;
  /// `regions` with their allocations' placement, read once: accesses are
  /// tested against each other many times.
  PlacedRegionSet placed;
  /// The memdesc accessed (null: an op's scratch, a callee's access).
  Value value;
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
  if (!BufferRegionAnalysis::mayAlias(generic.placed, async.placed))
    return std::nullopt;
  return getHazardKind(generic.isWrite, async.isWrite);
}

struct ProxyHazardAnalysis::Impl
    : public ForwardDataflow<ProxyHazardAnalysis::Impl, State> {
  Impl(ModuleOp module, const BufferRegionAnalysis &regions,
       const ProxyHazardOptions &options, ProxyHazardAnalysis &result)
      : module(module), regions(regions), options(options), result(&result) {}

  /// Appends the shared accesses of `op` to `out`.
  void collectAccesses(Operation *op, SmallVectorImpl<SharedAccess> &out);
  /// The accesses of an op with regions of the current function and the
  /// key of the first (the others follow it). Ops without regions are
  /// visited from their block's list (blockOps), which holds their keys.
  std::pair<ArrayRef<SharedAccess>, unsigned>
  lookupAccesses(Operation *op) const {
    auto it = opKeys.find(op);
    if (it == opKeys.end())
      return {};
    return {ArrayRef<SharedAccess>(accesses).slice(it->second.first,
                                                   it->second.second),
            it->second.first};
  }
  void collectCallAccesses(Operation *call, SmallVectorImpl<SharedAccess> &out);
  /// A shared access of a callee (or of its callees), before it is bound
  /// to a call: `arg` is the callee's argument an untraced access reaches.
  struct CalleeAccess {
    RegionSet regions;
    std::optional<unsigned> arg;
    bool isWrite;
    bool isAsync;
    FenceScope scope;
  };
  void collectCalleeAccesses(FunctionOpInterface callee,
                             SmallVectorImpl<CalleeAccess> &out,
                             llvm::SmallPtrSetImpl<Operation *> &visiting);
  /// `access` as `call` makes it: an access through an argument takes the
  /// regions of the call's operand.
  void bindToCall(CalleeAccess &access, CallOpInterface call) const;
  /// Each callee's accesses, gathered once (a callee's list does not depend
  /// on the call, until bound).
  DenseMap<Operation *, SmallVector<CalleeAccess>> calleeAccesses;

  void visitOp(Operation *op, State &state);
  void transferBlock(Block &block, State &state);
  void visitFence(Operation *op, State &state);
  void visitAccesses(Operation *op, unsigned firstKey, unsigned count,
                     State &state);
  void checkAsync(Operation *op, ArrayRef<SharedAccess> accesses,
                  unsigned firstKey, State &state);
  void run();
  /// `functions` at once (ParallelFunctions.h), each with an Impl of its
  /// thread's and results of its own, appended to `result` in order.
  void runInParallel(ArrayRef<FunctionOpInterface> functions);
  /// Appends the functions under `op` (itself included) with bodies, in
  /// post-order, without entering a function: the functions a function's
  /// body holds (in a nested module) are found by its own walk.
  void collectFunctions(Operation *op,
                        SmallVectorImpl<FunctionOpInterface> &out);
  /// Analyses `function`, after the functions its body holds unless
  /// `nested` (then they are already analysed, before it).
  void runOnFunction(FunctionOpInterface function, bool nested = false);
  /// Numbers the accesses of `function` (walk order); lists the functions
  /// with bodies it holds in innerFunctions, unless `nested`.
  void numberAccesses(FunctionOpInterface function, bool nested);
  SmallVector<FunctionOpInterface> innerFunctions;

  /// What is analysed: the module, or the one function of `onlyFunction`.
  Operation *getRoot() {
    return options.onlyFunction ? options.onlyFunction
                                : module.getOperation();
  }

  ModuleOp module;
  const BufferRegionAnalysis &regions;
  const ProxyHazardOptions &options;
  /// Where results go (the function's own, in parallel).
  ProxyHazardAnalysis *result;
  DenseSet<std::tuple<Operation *, Operation *, unsigned>> seenHazards;
  ProxyAccessLookup proxyAccess;
  InterfaceLookup<CallOpInterface> calls;
  /// Callees are resolved through cached symbol tables: a lookup without
  /// one compares the name of every function of the module before it.
  SymbolTableCollection symbolTables;
  BufferRegionAnalysis::Placer placer;

  /// The current function's shared accesses, numbered in walk order (the
  /// engine's keys: the bits of the frontier): the op and index of each,
  /// the access, and each op's first key and count.
  std::vector<AccessKey> keys;
  SmallVector<SharedAccess> accesses;
  /// Region sets the analysis computes itself (an op's scratch, an access
  /// of a callee bound to a call), kept for the accesses that point to
  /// them.
  std::deque<RegionSet> ownedRegions;
  const RegionSet &own(RegionSet set) {
    return ownedRegions.emplace_back(std::move(set));
  }
  DenseMap<Operation *, std::pair<unsigned, unsigned>> opKeys;
  /// The ops of each block of the current function the dataflow must
  /// visit, in order: those with accesses (their first key and count),
  /// fences, and ops with regions. A block without any has no entry: its
  /// other ops change no state.
  struct BlockOp {
    Operation *op;
    unsigned firstKey;
    unsigned count;
    bool fence;
  };
  DenseMap<Block *, SmallVector<BlockOp, 4>> blockOps;
  InterfaceLookup<FunctionOpInterface> functionOps;
  const SharedAccess &accessOf(unsigned key) const { return accesses[key]; }
  /// The current function's fences, numbered in walk order when fence
  /// effects are recorded.
  std::vector<Operation *> fences;
  DenseMap<Operation *, unsigned> fenceId;
  std::optional<engine::FenceRules> rules;
  /// The current function's keys of generic writes, and of generic
  /// accesses that reach the cluster.
  llvm::BitVector genericWrites;
  llvm::BitVector remote;
  /// With recordFenceEffects: what each fence orders.
  std::optional<engine::FenceLedger> ledger;
  void computeFenceEffects(bool exact);
  /// The hazards between warp_specialize partitions that a hand-off through
  /// an mbarrier proves (the engine's rule, HandOff.h); with
  /// `ignoreFences`, those any fence of the function may be what orders.
  std::vector<Hazard> findHandOffs(FunctionOpInterface function,
                                   bool ignoreFences);
  bool addsHazard(const llvm::BitVector &pending,
                  const llvm::BitVector &reached, bool cluster);
};

void ProxyHazardAnalysis::Impl::collectAccesses(
    Operation *op, SmallVectorImpl<SharedAccess> &out) {
  if (auto iface = proxyAccess.get(op)) {
    SmallVector<ProxyAccess, 4> raw;
    iface.getProxyAccesses(raw);
    for (const ProxyAccess &access : raw) {
      if (!access.isGenericShared() && !access.isAsyncShared())
        continue;
      // An op's own scratch is a set of its own; a value's is the
      // analysis's (getAccessRegions would copy it).
      const RegionSet &set =
          access.scratch ? own(regions.getAccessRegions(op, access))
                         : regions.getRegions(access.value);
      out.emplace_back(set, access.isWrite(), access.isAsyncShared(),
                       wider(access.scope, getReach(access.value)), placer,
                       access.scratch ? Value() : access.value);
    }
  } else if (calls.has(op)) {
    collectCallAccesses(op, out);
  }
}

/// A call accesses everything its callee (and its callees) access; regions
/// reached through the callee's arguments become the caller's operands'.
void ProxyHazardAnalysis::Impl::collectCallAccesses(
    Operation *call, SmallVectorImpl<SharedAccess> &out) {
  auto callOp = cast<CallOpInterface>(call);
  auto callee = dyn_cast_or_null<FunctionOpInterface>(
      callOp.resolveCallableInTable(&symbolTables));
  if (!callee || callee.isExternal())
    return;
  auto [it, fresh] = calleeAccesses.try_emplace(callee);
  if (fresh) {
    llvm::SmallPtrSet<Operation *, 4> visiting;
    visiting.insert(callee);
    SmallVector<CalleeAccess> gathered;
    collectCalleeAccesses(callee, gathered, visiting);
    // The map may have grown since `it` was taken.
    calleeAccesses[callee] = std::move(gathered);
  }
  for (CalleeAccess access : calleeAccesses.find(callee)->second) {
    bindToCall(access, callOp);
    out.emplace_back(own(std::move(access.regions)), access.isWrite,
                     access.isAsync, access.scope, placer);
  }
}

void ProxyHazardAnalysis::Impl::bindToCall(CalleeAccess &access,
                                           CallOpInterface call) const {
  if (access.regions.unknown && access.arg &&
      *access.arg < call.getArgOperands().size())
    access.regions = regions.getRegions(call.getArgOperands()[*access.arg]);
  access.arg.reset();
}

void ProxyHazardAnalysis::Impl::collectCalleeAccesses(
    FunctionOpInterface callee, SmallVectorImpl<CalleeAccess> &out,
    llvm::SmallPtrSetImpl<Operation *> &visiting) {
  callee->walk([&](Operation *op) {
    if (auto call = dyn_cast<CallOpInterface>(op)) {
      auto nested = dyn_cast_or_null<FunctionOpInterface>(
          call.resolveCallableInTable(&symbolTables));
      if (!nested || nested.isExternal() || !visiting.insert(nested).second)
        return;
      size_t first = out.size();
      collectCalleeAccesses(nested, out, visiting);
      visiting.erase(nested);
      for (CalleeAccess &access : MutableArrayRef(out).drop_front(first))
        bindToCall(access, call);
      return;
    }
    ProxyAccessRef iface = proxyAccess.get(op);
    if (!iface)
      return;
    SmallVector<ProxyAccess, 4> raw;
    iface.getProxyAccesses(raw);
    for (const ProxyAccess &access : raw) {
      if (!access.isGenericShared() && !access.isAsyncShared())
        continue;
      RegionSet set = regions.getAccessRegions(op, access);
      std::optional<unsigned> arg;
      if (set.unknown)
        arg = traceToArgument(access.value);
      out.push_back({std::move(set), arg, access.isWrite(),
                     access.isAsyncShared(),
                     wider(access.scope, getReach(access.value))});
    }
  });
}

void ProxyHazardAnalysis::Impl::checkAsync(Operation *op,
                                           ArrayRef<SharedAccess> accesses,
                                           unsigned firstKey, State &state) {
  // A fence already decided for this op (in an earlier round) is in place.
  auto decided = result->fencePoints.find(op);
  if (decided != result->fencePoints.end())
    rules->fence(state, decided->second);

  bool anyConflict = false;
  FenceScope neededByOp = FenceScope::CTA;
  for (unsigned index = 0; index != accesses.size(); ++index) {
    const SharedAccess &async = accesses[index];
    if (!async.isAsync)
      continue;
    if (ledger)
      ledger->atAsync(state, firstKey + index, async.scope);
    FenceScope needed = async.scope;
    bool conflict = false;
    auto conflicts = [&](unsigned key) {
      return getConflict(accessOf(key), async);
    };
    // An async read meets only generic writes (getConflict).
    for (const engine::FenceRules::Missing &missing : rules->missingFences(
             state, async.scope, conflicts,
             async.isWrite ? nullptr : &genericWrites)) {
      conflict = true;
      needed = wider(needed, missing.scope);
      Operation *genericOp = keys[missing.key].first;
      if (seenHazards
              .insert({genericOp, op, static_cast<unsigned>(missing.kind)})
              .second)
        result->hazards.push_back({genericOp, op, missing.kind, missing.scope,
                                   *accessOf(missing.key).regions,
                                   *async.regions});
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
  FenceScope &scope = result->fencePoints[op];
  scope = wider(scope, neededByOp);
  rules->fence(state, scope);
}

void ProxyHazardAnalysis::Impl::visitFence(Operation *op, State &state) {
  if (options.ignoredFences.contains(op))
    return;
  bool cluster = cast<ttng::FenceAsyncSharedOp>(op).getBCluster() &&
                 !options.narrowedFences.contains(op);
  Scope scope = cluster ? Scope::Cluster : Scope::CTA;
  std::optional<unsigned> id;
  if (ledger) {
    id = fenceId.lookup(op);
    ledger->atFence(state, *id, scope);
  }
  rules->fence(state, scope, id);
}

void ProxyHazardAnalysis::Impl::visitAccesses(Operation *op, unsigned firstKey,
                                              unsigned count, State &state) {
  ArrayRef<SharedAccess> own = ArrayRef(accesses).slice(firstKey, count);
  checkAsync(op, own, firstKey, state);
  for (auto [index, access] : llvm::enumerate(own))
    if (!access.isAsync)
      rules->access(state, firstKey + index);
}

void ProxyHazardAnalysis::Impl::visitOp(Operation *op, State &state) {
  // Reached through transferOp, for ops with regions only (transferBlock).
  assert(op->getNumRegions() != 0 && "an op without regions visited alone");
  if (isa<ttng::FenceAsyncSharedOp>(op))
    return visitFence(op, state);
  auto [own, firstKey] = lookupAccesses(op);
  if (!own.empty())
    visitAccesses(op, firstKey, own.size(), state);
}

void ProxyHazardAnalysis::Impl::transferBlock(Block &block, State &state) {
  enterBlock(block, state);
  auto it = blockOps.find(&block);
  if (it == blockOps.end())
    return;
  for (const BlockOp &entry : it->second) {
    if (entry.op->getNumRegions() != 0)
      transferOp(entry.op, state);
    else if (entry.fence)
      visitFence(entry.op, state);
    else
      visitAccesses(entry.op, entry.firstKey, entry.count, state);
  }
}

void ProxyHazardAnalysis::Impl::run() {
  // Hazards never cross functions (a call stands for its callee's
  // accesses), so each function numbers its own accesses and fences: the
  // frontier's bit vectors are as long as one function's accesses, not the
  // module's.
  SmallVector<FunctionOpInterface> functions;
  collectFunctions(getRoot(), functions);
  // The next function is read ahead (WarmAhead.h): the analysis changes
  // no op.
  SmallVector<Operation *> ops =
      llvm::map_to_vector(functions, [](FunctionOpInterface function) {
        return function.getOperation();
      });
  MLIRContext *context = getRoot()->getContext();
  ParallelSwitch parallel(context, options.onlyFunction ? 0 : functions.size());
  size_t index = 0;
  {
    WarmAhead warm(context, ops);
    for (; index != functions.size() && !parallel.at(index); ++index) {
      warm.enter(index);
      runOnFunction(functions[index]);
    }
  }
  if (index != functions.size())
    runInParallel(ArrayRef(functions).drop_front(index));
}

void ProxyHazardAnalysis::Impl::collectFunctions(
    Operation *op, SmallVectorImpl<FunctionOpInterface> &out) {
  // Only an op with a region can be a function: the others are not asked.
  // A function's body is not entered here: that would be a walk over
  // every op of the module, in memory no longer cached, before each
  // function's own walk.
  if (op->getNumRegions() == 0)
    return;
  if (functionOps.has(op)) {
    auto function = cast<FunctionOpInterface>(op);
    if (!function.isExternal())
      out.push_back(function);
    return;
  }
  for (Region &region : op->getRegions())
    for (Block &block : region)
      for (Operation &nested : block)
        collectFunctions(&nested, out);
}

void ProxyHazardAnalysis::Impl::runOnFunction(FunctionOpInterface function,
                                              bool nested) {
  numberAccesses(function, nested);
  if (!innerFunctions.empty()) {
    // Functions in the body (in a module nested in it) come first, in
    // post-order, as the functions of the module do; then this one is
    // numbered again, the state being the last inner function's.
    SmallVector<FunctionOpInterface> inner = std::move(innerFunctions);
    innerFunctions.clear();
    for (FunctionOpInterface innerFunction : inner)
      runOnFunction(innerFunction, /*nested=*/true);
    numberAccesses(function, /*nested=*/true);
  }
  // Triton's passes insert the cluster fence for every cluster-reach async
  // access (docs/proxy-model.md, Scope).
  rules.emplace(std::move(remote), fences.size(),
                engine::CtaFenceReading::Conservative);
  if (options.recordFenceEffects)
    ledger.emplace(*rules, fences.size());
  size_t fencePointsBefore = result->fencePoints.size();
  transferRegion(function.getFunctionBody(), rules->entry());
  if (options.recordFenceEffects)
    computeFenceEffects(/*exact=*/result->fencePoints.size() ==
                        fencePointsBefore);
  if (options.handOffs) {
    llvm::append_range(result->handOffHazards,
                       findHandOffs(function, /*ignoreFences=*/false));
    // What a fence orders across a hand-off is not in the ledger: where
    // one could matter, the checker probes each fence.
    if (options.recordFenceEffects && !fences.empty() &&
        !findHandOffs(function, /*ignoreFences=*/true).empty())
      for (Operation *fence : fences)
        result->fenceEffects[fence].greedyExact = false;
  }
}

namespace {
/// The engine's must-unfenced lattice (HandOff.h) as a dataflow state.
struct MustState {
  engine::MustUnfenced value;
  bool merge(const MustState &other) { return value.join(other.value); }
};

/// The generic accesses unfenced on every path at each arrive_barrier of
/// one region (a warp_specialize partition), since the last arrive.
class MustUnfencedFlow : public ForwardDataflow<MustUnfencedFlow, MustState> {
public:
  MustUnfencedFlow(
      const DenseMap<Operation *, std::pair<unsigned, unsigned>> &keysOf,
      ArrayRef<SharedAccess> accesses,
      const llvm::SmallPtrSetImpl<Operation *> &ignored, bool ignoreAll)
      : keysOf(keysOf), accesses(accesses), ignored(ignored),
        ignoreAll(ignoreAll) {}

  /// Per arrive, at its last visit (the fixpoint's state).
  DenseMap<Operation *, llvm::BitVector> atArrive;

  void visitOp(Operation *op, MustState &state) {
    if (isa<ttng::ArriveBarrierOp>(op)) {
      atArrive[op] = state.value.unfenced();
      state.value.arrive();
      return;
    }
    if (isa<ttng::FenceAsyncSharedOp>(op)) {
      // Either scope: a CTA fence taken to order everything proves less.
      if (!ignoreAll && !ignored.contains(op))
        state.value.fence();
      return;
    }
    auto it = keysOf.find(op);
    if (it == keysOf.end())
      return;
    for (unsigned key = it->second.first,
                  end = it->second.first + it->second.second;
         key != end; ++key)
      if (!accesses[key].isAsync)
        state.value.access(key);
  }

private:
  const DenseMap<Operation *, std::pair<unsigned, unsigned>> &keysOf;
  ArrayRef<SharedAccess> accesses;
  const llvm::SmallPtrSetImpl<Operation *> &ignored;
  bool ignoreAll;
};
} // namespace

std::vector<Hazard>
ProxyHazardAnalysis::Impl::findHandOffs(FunctionOpInterface function,
                                        bool ignoreFences) {
  std::vector<Hazard> found;
  SmallVector<ttg::WarpSpecializeOp> specialized;
  function->walk([&](ttg::WarpSpecializeOp ws) { specialized.push_back(ws); });
  if (specialized.empty())
    return found;
  DenseMap<Operation *, std::pair<unsigned, unsigned>> keysOf;
  for (unsigned key = 0; key != keys.size(); ++key)
    ++keysOf.try_emplace(keys[key].first, key, 0).first->second.second;
  auto stops = [&](Operation *op) {
    if (isa<ttng::FenceAsyncSharedOp>(op))
      return !ignoreFences && !options.ignoredFences.contains(op);
    if (isa<ttng::WaitBarrierOp>(op) || calls.has(op))
      return true;
    auto iface = proxyAccess.get(op);
    return iface && (iface.isExecutionBarrier() ||
                     iface.getExecutionBarrierScope().has_value());
  };
  HandOffNames names(regions);
  for (ttg::WarpSpecializeOp ws : specialized) {
    SmallVector<Region *> partitions = {&ws.getDefaultRegion()};
    for (Region &partition : ws.getPartitionRegions())
      partitions.push_back(&partition);
    auto partitionOf = [&](Operation *op) -> int {
      std::optional<unsigned> partition = getPartition(ws, op);
      return partition ? static_cast<int>(*partition) : -1;
    };
    // The arrives and waits of every partition (unpredicated: they surely
    // run), numbered; the keys unfenced on every path at each arrive.
    std::vector<engine::SyncPoint> arrives, waits;
    std::vector<Operation *> points;
    DenseMap<Operation *, llvm::BitVector> unfenced;
    for (Region *partition : partitions) {
      MustUnfencedFlow flow(keysOf, accesses, options.ignoredFences,
                            ignoreFences);
      flow.transferRegion(*partition,
                          MustState{engine::MustUnfenced(keys.size())});
      for (auto &[op, bits] : flow.atArrive)
        unfenced[op] = std::move(bits);
      partition->walk([&](Operation *op) {
        if (auto arrive = dyn_cast<ttng::ArriveBarrierOp>(op)) {
          if (arrive.getPred() || !unfenced.count(op))
            return;
          arrives.push_back({static_cast<unsigned>(points.size()),
                             names.name(arrive.getAlloc())});
          points.push_back(op);
        } else if (auto wait = dyn_cast<ttng::WaitBarrierOp>(op)) {
          if (wait.getPred())
            return;
          waits.push_back({static_cast<unsigned>(points.size()),
                           names.name(wait.getAlloc())});
          points.push_back(op);
        }
      });
    }
    std::vector<engine::Meeting> meetings = engine::meetings(arrives, waits);
    llvm::erase_if(meetings, [&](const engine::Meeting &meeting) {
      return partitionOf(points[meeting.arrive]) ==
             partitionOf(points[meeting.wait]);
    });
    if (meetings.empty())
      continue;
    // The async accesses after a wait in its block (and the regions of
    // the ops there), up to a fence or another synchronization.
    engine::FenceHandOffs handOffs(std::move(meetings), [&](unsigned wait) {
      std::vector<uint64_t> after;
      forEachOpAfterWait(points[wait], stops, [&](Operation *nested) {
        auto it = keysOf.find(nested);
        if (it != keysOf.end())
          for (unsigned key = it->second.first,
                        end = it->second.first + it->second.second;
               key != end; ++key)
            if (accesses[key].isAsync)
              after.push_back(key);
      });
      return after;
    });
    auto unfencedAt = [&](unsigned arrive, unsigned key) {
      auto it = unfenced.find(points[arrive]);
      return it != unfenced.end() && it->second.test(key);
    };
    // Through one barrier: both accesses surely touch the same bytes (one
    // region each, traced to an allocation or a constant slot of one).
    auto meets = [&](unsigned key, uint64_t access) {
      return names.surelyMeet(accesses[key].value, accesses[access].value);
    };
    // Through a ring: the generic access is of the data slot its
    // partition's arrive names by the same index value (in the same block,
    // before the arrive: one iteration), and the async access of the slot
    // the wait names by its index; one barrier slot is one index value, so
    // one slot of the data ring, which both accesses cover (the same
    // memdesc_index of one ring of buffers).
    auto sameSlot = [&](unsigned key, uint64_t access,
                        const engine::Meeting &meeting) {
      Operation *genericOp = keys[key].first;
      Operation *arrive = points[meeting.arrive], *wait = points[meeting.wait];
      if (genericOp->getBlock() != arrive->getBlock() ||
          !genericOp->isBeforeInBlock(arrive))
        return false;
      return names.sameRingSlot(
          accesses[key].value, cast<ttng::ArriveBarrierOp>(arrive).getAlloc(),
          accesses[access].value, cast<ttng::WaitBarrierOp>(wait).getAlloc());
    };
    DenseSet<std::tuple<Operation *, Operation *, unsigned>> seen;
    for (unsigned key = 0; key != keys.size(); ++key) {
      const SharedAccess &generic = accesses[key];
      int from = generic.isAsync ? -1 : partitionOf(keys[key].first);
      if (from < 0 || isa<ttng::ArriveBarrierOp, ttng::WaitBarrierOp>(
                          keys[key].first))
        continue;
      for (unsigned other = 0; other != keys.size(); ++other) {
        const SharedAccess &async = accesses[other];
        if (!async.isAsync)
          continue;
        int to = partitionOf(keys[other].first);
        std::optional<HazardKind> kind;
        if (to < 0 || to == from || !(kind = getConflict(generic, async)))
          continue;
        std::optional<engine::Meeting> meeting =
            handOffs.prove(key, other, unfencedAt, meets, sameSlot);
        if (!meeting || !seen.insert({keys[key].first, keys[other].first,
                                      static_cast<unsigned>(*kind)})
                             .second)
          continue;
        Hazard hazard{keys[key].first, keys[other].first, *kind,
                      rules->requiredScope(key, async.scope), *generic.regions,
                      *async.regions};
        hazard.release = points[meeting->arrive];
        hazard.acquire = points[meeting->wait];
        hazard.throughRing = meeting->throughRing;
        found.push_back(std::move(hazard));
      }
    }
  }
  return found;
}

void ProxyHazardAnalysis::Impl::numberAccesses(FunctionOpInterface function,
                                               bool nested) {
  // Resolve every op's accesses first, numbering them in walk order: the
  // dataflow then only reads them, so the ArrayRefs it takes stay valid.
  keys.clear();
  accesses.clear();
  ownedRegions.clear();
  opKeys.clear();
  blockOps.clear();
  fences.clear();
  genericWrites.clear();
  remote.clear();
  function->walk([&](Operation *op) {
    unsigned first = accesses.size();
    collectAccesses(op, accesses);
    unsigned count = accesses.size() - first;
    bool hasRegions = op->getNumRegions() != 0;
    if (count && hasRegions)
      opKeys[op] = {first, count};
    bool fence = isa<ttng::FenceAsyncSharedOp>(op);
    if ((count || fence || hasRegions) && op != function)
      blockOps[op->getBlock()].push_back({op, first, count, fence});
    for (unsigned index = 0; index != count; ++index) {
      const SharedAccess &access = accesses[first + index];
      keys.push_back({op, index});
      remote.push_back(!access.isAsync && access.scope == FenceScope::Cluster);
      genericWrites.push_back(!access.isAsync && access.isWrite);
    }
    if (options.recordFenceEffects && fence) {
      fenceId[op] = fences.size();
      fences.push_back(op);
    }
    if (!nested && hasRegions && op != function && functionOps.has(op) &&
        !cast<FunctionOpInterface>(op).isExternal())
      innerFunctions.push_back(cast<FunctionOpInterface>(op));
  });
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
    if (result->fencePoints.count(asyncOp))
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

void ProxyHazardAnalysis::Impl::computeFenceEffects(bool exact) {
  auto adds = [&](const llvm::BitVector &pending,
                  const llvm::BitVector &reached, bool cluster) {
    return addsHazard(pending, reached, cluster);
  };
  // Alone: what removing or narrowing each fence adds.
  for (unsigned id = 0; id != fences.size(); ++id) {
    if (!ledger->isReached(id))
      continue;
    engine::FenceLedger::Effect alone = ledger->alone(id, adds);
    FenceEffect &effect = result->fenceEffects[fences[id]];
    effect.ordersHazard = alone.ordersHazard;
    effect.needsClusterScope = alone.needsClusterScope;
  }
  // Greedy, in program order (the function's fences are numbered in walk
  // order). Exact only where the analysis assumed no fence at a hazard in
  // the function: such an assumed fence hides, on later loop iterations,
  // what else reaches its op, and that depends on the order of visits.
  if (!exact)
    return;
  SmallVector<unsigned> order =
      llvm::to_vector(llvm::seq<unsigned>(0, fences.size()));
  std::vector<engine::FenceLedger::Verdict> verdicts =
      ledger->greedy(order, adds);
  for (auto [id, verdict] : llvm::zip(order, verdicts)) {
    if (!ledger->isReached(id))
      continue;
    FenceEffect &effect = result->fenceEffects[fences[id]];
    effect.greedyExact = true;
    effect.greedySpurious = verdict.spurious;
    effect.greedyOverwide = verdict.overwide;
  }
}

void ProxyHazardAnalysis::Impl::runInParallel(
    ArrayRef<FunctionOpInterface> functions) {
  // Hazards never cross functions, and the analysis changes no op: each
  // function's results are its own, appended in function order. Lookups
  // of regions change nothing the region analysis shares once every
  // function is analysed.
  regions.prepareAll();
  std::unique_ptr<ProxyHazardAnalysis[]> results(
      new ProxyHazardAnalysis[functions.size()]);
  forEachFunctionInParallel<Impl>(
      module.getContext(), functions.size(),
      [&] { return std::make_unique<Impl>(module, regions, options, *result); },
      [&](size_t index, Impl &impl) {
        impl.result = &results[index];
        impl.runOnFunction(functions[index]);
      });
  for (size_t index = 0; index != functions.size(); ++index)
    result->append(std::move(results[index]));
}

void ProxyHazardAnalysis::append(ProxyHazardAnalysis &&other) {
  llvm::append_range(hazards, other.hazards);
  llvm::append_range(handOffHazards, other.handOffHazards);
  for (auto &[op, scope] : other.fencePoints)
    fencePoints.insert({op, scope});
  for (auto &[fence, effect] : other.fenceEffects)
    fenceEffects.insert({fence, effect});
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
