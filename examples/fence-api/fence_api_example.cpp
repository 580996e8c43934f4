//===- fence_api_example.cpp - build a kernel with the fence API ---------===//
//
// Builds, with proxyfence's C++ API, (1) a Triton kernel that stores a tile
// with the canonical TMA store sequence, and (2) an NVVM kernel with the
// three TLX fence scopes; prints the IR of both and the PTX of the second.
//
//   build/bin/fence-api-example
//
//===----------------------------------------------------------------------===//

#include "proxyfence/Dialect/TritonNvidiaGPU/IR/FenceBuilders.h"
#include "proxyfence/InitAll.h"
#include "proxyfence/Target/PTX/PTXEmitter.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace proxyfence;

/// tt.func @store_tile(%desc, %i, %j, %tile): stage %tile in shared memory
/// and TMA-store it.
static LogicalResult buildTritonKernel(ModuleOp module) {
  MLIRContext *ctx = module.getContext();
  OpBuilder builder(ctx);
  builder.setInsertionPointToEnd(module.getBody());
  Location loc = builder.getUnknownLoc();

  auto shared = ttg::NVMMASharedEncodingAttr::get(
      ctx, {builder.getNamedAttr("swizzlingByteWidth",
                                 builder.getI64IntegerAttr(128)),
            builder.getNamedAttr("transposed", builder.getBoolAttr(false)),
            builder.getNamedAttr("elementBitWidth",
                                 builder.getI64IntegerAttr(16))});
  auto blocked = ttg::BlockedEncodingAttr::get(
      ctx, {builder.getNamedAttr("sizePerThread", builder.getI64ArrayAttr({1, 8})),
            builder.getNamedAttr("threadsPerWarp", builder.getI64ArrayAttr({4, 8})),
            builder.getNamedAttr("warpsPerCTA", builder.getI64ArrayAttr({4, 1})),
            builder.getNamedAttr("order", builder.getI64ArrayAttr({1, 0}))});
  Type f16 = builder.getF16Type();
  auto tile = RankedTensorType::get({64, 64}, f16, blocked);
  auto block = RankedTensorType::get({64, 64}, f16, shared);
  auto desc = tt::TensorDescType::get(ctx, block);
  Type i32 = builder.getI32Type();

  auto func = tt::FuncOp::create(
      builder, loc, "store_tile",
      builder.getFunctionType({desc, i32, i32, tile}, {}));
  Block *entry = func.addEntryBlock();
  builder.setInsertionPointToStart(entry);
  auto smem = ttg::SharedMemorySpaceAttr::get(ctx);
  auto bufferType = ttg::MemDescType::get({64, 64}, f16, shared, smem,
                                          /*mutableMemory=*/true);
  Value buffer = ttg::LocalAllocOp::create(builder, loc, bufferType, Value(),
                                           IntegerAttr());
  if (failed(buildTMAStore(builder, loc, entry->getArgument(0),
                           {entry->getArgument(1), entry->getArgument(2)},
                           entry->getArgument(3), buffer)))
    return failure();
  ttg::LocalDeallocOp::create(builder, loc, buffer);
  tt::ReturnOp::create(builder, loc);
  return success();
}

/// llvm.func @fences() with fence("async_shared"), fence("gpu"),
/// fence("sys").
static LogicalResult buildNVVMKernel(ModuleOp module) {
  MLIRContext *ctx = module.getContext();
  OpBuilder builder(ctx);
  builder.setInsertionPointToEnd(module.getBody());
  Location loc = builder.getUnknownLoc();
  auto func = LLVM::LLVMFuncOp::create(
      builder, loc, "fences",
      LLVM::LLVMFunctionType::get(LLVM::LLVMVoidType::get(ctx), {}));
  func->setAttr("nvvm.kernel", builder.getUnitAttr());
  builder.setInsertionPointToStart(func.addEntryBlock(builder));
  for (StringRef scope : getFenceScopes())
    if (failed(fence(builder, loc, scope)))
      return failure();
  LLVM::ReturnOp::create(builder, loc, ValueRange());
  return success();
}

int main() {
  DialectRegistry registry;
  registerAllDialects(registry);
  MLIRContext context(registry);
  context.loadAllAvailableDialects();

  OwningOpRef<ModuleOp> triton = ModuleOp::create(UnknownLoc::get(&context));
  OwningOpRef<ModuleOp> nvvm = ModuleOp::create(UnknownLoc::get(&context));
  if (failed(buildTritonKernel(*triton)) || failed(verify(*triton)) ||
      failed(buildNVVMKernel(*nvvm)) || failed(verify(*nvvm)))
    return 1;

  llvm::outs() << "// Triton kernel (TTGIR) with the canonical TMA store:\n";
  triton->print(llvm::outs());
  llvm::outs() << "\n// NVVM kernel with the three fence scopes:\n";
  nvvm->print(llvm::outs());
  FailureOr<std::string> ptx = translateToPTX(*nvvm, PTXOptions());
  if (failed(ptx))
    return 1;
  llvm::outs() << "\n// PTX (sm_90a):\n" << *ptx;
  return 0;
}
