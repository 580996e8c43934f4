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
#include "proxyfence/Analysis/HandOffs.h"
#include "proxyfence/Analysis/RingIndices.h"
#include "proxyfence/Dialect/TritonNvidiaGPU/IR/Dialect.h"
#include "proxyfence/Engine/Completion.h"

#include "llvm/ADT/DenseSet.h"

#include <map>

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
  /// The memdesc read.
  Value value;
};

/// One generic write of an op.
struct GenericWrite {
  RegionSet regions;
  /// The ring slot written.
  Slot slot;
  /// The memdesc written.
  Value value;
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
  /// The reads this thread may still have pending at each unpredicated
  /// arrive_barrier (at its last visit: the fixpoint's state).
  DenseMap<Operation *, SmallVector<unsigned, 4>> pendingAtArrive;
  void findHandOffs(ModuleOp module);
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
                         slot, access.scratch ? Value() : access.value});
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
                              RingIndexAnalysis::getSlot(access.value),
                              access.scratch ? Value() : access.value});
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

  if (auto arrive = dyn_cast<ttng::ArriveBarrierOp>(op)) {
    if (!arrive.getPred()) {
      SmallVector<unsigned, 4> &keys = pendingAtArrive[op];
      keys.clear();
      for (const auto &entry : pending.self)
        keys.push_back(entry.first);
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
  impl.findHandOffs(module);
}

/// Hand-offs between the partitions of a warp_specialize (the engine's
/// rule, include/proxyfence/Engine/HandOff.h): a partition arrives on a
/// barrier with an async read of its own still pending, a partition that
/// waits on that barrier (one barrier, traced, or the same slot of a ring
/// of barriers) then writes the bytes before another synchronization. The
/// wait pairs with that arrive in some phase, and the arrive does not wait
/// for the read: the write may land first.
void CompletionHazardAnalysis::Impl::findHandOffs(ModuleOp module) {
  if (pendingAtArrive.empty())
    return;
  HandOffNames names(regions);
  module->walk([&](ttg::WarpSpecializeOp ws) {
    std::vector<Operation *> points;
    std::vector<engine::Release> releases;
    std::vector<unsigned> releasedRead; // per release: its read key
    std::vector<engine::SyncPoint> waits;
    ws->walk([&](Operation *op) {
      if (op == ws.getOperation() || !getPartition(ws, op))
        return;
      if (auto arrive = dyn_cast<ttng::ArriveBarrierOp>(op)) {
        auto pending = pendingAtArrive.find(op);
        if (pending == pendingAtArrive.end())
          return;
        engine::SyncPoint point{static_cast<unsigned>(points.size()),
                                names.name(arrive.getAlloc())};
        points.push_back(op);
        for (unsigned key : pending->second)
          if (getPartition(ws, reads[key].op) == getPartition(ws, op)) {
            releases.push_back({point, static_cast<unsigned>(
                                           releasedRead.size())});
            releasedRead.push_back(key);
          }
      } else if (auto wait = dyn_cast<ttng::WaitBarrierOp>(op)) {
        if (wait.getPred())
          return;
        waits.push_back({static_cast<unsigned>(points.size()),
                         names.name(wait.getAlloc())});
        points.push_back(op);
      }
    });
    if (releases.empty() || waits.empty())
      return;
    // The writes after a wait in its block (and in the regions of the ops
    // there), up to another wait, an execution barrier or a call.
    auto stops = [](Operation *op) {
      if (isa<ttng::WaitBarrierOp, CallOpInterface>(op))
        return true;
      auto iface = dyn_cast<ProxyAccessOpInterface>(op);
      return iface && (iface.isExecutionBarrier() ||
                       iface.getExecutionBarrierScope().has_value());
    };
    std::vector<std::pair<Operation *, unsigned>> writeList;
    std::map<unsigned, std::vector<uint64_t>> after;
    auto writesAfter = [&](unsigned wait) -> const std::vector<uint64_t> & {
      auto [it, fresh] = after.try_emplace(wait);
      if (!fresh)
        return it->second;
      forEachOpAfterWait(points[wait], stops, [&](Operation *nested) {
        auto found = writes.find(nested);
        if (found == writes.end())
          return;
        for (unsigned index = 0; index != found->second.size(); ++index) {
          it->second.push_back(writeList.size());
          writeList.push_back({nested, index});
        }
      });
      return it->second;
    };
    // Another partition's write of bytes the read surely shares.
    auto overwrites = [&](unsigned release, uint64_t id) {
      auto [writer, index] = writeList[id];
      const AsyncRead &read = reads[releasedRead[release]];
      Operation *arrive = points[releases[release].arrive.point];
      return getPartition(ws, writer) != getPartition(ws, arrive) &&
             names.surelyMeet(read.value, writes[writer][index].value);
    };
    // Through a ring of barriers: the read is of the data slot its
    // partition's arrive names by the same index value (in the arrive's
    // block, before it: one iteration), the write of the slot the wait
    // names by its index (after the wait); one barrier slot is one index
    // value, so one slot of one ring of buffers (the same memdesc_index
    // type and ring allocation), which both cover.
    auto sameSlot = [&](unsigned release, unsigned wait, uint64_t id) {
      auto [writer, index] = writeList[id];
      const AsyncRead &read = reads[releasedRead[release]];
      Operation *arrive = points[releases[release].arrive.point];
      Operation *waitOp = points[wait];
      if (getPartition(ws, writer) == getPartition(ws, arrive) ||
          read.op->getBlock() != arrive->getBlock() ||
          !read.op->isBeforeInBlock(arrive))
        return false;
      return names.sameRingSlot(
          read.value, cast<ttng::ArriveBarrierOp>(arrive).getAlloc(),
          writes[writer][index].value,
          cast<ttng::WaitBarrierOp>(waitOp).getAlloc());
    };
    engine::completionHandOffs(
        releases, waits, writesAfter, overwrites,
        [](unsigned, unsigned) {},
        [&](unsigned release, unsigned wait, uint64_t id, bool) {
          auto [writer, index] = writeList[id];
          const AsyncRead &read = reads[releasedRead[release]];
          if (!seen.insert({read.op, writer}).second)
            return;
          CompletionHazard hazard{read.op, writer, read.completedBy,
                                  read.regions, writes[writer][index].regions};
          hazard.release = points[releases[release].arrive.point];
          hazard.acquire = points[wait];
          result.hazards.push_back(std::move(hazard));
        },
        sameSlot);
  });
}
