//===- FenceInsertion.cpp - ProxyFenceFenceInsertion ----------------------------------===//
//
// Not implemented yet: the pass fails loudly rather than doing nothing.
//
//===----------------------------------------------------------------------===//

#include "proxyfence/Dialect/TritonNvidiaGPU/Transforms/Passes.h"

namespace proxyfence::ttng {
#define GEN_PASS_DEF_PROXYFENCEFENCEINSERTION
#include "proxyfence/Dialect/TritonNvidiaGPU/Transforms/Passes.h.inc"
} // namespace proxyfence::ttng

using namespace mlir;

namespace {
struct ProxyFenceFenceInsertionPass final
    : proxyfence::ttng::impl::ProxyFenceFenceInsertionBase<ProxyFenceFenceInsertionPass> {
  using ProxyFenceFenceInsertionBase::ProxyFenceFenceInsertionBase;
  void runOnOperation() override {
    getOperation().emitError("ProxyFenceFenceInsertion is not implemented yet");
    signalPassFailure();
  }
};
} // namespace
