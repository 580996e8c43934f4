//===- TMALowering.cpp - ProxyFenceTMALowering ----------------------------------===//
//
// Not implemented yet: the pass fails loudly rather than doing nothing.
//
//===----------------------------------------------------------------------===//

#include "proxyfence/Dialect/TritonNvidiaGPU/Transforms/Passes.h"

namespace proxyfence::ttng {
#define GEN_PASS_DEF_PROXYFENCETMALOWERING
#include "proxyfence/Dialect/TritonNvidiaGPU/Transforms/Passes.h.inc"
} // namespace proxyfence::ttng

using namespace mlir;

namespace {
struct ProxyFenceTMALoweringPass final
    : proxyfence::ttng::impl::ProxyFenceTMALoweringBase<ProxyFenceTMALoweringPass> {
  using ProxyFenceTMALoweringBase::ProxyFenceTMALoweringBase;
  void runOnOperation() override {
    getOperation().emitError("ProxyFenceTMALowering is not implemented yet");
    signalPassFailure();
  }
};
} // namespace
