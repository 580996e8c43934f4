//===- proxyfence-translate.cpp - MLIR to PTX -----------------------------===//
//
// mlir-translate with `--mlir-to-ptx` (lib/Target/PTX).
//
//===----------------------------------------------------------------------===//

#include "proxyfence/Target/PTX/PTXEmitter.h"

#include "mlir/Tools/mlir-translate/MlirTranslateMain.h"
#include "mlir/Support/LogicalResult.h"

int main(int argc, char **argv) {
  proxyfence::registerToPTXTranslation();
  return mlir::failed(mlir::mlirTranslateMain(
             argc, argv, "proxyfence-translate: MLIR to PTX"))
             ? 1
             : 0;
}
