//===- TTGIRFuzzer.cpp - libFuzzer target for the TTGIR path ---------------===//
//
// parse + verify -> check and explain, in every output format -> print ->
// re-parse -> the fence pipeline -> print -> re-parse -> the pipeline
// again. Besides crashes, hangs and sanitizer reports, it stops on a broken
// invariant:
//   - what we print of a verified module parses again (printer and parser
//     agree);
//   - the pipeline's output has no missing fence according to `check`
//     (correct by construction), for targets from sm_90 on;
//   - the pipeline is idempotent (its output is a fixed point);
//   - it removes no fence that can execute (one in a block unreachable
//     from its region's entry may go: TMA lowering erases such blocks, as
//     Triton's pass does).
// Inputs that do not parse, do not verify, or that a pass rejects with a
// diagnostic are fine: a clear error is the right answer for them.
//
//===----------------------------------------------------------------------===//

#include "Harness.h"

#include "proxyfence/Checker/Checker.h"
#include "proxyfence/Dialect/TritonNvidiaGPU/IR/Dialect.h"
#include "proxyfence/Dialect/TritonNvidiaGPU/Transforms/Passes.h"
#include "proxyfence/InitAll.h"
#include "proxyfence/Support/InputLimits.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdio>
#include <cstdlib>

using namespace mlir;

namespace {
struct Fuzzer {
  DialectRegistry registry;
  MLIRContext context;

  Fuzzer() : context(MLIRContext::Threading::DISABLED) {
    proxyfence::registerAllDialects(registry);
    proxyfence::registerAllPasses();
    context.appendDialectRegistry(registry);
    context.loadAllAvailableDialects();
    // Diagnostics of rejected inputs are expected; keep the log quiet.
    context.getDiagEngine().registerHandler([](Diagnostic &) { return success(); });
  }
};
} // namespace

[[noreturn]] static void broken(const char *what, llvm::StringRef text) {
  proxyfence::fuzz::brokenInvariant("proxyfence-fuzz-ttgir", what, text);
}

static std::string print(ModuleOp module) {
  std::string text;
  llvm::raw_string_ostream os(text);
  module->print(os, OpPrintingFlags().printNameLocAsPrefix(true));
  return text;
}

/// The blocks of `region` reachable from its entry block.
static llvm::DenseSet<Block *> reachableBlocks(Region &region) {
  llvm::DenseSet<Block *> seen;
  if (region.empty())
    return seen;
  SmallVector<Block *> worklist{&region.front()};
  seen.insert(&region.front());
  while (!worklist.empty())
    for (Block *successor : worklist.pop_back_val()->getSuccessors())
      if (seen.insert(successor).second)
        worklist.push_back(successor);
  return seen;
}

/// Fences that can execute: in a block reachable from its region's entry,
/// inside an op that is itself in such a block, up to the module. The
/// pipeline may erase unreachable blocks (TMA lowering runs MLIR's greedy
/// driver, which erases them first, as Triton's pass does); a fence there
/// orders nothing, so only these count for "removes no fence".
static int countReachableFences(ModuleOp module) {
  llvm::DenseMap<Region *, llvm::DenseSet<Block *>> reachable;
  auto isReachable = [&](Block *block) {
    Region *region = block->getParent();
    auto it = reachable.find(region);
    if (it == reachable.end())
      it = reachable.try_emplace(region, reachableBlocks(*region)).first;
    return it->second.contains(block);
  };
  int count = 0;
  module->walk([&](proxyfence::ttng::FenceAsyncSharedOp fence) {
    for (Operation *op = fence; op && op != module.getOperation();
         op = op->getParentOp())
      if (!isReachable(op->getBlock()))
        return;
    ++count;
  });
  return count;
}

/// Whether the pipeline targets sm_90 or later: the passes' own reading of
/// `ttg.target` (below sm_90 they do nothing, as Triton's do, so `check`'s
/// verdict on TMA ops there is no statement about the pipeline).
static bool targetsHopperOrLater(ModuleOp module) {
  FailureOr<bool> proxies =
      proxyfence::ttng::hasAsyncProxy(module, /*option=*/0);
  return succeeded(proxies) && *proxies;
}

static bool runPipeline(MLIRContext &context, ModuleOp module) {
  PassManager pm(&context);
  if (failed(parsePassPipeline("proxyfence-fence-pipeline", pm)))
    std::abort();
  return succeeded(pm.run(module));
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static Fuzzer *fuzzer = new Fuzzer();
  MLIRContext &context = fuzzer->context;
  // The tools read files into null-terminated buffers, and MLIR's lexer
  // relies on the terminator; so does this copy.
  std::string text(reinterpret_cast<const char *>(data), size);
  llvm::StringRef input(text);

  // The tools refuse input nested deeper than the parser's recursion can
  // take (proxyfence/Support/InputLimits.h); so does the harness.
  if (proxyfence::findExcessiveNesting(input))
    return 0;
  ParserConfig config(&context);
  OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(input, config);
  if (!module)
    return 0;

  proxyfence::PositionResolver positions(
      "fuzz.ttgir", llvm::DenseMap<Operation *, proxyfence::SourcePosition>());
  std::vector<proxyfence::Finding> findings =
      proxyfence::checkModule(*module, positions);
  std::vector<proxyfence::FenceExplanation> explanations =
      proxyfence::explainFences(*module, positions);
  proxyfence::fuzz::writeEveryReport("fuzz.ttgir", findings, explanations);

  std::string printed = print(*module);
  if (!parseSourceString<ModuleOp>(printed, config))
    broken("the printed module does not parse", printed);

  int fencesIn = countReachableFences(*module);
  if (!runPipeline(context, *module))
    return 0;
  std::string once = print(*module);
  OwningOpRef<ModuleOp> reparsed = parseSourceString<ModuleOp>(once, config);
  if (!reparsed)
    broken("the pipeline's output does not parse", once);
  if (countReachableFences(*module) < fencesIn)
    broken("the pipeline removed a fence", once);
  if (targetsHopperOrLater(*module) &&
      proxyfence::fuzz::hasMissingFence(
          proxyfence::checkModule(*module, positions)))
    broken("check reports a missing fence after the pipeline", once);
  // Compare the re-parsed module before and after a second run (SSA names
  // printed from name locations do not survive the first print).
  std::string before = print(*reparsed);
  if (!runPipeline(context, *reparsed))
    broken("the pipeline rejects its own output", once);
  if (print(*reparsed) != before)
    broken("the pipeline is not idempotent", before);
  return 0;
}
