//===- InitAll.cpp - register every dialect and pass ---------------------===//
//
// The single registration point used by proxyfence-opt, proxyfence and the
// tests.
//
//===----------------------------------------------------------------------===//

#include "proxyfence/InitAll.h"

#include "proxyfence/Conversion/Passes.h"
#include "proxyfence/Dialect/NVGPU/IR/Dialect.h"
#include "proxyfence/Dialect/NVWS/IR/Dialect.h"
#include "proxyfence/Dialect/Triton/IR/Dialect.h"
#include "proxyfence/Dialect/TritonGPU/IR/Dialect.h"
#include "proxyfence/Dialect/TritonNvidiaGPU/IR/Dialect.h"
#include "proxyfence/Dialect/TritonGPU/Transforms/Passes.h"
#include "proxyfence/Dialect/TritonNvidiaGPU/Transforms/Passes.h"
#include "proxyfence/Interfaces/ExternalModels.h"

#include "mlir/Conversion/ReconcileUnrealizedCasts/ReconcileUnrealizedCasts.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassOptions.h"
#include "mlir/Pass/PassRegistry.h"

using namespace mlir;

void proxyfence::registerAllDialects(mlir::DialectRegistry &registry) {
  registry.insert<tt::TritonDialect, ttg::TritonGPUDialect,
                  ttng::TritonNvidiaGPUDialect, nvws::NVWSDialect,
                  nvg::NVGDialect>();
  registry.insert<mlir::arith::ArithDialect, mlir::cf::ControlFlowDialect,
                  mlir::func::FuncDialect, mlir::gpu::GPUDialect,
                  mlir::LLVM::LLVMDialect, mlir::math::MathDialect,
                  mlir::NVVM::NVVMDialect, mlir::scf::SCFDialect,
                  mlir::ub::UBDialect>();
  registerProxyAccessExternalModels(registry);
}

namespace {
/// Options of the pass-name aliases and of the pipeline.
struct ComputeCapabilityOptions
    : public PassPipelineOptions<ComputeCapabilityOptions> {
  Option<int32_t> computeCapability{
      *this, "compute-capability",
      llvm::cl::desc("Target compute capability (e.g. 90, 100); 0 reads the "
                     "module's ttg.target, 90 without one"),
      llvm::cl::init(0)};
  Option<bool> remarks{
      *this, "remarks",
      llvm::cl::desc("Remarks for every fence placed and the counts"),
      llvm::cl::init(false)};
};
} // namespace

static void addFencePipeline(OpPassManager &pm,
                             const ComputeCapabilityOptions &options) {
  pm.addPass(proxyfence::ttng::createProxyFenceTMALowering());
  pm.addPass(proxyfence::ttng::createProxyFenceFenceInsertion(
      {options.computeCapability, options.remarks}));
  pm.addPass(proxyfence::ttg::createProxyFenceAllocateSharedMemory());
  pm.addPass(proxyfence::ttng::createProxyFenceProxyFenceInsertion(
      {options.computeCapability, options.remarks}));
}

void proxyfence::registerAllPasses() {
  ttng::registerTritonNvidiaGPUPasses();
  ttg::registerTritonGPUPasses();
  registerConversionPasses();
  mlir::registerPass([] { return mlir::createReconcileUnrealizedCastsPass(); });

  // Triton's pass names, so Triton-style RUN lines work unchanged.
  PassPipelineRegistration<>(
      "triton-nvidia-tma-lowering", "Alias of --proxyfence-tma-lowering",
      [](OpPassManager &pm) {
        pm.addPass(ttng::createProxyFenceTMALowering());
      });
  PassPipelineRegistration<ComputeCapabilityOptions>(
      "triton-nvidia-gpu-fence-insertion",
      "Alias of --proxyfence-fence-insertion",
      [](OpPassManager &pm, const ComputeCapabilityOptions &options) {
        pm.addPass(ttng::createProxyFenceFenceInsertion(
            {options.computeCapability, options.remarks}));
      });
  PassPipelineRegistration<ComputeCapabilityOptions>(
      "triton-nvidia-gpu-proxy-fence-insertion",
      "Alias of --proxyfence-proxy-fence-insertion",
      [](OpPassManager &pm, const ComputeCapabilityOptions &options) {
        pm.addPass(ttng::createProxyFenceProxyFenceInsertion(
            {options.computeCapability, options.remarks}));
      });
  PassPipelineRegistration<>(
      "allocate-shared-memory-nv",
      "Alias of --proxyfence-allocate-shared-memory",
      [](OpPassManager &pm) {
        pm.addPass(ttg::createProxyFenceAllocateSharedMemory());
      });

  PassPipelineRegistration<ComputeCapabilityOptions>(
      "proxyfence-fence-pipeline",
      "Triton's order: TMA lowering, fence insertion, shared-memory "
      "allocation, proxy-fence insertion",
      addFencePipeline);
}
