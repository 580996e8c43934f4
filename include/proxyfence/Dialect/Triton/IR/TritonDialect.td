//===- TritonDialect.td - the tt dialect -------------------*- tablegen -*-===//
//
// Triton's `tt` dialect as Triton 3.6 prints it: scalar/tensor compute,
// pointers, tensor descriptors, functions.
//
//===----------------------------------------------------------------------===//

#ifndef PROXYFENCE_DIALECT_TRITON_TRITONDIALECT_TD
#define PROXYFENCE_DIALECT_TRITON_TRITONDIALECT_TD

include "mlir/IR/OpBase.td"

def Triton_Dialect : Dialect {
  let name = "tt";
  let cppNamespace = "::proxyfence::tt";
  let summary = "Triton's tile-level dialect (tt), as Triton 3.6 prints it";
  let description = [{
    Tensors of scalars and pointers, block-level compute, tensor
    descriptors (TMA) and functions. proxyfence reads and writes the same
    text Triton does, so `.ttgir` dumps can be fed to it unchanged.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::math::MathDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::cf::ControlFlowDialect",
    "::mlir::ub::UBDialect",
  ];
  let useDefaultTypePrinterParser = 1;
}

defvar TT_Dialect = Triton_Dialect;

#endif // PROXYFENCE_DIALECT_TRITON_TRITONDIALECT_TD
