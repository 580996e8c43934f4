//===- ProxyFenceInsertion.cpp - ProxyFenceProxyFenceInsertion ----------------------------------===//
//
// Not implemented yet: the pass fails loudly rather than doing nothing.
//
//===----------------------------------------------------------------------===//

#include "proxyfence/Dialect/TritonNvidiaGPU/Transforms/Passes.h"

namespace proxyfence::ttng {
#define GEN_PASS_DEF_PROXYFENCEPROXYFENCEINSERTION
#include "proxyfence/Dialect/TritonNvidiaGPU/Transforms/Passes.h.inc"
} // namespace proxyfence::ttng

using namespace mlir;

namespace {
struct ProxyFenceProxyFenceInsertionPass final
    : proxyfence::ttng::impl::ProxyFenceProxyFenceInsertionBase<ProxyFenceProxyFenceInsertionPass> {
  using ProxyFenceProxyFenceInsertionBase::ProxyFenceProxyFenceInsertionBase;
  void runOnOperation() override {
    getOperation().emitError("ProxyFenceProxyFenceInsertion is not implemented yet");
    signalPassFailure();
  }
};
} // namespace
