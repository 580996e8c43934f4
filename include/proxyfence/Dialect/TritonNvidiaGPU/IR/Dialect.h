//===- Dialect.h - the ttng dialect -----------------------------*- C++ -*-===//
//
// Declarations of the ttng dialect: tensor-memory attributes and the TMA,
// mbarrier, wgmma, tcgen05 and fence ops.
//
//===----------------------------------------------------------------------===//

#ifndef PROXYFENCE_DIALECT_TRITONNVIDIAGPU_IR_DIALECT_H
#define PROXYFENCE_DIALECT_TRITONNVIDIAGPU_IR_DIALECT_H

#include "proxyfence/Dialect/TritonGPU/IR/Dialect.h"

#include "mlir/Interfaces/ViewLikeInterface.h"

#include "proxyfence/Dialect/TritonNvidiaGPU/IR/TritonNvidiaGPUDialect.h.inc"
#include "proxyfence/Dialect/TritonNvidiaGPU/IR/TritonNvidiaGPUEnums.h.inc"

#define GET_TYPEDEF_CLASSES
#include "proxyfence/Dialect/TritonNvidiaGPU/IR/TritonNvidiaGPUTypes.h.inc"

#define GET_ATTRDEF_CLASSES
#include "proxyfence/Dialect/TritonNvidiaGPU/IR/TritonNvidiaGPUAttrDefs.h.inc"

#define GET_OP_CLASSES
#include "proxyfence/Dialect/TritonNvidiaGPU/IR/TritonNvidiaGPUOps.h.inc"

#endif // PROXYFENCE_DIALECT_TRITONNVIDIAGPU_IR_DIALECT_H
