//===- InitAll.cpp - register every dialect and pass ---------------------===//
//
// The single registration point used by proxyfence-opt, proxyfence and the
// tests.
//
//===----------------------------------------------------------------------===//

#include "proxyfence/InitAll.h"

#include "proxyfence/Dialect/Triton/IR/Dialect.h"
#include "proxyfence/Dialect/TritonGPU/IR/Dialect.h"
#include "proxyfence/Dialect/TritonNvidiaGPU/IR/Dialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/IR/DialectRegistry.h"

void proxyfence::registerAllDialects(mlir::DialectRegistry &registry) {
  registry.insert<tt::TritonDialect, ttg::TritonGPUDialect,
                  ttng::TritonNvidiaGPUDialect>();
  registry.insert<mlir::arith::ArithDialect, mlir::cf::ControlFlowDialect,
                  mlir::func::FuncDialect, mlir::LLVM::LLVMDialect,
                  mlir::math::MathDialect, mlir::NVVM::NVVMDialect,
                  mlir::scf::SCFDialect, mlir::ub::UBDialect>();
}

void proxyfence::registerAllPasses() {}
