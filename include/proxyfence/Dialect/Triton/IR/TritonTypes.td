//===- TritonTypes.td - tt types ---------------------------*- tablegen -*-===//
//
// !tt.ptr, !tt.tensordesc and the type constraints tt ops use.
//
//===----------------------------------------------------------------------===//

#ifndef PROXYFENCE_DIALECT_TRITON_TRITONTYPES_TD
#define PROXYFENCE_DIALECT_TRITON_TRITONTYPES_TD

include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/BuiltinTypeInterfaces.td"
include "mlir/IR/CommonTypeConstraints.td"
include "proxyfence/Dialect/Triton/IR/TritonDialect.td"

class TT_TypeDef<string name, string typeMnemonic, list<Trait> traits = []>
    : TypeDef<TT_Dialect, name, traits> {
  let mnemonic = typeMnemonic;
}

def TT_PtrType : TT_TypeDef<"Pointer", "ptr"> {
  let summary = "A pointer into an address space";
  let description = [{
    A scalar pointer. The address space is printed only when it is not 1
    (global memory), as Triton does.

    ```mlir
    %p = tt.addptr %base, %off : !tt.ptr<f16>, i32
    !tt.ptr<i64, 3>
    ```
  }];
  let parameters = (ins "::mlir::Type":$pointeeType, "int":$addressSpace);
  let builders = [
    TypeBuilderWithInferredContext<(ins "::mlir::Type":$pointeeType,
                                        "int":$addressSpace), [{
      return $_get(pointeeType.getContext(), pointeeType, addressSpace);
    }]>
  ];
  let hasCustomAssemblyFormat = 1;
  let skipDefaultBuilders = 1;
}

def TT_TensorDescType : TT_TypeDef<"TensorDesc", "tensordesc"> {
  let summary = "A TMA tensor descriptor for blocks of a given type";
  let description = [{
    The block a descriptor loads or stores. Both spellings parse: Triton
    3.6 prints `!tt.tensordesc<tensor<64x64xf16, #shared>>`, newer Triton
    prints `!tt.tensordesc<64x64xf16, #shared>`. proxyfence prints the 3.6
    form, which both versions read.
  }];
  let parameters = (ins "::mlir::RankedTensorType":$blockType);
  let hasCustomAssemblyFormat = 1;
  let extraClassDeclaration = [{
    /// The shared-memory encoding of the block (the TMA swizzle), or null.
    ::mlir::Attribute getSharedEncoding() const {
      return getBlockType().getEncoding();
    }
  }];
}

//===----------------------------------------------------------------------===//
// Constraints
//===----------------------------------------------------------------------===//

def TT_Float : AnyTypeOf<[F8E4M3FN, F8E4M3FNUZ, F8E4M3B11FNUZ, F8E5M2,
                          F8E5M2FNUZ, F16, BF16, F32, F64], "floating-point">;
def TT_FloatTensor : RankedTensorOf<[TT_Float]>;
def TT_FloatLike : AnyTypeOf<[TT_Float, TT_FloatTensor]>;

def TT_BoolLike : AnyTypeOf<[I1, RankedTensorOf<[I1]>]>;
def TT_Int : AnyTypeOf<[I1, I<4>, I8, I16, I32, I64], "integer">;
def TT_IntTensor : RankedTensorOf<[TT_Int]>;
def TT_IntLike : AnyTypeOf<[TT_Int, TT_IntTensor]>;
def TT_I32Like : AnyTypeOf<[I32, RankedTensorOf<[I32]>]>;
def TT_I64Like : AnyTypeOf<[I64, RankedTensorOf<[I64]>]>;

def TT_Ptr : DialectType<TT_Dialect,
    CPred<"::mlir::isa<::proxyfence::tt::PointerType>($_self)">,
    "Triton pointer", "::proxyfence::tt::PointerType">;
def TT_PtrTensor : RankedTensorOf<[TT_Ptr]>;
/// A pointer to a block: `!tt.ptr<tensor<64x64xf16>>` (tt.make_tensor_ptr).
def TT_TensorPtr : DialectType<TT_Dialect,
    CPred<"::mlir::isa<::proxyfence::tt::PointerType>($_self) && "
          "::mlir::isa<::mlir::RankedTensorType>("
          "::mlir::cast<::proxyfence::tt::PointerType>($_self)"
          ".getPointeeType())">,
    "pointer to a tensor", "::proxyfence::tt::PointerType">;
def TT_PtrLike : AnyTypeOf<[TT_Ptr, TT_PtrTensor]>;

def TT_TensorDesc : DialectType<TT_Dialect,
    CPred<"::mlir::isa<::proxyfence::tt::TensorDescType>($_self)">,
    "Triton tensor descriptor", "::proxyfence::tt::TensorDescType">;

def TT_Tensor : RankedTensorOf<[TT_Float, TT_Int, TT_Ptr]>;
def TT_Type : AnyTypeOf<[TT_FloatLike, TT_IntLike, TT_PtrLike, TT_TensorDesc,
                         Index]>;

#endif // PROXYFENCE_DIALECT_TRITON_TRITONTYPES_TD
