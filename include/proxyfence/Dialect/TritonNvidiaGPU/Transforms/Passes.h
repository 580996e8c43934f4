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

/// The compute capability a pass targets: `option` when non-zero, else the
/// number in the module's `ttg.target = "cuda:NN"`, else 0.
int32_t getComputeCapability(mlir::ModuleOp module, int32_t option);

} // namespace proxyfence::ttng

#endif // PROXYFENCE_DIALECT_TRITONNVIDIAGPU_TRANSFORMS_PASSES_H
