//===- Dialect.cpp - the nvg dialect -------------------------------------===//
//
// Registration of the nvg dialect; its ops are declared in NVGPUOps.td,
// syntax and effects included.
//
//===----------------------------------------------------------------------===//

#include "proxyfence/Dialect/NVGPU/IR/Dialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/IR/OpImplementation.h"

using namespace mlir;
using namespace proxyfence;
using namespace proxyfence::nvg;

#include "proxyfence/Dialect/NVGPU/IR/NVGPUDialect.cpp.inc"
#include "proxyfence/Dialect/NVGPU/IR/NVGPUEnums.cpp.inc"

#define GET_OP_CLASSES
#include "proxyfence/Dialect/NVGPU/IR/NVGPUOps.cpp.inc"

void NVGDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "proxyfence/Dialect/NVGPU/IR/NVGPUOps.cpp.inc"
      >();
}
