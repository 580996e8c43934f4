//===- BufferRegion.cpp - which bytes a memdesc value names -------------===//
//
// A forward fixpoint over all memdesc values under a root op, one function
// at a time (nothing flows between functions: an argument is unknown).
// Region sets only grow (union), byte ranges are bounded by their
// allocation, so the iteration terminates; a generous bound turns the
// values of a function still changing into `unknown` as a safety net.
//
//===----------------------------------------------------------------------===//

#include "proxyfence/Analysis/BufferRegion.h"

#include "proxyfence/Dialect/TritonNvidiaGPU/IR/Dialect.h"
#include "proxyfence/Support/InterfaceLookup.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"

#include <atomic>
#include <mutex>

using namespace mlir;
using namespace proxyfence;

/// Beyond this many regions per value, regions of one allocation are merged
/// into their bounding range.
static constexpr size_t kMaxRegions = 16;

bool RegionSet::insert(const BufferRegion &region) {
  for (BufferRegion &existing : regions) {
    if (existing.alloc != region.alloc)
      continue;
    if (existing.range.contains(region.range))
      return false;
    if (existing.range.overlaps(region.range) ||
        existing.range.end == region.range.start ||
        region.range.end == existing.range.start) {
      existing.range.start = std::min(existing.range.start, region.range.start);
      existing.range.end = std::max(existing.range.end, region.range.end);
      return true;
    }
  }
  if (regions.size() >= kMaxRegions) {
    for (BufferRegion &existing : regions)
      if (existing.alloc == region.alloc) {
        existing.range.start =
            std::min(existing.range.start, region.range.start);
        existing.range.end = std::max(existing.range.end, region.range.end);
        return true;
      }
  }
  regions.push_back(region);
  return true;
}

bool RegionSet::merge(const RegionSet &other) {
  bool changed = false;
  if (other.unknown && !unknown) {
    unknown = true;
    changed = true;
  }
  for (const BufferRegion &region : other.regions)
    changed |= insert(region);
  return changed;
}

std::optional<int64_t> proxyfence::getAllocationOffset(Operation *alloc) {
  if (!alloc)
    return std::nullopt;
  // A discardable attribute (no op has an inherent one of this name): the
  // lookup skips the op's inherent attributes.
  if (auto offset = dyn_cast_or_null<IntegerAttr>(
          alloc->getDiscardableAttr("allocation.offset")))
    return offset.getInt();
  return std::nullopt;
}

int64_t proxyfence::getAllocationSize(Operation *alloc) {
  if (alloc->getNumResults() != 0)
    if (auto type = dyn_cast<ttg::MemDescType>(alloc->getResult(0).getType()))
      return type.getAllocSizeInBytes();
  if (auto iface = dyn_cast<ProxyAccessOpInterface>(alloc))
    return iface.getSharedScratchSize();
  return 0;
}

bool proxyfence::isMemDescView(Operation *op) {
  return ttg::isMemDescView(op) || isa_and_nonnull<ViewLikeOpInterface>(op);
}

RegionSet
BufferRegionAnalysis::getAccessRegions(Operation *op,
                                       const ProxyAccess &access) const {
  if (!access.scratch)
    return getRegions(access.value);
  RegionSet set;
  set.insert({op, {0, getAllocationSize(op)}});
  return set;
}

static bool isMemDesc(Value value) {
  return isa<ttg::MemDescType>(value.getType());
}

