//===- Finding.h - one finding of the checker, MLIR-free -------*- C++ -*-===//
//
// The finding and explanation records both front-ends produce (the TTGIR
// checker, lib/Checker; the PTX checker, lib/PTX) and the report writers
// read (lib/CommandLine): positions, the ops involved, the kind. No MLIR:
// an op is named by its positions and an opaque handle of its front-end.
//
//===----------------------------------------------------------------------===//

#ifndef PROXYFENCE_ENGINE_FINDING_H
#define PROXYFENCE_ENGINE_FINDING_H

#include "llvm/ADT/StringRef.h"

#include <cstdint>
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
  std::string str() const {
    if (!isKnown())
      return file.empty() ? "<unknown>" : file;
    return file + ":" + std::to_string(line) + ":" + std::to_string(column);
  }
};

/// What the checker knows about one op (or PTX instruction) it mentions.
struct OpInfo {
  /// The front-end's own handle of the op, opaque here (TTGIR: its
  /// `mlir::Operation`; null for a PTX instruction, which the position
  /// names).
  const void *node = nullptr;
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
  /// An order the checker cannot prove either way (an address, extent or
  /// role it cannot resolve): one per cause, naming it.
  UnprovenOrdering,
  /// A hazard the PTX rules require a fence for that cannot corrupt: the
  /// values were already ordered by an execution barrier (the TMEM address
  /// tcgen05.alloc writes to shared memory, read before its bytes are
  /// reused by TMA). Note level.
  FormalHazard,
};

llvm::StringRef stringifyFindingKind(FindingKind kind);
/// "error" for missing fences and waits, "note" for formal hazards,
/// "warning" otherwise.
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
  /// back-edge", "branch", "cf branches", "warp-specialize region", "call";
  /// for a hand-off, "warp-specialize partitions: ..." or "warp roles: ...",
  /// naming the arrive and the wait.
  std::string path;
  /// One sentence: what to change.
  std::string fix;
  /// One sentence: the finding itself.
  std::string message;
  /// For a missing fence: the scope required ("cta" or "cluster").
  std::string scope;
  /// `check --strict`: an unproven ordering is an error.
  bool strict = false;
  /// For a missing completion wait: the write is an async-proxy write (a
  /// TMA or bulk load over bytes an async read may still be reading), not
  /// a generic one.
  bool asyncWriter = false;
  /// The instruction pairs of one source pair this finding stands for (an
  /// unrolled loop's copies), and the first of them as "PTX/PTX" lines.
  unsigned pairs = 1;
  std::string pairLines;
  /// The pairs share their source lines (`.loc`); else, PTX without debug
  /// locations, they are the same opcodes in the same two basic blocks.
  bool pairsByLocation = true;
};

/// The finding's severity: its kind's, "error" for an unproven ordering
/// under --strict.
llvm::StringRef getSeverity(const Finding &finding);

/// How a fence is justified (for `explain`).
struct FenceExplanation {
  OpInfo fence;
  bool needed = false;
  bool overwide = false;
  /// The hazards the fence orders (as findings that would appear without
  /// it).
  std::vector<Finding> protects;
  std::string summary;
};

/// How a completion wait is justified (`explain` of PTX): what the same
/// wait one group weaker (`wait_group N+1`) would leave unordered.
struct WaitExplanation {
  enum class Verdict {
    /// N+1 adds hazards (`protects`).
    Needed,
    /// N+1 adds none, and every read it would leave pending longer reaches
    /// only synchronization whose waiting side the checker follows.
    Slack,
    /// N+1 adds none the checker sees, but a read it would leave pending
    /// reaches an arrive whose waiting side it cannot follow (`summary`
    /// says which).
    Unknown,
  };
  OpInfo wait;
  Verdict verdict = Verdict::Needed;
  /// The hazards N+1 would add, as findings.
  std::vector<Finding> protects;
  std::string summary;
};

llvm::StringRef stringifyVerdict(WaitExplanation::Verdict verdict);

/// The summary of a fence that orders hazards (`protects`), the same for
/// TTGIR and PTX: "needed: orders N hazards", and the scope advice when
/// it is over-wide.
inline std::string summarizeNeededFence(const FenceExplanation &explanation) {
  size_t n = explanation.protects.size(), pairs = 0;
  for (const Finding &finding : explanation.protects)
    pairs += finding.pairs;
  return "needed: orders " + std::to_string(n) + " hazard" +
         (n == 1 ? "" : "s") +
         (pairs != n ? " (" + std::to_string(pairs) + " instruction pairs)"
                     : std::string()) +
         (explanation.overwide ? "; cluster scope is wider than needed, the "
                                 "CTA scope suffices"
                               : "");
}

} // namespace proxyfence

#endif // PROXYFENCE_ENGINE_FINDING_H
