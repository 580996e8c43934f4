//===- proxyfence.cpp - check, fix and explain proxy fences --------------===//
//
// The command users run. It parses the command line (one --help, one set
// of errors for both input kinds), answers .ptx input itself (lib/PTX,
// linked with LLVM Support only), and replaces itself with
// `proxyfence-ttgir`, found next to it, for every other input: MLIR and
// its start-up are paid only where they are used.
//
//===----------------------------------------------------------------------===//

#include "proxyfence/CommandLine/CommandLine.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <cerrno>
#include <cstring>
#include <unistd.h>

using namespace proxyfence;

static int anchor;

/// Runs proxyfence-ttgir from this program's directory with the same
/// arguments; returns only if that fails.
static int execTTGIRTool(char **argv) {
  llvm::SmallString<256> tool(llvm::sys::path::parent_path(
      llvm::sys::fs::getMainExecutable(argv[0], &anchor)));
  llvm::sys::path::append(tool, "proxyfence-ttgir");
  llvm::outs().flush();
  llvm::errs().flush();
  execv(tool.c_str(), argv);
  return usageError("cannot run '" + tool +
                    "', which reads TTGIR for proxyfence (it belongs next to "
                    "proxyfence): " + std::strerror(errno));
}

int main(int argc, char **argv) {
  return runCommandLine(argc, argv, [&](const CommandLineOptions &) {
    return execTTGIRTool(argv);
  });
}
