//===- CommandLine.cpp - options and PTX path of `proxyfence` ------------===//
//
// Everything of the command line that needs no MLIR: parsing, validation,
// the report writers' set-up, atomic output and the PTX commands. Linked
// into both `proxyfence` (the launcher) and `proxyfence-ttgir`.
//
//===----------------------------------------------------------------------===//

#include "proxyfence/CommandLine/CommandLine.h"

#include "proxyfence/PTX/Analysis.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

#include <optional>

using namespace proxyfence;
namespace cl = llvm::cl;

int proxyfence::usageError(const llvm::Twine &message) {
  llvm::WithColor::error(llvm::errs(), "proxyfence") << message << "\n";
  return 2;
}

std::unique_ptr<llvm::MemoryBuffer>
proxyfence::readInputFile(llvm::StringRef path, llvm::StringRef kind) {
  if (llvm::sys::fs::is_directory(path)) {
    usageError("'" + path + "' is a directory, not a " + kind + " file");
    return nullptr;
  }
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> buffer =
      llvm::MemoryBuffer::getFileOrSTDIN(path, /*IsText=*/true);
  if (std::error_code ec = buffer.getError()) {
    usageError("cannot open input file '" + path + "': " + ec.message());
    return nullptr;
  }
  return std::move(*buffer);
}

/// Parses and validates the command line. Returns the exit status when the
/// process should stop here (usage error: 2); std::nullopt to go on.
static std::optional<int> parseCommandLine(int argc, char **argv,
                                           CommandLineOptions &options) {
  cl::SetVersionPrinter([](llvm::raw_ostream &os) {
    os << "proxyfence 0.1.0 (LLVM " LLVM_VERSION_STRING ")\n";
  });
  if (!cl::ParseCommandLineOptions(
          argc, argv,
          "proxyfence: check, fix and explain generic/async proxy fences in "
          "Triton TTGIR and in PTX\n\n"
          "  proxyfence check FILE [--format=text|json|sarif] [--dot F.dot] [--strict]\n"
          "  proxyfence fix FILE -o OUT [--report [--format=...] [--strict]]\n"
          "  proxyfence explain FILE [--format=text|json]\n\n"
          "FILE is TTGIR (.ttgir, .mlir, any other name) or PTX (.ptx).\n"
          "Exit status: 0 no errors (warnings and notes alone exit 0), 1\n"
          "errors (check --strict: also unproven orderings;\n"
          "--warnings-as-errors: any warning too), 2 bad input or usage.\n",
          &llvm::errs()))
    return 2;
  if (!options.isCheck() && !options.isFix() && !options.isExplain())
    return usageError("expected a command: check, fix or explain (see "
                      "--help)");
  if (options.input.empty())
    return usageError("expected an input file");
  if (options.isExplain() && options.format == OutputFormat::SARIF)
    return usageError("explain writes text or json, not sarif");
  if (options.isFix() && options.output.empty())
    return usageError("fix needs an output file: -o OUT");
  if (options.isFix() && !options.report &&
      (options.format.getNumOccurrences() || options.strict))
    return usageError("fix takes --format and --strict only with --report");
  return std::nullopt;
}

ReportOptions proxyfence::getReportOptions(const CommandLineOptions &options) {
  bool color = options.color == ColorMode::Always ||
               (options.color == ColorMode::Auto &&
                llvm::outs().is_displayed());
  return ReportOptions{options.input, color};
}

int proxyfence::reportFindings(const CommandLineOptions &options,
                               llvm::ArrayRef<Finding> input) {
  std::vector<Finding> findings(input.begin(), input.end());
  for (Finding &finding : findings)
    finding.strict = options.strict;
  if (!options.dot.empty()) {
    std::string picture;
    llvm::raw_string_ostream os(picture);
    writeDot(os, findings);
    if (int status = writeAtomically(options.dot, picture))
      return status;
  }
  writeFindings(llvm::outs(), findings, options.format,
                getReportOptions(options));
  if (options.warningsAsErrors)
    return llvm::any_of(findings,
                        [](const Finding &finding) {
                          return getSeverity(finding) != "note";
                        })
               ? 1
               : 0;
  return llvm::any_of(findings, [](const Finding &finding) {
           return getSeverity(finding) == "error";
         })
             ? 1
             : 0;
}

int proxyfence::writeAtomically(llvm::StringRef path, llvm::StringRef text) {
  llvm::SmallString<128> temp;
  llvm::sys::path::append(temp, llvm::sys::path::parent_path(path),
                          llvm::sys::path::filename(path) + ".tmp-%%%%%%");
  int fd;
  if (std::error_code ec = llvm::sys::fs::createUniqueFile(temp, fd, temp))
    return usageError("cannot create a temporary file for '" + path +
                      "': " + ec.message());
  {
    llvm::raw_fd_ostream os(fd, /*shouldClose=*/true);
    os << text;
    os.close();
    if (os.has_error()) {
      os.clear_error();
      llvm::sys::fs::remove(temp);
      return usageError("cannot write '" + path + "'");
    }
  }
  if (std::error_code ec = llvm::sys::fs::rename(temp, path)) {
    llvm::sys::fs::remove(temp);
    return usageError("cannot write '" + path + "': " + ec.message());
  }
  return 0;
}

/// `check`, `explain` or `fix` of the .ptx file `options.input`.
static int runPTX(const CommandLineOptions &options) {
  std::unique_ptr<llvm::MemoryBuffer> buffer =
      readInputFile(options.input, "PTX");
  if (!buffer)
    return 2;
  ptx::Module module;
  ptx::ReadError readError;
  if (!ptx::readModule(options.input, buffer->getBuffer(), module,
                       readError)) {
    llvm::errs() << options.input << ":" << readError.position.line << ":"
                 << readError.position.column << ": ";
    llvm::WithColor::error(llvm::errs(), "", /*DisableColors=*/true)
        << readError.message << "\n";
    return 2;
  }
  if (options.isCheck())
    return reportFindings(options, ptx::checkPTX(module));
  if (options.isExplain()) {
    std::vector<WaitExplanation> waits;
    std::vector<FenceExplanation> fences = ptx::explainPTX(module, &waits);
    writeExplanations(llvm::outs(), fences, options.format,
                      getReportOptions(options), &waits);
    return 0;
  }
  std::vector<Finding> findings;
  if (options.report)
    findings = ptx::checkPTX(module);
  unsigned inserted = 0, waits = 0;
  std::string fixed = ptx::fixPTX(module, inserted, waits);
  if (int status = writeAtomically(options.output, fixed))
    return status;
  if (options.report)
    reportFindings(options, findings);
  llvm::errs() << options.input << ": inserted " << inserted << " fence"
               << (inserted == 1 ? "" : "s");
  if (waits)
    llvm::errs() << ", strengthened or added " << waits << " completion wait"
                 << (waits == 1 ? "" : "s");
  llvm::errs() << ", wrote " << options.output << "\n";
  return 0;
}

int proxyfence::runCommandLine(
    int argc, char **argv,
    llvm::function_ref<int(const CommandLineOptions &)> runTTGIR) {
  llvm::InitLLVM init(argc, argv);
  CommandLineOptions options;
  if (std::optional<int> status = parseCommandLine(argc, argv, options))
    return *status;
  if (options.isPTX())
    return runPTX(options);
  return runTTGIR(options);
}
