//===- Ops.cpp - tt ops -------------------------------------------------===//
//
// Custom syntax of tt.func, and the verifiers of tt ops.
//
//===----------------------------------------------------------------------===//

#include "proxyfence/Dialect/Triton/IR/Dialect.h"

#include "mlir/Interfaces/FunctionImplementation.h"

using namespace mlir;
using namespace proxyfence::tt;

#define GET_OP_CLASSES
#include "proxyfence/Dialect/Triton/IR/TritonOps.cpp.inc"

//===----------------------------------------------------------------------===//
// tt.func
//===----------------------------------------------------------------------===//

void FuncOp::build(OpBuilder &builder, OperationState &state, StringRef name,
                   FunctionType type) {
  state.addAttribute(SymbolTable::getSymbolAttrName(),
                     builder.getStringAttr(name));
  state.addAttribute(getFunctionTypeAttrName(state.name), TypeAttr::get(type));
  state.addRegion();
}

ParseResult FuncOp::parse(OpAsmParser &parser, OperationState &result) {
  auto buildFuncType = [](Builder &builder, ArrayRef<Type> argTypes,
                          ArrayRef<Type> results,
                          function_interface_impl::VariadicFlag,
                          std::string &) {
    return builder.getFunctionType(argTypes, results);
  };
  return function_interface_impl::parseFunctionOp(
      parser, result, /*allowVariadic=*/false,
      getFunctionTypeAttrName(result.name), buildFuncType,
      getArgAttrsAttrName(result.name), getResAttrsAttrName(result.name));
}

//===----------------------------------------------------------------------===//
// tt.fp_to_fp
//===----------------------------------------------------------------------===//

/// `$src attr-dict? (, rbits = %r : T)? (, rounding = M)? attr-dict? : S -> D`.
ParseResult FpToFpOp::parse(OpAsmParser &parser, OperationState &result) {
  OpAsmParser::UnresolvedOperand src, rbits;
  Type rbitsType;
  bool hasRbits = false;
  if (parser.parseOperand(src) ||
      parser.parseOptionalAttrDict(result.attributes))
    return failure();
  while (succeeded(parser.parseOptionalComma())) {
    StringRef key;
    SMLoc keyLoc = parser.getCurrentLocation();
    if (parser.parseKeyword(&key) || parser.parseEqual())
      return failure();
    if (key == "rbits") {
      if (parser.parseOperand(rbits) || parser.parseColonType(rbitsType))
        return failure();
      hasRbits = true;
    } else if (key == "rounding") {
      StringRef mode;
      SMLoc modeLoc = parser.getCurrentLocation();
      if (parser.parseKeyword(&mode))
        return failure();
      std::optional<RoundingMode> rounding = symbolizeRoundingMode(mode);
      if (!rounding)
        return parser.emitError(modeLoc, "unknown rounding mode '")
               << mode << "'";
      result.addAttribute(getRoundingAttrName(result.name),
                          RoundingModeAttr::get(parser.getContext(),
                                                *rounding));
    } else {
      return parser.emitError(keyLoc, "expected 'rbits' or 'rounding'");
    }
  }
  Type srcType, resultType;
  if (parser.parseOptionalAttrDict(result.attributes) || parser.parseColon() ||
      parser.parseType(srcType) || parser.parseArrow() ||
      parser.parseType(resultType) ||
      parser.resolveOperand(src, srcType, result.operands))
    return failure();
  if (hasRbits &&
      parser.resolveOperand(rbits, rbitsType, result.operands))
    return failure();
  result.addTypes(resultType);
  return success();
}

void FpToFpOp::print(OpAsmPrinter &printer) {
  printer << " " << getSrc();
  SmallVector<StringRef> elided{getRoundingAttrName()};
  if (!getRbits())
    printer.printOptionalAttrDict((*this)->getAttrs(), elided);
  if (Value rbits = getRbits())
    printer << ", rbits = " << rbits << " : " << rbits.getType();
  if (auto rounding = getRoundingAttr())
    printer << ", rounding = " << stringifyRoundingMode(rounding.getValue());
  if (getRbits())
    printer.printOptionalAttrDict((*this)->getAttrs(), elided);
  printer << " : " << getSrc().getType() << " -> " << getResult().getType();
}

void FuncOp::print(OpAsmPrinter &printer) {
  function_interface_impl::printFunctionOp(
      printer, *this, /*isVariadic=*/false, getFunctionTypeAttrName(),
      getArgAttrsAttrName(), getResAttrsAttrName());
}

//===----------------------------------------------------------------------===//
// tt.return, tt.call
//===----------------------------------------------------------------------===//

