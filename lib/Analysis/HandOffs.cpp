//===- HandOffs.cpp - what TTGIR's hand-offs name, for the engine ---------===//
//
// include/proxyfence/Analysis/HandOffs.h.
//
//===----------------------------------------------------------------------===//

#include "proxyfence/Analysis/HandOffs.h"

#include "proxyfence/Dialect/TritonGPU/IR/Dialect.h"

#include "mlir/IR/Matchers.h"

using namespace mlir;
using namespace proxyfence;

std::optional<unsigned> proxyfence::getPartition(Operation *ws, Operation *op) {
  auto specialized = cast<ttg::WarpSpecializeOp>(ws);
  Region *region = op->getParentRegion();
  if (specialized.getDefaultRegion().isAncestor(region))
    return 0;
  for (auto [index, partition] :
       llvm::enumerate(specialized.getPartitionRegions()))
    if (partition.isAncestor(region))
      return 1 + index;
  return std::nullopt;
}

void proxyfence::forEachOpAfterWait(
    Operation *wait, llvm::function_ref<bool(Operation *)> stops,
    llvm::function_ref<void(Operation *)> visit) {
  for (Operation *op = wait->getNextNode(); op; op = op->getNextNode()) {
    if (stops(op))
      return;
    bool stopsInside = false;
    if (op->getNumRegions() != 0)
      op->walk([&](Operation *nested) {
        stopsInside |= nested != op && stops(nested);
      });
    if (stopsInside)
      return;
    op->walk([&](Operation *nested) { visit(nested); });
  }
}

std::optional<BufferRegion> HandOffNames::sureRegion(Value value) const {
  const RegionSet &set = regions.getRegions(value);
  if (set.unknown || set.regions.size() != 1)
    return std::nullopt;
  for (Value v = value;;) {
    if (auto arg = dyn_cast<BlockArgument>(v)) {
      auto partitions = dyn_cast_or_null<ttg::WarpSpecializePartitionsOp>(
          arg.getOwner()->getParentOp());
      if (!partitions || !arg.getOwner()->isEntryBlock() ||
          arg.getArgNumber() >= partitions.getExplicitCaptures().size())
        return std::nullopt;
      v = partitions.getExplicitCaptures()[arg.getArgNumber()];
      continue;
    }
    Operation *def = v.getDefiningOp();
    if (isa<ttg::LocalAllocOp>(def))
      return set.regions.front();
    auto index = dyn_cast<ttg::MemDescIndexOp>(def);
    APInt constant;
    if (!index || !matchPattern(index.getIndex(), m_ConstantInt(&constant)))
      return std::nullopt;
    v = index.getSrc();
  }
}

bool HandOffNames::surelyMeet(Value a, Value b) const {
  if (!a || !b)
    return false;
  std::optional<BufferRegion> x = sureRegion(a), y = sureRegion(b);
  return x && y && x->alloc == y->alloc && x->range.overlaps(y->range);
}

engine::BarrierName HandOffNames::name(Value barrier) {
  engine::BarrierName name;
  std::optional<BufferRegion> one = sureRegion(barrier);
  if (one && one->range.size() == 8)
    name.barrier = barrierNumbers
                       .try_emplace({one->alloc, one->range.start, 0},
                                    barrierNumbers.size())
                       .first->second;
  if (auto index = barrier.getDefiningOp<ttg::MemDescIndexOp>())
    if (std::optional<BufferRegion> ring = sureRegion(index.getSrc()))
      name.ring = ringNumbers
                      .try_emplace({ring->alloc, ring->range.start,
                                    ring->range.end},
                                   ringNumbers.size())
                      .first->second;
  return name;
}

bool HandOffNames::sameRingSlot(Value dataA, Value barrierA, Value dataB,
                                Value barrierB) const {
  if (!dataA || !dataB || !barrierA || !barrierB)
    return false;
  auto indexA = dataA.getDefiningOp<ttg::MemDescIndexOp>();
  auto indexB = dataB.getDefiningOp<ttg::MemDescIndexOp>();
  auto barA = barrierA.getDefiningOp<ttg::MemDescIndexOp>();
  auto barB = barrierB.getDefiningOp<ttg::MemDescIndexOp>();
  if (!indexA || !indexB || !barA || !barB ||
      indexA.getIndex() != barA.getIndex() ||
      indexB.getIndex() != barB.getIndex() ||
      indexA.getType() != indexB.getType())
    return false;
  std::optional<BufferRegion> ringA = sureRegion(indexA.getSrc());
  std::optional<BufferRegion> ringB = sureRegion(indexB.getSrc());
  return ringA && ringB && *ringA == *ringB;
}
