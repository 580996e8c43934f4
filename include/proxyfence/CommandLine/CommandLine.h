//===- CommandLine.h - options and PTX path of `proxyfence` -----*- C++ -*-===//
//
// The `proxyfence check|fix|explain FILE` command line, MLIR-free: option
// parsing, the PTX commands (lib/PTX) and the report writers. Two programs
// share it: `proxyfence`, a small launcher linked with LLVM Support only,
// which answers .ptx input itself and hands every other input to
// `proxyfence-ttgir` (same options, MLIR linked in: lib/Checker/Driver.cpp).
// A PTX check thus costs no MLIR start-up.
//
//===----------------------------------------------------------------------===//

#ifndef PROXYFENCE_COMMANDLINE_COMMANDLINE_H
#define PROXYFENCE_COMMANDLINE_COMMANDLINE_H

#include "proxyfence/CommandLine/Report.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/MemoryBuffer.h"

#include <memory>

#include <string>

namespace proxyfence {

enum class ColorMode { Auto, Always, Never };

/// The options of `proxyfence`. Construct one per process, before parsing
/// (llvm::cl options register themselves globally).
struct CommandLineOptions {
  llvm::cl::SubCommand check{"check", "Report missing, spurious and "
                                      "over-wide proxy fences (exit 1 on "
                                      "errors)"};
  llvm::cl::SubCommand fix{"fix", "Insert the fences the passes would (PTX: "
                                  "and repair proven missing completion "
                                  "waits), and write the result to -o"};
  llvm::cl::SubCommand explain{
      "explain", "For every fence, the hazards it orders or that it orders "
                 "none; on PTX also what each completion wait orders"};

  llvm::cl::opt<std::string> input{
      llvm::cl::Positional, llvm::cl::desc("<input .ttgir/.mlir/.ptx>"),
      llvm::cl::sub(check), llvm::cl::sub(fix), llvm::cl::sub(explain)};
  llvm::cl::opt<OutputFormat> format{
      "format", llvm::cl::desc("Output format"),
      llvm::cl::init(OutputFormat::Text),
      llvm::cl::values(
          clEnumValN(OutputFormat::Text, "text", "compiler-style text"),
          clEnumValN(OutputFormat::JSON, "json",
                     "JSON (docs/findings.schema.json)"),
          clEnumValN(OutputFormat::SARIF, "sarif", "SARIF 2.1.0")),
      llvm::cl::sub(check), llvm::cl::sub(fix), llvm::cl::sub(explain)};
  llvm::cl::opt<std::string> dot{
      "dot",
      llvm::cl::desc("Also write a Graphviz picture of each finding to this "
                     "file"),
      llvm::cl::value_desc("file.dot"), llvm::cl::sub(check)};
  llvm::cl::opt<std::string> output{"o",
                                    llvm::cl::desc("Output file (required)"),
                                    llvm::cl::value_desc("file"),
                                    llvm::cl::sub(fix)};
  llvm::cl::opt<bool> report{
      "report",
      llvm::cl::desc("Also write the input's findings to stdout, as `check` "
                     "would (--format, --strict); the exit status stays "
                     "fix's"),
      llvm::cl::sub(fix)};
  llvm::cl::opt<ColorMode> color{
      "color", llvm::cl::desc("Colour the text output"),
      llvm::cl::init(ColorMode::Auto),
      llvm::cl::values(clEnumValN(ColorMode::Auto, "auto",
                                  "only on a terminal"),
                       clEnumValN(ColorMode::Always, "always", "always"),
                       clEnumValN(ColorMode::Never, "never", "never")),
      llvm::cl::sub(check), llvm::cl::sub(explain)};

  llvm::cl::opt<bool> strict{
      "strict",
      llvm::cl::desc("Report an ordering the checker cannot prove "
                     "(unproven-ordering) as an error"),
      llvm::cl::sub(check), llvm::cl::sub(fix)};
  llvm::cl::opt<bool> warningsAsErrors{
      "warnings-as-errors",
      llvm::cl::desc("Exit 1 on warnings too (spurious, over-wide, "
                     "unproven)"),
      llvm::cl::sub(check)};

  bool isCheck() const { return static_cast<bool>(check); }
  bool isFix() const { return static_cast<bool>(fix); }
  bool isExplain() const { return static_cast<bool>(explain); }
  bool isPTX() const { return llvm::StringRef(input).ends_with(".ptx"); }
};

/// The main of both programs: sets up LLVM's process state, parses and
/// validates the command line (usage errors: 2), runs the PTX commands for
/// .ptx input and `runTTGIR` for any other. Returns the exit status.
int runCommandLine(
    int argc, char **argv,
    llvm::function_ref<int(const CommandLineOptions &)> runTTGIR);

/// `proxyfence: error: MESSAGE` on stderr; returns 2.
int usageError(const llvm::Twine &message);

/// The contents of the input file `path` (`-`: stdin), null-terminated;
/// null after an error on stderr (a directory: "not a KIND file"; a file
/// that cannot be read).
std::unique_ptr<llvm::MemoryBuffer> readInputFile(llvm::StringRef path,
                                                  llvm::StringRef kind);

/// Writes `findings` to stdout in the chosen format (and the --dot
/// picture); returns the exit status of `check`: 1 if any finding is an
/// error (with --warnings-as-errors: any warning too; notes never count),
/// else 0.
int reportFindings(const CommandLineOptions &options,
                   llvm::ArrayRef<Finding> findings);

/// The report options (input name, colour) for the chosen options.
ReportOptions getReportOptions(const CommandLineOptions &options);

/// Writes `text` to `path` through a temporary file renamed over it: `path`
/// is either the old file or the complete new one. 0, or 2 after an error.
int writeAtomically(llvm::StringRef path, llvm::StringRef text);


} // namespace proxyfence

#endif // PROXYFENCE_COMMANDLINE_COMMANDLINE_H
