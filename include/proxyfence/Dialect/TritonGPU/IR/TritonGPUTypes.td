//===- TritonGPUTypes.td - ttg types -----------------------*- tablegen -*-===//
//
// !ttg.memdesc (a view of shared or tensor memory) and !ttg.async.token.
//
//===----------------------------------------------------------------------===//

#ifndef PROXYFENCE_DIALECT_TRITONGPU_TRITONGPUTYPES_TD
#define PROXYFENCE_DIALECT_TRITONGPU_TRITONGPUTYPES_TD

include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/BuiltinTypeInterfaces.td"
include "proxyfence/Dialect/TritonGPU/IR/TritonGPUDialect.td"

class TTG_TypeDef<string name, string typeMnemonic, list<Trait> traits = []>
    : TypeDef<TTG_Dialect, name, traits> {
  let mnemonic = typeMnemonic;
}

def TTG_MemDescType : TTG_TypeDef<"MemDesc", "memdesc"> {
  let summary = "A descriptor of a buffer in shared or tensor memory";
  let description = [{
    Shape and element type of the view, its layout encoding, its memory
    space (`#ttg.shared_memory` or `#ttng.tensor_memory`), whether it may be
    written (`mutable`), and the shape of the allocation it views when that
    differs from its own (printed last, e.g. `2x64x64`).

    ```mlir
    !ttg.memdesc<3x128x64xf16, #shared, #smem, mutable>
    !ttg.memdesc<64x64xf16, #shared, #smem, mutable, 2x64x64>
    !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>
    ```
  }];
  let parameters = (ins
    ArrayRefParameter<"int64_t">:$shape,
    "::mlir::Type":$elementType,
    "::mlir::Attribute":$encoding,
    "::mlir::Attribute":$memorySpace,
    "bool":$mutableMemory,
    ArrayRefParameter<"int64_t">:$allocShape
  );
  let builders = [
    TypeBuilderWithInferredContext<(ins
        "::llvm::ArrayRef<int64_t>":$shape, "::mlir::Type":$elementType,
        "::mlir::Attribute":$encoding, "::mlir::Attribute":$memorySpace,
        CArg<"bool", "false">:$mutableMemory), [{
      return $_get(elementType.getContext(), shape, elementType, encoding,
                   memorySpace, mutableMemory, shape);
    }]>,
    TypeBuilderWithInferredContext<(ins
        "::llvm::ArrayRef<int64_t>":$shape, "::mlir::Type":$elementType,
        "::mlir::Attribute":$encoding, "::mlir::Attribute":$memorySpace,
        "bool":$mutableMemory, "::llvm::ArrayRef<int64_t>":$allocShape), [{
      return $_get(elementType.getContext(), shape, elementType, encoding,
                   memorySpace, mutableMemory, allocShape);
    }]>
  ];
  let skipDefaultBuilders = 1;
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    int64_t getRank() const { return getShape().size(); }
    /// Number of elements of the view.
    int64_t getNumElements() const;
    /// Bytes the view covers in one CTA (elements of the shape per CTA,
    /// see getCTASplitNum, times the element size; at least 1 byte).
    int64_t getSizeInBytes() const;
    /// Bytes of the underlying allocation (allocShape) in one CTA.
    int64_t getAllocSizeInBytes() const;
    /// Bits per element (i1 counts as 8, as Triton stores it).
    unsigned getElementBitWidth() const;
    bool isSharedMemory() const;
    bool isTensorMemory() const;
  }];
}

def TTG_AsyncToken : TTG_TypeDef<"AsyncToken", "async.token"> {
  let summary = "Token of an asynchronous copy group";
  let description = [{
    Returned by `ttg.async_copy_global_to_local` and
    `ttg.async_commit_group`, consumed by `ttg.async_wait`.

    ```mlir
    %t = ttg.async_commit_group
    ```
  }];
}

def TTG_MemDesc : DialectType<TTG_Dialect,
    CPred<"::mlir::isa<::proxyfence::ttg::MemDescType>($_self)">,
    "memory descriptor", "::proxyfence::ttg::MemDescType">;

#endif // PROXYFENCE_DIALECT_TRITONGPU_TRITONGPUTYPES_TD
