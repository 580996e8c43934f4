//===- Checker.cpp - findings about proxy fences in a module -------------===//
//
// Missing fences come from ProxyHazardAnalysis on the IR as given; missing
// completion waits from CompletionHazardAnalysis. A fence is spurious when
// the analysis without it finds no hazard it does not already find with
// it, and over-wide when the same holds with its scope narrowed to the CTA.
//
//===----------------------------------------------------------------------===//

#include "proxyfence/Checker/Checker.h"
#include "proxyfence/Engine/FenceVerdicts.h"

#include "proxyfence/Analysis/CompletionHazards.h"
#include "proxyfence/Analysis/ProxyHazards.h"
#include "proxyfence/Dialect/NVWS/IR/Dialect.h"
#include "proxyfence/Dialect/TritonNvidiaGPU/IR/Dialect.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/FormatVariadic.h"

#include <tuple>

using namespace mlir;
using namespace proxyfence;

//===----------------------------------------------------------------------===//
// Describing buffers and paths
//===----------------------------------------------------------------------===//

/// The name Triton gave a buffer: the NameLoc of its allocation.
static std::string getBufferName(Operation *alloc) {
  Location loc = alloc->getLoc();
  if (auto name = dyn_cast<NameLoc>(loc))
    return name.getName().str();
  return "<unnamed>";
}

static std::string describeRange(const BufferRegion &region) {
  std::string text = llvm::formatv("buffer '{0}' ({1} at {2}) bytes [{3}, {4})",
                                   getBufferName(region.alloc),
                                   region.alloc->getName().getStringRef(),
                                   PositionResolver::getSourcePosition(
                                       region.alloc->getLoc())
                                       .str(),
                                   region.range.start, region.range.end);
  if (std::optional<ByteRange> abs =
          BufferRegionAnalysis::getAbsoluteRange(region))
    text += llvm::formatv(", shared memory [{0}, {1})", abs->start, abs->end);
  return text;
}

/// The first pair of regions through which `a` and `b` alias.
static std::string describeOverlap(const RegionSet &a, const RegionSet &b) {
  for (const BufferRegion &ra : a.regions)
    for (const BufferRegion &rb : b.regions) {
      if (!BufferRegionAnalysis::mayAlias(ra, rb))
        continue;
      if (ra.alloc == rb.alloc) {
        BufferRegion both = ra;
        both.range = {std::max(ra.range.start, rb.range.start),
                      std::min(ra.range.end, rb.range.end)};
        return describeRange(both);
      }
      return describeRange(ra) + " shares bytes with " + describeRange(rb);
    }
  if (a.unknown || b.unknown)
    return "a buffer whose allocation cannot be traced (it may be any "
           "shared memory)";
  return "";
}

/// The op a finding of this front-end names (PositionResolver::describe
/// keeps it as the finding's opaque handle).
static Operation *opOf(const OpInfo &info) {
  return static_cast<Operation *>(const_cast<void *>(info.node));
}

/// Where `op` is: its IR position, else its source position.
static std::string irPosition(const PositionResolver &positions,
                              Operation *op) {
  OpInfo info = positions.describe(op);
  return info.ir.isKnown() ? info.ir.str() : info.source.str();
}

/// A finding's path across a hand-off between partitions.
static std::string handOffPath(const std::string &arrive,
                               const std::string &wait) {
  return "warp-specialize partitions: ttng.arrive_barrier at " + arrive +
         ", its wait at " + wait;
}

/// How control gets from `generic` to `async`.
static std::string describePath(Operation *generic, Operation *async) {
  if (generic->getBlock() == async->getBlock())
    return generic->isBeforeInBlock(async) ? "same block" : "loop back-edge";
  // Find the ancestors of both in their closest common block.
  for (Operation *a = async; a; a = a->getParentOp()) {
    Operation *g = a->getBlock() ? a->getBlock()->findAncestorOpInBlock(*generic)
                                 : nullptr;
    if (!g)
      continue;
    if (g == a) {
      // Both inside the same op, in different nested blocks.
      if (isa<ttg::WarpSpecializeOp, ttg::WarpSpecializePartitionsOp>(a))
        return "warp-specialize region";
      if (isa<scf::ForOp, scf::WhileOp>(a))
        return "loop back-edge";
      return "branch";
    }
    if (!g->isBeforeInBlock(a))
      return "loop back-edge";
    if (isa<CallOpInterface>(g))
      return "call";
    if (isa<scf::IfOp>(g))
      return "branch (the access is in an scf.if before)";
    if (isa<scf::ForOp, scf::WhileOp>(g))
      return "loop exit (the access is in a loop before)";
    if (isa<ttg::WarpSpecializeOp>(g))
      return "warp-specialize region";
    return "same region";
  }
  return "cf branches";
}

