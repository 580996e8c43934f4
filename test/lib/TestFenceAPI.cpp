//===- TestFenceAPI.cpp - exercise the fence builder API -----------------===//
//
// `--test-fence-api=scopes=a,b,...` builds `proxyfence::fence(scope)` for
// each listed scope at the start of every function, so the API (and its
// error for an invalid scope) can be tested with FileCheck and
// -verify-diagnostics.
//
//===----------------------------------------------------------------------===//

#include "proxyfence/Dialect/TritonNvidiaGPU/IR/FenceBuilders.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Pass/Pass.h"

using namespace mlir;

namespace {

struct TestFenceAPIPass
    : public PassWrapper<TestFenceAPIPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(TestFenceAPIPass)

  TestFenceAPIPass() = default;
  TestFenceAPIPass(const TestFenceAPIPass &other) : PassWrapper(other) {}

  StringRef getArgument() const final { return "test-fence-api"; }
  StringRef getDescription() const final {
    return "Build proxyfence::fence(scope) at the start of every function";
  }
  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<proxyfence::ttng::TritonNvidiaGPUDialect>();
  }

  ListOption<std::string> scopes{*this, "scopes",
                                 llvm::cl::desc("Fence scopes to build")};

  void runOnOperation() override {
    bool failed = false;
    getOperation()->walk([&](FunctionOpInterface function) {
      if (function.isExternal())
        return;
      OpBuilder builder = OpBuilder::atBlockBegin(
          &function.getFunctionBody().front());
      for (const std::string &scope : scopes)
        failed |= mlir::failed(
            proxyfence::fence(builder, function.getLoc(), scope));
    });
    if (failed)
      signalPassFailure();
  }
};

} // namespace

namespace proxyfence::test {
void registerTestFenceAPIPass() { PassRegistration<TestFenceAPIPass>(); }
} // namespace proxyfence::test
