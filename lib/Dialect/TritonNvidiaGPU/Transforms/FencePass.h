//===- FencePass.h - what the ttng fence passes share (private) -*- C++ -*-===//
//
// The two passes that insert ttng.fence_async_shared (fence insertion and
// proxy-fence insertion) start alike: nothing to do on a target without the
// async proxy (before sm_90), a failure where the target cannot be told,
// and the module's buffer regions, which the fences they insert leave
// valid. Private to lib/Dialect/TritonNvidiaGPU/Transforms.
//
//===----------------------------------------------------------------------===//

#ifndef PROXYFENCE_LIB_DIALECT_TRITONNVIDIAGPU_TRANSFORMS_FENCEPASS_H
#define PROXYFENCE_LIB_DIALECT_TRITONNVIDIAGPU_TRANSFORMS_FENCEPASS_H

#include "proxyfence/Analysis/BufferRegion.h"
#include "proxyfence/Dialect/TritonNvidiaGPU/Transforms/Passes.h"

namespace proxyfence::ttng {

/// A fence pass over its generated base `BaseT`, which has the
/// `compute-capability` option: runOnOperation checks the target and hands
/// the module and its buffer regions to runOnModule.
template <typename BaseT> class FencePass : public BaseT {
public:
  using BaseT::BaseT;

  void runOnOperation() final {
    mlir::ModuleOp module = this->getOperation();
    mlir::FailureOr<bool> proxies =
        hasAsyncProxy(module, this->computeCapability);
    if (mlir::failed(proxies))
      return this->signalPassFailure();
    if (!*proxies)
      return;
    // The fences change no memdesc value: the analysis stays valid for the
    // passes after this one.
    const auto &regions = this->template getAnalysis<BufferRegionAnalysis>();
    this->template markAnalysesPreserved<BufferRegionAnalysis>();
    runOnModule(module, regions);
  }

protected:
  /// The pass's work on `module`, whose target has the async proxy.
  virtual void runOnModule(mlir::ModuleOp module,
                           const BufferRegionAnalysis &regions) = 0;
};

} // namespace proxyfence::ttng

#endif // PROXYFENCE_LIB_DIALECT_TRITONNVIDIAGPU_TRANSFORMS_FENCEPASS_H
