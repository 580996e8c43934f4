//===- PTXFuzzer.cpp - libFuzzer target for the PTX path -------------------===//
//
// read -> check -> the findings in every output format -> fix -> read the
// fixed text -> check -> fix again.
// Besides crashes, hangs and sanitizer reports, it stops on a broken
// invariant:
//   - a module that reads prints back byte for byte when fix inserts
//     nothing (the reader keeps every byte);
//   - fix's output differs from the input by the fences it says it
//     inserted only, reads again, is clean on re-check (no missing fence),
//     and fixing it again inserts nothing.
// Malformed PTX is fine: a clear error is the right answer for it.
//
//===----------------------------------------------------------------------===//

#include "Harness.h"

#include "proxyfence/PTX/Analysis.h"
#include "proxyfence/PTX/Reader.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/raw_ostream.h"

#include <set>

using namespace proxyfence;

[[noreturn]] static void broken(const char *what, llvm::StringRef text) {
  fuzz::brokenInvariant("proxyfence-fuzz-ptx", what, text);
}

static const char *const kFences[] = {
    "fence.proxy.async.shared::cta;", "fence.proxy.async.shared::cluster;",
    "fence.proxy.tensormap::generic.release.gpu;"};
/// The tensormap acquire fix inserts names the map: `... [%rd1], 128;`.
static const char kAcquire[] = "fence.proxy.tensormap::generic.acquire.gpu [";

/// `text` with every `wait_group N` count written as 0 and without the
/// lines that then hold only `cp.async.bulk.wait_group.read 0;` (what fix's
/// wait repairs change: a count lowered, a wait inserted). The count is
/// rewritten first, so that a wait fix strengthened to exactly that line
/// goes in both texts.
static std::string withoutWaits(llvm::StringRef text) {
  std::string out;
  while (!text.empty()) {
    auto [line, rest] = text.split('\n');
    bool hasNewline = line.size() < text.size();
    text = rest;
    std::string kept = line.str();
    // `wgmma.wait_group.sync.aligned N` as well as the bulk waits.
    for (llvm::StringRef wait :
         {"wait_group.read", "wait_group.sync.aligned", "wait_group"}) {
      size_t at = kept.find(wait.str());
      if (at == std::string::npos)
        continue;
      // The count follows after blanks (`wait_group.read \t1;`).
      size_t digits = at + wait.size();
      while (digits < kept.size() && (kept[digits] == ' ' || kept[digits] == '\t'))
        ++digits;
      size_t end = digits;
      while (end < kept.size() && llvm::isDigit(kept[end]))
        ++end;
      if (end > digits)
        kept.replace(digits, end - digits, "0");
      break;
    }
    if (llvm::StringRef(kept).trim() == "cp.async.bulk.wait_group.read 0;")
      continue;
    out += kept;
    if (hasNewline)
      out += '\n';
  }
  return out;
}

/// `text` without the lines that hold only a shared proxy fence, and
/// without `fence...; ` written before an instruction on its line.
static std::string withoutFences(llvm::StringRef text) {
  std::string out;
  while (!text.empty()) {
    auto [line, rest] = text.split('\n');
    bool hasNewline = line.size() < text.size();
    text = rest;
    llvm::StringRef body = line.trim();
    if (llvm::is_contained(kFences, body) ||
        (body.starts_with(kAcquire) && body.ends_with("], 128;")))
      continue;
    std::string kept = line.str();
    for (const char *fence : kFences) {
      std::string inlined = std::string(fence) + " ";
      for (size_t at; (at = kept.find(inlined)) != std::string::npos;)
        kept.erase(at, inlined.size());
    }
    out += kept;
    if (hasNewline)
      out += '\n';
  }
  return out;
}

static unsigned countFences(llvm::StringRef text) {
  unsigned count = 0;
  for (const char *fence : kFences)
    for (size_t at = text.find(fence); at != llvm::StringRef::npos;
         at = text.find(fence, at + 1))
      ++count;
  for (size_t at = text.find(kAcquire); at != llvm::StringRef::npos;
       at = text.find(kAcquire, at + 1))
    ++count;
  return count;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  llvm::StringRef input(reinterpret_cast<const char *>(data), size);
  ptx::Module module;
  ptx::ReadError error;
  if (!ptx::readModule("fuzz.ptx", input, module, error))
    return 0;

  std::vector<Finding> findings = ptx::checkPTX(module);
  fuzz::writeEveryReport("fuzz.ptx", findings);
  // explain's not-needed fences are check's spurious ones (the same probe).
  std::set<std::pair<unsigned, unsigned>> spurious, notNeeded;
  for (const Finding &finding : findings)
    if (finding.kind == FindingKind::SpuriousFence)
      spurious.insert({finding.primary.ir.line, finding.primary.ir.column});
  for (const FenceExplanation &explanation : ptx::explainPTX(module))
    if (!explanation.needed)
      notNeeded.insert({explanation.fence.ir.line, explanation.fence.ir.column});
  if (spurious != notNeeded)
    broken("explain's not-needed fences differ from check's spurious ones",
           input);
  unsigned inserted = 0, waits = 0;
  std::string fixed = ptx::fixPTX(module, inserted, waits);
  if (inserted == 0 && waits == 0) {
    if (fixed != input)
      broken("fix changed a module it inserted nothing into", fixed);
    if (fuzz::hasMissingFence(findings))
      broken("fix inserted nothing although check reports a missing fence",
             fixed);
    return 0;
  }
  // Nothing but fences was added: without the fence lines and the inline
  // fences (`fence...; bar.sync 0;` where another instruction ends on the
  // line), the output is the input; and there are `inserted` more fences.
  // ... and completion waits: made `wait_group 0`, or inserted as
  // `cp.async.bulk.wait_group.read 0;` lines.
  if (withoutFences(withoutWaits(fixed)) != withoutFences(withoutWaits(input)))
    broken("fix changed more than adding fences and waits", fixed);
  auto countWaits = [](llvm::StringRef text) {
    return text.count("wait_group");
  };
  if (countWaits(fixed) < countWaits(input))
    broken("fix removed a completion wait", fixed);
  if (waits == 0 && withoutFences(fixed) != withoutFences(input))
    broken("fix changed more than adding fences", fixed);
  if (countFences(fixed) != countFences(input) + inserted)
    broken("fix added a different number of fences than it says", fixed);
  ptx::Module again;
  if (!ptx::readModule("fuzz-fixed.ptx", fixed, again, error))
    broken("fix's output does not read", fixed);
  if (fuzz::hasMissingFence(ptx::checkPTX(again)))
    broken("fix's output still has a missing fence", fixed);
  unsigned insertedAgain = 0, waitsAgain = 0;
  (void)ptx::fixPTX(again, insertedAgain, waitsAgain);
  if (insertedAgain != 0 || waitsAgain != 0)
    broken("fix is not idempotent", fixed);
  return 0;
}