//===----------------------------------------------------------------------===//
// Findings
//===----------------------------------------------------------------------===//

using HazardKey = std::tuple<Operation *, Operation *, unsigned>;

static HazardKey keyOf(const Hazard &hazard) {
  return {hazard.genericOp, hazard.asyncOp,
          static_cast<unsigned>(hazard.kind)};
}

static Finding makeMissingFence(const Hazard &hazard,
                                const PositionResolver &positions) {
  Finding finding{FindingKind::MissingFence};
  finding.hazard = stringifyHazardKind(hazard.kind).str();
  finding.primary = positions.describe(hazard.asyncOp);
  finding.secondary = positions.describe(hazard.genericOp);
  finding.region = describeOverlap(hazard.genericRegions, hazard.asyncRegions);
  finding.path = describePath(hazard.genericOp, hazard.asyncOp);
  bool cluster = hazard.scope == FenceScope::Cluster;
  finding.scope = cluster ? "cluster" : "cta";
  bool genericWrites = hazard.kind != HazardKind::WAR;
  bool asyncWrites = hazard.kind != HazardKind::RAW;
  std::string why, arrive, wait;
  if (hazard.release) {
    arrive = irPosition(positions, hazard.release);
    wait = irPosition(positions, hazard.acquire);
    finding.path = handOffPath(arrive, wait);
    why = "; " + finding.secondary.name +
          " reaches the ttng.arrive_barrier at " + arrive +
          " unfenced in its partition, and the partition that waits on " +
          (hazard.throughRing ? "the same slot of that barrier ring"
                              : "that barrier") +
          " (at " + wait + ") runs the async op with no fence between" +
          (hazard.throughRing ? ", on the data slot the same index chooses"
                              : "") +
          ": an arrive and its wait order execution, not the proxies";
  }
  finding.message = llvm::formatv(
      "missing proxy fence ({0}): {1} {2} shared memory that {3} then {4} "
      "through the async proxy, with no fence.proxy.async{5} between "
      "({6}){7}",
      finding.hazard, finding.secondary.name,
      genericWrites ? "writes" : "reads", finding.primary.name,
      asyncWrites ? "writes" : "reads",
      cluster ? ".shared::cluster" : ".shared::cta",
      hazard.release ? "warp-specialize partitions" : finding.path, why);
  if (hazard.release) {
    finding.fix = llvm::formatv(
        "insert `ttng.fence_async_shared {bCluster = {0}}` "
        "(fence.proxy.async.shared::{1}) before the ttng.arrive_barrier at "
        "{2}, in the partition that accessed the bytes (or after the wait at "
        "{3}, before the async op)",
        cluster ? "true" : "false", finding.scope, arrive, wait);
    return finding;
  }
  Operation *point = getFenceInsertionPoint(hazard.asyncOp);
  finding.fix = llvm::formatv(
      "insert `ttng.fence_async_shared {bCluster = {0}}` "
      "(fence.proxy.async.shared::{1}) before the {2} at {3}",
      cluster ? "true" : "false", finding.scope,
      point->getName().getStringRef(), irPosition(positions, point));
  return finding;
}

/// Whether `op` writes shared memory through the async proxy (a TMA load).
static bool isAsyncWriter(Operation *op) {
  auto iface = dyn_cast<ProxyAccessOpInterface>(op);
  if (!iface)
    return false;
  SmallVector<ProxyAccess, 4> accesses;
  iface.getProxyAccesses(accesses);
  return llvm::any_of(accesses, [](const ProxyAccess &access) {
    return access.isAsyncShared() && access.isWrite();
  });
}

