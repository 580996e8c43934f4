//===- Harness.h - what both fuzz targets share -----------------*- C++ -*-===//
//
// Reporting a broken invariant, and running every report writer over a
// target's findings (the reports quote the input, which may hold any
// bytes: names, opcodes, file names).
//
//===----------------------------------------------------------------------===//

#ifndef PROXYFENCE_FUZZ_HARNESS_H
#define PROXYFENCE_FUZZ_HARNESS_H

#include "proxyfence/CommandLine/Report.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>

namespace proxyfence::fuzz {

/// Prints which invariant `target` found broken, and the input or output
/// that shows it, then aborts (libFuzzer keeps the input as a crash).
[[noreturn]] inline void brokenInvariant(llvm::StringRef target,
                                         llvm::StringRef what,
                                         llvm::StringRef text) {
  llvm::errs() << target << ": invariant broken: " << what
               << "\n--- the text that shows it ---\n"
               << text << "\n";
  llvm::errs().flush();
  std::abort();
}

inline bool hasMissingFence(llvm::ArrayRef<Finding> findings) {
  return llvm::any_of(findings, [](const Finding &finding) {
    return finding.kind == FindingKind::MissingFence;
  });
}

/// Writes `findings` (and `explanations`) in every output format, to
/// nowhere: the writers must take whatever the input put in them.
inline void writeEveryReport(llvm::StringRef input,
                             llvm::ArrayRef<Finding> findings,
                             llvm::ArrayRef<FenceExplanation> explanations = {}) {
  ReportOptions report{input.str(), /*color=*/false};
  for (OutputFormat format :
       {OutputFormat::Text, OutputFormat::JSON, OutputFormat::SARIF})
    writeFindings(llvm::nulls(), findings, format, report);
  for (OutputFormat format : {OutputFormat::Text, OutputFormat::JSON})
    writeExplanations(llvm::nulls(), explanations, format, report);
  writeDot(llvm::nulls(), findings);
}

} // namespace proxyfence::fuzz

#endif // PROXYFENCE_FUZZ_HARNESS_H
