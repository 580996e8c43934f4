//===- Passes.h - ttng passes -----------------------------------*- C++ -*-===//
//
// TMA lowering, fence insertion and proxy-fence insertion.
//
//===----------------------------------------------------------------------===//

#ifndef PROXYFENCE_DIALECT_TRITONNVIDIAGPU_TRANSFORMS_PASSES_H
#define PROXYFENCE_DIALECT_TRITONNVIDIAGPU_TRANSFORMS_PASSES_H

#include "proxyfence/Dialect/TritonNvidiaGPU/IR/Dialect.h"

#include "mlir/Pass/Pass.h"

namespace proxyfence::ttng {

#define GEN_PASS_DECL
#include "proxyfence/Dialect/TritonNvidiaGPU/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "proxyfence/Dialect/TritonNvidiaGPU/Transforms/Passes.h.inc"

/// The compute capability of a module without `ttg.target`: 90, the default
/// of the `compute-capability` option of Triton's fence passes, which
/// Triton's lit tests rely on.
constexpr int32_t kDefaultComputeCapability = 90;

/// The compute capability a pass targets: `option` when non-zero, else the
/// number in the module's `ttg.target = "cuda:NN"`, else
/// kDefaultComputeCapability. A target that is not "cuda:" followed by a
/// number is an error on the module (a pass must not guess) and fails.
mlir::FailureOr<int32_t> getComputeCapability(mlir::ModuleOp module,
                                              int32_t option);

/// Whether the target has the async proxy, so the fence passes have work:
/// sm_90 and later (getComputeCapability, with its error on a malformed
/// target).
mlir::FailureOr<bool> hasAsyncProxy(mlir::ModuleOp module, int32_t option);

} // namespace proxyfence::ttng

#endif // PROXYFENCE_DIALECT_TRITONNVIDIAGPU_TRANSFORMS_PASSES_H
