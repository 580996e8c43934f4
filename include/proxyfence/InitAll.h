//===- InitAll.h - register every dialect and pass --------------*- C++ -*-===//
//
// The one place that lists what proxyfence's tools understand. Tools call
// these and nothing else.
//
//===----------------------------------------------------------------------===//

#ifndef PROXYFENCE_INITALL_H
#define PROXYFENCE_INITALL_H

namespace mlir {
class DialectRegistry;
} // namespace mlir

namespace proxyfence {

/// tt, ttg, ttng, and the upstream dialects Triton's IR uses (arith, math,
/// scf, cf, ub, func, gpu, llvm, nvvm), with the proxy roles of the
/// upstream ops that have one (gpu.barrier).
void registerAllDialects(mlir::DialectRegistry &registry);

/// proxyfence's passes, under their own names and Triton's.
void registerAllPasses();

} // namespace proxyfence

#endif // PROXYFENCE_INITALL_H