static Finding makeMissingWait(const CompletionHazard &hazard,
                               const PositionResolver &positions) {
  Finding finding{FindingKind::MissingCompletionWait};
  finding.primary = positions.describe(hazard.genericOp);
  finding.secondary = positions.describe(hazard.asyncOp);
  finding.region = describeOverlap(hazard.genericRegions, hazard.asyncRegions);
  finding.path = describePath(hazard.asyncOp, hazard.genericOp);
  finding.asyncWriter = isAsyncWriter(hazard.genericOp);
  std::string why, arrive, wait;
  if (hazard.release) {
    arrive = irPosition(positions, hazard.release);
    wait = irPosition(positions, hazard.acquire);
    finding.path = handOffPath(arrive, wait);
    why = "; " + finding.secondary.name +
          "'s partition reaches the ttng.arrive_barrier at " + arrive +
          " with the read in flight, and the partition that waits on that "
          "barrier (at " + wait +
          ") writes the bytes: an arrive does not wait for async reads";
  }
  finding.message = llvm::formatv(
      "{0}{1} overwrites shared memory that {2} may still be reading through "
      "the async proxy: {3}, a completion wait does ({4}){5}",
      finding.primary.name,
      finding.asyncWriter ? " (an async-proxy write)" : "",
      finding.secondary.name,
      finding.asyncWriter ? "no fence orders two async operations"
                          : "a fence does not order this",
      hazard.release ? "warp-specialize partitions" : finding.path, why);
  switch (hazard.needed) {
  case CompletionKind::BulkStoreRead:
    finding.fix = "wait for the store's reads first: `ttng.async_tma_store_wait "
                  "{pendings = 0 : i32}` (cp.async.bulk.wait_group.read 0) "
                  "before the write";
    break;
  case CompletionKind::WgmmaGroup:
    finding.fix = "wait for the wgmma first: `ttng.warp_group_dot_wait` with "
                  "pendings = 0 (wgmma.wait_group 0) before the write";
    break;
  default:
    finding.fix = "wait on the mbarrier the async op completes on "
                  "(`ttng.wait_barrier`) before the write";
    break;
  }
  if (hazard.release)
    finding.fix = llvm::formatv(
        "complete the read in its partition before the ttng.arrive_barrier "
        "at {0}: {1}",
        arrive,
        hazard.needed == CompletionKind::BulkStoreRead
            ? "`ttng.async_tma_store_wait {pendings = 0 : i32}`"
        : hazard.needed == CompletionKind::WgmmaGroup
            ? "`ttng.warp_group_dot_wait` with pendings = 0"
            : "let the MMA arrive on that barrier itself (its barrier "
              "operand, or `ttng.tc_gen5_commit`) instead of the arrive");
  return finding;
}

static Finding makeFenceWarning(FindingKind kind, Operation *fence,
                                const PositionResolver &positions) {
  Finding finding{kind};
  finding.primary = positions.describe(fence);
  if (kind == FindingKind::SpuriousFence) {
    finding.message = "spurious proxy fence: it orders no generic access "
                      "against a later async access of the same bytes";
    finding.fix = "remove the fence";
  } else {
    finding.message = "over-wide proxy fence: cluster scope (~150 cycles) "
                      "where the CTA scope (~10-18 cycles) orders every "
                      "hazard it covers";
    finding.fix = "use `ttng.fence_async_shared {bCluster = false}` "
                  "(fence.proxy.async.shared::cta)";
  }
  return finding;
}

namespace {
/// Re-runs the hazard analysis with one fence removed or narrowed and
/// returns the hazards that appear only then.
struct FenceProbe {
  ModuleOp module;
  const BufferRegionAnalysis &regions;
  llvm::DenseSet<HazardKey> baseline;
  /// Fences already found removable: later probes assume they are gone, so
  /// that removing every fence reported spurious is safe together (of two
  /// adjacent equal fences, only one is reported).
  llvm::SmallPtrSet<Operation *, 4> removed;

  /// The hazards of `function` not in the baseline when the removed fences
  /// and `ignored` are gone and `narrowed` is a CTA fence.
  std::vector<Hazard> newHazardsIn(Operation *function,
                                   ArrayRef<Operation *> ignored,
                                   Operation *narrowed = nullptr) const {
    ProxyHazardOptions options;
    options.onlyFunction = function;
    options.handOffs = true;
    options.ignoredFences.insert(removed.begin(), removed.end());
    options.ignoredFences.insert(ignored.begin(), ignored.end());
    if (narrowed)
      options.narrowedFences.insert(narrowed);
    ProxyHazardAnalysis probe(module, regions, options);
    std::vector<Hazard> result;
    for (const Hazard &hazard : probe.getHazards())
      if (!baseline.contains(keyOf(hazard)))
        result.push_back(hazard);
    for (const Hazard &hazard : probe.getHandOffHazards())
      if (!baseline.contains(keyOf(hazard)))
        result.push_back(hazard);
    return result;
  }

