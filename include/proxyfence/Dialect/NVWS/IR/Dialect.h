//===- Dialect.h - the nvws dialect -----------------------------*- C++ -*-===//
//
// Declarations of the nvws dialect: the aref type, the async-op enum and
// the aref, warp-group and descriptor ops.
//
//===----------------------------------------------------------------------===//

#ifndef PROXYFENCE_DIALECT_NVWS_IR_DIALECT_H
#define PROXYFENCE_DIALECT_NVWS_IR_DIALECT_H

#include "proxyfence/Dialect/TritonGPU/IR/Dialect.h"

#include "mlir/Interfaces/ControlFlowInterfaces.h"

#include "proxyfence/Dialect/NVWS/IR/NVWSDialect.h.inc"
#include "proxyfence/Dialect/NVWS/IR/NVWSEnums.h.inc"

#define GET_TYPEDEF_CLASSES
#include "proxyfence/Dialect/NVWS/IR/NVWSTypes.h.inc"

namespace proxyfence::nvws {
/// The types an aref wraps, in order.
llvm::SmallVector<mlir::Type> getArefBaseTypes(ArefType aref);
} // namespace proxyfence::nvws

#define GET_ATTRDEF_CLASSES
#include "proxyfence/Dialect/NVWS/IR/NVWSAttrDefs.h.inc"

#define GET_OP_CLASSES
#include "proxyfence/Dialect/NVWS/IR/NVWSOps.h.inc"

#endif // PROXYFENCE_DIALECT_NVWS_IR_DIALECT_H
