//===- FenceBuilders.h - the fence API (TLX's `fence(scope)`) ---*- C++ -*-===//
//
// C++ builders for compilers that generate Triton IR: one entry point for
// the three fence scopes TLX offers, its deprecated alias, and the
// canonical TMA store sequence.
//
//===----------------------------------------------------------------------===//

#ifndef PROXYFENCE_DIALECT_TRITONNVIDIAGPU_IR_FENCEBUILDERS_H
#define PROXYFENCE_DIALECT_TRITONNVIDIAGPU_IR_FENCEBUILDERS_H

#include "proxyfence/Dialect/TritonNvidiaGPU/IR/Dialect.h"

#include "mlir/IR/Builders.h"

namespace proxyfence {

/// Builds the fence for `scope`:
///   "async_shared" -> ttng.fence_async_shared {bCluster = false}
///                     (fence.proxy.async.shared::cta)
///   "gpu"          -> ttng.fence {scope = "gpu"} (fence.acq_rel.gpu)
///   "sys"          -> ttng.fence {scope = "sys"} (fence.acq_rel.sys)
/// Any other scope is an error at `loc` that names the valid ones.
mlir::FailureOr<mlir::Operation *> fence(mlir::OpBuilder &builder,
                                         mlir::Location loc,
                                         llvm::StringRef scope);

/// The scopes `fence` accepts, in the order error messages list them.
llvm::ArrayRef<llvm::StringRef> getFenceScopes();

/// TLX's `fence_async_shared()`.
[[deprecated("use proxyfence::fence(builder, loc, \"async_shared\")")]]
ttng::FenceAsyncSharedOp fenceAsyncShared(mlir::OpBuilder &builder,
                                          mlir::Location loc);

/// The canonical TMA store of `value` through `desc` at `coords`, staged in
/// the mutable shared buffer `buffer`:
///   ttg.local_store %value, %buffer
///   ttng.fence_async_shared {bCluster = false}
///   ttng.async_tma_copy_local_to_global %desc[coords] %buffer
///   ttng.async_tma_store_wait {pendings = 0 : i32}
/// Returns the TMA store, or failure (with a diagnostic at `loc`) when the
/// types do not fit.
mlir::FailureOr<ttng::AsyncTMACopyLocalToGlobalOp>
buildTMAStore(mlir::OpBuilder &builder, mlir::Location loc, mlir::Value desc,
              mlir::ValueRange coords, mlir::Value value, mlir::Value buffer);

/// Inserts `ttng.fence_async_shared` ops for a pass that inserts many (a
/// large module takes thousands): the op's name and both values of its
/// scope are looked up once, not per fence as the op's `create` does.
class AsyncSharedFenceBuilder {
public:
  explicit AsyncSharedFenceBuilder(mlir::MLIRContext *context);

  /// A fence right before `point`, at `loc`, of cluster scope when
  /// `cluster` (else CTA).
  ttng::FenceAsyncSharedOp createBefore(mlir::Operation *point,
                                        mlir::Location loc, bool cluster);

private:
  mlir::OpBuilder builder;
  mlir::OperationName name;
  mlir::BoolAttr ctaScope, clusterScope;
};

} // namespace proxyfence

#endif // PROXYFENCE_DIALECT_TRITONNVIDIAGPU_IR_FENCEBUILDERS_H
