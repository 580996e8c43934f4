//===- Dialect.cpp - the tt dialect and its types -----------------------===//
//
// Registration of the tt dialect, and the parsers and printers of !tt.ptr
// and !tt.tensordesc (both spellings of the latter).
//
//===----------------------------------------------------------------------===//

#include "proxyfence/Dialect/Triton/IR/Dialect.h"

#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace proxyfence::tt;

#include "proxyfence/Dialect/Triton/IR/TritonDialect.cpp.inc"
#include "proxyfence/Dialect/Triton/IR/TritonEnums.cpp.inc"

#define GET_TYPEDEF_CLASSES
#include "proxyfence/Dialect/Triton/IR/TritonTypes.cpp.inc"

void TritonDialect::initialize() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "proxyfence/Dialect/Triton/IR/TritonTypes.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "proxyfence/Dialect/Triton/IR/TritonOps.cpp.inc"
      >();
}

//===----------------------------------------------------------------------===//
// !tt.ptr<T[, addrspace]>
//===----------------------------------------------------------------------===//

Type PointerType::parse(AsmParser &parser) {
  Type pointee;
  if (parser.parseLess() || parser.parseType(pointee))
    return {};
  int addressSpace = 1;
  if (succeeded(parser.parseOptionalComma()) &&
      parser.parseInteger(addressSpace))
    return {};
  if (parser.parseGreater())
    return {};
  return PointerType::get(pointee, addressSpace);
}

void PointerType::print(AsmPrinter &printer) const {
  printer << "<" << getPointeeType();
  if (getAddressSpace() != 1)
    printer << ", " << getAddressSpace();
  printer << ">";
}

//===----------------------------------------------------------------------===//
// !tt.tensordesc<tensor<...>> (3.6) and !tt.tensordesc<64x64xf16, #enc>
//===----------------------------------------------------------------------===//

Type TensorDescType::parse(AsmParser &parser) {
  if (parser.parseLess())
    return {};
  SMLoc loc = parser.getCurrentLocation();
  RankedTensorType blockType;
  if (succeeded(parser.parseOptionalKeyword("tensor"))) {
    // Triton 3.6: the block is a full tensor type.
    SmallVector<int64_t> shape;
    Type elementType;
    Attribute encoding;
    if (parser.parseLess() ||
        parser.parseDimensionList(shape, /*allowDynamic=*/false) ||
        parser.parseType(elementType))
      return {};
    if (succeeded(parser.parseOptionalComma()) &&
        parser.parseAttribute(encoding))
      return {};
    if (parser.parseGreater())
      return {};
    blockType = RankedTensorType::get(shape, elementType, encoding);
  } else {
    // Newer Triton: shape, element type and optional layout, inline.
    SmallVector<int64_t> shape;
    Type elementType;
    Attribute encoding;
    if (parser.parseDimensionList(shape, /*allowDynamic=*/false) ||
        parser.parseType(elementType))
      return {};
    if (succeeded(parser.parseOptionalComma()) &&
        parser.parseAttribute(encoding))
      return {};
    blockType = RankedTensorType::get(shape, elementType, encoding);
  }
  if (parser.parseGreater())
    return {};
  if (blockType.getRank() == 0) {
    parser.emitError(loc, "tensor descriptor block must have rank >= 1");
    return {};
  }
  return TensorDescType::get(parser.getContext(), blockType);
}

void TensorDescType::print(AsmPrinter &printer) const {
  printer << "<" << getBlockType() << ">";
}

namespace proxyfence::tt {

Type getPointeeType(Type type) {
  if (auto tensor = dyn_cast<RankedTensorType>(type)) {
    auto ptr = dyn_cast<PointerType>(tensor.getElementType());
    if (!ptr)
      return {};
    return RankedTensorType::get(tensor.getShape(), ptr.getPointeeType(),
                                 tensor.getEncoding());
  }
  if (auto ptr = dyn_cast<PointerType>(type))
    return ptr.getPointeeType();
  return {};
}

Type getTensorPointerBase(Type type) {
  auto pointer = cast<PointerType>(type);
  auto block = cast<RankedTensorType>(pointer.getPointeeType());
  return PointerType::get(block.getElementType(), pointer.getAddressSpace());
}

Type getI1SameShape(Type type) {
  auto i1 = IntegerType::get(type.getContext(), 1);
  if (auto tensor = dyn_cast<RankedTensorType>(type))
    return RankedTensorType::get(tensor.getShape(), i1, tensor.getEncoding());
  return i1;
}

} // namespace proxyfence::tt
