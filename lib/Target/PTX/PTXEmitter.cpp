//===- PTXEmitter.cpp - MLIR (LLVM/NVVM dialects) to PTX -----------------===//
//
// Lowers fences, reconciles casts, translates to LLVM IR and runs the NVPTX
// backend in-process. The result is the PTX text ptxas assembles.
//
//===----------------------------------------------------------------------===//

#include "proxyfence/Target/PTX/PTXEmitter.h"

#include "proxyfence/Conversion/Passes.h"
#include "proxyfence/InitAll.h"

#include "mlir/Conversion/ReconcileUnrealizedCasts/ReconcileUnrealizedCasts.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/NVVM/NVVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Export.h"
#include "mlir/Tools/mlir-translate/Translation.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Module.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/TargetParser/Triple.h"

extern "C" void LLVMInitializeNVPTXTarget();
extern "C" void LLVMInitializeNVPTXTargetInfo();
extern "C" void LLVMInitializeNVPTXTargetMC();
extern "C" void LLVMInitializeNVPTXAsmPrinter();

using namespace mlir;
using namespace proxyfence;

static constexpr StringLiteral kTriple = "nvptx64-nvidia-cuda";

/// Emits PTX for an LLVM module with the NVPTX backend.
static FailureOr<std::string> emitPTX(llvm::Module &llvmModule,
                                      const PTXOptions &options,
                                      ModuleOp module) {
  static bool initialized = [] {
    LLVMInitializeNVPTXTargetInfo();
    LLVMInitializeNVPTXTarget();
    LLVMInitializeNVPTXTargetMC();
    LLVMInitializeNVPTXAsmPrinter();
    return true;
  }();
  (void)initialized;

  llvm::Triple triple(kTriple);
  std::string error;
  const llvm::Target *target =
      llvm::TargetRegistry::lookupTarget(triple, error);
  if (!target)
    return module.emitError("NVPTX target unavailable: ") << error, failure();
  std::string features = "+ptx" + std::to_string(options.ptxVersion);
  std::unique_ptr<llvm::TargetMachine> machine(target->createTargetMachine(
      triple, options.chip, features, llvm::TargetOptions(), std::nullopt));
  if (!machine)
    return module.emitError("cannot create an NVPTX target machine for ")
               << options.chip,
           failure();
  llvmModule.setTargetTriple(triple);
  llvmModule.setDataLayout(machine->createDataLayout());

  std::string ptx;
  {
    llvm::raw_string_ostream os(ptx);
    llvm::buffer_ostream stream(os);
    llvm::legacy::PassManager pm;
    if (machine->addPassesToEmitFile(pm, stream, nullptr,
                                     llvm::CodeGenFileType::AssemblyFile))
      return module.emitError("NVPTX cannot emit assembly"), failure();
    pm.run(llvmModule);
  }
  return ptx;
}

FailureOr<std::string> proxyfence::translateToPTX(ModuleOp module,
                                                  const PTXOptions &options) {
  if (!StringRef(options.chip).starts_with("sm_"))
    return module.emitError("--chip must name an SM, e.g. sm_90a, got '")
               << options.chip << "'",
           failure();
  // The translation interfaces, whoever created the context.
  DialectRegistry translations;
  registerBuiltinDialectTranslation(translations);
  registerLLVMDialectTranslation(translations);
  registerNVVMDialectTranslation(translations);
  module->getContext()->appendDialectRegistry(translations);

  PassManager pm(module->getContext());
  pm.addPass(createProxyFenceConvertFencesToNVVM());
  pm.addPass(createReconcileUnrealizedCastsPass());
  if (failed(pm.run(module)))
    return failure();

  llvm::LLVMContext llvmContext;
  std::unique_ptr<llvm::Module> llvmModule =
      translateModuleToLLVMIR(module, llvmContext, "proxyfence");
  if (!llvmModule)
    return module.emitError("cannot translate to LLVM IR: every op must be "
                            "in the LLVM or NVVM dialect after lowering"),
           failure();
  return emitPTX(*llvmModule, options, module);
}

void proxyfence::registerToPTXTranslation() {
  static llvm::cl::opt<std::string> chip(
      "chip", llvm::cl::desc("Target SM for --mlir-to-ptx (sm_90a, sm_100a)"),
      llvm::cl::init("sm_90a"));
  static llvm::cl::opt<unsigned> ptxVersion(
      "ptx-version",
      llvm::cl::desc("PTX ISA version times ten for --mlir-to-ptx"),
      llvm::cl::init(86));
  TranslateFromMLIRRegistration registration(
      "mlir-to-ptx", "Lower fences to NVVM and emit PTX",
      [](Operation *op, raw_ostream &output) -> LogicalResult {
        auto module = dyn_cast<ModuleOp>(op);
        if (!module)
          return op->emitError("expected a builtin.module");
        FailureOr<std::string> ptx =
            translateToPTX(module, PTXOptions{chip, ptxVersion});
        if (failed(ptx))
          return failure();
        output << *ptx;
        return success();
      },
      [](DialectRegistry &registry) {
        registerAllDialects(registry);
        registerBuiltinDialectTranslation(registry);
        registerLLVMDialectTranslation(registry);
        registerNVVMDialectTranslation(registry);
      });
}
