//===- ExternalModels.cpp - proxy roles of upstream MLIR ops -------------===//
//
// gpu.barrier lowers to `bar.sync 0` (nvvm.barrier0), the same CTA-wide
// execution barrier as ttg.local_barrier: it touches no buffer, and a proxy
// fence that publishes generic writes to an async op goes before it.
//
//===----------------------------------------------------------------------===//

#include "proxyfence/Interfaces/ExternalModels.h"

#include "proxyfence/Interfaces/ProxyAccess.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/DialectRegistry.h"

using namespace mlir;

namespace {
struct GPUBarrierProxyModel final
    : public proxyfence::ProxyAccessOpInterface::ExternalModel<
          GPUBarrierProxyModel, gpu::BarrierOp> {
  void getProxyAccesses(Operation *,
                        SmallVectorImpl<proxyfence::ProxyAccess> &) const {}
  bool isExecutionBarrier(Operation *) const { return true; }
};
} // namespace

void proxyfence::registerProxyAccessExternalModels(DialectRegistry &registry) {
  registry.addExtension(+[](MLIRContext *context, gpu::GPUDialect *) {
    gpu::BarrierOp::attachInterface<GPUBarrierProxyModel>(*context);
  });
}
