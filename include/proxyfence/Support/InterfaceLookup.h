//===- InterfaceLookup.h - op interfaces looked up once per kind -*- C++ -*-===//
//
// An op interface query searches the op's interface map (and, when the
// interface is absent, the dialect's promised interfaces). The analyses ask
// the same question of every op of a module, often several times; this
// cache answers it once per kind of op (OperationName).
//
//===----------------------------------------------------------------------===//

#ifndef PROXYFENCE_SUPPORT_INTERFACELOOKUP_H
#define PROXYFENCE_SUPPORT_INTERFACELOOKUP_H

#include "mlir/IR/Operation.h"
#include "llvm/ADT/DenseMap.h"

namespace proxyfence {

/// `OpInterfaceT` of an op, or null, as `dyn_cast<OpInterfaceT>(op)` gives
/// it; whether the op's kind has the interface at all is asked once per
/// kind (the ops without it, most of a module, then cost one hash probe).
template <typename OpInterfaceT>
class InterfaceLookup {
public:
  OpInterfaceT get(mlir::Operation *op) {
    if (!has(op))
      return {};
    return llvm::cast<OpInterfaceT>(op);
  }

  bool has(mlir::Operation *op) {
    auto [it, inserted] = implemented.try_emplace(op->getName(), false);
    if (inserted)
      it->second = llvm::isa<OpInterfaceT>(op);
    return it->second;
  }

private:
  llvm::DenseMap<mlir::OperationName, bool> implemented;
};

} // namespace proxyfence

#endif // PROXYFENCE_SUPPORT_INTERFACELOOKUP_H
