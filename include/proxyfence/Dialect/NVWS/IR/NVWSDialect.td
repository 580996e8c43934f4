//===- NVWSDialect.td - the nvws dialect -------------------*- tablegen -*-===//
//
// Triton's NVIDIA warp-specialization dialect: asynchronous references
// (arefs) and warp groups, the IR that Triton 3.6's warp specialization
// passes build and then lower to ttg.warp_specialize, mbarriers and TMA.
//
//===----------------------------------------------------------------------===//

#ifndef PROXYFENCE_DIALECT_NVWS_NVWSDIALECT_TD
#define PROXYFENCE_DIALECT_NVWS_NVWSDIALECT_TD

include "mlir/IR/OpBase.td"

def NVWS_Dialect : Dialect {
  let name = "nvws";
  let cppNamespace = "::proxyfence::nvws";
  let summary = "Triton's warp-specialization dialect (nvws), as Triton 3.6 prints it";
  let description = [{
    Mid-pipeline IR of Triton's warp specialization (between partition
    scheduling and `NVWSLowerWarpGroup`): an aref wraps multi-buffered
    memory descriptors; producers and consumers enter and exit put/get
    regions on it; `nvws.warp_group` holds the partitions before they become
    `ttg.warp_specialize`. proxyfence parses, verifies and prints it back so
    every IR dump of Triton's pipeline can be read. The fence passes run, as
    in Triton, after it has been lowered; the checker reports the orderings
    an aref stands for as unproven.
  }];
  let dependentDialects = ["::proxyfence::tt::TritonDialect",
                           "::proxyfence::ttg::TritonGPUDialect"];
  let useDefaultTypePrinterParser = 1;
  let useDefaultAttributePrinterParser = 1;
}

#endif // PROXYFENCE_DIALECT_NVWS_NVWSDIALECT_TD
