//===- AttrAliases.h - fixed alias names of attributes ----------*- C++ -*-===//
//
// Triton's dialects print their layouts and memory spaces under fixed alias
// names (`#blocked`, `#shared`, `#smem`, `#tmem`, ...). Each dialect says
// which name an attribute gets; this interface prints it.
//
//===----------------------------------------------------------------------===//

#ifndef PROXYFENCE_SUPPORT_ATTRALIASES_H
#define PROXYFENCE_SUPPORT_ATTRALIASES_H

#include "mlir/IR/OpImplementation.h"

namespace proxyfence {

/// The OpAsmDialectInterface of a dialect whose attributes print under the
/// alias `AliasOf` names (an empty name: no alias).
template <llvm::StringRef (*AliasOf)(mlir::Attribute)>
struct AttrAliasInterface : public mlir::OpAsmDialectInterface {
  using OpAsmDialectInterface::OpAsmDialectInterface;

  AliasResult getAlias(mlir::Attribute attr,
                       llvm::raw_ostream &os) const override {
    llvm::StringRef alias = AliasOf(attr);
    if (alias.empty())
      return AliasResult::NoAlias;
    os << alias;
    return AliasResult::FinalAlias;
  }
};

} // namespace proxyfence

#endif // PROXYFENCE_SUPPORT_ATTRALIASES_H
