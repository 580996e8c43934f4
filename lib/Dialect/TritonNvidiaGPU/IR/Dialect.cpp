//===- Dialect.cpp - the ttng dialect and its attributes ----------------===//
//
// Registration and the tensor-memory attributes (#tmem, #tmem_scales).
//
//===----------------------------------------------------------------------===//

#include "proxyfence/Dialect/TritonNvidiaGPU/IR/Dialect.h"

#include "mlir/IR/DialectImplementation.h"
#include "mlir/IR/OpImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace proxyfence;
using namespace proxyfence::ttng;

#include "proxyfence/Dialect/TritonNvidiaGPU/IR/TritonNvidiaGPUDialect.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "proxyfence/Dialect/TritonNvidiaGPU/IR/TritonNvidiaGPUAttrDefs.cpp.inc"

namespace {
struct TritonNvidiaGPUOpAsmInterface : public OpAsmDialectInterface {
  using OpAsmDialectInterface::OpAsmDialectInterface;

  AliasResult getAlias(Attribute attr, raw_ostream &os) const override {
    if (isa<TensorMemoryEncodingAttr>(attr))
      os << "tmem";
    else if (isa<TensorMemoryScalesEncodingAttr>(attr))
      os << "tmem_scales";
    else
      return AliasResult::NoAlias;
    return AliasResult::FinalAlias;
  }
};
} // namespace

void TritonNvidiaGPUDialect::initialize() {
  registerAttributes();
  addOperations<
#define GET_OP_LIST
#include "proxyfence/Dialect/TritonNvidiaGPU/IR/TritonNvidiaGPUOps.cpp.inc"
      >();
  addInterfaces<TritonNvidiaGPUOpAsmInterface>();
}

void TritonNvidiaGPUDialect::registerAttributes() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "proxyfence/Dialect/TritonNvidiaGPU/IR/TritonNvidiaGPUAttrDefs.cpp.inc"
      >();
}