  /// With `fence` removed (or only narrowed to the CTA).
  std::vector<Hazard> newHazards(Operation *fence, bool narrowOnly) const {
    Operation *function =
        fence->getParentOfType<FunctionOpInterface>().getOperation();
    if (narrowOnly)
      return newHazardsIn(function, {}, fence);
    return newHazardsIn(function, {fence});
  }
};
} // namespace

/// Several IR op pairs with the same kernel source lines (the prologue
/// copies a pipeliner peels, the iteration it peels, unrolled loops) are one
/// hazard in the source: they become one finding that counts the pairs and
/// names every IR position it covers, and every distinct fix.
static void mergeSameSourcePairs(std::vector<Finding> &findings) {
  auto keyOf = [](const Finding &finding) -> std::optional<std::string> {
    if (finding.kind != FindingKind::MissingFence &&
        finding.kind != FindingKind::MissingCompletionWait)
      return std::nullopt;
    if (!finding.primary.source.isKnown() ||
        !finding.secondary.source.isKnown())
      return std::nullopt;
    StringRef buffer = StringRef(finding.region).split(" bytes ").first;
    return llvm::formatv("{0}|{1}|{2}|{3}|{4}|{5}|{6}",
                         static_cast<unsigned>(finding.kind), finding.hazard,
                         finding.primary.name, finding.primary.source.str(),
                         finding.secondary.name,
                         finding.secondary.source.str(), buffer)
        .str();
  };
  llvm::StringMap<SmallVector<size_t>> groups;
  for (auto [index, finding] : llvm::enumerate(findings))
    if (std::optional<std::string> key = keyOf(finding))
      groups[*key].push_back(index);
  llvm::DenseSet<size_t> merged;
  for (auto &entry : groups) {
    ArrayRef<size_t> members = entry.second;
    if (members.size() < 2)
      continue;
    Finding &first = findings[members.front()];
    SmallVector<std::string> primaries, secondaries, fixes;
    for (size_t index : members) {
      const Finding &member = findings[index];
      auto addOnce = [](SmallVector<std::string> &list, std::string text) {
        if (!llvm::is_contained(list, text))
          list.push_back(std::move(text));
      };
      addOnce(primaries, member.primary.ir.str());
      addOnce(secondaries, member.secondary.ir.str());
      addOnce(fixes, member.fix);
      if (index != members.front())
        merged.insert(index);
    }
    first.message += llvm::formatv(
        " ({0} op pairs with these source lines: {1} at {2}; {3} at {4})",
        members.size(), first.primary.name, llvm::join(primaries, ", "),
        first.secondary.name, llvm::join(secondaries, ", "));
    if (fixes.size() > 1)
      first.fix = llvm::join(fixes, "; and ");
  }
  if (merged.empty())
    return;
  std::vector<Finding> kept;
  for (auto [index, finding] : llvm::enumerate(findings))
    if (!merged.contains(index))
      kept.push_back(std::move(finding));
  findings = std::move(kept);
}

