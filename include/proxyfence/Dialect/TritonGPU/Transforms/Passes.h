//===- Passes.h - ttg passes ------------------------------------*- C++ -*-===//
//
// Shared-memory allocation.
//
//===----------------------------------------------------------------------===//

#ifndef PROXYFENCE_DIALECT_TRITONGPU_TRANSFORMS_PASSES_H
#define PROXYFENCE_DIALECT_TRITONGPU_TRANSFORMS_PASSES_H

#include "proxyfence/Dialect/TritonGPU/IR/Dialect.h"

#include "mlir/Pass/Pass.h"

namespace proxyfence::ttg {

#define GEN_PASS_DECL
#include "proxyfence/Dialect/TritonGPU/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "proxyfence/Dialect/TritonGPU/Transforms/Passes.h.inc"

} // namespace proxyfence::ttg

#endif // PROXYFENCE_DIALECT_TRITONGPU_TRANSFORMS_PASSES_H