/// Lists the memdesc values under `op` by the function they belong to
/// (`outer`: the list of the function `op` is in), in post-order, as
/// Operation::walk visits ops: the ops nested in `op` first, then the
/// arguments of `op`'s blocks and its results. Each function's list goes
/// to `solve` as soon as it is complete, while its ops are still in the
/// cache.
static void
collectValues(Operation *op, SmallVector<Value> &outer,
              InterfaceLookup<FunctionOpInterface> &functions,
              function_ref<void(Operation *, ArrayRef<Value>)> solve) {
  // Only an op with a region can be a function: the others are not asked.
  std::optional<SmallVector<Value>> function;
  if (op->getNumRegions() != 0 && functions.has(op))
    function.emplace();
  SmallVector<Value> &own = function ? *function : outer;
  for (Region &region : op->getRegions())
    for (Block &block : region)
      for (Operation &nested : block)
        collectValues(&nested, own, functions, solve);
  for (Region &region : op->getRegions())
    for (Block &block : region)
      for (BlockArgument arg : block.getArguments())
        if (isMemDesc(arg))
          own.push_back(arg);
  if (function)
    solve(op, *function);
  for (Value result : op->getResults())
    if (isMemDesc(result))
      outer.push_back(result);
}

/// Calls `fn` on every value whose transfer may read `value`: the memdesc
/// results of its users and the arguments of their regions' blocks; for a
/// terminator, also the results and region arguments of its parent op and
/// the arguments of its successors. (A superset: values outside the
/// analysed group are ignored by the caller; marking a value whose inputs
/// did not change costs one transfer that merges nothing.)
static void forEachDependent(Value value, function_ref<void(Value)> fn) {
  auto regionsAndResults = [&](Operation *op) {
    for (Value result : op->getResults())
      fn(result);
    for (Region &region : op->getRegions())
      for (Block &block : region)
        for (BlockArgument arg : block.getArguments())
          fn(arg);
  };
  for (OpOperand &use : value.getUses()) {
    Operation *user = use.getOwner();
    regionsAndResults(user);
    // A terminator is its block's last op (asking the op's traits costs
    // more than the few extra values this marks).
    if (user != &user->getBlock()->back())
      continue;
    if (Operation *parent = user->getParentOp())
      regionsAndResults(parent);
    for (Block *successor : user->getSuccessors())
      for (BlockArgument arg : successor->getArguments())
        fn(arg);
  }
}

BufferRegionAnalysis::Hint &BufferRegionAnalysis::threadHint() {
  static thread_local Hint hint;
  return hint;
}

BufferRegionAnalysis::Sizes &BufferRegionAnalysis::threadSizes() {
  static thread_local Sizes sizes;
  return sizes;
}

static uint64_t nextAnalysisId() {
  static std::atomic<uint64_t> next{0};
  return ++next;
}

BufferRegionAnalysis::BufferRegionAnalysis(Operation *root)
    : id(nextAnalysisId()) {
  unknownSet.unknown = true;
  // A block of functions only (a module, as the passes see it): each is
  // analysed on its first lookup. No value is then outside a function.
  if (root->getNumRegions() == 1 && root->getRegion(0).hasOneBlock() &&
      llvm::all_of(root->getRegion(0).front(), [&](Operation &op) {
        return functionOps.has(&op);
      })) {
    lazyBlock = &root->getRegion(0).front();
    for (Operation &function : *lazyBlock)
      pending.insert(&function);
    solve(root->getParentOfType<FunctionOpInterface>(), {});
    return;
  }
  SmallVector<Value> outside;
  collectAndSolve(root, outside);
  solve(root->getParentOfType<FunctionOpInterface>(), outside);
}

void BufferRegionAnalysis::collectAndSolve(Operation *op,
                                           SmallVector<Value> &outside) const {
  // (Its own: another thread may be analysing another function.)
  InterfaceLookup<FunctionOpInterface> functionOps;
  collectValues(op, outside, functionOps,
                [&](Operation *function, ArrayRef<Value> values) {
                  solve(function, values);
                });
}

void BufferRegionAnalysis::solveFunction(Operation *top) const {
  // A function has no results: nothing of it is outside it.
  SmallVector<Value> outside;
  collectAndSolve(top, outside);
  assert(outside.empty() && "a function op with memdesc results");
}

void BufferRegionAnalysis::prepare(Operation *function) const {
  bool todo;
  {
    std::unique_lock<std::shared_mutex> lock(mutex);
    todo = pending.erase(function);
  }
  if (todo)
    solveFunction(function);
}

