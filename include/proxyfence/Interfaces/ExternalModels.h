//===- ExternalModels.h - proxy roles of upstream MLIR ops ------*- C++ -*-===//
//
// ProxyAccessOpInterface for ops of upstream dialects that Triton's TTGIR
// holds and that take part in the proxy model (gpu.barrier, an execution
// barrier), attached as external models so that the analyses ask the
// interface for them as for tt/ttg/ttng ops.
//
//===----------------------------------------------------------------------===//

#ifndef PROXYFENCE_INTERFACES_EXTERNALMODELS_H
#define PROXYFENCE_INTERFACES_EXTERNALMODELS_H

namespace mlir {
class DialectRegistry;
} // namespace mlir

namespace proxyfence {

/// Registers the external models with `registry` (attached when the
/// upstream dialect loads).
void registerProxyAccessExternalModels(mlir::DialectRegistry &registry);

} // namespace proxyfence

#endif // PROXYFENCE_INTERFACES_EXTERNALMODELS_H
