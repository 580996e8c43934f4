//===- FenceBuilders.cpp - the fence API (TLX's `fence(scope)`) ----------===//
//
// Builders for the fence scopes and the canonical TMA store.
//
//===----------------------------------------------------------------------===//

#include "proxyfence/Dialect/TritonNvidiaGPU/IR/FenceBuilders.h"

#include "mlir/IR/Diagnostics.h"

using namespace mlir;
using namespace proxyfence;

ArrayRef<StringRef> proxyfence::getFenceScopes() {
  static const StringRef scopes[] = {"async_shared", "gpu", "sys"};
  return scopes;
}

FailureOr<Operation *> proxyfence::fence(OpBuilder &builder, Location loc,
                                         StringRef scope) {
  if (scope == "async_shared")
    return ttng::FenceAsyncSharedOp::create(builder, loc, /*bCluster=*/false)
        .getOperation();
  if (scope == "gpu" || scope == "sys")
    return ttng::FenceOp::create(builder, loc, scope).getOperation();
  InFlightDiagnostic diag = emitError(loc) << "invalid fence scope '" << scope
                                           << "'; expected one of ";
  llvm::interleaveComma(getFenceScopes(), diag, [&](StringRef valid) {
    diag << "\"" << valid << "\"";
  });
  return failure();
}

ttng::FenceAsyncSharedOp proxyfence::fenceAsyncShared(OpBuilder &builder,
                                                      Location loc) {
  return ttng::FenceAsyncSharedOp::create(builder, loc, /*bCluster=*/false);
}

AsyncSharedFenceBuilder::AsyncSharedFenceBuilder(MLIRContext *context)
    : builder(context),
      name(ttng::FenceAsyncSharedOp::getOperationName(), context),
      ctaScope(builder.getBoolAttr(false)),
      clusterScope(builder.getBoolAttr(true)) {}

ttng::FenceAsyncSharedOp
AsyncSharedFenceBuilder::createBefore(Operation *point, Location loc,
                                      bool cluster) {
  builder.setInsertionPoint(point);
  OperationState state(loc, name);
  ttng::FenceAsyncSharedOp::build(builder, state,
                                  cluster ? clusterScope : ctaScope);
  return cast<ttng::FenceAsyncSharedOp>(builder.create(state));
}

FailureOr<ttng::AsyncTMACopyLocalToGlobalOp>
proxyfence::buildTMAStore(OpBuilder &builder, Location loc, Value desc,
                          ValueRange coords, Value value, Value buffer) {
  auto descType = dyn_cast<tt::TensorDescType>(desc.getType());
  auto bufferType = dyn_cast<ttg::MemDescType>(buffer.getType());
  auto valueType = dyn_cast<RankedTensorType>(value.getType());
  if (!descType || !bufferType || !valueType)
    return emitError(loc, "TMA store needs a !tt.tensordesc, a ranked tensor "
                          "and a !ttg.memdesc"),
           failure();
  if (!bufferType.getMutableMemory())
    return emitError(loc, "TMA store staging buffer must be mutable"),
           failure();
  if (coords.size() != static_cast<size_t>(descType.getBlockType().getRank()))
    return emitError(loc, "TMA store needs one coordinate per descriptor "
                          "dimension"),
           failure();
  ttg::LocalStoreOp::create(builder, loc, value, buffer);
  ttng::FenceAsyncSharedOp::create(builder, loc, /*bCluster=*/false);
  auto store = ttng::AsyncTMACopyLocalToGlobalOp::create(
      builder, loc, /*token=*/Type(), desc, coords, buffer);
  ttng::TMAStoreWaitOp::create(builder, loc, /*pendings=*/0);
  return store;
}