void BufferRegionAnalysis::prepareAll() const {
  if (lazyBlock)
    for (Operation &function : *lazyBlock)
      prepare(&function);
}

ArrayRef<Operation *>
BufferRegionAnalysis::getFunctionsWithUnknownValues() const {
  prepareAll();
  std::shared_lock<std::shared_mutex> lock(mutex);
  return functionsWithUnknownValues;
}

void BufferRegionAnalysis::solve(Operation *function,
                                 ArrayRef<Value> values) const {
  auto owned = std::make_unique<FunctionValues>();
  FunctionValues &own = *owned;
  {
    std::unique_lock<std::shared_mutex> lock(mutex);
    functions.push_back(std::move(owned));
    byFunction[function] = &own;
  }
  own.indices.reserve(values.size());
  for (auto [index, value] : llvm::enumerate(values))
    own.indices.try_emplace(value, index);
  own.regions.resize(values.size());
  // Values are visited in program order, so straight-line code converges
  // in one round; loop-carried values take a few (one per value a region
  // is handed on to around a loop). A round transfers only the values
  // whose inputs changed since their last transfer (the others would
  // merge what they already hold): every value in the first round.
  std::vector<bool> dirty(values.size(), true);
  auto markDependents = [&](Value value) {
    forEachDependent(value, [&](Value dependent) {
      // Only memdescs have regions (most users' results are not).
      if (!isMemDesc(dependent))
        return;
      auto it = own.indices.find(dependent);
      if (it != own.indices.end())
        dirty[it->second] = true;
    });
  };
  // transfer() reads the regions of this function's values.
  setHint(&own);
  constexpr int kMaxRounds = 64;
  bool changed = true;
  for (int round = 0; changed && round < kMaxRounds; ++round) {
    changed = false;
    for (auto [index, value] : llvm::enumerate(values)) {
      if (!dirty[index])
        continue;
      dirty[index] = false;
      if (own.regions[index].merge(transfer(value))) {
        changed = true;
        markDependents(value);
      }
    }
  }
  if (changed)
    for (RegionSet &set : own.regions)
      set.unknown = true;
  if (llvm::any_of(own.regions,
                   [](const RegionSet &set) { return set.unknown; })) {
    std::unique_lock<std::shared_mutex> lock(mutex);
    functionsWithUnknownValues.push_back(function);
  }
}

int64_t BufferRegionAnalysis::sizeInBytes(ttg::MemDescType type) const {
  Sizes &sizes = threadSizes();
  if (sizes.analysis != id) {
    sizes.bytes.clear();
    sizes.analysis = id;
  }
  auto [it, inserted] = sizes.bytes.try_emplace(type, 0);
  if (inserted)
    it->second = type.getSizeInBytes();
  return it->second;
}

const BufferRegionAnalysis::FunctionValues *
BufferRegionAnalysis::functionOf(Value value) const {
  Operation *op = value.getDefiningOp();
  if (!op)
    op = cast<BlockArgument>(value).getOwner()->getParentOp();
  Operation *unsolved = nullptr;
  {
    std::shared_lock<std::shared_mutex> lock(mutex);
    // The value's own op may be a function only for its block arguments.
    if (!value.getDefiningOp())
      if (const FunctionValues *own = byFunction.lookup(op))
        return own;
    for (Operation *parent = op ? op->getParentOp() : nullptr; parent;
         parent = parent->getParentOp())
      if (const FunctionValues *own = byFunction.lookup(parent))
        return own;
    if (pending.empty())
      return byFunction.lookup(nullptr);
    for (Operation *top = op; top; top = top->getParentOp())
      if (top->getBlock() == lazyBlock) {
        if (pending.contains(top))
          unsolved = top;
        break;
      }
    if (!unsolved)
      return byFunction.lookup(nullptr);
  }
  // A value of a function not analysed yet: analyse it, then look again.
  prepare(unsolved);
  return functionOf(value);
}

