//===- FenceToNVVM.cpp - lower fence ops to NVVM/LLVM --------------------===//
//
// One pattern per fence op; a type converter maps !tt.ptr to !llvm.ptr so
// the tensormap fence gets an LLVM pointer.
//
//===----------------------------------------------------------------------===//

#include "proxyfence/Conversion/Passes.h"

#include "proxyfence/Dialect/TritonNvidiaGPU/IR/Dialect.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Transforms/DialectConversion.h"

namespace proxyfence {
#define GEN_PASS_DEF_PROXYFENCECONVERTFENCESTONVVM
#include "proxyfence/Conversion/Passes.h.inc"
} // namespace proxyfence

using namespace mlir;
using namespace proxyfence;

namespace {

/// ttng.fence_async_shared -> fence.proxy.async.shared::{cta,cluster}.
LogicalResult lowerFenceAsyncShared(ttng::FenceAsyncSharedOp op,
                                    PatternRewriter &rewriter) {
  auto space = op.getBCluster() ? NVVM::SharedSpace::shared_cluster
                                : NVVM::SharedSpace::shared_cta;
  rewriter.replaceOpWithNewOp<NVVM::FenceProxyOp>(
      op,
      NVVM::ProxyKindAttr::get(op.getContext(), NVVM::ProxyKind::async_shared),
      NVVM::SharedSpaceAttr::get(op.getContext(), space));
  return success();
}

/// ttng.fence -> fence.acq_rel.{gpu,sys}.
LogicalResult lowerThreadFence(ttng::FenceOp op, PatternRewriter &rewriter) {
  // NVPTX maps syncscope("device") to .gpu and the system scope to .sys.
  StringRef syncscope = op.getScope() == "gpu" ? "device" : "";
  rewriter.replaceOpWithNewOp<LLVM::FenceOp>(op, LLVM::AtomicOrdering::acq_rel,
                                             syncscope);
  return success();
}

/// ttng.fence_mbarrier_init -> fence.mbarrier_init.release.cluster.
LogicalResult lowerMBarrierInitFence(ttng::FenceMBarrierInitOp op,
                                     PatternRewriter &rewriter) {
  rewriter.replaceOpWithNewOp<NVVM::FenceMbarrierInitOp>(op);
  return success();
}

/// The tensormap fence takes the converted descriptor pointer, hence a
/// conversion pattern; the other fences have no operand to convert.
struct TensormapAcquireLowering
    : public OpConversionPattern<ttng::TensormapFenceproxyAcquireOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(ttng::TensormapFenceproxyAcquireOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value ptr = adaptor.getDescPtr();
    auto ptrType = dyn_cast<LLVM::LLVMPointerType>(ptr.getType());
    if (!ptrType)
      return rewriter.notifyMatchFailure(op, "descriptor is not a pointer");
    // fence.proxy.tensormap takes a generic address.
    if (ptrType.getAddressSpace() != 0)
      ptr = LLVM::AddrSpaceCastOp::create(
          rewriter, loc, LLVM::LLVMPointerType::get(getContext()), ptr);
    Value size = LLVM::ConstantOp::create(rewriter, loc,
                                          rewriter.getI32Type(), 128);
    rewriter.replaceOpWithNewOp<NVVM::FenceProxyAcquireOp>(
        op, NVVM::MemScopeKind::GPU, ptr, size);
    return success();
  }
};

struct ProxyFenceConvertFencesToNVVMPass final
    : proxyfence::impl::ProxyFenceConvertFencesToNVVMBase<
          ProxyFenceConvertFencesToNVVMPass> {
  using ProxyFenceConvertFencesToNVVMBase::ProxyFenceConvertFencesToNVVMBase;

  void runOnOperation() override {
    MLIRContext *context = &getContext();
    TypeConverter converter;
    converter.addConversion([](Type type) { return type; });
    converter.addConversion([context](tt::PointerType type) -> Type {
      return LLVM::LLVMPointerType::get(context, type.getAddressSpace());
    });
    auto materialize = [](OpBuilder &builder, Type type, ValueRange inputs,
                          Location loc) -> Value {
      return UnrealizedConversionCastOp::create(builder, loc, type, inputs)
          .getResult(0);
    };
    converter.addSourceMaterialization(materialize);
    converter.addTargetMaterialization(materialize);

    RewritePatternSet patterns(context);
    populateFenceToNVVMPatterns(converter, patterns);
    ConversionTarget target(*context);
    target.addIllegalOp<ttng::FenceAsyncSharedOp, ttng::FenceOp,
                        ttng::FenceMBarrierInitOp,
                        ttng::TensormapFenceproxyAcquireOp>();
    target.markUnknownOpDynamicallyLegal([](Operation *) { return true; });
    int64_t before = 0;
    getOperation()->walk([&](Operation *op) {
      before += isa<ttng::FenceAsyncSharedOp, ttng::FenceOp,
                    ttng::FenceMBarrierInitOp,
                    ttng::TensormapFenceproxyAcquireOp>(op);
    });
    if (failed(applyPartialConversion(getOperation(), target,
                                      std::move(patterns))))
      return signalPassFailure();
    numConverted += before;
  }
};

} // namespace

void proxyfence::populateFenceToNVVMPatterns(TypeConverter &converter,
                                             RewritePatternSet &patterns) {
  patterns.add(lowerFenceAsyncShared);
  patterns.add(lowerThreadFence);
  patterns.add(lowerMBarrierInitFence);
  patterns.add<TensormapAcquireLowering>(converter, patterns.getContext());
}
