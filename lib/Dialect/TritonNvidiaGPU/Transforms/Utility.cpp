//===- Utility.cpp - helpers shared by the ttng passes -------------------===//
//
// The target compute capability of a module.
//
//===----------------------------------------------------------------------===//

#include "proxyfence/Dialect/TritonNvidiaGPU/Transforms/Passes.h"

using namespace mlir;

int32_t proxyfence::ttng::getComputeCapability(ModuleOp module,
                                               int32_t option) {
  if (option != 0)
    return option;
  auto target = module->getAttrOfType<StringAttr>("ttg.target");
  if (!target)
    return 0;
  StringRef text = target.getValue();
  if (!text.consume_front("cuda:"))
    return 0;
  int32_t capability = 0;
  // "cuda:90" and "cuda:90a" both name sm_90.
  text = text.take_while([](char c) { return llvm::isDigit(c); });
  if (text.getAsInteger(10, capability))
    return 0;
  return capability;
}
