//===- FenceInsertion.cpp - fence register writes before async reads -----===//
//
// The early fence pass: before allocation, for each op whose shared-memory
// operands are read by the async proxy (MMAs, TMA stores, reductions,
// scatters), find the ops that write registers into those bytes
// (`ttg.local_alloc %src`, `ttg.local_store`), anywhere in the module,
// through views, loop-carried values and warp-specialize captures (that is
// BufferRegionAnalysis). If any exists, place a fence before the op and
// hoist it out of the loops that cannot observe a new write on their next
// iteration. When an execution barrier sits right before that point, the
// fence goes before the barrier.
//
//===----------------------------------------------------------------------===//

#include "FencePass.h"

#include "proxyfence/Analysis/BufferRegion.h"
#include "proxyfence/Analysis/ProxyHazards.h"
#include "proxyfence/Dialect/TritonNvidiaGPU/IR/FenceBuilders.h"
#include "proxyfence/Dialect/TritonNvidiaGPU/Transforms/Passes.h"
#include "proxyfence/Support/ParallelFunctions.h"
#include "proxyfence/Support/WarmAhead.h"

#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/SmallVectorExtras.h"

namespace proxyfence::ttng {
#define GEN_PASS_DEF_PROXYFENCEFENCEINSERTION
#include "proxyfence/Dialect/TritonNvidiaGPU/Transforms/Passes.h.inc"
} // namespace proxyfence::ttng

using namespace mlir;
using namespace proxyfence;

