//===- ProxyFenceInsertion.cpp - fences the proxy model requires ---------===//
//
// Runs ProxyHazardAnalysis on allocated IR and puts a
// `ttng.fence_async_shared` before every async access that a pending
// generic access of the same bytes reaches, at the narrowest scope that
// orders it (cluster only for accesses that reach other CTAs).
//
//===----------------------------------------------------------------------===//

#include "FencePass.h"

#include "proxyfence/Analysis/ProxyHazards.h"
#include "proxyfence/Dialect/TritonNvidiaGPU/IR/FenceBuilders.h"
#include "proxyfence/Dialect/TritonNvidiaGPU/Transforms/Passes.h"

namespace proxyfence::ttng {
#define GEN_PASS_DEF_PROXYFENCEPROXYFENCEINSERTION
#include "proxyfence/Dialect/TritonNvidiaGPU/Transforms/Passes.h.inc"
} // namespace proxyfence::ttng

using namespace mlir;
using namespace proxyfence;

namespace {

struct ProxyFenceProxyFenceInsertionPass final
    : ttng::FencePass<ttng::impl::ProxyFenceProxyFenceInsertionBase<
          ProxyFenceProxyFenceInsertionPass>> {
  using FencePass::FencePass;

  void runOnModule(ModuleOp module,
                   const BufferRegionAnalysis &regions) override {
    ProxyHazardAnalysis analysis(module, regions);
    int64_t cta = 0, clusterCount = 0;
    AsyncSharedFenceBuilder fences(module.getContext());
    for (auto [asyncOp, scope] : analysis.getFencePoints()) {
      bool cluster = scope == FenceScope::Cluster;
      auto fence = fences.createBefore(getFenceInsertionPoint(asyncOp),
                                       asyncOp->getLoc(), cluster);
      ++(cluster ? numInsertedCluster : numInsertedCTA);
      ++(cluster ? clusterCount : cta);
      if (remarks)
        explain(fence, asyncOp, analysis.getHazards());
    }
    if (remarks)
      module.emitRemark("proxyfence-proxy-fence-insertion: ")
          << cta << " CTA and " << clusterCount << " cluster fences inserted";
  }

private:
  /// A remark naming the hazards the new fence orders.
  static void explain(Operation *fence, Operation *asyncOp,
                      ArrayRef<Hazard> hazards) {
    InFlightDiagnostic remark = fence->emitRemark("proxy fence inserted before ")
                                << asyncOp->getName() << ", ordering";
    for (const Hazard &hazard : hazards) {
      if (hazard.asyncOp != asyncOp)
        continue;
      remark << " " << stringifyHazardKind(hazard.kind) << " with "
             << hazard.genericOp->getName();
      remark.attachNote(hazard.genericOp->getLoc())
          << "the generic access (" << stringifyHazardKind(hazard.kind)
          << ")";
    }
  }
};

} // namespace
