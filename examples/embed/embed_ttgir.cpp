//===- embed_ttgir.cpp - check a TTGIR file with ProxyFence::Checker -----===//
//
// Parses a TTGIR module (as Triton 3.6 prints it) with proxyfence's
// dialects, runs the checker on it and prints one line per finding,
//
//   <severity>: <kind>: <message> [at <kernel source position>]
//
// then a summary. Exit status: 0 no error, 1 some error (a missing fence or
// completion wait), 2 input that does not parse or verify.
//
//   embed-ttgir examples/kernels/tma_add_missing_fence.mlir
//
//===----------------------------------------------------------------------===//

#include "proxyfence/Checker/Checker.h"
#include "proxyfence/InitAll.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/raw_ostream.h"

int main(int argc, char **argv) {
  if (argc != 2) {
    llvm::errs() << "usage: embed-ttgir FILE.ttgir\n";
    return 2;
  }
  llvm::StringRef path = argv[1];

  // tt, ttg, ttng, nvws and the upstream dialects Triton's IR uses.
  mlir::DialectRegistry registry;
  proxyfence::registerAllDialects(registry);
  mlir::MLIRContext context(registry);

  // Parses and verifies; diagnostics go to stderr with file:line:col.
  mlir::ParserConfig config(&context);
  mlir::OwningOpRef<mlir::ModuleOp> module =
      mlir::parseSourceFile<mlir::ModuleOp>(path, config);
  if (!module)
    return 2;

  // Positions come from the ops' locations (Triton's loc(...) names the
  // kernel source). No IR positions here: proxyfence's own driver gives
  // the constructor that takes the llvm::SourceMgr each op's place in the
  // text (recorded with mlir::AsmParserState where the text has loc(...),
  // the ops' own locations where it has none).
  proxyfence::PositionResolver positions(
      path.str(),
      llvm::DenseMap<mlir::Operation *, proxyfence::SourcePosition>());
  std::vector<proxyfence::Finding> findings =
      proxyfence::checkModule(*module, positions);

  unsigned errors = 0;
  for (const proxyfence::Finding &finding : findings) {
    llvm::StringRef severity = proxyfence::getSeverity(finding);
    if (severity == "error")
      ++errors;
    llvm::outs() << severity << ": "
                 << proxyfence::stringifyFindingKind(finding.kind) << ": "
                 << finding.message;
    if (finding.primary.source.isKnown())
      llvm::outs() << " [at " << finding.primary.source.str() << "]";
    llvm::outs() << "\n";
  }
  llvm::outs() << path << ": " << findings.size() << " finding(s), " << errors
               << " error(s)\n";
  return errors ? 1 : 0;
}
