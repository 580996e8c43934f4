//===- Driver.cpp - the `proxyfence` command line ------------------------===//
//
// Loads a TTGIR file (recording where each op is in the text), runs the
// checker, the fixer or the explainer, and reports. Bad input is a
// diagnostic and exit status 2; `fix` writes its output atomically and
// leaves the input and the output untouched on any error.
//
//===----------------------------------------------------------------------===//

#include "proxyfence/Checker/Driver.h"

#include "proxyfence/Checker/Report.h"
#include "proxyfence/Dialect/TritonGPU/Transforms/Passes.h"
#include "proxyfence/Dialect/TritonNvidiaGPU/Transforms/Passes.h"
#include "proxyfence/InitAll.h"
#include "proxyfence/PTX/Analysis.h"
#include "proxyfence/Support/InputLimits.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/AsmParser/AsmParserState.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Support/FileUtilities.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/WithColor.h"

using namespace mlir;
using namespace proxyfence;
namespace cl = llvm::cl;

namespace {

enum class ColorMode { Auto, Always, Never };

struct Options {
  cl::SubCommand check{"check", "Report missing, spurious and over-wide "
                                "proxy fences (exit 1 if any)"};
  cl::SubCommand fix{"fix", "Insert the fences the passes would, and write "
                            "the result to -o"};
  cl::SubCommand explain{"explain", "For every fence, the hazard it orders "
                                    "or that it orders none"};

