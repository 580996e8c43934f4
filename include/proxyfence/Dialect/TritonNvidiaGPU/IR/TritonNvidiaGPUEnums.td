//===- TritonNvidiaGPUEnums.td - ttng enums ----------------*- tablegen -*-===//
//
// Enums of the ttng dialect (their attributes are in
// TritonNvidiaGPUAttrDefs.td).
//
//===----------------------------------------------------------------------===//

#ifndef PROXYFENCE_DIALECT_TRITONNVIDIAGPU_TRITONNVIDIAGPUENUMS_TD
#define PROXYFENCE_DIALECT_TRITONNVIDIAGPU_TRITONNVIDIAGPUENUMS_TD

include "mlir/IR/EnumAttr.td"

// The reduction tcgen05.ld can apply along the row while it loads
// (`tcgen05.ld.red`): `#ttng.redOp<min>` or `#ttng.redOp<max>`.
def TTNG_TMEMLoadReduceModifier : I32EnumAttr<"TMEMLoadReduceModifier",
    "reduction of a tensor-memory load", [
  I32EnumAttrCase<"MIN", 1, "min">,
  I32EnumAttrCase<"MAX", 2, "max">]> {
  let cppNamespace = "::proxyfence::ttng";
  let genSpecializedAttr = 0;
}

#endif // PROXYFENCE_DIALECT_TRITONNVIDIAGPU_TRITONNVIDIAGPUENUMS_TD
