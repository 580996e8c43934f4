//===- AllocateSharedMemory.cpp - ProxyFenceAllocateSharedMemory --------===//
//
// Not implemented yet: the pass fails loudly rather than doing nothing.
//
//===----------------------------------------------------------------------===//

#include "proxyfence/Dialect/TritonGPU/Transforms/Passes.h"

namespace proxyfence::ttg {
#define GEN_PASS_DEF_PROXYFENCEALLOCATESHAREDMEMORY
#include "proxyfence/Dialect/TritonGPU/Transforms/Passes.h.inc"
} // namespace proxyfence::ttg

using namespace mlir;

namespace {
struct ProxyFenceAllocateSharedMemoryPass final
    : proxyfence::ttg::impl::ProxyFenceAllocateSharedMemoryBase<
          ProxyFenceAllocateSharedMemoryPass> {
  using ProxyFenceAllocateSharedMemoryBase::ProxyFenceAllocateSharedMemoryBase;
  void runOnOperation() override {
    getOperation().emitError(
        "ProxyFenceAllocateSharedMemory is not implemented yet");
    signalPassFailure();
  }
};
} // namespace
