//===- TestSharedMemoryAllocation.cpp - check allocated offsets ----------===//
//
// `--test-verify-shared-memory-allocation` checks the invariant of
// shared-memory allocation: two buffers (local_alloc, op scratch,
// warp_specialize capture storage) whose `allocation.offset` byte ranges
// overlap are never live at the same op. It computes liveness on its own,
// independently of the allocation pass: MLIR's SSA Liveness of every memdesc
// value that may denote the buffer (BufferRegionAnalysis), widened over
// loops that run a use again and over whole warp_specialize ops (whose
// regions run concurrently). It emits an error per overlapping pair and
// prints `shared-memory allocation ok` for a module without any.
//
//===----------------------------------------------------------------------===//

#include "proxyfence/Analysis/BufferRegion.h"
#include "proxyfence/Dialect/TritonGPU/IR/Dialect.h"

#include "mlir/Analysis/Liveness.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassRegistry.h"
#include "llvm/ADT/SetVector.h"

using namespace mlir;
using namespace proxyfence;

namespace {

/// A placed buffer and the ops at which it is live.
struct PlacedBuffer {
  Operation *op;
  ByteRange bytes;
  llvm::SmallPtrSet<Operation *, 32> liveAt;
};

/// Adds `op` and every op nested in it.
void addAll(Operation *op, llvm::SmallPtrSetImpl<Operation *> &set) {
  op->walk([&](Operation *nested) { set.insert(nested); });
}

/// Widens `set` over the loops (not containing `owner`) and the
/// warp_specialize ops around each of its ops.
void widen(Operation *owner, llvm::SmallPtrSetImpl<Operation *> &set) {
  SmallVector<Operation *> ops(set.begin(), set.end());
  for (Operation *op : ops)
    for (Operation *parent = op->getParentOp(); parent;
         parent = parent->getParentOp()) {
      if (isa<ttg::WarpSpecializeOp>(parent) ||
          (isa<LoopLikeOpInterface>(parent) && !parent->isAncestor(owner)))
        addAll(parent, set);
      if (isa<FunctionOpInterface>(parent))
        break;
    }
}

/// The byte size of a placed op: its memdesc, or its `allocation.size`.
std::optional<int64_t> getPlacedSize(Operation *op) {
  if (isa<ttg::LocalAllocOp>(op)) {
    auto type = cast<ttg::MemDescType>(op->getResult(0).getType());
    if (type.isTensorMemory())
      return std::nullopt;
    return type.getAllocSizeInBytes();
  }
  if (auto size = op->getAttrOfType<IntegerAttr>("allocation.size"))
    return size.getInt();
  return std::nullopt;
}

/// Ops at which some memdesc value that may denote `alloc` is live.
void collectAllocLiveness(Operation *alloc, FunctionOpInterface func,
                          const Liveness &liveness,
                          const BufferRegionAnalysis &analysis,
                          llvm::SmallPtrSetImpl<Operation *> &set) {
  set.insert(alloc);
  auto visit = [&](Value value) {
    if (!isa<ttg::MemDescType>(value.getType()))
      return;
    const RegionSet &regions = analysis.getRegions(value);
    if (!llvm::any_of(regions.regions, [&](const BufferRegion &region) {
          return region.alloc == alloc;
        }))
      return;
    for (Operation *op : liveness.resolveLiveness(value))
      set.insert(op);
    for (Operation *user : value.getUsers())
      set.insert(user);
  };
  func->walk([&](Operation *op) {
    for (Value result : op->getResults())
      visit(result);
    for (Region &region : op->getRegions())
      for (Block &block : region)
        for (BlockArgument arg : block.getArguments())
          visit(arg);
  });
}

struct TestVerifySharedMemoryAllocationPass
    : public PassWrapper<TestVerifySharedMemoryAllocationPass,
                         OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(
      TestVerifySharedMemoryAllocationPass)

  StringRef getArgument() const final {
    return "test-verify-shared-memory-allocation";
  }
  StringRef getDescription() const final {
    return "Check that simultaneously live shared buffers do not overlap";
  }

  void runOnOperation() override {
    BufferRegionAnalysis analysis(getOperation());
    bool ok = true;
    for (auto func : getOperation().getOps<FunctionOpInterface>())
      ok &= verifyFunction(func, analysis);
    if (!ok)
      return signalPassFailure();
    llvm::outs() << "shared-memory allocation ok\n";
  }

  bool verifyFunction(FunctionOpInterface func,
                      const BufferRegionAnalysis &analysis) {
    Liveness liveness(func);
    std::vector<PlacedBuffer> buffers;
    func->walk<WalkOrder::PreOrder>([&](Operation *op) {
      std::optional<int64_t> offset = getAllocationOffset(op);
      std::optional<int64_t> size = getPlacedSize(op);
      if (!offset || !size)
        return;
      PlacedBuffer &buffer = buffers.emplace_back();
      buffer.op = op;
      buffer.bytes = {*offset, *offset + *size};
      if (isa<ttg::LocalAllocOp>(op))
        collectAllocLiveness(op, func, liveness, analysis, buffer.liveAt);
      else
        buffer.liveAt.insert(op);
      widen(op, buffer.liveAt);
    });
    bool ok = true;
    for (size_t i = 0; i < buffers.size(); ++i)
      for (size_t j = i + 1; j < buffers.size(); ++j)
        ok &= verifyPair(buffers[i], buffers[j]);
    return ok;
  }

  static bool verifyPair(const PlacedBuffer &a, const PlacedBuffer &b) {
    if (!a.bytes.overlaps(b.bytes))
      return true;
    for (Operation *op : a.liveAt) {
      if (!b.liveAt.contains(op))
        continue;
      InFlightDiagnostic diag =
          a.op->emitError() << "shared buffer [" << a.bytes.start << ", "
                            << a.bytes.end << ") overlaps buffer ["
                            << b.bytes.start << ", " << b.bytes.end
                            << ") while both are live";
      diag.attachNote(b.op->getLoc()) << "the other buffer";
      diag.attachNote(op->getLoc()) << "both live at this op";
      return false;
    }
    return true;
  }
};

} // namespace

namespace proxyfence::test {
void registerTestSharedMemoryAllocationPass() {
  PassRegistration<TestVerifySharedMemoryAllocationPass>();
}
} // namespace proxyfence::test
