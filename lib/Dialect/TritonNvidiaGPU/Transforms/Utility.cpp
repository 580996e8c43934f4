//===- Utility.cpp - helpers shared by the ttng passes -------------------===//
//
// The target compute capability of a module: the pass option, else the
// module's `ttg.target`, else 90, the default of Triton's own
// `compute-capability` options (its lit tests leave the target out).
//
//===----------------------------------------------------------------------===//

#include "proxyfence/Dialect/TritonNvidiaGPU/Transforms/Passes.h"

using namespace mlir;

FailureOr<int32_t>
proxyfence::ttng::getComputeCapability(ModuleOp module, int32_t option) {
  if (option != 0)
    return option;
  Attribute attr = module->getAttr("ttg.target");
  if (!attr)
    return kDefaultComputeCapability;
  auto target = dyn_cast<StringAttr>(attr);
  if (!target)
    return module.emitError("cannot tell the compute capability from "
                            "ttg.target = ")
           << attr << ": expected a string such as \"cuda:90\"";
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
