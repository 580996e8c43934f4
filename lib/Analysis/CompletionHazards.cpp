//===- CompletionHazards.cpp - async reads overwritten too early --------===//
//
// The engine's completion rules (include/proxyfence/Engine/Completion.h)
// over Triton's IR. Each async read is its own commit group: a TMA store or
// an MMA commits every earlier read of its kind when it issues.
// `async_tma_store_wait {pendings = N}` completes all but the newest N bulk
// stores, `warp_group_dot_wait {pendings = N}` all but the newest N
// wgmmas. A tcgen05 MMA whose operands name one barrier signals it when
// its reads complete: a `wait_barrier` on a barrier that may be that one
// completes them (the engine's rule, as in PTX); an MMA without one (a
// later `tc_gen5_commit`, which the IR does not tie to it) completes at
// any `wait_barrier`. Triton's predicates are the same for every
// thread, so on the side of a branch where an op's issue predicate is false
// the op never ran.
//
// Rings: while the stage counters a read took its slot from are those of
// the current iteration (RingIndexAnalysis; the binding ends when the
// dataflow enters the counters' loop again or recomputes the index: the
// engine forgets the slot), a generic write into a slot of the same buffer
// that the counters prove different does not touch the bytes it reads.
//
//===----------------------------------------------------------------------===//

#include "proxyfence/Analysis/CompletionHazards.h"

#include "proxyfence/Analysis/ForwardDataflow.h"
#include "proxyfence/Analysis/RingIndices.h"
#include "proxyfence/Dialect/TritonNvidiaGPU/IR/Dialect.h"
#include "proxyfence/Engine/Completion.h"

#include "llvm/ADT/DenseSet.h"

using namespace mlir;
using namespace proxyfence;

namespace {

using Slot = std::optional<std::pair<Value, Value>>;

/// One async read of an op, numbered for the engine.
struct AsyncRead {
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

/// The engine's state, with its rules (a default-constructed state, the
/// dataflow's empty start, takes them from the first state joined in).
struct State {
  const engine::CompletionRules *rules = nullptr;
  engine::PendingReads reads;

