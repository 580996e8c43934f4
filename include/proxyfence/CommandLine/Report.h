//===- Report.h - findings as text, JSON, SARIF and Graphviz ----*- C++ -*-===//
//
// Output formats of `proxyfence check` and `explain`. The JSON format is
// described in docs/findings.schema.json; SARIF follows the SARIF 2.1.0
// standard so that CI code scanning shows findings on the kernel's lines.
// MLIR-free: the PTX front end links it without MLIR.
//
//===----------------------------------------------------------------------===//

#ifndef PROXYFENCE_COMMANDLINE_REPORT_H
#define PROXYFENCE_COMMANDLINE_REPORT_H

#include "proxyfence/Engine/Finding.h"

#include "llvm/ADT/ArrayRef.h"

#include "llvm/Support/raw_ostream.h"

namespace proxyfence {

enum class OutputFormat { Text, JSON, SARIF };

struct ReportOptions {
  /// The file that was checked, as the user named it.
  std::string input;
  /// Colour the text format (only when writing to a terminal).
  bool color = false;
};

void writeFindings(llvm::raw_ostream &os, llvm::ArrayRef<Finding> findings,
                   OutputFormat format, const ReportOptions &options);

/// `waits`: the completion waits of a PTX module (none for TTGIR, whose
/// output then has no "waits").
void writeExplanations(llvm::raw_ostream &os,
                       llvm::ArrayRef<FenceExplanation> explanations,
                       OutputFormat format, const ReportOptions &options,
                       const std::vector<WaitExplanation> *waits = nullptr);

/// A Graphviz digraph with one cluster per finding: the two ops, the
/// memory between them and the path.
void writeDot(llvm::raw_ostream &os, llvm::ArrayRef<Finding> findings);

} // namespace proxyfence

#endif // PROXYFENCE_COMMANDLINE_REPORT_H