/// A function that still holds nvws ops (Triton's warp-specialization IR
/// before NVWSLowerAref and NVWSLowerWarpGroup) synchronizes through arefs,
/// which the proxy model does not describe: the mbarriers, the stage
/// indices and the async ops behind an aref exit appear only when Triton
/// lowers it. No hazard in such a function is proven and no fence in it
/// is proven spurious, so its findings become one unproven ordering that
/// names the cause and the first nvws op.
static void reportUnmodeledNVWS(ModuleOp module,
                                const PositionResolver &positions,
                                std::vector<Finding> &findings) {
  llvm::DenseMap<Operation *, Operation *> firstNVWSOp;
  module->walk([&](Operation *op) {
    if (!isa<nvws::NVWSDialect>(op->getDialect()))
      return;
    if (auto function = op->getParentOfType<FunctionOpInterface>())
      firstNVWSOp.try_emplace(function, op);
  });
  if (firstNVWSOp.empty())
    return;
  llvm::DenseMap<Operation *, unsigned> withheld;
  llvm::erase_if(findings, [&](const Finding &finding) {
    Operation *function =
        finding.primary.node
            ? opOf(finding.primary)->getParentOfType<FunctionOpInterface>()
            : nullptr;
    if (!function || !firstNVWSOp.count(function))
      return false;
    ++withheld[function];
    return true;
  });
  for (auto [function, op] : firstNVWSOp) {
    Finding finding{FindingKind::UnprovenOrdering};
    finding.primary = positions.describe(op);
    unsigned count = withheld.lookup(function);
    finding.message = llvm::formatv(
        "{0} holds nvws ops (Triton's warp-specialization IR, before "
        "NVWSLowerAref and NVWSLowerWarpGroup): the synchronization its "
        "arefs and warp groups stand for is not modeled, so the ordering of "
        "the memory they hand between partitions can be proven neither way "
        "({1} finding{2} of the analysis withheld)",
        ("@" + cast<FunctionOpInterface>(function).getName()).str(), count,
        count == 1 ? "" : "s");
    finding.fix = "check the IR after NVWSLowerWarpGroup (or the final "
                  ".ttgir), where arefs are mbarriers and TMA/MMA ops";
    findings.push_back(std::move(finding));
  }
}

std::vector<Finding>
proxyfence::checkModule(ModuleOp module, const PositionResolver &positions) {
  BufferRegionAnalysis regions(module);
  ProxyHazardOptions baselineOptions;
  baselineOptions.recordFenceEffects = true;
  baselineOptions.handOffs = true;
  ProxyHazardAnalysis baseline(module, regions, baselineOptions);
  FenceProbe probe{module, regions, {}};
  std::vector<Finding> findings;
  for (const Hazard &hazard : baseline.getHazards()) {
    probe.baseline.insert(keyOf(hazard));
    findings.push_back(makeMissingFence(hazard, positions));
  }
  for (const Hazard &hazard : baseline.getHandOffHazards()) {
    probe.baseline.insert(keyOf(hazard));
    findings.push_back(makeMissingFence(hazard, positions));
  }
  CompletionHazardAnalysis completion(module, regions);
  for (const CompletionHazard &hazard : completion.getHazards())
    findings.push_back(makeMissingWait(hazard, positions));

  // Spurious fences are found greedily in program order: a fence is
  // spurious if, with the spurious ones found before it also gone, removing
  // it adds no hazard; a needed cluster fence is over-wide if narrowing it
  // adds none. Re-analysing once per fence would be quadratic. In a
  // function without hazards, the baseline analysis decides this exactly
  // (FenceEffect::greedyExact). Elsewhere two facts decide most fences
  // without a probe (removing fences only ever adds hazards):
  //  - a fence whose removal alone adds a hazard is needed whatever else
  //    is removed;
  //  - if removing all the undecided fences of a function at once adds no
  //    hazard, each of them is spurious.
  // Only what these leave open is probed.
  const auto &effects = baseline.getFenceEffects();
  auto effectOf = [&](Operation *fence) -> FenceEffect {
    auto it = effects.find(fence);
    return it == effects.end() ? FenceEffect() : it->second;
  };
  llvm::MapVector<Operation *, SmallVector<Operation *>> candidates;
  std::vector<Operation *> fenceOps;
  std::vector<engine::FenceSite> sites;
  module->walk([&](ttng::FenceAsyncSharedOp fence) {
    sites.push_back({static_cast<unsigned>(fenceOps.size()),
                     fence.getBCluster() ? Scope::Cluster : Scope::CTA});
    fenceOps.push_back(fence);
    FenceEffect effect = effectOf(fence);
    if (!effect.greedyExact && !effect.ordersHazard)
      candidates[fence->getParentOfType<FunctionOpInterface>()].push_back(
          fence);
  });
  llvm::SmallPtrSet<Operation *, 16> allSpurious;
  for (auto &[function, fences] : candidates)
    if (probe.newHazardsIn(function, fences).empty())
      allSpurious.insert(fences.begin(), fences.end());

  // The engine's greedy verdicts (include/proxyfence/Engine/
  // FenceVerdicts.h), the answers from the baseline's record where it
  // decides them, else from a probe.
  auto removalMatters = [&](unsigned id) {
    Operation *fence = fenceOps[id];
    FenceEffect effect = effectOf(fence);
    if (effect.greedyExact)
      return !effect.greedySpurious;
    return effect.ordersHazard ||
           (!allSpurious.contains(fence) &&
            !probe.newHazards(fence, /*narrowOnly=*/false).empty());
  };
  auto narrowingMatters = [&](unsigned id) {
    Operation *fence = fenceOps[id];
    FenceEffect effect = effectOf(fence);
    if (effect.greedyExact)
      return !effect.greedyOverwide;
    return effect.needsClusterScope ||
           !probe.newHazards(fence, /*narrowOnly=*/true).empty();
  };
  auto remove = [&](unsigned id) { probe.removed.insert(fenceOps[id]); };
  engine::FenceQuestions questions;
  questions.removalMatters = removalMatters;
  questions.narrowingMatters = narrowingMatters;
  questions.remove = remove;
  std::vector<engine::FenceVerdict> verdicts =
      engine::greedyFenceVerdicts(sites, questions);
  for (auto [site, verdict] : llvm::zip(sites, verdicts)) {
    if (verdict == engine::FenceVerdict::Spurious)
      findings.push_back(makeFenceWarning(FindingKind::SpuriousFence,
                                          fenceOps[site.fence], positions));
    else if (verdict == engine::FenceVerdict::Overwide)
      findings.push_back(makeFenceWarning(FindingKind::OverwideFence,
                                          fenceOps[site.fence], positions));
  }

  mergeSameSourcePairs(findings);
  reportUnmodeledNVWS(module, positions, findings);

  // Program order of the primary op.
  DenseMap<Operation *, unsigned> order;
  module->walk([&](Operation *op) { order[op] = order.size(); });
  std::stable_sort(findings.begin(), findings.end(),
                   [&](const Finding &a, const Finding &b) {
                     return order.lookup(opOf(a.primary)) <
                            order.lookup(opOf(b.primary));
                   });
  return findings;
}

