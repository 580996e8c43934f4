//===- Driver.cpp - the TTGIR commands of `proxyfence` -------------------===//
//
// proxyfence-ttgir's main: parses the shared command line
// (lib/Checker/CommandLine.cpp), loads a TTGIR file (recording where each op
// is in the text), runs the checker, the fixer or the explainer, and
// reports. .ptx input goes to the PTX commands. Bad input is a
// diagnostic and exit status 2; `fix` writes its output atomically and
// leaves the input and the output untouched on any error.
//
//===----------------------------------------------------------------------===//

#include "proxyfence/Checker/Driver.h"

#include "proxyfence/Analysis/ProxyHazards.h"
#include "proxyfence/Checker/Checker.h"
#include "proxyfence/CommandLine/CommandLine.h"
#include "proxyfence/Dialect/TritonGPU/Transforms/Passes.h"
#include "proxyfence/Dialect/TritonNvidiaGPU/Transforms/Passes.h"
#include "proxyfence/InitAll.h"
#include "proxyfence/Support/InputLimits.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/AsmParser/AsmParserState.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/WithColor.h"

using namespace mlir;
using namespace proxyfence;

namespace {

/// A parsed input and where each op sits in its text (a pointer into the
/// source manager's buffer: the line and column of the few ops a report
/// names are found when it names them).
struct LoadedModule {
  OwningOpRef<ModuleOp> module;
  llvm::DenseMap<Operation *, llvm::SMLoc> positions;
  bool hasLocations = false;
};

/// Parses and verifies `path`; diagnostics go to stderr with file:line:col.
static FailureOr<LoadedModule> load(MLIRContext &context, StringRef path,
                                    llvm::SourceMgr &sourceMgr) {
  std::unique_ptr<llvm::MemoryBuffer> buffer = readInputFile(path, "TTGIR");
  if (!buffer)
    return failure();
  if (buffer->getBuffer().trim().empty()) {
    usageError("'" + path + "' is empty: expected a TTGIR module");
    return failure();
  }
  if (std::optional<NestingError> nesting =
          checkNesting(path, buffer->getBuffer())) {
    llvm::errs() << nesting->location << ": ";
    llvm::WithColor::error(llvm::errs()) << nesting->message << "\n";
    return failure();
  }
  bool hasLocations = buffer->getBuffer().contains("loc(");
  sourceMgr.AddNewSourceBuffer(std::move(buffer), SMLoc());
  SourceMgrDiagnosticHandler handler(sourceMgr, &context);

  Block block;
  // Without `loc(...)` in the text, the parser locates every op at its
  // name in the IR, which is the place a report gives; only with them
  // is that place recorded on the side. The record (every op's and
  // value's place) costs a quarter of the parse of a large module and
  // spreads its ops in memory, which slows each later walk.
  AsmParserState state;
  ParserConfig config(&context);
  if (failed(parseAsmSourceFile(sourceMgr, &block, config,
                                hasLocations ? &state : nullptr)))
    return failure();
  LoadedModule loaded;
  loaded.hasLocations = hasLocations;
  if (llvm::hasSingleElement(block) && isa<ModuleOp>(block.front())) {
    loaded.module = cast<ModuleOp>(block.front());
    (*loaded.module)->remove();
  } else {
    loaded.module = ModuleOp::create(UnknownLoc::get(&context));
    loaded.module->getBody()->getOperations().splice(
        loaded.module->getBody()->begin(), block.getOperations());
  }
  if (failed(verify(*loaded.module)))
    return failure();
  for (const AsmParserState::OperationDefinition &def : state.getOpDefs())
    loaded.positions[def.op] = def.loc.Start;
  return loaded;
}

static int runCheck(const CommandLineOptions &options, LoadedModule &loaded,
                    const llvm::SourceMgr &sourceMgr) {
  PositionResolver positions(options.input, sourceMgr,
                             std::move(loaded.positions),
                             /*locatedInIR=*/!loaded.hasLocations);
  return reportFindings(options, checkModule(*loaded.module, positions));
}

static int runExplain(const CommandLineOptions &options, LoadedModule &loaded,
                      const llvm::SourceMgr &sourceMgr) {
  PositionResolver positions(options.input, sourceMgr,
                             std::move(loaded.positions),
                             /*locatedInIR=*/!loaded.hasLocations);
  std::vector<FenceExplanation> explanations =
      explainFences(*loaded.module, positions);
  writeExplanations(llvm::outs(), explanations, options.format,
                    getReportOptions(options));
  return 0;
}

/// Whether shared memory has been allocated (offsets are in the IR).
static bool isAllocated(ModuleOp module) {
  bool allocated = false;
  module->walk([&](ttg::LocalAllocOp alloc) {
    allocated |= alloc->hasAttr("allocation.offset");
  });
  return allocated;
}

static int runFix(const CommandLineOptions &options, LoadedModule &loaded,
                  const llvm::SourceMgr &sourceMgr) {
  ModuleOp module = *loaded.module;
  // --report: the input's findings, found before the passes change it.
  std::vector<Finding> findings;
  if (options.report) {
    PositionResolver positions(options.input, sourceMgr,
                               std::move(loaded.positions),
                               /*locatedInIR=*/!loaded.hasLocations);
    findings = checkModule(module, positions);
  }
  int fencesBefore = 0;
  module->walk([&](ttng::FenceAsyncSharedOp) { ++fencesBefore; });
  PassManager pm(module->getContext());
  // Before allocation the early pass places (and hoists) the RAW fences of
  // register writes; the proxy-fence pass then covers everything else.
  // After allocation, the early pass would see reused bytes as writers, so
  // only the dataflow pass runs.
  if (!isAllocated(module))
    pm.addPass(ttng::createProxyFenceFenceInsertion());
  pm.addPass(ttng::createProxyFenceProxyFenceInsertion());
  if (failed(pm.run(module)))
    return 2;
  // The fence passes are Triton's: each fence goes before an async op of
  // its own partition's flow. A hazard across a hand-off between
  // warp_specialize partitions (the checker's rule) needs its fence in the
  // partition that accessed the bytes, before the arrive that hands them
  // over: one fence per such arrive, of the widest scope its hazards need.
  {
    BufferRegionAnalysis regions(module);
    ProxyHazardOptions handOffOptions;
    handOffOptions.handOffs = true;
    ProxyHazardAnalysis remaining(module, regions, handOffOptions);
    llvm::MapVector<Operation *, bool> arrives; // arrive -> cluster scope
    for (const Hazard &hazard : remaining.getHandOffHazards())
      arrives[hazard.release] |= hazard.scope == FenceScope::Cluster;
    for (auto [arrive, cluster] : arrives) {
      OpBuilder builder(arrive);
      ttng::FenceAsyncSharedOp::create(builder, arrive->getLoc(), cluster);
    }
  }
  int fencesAfter = 0;
  module->walk([&](ttng::FenceAsyncSharedOp) { ++fencesAfter; });

  std::string text;
  llvm::raw_string_ostream os(text);
  OpPrintingFlags flags;
  flags.printNameLocAsPrefix(true);
  if (loaded.hasLocations)
    flags.enableDebugInfo(/*enable=*/true, /*prettyForm=*/false);
  module->print(os, flags);
  if (int status = writeAtomically(options.output, text))
    return status;
  llvm::errs() << options.input << ": inserted "
               << (fencesAfter - fencesBefore) << " fence"
               << (fencesAfter - fencesBefore == 1 ? "" : "s") << ", wrote "
               << options.output << "\n";
  if (options.report)
    reportFindings(options, findings);
  return 0;
}

/// The TTGIR commands, once the shared command line has been parsed.
static int runTTGIR(const CommandLineOptions &options) {
  DialectRegistry registry;
  registerAllDialects(registry);
  MLIRContext context(registry);
  context.loadAllAvailableDialects();
  llvm::SourceMgr sourceMgr;
  FailureOr<LoadedModule> loaded = load(context, options.input, sourceMgr);
  if (failed(loaded))
    return 2;
  if (options.isCheck())
    return runCheck(options, *loaded, sourceMgr);
  if (options.isFix())
    return runFix(options, *loaded, sourceMgr);
  return runExplain(options, *loaded, sourceMgr);
}

} // namespace

int proxyfence::proxyfenceMain(int argc, char **argv) {
  return runCommandLine(argc, argv, runTTGIR);
}
