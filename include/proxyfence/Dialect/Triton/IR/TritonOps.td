//===- TritonOps.td - tt ops -------------------------------*- tablegen -*-===//
//
// The tt ops Triton emits for ordinary kernels, with Triton 3.6's textual
// syntax. Only global memory is touched here; shared-memory traffic lives in
// ttg/ttng.
//
//===----------------------------------------------------------------------===//

#ifndef PROXYFENCE_DIALECT_TRITON_TRITONOPS_TD
#define PROXYFENCE_DIALECT_TRITON_TRITONOPS_TD

include "mlir/IR/OpBase.td"
include "mlir/IR/OpAsmInterface.td"
include "mlir/IR/SymbolInterfaces.td"
include "mlir/Interfaces/CallInterfaces.td"
include "mlir/Interfaces/ControlFlowInterfaces.td"
include "mlir/Interfaces/FunctionInterfaces.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "proxyfence/Interfaces/ProxyAccessOpInterface.td"
include "proxyfence/Dialect/Triton/IR/TritonAttrDefs.td"
include "proxyfence/Dialect/Triton/IR/TritonTypes.td"

class TT_Op<string mnemonic, list<Trait> traits = []>
    : Op<TT_Dialect, mnemonic, traits>;

/// `$src attr-dict : type($src) -> type($result)`, Pure.
class TT_UnaryOp<string mnemonic, Type srcType, Type resultType,
                 list<Trait> traits = []>
    : TT_Op<mnemonic, !listconcat([Pure], traits)> {
  let arguments = (ins srcType:$src);
  let results = (outs resultType:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
}

//===----------------------------------------------------------------------===//
// Functions
//===----------------------------------------------------------------------===//

def TT_FuncOp : TT_Op<"func", [AffineScope, AutomaticAllocationScope,
    CallableOpInterface, FunctionOpInterface, IsolatedFromAbove]> {
  let summary = "A Triton function (kernel or device function)";
  let description = [{
    ```mlir
    tt.func public @kernel(%x: !tt.ptr<f16> {tt.divisibility = 16 : i32}) attributes {noinline = false} {
      tt.return
    }
    ```
  }];
  let arguments = (ins SymbolNameAttr:$sym_name,
                       TypeAttrOf<FunctionType>:$function_type,
                       OptionalAttr<StrAttr>:$sym_visibility,
                       OptionalAttr<DictArrayAttr>:$arg_attrs,
                       OptionalAttr<DictArrayAttr>:$res_attrs);
  let regions = (region AnyRegion:$body);
  let builders = [OpBuilder<(ins "::llvm::StringRef":$name,
                                 "::mlir::FunctionType":$type)>];
  let extraClassDeclaration = [{
    /// FunctionOpInterface.
    ::mlir::Region *getCallableRegion() { return isExternal() ? nullptr : &getBody(); }
    ::llvm::ArrayRef<::mlir::Type> getArgumentTypes() { return getFunctionType().getInputs(); }
    ::llvm::ArrayRef<::mlir::Type> getResultTypes() { return getFunctionType().getResults(); }
    bool isDeclaration() { return isExternal(); }
  }];
  let hasCustomAssemblyFormat = 1;
}

def TT_ReturnOp : TT_Op<"return", [Pure, HasParent<"FuncOp">, ReturnLike,
                                   Terminator]> {
  let summary = "Return from a tt.func";
  let description = [{
    ```mlir
    tt.return
    tt.return %v : i32
    ```
  }];
  let arguments = (ins Variadic<AnyType>:$srcs);
  let builders = [OpBuilder<(ins), [{ build($_builder, $_state, {}); }]>];
  let assemblyFormat = "attr-dict ($srcs^ `:` type($srcs))?";
  let hasVerifier = 1;
}

def TT_CallOp : TT_Op<"call", [CallOpInterface,
    DeclareOpInterfaceMethods<SymbolUserOpInterface>]> {
  let summary = "Call a tt.func";
  let description = [{
    ```mlir
    %r = tt.call @helper(%a) : (i32) -> i32
    ```
  }];
  let arguments = (ins FlatSymbolRefAttr:$callee, Variadic<AnyType>:$operands,
                       OptionalAttr<DictArrayAttr>:$arg_attrs,
                       OptionalAttr<DictArrayAttr>:$res_attrs);
  let results = (outs Variadic<AnyType>);
  let assemblyFormat = [{
    $callee `(` $operands `)` attr-dict `:` functional-type($operands, results)
  }];
  let extraClassDeclaration = [{
    ::mlir::FunctionType getCalleeType() {
      return ::mlir::FunctionType::get(getContext(), getOperandTypes(), getResultTypes());
    }
    ::mlir::CallInterfaceCallable getCallableForCallee() {
      return (*this)->getAttrOfType<::mlir::SymbolRefAttr>("callee");
    }
    void setCalleeFromCallable(::mlir::CallInterfaceCallable callee) {
      (*this)->setAttr("callee", ::llvm::cast<::mlir::SymbolRefAttr>(callee));
    }
    ::mlir::Operation::operand_range getArgOperands() { return getOperands(); }
    ::mlir::MutableOperandRange getArgOperandsMutable() { return getOperandsMutable(); }
  }];
}

//===----------------------------------------------------------------------===//
// Program ids, ranges, shape manipulation
//===----------------------------------------------------------------------===//

def TT_GetProgramIdOp : TT_Op<"get_program_id", [Pure]> {
  let summary = "Index of this program along an axis";
  let description = [{
    ```mlir
    %pid = tt.get_program_id x : i32
    ```
  }];
  let arguments = (ins TT_ProgramDim:$axis);
  let results = (outs I32:$result);
  let assemblyFormat = "$axis attr-dict `:` type($result)";
}

def TT_GetNumProgramsOp : TT_Op<"get_num_programs", [Pure]> {
  let summary = "Number of programs along an axis";
  let description = [{
    ```mlir
    %n = tt.get_num_programs x : i32
    ```
  }];
  let arguments = (ins TT_ProgramDim:$axis);
  let results = (outs I32:$result);
  let assemblyFormat = "$axis attr-dict `:` type($result)";
}

def TT_MakeRangeOp : TT_Op<"make_range", [Pure]> {
  let summary = "The tensor [start, end)";
  let description = [{
    ```mlir
    %r = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #blocked>
    ```
  }];
  let arguments = (ins I32Attr:$start, I32Attr:$end);
  let results = (outs RankedTensorOf<[I32]>:$result);
  let assemblyFormat = "attr-dict `:` type($result)";
  let hasVerifier = 1;
}

def TT_SplatOp : TT_UnaryOp<"splat", AnyType, AnyRankedTensor> {
  let summary = "Broadcast a scalar to a tensor";
  let description = [{
    ```mlir
    %t = tt.splat %x : f32 -> tensor<128x64xf32, #mma>
    ```
  }];
}

def TT_UnsplatOp : TT_Op<"unsplat", [Pure,
    TypesMatchWith<"result is the element type of src", "src", "result",
                   "::mlir::cast<::mlir::RankedTensorType>($_self).getElementType()">]> {
  let summary = "Extract the scalar of a one-element tensor";
  let description = [{
    ```mlir
    %x = tt.unsplat %t : tensor<1x1xf32, #blocked>
    ```
  }];
  let arguments = (ins AnyRankedTensor:$src);
  let results = (outs AnyType:$result);
  let assemblyFormat = "$src attr-dict `:` type($src)";
}

def TT_BroadcastOp : TT_UnaryOp<"broadcast", AnyRankedTensor, AnyRankedTensor,
    [SameOperandsAndResultElementType]> {
  let summary = "Broadcast size-1 dimensions";
  let description = [{
    ```mlir
    %b = tt.broadcast %p : tensor<128x1xf32, #mma> -> tensor<128x64xf32, #mma>
    ```
  }];
}

def TT_ExpandDimsOp : TT_Op<"expand_dims", [Pure,
    SameOperandsAndResultElementType]> {
  let summary = "Insert a size-1 dimension at `axis`";
  let description = [{
    ```mlir
    %e = tt.expand_dims %m {axis = 1 : i32} : tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>> -> tensor<128x1xf32, #mma>
    ```
  }];
  let arguments = (ins AnyRankedTensor:$src, I32Attr:$axis);
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
}

def TT_ReshapeOp : TT_Op<"reshape", [Pure, SameOperandsAndResultElementType]> {
  let summary = "Reshape a tensor";
  let description = [{
    ```mlir
    %r = tt.reshape %x allow_reorder : tensor<64x64xf32, #blocked> -> tensor<4096xf32, #blocked1>
    ```
  }];
  let arguments = (ins AnyRankedTensor:$src, UnitAttr:$allow_reorder,
                       UnitAttr:$efficient_layout);
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat = [{
    $src (`allow_reorder` $allow_reorder^)? (`efficient_layout` $efficient_layout^)?
    attr-dict `:` type($src) `->` type($result)
  }];
}

def TT_TransOp : TT_Op<"trans", [Pure, SameOperandsAndResultElementType]> {
  let summary = "Permute the dimensions of a tensor";
  let description = [{
    ```mlir
    %t = tt.trans %x {order = array<i32: 1, 0>} : tensor<64x32xf16, #blocked> -> tensor<32x64xf16, #blocked1>
    ```
  }];
  let arguments = (ins AnyRankedTensor:$src, DenseI32ArrayAttr:$order);
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
}

def TT_SplitOp : TT_Op<"split", [Pure, AllTypesMatch<["outLHS", "outRHS"]>]> {
  let summary = "Split the last (size-2) dimension into two tensors";
  let description = [{
    ```mlir
    %l, %r = tt.split %x : tensor<64x2xf32, #blocked> -> tensor<64xf32, #blocked1>
    ```
  }];
  let arguments = (ins AnyRankedTensor:$src);
  let results = (outs AnyRankedTensor:$outLHS, AnyRankedTensor:$outRHS);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($outLHS)";
  let hasVerifier = 1;
}

def TT_JoinOp : TT_Op<"join", [Pure, AllTypesMatch<["lhs", "rhs"]>]> {
  let summary = "Join two tensors along a new last dimension";
  let description = [{
    ```mlir
    %j = tt.join %a, %b : tensor<64xf32, #blocked> -> tensor<64x2xf32, #blocked1>
    ```
  }];
  let arguments = (ins AnyRankedTensor:$lhs, AnyRankedTensor:$rhs);
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat = "$lhs `,` $rhs attr-dict `:` type($lhs) `->` type($result)";
}

def TT_CatOp : TT_Op<"cat", [Pure, AllTypesMatch<["lhs", "rhs"]>]> {
  let summary = "Concatenate two tensors";
  let description = [{
    ```mlir
    %c = tt.cat %a, %b : tensor<32xf32, #blocked> -> tensor<64xf32, #blocked>
    ```
  }];
  let arguments = (ins AnyRankedTensor:$lhs, AnyRankedTensor:$rhs);
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat = "$lhs `,` $rhs attr-dict `:` type($lhs) `->` type($result)";
}

def TT_BitcastOp : TT_UnaryOp<"bitcast", AnyType, AnyType> {
  let summary = "Reinterpret bits as another type of the same width";
  let description = [{
    ```mlir
    %b = tt.bitcast %x : tensor<64xf32, #blocked> -> tensor<64xi32, #blocked>
    ```
  }];
}

def TT_IntToPtrOp : TT_UnaryOp<"int_to_ptr", TT_I64Like, TT_PtrLike> {
  let summary = "Integer to pointer";
  let description = [{
    ```mlir
    %p = tt.int_to_ptr %i : i64 -> !tt.ptr<f16>
    ```
  }];
}

def TT_PtrToIntOp : TT_UnaryOp<"ptr_to_int", TT_PtrLike, TT_I64Like> {
  let summary = "Pointer to integer";
  let description = [{
    ```mlir
    %i = tt.ptr_to_int %p : !tt.ptr<f16> -> i64
    ```
  }];
}

def TT_FpToFpOp : TT_Op<"fp_to_fp", [Pure, SameOperandsAndResultShape]> {
  let summary = "Float conversion with an explicit rounding mode";
  let description = [{
    Upstream Triton prints the attribute dictionary before the rounding
    mode; the TLX fork adds `rbits` (random bits for stochastic rounding,
    `rounding = rs`) and prints the dictionary last. Both spellings parse;
    a conversion with `rbits` prints the TLX way.

    ```mlir
    %y = tt.fp_to_fp %x, rounding = rtne : tensor<64xf32, #blocked> -> tensor<64xf8E4M3FN, #blocked>
    %z = tt.fp_to_fp %x, rbits = %r : tensor<64xi32, #blocked>, rounding = rs : tensor<64xf32, #blocked> -> tensor<64xf8E4M3FN, #blocked>
    ```
  }];
  let arguments = (ins TT_FloatLike:$src, Optional<TT_I32Like>:$rbits,
                       OptionalAttr<TT_RoundingModeAttr>:$rounding);
  let results = (outs TT_FloatLike:$result);
  let hasCustomAssemblyFormat = 1;
}

//===----------------------------------------------------------------------===//
// Arithmetic helpers
//===----------------------------------------------------------------------===//

def TT_ClampFOp : TT_Op<"clampf", [Pure, Elementwise,
    SameOperandsAndResultType]> {
  let summary = "Clamp to [min, max], optionally propagating NaN";
  let description = [{
    ```mlir
    %c = tt.clampf %x, %lo, %hi, propagateNan = none : tensor<64xf32, #blocked>
    ```
  }];
  let arguments = (ins TT_FloatLike:$x, TT_FloatLike:$min, TT_FloatLike:$max,
                       TT_PropagateNanAttr:$propagateNan);
  let results = (outs TT_FloatLike:$result);
  let assemblyFormat = [{
    $x `,` $min `,` $max `,` `propagateNan` `=` $propagateNan attr-dict `:` type($result)
  }];
}

def TT_PreciseSqrtOp : TT_Op<"precise_sqrt", [Pure, Elementwise,
    SameOperandsAndResultType]> {
  let summary = "Correctly rounded square root";
  let description = [{
    ```mlir
    %s = tt.precise_sqrt %x : tensor<64xf32, #blocked>
    ```
  }];
  let arguments = (ins TT_FloatLike:$x);
  let results = (outs TT_FloatLike:$result);
  let assemblyFormat = "$x attr-dict `:` type($x)";
}

def TT_PreciseDivFOp : TT_Op<"precise_divf", [Pure, Elementwise,
    SameOperandsAndResultType]> {
  let summary = "Correctly rounded division";
  let description = [{
    ```mlir
    %d = tt.precise_divf %x, %y : tensor<64xf32, #blocked>
    ```
  }];
  let arguments = (ins TT_FloatLike:$x, TT_FloatLike:$y);
  let results = (outs TT_FloatLike:$result);
  let assemblyFormat = "$x `,` $y attr-dict `:` type($x)";
}

def TT_MulhiUIOp : TT_Op<"mulhiui", [Pure, Elementwise,
    SameOperandsAndResultType]> {
  let summary = "High half of an unsigned multiply";
  let description = [{
    ```mlir
    %h = tt.mulhiui %x, %y : tensor<64xi32, #blocked>
    ```
  }];
  let arguments = (ins TT_IntLike:$x, TT_IntLike:$y);
  let results = (outs TT_IntLike:$result);
  let assemblyFormat = "$x `,` $y attr-dict `:` type($x)";
}

//===----------------------------------------------------------------------===//
// Pointers and global memory
//===----------------------------------------------------------------------===//

def TT_AddPtrOp : TT_Op<"addptr", [Pure, Elementwise,
    SameOperandsAndResultShape, AllTypesMatch<["ptr", "result"]>]> {
  let summary = "Advance pointers by element offsets";
  let description = [{
    ```mlir
    %q = tt.addptr %p, %off : tensor<64x!tt.ptr<f16>, #blocked>, tensor<64xi32, #blocked>
    ```
  }];
  let arguments = (ins TT_PtrLike:$ptr, TT_IntLike:$offset);
  let results = (outs TT_PtrLike:$result);
  let assemblyFormat = "$ptr `,` $offset attr-dict `:` type($result) `,` type($offset)";
}

def TT_AdvanceOp : TT_Op<"advance", [Pure,
    TypesMatchWith<"result type matches ptr type", "result", "ptr",
                   "$_self">]> {
  let summary = "Move a block pointer by per-dimension offsets";
  let description = [{
    ```mlir
    %q = tt.advance %p, [%c0_i32, %c64_i32] : <tensor<64x64xf16>>
    ```
  }];
  let arguments = (ins TT_TensorPtr:$ptr, Variadic<I32>:$offsets);
  let results = (outs TT_TensorPtr:$result);
  let assemblyFormat = "$ptr `,` `[` $offsets `]` attr-dict `:` type($result)";
}

def TT_LoadOp : TT_Op<"load", [AttrSizedOperandSegments,
    MemoryEffects<[MemRead<PF_GlobalMemory>]>,
    TypesMatchWith<"result is the pointee of ptr", "ptr", "result",
                   "::proxyfence::tt::getPointeeType($_self)">,
    TypesMatchWith<"mask is i1 of ptr's shape", "ptr", "mask",
                   "::proxyfence::tt::getI1SameShape($_self)",
                   "($_op.getOperands().size() <= 1) || std::equal_to<>()">,
    TypesMatchWith<"other is the pointee of ptr", "ptr", "other",
                   "::proxyfence::tt::getPointeeType($_self)",
                   "($_op.getOperands().size() <= 2) || std::equal_to<>()">]> {
  let summary = "Load from global pointers (optionally masked)";
  let description = [{
    ```mlir
    %x = tt.load %p, %m, %other : tensor<64x!tt.ptr<f16>, #blocked>
    ```
  }];
  let arguments = (ins TT_PtrLike:$ptr, Optional<TT_BoolLike>:$mask,
                       Optional<AnyType>:$other,
                       DefaultValuedAttr<DenseI32ArrayAttr, "{}">:$boundaryCheck,
                       OptionalAttr<TT_PaddingOptionAttr>:$padding,
                       DefaultValuedAttr<TT_CacheModifierAttr,
                         "::proxyfence::tt::CacheModifier::NONE">:$cache,
                       DefaultValuedAttr<TT_EvictionPolicyAttr,
                         "::proxyfence::tt::EvictionPolicy::NORMAL">:$evict,
                       DefaultValuedAttr<BoolAttr, "false">:$isVolatile);
  let results = (outs AnyType:$result);
  let assemblyFormat = [{
    $ptr (`,` $mask^)? (`,` $other^)?
    oilist(`cacheModifier` `=` $cache | `evictionPolicy` `=` $evict)
    attr-dict `:` type($ptr)
  }];
}

def TT_StoreOp : TT_Op<"store", [
    MemoryEffects<[MemWrite<PF_GlobalMemory>]>,
    TypesMatchWith<"value is the pointee of ptr", "ptr", "value",
                   "::proxyfence::tt::getPointeeType($_self)">,
    TypesMatchWith<"mask is i1 of ptr's shape", "ptr", "mask",
                   "::proxyfence::tt::getI1SameShape($_self)",
                   "($_op.getOperands().size() <= 2) || std::equal_to<>()">]> {
  let summary = "Store to global pointers (optionally masked)";
  let description = [{
    ```mlir
    tt.store %p, %x, %m : tensor<64x!tt.ptr<f16>, #blocked>
    ```
  }];
  let arguments = (ins TT_PtrLike:$ptr, AnyType:$value,
                       Optional<TT_BoolLike>:$mask,
                       DefaultValuedAttr<DenseI32ArrayAttr, "{}">:$boundaryCheck,
                       DefaultValuedAttr<TT_CacheModifierAttr,
                         "::proxyfence::tt::CacheModifier::NONE">:$cache,
                       DefaultValuedAttr<TT_EvictionPolicyAttr,
                         "::proxyfence::tt::EvictionPolicy::NORMAL">:$evict);
  let assemblyFormat = [{
    $ptr `,` $value (`,` $mask^)?
    oilist(`cacheModifier` `=` $cache | `evictionPolicy` `=` $evict)
    attr-dict `:` type($ptr)
  }];
}

def TT_AtomicRMWOp : TT_Op<"atomic_rmw", [
    MemoryEffects<[MemRead<PF_GlobalMemory>, MemWrite<PF_GlobalMemory>]>]> {
  let summary = "Atomic read-modify-write on global pointers";
  let description = [{
    ```mlir
    %old = tt.atomic_rmw fadd, acq_rel, gpu, %p, %v, %m : (tensor<64x!tt.ptr<f32>, #blocked>, tensor<64xf32, #blocked>, tensor<64xi1, #blocked>) -> tensor<64xf32, #blocked>
    ```
  }];
  let arguments = (ins TT_RMWOpAttr:$atomic_rmw_op, TT_MemSemanticAttr:$sem,
                       TT_MemSyncScopeAttr:$scope, TT_PtrLike:$ptr,
                       AnyType:$val, Optional<TT_BoolLike>:$mask);
  let results = (outs AnyType:$result);
  let assemblyFormat = [{
    $atomic_rmw_op `,` $sem `,` $scope `,` $ptr `,` $val (`,` $mask^)? attr-dict
    `:` functional-type(operands, $result)
  }];
}

def TT_AtomicCASOp : TT_Op<"atomic_cas", [
    MemoryEffects<[MemRead<PF_GlobalMemory>, MemWrite<PF_GlobalMemory>]>]> {
  let summary = "Atomic compare-and-swap on global pointers";
  let description = [{
    ```mlir
    %old = tt.atomic_cas acq_rel, gpu, %p, %cmp, %v : (!tt.ptr<i32>, i32, i32) -> i32
    ```
  }];
  let arguments = (ins TT_MemSemanticAttr:$sem, TT_MemSyncScopeAttr:$scope,
                       TT_PtrLike:$ptr, AnyType:$cmp, AnyType:$val);
  let results = (outs AnyType:$result);
  let assemblyFormat = [{
    $sem `,` $scope `,` $ptr `,` $cmp `,` $val attr-dict `:`
    functional-type(operands, $result)
  }];
}

//===----------------------------------------------------------------------===//
// Dot, reductions, scans, gathers
//===----------------------------------------------------------------------===//

def TT_DotOp : TT_Op<"dot", [Pure, AllTypesMatch<["c", "d"]>]> {
  let summary = "Matrix multiply-accumulate in registers: d = a * b + c";
  let description = [{
    ```mlir
    %d = tt.dot %a, %b, %c, inputPrecision = tf32 : tensor<64x32xf32, #dota> * tensor<32x64xf32, #dotb> -> tensor<64x64xf32, #mma>
    ```
  }];
  let arguments = (ins AnyRankedTensor:$a, AnyRankedTensor:$b,
                       AnyRankedTensor:$c,
                       DefaultValuedAttr<TT_InputPrecisionAttr,
                         "::proxyfence::tt::InputPrecision::IEEE">:$inputPrecision,
                       DefaultValuedAttr<I32Attr, "0">:$maxNumImpreciseAcc);
  let results = (outs AnyRankedTensor:$d);
  let assemblyFormat = [{
    $a `,` $b `,` $c (`,` `inputPrecision` `=` $inputPrecision^)? attr-dict `:`
    type($a) `*` type($b) `->` type($d)
  }];
}

def TT_DotScaledOp : TT_Op<"dot_scaled", [Pure, AttrSizedOperandSegments,
    AllTypesMatch<["c", "d"]>]> {
  let summary = "Microscaled matrix multiply-accumulate: d = scale(a) * scale(b) + c";
  let description = [{
    `a` and `b` are floats, or fp4 (e2m1) packed in pairs into i8; the
    optional scales apply per block as in the OCP microscaling formats.
    Registers only (tc_gen5_mma_scaled is the shared-memory form).

    ```mlir
    %d = tt.dot_scaled %a scale %as, %b scale %bs, %c lhs = e2m1 rhs = e2m1 {fastMath = false} : tensor<128x32xi8, #blocked>, tensor<128x2xi8, #blocked1> * tensor<32x128xi8, #blocked2>, tensor<128x2xi8, #blocked1> -> tensor<128x128xf32, #blocked3>
    ```
  }];
  let arguments = (ins RankedTensorOf<[TT_Float, I8]>:$a,
                       RankedTensorOf<[TT_Float, I8]>:$b,
                       TT_FloatTensor:$c,
                       Optional<RankedTensorOf<[TT_Float, I8]>>:$a_scale,
                       Optional<RankedTensorOf<[TT_Float, I8]>>:$b_scale,
                       TT_ScaleDotElemTypeAttr:$a_elem_type,
                       TT_ScaleDotElemTypeAttr:$b_elem_type,
                       BoolAttr:$fastMath,
                       DefaultValuedAttr<BoolAttr, "true">:$lhs_k_pack,
                       DefaultValuedAttr<BoolAttr, "true">:$rhs_k_pack);
  let results = (outs TT_FloatTensor:$d);
  let assemblyFormat = [{
    $a (`scale` $a_scale^)? `,` $b (`scale` $b_scale^)? `,` $c
    `lhs` `=` $a_elem_type `rhs` `=` $b_elem_type attr-dict
    `:` type($a) (`,` type($a_scale)^)? `*` type($b) (`,` type($b_scale)^)? `->` type($d)
  }];
}

def TT_ReduceOp : TT_Op<"reduce", [Pure, SingleBlock]> {
  let summary = "Reduce tensors along `axis` with a combine region";
  let description = [{
    Printed in generic form, as Triton does.

    ```mlir
    %m = "tt.reduce"(%x) <{axis = 1 : i32}> ({
    ^bb0(%a: f32, %b: f32):
      %c = arith.maxnumf %a, %b : f32
      tt.reduce.return %c : f32
    }) : (tensor<128x64xf32, #mma>) -> tensor<128xf32, #ttg.slice<{dim = 1, parent = #mma}>>
    ```
  }];
  let arguments = (ins Variadic<AnyRankedTensor>:$srcs, I32Attr:$axis,
                       OptionalAttr<StrAttr>:$reduction_ordering);
  let results = (outs Variadic<AnyType>:$result);
  let regions = (region SizedRegion<1>:$combineOp);
  let hasVerifier = 1;
}

def TT_ReduceReturnOp : TT_Op<"reduce.return", [Pure, HasParent<"ReduceOp">,
    Terminator, ReturnLike]> {
  let summary = "Terminator of the tt.reduce combine region";
  let description = [{
    ```mlir
    tt.reduce.return %c : f32
    ```
  }];
  let arguments = (ins Variadic<AnyType>:$result);
  let assemblyFormat = "$result attr-dict `:` type($result)";
}

def TT_ScanOp : TT_Op<"scan", [Pure, SingleBlock]> {
  let summary = "Inclusive scan along `axis` with a combine region";
  let description = [{
    Printed in generic form, as Triton does.

    ```mlir
    %s = "tt.scan"(%x) <{axis = 0 : i32, reverse = false}> ({
    ^bb0(%a: i32, %b: i32):
      %c = arith.addi %a, %b : i32
      tt.scan.return %c : i32
    }) : (tensor<64xi32, #blocked>) -> tensor<64xi32, #blocked>
    ```
  }];
  let arguments = (ins Variadic<AnyRankedTensor>:$srcs, I32Attr:$axis,
                       BoolAttr:$reverse);
  let results = (outs Variadic<AnyRankedTensor>:$result);
  let regions = (region SizedRegion<1>:$combineOp);
}

def TT_ScanReturnOp : TT_Op<"scan.return", [Pure, HasParent<"ScanOp">,
    Terminator, ReturnLike]> {
  let summary = "Terminator of the tt.scan combine region";
  let description = [{
    ```mlir
    tt.scan.return %c : i32
    ```
  }];
  let arguments = (ins Variadic<AnyType>:$result);
  let assemblyFormat = "$result attr-dict `:` type($result)";
}

def TT_MapElementwiseOp : TT_Op<"map_elementwise", [RecursiveMemoryEffects,
    SameOperandsAndResultShape]> {
  let summary = "Apply a scalar region to each element (in groups of `pack`)";
  let description = [{
    Printed in generic form, as Triton does. Its memory effects are those
    of its body.

    ```mlir
    %r = "tt.map_elementwise"(%x) <{pack = 1 : i32}> ({
    ^bb0(%a: f32):
      %b = arith.addf %a, %a : f32
      tt.map_elementwise.return %b : f32
    }) : (tensor<64xf32, #blocked>) -> tensor<64xf32, #blocked>
    ```
  }];
  let arguments = (ins Variadic<TT_Tensor>:$srcs, I32Attr:$pack);
  let results = (outs Variadic<TT_Tensor>:$result);
  let regions = (region AnyRegion:$scalarOp);
}

def TT_MapElementwiseReturnOp : TT_Op<"map_elementwise.return", [Pure,
    HasParent<"MapElementwiseOp">, Terminator, ReturnLike]> {
  let summary = "Terminator of the tt.map_elementwise region";
  let description = [{
    ```mlir
    tt.map_elementwise.return %b : f32
    ```
  }];
  let arguments = (ins Variadic<AnyType>:$result);
  let assemblyFormat = "attr-dict ($result^ `:` type($result))?";
}

def TT_HistogramOp : TT_Op<"histogram", [Pure,
    TypesMatchWith<"mask is i1 of src's shape", "src", "mask",
                   "::proxyfence::tt::getI1SameShape($_self)",
                   "($_op.getOperands().size() <= 1) || std::equal_to<>()">]> {
  let summary = "Histogram of integer values";
  let description = [{
    ```mlir
    %h = tt.histogram %x : tensor<256xi32, #blocked> -> tensor<16xi32, #blocked1>
    ```
  }];
  let arguments = (ins TT_IntTensor:$src, Optional<TT_BoolLike>:$mask);
  let results = (outs TT_IntTensor:$result);
  let assemblyFormat = [{
    $src (`,` $mask^)? attr-dict `:` type($src) `->` type($result)
  }];
}

def TT_GatherOp : TT_Op<"gather", [Pure]> {
  let summary = "Gather elements of a tensor along `axis`";
  let description = [{
    ```mlir
    %g = tt.gather %src[%idx] {axis = 0 : i32} : (tensor<64xf32, #blocked>, tensor<32xi32, #blocked>) -> tensor<32xf32, #blocked>
    ```
  }];
  let arguments = (ins AnyRankedTensor:$src, AnyRankedTensor:$indices,
                       I32Attr:$axis, UnitAttr:$efficient_layout);
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat = [{
    $src `[` $indices `]` attr-dict `:` functional-type(operands, results)
  }];
}

//===----------------------------------------------------------------------===//
// Tensor descriptors (TMA, before lowering to ttng)
//===----------------------------------------------------------------------===//

def TT_MakeTensorPtrOp : TT_Op<"make_tensor_ptr", [Pure,
    SameVariadicOperandSize,
    TypesMatchWith<"base is a pointer to the block's element type", "result",
                   "base", "::proxyfence::tt::getTensorPointerBase($_self)">]> {
  let summary = "A pointer to a block of a tensor given its shape and strides";
  let description = [{
    A block pointer: the base, the tensor's shape and strides, the block's
    offsets and the dimension order. No memory access.

    ```mlir
    %p = tt.make_tensor_ptr %base, [%m, %n], [%s, %c1_i64], [%c0_i32, %c0_i32] {order = array<i32: 1, 0>} : <tensor<64x64xf16>>
    ```
  }];
  let arguments = (ins TT_Ptr:$base, Variadic<I64>:$shape,
                       Variadic<I64>:$strides, Variadic<I32>:$offsets,
                       DenseI32ArrayAttr:$order);
  let results = (outs TT_TensorPtr:$result);
  let assemblyFormat = [{
    $base `,` `[` $shape `]` `,` `[` $strides `]` `,` `[` $offsets `]` attr-dict `:` type($result)
  }];
}

def TT_MakeTensorDescOp : TT_Op<"make_tensor_descriptor", [
    AttrSizedOperandSegments]> {
  let summary = "Build a tensor descriptor from a base, shape and strides";
  let description = [{
    Without `descPtr` the op is pure (TMA lowering allocates the 128-byte
    descriptor in global scratch); with it (TLX) the descriptor is written
    to `descPtr` in global memory.

    ```mlir
    %d = tt.make_tensor_descriptor %base, [%m, %n], [%s0, %c1_i64] : !tt.ptr<f16>, !tt.tensordesc<tensor<64x64xf16, #shared>>
    %e = tt.make_tensor_descriptor %base, [%m, %n], [%s0, %c1_i64], descPtr = %p : !tt.ptr<i8> : !tt.ptr<f16>, !tt.tensordesc<tensor<64x64xf16, #shared>>
    ```
  }];
  let arguments = (ins TT_Ptr:$base, Variadic<I32>:$shape,
                       Variadic<I64>:$strides,
                       Arg<Optional<TT_Ptr>, "", [MemWrite<PF_GlobalMemory>]>:$descPtr,
                       DefaultValuedAttr<TT_PaddingOptionAttr,
                         "::proxyfence::tt::PaddingOption::PAD_ZERO">:$padding);
  let results = (outs TT_TensorDesc:$result);
  let assemblyFormat = [{
    $base `,` `[` $shape `]` `,` `[` $strides `]`
    (`,` `descPtr` `=` $descPtr^ `:` qualified(type($descPtr)))?
    attr-dict `:` type($base) `,` type($result)
  }];
}

def TT_DescriptorLoadOp : TT_Op<"descriptor_load", [
    MemoryEffects<[MemRead<PF_GlobalMemory>]>]> {
  let summary = "Load a block through a tensor descriptor (TMA load)";
  let description = [{
    Lowered by `--triton-nvidia-tma-lowering` to a TMA copy into shared
    memory followed by `ttg.local_load`.

    ```mlir
    %y = tt.descriptor_load %desc[%i, %j] : !tt.tensordesc<tensor<64x128xf16, #shared>> -> tensor<64x128xf16, #blocked>
    ```
  }];
  let arguments = (ins TT_TensorDesc:$desc, Variadic<I32>:$indices,
                       DefaultValuedAttr<TT_CacheModifierAttr,
                         "::proxyfence::tt::CacheModifier::NONE">:$cache,
                       DefaultValuedAttr<TT_EvictionPolicyAttr,
                         "::proxyfence::tt::EvictionPolicy::NORMAL">:$evict);
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat = [{
    $desc `[` $indices `]`
    oilist(`cacheModifier` `=` $cache | `evictionPolicy` `=` $evict)
    attr-dict `:` qualified(type($desc)) `->` type($result)
  }];
  let hasVerifier = 1;
}

def TT_DescriptorStoreOp : TT_Op<"descriptor_store", [
    MemoryEffects<[MemRead<PF_GlobalMemory>, MemWrite<PF_GlobalMemory>]>]> {
  let summary = "Store a block through a tensor descriptor (TMA store)";
  let description = [{
    ```mlir
    tt.descriptor_store %desc[%i, %j], %v : !tt.tensordesc<tensor<128x128xf16, #shared>>, tensor<128x128xf16, #blocked>
    ```
  }];
  let arguments = (ins TT_TensorDesc:$desc, Variadic<I32>:$indices,
                       AnyRankedTensor:$src,
                       DefaultValuedAttr<TT_DescriptorReduceKindAttr,
                         "::proxyfence::tt::DescriptorReduceKind::NONE">:$reduce_kind);
  let assemblyFormat = [{
    $desc `[` $indices `]` `,` $src
    oilist(`reduce_kind` `=` $reduce_kind)
    attr-dict `:` qualified(type($desc)) `,` type($src)
  }];
  let hasVerifier = 1;
}

def TT_DescriptorReduceOp : TT_Op<"descriptor_reduce", [
    MemoryEffects<[MemRead<PF_GlobalMemory>, MemWrite<PF_GlobalMemory>]>]> {
  let summary = "Reduce a block into global memory through a descriptor";
  let description = [{
    ```mlir
    tt.descriptor_reduce add, %desc[%i, %j], %v : !tt.tensordesc<tensor<64x64xf32, #shared>>, tensor<64x64xf32, #blocked>
    ```
  }];
  let arguments = (ins TT_DescriptorReduceKindAttr:$kind,
                       TT_TensorDesc:$desc, Variadic<I32>:$indices,
                       AnyRankedTensor:$src);
  let assemblyFormat = [{
    $kind `,` $desc `[` $indices `]` `,` $src attr-dict `:`
    qualified(type($desc)) `,` type($src)
  }];
  let hasVerifier = 1;
}

def TT_DescriptorGatherOp : TT_Op<"descriptor_gather", [
    MemoryEffects<[MemRead<PF_GlobalMemory>]>]> {
  let summary = "Gather rows through a tensor descriptor (TMA gather)";
  let description = [{
    ```mlir
    %g = tt.descriptor_gather %desc[%rows, %col] : (!tt.tensordesc<tensor<1x128xbf16, #shared>>, tensor<32xi32, #blocked>, i32) -> tensor<32x128xbf16, #blocked1>
    ```
  }];
  let arguments = (ins TT_TensorDesc:$desc, RankedTensorOf<[I32]>:$x_offsets,
                       I32:$y_offset);
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat = [{
    $desc `[` $x_offsets `,` $y_offset `]` attr-dict `:`
    functional-type(operands, results)
  }];
}

def TT_DescriptorScatterOp : TT_Op<"descriptor_scatter", [
    MemoryEffects<[MemRead<PF_GlobalMemory>, MemWrite<PF_GlobalMemory>]>]> {
  let summary = "Scatter rows through a tensor descriptor (TMA scatter)";
  let description = [{
    ```mlir
    tt.descriptor_scatter %desc[%rows, %col], %v : !tt.tensordesc<tensor<1x128xbf16, #shared>>, tensor<32xi32, #blocked>, i32, tensor<32x128xbf16, #blocked1>
    ```
  }];
  let arguments = (ins TT_TensorDesc:$desc, RankedTensorOf<[I32]>:$x_offsets,
                       I32:$y_offset, AnyRankedTensor:$src);
  let assemblyFormat = [{
    $desc `[` $x_offsets `,` $y_offset `]` `,` $src attr-dict `:` type(operands)
  }];
}

//===----------------------------------------------------------------------===//
// Debugging and escapes
//===----------------------------------------------------------------------===//

def TT_PrintOp : TT_Op<"print", [MemoryEffects<[MemWrite<PF_GlobalMemory>]>]> {
  let summary = "Device-side print";
  let description = [{
    ```mlir
    tt.print " x: " {hex = false, isSigned = array<i32: 1>} : %x : tensor<64xi32, #blocked>
    ```
  }];
  let arguments = (ins StrAttr:$prefix, BoolAttr:$hex,
                       Variadic<AnyType>:$args, DenseI32ArrayAttr:$isSigned);
  let assemblyFormat = [{
    $prefix attr-dict (`:` $args^ `:` type($args))?
  }];
}

def TT_AssertOp : TT_Op<"assert", [MemoryEffects<[MemWrite<PF_GlobalMemory>]>]> {
  let summary = "Device-side assertion";
  let description = [{
    ```mlir
    tt.assert %c, "x must be positive" : tensor<64xi1, #blocked>
    ```
  }];
  let arguments = (ins AnyType:$condition, StrAttr:$message);
  let assemblyFormat = "$condition `,` $message attr-dict `:` type($condition)";
}

def TT_ElementwiseInlineAsmOp : TT_Op<"elementwise_inline_asm", [Elementwise,
    MemoryEffects<[MemRead<PF_GlobalMemory>, MemWrite<PF_GlobalMemory>,
                   MemRead<PF_SharedMemory>, MemWrite<PF_SharedMemory>]>]> {
  let summary = "Inline PTX applied elementwise (opaque to proxyfence)";
  let description = [{
    Treated as touching any memory: the checker reports it as unknown.

    ```mlir
    %r = tt.elementwise_inline_asm "mov.b32 $0, $1;" {constraints = "=r,r", packed_element = 1 : i32, pure = true} %x : tensor<64xi32, #blocked> -> tensor<64xi32, #blocked>
    ```
  }];
  let arguments = (ins StrAttr:$asm_string, StrAttr:$constraints, BoolAttr:$pure,
                       I32Attr:$packed_element, Variadic<AnyType>:$args);
  let results = (outs Variadic<AnyType>:$result);
  let assemblyFormat = [{
    $asm_string attr-dict ($args^ `:` type($args))? `->` type($result)
  }];
}

def TT_ExternElementwiseOp : TT_Op<"extern_elementwise", [Elementwise,
    Pure]> {
  let summary = "Call of an external elementwise function (libdevice)";
  let description = [{
    ```mlir
    %r = tt.extern_elementwise %x {libname = "", libpath = "", pure = true, symbol = "__nv_expf"} : (tensor<64xf32, #blocked>) -> tensor<64xf32, #blocked>
    ```
  }];
  let arguments = (ins Variadic<AnyType>:$srcs, StrAttr:$libname,
                       StrAttr:$libpath, StrAttr:$symbol, BoolAttr:$pure);
  let results = (outs AnyType:$result);
  let assemblyFormat = "operands attr-dict `:` functional-type(operands, $result)";
}

#endif // PROXYFENCE_DIALECT_TRITON_TRITONOPS_TD
