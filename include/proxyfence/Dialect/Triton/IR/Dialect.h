//===- Dialect.h - the tt dialect -------------------------------*- C++ -*-===//
//
// Declarations of the tt dialect, its types and ops.
//
//===----------------------------------------------------------------------===//

#ifndef PROXYFENCE_DIALECT_TRITON_IR_DIALECT_H
#define PROXYFENCE_DIALECT_TRITON_IR_DIALECT_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "proxyfence/Interfaces/ProxyAccess.h"

#include "proxyfence/Dialect/Triton/IR/TritonDialect.h.inc"
#include "proxyfence/Dialect/Triton/IR/TritonEnums.h.inc"

#define GET_TYPEDEF_CLASSES
#include "proxyfence/Dialect/Triton/IR/TritonTypes.h.inc"

namespace proxyfence::tt {
/// The pointee of a pointer, or the tensor of pointees of a tensor of
/// pointers (same shape and encoding).
mlir::Type getPointeeType(mlir::Type type);
/// i1, or a tensor of i1 with the shape and encoding of `type`.
mlir::Type getI1SameShape(mlir::Type type);
/// For a pointer to a tensor, a pointer to its element type in the same
/// address space (the base of tt.make_tensor_ptr).
mlir::Type getTensorPointerBase(mlir::Type type);
} // namespace proxyfence::tt

#define GET_OP_CLASSES
#include "proxyfence/Dialect/Triton/IR/TritonOps.h.inc"

#endif // PROXYFENCE_DIALECT_TRITON_IR_DIALECT_H