  cl::opt<std::string> input{cl::Positional, cl::desc("<input .ttgir/.mlir>"),
                             cl::sub(check), cl::sub(fix), cl::sub(explain)};
  cl::opt<OutputFormat> format{
      "format", cl::desc("Output format"), cl::init(OutputFormat::Text),
      cl::values(clEnumValN(OutputFormat::Text, "text", "compiler-style text"),
                 clEnumValN(OutputFormat::JSON, "json",
                            "JSON (docs/findings.schema.json)"),
                 clEnumValN(OutputFormat::SARIF, "sarif", "SARIF 2.1.0")),
      cl::sub(check), cl::sub(explain)};
  cl::opt<std::string> dot{"dot",
                           cl::desc("Also write a Graphviz picture of each "
                                    "finding to this file"),
                           cl::value_desc("file.dot"), cl::sub(check)};
  cl::opt<std::string> output{"o", cl::desc("Output file (required)"),
                              cl::value_desc("file"), cl::sub(fix)};
  cl::opt<ColorMode> color{
      "color", cl::desc("Colour the text output"), cl::init(ColorMode::Auto),
      cl::values(clEnumValN(ColorMode::Auto, "auto", "only on a terminal"),
                 clEnumValN(ColorMode::Always, "always", "always"),
                 clEnumValN(ColorMode::Never, "never", "never")),
      cl::sub(check), cl::sub(explain)};
};

/// A parsed input and where each op sits in its text.
struct LoadedModule {
  OwningOpRef<ModuleOp> module;
  llvm::DenseMap<Operation *, SourcePosition> positions;
  bool hasLocations = false;
};

static int usageError(const llvm::Twine &message) {
  llvm::WithColor::error(llvm::errs(), "proxyfence") << message << "\n";
  return 2;
}

/// Parses and verifies `path`; diagnostics go to stderr with file:line:col.
static FailureOr<LoadedModule> load(MLIRContext &context, StringRef path,
                                    llvm::SourceMgr &sourceMgr) {
  if (llvm::sys::fs::is_directory(path)) {
    usageError("'" + path + "' is a directory, not a TTGIR file");
    return failure();
  }
  std::string error;
  std::unique_ptr<llvm::MemoryBuffer> buffer = openInputFile(path, &error);
  if (!buffer) {
    usageError(error);
    return failure();
  }
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
  AsmParserState state;
  ParserConfig config(&context);
  if (failed(parseAsmSourceFile(sourceMgr, &block, config, &state)))
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
  for (const AsmParserState::OperationDefinition &def : state.getOpDefs()) {
    auto [line, column] = sourceMgr.getLineAndColumn(def.loc.Start);
    loaded.positions[def.op] = SourcePosition{path.str(), line, column};
  }
  return loaded;
}

static bool useColor(ColorMode mode) {
  if (mode == ColorMode::Always)
    return true;
  return mode == ColorMode::Auto && llvm::outs().is_displayed();
}

/// Writes `findings` (and the --dot picture); the exit status of `check`.
static int reportFindings(Options &options, ArrayRef<Finding> findings) {
  if (!options.dot.empty()) {
    std::string error;
    auto file = openOutputFile(options.dot, &error);
    if (!file)
      return usageError(error);
    writeDot(file->os(), findings);
    file->keep();
  }
  ReportOptions report{options.input, useColor(options.color)};
  writeFindings(llvm::outs(), findings, options.format, report);
  return findings.empty() ? 0 : 1;
}

static int runCheck(Options &options, LoadedModule &loaded) {
  PositionResolver positions(options.input, std::move(loaded.positions));
  return reportFindings(options, checkModule(*loaded.module, positions));
}

static int runExplain(Options &options, LoadedModule &loaded) {
  PositionResolver positions(options.input, std::move(loaded.positions));
  std::vector<FenceExplanation> explanations =
      explainFences(*loaded.module, positions);
  ReportOptions report{options.input, useColor(options.color)};
  writeExplanations(llvm::outs(), explanations, options.format, report);
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

static int runFix(Options &options, LoadedModule &loaded) {
  if (options.output.empty())
    return usageError("fix needs an output file: -o OUT");
  ModuleOp module = *loaded.module;
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
  int fencesAfter = 0;
  module->walk([&](ttng::FenceAsyncSharedOp) { ++fencesAfter; });

  // Write next to the destination, then rename over it: OUT is either
  // the old file or the complete new one.
  SmallString<128> temp;
  llvm::sys::path::append(temp, llvm::sys::path::parent_path(options.output),
                          llvm::sys::path::filename(options.output) +
                              ".tmp-%%%%%%");
  int fd;
  if (std::error_code ec = llvm::sys::fs::createUniqueFile(temp, fd, temp))
    return usageError("cannot create a temporary file for '" +
                      options.output + "': " + ec.message());
  {
    llvm::raw_fd_ostream os(fd, /*shouldClose=*/true);
    OpPrintingFlags flags;
    flags.printNameLocAsPrefix(true);
    if (loaded.hasLocations)
      flags.enableDebugInfo(/*enable=*/true, /*prettyForm=*/false);
    module->print(os, flags);
    os.close();
    if (os.has_error()) {
      llvm::sys::fs::remove(temp);
      return usageError("cannot write '" + options.output + "'");
    }
  }
  if (std::error_code ec = llvm::sys::fs::rename(temp, options.output)) {
    llvm::sys::fs::remove(temp);
    return usageError("cannot write '" + options.output + "': " +
                      ec.message());
  }
  llvm::errs() << options.input << ": inserted "
               << (fencesAfter - fencesBefore) << " fence"
               << (fencesAfter - fencesBefore == 1 ? "" : "s") << ", wrote "
               << options.output << "\n";
  return 0;
}

/// Writes `text` to `path` through a temporary file renamed over it, so
/// that `path` is either the old file or the complete new one.
static int writeAtomically(StringRef path, StringRef text) {
  SmallString<128> temp;
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

/// `check` and `fix` of a .ptx file (lib/PTX).
static int runPTX(Options &options, bool isCheck) {
  if (llvm::sys::fs::is_directory(options.input))
    return usageError("'" + options.input + "' is a directory, not a PTX "
                      "file");
  std::string error;
  std::unique_ptr<llvm::MemoryBuffer> buffer =
      openInputFile(options.input, &error);
  if (!buffer)
    return usageError(error);
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
  if (isCheck)
    return reportFindings(options, ptx::checkPTX(module));
  if (options.output.empty())
    return usageError("fix needs an output file: -o OUT");
  unsigned inserted = 0;
  std::string fixed = ptx::fixPTX(module, inserted);
  if (int status = writeAtomically(options.output, fixed))
    return status;
  llvm::errs() << options.input << ": inserted " << inserted << " fence"
               << (inserted == 1 ? "" : "s") << ", wrote " << options.output
               << "\n";
  return 0;
}

} // namespace

int proxyfence::proxyfenceMain(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  Options options;
  cl::SetVersionPrinter([](llvm::raw_ostream &os) {
    os << "proxyfence 0.1.0 (MLIR/LLVM " LLVM_VERSION_STRING ")\n";
  });
  if (!cl::ParseCommandLineOptions(
          argc, argv,
          "proxyfence: check, fix and explain generic/async proxy fences in "
          "Triton TTGIR\n\n"
          "  proxyfence check FILE [--format=text|json|sarif] [--dot F.dot]\n"
          "  proxyfence fix FILE -o OUT\n"
          "  proxyfence explain FILE [--format=text|json]\n\n"
          "Exit status: 0 clean, 1 findings, 2 bad input.\n",
          &llvm::errs()))
    return 2;
  bool isCheck = static_cast<bool>(options.check);
  bool isFix = static_cast<bool>(options.fix);
  bool isExplain = static_cast<bool>(options.explain);
  if (!isCheck && !isFix && !isExplain)
    return usageError("expected a command: check, fix or explain (see "
                      "--help)");
  if (options.input.empty())
    return usageError("expected an input file");
  if (isExplain && options.format == OutputFormat::SARIF)
    return usageError("explain writes text or json, not sarif");

  if (StringRef(options.input).ends_with(".ptx")) {
    if (isExplain)
      return usageError("explain is not available for PTX yet; use check");
    return runPTX(options, isCheck);
  }

  DialectRegistry registry;
  registerAllDialects(registry);
  MLIRContext context(registry);
  context.loadAllAvailableDialects();
  llvm::SourceMgr sourceMgr;
  FailureOr<LoadedModule> loaded = load(context, options.input, sourceMgr);
  if (failed(loaded))
    return 2;
  if (isCheck)
    return runCheck(options, *loaded);
  if (isFix)
    return runFix(options, *loaded);
  return runExplain(options, *loaded);
}
