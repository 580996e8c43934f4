//===- ParsedModule.h - a module parsed for a unit test --------*- C++ -*-===//
//
// The fixture the analysis tests share: a context with every dialect
// proxyfence registers, the module parsed from a test's source, and the
// value of an op the source tags `{name = "..."}`.
//
//===----------------------------------------------------------------------===//

#ifndef PROXYFENCE_UNITTESTS_PARSEDMODULE_H
#define PROXYFENCE_UNITTESTS_PARSEDMODULE_H

#include "proxyfence/InitAll.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"

namespace proxyfence {

class ParsedModule {
public:
  explicit ParsedModule(llvm::StringRef source) {
    mlir::DialectRegistry registry;
    registerAllDialects(registry);
    context.appendDialectRegistry(registry);
    module = mlir::parseSourceString<mlir::ModuleOp>(source, &context);
  }

  /// The first result of the op tagged `{name = "<name>"}`, or null.
  mlir::Value named(llvm::StringRef name) {
    mlir::Value found;
    module->walk([&](mlir::Operation *op) {
      if (auto attr = op->getAttrOfType<mlir::StringAttr>("name");
          attr && attr.getValue() == name)
        found = op->getResult(0);
    });
    return found;
  }

  mlir::MLIRContext context;
  mlir::OwningOpRef<mlir::ModuleOp> module;
};

} // namespace proxyfence

#endif // PROXYFENCE_UNITTESTS_PARSEDMODULE_H
