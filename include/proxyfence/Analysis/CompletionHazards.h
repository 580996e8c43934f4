//===- CompletionHazards.h - async reads overwritten too early --*- C++ -*-===//
//
// The other half of the proxy model: after an async op reads shared memory
// (a TMA store's source, a wgmma or tcgen05 operand), a generic write to
// the same bytes must wait for the op's completion (`wait_group.read`,
// `wgmma.wait_group`, the mbarrier a commit arrives on). A fence does not
// help. This analysis finds generic writes that an unfinished async read
// reaches.
//
//===----------------------------------------------------------------------===//

#ifndef PROXYFENCE_ANALYSIS_COMPLETIONHAZARDS_H
#define PROXYFENCE_ANALYSIS_COMPLETIONHAZARDS_H

#include "proxyfence/Analysis/BufferRegion.h"
#include "proxyfence/Interfaces/ProxyAccess.h"

#include "mlir/IR/BuiltinOps.h"

#include <vector>

namespace proxyfence {

struct CompletionHazard {
  /// The async op whose read may still be in flight.
  mlir::Operation *asyncOp = nullptr;
  /// The generic op that overwrites the bytes.
  mlir::Operation *genericOp = nullptr;
  /// The wait that would complete the read.
  CompletionKind needed = CompletionKind::None;
  RegionSet asyncRegions;
  RegionSet genericRegions;
  /// For a write of another warp_specialize partition, proven through a
  /// hand-off (include/proxyfence/Engine/HandOff.h): the
  /// `ttng.arrive_barrier` the issuing partition reached with the read in
  /// flight, and the `ttng.wait_barrier` on the same barrier the write
  /// follows.
  mlir::Operation *release = nullptr;
  mlir::Operation *acquire = nullptr;
};

class CompletionHazardAnalysis {
public:
  CompletionHazardAnalysis(mlir::ModuleOp module,
                           const BufferRegionAnalysis &regions);

  llvm::ArrayRef<CompletionHazard> getHazards() const { return hazards; }

private:
  struct Impl;
  std::vector<CompletionHazard> hazards;
};

} // namespace proxyfence

#endif // PROXYFENCE_ANALYSIS_COMPLETIONHAZARDS_H
