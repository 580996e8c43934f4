//===- Checker.h - findings about proxy fences in a module ------*- C++ -*-===//
//
// What `proxyfence check` and `explain` report: missing fences (a generic
// access reaches an async access of the same bytes unfenced), missing
// completion waits (a generic write reuses bytes an async op may still
// read), spurious fences (they order no hazard) and over-wide fences
// (cluster scope where CTA suffices). Each finding names the ops, their
// locations, the buffer and bytes, the path between them and the fix.
//
//===----------------------------------------------------------------------===//

#ifndef PROXYFENCE_CHECKER_CHECKER_H
#define PROXYFENCE_CHECKER_CHECKER_H

#include "proxyfence/Analysis/BufferRegion.h"
#include "proxyfence/Engine/Finding.h"
#include "proxyfence/Interfaces/ProxyAccess.h"

#include "mlir/IR/BuiltinOps.h"
#include "llvm/Support/SourceMgr.h"

#include <optional>
#include <string>
#include <vector>

namespace proxyfence {

/// Resolves op positions: the kernel source from the op's loc, the IR
/// position from a map filled in by the parser.
class PositionResolver {
public:
  /// `irFile` names the IR file; `irPositions` gives each op's position in
  /// it (may be empty).
  PositionResolver(std::string irFile,
                   llvm::DenseMap<mlir::Operation *, SourcePosition> irPositions)
      : irFile(std::move(irFile)), irPositions(std::move(irPositions)) {}
  /// The same, with each op's place given as a pointer into `sourceMgr`'s
  /// text (which must outlive the resolver): its line and column are
  /// found only for the ops a report names. An op missing from `irLocs`
  /// is placed by its own location when `locatedInIR` (the text had no
  /// `loc(...)`, so the parser located every op it read at its name in
  /// the IR) and the text there names it; ops the text does not hold (an
  /// implicit terminator takes its parent's location) stay unplaced.
  PositionResolver(std::string irFile, const llvm::SourceMgr &sourceMgr,
                   llvm::DenseMap<mlir::Operation *, llvm::SMLoc> irLocs,
                   bool locatedInIR = false)
      : irFile(std::move(irFile)), sourceMgr(&sourceMgr),
        irLocs(std::move(irLocs)), locatedInIR(locatedInIR) {}

  OpInfo describe(mlir::Operation *op) const;
  static SourcePosition getSourcePosition(mlir::Location loc);

private:
  std::string irFile;
  llvm::DenseMap<mlir::Operation *, SourcePosition> irPositions;
  const llvm::SourceMgr *sourceMgr = nullptr;
  llvm::DenseMap<mlir::Operation *, llvm::SMLoc> irLocs;
  bool locatedInIR = false;
  /// Where each line of the main buffer starts, once locateInIR needs it.
  mutable std::vector<size_t> lineStarts;
  /// `op`'s place in the IR from its own location (see the constructor).
  std::optional<SourcePosition> locateInIR(mlir::Operation *op) const;
};

/// All findings for `module`, in program order of their primary op.
std::vector<Finding> checkModule(mlir::ModuleOp module,
                                 const PositionResolver &positions);

/// One explanation per `ttng.fence_async_shared` in `module`.
std::vector<FenceExplanation> explainFences(mlir::ModuleOp module,
                                            const PositionResolver &positions);

} // namespace proxyfence

#endif // PROXYFENCE_CHECKER_CHECKER_H