namespace {

/// Whether `op` runs in a partition region of some warp_specialize.
static bool isInWarpSpecialize(Operation *op) {
  for (Region *region = op->getParentRegion(); region;
       region = region->getParentRegion())
    if (ttg::getWarpSpecializeOf(region))
      return true;
  return false;
}

/// An op that writes registers into shared memory, and where.
struct Writer {
  Operation *op;
  /// The region analysis's set for the written value.
  const RegionSet *regions;
  /// Whether it runs in a warp_specialize region (only then can it run
  /// concurrently with another op).
  bool inWarpSpecialize;
  /// The function it is in.
  Operation *function;
};

/// Whether `a` and `b` run on different warps at the same time: they sit in
/// different regions of one warp_specialize.
static bool areConcurrent(Operation *a, Operation *b) {
  for (Region *ra = a->getParentRegion(); ra; ra = ra->getParentRegion()) {
    ttg::WarpSpecializeOp ws = ttg::getWarpSpecializeOf(ra);
    if (!ws)
      continue;
    for (Region *rb = b->getParentRegion(); rb; rb = rb->getParentRegion())
      if (ttg::getWarpSpecializeOf(rb) == ws)
        return rb != ra;
  }
  return false;
}

/// Whether a fence at least as wide as `scope` precedes `point` with only
/// memory-effect-free ops between.
static bool isPrecededByFence(Operation *point, bool cluster) {
  for (Operation *op = point->getPrevNode(); op; op = op->getPrevNode()) {
    if (auto fence = dyn_cast<ttng::FenceAsyncSharedOp>(op))
      return fence.getBCluster() || !cluster;
    if (!isMemoryEffectFree(op))
      return false;
  }
  return false;
}

/// What the pass did, for its statistics and remarks.
struct Counts {
  int64_t inserted = 0, hoisted = 0, deduplicated = 0;
  Counts &operator+=(const Counts &other) {
    inserted += other.inserted;
    hoisted += other.hoisted;
    deduplicated += other.deduplicated;
    return *this;
  }
};

/// A function's register -> shared-memory writers and the ops that read
/// shared memory through the async proxy, each with its function.
struct Accesses {
  SmallVector<Writer> writers;
  SmallVector<std::pair<ProxyAccessRef, Operation *>> readers;
};

/// Appends the writers and async reads under `top` (a top-level op of the
/// module) to `out`.
static void collectAccesses(Operation &top, const BufferRegionAnalysis &regions,
                            ProxyAccessLookup &lookup, Accesses &out) {
  Operation *function = isa<FunctionOpInterface>(top) ? &top : nullptr;
  top.walk([&](Operation *op) {
    ProxyAccessRef iface = lookup.get(op);
    if (!iface)
      return;
    Operation *owner = op == &top || !function
                           ? op->getParentOfType<FunctionOpInterface>()
                           : function;
    SmallVector<ProxyAccess, 2> accesses;
    iface.getProxyAccesses(accesses);
    if (llvm::any_of(accesses, [](const ProxyAccess &access) {
          return access.isAsyncShared() && access.isRead();
        }))
      out.readers.push_back({iface, owner});
    if (!isa<ttg::LocalAllocOp, ttg::LocalStoreOp>(op))
      return;
    for (const ProxyAccess &access : accesses)
      if (access.isWrite() && access.proxy == Proxy::Generic)
        out.writers.push_back({op, &regions.getRegions(access.value),
                               isInWarpSpecialize(op), owner});
  });
}

static size_t countUntraced(ArrayRef<Writer> writers) {
  return llvm::count_if(
      writers, [](const Writer &writer) { return writer.regions->unknown; });
}

struct ProxyFenceFenceInsertionPass final
    : ttng::FencePass<ttng::impl::ProxyFenceFenceInsertionBase<
          ProxyFenceFenceInsertionPass>> {
  using FencePass::FencePass;

  void runOnModule(ModuleOp module,
                   const BufferRegionAnalysis &regions) override;

private:
  /// Places the fences `readers` need against `writers` (those of the same
  /// functions), given `untracedWriters`, the untraced writers of the
  /// module, or with `final` false those of the functions walked so far.
  /// Returns how many reads it handled: with `final` false it stops at
  /// the first read whose fence depends on whether a function not walked
  /// yet has an untraced writer.
  /// What it did goes to `counts`.
  size_t insertFences(ArrayRef<Writer> writers,
                      ArrayRef<std::pair<ProxyAccessRef, Operation *>> readers,
                      const BufferRegionAnalysis &regions,
                      size_t untracedWriters, bool final,
                      AsyncSharedFenceBuilder &fences, Counts &counts) const;
  Operation *hoist(Operation *op, ArrayRef<const Writer *> writers,
                   Counts &counts) const;
  /// The functions left when the pass goes parallel (ParallelFunctions.h),
  /// at once: each one's accesses (returns their untraced writers), then,
  /// given the module's untraced writers, each one's fences. A read
  /// handled with the module's count gets the fence, and scope, it gets
  /// when the pass goes function by function (which handles a read early
  /// only where the count so far decides it already); fences go into the
  /// reader's function only.
  size_t collectInParallel(ArrayRef<Operation *> functions,
                           const BufferRegionAnalysis &regions,
                           std::vector<Accesses> &accesses);
  void insertInParallel(ArrayRef<Accesses> accesses,
                        const BufferRegionAnalysis &regions,
                        size_t untracedWriters, Counts &counts);
};

/// Moves the fence position from before `op` to before each enclosing loop
/// that contains none of `writers` and runs concurrently with none of them.
/// (Both depend only on a writer's block: one writer per block will do.)
Operation *ProxyFenceFenceInsertionPass::hoist(Operation *op,
                                               ArrayRef<const Writer *> writers,
                                               Counts &counts) const {
  if (isInWarpSpecialize(op) && llvm::any_of(writers, [&](const Writer *w) {
        return w->inWarpSpecialize && areConcurrent(w->op, op);
      }))
    return op;
  Operation *point = op;
  while (Operation *parent = point->getParentOp()) {
    if (!isa<LoopLikeOpInterface>(parent))
      break;
    if (llvm::any_of(writers, [&](const Writer *w) {
          return parent->isProperAncestor(w->op);
        }))
      break;
    point = parent;
    ++counts.hoisted;
  }
  return point;
}

void ProxyFenceFenceInsertionPass::runOnModule(
    ModuleOp module, const BufferRegionAnalysis &regions) {
  Counts counts;

  // A walk lists the register -> shared-memory writers and the ops that
  // read shared memory through the async proxy, each with its function.
  Accesses all;
  ProxyAccessLookup lookup;

  // A read meets only writers of its own function (its buffers are its
  // function's), except that any untraced writer of the module may reach
  // it. So each function is walked in turn, right after the region
  // analysis has read it (both find its ops in the cache), its writers and
  // reads are listed, and its reads are handled there and then, while its
  // ops are still in the cache, up to the first read whose fence (or its
  // scope) depends on whether a function not walked yet has an untraced
  // writer; the rest of its reads are handled once every function is
  // walked, in the same order. With remarks, which count the untraced
  // writers, every read waits for that. When the module holds anything
  // but functions, it is handled whole.
  AsyncSharedFenceBuilder fences(module.getContext());
  bool byFunction = llvm::all_of(*module.getBody(), [](Operation &top) {
    return isa<FunctionOpInterface>(top);
  });
  SmallVector<Operation *> tops =
      llvm::map_to_vector(*module.getBody(), [](Operation &op) { return &op; });
  if (!byFunction) {
    for (Operation &top : *module.getBody())
      collectAccesses(top, regions, lookup, all);
    insertFences(all.writers, all.readers, regions, countUntraced(all.writers),
                 /*final=*/true, fences, counts);
  } else {
    // Each function's writers, and its reads left for after the walk.
    struct Left {
      size_t writersBegin, writersEnd, readersBegin, readersEnd;
    };
    SmallVector<Left> left;
    size_t untraced = 0;
    // The next function is read ahead (WarmAhead.h), until the rest go in
    // parallel (ParallelFunctions.h; not with remarks, which would come
    // from several threads in no set order); the reads left for after the
    // walk may be in any function.
    ParallelSwitch parallel(module.getContext(), remarks ? 0 : tops.size());
    size_t index = 0;
    WarmAhead warm(module.getContext(), tops);
    for (; index != tops.size() && !parallel.at(index); ++index) {
      warm.enter(index);
      Operation &top = *tops[index];
      size_t writersBegin = all.writers.size(),
             readersBegin = all.readers.size();
      regions.prepare(&top);
      collectAccesses(top, regions, lookup, all);
      ArrayRef<Writer> own = ArrayRef(all.writers).drop_front(writersBegin);
      untraced += countUntraced(own);
      size_t handled = 0;
      if (!remarks)
        handled = insertFences(
            own, ArrayRef(all.readers).drop_front(readersBegin), regions,
            untraced, /*final=*/&top == &module.getBody()->back(), fences,
            counts);
      if (readersBegin + handled != all.readers.size())
        left.push_back({writersBegin, all.writers.size(),
                        readersBegin + handled, all.readers.size()});
    }
    warm.finish();
    std::vector<Accesses> rest;
    if (index != tops.size())
      untraced +=
          collectInParallel(ArrayRef(tops).drop_front(index), regions, rest);
    for (const Left &function : left)
      insertFences(ArrayRef(all.writers)
                       .slice(function.writersBegin,
                              function.writersEnd - function.writersBegin),
                   ArrayRef(all.readers)
                       .slice(function.readersBegin,
                              function.readersEnd - function.readersBegin),
                   regions, untraced, /*final=*/true, fences, counts);
    if (!rest.empty())
      insertInParallel(rest, regions, untraced, counts);
  }
  numInserted += counts.inserted;
  numHoisted += counts.hoisted;
  numDeduplicated += counts.deduplicated;
  if (remarks)
    module.emitRemark("proxyfence-fence-insertion: ")
        << counts.inserted << " inserted, " << counts.hoisted
        << " loop hoists, " << counts.deduplicated << " deduplicated";
}

namespace {
/// A thread's state when functions go in parallel.
struct Worker {
  explicit Worker(MLIRContext *context) : fences(context) {}
  ProxyAccessLookup lookup;
  AsyncSharedFenceBuilder fences;
};
} // namespace

size_t ProxyFenceFenceInsertionPass::collectInParallel(
    ArrayRef<Operation *> functions, const BufferRegionAnalysis &regions,
    std::vector<Accesses> &accesses) {
  MLIRContext *context = getOperation().getContext();
  accesses.resize(functions.size());
  forEachFunctionInParallel<Worker>(
      context, functions.size(),
      [&] { return std::make_unique<Worker>(context); },
      [&](size_t index, Worker &worker) {
        regions.prepare(functions[index]);
        collectAccesses(*functions[index], regions, worker.lookup,
                        accesses[index]);
      });
  size_t untraced = 0;
  for (const Accesses &function : accesses)
    untraced += countUntraced(function.writers);
  return untraced;
}

void ProxyFenceFenceInsertionPass::insertInParallel(
    ArrayRef<Accesses> accesses, const BufferRegionAnalysis &regions,
    size_t untracedWriters, Counts &counts) {
  MLIRContext *context = getOperation().getContext();
  std::vector<Counts> functionCounts(accesses.size());
  forEachFunctionInParallel<Worker>(
      context, accesses.size(),
      [&] { return std::make_unique<Worker>(context); },
      [&](size_t index, Worker &worker) {
        insertFences(accesses[index].writers, accesses[index].readers, regions,
                     untracedWriters, /*final=*/true, worker.fences,
                     functionCounts[index]);
      });
  for (const Counts &function : functionCounts)
    counts += function;
}

size_t ProxyFenceFenceInsertionPass::insertFences(
    ArrayRef<Writer> writers,
    ArrayRef<std::pair<ProxyAccessRef, Operation *>> readers,
    const BufferRegionAnalysis &regions, size_t untracedWriters, bool final,
    AsyncSharedFenceBuilder &fences, Counts &counts) const {
  // Index the writers, so that each async read looks only at those that
  // may write its bytes (linear, not readers x writers): by allocation and
  // byte range (the writers of one range are tested against a read once);
  // by function, for reads that cannot be traced (only the writers of its
  // own function can be in its loops, which is all hoisting asks); and
  // the writers that cannot be traced themselves, which may write any
  // buffer of any function (by function too: those of other functions are
  // only counted, as none can be in the reader's loops or run concurrently
  // with it).
  //
  // Hoisting asks only where a writer is, and the writers of one block are
  // in the same place (a ring buffer's stores in one loop body may all
  // reach a read): each block of writers is numbered, and a range lists,
  // besides its writers, one writer of each of their blocks. A read goes
  // through those; it counts the writers themselves only for a remark.
  std::vector<unsigned> blockOf(writers.size());
  DenseMap<Block *, unsigned> blockNumbers;
  for (auto [index, writer] : llvm::enumerate(writers))
    blockOf[index] =
        blockNumbers.try_emplace(writer.op->getBlock(), blockNumbers.size())
            .first->second;
  struct RangeWriters {
    ByteRange range;
    SmallVector<unsigned, 4> writers;
    SmallVector<unsigned, 2> blockWriters;
  };
  DenseMap<Operation *, SmallVector<RangeWriters, 2>> byAlloc;
  DenseMap<Operation *, SmallVector<unsigned, 4>> byFunction,
      untracedByFunction;
  // An index's list, without copying it (empty when absent).
  auto listOf = [](const DenseMap<Operation *, SmallVector<unsigned, 4>> &map,
                   Operation *key) -> ArrayRef<unsigned> {
    auto it = map.find(key);
    return it == map.end() ? ArrayRef<unsigned>() : ArrayRef(it->second);
  };
  for (auto [index, writer] : llvm::enumerate(writers)) {
    unsigned i = index;
    Operation *function = writer.function;
    byFunction[function].push_back(i);
    if (writer.regions->unknown) {
      untracedByFunction[function].push_back(i);
      continue;
    }
    for (const BufferRegion &region : writer.regions->regions) {
      SmallVector<RangeWriters, 2> &ranges = byAlloc[region.alloc];
      auto it = llvm::find_if(ranges, [&](const RangeWriters &entry) {
        return entry.range == region.range;
      });
      if (it == ranges.end()) {
        ranges.push_back({region.range, {}});
        it = std::prev(ranges.end());
      }
      if (it->writers.empty() || it->writers.back() != i)
        it->writers.push_back(i);
      if (llvm::none_of(it->blockWriters,
                        [&](unsigned j) { return blockOf[j] == blockOf[i]; }))
        it->blockWriters.push_back(i);
    }
  }

  // Per writer and per block of writers, the last reader that listed it
  // (0: none yet): each reader lists each once.
  std::vector<unsigned> lastReader(writers.size(), 0);
  std::vector<unsigned> lastReaderOfBlock(blockNumbers.size(), 0);
  unsigned reader = 0;
  // Reused by every reader (a read may have many writers).
  SmallVector<ProxyAccess, 4> accesses;
  // How many writers reach the read (counted for a remark only), and one
  // of each of their blocks.
  size_t relevant = 0;
  SmallVector<const Writer *> relevantBlocks;
  for (size_t position = 0; position != readers.size(); ++position) {
    auto [iface, function] = readers[position];
    Operation *op = iface.getOperation();
    accesses.clear();
    iface.getProxyAccesses(accesses);
    relevant = 0;
    relevantBlocks.clear();
    ++reader;
    ArrayRef<unsigned> untracedHere = listOf(untracedByFunction, function);
    // The untraced writers of other functions that reach the read.
    size_t untracedElsewhere = 0;
    bool cluster = false;
    // A buffer whose origin cannot be traced (a function argument, another
    // block argument) may have been written from registers anywhere.
    bool untraced = false;
    // Whether an untraced writer of another function would make the fence
    // a cluster fence.
    bool clusterIfElsewhere = false;
    auto count = [&](unsigned index) {
      if (std::exchange(lastReader[index], reader) != reader)
        ++relevant;
    };
    auto addBlockOf = [&](unsigned index) {
      if (std::exchange(lastReaderOfBlock[blockOf[index]], reader) != reader)
        relevantBlocks.push_back(&writers[index]);
    };
    auto add = [&](unsigned index, const ProxyAccess &access) {
      cluster |= access.scope == FenceScope::Cluster;
      count(index);
      addBlockOf(index);
    };
    auto consider = [&](unsigned index, const RegionSet &read,
                        const ProxyAccess &access) {
      // The buffer's own writers: bytes another buffer reuses after
      // allocation are the proxy-fence pass's business.
      if (BufferRegionAnalysis::mayAlias(*writers[index].regions, read,
                                         /*byAddress=*/false))
        add(index, access);
    };
    for (const ProxyAccess &access : accesses) {
      if (!access.isAsyncShared() || !access.isRead())
        continue;
      const RegionSet &read = regions.getRegions(access.value);
      if (read.empty())
        continue;
      if (read.unknown) {
        untraced = true;
        cluster |= access.scope == FenceScope::Cluster;
        for (unsigned index : listOf(byFunction, function))
          consider(index, read, access);
      } else {
        // The same test as `consider`'s, once per written range.
        for (const BufferRegion &region : read.regions) {
          auto it = byAlloc.find(region.alloc);
          if (it == byAlloc.end())
            continue;
          for (const RangeWriters &entry : it->second) {
            if (!entry.range.overlaps(region.range))
              continue;
            cluster |= access.scope == FenceScope::Cluster;
            for (unsigned index : entry.blockWriters)
              addBlockOf(index);
            if (remarks)
              for (unsigned index : entry.writers)
                count(index);
          }
        }
      }
      for (unsigned index : untracedHere)
        consider(index, read, access);
      // An untraced writer may alias any read that is not empty.
      clusterIfElsewhere |= access.scope == FenceScope::Cluster;
      if (untracedWriters != untracedHere.size()) {
        untracedElsewhere = untracedWriters - untracedHere.size();
        cluster |= access.scope == FenceScope::Cluster;
      }
    }
    // None so far: whether the read gets a fence, or a cluster one, may
    // depend on the functions not walked yet.
    if (!final && untracedElsewhere == 0 &&
        ((relevantBlocks.empty() && !untraced) ||
         (clusterIfElsewhere && !cluster)))
      return position;
    if (relevantBlocks.empty() && untracedElsewhere == 0 && !untraced)
      continue;
    int64_t hoistedBefore = counts.hoisted;
    // Before any execution barrier that directly precedes the point: each
    // thread fences its own writes before the barrier publishes them (the
    // placement the proxy-fence pass uses too).
    Operation *point =
        getFenceInsertionPoint(hoist(op, relevantBlocks, counts));
    if (isPrecededByFence(point, cluster)) {
      ++counts.deduplicated;
      if (remarks)
        op->emitRemark("no new proxy fence: an equal one already precedes it");
      continue;
    }
    auto fence = fences.createBefore(point, op->getLoc(), cluster);
    ++counts.inserted;
    if (remarks)
      fence->emitRemark("proxy fence inserted before ")
          << op->getName() << ": " << relevant + untracedElsewhere
          << " register-to-shared write(s) reach its async read"
          << (untraced ? " (or its buffer cannot be traced)" : "")
          << "; hoisted out of " << counts.hoisted - hoistedBefore
          << " loop(s)";
  }
  return readers.size();
}

} // namespace
