//===- Utility.cpp - helpers shared by the ttng passes -------------------===//
//
// The target compute capability of a module.
//
//===----------------------------------------------------------------------===//

#include "proxyfence/Dialect/TritonNvidiaGPU/Transforms/Passes.h"

using namespace mlir;

FailureOr<int32_t>
proxyfence::ttng::getComputeCapability(ModuleOp module, int32_t option) {
  if (option != 0)
    return option;
  auto target = module->getAttrOfType<StringAttr>("ttg.target");
  if (!target)
    return module.emitError(
        "cannot tell the compute capability: the module has no ttg.target "
        "= \"cuda:NN\" attribute; give one or pass compute-capability=NN");
  StringRef text = target.getValue();
  int32_t capability = 0;
  // "cuda:90" and "cuda:90a" both name sm_90.
  StringRef digits;
  if (text.consume_front("cuda:"))
    digits = text.take_while([](char c) { return llvm::isDigit(c); });
  if (digits.empty() || digits.getAsInteger(10, capability))
    return module.emitError("cannot tell the compute capability from "
                            "ttg.target = \"")
           << target.getValue()
           << "\": expected \"cuda:\" and a number, e.g. \"cuda:90\"";
  return capability;
}

FailureOr<bool> proxyfence::ttng::hasAsyncProxy(ModuleOp module,
                                                int32_t option) {
  FailureOr<int32_t> capability = getComputeCapability(module, option);
  if (failed(capability))
    return failure();
  return *capability >= 90;
}