const RegionSet &BufferRegionAnalysis::getRegions(Value value) const {
  if (const Hint &hint = threadHint(); hint.analysis == id)
    if (const RegionSet *set = hint.function->find(value))
      return *set;
  const FunctionValues *function = functionOf(value);
  if (!function)
    return unknownSet;
  const RegionSet *set = function->find(value);
  if (!set)
    return unknownSet;
  setHint(function);
  return *set;
}

/// Whether `value` is a constant integer (m_ConstantInt), without folding
/// an `arith.constant` to find out.
static bool matchConstantIndex(Value value, APInt &constant) {
  if (auto op = value.getDefiningOp<arith::ConstantOp>())
    if (auto attr = dyn_cast<IntegerAttr>(op.getValue())) {
      constant = attr.getValue();
      return true;
    }
  return matchPattern(value, m_ConstantInt(&constant));
}

/// Maps the regions of a view's source to the view's regions: `slice` gives
/// the part of a source region of `srcBytes` bytes the view covers, or
/// nullopt when only the whole source range is safe.
static RegionSet mapRegions(
    const RegionSet &src, int64_t srcBytes,
    function_ref<std::optional<ByteRange>(ByteRange)> slice) {
  RegionSet result;
  result.unknown = src.unknown;
  for (const BufferRegion &region : src.regions) {
    BufferRegion mapped = region;
    if (region.range.size() == srcBytes)
      if (std::optional<ByteRange> part = slice(region.range))
        mapped.range = *part;
    result.insert(mapped);
  }
  return result;
}

/// A padded layout spreads a slice over padding: no slice of it is the
/// plain byte range its shape suggests.
static bool isPadded(ttg::MemDescType type) {
  return isa_and_present<ttg::PaddedSharedEncodingAttr>(type.getEncoding());
}

/// The regions of a subslice of `srcType` with result `type` at `offsets`
/// (nullopt: not known at compile time). Only a slice of the leading
/// dimension at a known offset is a contiguous byte range whatever the
/// swizzle; anything else keeps the whole source.
static RegionSet subsliceRegions(const RegionSet &src,
                                 ttg::MemDescType srcType,
                                 int64_t srcBytes, ttg::MemDescType type,
                                 ArrayRef<std::optional<int64_t>> offsets) {
  bool leadingOnly =
      !isPadded(srcType) && !offsets.empty() && offsets.front().has_value() &&
      llvm::all_of(offsets.drop_front(),
                   [](std::optional<int64_t> o) { return o == 0; }) &&
      type.getShape().drop_front() == srcType.getShape().drop_front();
  int64_t rowBytes = srcBytes / std::max<int64_t>(1, srcType.getShape()[0]);
  return mapRegions(src, srcBytes,
                    [&](ByteRange range) -> std::optional<ByteRange> {
                      if (!leadingOnly)
                        return std::nullopt;
                      int64_t start = range.start + *offsets.front() * rowBytes;
                      int64_t end = start + type.getShape()[0] * rowBytes;
                      if (start < range.start || end > range.end)
                        return std::nullopt;
                      return ByteRange{start, end};
                    });
}

/// Regions of the `index`th value passed to a region successor by each
/// terminator in `terminators`.
static void mergeOperand(RegionSet &set, const BufferRegionAnalysis &analysis,
                         ValueRange values, unsigned index) {
  if (index < values.size())
    set.merge(analysis.getRegions(values[index]));
  else
    set.unknown = true;
}

