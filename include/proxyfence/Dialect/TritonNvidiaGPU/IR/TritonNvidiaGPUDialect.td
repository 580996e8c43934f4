//===- TritonNvidiaGPUDialect.td - the ttng dialect --------*- tablegen -*-===//
//
// Triton's NVIDIA-specific dialect: TMA, mbarriers, wgmma, tcgen05, tensor
// memory and the proxy fence.
//
//===----------------------------------------------------------------------===//

#ifndef PROXYFENCE_DIALECT_TRITONNVIDIAGPU_TRITONNVIDIAGPUDIALECT_TD
#define PROXYFENCE_DIALECT_TRITONNVIDIAGPU_TRITONNVIDIAGPUDIALECT_TD

include "mlir/IR/OpBase.td"

def TritonNvidiaGPU_Dialect : Dialect {
  let name = "ttng";
  let cppNamespace = "::proxyfence::ttng";
  let summary = "Triton's NVIDIA GPU dialect (ttng): the async proxy ops";
  let description = [{
    TMA copies, mbarriers, warpgroup and tcgen05 MMAs, tensor memory, and
    `ttng.fence_async_shared`, the op this project exists to place.
  }];
  let dependentDialects = ["::proxyfence::tt::TritonDialect",
                           "::proxyfence::ttg::TritonGPUDialect"];
  let useDefaultAttributePrinterParser = 1;
  let useDefaultTypePrinterParser = 1;
  let extraClassDeclaration = [{
    void registerAttributes();
    static constexpr ::llvm::StringLiteral getTwoCTAsAttrName() { return "ttng.two-ctas"; }
  }];
}

defvar TTNG_Dialect = TritonNvidiaGPU_Dialect;

#endif // PROXYFENCE_DIALECT_TRITONNVIDIAGPU_TRITONNVIDIAGPUDIALECT_TD
