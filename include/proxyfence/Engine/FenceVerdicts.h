//===- FenceVerdicts.h - which fences are needed, for any IR ----*- C++ -*-===//
//
// The one statement of how a fence is judged (docs/proxy-model.md): in
// program order, a fence is spurious if removing it, with the fences
// already found removable gone too, adds no hazard; one that is needed
// and of cluster scope is over-wide if narrowing it to the CTA adds none.
// Greedy, so that removing every fence reported spurious is safe together
// (of two adjacent equal fences, only one is reported).
//
// The front-end answers the questions with its own dataflow (a probe that
// runs it again without the fence, or a record from one run that decides
// it exactly) and keeps the removed fences out of its later answers (it is
// told of each). A fence that removing adds no hazard the dataflow sees
// for may still be kept: the front-end knows what the dataflow cannot
// (another thread's async op, an mbarrier.init the fence publishes), or
// that a later fence orders all it does (redundant).
//
// Plain C++ on LLVM ADT: no MLIR, so the PTX launcher stays light.
//
//===----------------------------------------------------------------------===//

#ifndef PROXYFENCE_ENGINE_FENCEVERDICTS_H
#define PROXYFENCE_ENGINE_FENCEVERDICTS_H

#include "proxyfence/Engine/Frontier.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"

#include <vector>

namespace proxyfence::engine {

enum class FenceVerdict : uint8_t {
  /// Removing it adds a hazard (of its scope, when of cluster scope).
  Needed,
  /// Needed, and the CTA scope would do.
  Overwide,
  /// Removing it adds no hazard: removed for the later fences' verdicts.
  Spurious,
  /// Removing it adds no hazard the dataflow sees, and a later fence
  /// orders all it may order for other threads: removed too.
  Redundant,
  /// Removing it adds no hazard the dataflow sees, but it may order what
  /// the dataflow does not see: kept, not reported.
  Kept,
};

/// A fence, numbered by the front-end, with its scope.
struct FenceSite {
  unsigned fence;
  Scope scope;
};

/// The front-end's answers for fence `fence`, the removed fences gone.
struct FenceQuestions {
  /// Whether removing it adds (or changes) a hazard.
  llvm::function_ref<bool(unsigned fence)> removalMatters;
  /// Whether narrowing it to the CTA adds one (asked of needed cluster
  /// fences only).
  llvm::function_ref<bool(unsigned fence)> narrowingMatters;
  /// For a fence whose removal matters not: Spurious, Redundant or Kept.
  llvm::function_ref<FenceVerdict(unsigned fence)> unneeded;
  /// Told of each fence removed (Spurious, Redundant), before the next
  /// fence is asked about.
  llvm::function_ref<void(unsigned fence)> remove;
};

/// The verdicts of `fences` (in program order), one each.
std::vector<FenceVerdict> greedyFenceVerdicts(llvm::ArrayRef<FenceSite> fences,
                                              const FenceQuestions &questions);

} // namespace proxyfence::engine

#endif // PROXYFENCE_ENGINE_FENCEVERDICTS_H