RegionSet BufferRegionAnalysis::transfer(Value value) const {
  RegionSet set;
  if (auto arg = dyn_cast<BlockArgument>(value)) {
    Block *block = arg.getOwner();
    Operation *parent = block->getParentOp();
    unsigned index = arg.getArgNumber();
    if (auto forOp = dyn_cast<scf::ForOp>(parent)) {
      if (index == 0) {
        set.unknown = true;
        return set;
      }
      mergeOperand(set, *this, forOp.getInitArgs(), index - 1);
      mergeOperand(set, *this, forOp.getBody()->getTerminator()->getOperands(),
                   index - 1);
      return set;
    }
    if (auto partitions = dyn_cast<ttg::WarpSpecializePartitionsOp>(parent)) {
      mergeOperand(set, *this, partitions.getExplicitCaptures(), index);
      return set;
    }
    if (!block->isEntryBlock()) {
      // An unstructured (cf) block: the union of what each predecessor
      // passes.
      for (auto it = block->pred_begin(); it != block->pred_end(); ++it) {
        Block *pred = *it;
        auto branch = dyn_cast<BranchOpInterface>(pred->getTerminator());
        if (!branch) {
          set.unknown = true;
          continue;
        }
        SuccessorOperands operands =
            branch.getSuccessorOperands(it.getSuccessorIndex());
        Value passed = operands[index];
        if (passed)
          set.merge(getRegions(passed));
        else
          set.unknown = true;
      }
      return set;
    }
    set.unknown = true;
    return set;
  }

  auto result = cast<OpResult>(value);
  Operation *op = result.getOwner();
  auto type = cast<ttg::MemDescType>(value.getType());

  if (isa<ttg::LocalAllocOp, ttng::TMEMAllocOp>(op) &&
      result.getResultNumber() == 0) {
    set.insert({op, {0, getAllocationSize(op)}});
    return set;
  }
  if (auto index = dyn_cast<ttg::MemDescIndexOp>(op)) {
    auto srcType = index.getSrc().getType();
    int64_t stride = sizeInBytes(type);
    APInt constant;
    bool isConstant = matchConstantIndex(index.getIndex(), constant);
    return mapRegions(getRegions(index.getSrc()), sizeInBytes(srcType),
                      [&](ByteRange range) -> std::optional<ByteRange> {
                        if (!isConstant || isPadded(srcType))
                          return std::nullopt;
                        int64_t start =
                            range.start + constant.getSExtValue() * stride;
                        if (start < range.start || start + stride > range.end)
                          return std::nullopt;
                        return ByteRange{start, start + stride};
                      });
  }
  if (auto subslice = dyn_cast<ttg::MemDescSubsliceOp>(op)) {
    SmallVector<std::optional<int64_t>> offsets(subslice.getOffsets());
    return subsliceRegions(getRegions(subslice.getSrc()),
                           subslice.getSrc().getType(),
                           sizeInBytes(subslice.getSrc().getType()), type,
                           offsets);
  }
  if (auto subslice = dyn_cast<ttg::MemDescDynamicSubsliceOp>(op)) {
    // Offsets known at compile time map like memdesc_subslice's; a run-time
    // offset may put the slice anywhere in the source.
    SmallVector<std::optional<int64_t>> offsets;
    for (Value offset : subslice.getOffsets()) {
      APInt constant;
      offsets.push_back(matchPattern(offset, m_ConstantInt(&constant))
                            ? std::optional<int64_t>(constant.getSExtValue())
                            : std::nullopt);
    }
    return subsliceRegions(getRegions(subslice.getSrc()),
                           subslice.getSrc().getType(),
                           sizeInBytes(subslice.getSrc().getType()), type,
                           offsets);
  }
  // Every other view (trans, reshape, reinterpret, and any view op added
  // later) keeps the whole source.
  if (ttg::isMemDescView(op))
    return getRegions(op->getOperand(0));
  // Other views (a tensor-memory column slice, the same buffer in a peer
  // CTA): the whole source, which is always safe.
  if (auto view = dyn_cast<ViewLikeOpInterface>(op))
    return getRegions(view.getViewSource());
  if (isa<ttng::WarpGroupDotWaitOp>(op))
    return getRegions(op->getOperand(result.getResultNumber()));
  if (auto forOp = dyn_cast<scf::ForOp>(op)) {
    unsigned index = result.getResultNumber();
    mergeOperand(set, *this, forOp.getInitArgs(), index);
    mergeOperand(set, *this, forOp.getBody()->getTerminator()->getOperands(),
                 index);
    return set;
  }
  if (auto ifOp = dyn_cast<scf::IfOp>(op)) {
    unsigned index = result.getResultNumber();
    mergeOperand(set, *this, ifOp.thenYield().getOperands(), index);
    if (!ifOp.getElseRegion().empty())
      mergeOperand(set, *this, ifOp.elseYield().getOperands(), index);
    return set;
  }
  if (auto ws = dyn_cast<ttg::WarpSpecializeOp>(op)) {
    Operation *yield = ws.getDefaultRegion().back().getTerminator();
    mergeOperand(set, *this, yield->getOperands(), result.getResultNumber());
    return set;
  }
  set.unknown = true;
  return set;
}