LogicalResult ReturnOp::verify() {
  auto function = cast<FuncOp>((*this)->getParentOp());
  ArrayRef<Type> results = function.getResultTypes();
  if (getNumOperands() != results.size())
    return emitOpError("has ")
           << getNumOperands() << " operands, but enclosing function (@"
           << function.getName() << ") returns " << results.size();
  for (auto [index, pair] : llvm::enumerate(llvm::zip(getOperandTypes(), results)))
    if (std::get<0>(pair) != std::get<1>(pair))
      return emitOpError("type of return operand ")
             << index << " (" << std::get<0>(pair)
             << ") doesn't match function result type (" << std::get<1>(pair)
             << ") in function @" << function.getName();
  return success();
}

LogicalResult CallOp::verifySymbolUses(SymbolTableCollection &symbolTable) {
  auto callee = symbolTable.lookupNearestSymbolFrom<FuncOp>(*this, getCalleeAttr());
  if (!callee)
    return emitOpError("'") << getCallee()
                            << "' does not reference a valid tt.func";
  FunctionType type = callee.getFunctionType();
  if (!llvm::equal(type.getInputs(), getOperandTypes()) ||
      !llvm::equal(type.getResults(), getResultTypes()))
    return emitOpError("operand or result types do not match callee @")
           << getCallee() << " of type " << type;
  return success();
}

//===----------------------------------------------------------------------===//
// Shape ops
//===----------------------------------------------------------------------===//

LogicalResult MakeRangeOp::verify() {
  int64_t start = getStartAttr().getInt(), end = getEndAttr().getInt();
  if (end <= start)
    return emitOpError("end (") << end << ") must be greater than start ("
                                << start << ")";
  auto type = getResult().getType();
  if (type.getRank() != 1 || type.getDimSize(0) != end - start)
    return emitOpError("result must be a 1-d tensor of ")
           << end - start << " elements";
  return success();
}

LogicalResult SplitOp::verify() {
  auto src = getSrc().getType();
  if (src.getRank() == 0 || src.getShape().back() != 2)
    return emitOpError("source's last dimension must be 2");
  auto out = getOutLHS().getType();
  if (out.getShape() != src.getShape().drop_back())
    return emitOpError("results must have the source's shape without its "
                       "last dimension");
  return success();
}

LogicalResult ReduceOp::verify() {
  if (getSrcs().empty())
    return emitOpError("needs at least one operand");
  auto type = cast<RankedTensorType>(getSrcs().front().getType());
  int64_t axis = getAxisAttr().getInt();
  if (axis < 0 || axis >= type.getRank())
    return emitOpError("axis ") << axis << " out of range for rank "
                                << type.getRank();
  Block &body = getCombineOp().front();
  if (body.getNumArguments() != 2 * getSrcs().size())
    return emitOpError("combine region must take ")
           << 2 * getSrcs().size() << " arguments";
  return success();
}

//===----------------------------------------------------------------------===//
// Descriptor ops
//===----------------------------------------------------------------------===//

/// The block of `desc` and the tensor moved through it agree, as Triton
/// checks them: the same element type up to signedness (a descriptor of
/// ui8 moves i8), and the same shape once leading unit dimensions of the
/// block are dropped (a rank-reducing load). Triton does not count the
/// indices, so neither do we.
static LogicalResult verifyDescriptorAccess(Operation *op, Type descType,
                                            RankedTensorType tensor) {
  auto block = cast<TensorDescType>(descType).getBlockType();
  auto signless = [](Type type) -> Type {
    if (auto integer = dyn_cast<IntegerType>(type))
      return IntegerType::get(type.getContext(), integer.getWidth());
    return type;
  };
  if (signless(block.getElementType()) != signless(tensor.getElementType()))
    return op->emitOpError("element type ")
           << tensor.getElementType()
           << " does not match the descriptor's " << block.getElementType();
  ArrayRef<int64_t> blockShape = block.getShape();
  ArrayRef<int64_t> tensorShape = tensor.getShape();
  if (blockShape.size() > tensorShape.size()) {
    ArrayRef<int64_t> dropped =
        blockShape.take_front(blockShape.size() - tensorShape.size());
    if (llvm::any_of(dropped, [](int64_t dim) { return dim != 1; }))
      return op->emitOpError("a rank-reducing access may drop only leading "
                             "dimensions of size 1 of the descriptor block");
    blockShape = blockShape.take_back(tensorShape.size());
  }
  if (blockShape != tensorShape)
    return op->emitOpError("tensor shape does not match the descriptor "
                           "block");
  return success();
}

LogicalResult DescriptorLoadOp::verify() {
  return verifyDescriptorAccess(*this, getDesc().getType(),
                                getResult().getType());
}

LogicalResult DescriptorStoreOp::verify() {
  return verifyDescriptorAccess(*this, getDesc().getType(),
                                getSrc().getType());
}

LogicalResult DescriptorReduceOp::verify() {
  return verifyDescriptorAccess(*this, getDesc().getType(),
                                getSrc().getType());
}

//===----------------------------------------------------------------------===//
// tt.make_tensor_descriptor
//===----------------------------------------------------------------------===//

