//===- Dialect.h - the nvg dialect ------------------------------*- C++ -*-===//
//
// Declarations of the nvg dialect: the TTGIR-level ops of Triton's NVIDIA
// GPU dialect (include/proxyfence/Dialect/NVGPU/IR/NVGPUOps.td).
//
//===----------------------------------------------------------------------===//

#ifndef PROXYFENCE_DIALECT_NVGPU_IR_DIALECT_H
#define PROXYFENCE_DIALECT_NVGPU_IR_DIALECT_H

#include "proxyfence/Interfaces/ProxyAccess.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "proxyfence/Dialect/NVGPU/IR/NVGPUDialect.h.inc"
#include "proxyfence/Dialect/NVGPU/IR/NVGPUEnums.h.inc"

#define GET_OP_CLASSES
#include "proxyfence/Dialect/NVGPU/IR/NVGPUOps.h.inc"

#endif // PROXYFENCE_DIALECT_NVGPU_IR_DIALECT_H
