//===- PTXFuzzer.cpp - libFuzzer target for the PTX path -------------------===//
//
// read -> check -> fix -> read the fixed text -> check -> fix again.
// Besides crashes, hangs and sanitizer reports, it stops on a broken
// invariant:
//   - a module that reads prints back byte for byte when fix inserts
//     nothing (the reader keeps every byte);
//   - fix's output reads again, keeps every original line, and is clean on
//     re-check (no missing fence), and fixing it again inserts nothing.
// Malformed PTX is fine: a clear error is the right answer for it.
//
//===----------------------------------------------------------------------===//

#include "proxyfence/PTX/Analysis.h"
#include "proxyfence/PTX/Reader.h"

#include "llvm/Support/raw_ostream.h"

#include <cstdlib>

using namespace proxyfence;

[[noreturn]] static void broken(const char *what, llvm::StringRef text) {
  llvm::errs() << "proxyfence-fuzz-ptx: invariant broken: " << what
               << "\n--- PTX ---\n"
               << text << "\n";
  llvm::errs().flush();
  std::abort();
}

static bool hasMissingFence(const std::vector<Finding> &findings) {
  for (const Finding &finding : findings)
    if (finding.kind == FindingKind::MissingFence)
      return true;
  return false;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  llvm::StringRef input(reinterpret_cast<const char *>(data), size);
  ptx::Module module;
  ptx::ReadError error;
  if (!ptx::readModule("fuzz.ptx", input, module, error))
    return 0;

  std::vector<Finding> findings = ptx::checkPTX(module);
  unsigned inserted = 0;
  std::string fixed = ptx::fixPTX(module, inserted);
  if (inserted == 0) {
    if (fixed != input)
      broken("fix changed a module it inserted nothing into", fixed);
    if (hasMissingFence(findings))
      broken("fix inserted nothing although check reports a missing fence",
             fixed);
    return 0;
  }
  // Every original line is still there, in order.
  llvm::StringRef rest = fixed;
  llvm::StringRef original = input;
  while (!original.empty()) {
    auto [line, tail] = original.split('\n');
    size_t at = rest.find(line);
    if (at == llvm::StringRef::npos)
      broken("fix lost a line of the input", fixed);
    rest = rest.drop_front(at + line.size());
    original = tail;
  }
  ptx::Module again;
  if (!ptx::readModule("fuzz-fixed.ptx", fixed, again, error))
    broken("fix's output does not read", fixed);
  if (hasMissingFence(ptx::checkPTX(again)))
    broken("fix's output still has a missing fence", fixed);
  unsigned insertedAgain = 0;
  (void)ptx::fixPTX(again, insertedAgain);
  if (insertedAgain != 0)
    broken("fix is not idempotent", fixed);
  return 0;
}
