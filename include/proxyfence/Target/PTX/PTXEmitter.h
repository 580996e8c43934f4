//===- PTXEmitter.h - MLIR (LLVM/NVVM dialects) to PTX ----------*- C++ -*-===//
//
// In-process MLIR -> LLVM IR -> NVPTX assembly, after lowering proxyfence's
// fence ops to NVVM.
//
//===----------------------------------------------------------------------===//

#ifndef PROXYFENCE_TARGET_PTX_PTXEMITTER_H
#define PROXYFENCE_TARGET_PTX_PTXEMITTER_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Support/LLVM.h"

#include <string>

namespace proxyfence {

struct PTXOptions {
  /// The target chip, e.g. sm_90a or sm_100a.
  std::string chip = "sm_90a";
  /// PTX ISA version times ten (86 = PTX 8.6). fence.proxy.tensormap needs
  /// 8.3; sm_100a needs 8.6.
  unsigned ptxVersion = 86;
};

/// Lowers the fence ops in `module` to NVVM, translates it to LLVM IR and
/// emits PTX with LLVM's NVPTX backend. Functions marked `nvvm.kernel`
/// become `.entry`s. Errors are emitted on the module.
mlir::FailureOr<std::string> translateToPTX(mlir::ModuleOp module,
                                            const PTXOptions &options);

/// Registers `--mlir-to-ptx` (with `--chip` and `--ptx-version`) for
/// mlir-translate-style drivers.
void registerToPTXTranslation();

} // namespace proxyfence

#endif // PROXYFENCE_TARGET_PTX_PTXEMITTER_H
