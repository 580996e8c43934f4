//===- FenceVerdicts.cpp - which fences are needed, for any IR -----------===//
//
// include/proxyfence/Engine/FenceVerdicts.h states the rule.
//
//===----------------------------------------------------------------------===//

#include "proxyfence/Engine/FenceVerdicts.h"

using namespace proxyfence;
using namespace proxyfence::engine;

std::vector<FenceVerdict>
engine::greedyFenceVerdicts(llvm::ArrayRef<FenceSite> fences,
                            const FenceQuestions &questions) {
  std::vector<FenceVerdict> verdicts;
  verdicts.reserve(fences.size());
  for (const FenceSite &site : fences) {
    if (!questions.removalMatters(site.fence)) {
      FenceVerdict verdict = questions.unneeded
                                 ? questions.unneeded(site.fence)
                                 : FenceVerdict::Spurious;
      if (verdict == FenceVerdict::Spurious ||
          verdict == FenceVerdict::Redundant)
        questions.remove(site.fence);
      verdicts.push_back(verdict);
      continue;
    }
    verdicts.push_back(site.scope == Scope::Cluster &&
                               !questions.narrowingMatters(site.fence)
                           ? FenceVerdict::Overwide
                           : FenceVerdict::Needed);
  }
  return verdicts;
}
