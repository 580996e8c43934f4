//===- Passes.h - conversions to NVVM/LLVM ----------------------*- C++ -*-===//
//
// The fence lowering to NVVM.
//
//===----------------------------------------------------------------------===//

#ifndef PROXYFENCE_CONVERSION_PASSES_H
#define PROXYFENCE_CONVERSION_PASSES_H

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Pass/Pass.h"

namespace mlir {
class RewritePatternSet;
class TypeConverter;
} // namespace mlir

namespace proxyfence {

#define GEN_PASS_DECL
#include "proxyfence/Conversion/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "proxyfence/Conversion/Passes.h.inc"

/// The patterns of --proxyfence-convert-fences-to-nvvm, for pipelines that
/// lower more than fences.
void populateFenceToNVVMPatterns(mlir::TypeConverter &converter,
                                 mlir::RewritePatternSet &patterns);

} // namespace proxyfence

#endif // PROXYFENCE_CONVERSION_PASSES_H
