//===- Dialect.cpp - the nvws dialect -----------------------------------===//
//
// Registration, the aref type, verifiers and nvws.warp_group's syntax.
//
//===----------------------------------------------------------------------===//

#include "proxyfence/Dialect/NVWS/IR/Dialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/IR/OpImplementation.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace proxyfence;
using namespace proxyfence::nvws;

#include "proxyfence/Dialect/NVWS/IR/NVWSDialect.cpp.inc"
#include "proxyfence/Dialect/NVWS/IR/NVWSEnums.cpp.inc"

#define GET_TYPEDEF_CLASSES
#include "proxyfence/Dialect/NVWS/IR/NVWSTypes.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "proxyfence/Dialect/NVWS/IR/NVWSAttrDefs.cpp.inc"

#define GET_OP_CLASSES
#include "proxyfence/Dialect/NVWS/IR/NVWSOps.cpp.inc"

void NVWSDialect::initialize() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "proxyfence/Dialect/NVWS/IR/NVWSTypes.cpp.inc"
      >();
  addAttributes<
#define GET_ATTRDEF_LIST
#include "proxyfence/Dialect/NVWS/IR/NVWSAttrDefs.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "proxyfence/Dialect/NVWS/IR/NVWSOps.cpp.inc"
      >();
}

//===----------------------------------------------------------------------===//
// !nvws.aref
//===----------------------------------------------------------------------===//

LogicalResult
ArefType::verify(function_ref<InFlightDiagnostic()> emitError,
                 ArrayAttr baseType) {
  for (Attribute element : baseType)
    if (!isa<TypeAttr>(element))
      return emitError() << "!nvws.aref wraps a list of types, not "
                         << element;
  return success();
}

SmallVector<Type> proxyfence::nvws::getArefBaseTypes(ArefType aref) {
  return llvm::map_to_vector(aref.getBaseType(), [](Attribute element) {
    return cast<TypeAttr>(element).getValue();
  });
}

//===----------------------------------------------------------------------===//
// Aref ops: the checks Triton 3.6 makes, no more
//===----------------------------------------------------------------------===//

LogicalResult ArefCreateOp::verify() {
  SmallVector<Type> baseTypes = getArefBaseTypes(getResult().getType());
  std::optional<int64_t> stages;
  for (Type type : baseTypes) {
    auto memdesc = cast<ttg::MemDescType>(type);
    if (memdesc.getShape().empty())
      return emitOpError("an aref buffer needs a leading stage dimension");
    if (stages && *stages != memdesc.getShape()[0])
      return emitOpError("the leading (stage) dimensions of the buffers "
                         "differ");
    stages = memdesc.getShape()[0];
  }
  return success();
}

/// A stage of `base` is `base` less its leading dimension.
static LogicalResult verifyStageViews(Operation *op, ArefType aref,
                                      TypeRange views) {
  SmallVector<Type> baseTypes = getArefBaseTypes(aref);
  if (baseTypes.size() != views.size())
    return op->emitOpError("returns ")
           << views.size() << " buffers for an aref of " << baseTypes.size();
  for (auto [base, view] : llvm::zip(baseTypes, views)) {
    auto baseDesc = dyn_cast<ttg::MemDescType>(base);
    auto viewDesc = dyn_cast<ttg::MemDescType>(view);
    if (!baseDesc || !viewDesc)
      return op->emitOpError("aref stages are memory descriptors");
    if (baseDesc.getElementType() != viewDesc.getElementType() ||
        baseDesc.getShape().size() != viewDesc.getShape().size() + 1 ||
        baseDesc.getShape().drop_front() != viewDesc.getShape())
      return op->emitOpError("buffer ")
             << view << " is not one stage of " << base;
  }
  return success();
}

LogicalResult ArefPutEnterOp::verify() {
  return verifyStageViews(*this, getAref().getType(),
                          getBuffers().getTypes());
}

LogicalResult ArefGetEnterOp::verify() {
  return verifyStageViews(*this, getAref().getType(),
                          getBuffers().getTypes());
}

//===----------------------------------------------------------------------===//
// nvws.warp_group
//===----------------------------------------------------------------------===//

LogicalResult WarpGroupOp::verify() {
  if (getNumWarps().size() != getPartitionRegions().size())
    return emitOpError("has ")
           << getPartitionRegions().size() << " partitions but "
           << getNumWarps().size() << " warp counts";
  if (getPartitionRegions().empty())
    return success();
  Operation *yield = getPartitionRegions().front().back().getTerminator();
  if (yield && TypeRange(yield->getOperands()) != getResultTypes())
    return emitOpError("results must be what the first partition yields");
  return success();
}

/// `nvws.warp_group attributes {..}? (partitionN num_warps(W) region)+`.
/// Triton prints no result types; they are those the first partition's
/// nvws.warp_group.yield returns (Triton's own parser cannot read a
/// warp_group with results back; this one can).
ParseResult WarpGroupOp::parse(OpAsmParser &parser, OperationState &result) {
  if (parser.parseOptionalAttrDictWithKeyword(result.attributes))
    return failure();
  SmallVector<int32_t> numWarps;
  for (unsigned index = 0;; ++index) {
    if (failed(parser.parseOptionalKeyword(
            ("partition" + Twine(index)).str())))
      break;
    int32_t warps;
    Region *region = result.addRegion();
    if (parser.parseKeyword("num_warps") || parser.parseLParen() ||
        parser.parseInteger(warps) || parser.parseRParen() ||
        parser.parseRegion(*region))
      return failure();
    numWarps.push_back(warps);
  }
  result.addAttribute(getNumWarpsAttrName(result.name),
                      parser.getBuilder().getDenseI32ArrayAttr(numWarps));
  if (!result.regions.empty() && !result.regions.front()->empty()) {
    Block &block = result.regions.front()->back();
    if (!block.empty())
      if (auto yield = dyn_cast<WarpGroupYieldOp>(block.back()))
        result.addTypes(yield.getValues().getTypes());
  }
  return success();
}

void WarpGroupOp::print(OpAsmPrinter &printer) {
  printer.printOptionalAttrDictWithKeyword((*this)->getAttrs(),
                                           {getNumWarpsAttrName()});
  for (auto [index, region] : llvm::enumerate(getPartitionRegions())) {
    printer.printNewline();
    printer << "partition" << index << " num_warps("
            << getNumWarps()[index] << ") ";
    printer.printRegion(region, /*printEntryBlockArgs=*/false);
  }
}
