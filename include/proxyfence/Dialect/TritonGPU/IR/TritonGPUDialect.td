//===- TritonGPUDialect.td - the ttg dialect ---------------*- tablegen -*-===//
//
// Triton's `ttg` dialect: layouts, shared-memory descriptors and the ops
// that move data between registers and shared memory.
//
//===----------------------------------------------------------------------===//

#ifndef PROXYFENCE_DIALECT_TRITONGPU_TRITONGPUDIALECT_TD
#define PROXYFENCE_DIALECT_TRITONGPU_TRITONGPUDIALECT_TD

include "mlir/IR/OpBase.td"

def TritonGPU_Dialect : Dialect {
  let name = "ttg";
  let cppNamespace = "::proxyfence::ttg";
  let summary = "Triton's GPU dialect (ttg): layouts and shared memory";
  let description = [{
    Distributed and shared layouts, `!ttg.memdesc` values that name
    shared or tensor memory, and the ops that allocate, view, read and
    write them. The module attributes `ttg.target`, `ttg.num-warps` and
    `ttg.shared` live in this dialect's namespace.
  }];
  let dependentDialects = ["::proxyfence::tt::TritonDialect"];
  let useDefaultTypePrinterParser = 1;
  let useDefaultAttributePrinterParser = 1;
  let extraClassDeclaration = [{
    void registerTypes();
    void registerAttributes();
    /// Module attribute names Triton uses.
    static constexpr ::llvm::StringLiteral getTargetAttrName() { return "ttg.target"; }
    static constexpr ::llvm::StringLiteral getSharedAttrName() { return "ttg.shared"; }
    static constexpr ::llvm::StringLiteral getNumWarpsAttrName() { return "ttg.num-warps"; }
    static constexpr ::llvm::StringLiteral getNumCTAsAttrName() { return "ttg.num-ctas"; }
    static constexpr ::llvm::StringLiteral getAllocationOffsetAttrName() { return "allocation.offset"; }
  }];
}

defvar TTG_Dialect = TritonGPU_Dialect;

#endif // PROXYFENCE_DIALECT_TRITONGPU_TRITONGPUDIALECT_TD
