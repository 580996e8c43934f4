//===- proxyfence-opt.cpp - the MLIR -opt driver for Triton IR ----------===//
//
// mlir-opt with Triton's tt/ttg/ttng dialects and proxyfence's passes (also
// under Triton's pass names, so Triton-style lit RUN lines work).
//
//===----------------------------------------------------------------------===//

#include "proxyfence/InitAll.h"
#include "proxyfence/Support/InputLimits.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <vector>

namespace proxyfence::test {
void registerTestFenceAPIPass();
void registerTestProxyAccessesPass();
void registerTestSharedMemoryAllocationPass();
} // namespace proxyfence::test

int main(int argc, char **argv) {
  // Defaults that differ from mlir-opt's, unless the user chose: name SSA
  // values after their NameLocs (`%x_desc`, `%acc`) as Triton prints them,
  // and keep diagnostics (which carry file:line:col) free of op dumps.
  std::vector<char *> args(argv, argv + argc);
  static char namelocFlag[] = "--mlir-use-nameloc-as-prefix";
  static char printOpFlag[] = "--mlir-print-op-on-diagnostic=false";
  auto chosen = [&](llvm::StringRef name) {
    return llvm::any_of(args, [&](const char *arg) {
      return llvm::StringRef(arg).contains(name);
    });
  };
  if (!chosen("mlir-use-nameloc-as-prefix"))
    args.insert(args.begin() + 1, namelocFlag);
  if (!chosen("mlir-print-op-on-diagnostic"))
    args.insert(args.begin() + 1, printOpFlag);
  argc = static_cast<int>(args.size());
  argv = args.data();

  mlir::DialectRegistry registry;
  proxyfence::registerAllDialects(registry);
  proxyfence::registerAllPasses();
  proxyfence::test::registerTestFenceAPIPass();
  proxyfence::test::registerTestProxyAccessesPass();
  proxyfence::test::registerTestSharedMemoryAllocationPass();
  auto [input, output] = mlir::registerAndParseCLIOptions(
      argc, argv,
      "proxyfence-opt: parse, verify, transform and print Triton TTGIR\n",
      registry);
  // An empty file is a valid empty module to MLIR, but never a kernel.
  if (input != "-") {
    auto buffer = llvm::MemoryBuffer::getFile(input);
    if (buffer && (*buffer)->getBuffer().trim().empty()) {
      llvm::errs() << input
                   << ":1:1: error: empty input: expected a TTGIR module\n";
      return 1;
    }
    if (buffer)
      if (std::optional<proxyfence::NestingError> nesting =
              proxyfence::checkNesting(input, (*buffer)->getBuffer())) {
        llvm::errs() << nesting->location << ": error: " << nesting->message
                     << "\n";
        return 1;
      }
  }
  return mlir::asMainReturnCode(
      mlir::MlirOptMain(argc, argv, input, output, registry));
}
