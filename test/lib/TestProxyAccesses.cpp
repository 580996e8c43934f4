//===- TestProxyAccesses.cpp - print the proxy classification ------------===//
//
// `--test-print-proxy-accesses` prints, for every op implementing
// ProxyAccessOpInterface, its accesses (kind, memory space, proxy, scope,
// operand), completion kind and fence scope, and its MLIR memory effects as
// derived from them. Tests pin the proxy model op by op with FileCheck.
//
//===----------------------------------------------------------------------===//

#include "proxyfence/Interfaces/ProxyAccess.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassRegistry.h"

using namespace mlir;
using namespace proxyfence;

namespace {

/// `operand #N` or `result #N` of `op` for an access.
static void printWhere(raw_ostream &os, const ProxyAccess &access) {
  if (access.scratch) {
    os << "scratch";
    return;
  }
  if (access.operand) {
    os << "operand #" << access.operand->getOperandNumber();
    return;
  }
  if (auto result = dyn_cast_or_null<OpResult>(access.value)) {
    os << "result #" << result.getResultNumber();
    return;
  }
  os << "whole space";
}

struct TestPrintProxyAccessesPass
    : public PassWrapper<TestPrintProxyAccessesPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(TestPrintProxyAccessesPass)

  StringRef getArgument() const final { return "test-print-proxy-accesses"; }
  StringRef getDescription() const final {
    return "Print the proxy accesses every op declares";
  }

  void runOnOperation() override {
    raw_ostream &os = llvm::outs();
    getOperation()->walk([&](ProxyAccessOpInterface op) {
      os << op->getName() << ":";
      SmallVector<ProxyAccess> accesses;
      op.getProxyAccesses(accesses);
      for (const ProxyAccess &access : accesses) {
        os << " [" << stringifyAccessKind(access.kind) << " "
           << stringifyMemorySpace(access.space) << " "
           << stringifyProxy(access.proxy);
        // The scope of async accesses, and of any access that reaches
        // another CTA's shared memory.
        if ((access.space == MemorySpace::Shared &&
             access.proxy == Proxy::Async) ||
            access.scope == FenceScope::Cluster)
          os << " " << stringifyFenceScope(access.scope);
        os << " ";
        printWhere(os, access);
        os << "]";
      }
      if (op.getCompletionKind() != CompletionKind::None)
        os << " completion=" << stringifyCompletionKind(op.getCompletionKind());
      if (std::optional<FenceScope> scope = op.getProxyFenceScope())
        os << " fence=" << stringifyFenceScope(*scope);
      if (op.isExecutionBarrier())
        os << " execution-barrier";
      if (std::optional<FenceScope> scope = op.getExecutionBarrierScope())
        os << " barrier=" << stringifyFenceScope(*scope);
      if (int64_t bytes = op.getSharedScratchSize())
        os << " scratch=" << bytes << "@" << op.getSharedScratchAlignment();
      auto effects = dyn_cast<MemoryEffectOpInterface>(op.getOperation());
      os << " effects=" << (effects ? "" : "none");
      if (effects) {
        SmallVector<MemoryEffects::EffectInstance> instances;
        effects.getEffects(instances);
        llvm::interleave(
            instances, os,
            [&](const MemoryEffects::EffectInstance &effect) {
              if (isa<MemoryEffects::Read>(effect.getEffect()))
                os << "R";
              else if (isa<MemoryEffects::Write>(effect.getEffect()))
                os << "W";
              else if (isa<MemoryEffects::Allocate>(effect.getEffect()))
                os << "A";
              else
                os << "F";
              os << effect.getResource()->getName();
            },
            ",");
      }
      os << "\n";
    });
  }
};

} // namespace

namespace proxyfence::test {
void registerTestProxyAccessesPass() {
  PassRegistration<TestPrintProxyAccessesPass>();
}
} // namespace proxyfence::test