  bool merge(const State &other) {
    if (!rules)
      rules = other.rules;
    return rules && rules->join(reads, other.reads);
  }
};

std::optional<engine::CompletionGroup> completionGroup(CompletionKind kind) {
  switch (kind) {
  case CompletionKind::BulkStoreRead:
    return engine::CompletionGroup::Bulk;
  case CompletionKind::WgmmaGroup:
    return engine::CompletionGroup::Wgmma;
  case CompletionKind::MBarrierPhase:
    return engine::CompletionGroup::Mbarrier;
  default:
    // cp.async groups complete generic writes, never an async read.
    return std::nullopt;
  }
}

bool always(unsigned) { return true; }

} // namespace

struct CompletionHazardAnalysis::Impl
    : public ForwardDataflow<CompletionHazardAnalysis::Impl, State> {
  Impl(const BufferRegionAnalysis &regions, CompletionHazardAnalysis &result)
      : regions(regions), result(result) {}

  void collect(ModuleOp module);
  void visitOp(Operation *op, State &state);
  void refineBranch(Value condition, bool taken, State &state);
  void enterBlock(Block &block, State &state);

  const BufferRegionAnalysis &regions;
  CompletionHazardAnalysis &result;
  /// The async reads, by key, and each op's keys.
  std::vector<AsyncRead> reads;
  DenseMap<Operation *, SmallVector<unsigned, 2>> readsOf;
  /// Generic writes per op.
  DenseMap<Operation *, SmallVector<GenericWrite, 1>> writes;
  RingIndexAnalysis rings;
  std::optional<engine::CompletionRules> rules;
  /// The barriers MMAs signal, numbered for the engine, and their numbers.
  std::vector<RegionSet> barriers;
  DenseMap<Value, int> barrierIds;
  /// The one barrier a tcgen05 MMA's completion signals, when its
  /// operands name exactly one (several: none recorded, any wait
  /// completes it).
  std::optional<int> commitBarrier(Operation *op) {
    ValueRange named;
    if (auto mma = dyn_cast<ttng::TCGen5MMAOp>(op))
      named = mma.getBarriers();
    else if (auto mma = dyn_cast<ttng::TCGen5MMAScaledOp>(op))
      named = mma.getBarriers();
    if (named.size() != 1)
      return std::nullopt;
    auto [it, fresh] = barrierIds.try_emplace(named[0], barriers.size());
    if (fresh)
      barriers.push_back(regions.getRegions(named[0]));
    return it->second;
  }
  DenseSet<std::pair<Operation *, Operation *>> seen;
};

void CompletionHazardAnalysis::Impl::collect(ModuleOp module) {
  std::vector<engine::CompletionRules::Read> info;
  module->walk([&](ProxyAccessOpInterface op) {
    SmallVector<ProxyAccess, 4> accesses;
    op.getProxyAccesses(accesses);
    CompletionKind completedBy = op.getCompletedBy();
    for (const ProxyAccess &access : accesses) {
      if (access.isAsyncShared() && access.isRead() &&
          completedBy != CompletionKind::None) {
        std::optional<engine::CompletionGroup> group =
            completionGroup(completedBy);
        if (!group)
          continue;
        Slot slot = RingIndexAnalysis::getSlot(access.value);
        readsOf[op].push_back(reads.size());
        reads.push_back({op, completedBy, regions.getAccessRegions(op, access),
                         slot});
        engine::CompletionRules::Read read;
        read.group = *group;
        // A slot bound to stage counters: one instance per iteration.
        read.ringSlot = slot && rings.getCounterExpr(slot->second);
        // TLX's token wait completes one issue, the newest.
        read.keepsOlder = true;
        info.push_back(read);
      } else if (access.isWrite() &&
                 ((access.isGenericShared() &&
                   access.proxy == Proxy::Generic) ||
                  access.isAsyncShared())) {
        // A generic write, or an async one (a TMA load into bytes a TMA
        // store may still be reading): only the read's completion orders
        // either (docs/proxy-model.md).
        writes[op].push_back({regions.getAccessRegions(op, access),
                              RingIndexAnalysis::getSlot(access.value)});
      }
    }
  });
  rules.emplace(std::move(info), std::vector<unsigned>(),
                /*uniformGuards=*/true);
}

/// Entering a block redefines its arguments: a slot index computed from a
/// counter among them belongs to an earlier iteration from here on.
void CompletionHazardAnalysis::Impl::enterBlock(Block &block, State &state) {
  if (block.getNumArguments() == 0 || state.reads.self.empty())
    return;
  rules->forgetSlots(state.reads, [&](unsigned key) {
    std::optional<CounterExpr> expr =
        rings.getCounterExpr(reads[key].slot->second);
    return !expr || expr->counter.getParentBlock() == &block;
  });
}

/// On the side where `condition` is false, ops issued under it never ran.
void CompletionHazardAnalysis::Impl::refineBranch(Value condition, bool taken,
                                                  State &state) {
  if (taken || state.reads.self.empty())
    return;
  engine::PendingReads scratch;
  const engine::PendingReads &along =
      rules->alongEdge(state.reads, [&](unsigned key) {
        auto iface = dyn_cast<ProxyAccessOpInterface>(reads[key].op);
        return iface && iface.getIssuePredicate() == condition;
      }, scratch);
  if (&along == &scratch)
    state.reads = std::move(scratch);
}

void CompletionHazardAnalysis::Impl::visitOp(Operation *op, State &state) {
  state.rules = &*rules;
  engine::PendingReads &pending = state.reads;
  if (auto wait = dyn_cast<ttng::TMAStoreWaitOp>(op))
    return rules->wait(pending, engine::CompletionGroup::Bulk,
                       std::max<int64_t>(wait.getPendingsAttr().getInt(), 0),
                       always);
  if (auto wait = dyn_cast<ttng::WarpGroupDotWaitOp>(op))
    return rules->wait(pending, engine::CompletionGroup::Wgmma,
                       std::max<int64_t>(wait.getPendingsAttr().getInt(), 0),
                       always);
  if (auto wait = dyn_cast<ttng::WaitBarrierOp>(op)) {
    // The MMAs issued with a barrier operand complete on a wait on a
    // barrier that may be theirs; the others on any wait.
    const RegionSet &waited = regions.getRegions(wait.getAlloc());
    return rules->waitBarrier(
        pending, always,
        [&](int barrier) {
          return barrier == engine::kAnyBarrier ||
                 BufferRegionAnalysis::mayAlias(barriers[barrier], waited);
        },
        always);
  }
  if (auto wait = dyn_cast<ttng::TMAStoreTokenWaitOp>(op)) {
    // TLX: waits for the reads of the one store that made the token, its
    // newest issue. Stores issued after it stay pending; those issued before
    // are completed too in the PTX (wait_group.read completes all but the
    // newest N), which this does not claim.
    if (Operation *store = wait.getToken().getDefiningOp()) {
      auto keys = readsOf.find(store);
      if (keys != readsOf.end())
        for (unsigned key : keys->second)
          rules->completeNewest(pending, key);
    }
    return;
  }

  // Recomputing a slot index ends the bindings to its earlier value.
  if (op->getNumResults() && !pending.self.empty())
    rules->forgetSlots(pending, [&](unsigned key) {
      return reads[key].slot &&
             llvm::is_contained(op->getResults(), reads[key].slot->second);
    });

  auto writeIt = writes.find(op);
  if (writeIt != writes.end()) {
    for (const GenericWrite &write : writeIt->second)
      rules->forEachPending(pending, [&](unsigned key, int delta) {
        const AsyncRead &read = reads[key];
        if (!BufferRegionAnalysis::mayAlias(read.regions, write.regions))
          return;
        // A read bound to the current counters, of a slot they prove
        // different from the written one.
        if (rules->getRead(key).ringSlot && delta == 0 && write.slot &&
            read.slot->first == write.slot->first &&
            rings.provablyDistinct(read.slot->second, write.slot->second))
          return;
        if (seen.insert({read.op, op}).second)
          result.hazards.push_back({read.op, op, read.completedBy,
                                    read.regions, write.regions});
      });
  }
  auto readIt = readsOf.find(op);
  if (readIt != readsOf.end()) {
    // Each read is its own group: issuing it commits one more group over
    // every read of its kind in flight.
    rules->commit(pending, rules->getRead(readIt->second.front()).group,
                  always);
    std::optional<int> barrier = commitBarrier(op);
    for (unsigned key : readIt->second)
      rules->issue(pending, key, /*ownGroup=*/true, barrier);
  }
}

CompletionHazardAnalysis::CompletionHazardAnalysis(
    ModuleOp module, const BufferRegionAnalysis &regions) {
  Impl impl(regions, *this);
  impl.collect(module);
  State entry;
  entry.rules = &*impl.rules;
  impl.runOnFunctions(module, entry);
}
