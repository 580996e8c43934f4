//===- ProxyHazards.h - generic/async proxy hazards -------------*- C++ -*-===//
//
// The forward dataflow analysis at the heart of proxyfence: which generic
// shared-memory accesses reach each async access without a proxy fence in
// between, and which of them touch the same bytes (RAW, WAR, WAW). Used by
// the proxy-fence insertion pass (to place fences) and by the checker (to
// explain missing and spurious fences).
//
// The state is the set of generic accesses not yet fenced, kept for two
// frontiers: a `fence.proxy.async.shared::cta` clears the CTA frontier, a
// `::cluster` fence clears both; an async access whose reach is the cluster
// (multicast TMA, two-CTA MMA, multi-CTA CLC) is checked against the
// cluster frontier. Structured control flow (scf.for/while/if,
// warp_specialize) and unstructured blocks (cf) are both handled; loops and
// branches are iterated to a fixpoint. Calls are summarised by their
// callees' accesses.
//
//===----------------------------------------------------------------------===//

#ifndef PROXYFENCE_ANALYSIS_PROXYHAZARDS_H
#define PROXYFENCE_ANALYSIS_PROXYHAZARDS_H

#include "proxyfence/Analysis/BufferRegion.h"
#include "proxyfence/Interfaces/ProxyAccess.h"

#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SetVector.h"

namespace proxyfence {

/// One unfenced pair: `genericOp`'s access reaches `asyncOp`'s access of
/// overlapping bytes with no proxy fence of sufficient scope between.
struct Hazard {
  mlir::Operation *genericOp = nullptr;
  mlir::Operation *asyncOp = nullptr;
  HazardKind kind = HazardKind::RAW;
  /// The scope the fence must have.
  FenceScope scope = FenceScope::CTA;
  /// The regions involved (generic side, async side).
  RegionSet genericRegions;
  RegionSet asyncRegions;
  /// For a hazard between two partitions of a warp_specialize, proven
  /// through a hand-off (include/proxyfence/Engine/HandOff.h): the
  /// `ttng.arrive_barrier` the generic access reaches unfenced in its
  /// partition, and the `ttng.wait_barrier` on the same barrier (or ring
  /// slot) after which the other partition's async op runs, with no fence
  /// or other synchronization between.
  mlir::Operation *release = nullptr;
  mlir::Operation *acquire = nullptr;
  /// The hand-off is through a ring of barriers: both accesses are of the
  /// slot the barrier slot's index chooses.
  bool throughRing = false;
};

struct ProxyHazardOptions {
  /// After finding a hazard at an async op, continue as if a fence of the
  /// required scope had been placed right before it (what the insertion
  /// pass does, and what keeps the checker from reporting cascades).
  bool fenceAtHazards = true;
  /// Fences to disregard (the checker asks "what if this fence were not
  /// there?").
  llvm::SmallPtrSet<mlir::Operation *, 4> ignoredFences;
  /// Cluster fences to treat as CTA fences ("would the narrower scope
  /// do?").
  llvm::SmallPtrSet<mlir::Operation *, 4> narrowedFences;
  /// Analyse only this function (default: every function of the module).
  /// Hazards never cross functions: a call stands for its callee's
  /// accesses, which do not depend on fences, so a fence only matters in
  /// its own function (the checker probes one function per fence).
  mlir::Operation *onlyFunction = nullptr;
  /// Also work out, in the same pass, what each fence orders
  /// (getFenceEffects).
  bool recordFenceEffects = false;
  /// Also find the hazards between warp_specialize partitions that a
  /// hand-off proves (getHandOffHazards; the checker's, not the passes').
  /// A fence in a function where a hand-off could be proven without fences
  /// gets no exact greedy verdict (FenceEffect::greedyExact): the checker
  /// probes it.
  bool handOffs = false;
};

/// What removing one fence alone would change, from a single analysis
/// (ProxyHazardOptions::recordFenceEffects): a generic access pending where
/// the fence stands, and an async access it reaches before any other fence,
/// that conflict and are not already a hazard.
struct FenceEffect {
  /// Removing the fence adds a hazard.
  bool ordersHazard = false;
  /// Narrowing the (cluster) fence to the CTA adds a hazard.
  bool needsClusterScope = false;
  /// The greedy verdict the checker reports (a fence is spurious if
  /// removing it, with the spurious fences before it in program order
  /// removed too, adds no hazard; a cluster fence that is not is over-wide
  /// if narrowing it adds none), when the single analysis can decide it
  /// exactly (`greedyExact`: no hazard in the fence's function).
  bool greedyExact = false;
  bool greedySpurious = false;
  bool greedyOverwide = false;
};

class ProxyHazardAnalysis {
public:
  ProxyHazardAnalysis(mlir::ModuleOp module, const BufferRegionAnalysis &regions,
                      ProxyHazardOptions options = {});

  /// Every hazard found, in program order of the async op.
  llvm::ArrayRef<Hazard> getHazards() const { return hazards; }

  /// With ProxyHazardOptions::handOffs: the hazards between partitions of a
  /// warp_specialize proven through a hand-off, in program order of the
  /// function's partitions. Apart from getHazards: the fence passes place
  /// fences before async ops, and these need theirs in the other
  /// partition, before the arrive.
  llvm::ArrayRef<Hazard> getHandOffHazards() const { return handOffHazards; }

  /// The async ops a fence must precede, with the scope it needs (the wider
  /// scope when several hazards meet at one op), in program order.
  const llvm::MapVector<mlir::Operation *, FenceScope> &getFencePoints() const {
    return fencePoints;
  }

  /// Per fence analysed, with `recordFenceEffects`; empty otherwise.
  const llvm::DenseMap<mlir::Operation *, FenceEffect> &getFenceEffects() const {
    return fenceEffects;
  }

private:
  struct Impl;
  /// One function's results, when functions are analysed in parallel.
  ProxyHazardAnalysis() = default;
  /// Appends `other`'s results (those of functions after this one's).
  void append(ProxyHazardAnalysis &&other);
  std::vector<Hazard> hazards;
  std::vector<Hazard> handOffHazards;
  llvm::MapVector<mlir::Operation *, FenceScope> fencePoints;
  llvm::DenseMap<mlir::Operation *, FenceEffect> fenceEffects;
};

/// Where a fence for `asyncOp` belongs: right before it, or, when an
/// execution barrier (`ttg.local_barrier`, `ttg.barrier`, or an op with an
/// execution-barrier scope: named barriers, cluster barriers) sits between the
/// last generic access in its block and `asyncOp`, before that barrier, so
/// that every thread fences its own writes before the barrier publishes
/// them.
mlir::Operation *getFenceInsertionPoint(mlir::Operation *asyncOp);

} // namespace proxyfence

#endif // PROXYFENCE_ANALYSIS_PROXYHAZARDS_H
