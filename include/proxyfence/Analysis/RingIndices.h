//===- RingIndices.h - stage counters of multi-buffered rings ---*- C++ -*-===//
//
// Triton's pipeliner and warp specialization index a ring of S buffers with
// loop-carried stage counters: `next = (x + 1 >= S) ? 0 : x + 1`, one
// counter for the slot being read, one for the slot being written, started
// at different constants. Two counters of the same loop that start at
// constants and advance together keep a constant difference modulo S; the
// slot one op reads and the slot another writes in the same iteration then
// differ whenever that difference is not 0. This is the relational fact a
// completion analysis needs to see that a ring of S slots with at most N < S
// reads in flight never overwrites a slot still being read.
//
//===----------------------------------------------------------------------===//

#ifndef PROXYFENCE_ANALYSIS_RINGINDICES_H
#define PROXYFENCE_ANALYSIS_RINGINDICES_H

#include "mlir/IR/Value.h"
#include "llvm/ADT/DenseMap.h"

#include <optional>
#include <utility>

namespace proxyfence {

/// `counter + offset` modulo `modulus`, where `counter` is a loop-carried
/// value (an scf.for iteration argument or an argument of the block a cf
/// loop branches back to).
struct CounterExpr {
  mlir::Value counter;
  int64_t offset = 0;
  int64_t modulus = 0;
};

class RingIndexAnalysis {
public:
  /// `value` as a counter expression: a stage counter itself (offset 0) or
  /// one increment of it (offset 1), or nothing.
  std::optional<CounterExpr> getCounterExpr(mlir::Value value);

  /// Whether `a` and `b`, both computed from the counters of the same
  /// iteration (the caller's obligation), always differ.
  bool provablyDistinct(mlir::Value a, mlir::Value b);

  /// The slot a memdesc value lies in: the source and index of the nearest
  /// `ttg.memdesc_index` it is a view of, or nothing.
  static std::optional<std::pair<mlir::Value, mlir::Value>>
  getSlot(mlir::Value memdesc);

private:
  /// The ring size of a stage counter, 0 when `value` is not one.
  int64_t getModulus(mlir::Value value);
  /// (y - x) modulo `modulus` in every iteration, for two counters of the
  /// same loop.
  std::optional<int64_t> getDifference(mlir::Value x, mlir::Value y,
                                       int64_t modulus);

  llvm::DenseMap<mlir::Value, int64_t> moduli;
};

} // namespace proxyfence

#endif // PROXYFENCE_ANALYSIS_RINGINDICES_H
