//===- HandOffs.h - what TTGIR's hand-offs name, for the engine -*- C++ -*-===//
//
// The TTGIR front-end's answers to the engine's hand-off rules
// (include/proxyfence/Engine/HandOff.h), shared by the fence and the
// completion analyses: which partition of a `ttg.warp_specialize` an op
// runs in, the one region a memdesc surely names, and the barrier an
// `arrive_barrier` or `wait_barrier` names (one barrier: an allocation or a
// constant slot of one, 8 bytes; a ring: the allocation a `memdesc_index`
// picks a slot of).
//
//===----------------------------------------------------------------------===//

#ifndef PROXYFENCE_ANALYSIS_HANDOFFS_H
#define PROXYFENCE_ANALYSIS_HANDOFFS_H

#include "proxyfence/Analysis/BufferRegion.h"
#include "proxyfence/Engine/HandOff.h"

#include "mlir/IR/Operation.h"
#include "mlir/IR/Value.h"
#include "llvm/ADT/STLFunctionalExtras.h"

#include <map>
#include <optional>
#include <tuple>

namespace proxyfence {

/// The partition of `ws` (a `ttg.warp_specialize`) that holds `op`: 0 for
/// the default region, 1 + i for partition i; none when `op` is not in it.
std::optional<unsigned> getPartition(mlir::Operation *ws, mlir::Operation *op);

/// The ops that follow `wait` in its block, each with the ops its regions
/// hold (`visit` sees each op of them, in walk order), up to the first op
/// that `stops` or holds one that does: what the waiting partition does
/// after its wait before another synchronization.
void forEachOpAfterWait(mlir::Operation *wait,
                        llvm::function_ref<bool(mlir::Operation *)> stops,
                        llvm::function_ref<void(mlir::Operation *)> visit);

class HandOffNames {
public:
  explicit HandOffNames(const BufferRegionAnalysis &regions)
      : regions(regions) {}

  /// The one region `value` surely names: an allocation, or a constant
  /// slot of one (`ttg.memdesc_index` by a constant), through
  /// warp_specialize captures; none otherwise (a run-time index, a view
  /// whose bytes are only bounded, a value of unknown origin).
  std::optional<BufferRegion> sureRegion(mlir::Value value) const;
  /// Whether `a` and `b` surely share a byte (both sure regions, which
  /// overlap).
  bool surelyMeet(mlir::Value a, mlir::Value b) const;
  /// The barrier `barrier` names for the engine's meetings.
  engine::BarrierName name(mlir::Value barrier);
  /// Whether two sides of a hand-off through a ring touch one slot: on
  /// each side the data (`dataA`, `dataB`) and the barrier (`barrierA`,
  /// `barrierB`) are `ttg.memdesc_index`es by one index value, and both
  /// data slots are of one ring of buffers (the same memdesc type, the
  /// same sure allocation). One barrier slot is one index value, so one
  /// data slot.
  bool sameRingSlot(mlir::Value dataA, mlir::Value barrierA, mlir::Value dataB,
                    mlir::Value barrierB) const;

private:
  const BufferRegionAnalysis &regions;
  std::map<std::tuple<mlir::Operation *, int64_t, int64_t>, unsigned>
      barrierNumbers, ringNumbers;
};

} // namespace proxyfence

#endif // PROXYFENCE_ANALYSIS_HANDOFFS_H
