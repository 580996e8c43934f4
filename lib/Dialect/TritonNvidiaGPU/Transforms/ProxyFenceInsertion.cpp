//===- ProxyFenceInsertion.cpp - fences the proxy model requires ---------===//
//
// Runs ProxyHazardAnalysis on allocated IR and puts a
// `ttng.fence_async_shared` before every async access that a pending
// generic access of the same bytes reaches, at the narrowest scope that
// orders it (cluster only for accesses that reach other CTAs).
//
//===----------------------------------------------------------------------===//

#include "proxyfence/Analysis/ProxyHazards.h"
#include "proxyfence/Dialect/TritonNvidiaGPU/Transforms/Passes.h"

#include "mlir/IR/Builders.h"

namespace proxyfence::ttng {
#define GEN_PASS_DEF_PROXYFENCEPROXYFENCEINSERTION
#include "proxyfence/Dialect/TritonNvidiaGPU/Transforms/Passes.h.inc"
} // namespace proxyfence::ttng

using namespace mlir;
using namespace proxyfence;

namespace {

struct ProxyFenceProxyFenceInsertionPass final
    : ttng::impl::ProxyFenceProxyFenceInsertionBase<
          ProxyFenceProxyFenceInsertionPass> {
  using ProxyFenceProxyFenceInsertionBase::ProxyFenceProxyFenceInsertionBase;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    // Proxies and their fences exist from sm_90 on.
    if (ttng::getComputeCapability(module, computeCapability) < 90)
      return;
    BufferRegionAnalysis regions(module);
    ProxyHazardAnalysis analysis(module, regions);
    for (auto [asyncOp, scope] : analysis.getFencePoints()) {
      OpBuilder builder(getFenceInsertionPoint(asyncOp));
      bool cluster = scope == FenceScope::Cluster;
      ttng::FenceAsyncSharedOp::create(builder, asyncOp->getLoc(), cluster);
      ++(cluster ? numInsertedCluster : numInsertedCTA);
    }
  }
};

} // namespace
