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
#include "proxyfence/Interfaces/ProxyAccess.h"

#include "mlir/IR/BuiltinOps.h"

#include <string>
#include <vector>

namespace proxyfence {

/// A position, resolved from an op's location: the kernel source line where
/// Triton's `loc(...)` names one, and the op's position in the IR text.
struct SourcePosition {
  std::string file;
  unsigned line = 0;
  unsigned column = 0;

  bool isKnown() const { return line != 0; }
  std::string str() const;
};

/// What the checker knows about one op (or PTX instruction) it mentions.
struct OpInfo {
  /// The MLIR op; null for a PTX instruction.
  mlir::Operation *op = nullptr;
  std::string name;        // "ttg.local_store", "st.shared.v4.b32"
  SourcePosition source;   // kernels.py:106:41
  SourcePosition ir;       // kernel.ttgir:47:9, kernel.ptx:120:2

  bool isPresent() const { return !name.empty(); }
};

enum class FindingKind : uint8_t {
  MissingFence,
  MissingCompletionWait,
  SpuriousFence,
  OverwideFence,
};

llvm::StringRef stringifyFindingKind(FindingKind kind);
/// "error" for missing fences and waits, "warning" otherwise.
llvm::StringRef getSeverity(FindingKind kind);

struct Finding {
  FindingKind kind;
  /// "RAW", "WAR", "WAW" for missing fences; empty otherwise.
  std::string hazard;
  /// The op the finding is about: the async op (missing fence), the
  /// generic write (missing wait), the fence (spurious, over-wide).
  OpInfo primary;
  /// The other op: the generic access (missing fence), the async op still
  /// reading (missing wait); empty for fence warnings.
  OpInfo secondary;
  /// The buffer(s) and bytes involved, e.g. "buffer 'a' (ttg.local_alloc at
  /// kernels.py:12:8), bytes [0, 16384), shared memory [0, 16384)".
  std::string region;
  /// How the generic access reaches the async one: "same block", "loop
  /// back-edge", "branch", "cf branches", "warp-specialize region", "call".
  std::string path;
  /// One sentence: what to change.
  std::string fix;
  /// One sentence: the finding itself.
  std::string message;
  /// For a missing fence: the scope required ("cta" or "cluster").
  std::string scope;
};

/// How a fence in the module is justified (for `explain`).
struct FenceExplanation {
  OpInfo fence;
  bool needed = false;
  bool overwide = false;
  /// The hazards the fence orders (as findings that would appear without
  /// it).
  std::vector<Finding> protects;
  std::string summary;
};

/// Resolves op positions: the kernel source from the op's loc, the IR
/// position from a map filled in by the parser.
class PositionResolver {
public:
  /// `irFile` names the IR file; `irPositions` gives each op's position in
  /// it (may be empty).
  PositionResolver(std::string irFile,
                   llvm::DenseMap<mlir::Operation *, SourcePosition> irPositions)
      : irFile(std::move(irFile)), irPositions(std::move(irPositions)) {}

  OpInfo describe(mlir::Operation *op) const;
  static SourcePosition getSourcePosition(mlir::Location loc);

private:
  std::string irFile;
  llvm::DenseMap<mlir::Operation *, SourcePosition> irPositions;
};

/// All findings for `module`, in program order of their primary op.
std::vector<Finding> checkModule(mlir::ModuleOp module,
                                 const PositionResolver &positions);

/// One explanation per `ttng.fence_async_shared` in `module`.
std::vector<FenceExplanation> explainFences(mlir::ModuleOp module,
                                            const PositionResolver &positions);

} // namespace proxyfence

#endif // PROXYFENCE_CHECKER_CHECKER_H