/// The bytes of `region` in shared memory, when its allocation is at
/// `offset`.
static std::optional<ByteRange> absoluteAt(const BufferRegion &region,
                                           std::optional<int64_t> offset) {
  if (!offset)
    return std::nullopt;
  return ByteRange{*offset + region.range.start, *offset + region.range.end};
}

std::optional<ByteRange>
BufferRegionAnalysis::getAbsoluteRange(const BufferRegion &region) {
  return absoluteAt(region, getAllocationOffset(region.alloc));
}

static bool isTensorMemory(Operation *alloc) {
  if (alloc->getNumResults() == 0)
    return false; // shared-memory scratch of the op
  auto type = dyn_cast<ttg::MemDescType>(alloc->getResult(0).getType());
  return type && type.isTensorMemory();
}

PlacedRegion BufferRegionAnalysis::place(const BufferRegion &region) {
  return {region, getAbsoluteRange(region), isTensorMemory(region.alloc)};
}

PlacedRegion BufferRegionAnalysis::Placer::place(const BufferRegion &region) {
  auto [it, fresh] = placements.try_emplace(region.alloc);
  if (fresh)
    it->second = {getAllocationOffset(region.alloc),
                  isTensorMemory(region.alloc)};
  const Placement &placement = it->second;
  return {region, absoluteAt(region, placement.offset),
          placement.tensorMemory};
}

PlacedRegionSet BufferRegionAnalysis::Placer::place(const RegionSet &set) {
  PlacedRegionSet placed;
  placed.unknown = set.unknown;
  for (const BufferRegion &region : set.regions)
    placed.regions.push_back(place(region));
  return placed;
}

bool BufferRegionAnalysis::mayAlias(const PlacedRegion &a,
                                    const PlacedRegion &b, bool byAddress) {
  if (a.region.alloc == b.region.alloc)
    return a.region.range.overlaps(b.region.range);
  if (!byAddress)
    return false;
  if (a.tensorMemory != b.tensorMemory)
    return false;
  // Before allocation, distinct buffers are distinct objects.
  return a.absolute && b.absolute && a.absolute->overlaps(*b.absolute);
}

bool BufferRegionAnalysis::mayAlias(const BufferRegion &a,
                                    const BufferRegion &b, bool byAddress) {
  // Placement matters only between distinct allocations, by address.
  if (a.alloc == b.alloc || !byAddress)
    return mayAlias(PlacedRegion{a}, PlacedRegion{b}, byAddress);
  return mayAlias(place(a), place(b), byAddress);
}

template <typename Set>
static bool mayAliasSets(const Set &a, const Set &b, bool byAddress) {
  if (a.empty() || b.empty())
    return false;
  if (a.unknown || b.unknown)
    return true;
  for (const auto &ra : a.regions)
    for (const auto &rb : b.regions)
      if (BufferRegionAnalysis::mayAlias(ra, rb, byAddress))
        return true;
  return false;
}

bool BufferRegionAnalysis::mayAlias(const RegionSet &a, const RegionSet &b,
                                    bool byAddress) {
  return mayAliasSets(a, b, byAddress);
}

bool BufferRegionAnalysis::mayAlias(const PlacedRegionSet &a,
                                    const PlacedRegionSet &b, bool byAddress) {
  return mayAliasSets(a, b, byAddress);
}
