//===- Dialect.cpp - the ttng dialect and its attributes ----------------===//
//
// Registration and the tensor-memory attributes (#tmem, #tmem_scales).
//
//===----------------------------------------------------------------------===//

#include "proxyfence/Dialect/TritonNvidiaGPU/IR/Dialect.h"

#include "proxyfence/Support/AttrAliases.h"

#include "mlir/IR/DialectImplementation.h"
#include "mlir/IR/OpImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace proxyfence;
using namespace proxyfence::ttng;

#include "proxyfence/Dialect/TritonNvidiaGPU/IR/TritonNvidiaGPUDialect.cpp.inc"
#include "proxyfence/Dialect/TritonNvidiaGPU/IR/TritonNvidiaGPUEnums.cpp.inc"

#define GET_TYPEDEF_CLASSES
#include "proxyfence/Dialect/TritonNvidiaGPU/IR/TritonNvidiaGPUTypes.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "proxyfence/Dialect/TritonNvidiaGPU/IR/TritonNvidiaGPUAttrDefs.cpp.inc"

/// The alias names of the tensor-memory layouts, as Triton prints them.
static StringRef getTensorMemoryAlias(Attribute attr) {
  if (isa<TensorMemoryEncodingAttr>(attr))
    return "tmem";
  if (isa<TensorMemoryScalesEncodingAttr>(attr))
    return "tmem_scales";
  return {};
}

void TritonNvidiaGPUDialect::initialize() {
  registerAttributes();
  addTypes<
#define GET_TYPEDEF_LIST
#include "proxyfence/Dialect/TritonNvidiaGPU/IR/TritonNvidiaGPUTypes.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "proxyfence/Dialect/TritonNvidiaGPU/IR/TritonNvidiaGPUOps.cpp.inc"
      >();
  addInterfaces<AttrAliasInterface<getTensorMemoryAlias>>();
}

void TritonNvidiaGPUDialect::registerAttributes() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "proxyfence/Dialect/TritonNvidiaGPU/IR/TritonNvidiaGPUAttrDefs.cpp.inc"
      >();
}

//===----------------------------------------------------------------------===//
// #ttng.barrier_annotation
//===----------------------------------------------------------------------===//

/// `<key = value, ...>`: a value is an attribute or a bare keyword, kept as
/// a FlatSymbolRefAttr so that it prints back without quotes.
Attribute BarrierAnnotationAttr::parse(AsmParser &parser, Type) {
  SmallVector<NamedAttribute> fields;
  if (parser.parseLess())
    return {};
  if (succeeded(parser.parseOptionalGreater()))
    return get(parser.getContext(), fields);
  do {
    std::string key;
    if (parser.parseKeywordOrString(&key) || parser.parseEqual())
      return {};
    Attribute value;
    StringRef keyword;
    if (succeeded(parser.parseOptionalKeyword(&keyword)))
      value = FlatSymbolRefAttr::get(parser.getContext(), keyword);
    else if (parser.parseAttribute(value))
      return {};
    fields.push_back(
        NamedAttribute(StringAttr::get(parser.getContext(), key), value));
  } while (succeeded(parser.parseOptionalComma()));
  if (parser.parseGreater())
    return {};
  return get(parser.getContext(), fields);
}

void BarrierAnnotationAttr::print(AsmPrinter &printer) const {
  printer << "<";
  llvm::interleaveComma(getFields(), printer, [&](NamedAttribute field) {
    printer << field.getName().getValue() << " = ";
    Attribute value = field.getValue();
    if (auto keyword = dyn_cast<FlatSymbolRefAttr>(value))
      printer << keyword.getValue();
    else if (auto integer = dyn_cast<IntegerAttr>(value);
             integer && integer.getType().isInteger(64))
      printer << integer.getValue(); // an untyped integer, as written
    else
      printer.printAttribute(value);
  });
  printer << ">";
}