std::vector<FenceExplanation>
proxyfence::explainFences(ModuleOp module, const PositionResolver &positions) {
  BufferRegionAnalysis regions(module);
  ProxyHazardOptions baselineOptions;
  baselineOptions.handOffs = true;
  ProxyHazardAnalysis baseline(module, regions, baselineOptions);
  FenceProbe probe{module, regions, {}};
  for (const Hazard &hazard : baseline.getHazards())
    probe.baseline.insert(keyOf(hazard));
  for (const Hazard &hazard : baseline.getHandOffHazards())
    probe.baseline.insert(keyOf(hazard));

  std::vector<FenceExplanation> explanations;
  std::vector<Operation *> fenceOps;
  std::vector<engine::FenceSite> sites;
  module->walk([&](ttng::FenceAsyncSharedOp fence) {
    sites.push_back({static_cast<unsigned>(fenceOps.size()),
                     fence.getBCluster() ? Scope::Cluster : Scope::CTA});
    fenceOps.push_back(fence);
    explanations.emplace_back();
  });
  // The engine's greedy verdicts, every answer from a probe, with what
  // each fence protects.
  auto removalMatters = [&](unsigned id) {
    FenceExplanation &explanation = explanations[id];
    explanation.fence = positions.describe(fenceOps[id]);
    for (const Hazard &hazard : probe.newHazards(fenceOps[id], false))
      explanation.protects.push_back(makeMissingFence(hazard, positions));
    return !explanation.protects.empty();
  };
  auto narrowingMatters = [&](unsigned id) {
    return !probe.newHazards(fenceOps[id], true).empty();
  };
  auto remove = [&](unsigned id) { probe.removed.insert(fenceOps[id]); };
  engine::FenceQuestions questions;
  questions.removalMatters = removalMatters;
  questions.narrowingMatters = narrowingMatters;
  questions.remove = remove;
  std::vector<engine::FenceVerdict> verdicts =
      engine::greedyFenceVerdicts(sites, questions);
  for (auto [site, verdict] : llvm::zip(sites, verdicts)) {
    FenceExplanation &explanation = explanations[site.fence];
    explanation.needed = verdict != engine::FenceVerdict::Spurious;
    explanation.overwide = verdict == engine::FenceVerdict::Overwide;
    if (!explanation.needed)
      explanation.summary = "not needed: no generic access it orders reaches "
                            "an async access of the same bytes";
    else
      explanation.summary = summarizeNeededFence(explanation);
  }
  return explanations;
}
