//===- TMALowering.cpp - Lower descriptor ops to TMA copies ---------------===//
//
// ProxyFenceTMALowering (alias --triton-nvidia-tma-lowering): rewrites the
// tensor-descriptor ops of the tt dialect into TMA copies through shared
// memory, as Triton 3.6 does.
//
// Stores, reductions and scatters copy their source into an immutable
// buffer, fence it into the async proxy, issue the TMA op and wait for it.
// Loads and gathers copy into a mutable buffer through a one-shot mbarrier
// and read the buffer back with ttg.local_load; a ttg.local_alloc of the
// loaded tensor with the buffer's encoding takes the buffer itself.
// Descriptors made on the device (tt.make_tensor_descriptor) become a
// tensormap written into global scratch (or the given descriptor pointer).
//
// The rewrites run under the greedy pattern driver, as Triton's do: it
// visits ops bottom-up (so a store lowered before the load feeding it
// exposes a local_alloc the load can absorb) and hoists and uniques the
// constants the patterns create at the function entry. It runs only over
// the functions that hold an op to lower, found by one walk: a module with
// none is left as it is, in one pass over its ops (Triton's pass also
// folds and prunes functions with nothing to lower; docs/triton-differences.md).
//
//===----------------------------------------------------------------------===//

#include "proxyfence/Dialect/TritonNvidiaGPU/Transforms/Passes.h"

#include "proxyfence/Analysis/ProxyHazards.h"
#include "proxyfence/Dialect/Triton/IR/Dialect.h"
#include "proxyfence/Dialect/TritonGPU/IR/Dialect.h"
#include "proxyfence/Dialect/TritonNvidiaGPU/IR/Dialect.h"
#include "proxyfence/Support/WarmAhead.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallVectorExtras.h"
#include "llvm/ADT/Statistic.h"

namespace proxyfence::ttng {
#define GEN_PASS_DEF_PROXYFENCETMALOWERING
#include "proxyfence/Dialect/TritonNvidiaGPU/Transforms/Passes.h.inc"
} // namespace proxyfence::ttng

using namespace mlir;
using namespace proxyfence;

namespace {

//===----------------------------------------------------------------------===//
// Types
//===----------------------------------------------------------------------===//

/// The shared-memory buffer holding one block of `tensorType` laid out as
/// the descriptor's TMA box (`encoding`).
ttg::MemDescType getBlockBufferType(RankedTensorType tensorType,
                                    Attribute encoding, bool isMutable) {
  Attribute smem = ttg::SharedMemorySpaceAttr::get(tensorType.getContext());
  return ttg::MemDescType::get(tensorType.getShape(),
                               tensorType.getElementType(), encoding, smem,
                               isMutable);
}

/// `!ttg.memdesc<1xi64, #ttg.swizzled_shared<{vec = 1, perPhase = 1,
/// maxPhase = 1, order = [0]}>, #smem, mutable>`: one mbarrier.
ttg::MemDescType getBarrierType(MLIRContext *ctx) {
  Builder b(ctx);
  // Untyped integers parse as i64: build the fields the way the parser
  // does, so the encoding is the one Triton's text spells.
  NamedAttribute fields[] = {
      b.getNamedAttr("vec", b.getI64IntegerAttr(1)),
      b.getNamedAttr("perPhase", b.getI64IntegerAttr(1)),
      b.getNamedAttr("maxPhase", b.getI64IntegerAttr(1)),
      b.getNamedAttr("order", b.getArrayAttr({b.getI64IntegerAttr(0)}))};
  auto encoding = ttg::SwizzledSharedEncodingAttr::get(ctx, fields);
  return ttg::MemDescType::get({1}, b.getI64Type(), encoding,
                               ttg::SharedMemorySpaceAttr::get(ctx),
                               /*mutableMemory=*/true);
}

/// Bytes the TMA unit writes for one block: the barrier's expected
/// transaction count.
int64_t getBlockBytes(RankedTensorType tensorType) {
  return tensorType.getNumElements() *
         tensorType.getElementType().getIntOrFloatBitWidth() / 8;
}

/// The shared encoding of the block a descriptor op moves.
Attribute getDescEncoding(Value desc) {
  return cast<tt::TensorDescType>(desc.getType()).getSharedEncoding();
}

//===----------------------------------------------------------------------===//
// Retyping the users of a buffer that becomes mutable
//===----------------------------------------------------------------------===//

/// The values whose type mirrors that of operand `use` of its owner: a
/// view's result, the matching result of warp_group_dot_wait, the matching
/// block argument of each warp_specialize partition.
SmallVector<Value> getMirroredValues(OpOperand &use) {
  Operation *owner = use.getOwner();
  unsigned index = use.getOperandNumber();
  if (isMemDescView(owner))
    return {owner->getResult(0)};
  if (auto wait = dyn_cast<ttng::WarpGroupDotWaitOp>(owner))
    return {wait.getOutputs()[index]};
  SmallVector<Value> mirrored;
  if (auto partitions = dyn_cast<ttg::WarpSpecializePartitionsOp>(owner))
    for (Region &partition : partitions.getPartitionRegions())
      mirrored.push_back(partition.getArgument(index));
  return mirrored;
}

/// Ops whose operand types are tied to types elsewhere that this pass does
/// not rewrite (loop-carried values, branch and call arguments, returns).
bool pinsOperandType(Operation *op) {
  return isa<RegionBranchOpInterface, RegionBranchTerminatorOpInterface,
             BranchOpInterface, CallOpInterface>(op) ||
         op->hasTrait<mlir::OpTrait::ReturnLike>();
}

/// Whether every value derived from `value` through views, dot waits and
/// warp_specialize captures can change from immutable to mutable.
bool canBecomeMutable(Value value) {
  for (OpOperand &use : value.getUses()) {
    Operation *owner = use.getOwner();
    if (!isa<ttg::WarpSpecializePartitionsOp>(owner) &&
        pinsOperandType(owner))
      return false;
    if (!llvm::all_of(getMirroredValues(use), canBecomeMutable))
      return false;
  }
  return true;
}

/// Makes the memdesc values derived from `value` mutable, as `value` now is.
void propagateMutability(PatternRewriter &rewriter, Value value) {
  for (OpOperand &use : value.getUses()) {
    for (Value mirrored : getMirroredValues(use)) {
      auto type = cast<ttg::MemDescType>(mirrored.getType());
      if (type.getMutableMemory())
        continue;
      auto mutableType = ttg::MemDescType::get(
          type.getShape(), type.getElementType(), type.getEncoding(),
          type.getMemorySpace(), /*mutableMemory=*/true, type.getAllocShape());
      rewriter.modifyOpInPlace(use.getOwner(),
                               [&] { mirrored.setType(mutableType); });
      propagateMutability(rewriter, mirrored);
    }
  }
}

//===----------------------------------------------------------------------===//
// Loads and gathers
//===----------------------------------------------------------------------===//

/// Replaces the uses of `loaded` (the result of a descriptor load) by the
/// shared-memory `buffer` it was copied into. Each ttg.local_alloc of it
/// with the buffer's encoding is the buffer itself; the remaining uses read
/// it back with one ttg.local_load.
void replaceWithBuffer(PatternRewriter &rewriter, Value loaded,
                       TypedValue<ttg::MemDescType> buffer) {
  SmallVector<ttg::LocalAllocOp> absorbed;
  for (Operation *user : loaded.getUsers()) {
    auto alloc = dyn_cast<ttg::LocalAllocOp>(user);
    if (alloc &&
        alloc.getType().getEncoding() == buffer.getType().getEncoding() &&
        canBecomeMutable(alloc.getResult()))
      absorbed.push_back(alloc);
  }
  for (ttg::LocalAllocOp alloc : absorbed) {
    propagateMutability(rewriter, alloc.getResult());
    // The fence a lowered store put after this copy now follows whatever
    // preceded the copy; when that is an execution barrier, the fence
    // belongs before it (docs/triton-differences.md, case 3).
    auto fence =
        dyn_cast_or_null<ttng::FenceAsyncSharedOp>(alloc->getNextNode());
    rewriter.replaceOp(alloc, buffer);
    if (fence) {
      Operation *point = getFenceInsertionPoint(fence);
      if (point != fence.getOperation())
        rewriter.moveOpBefore(fence, point);
    }
  }
  if (loaded.use_empty())
    return;
  Value local = ttg::LocalLoadOp::create(rewriter, loaded.getLoc(),
                                         loaded.getType(), buffer,
                                         /*token=*/Value());
  rewriter.replaceAllUsesWith(loaded, local);
}

/// Issues the TMA load into (buffer, barrier) under predicate `pred`.
using EmitTMALoad = function_ref<void(Value buffer, Value barrier, Value pred)>;

/// Lowers `op`, which loads a block of its result type through `desc`, to
/// a TMA copy into a fresh buffer completed on a fresh mbarrier.
void lowerLoad(Operation *op, Value desc, PatternRewriter &rewriter,
               EmitTMALoad emitLoad) {
  Location loc = op->getLoc();
  Value loaded = op->getResult(0);
  auto tensorType = cast<RankedTensorType>(loaded.getType());
  auto bufferType = getBlockBufferType(tensorType, getDescEncoding(desc),
                                       /*isMutable=*/true);
  auto buffer = ttg::LocalAllocOp::create(rewriter, loc, bufferType,
                                          /*src=*/Value(), /*alignment=*/{});
  Value barrier = ttg::LocalAllocOp::create(
      rewriter, loc, getBarrierType(op->getContext()), /*src=*/Value(),
      /*alignment=*/{});
  ttng::InitBarrierOp::create(rewriter, loc, barrier, /*count=*/1);
  Value pred = arith::ConstantIntOp::create(rewriter, loc, 1, /*width=*/1);
  ttng::BarrierExpectOp::create(rewriter, loc, barrier,
                                getBlockBytes(tensorType), pred);
  emitLoad(buffer, barrier, pred);
  Value phase = arith::ConstantIntOp::create(rewriter, loc, 0, /*width=*/32);
  ttng::WaitBarrierOp::create(rewriter, loc, barrier, phase, /*pred=*/Value(),
                              /*deps=*/ValueRange());
  ttng::InvalBarrierOp::create(rewriter, loc, barrier);
  replaceWithBuffer(rewriter, loaded, buffer.getResult());
  rewriter.eraseOp(op);
}

/// tt.descriptor_load -> ttng.async_tma_copy_global_to_local.
LogicalResult lowerDescriptorLoad(tt::DescriptorLoadOp op,
                                  PatternRewriter &rewriter) {
  lowerLoad(op, op.getDesc(), rewriter,
            [&](Value buffer, Value barrier, Value pred) {
              ttng::AsyncTMACopyGlobalToLocalOp::create(
                  rewriter, op.getLoc(), op.getDesc(), op.getIndices(),
                  /*offsets=*/ValueRange(), buffer, barrier, pred,
                  /*multicastTargets=*/Value(), op.getCache(), op.getEvict(),
                  /*isVolatile=*/false, /*multicast=*/false,
                  /*tensorMode=*/StringAttr());
            });
  return success();
}

/// tt.descriptor_gather -> ttng.async_tma_gather.
LogicalResult lowerDescriptorGather(tt::DescriptorGatherOp op,
                                    PatternRewriter &rewriter) {
  lowerLoad(
      op, op.getDesc(), rewriter, [&](Value buffer, Value barrier, Value pred) {
        ttng::AsyncTMAGatherOp::create(rewriter, op.getLoc(), op.getDesc(),
                                       op.getXOffsets(), op.getYOffset(),
                                       barrier, buffer, pred);
      });
  return success();
}

//===----------------------------------------------------------------------===//
// Stores, reductions and scatters
//===----------------------------------------------------------------------===//

/// Issues the TMA store reading `buffer`.
using EmitTMAStore = function_ref<void(Value buffer)>;

/// Lowers `op`, which stores `src` through `desc`: copy into an immutable
/// buffer, fence the generic-proxy writes, store, wait for the store.
void lowerStore(Operation *op, Value desc, Value src, PatternRewriter &rewriter,
                EmitTMAStore emitStore) {
  Location loc = op->getLoc();
  auto bufferType =
      getBlockBufferType(cast<RankedTensorType>(src.getType()),
                         getDescEncoding(desc), /*isMutable=*/false);
  Value buffer = ttg::LocalAllocOp::create(rewriter, loc, bufferType, src,
                                           /*alignment=*/{});
  ttng::FenceAsyncSharedOp::create(rewriter, loc, /*bCluster=*/false);
  emitStore(buffer);
  ttng::TMAStoreWaitOp::create(rewriter, loc, /*pendings=*/0);
  rewriter.eraseOp(op);
}

/// tt.descriptor_store -> ttng.async_tma_copy_local_to_global.
LogicalResult lowerDescriptorStore(tt::DescriptorStoreOp op,
                                   PatternRewriter &rewriter) {
  lowerStore(op, op.getDesc(), op.getSrc(), rewriter, [&](Value buffer) {
    ttng::AsyncTMACopyLocalToGlobalOp::create(rewriter, op.getLoc(),
                                              /*token=*/Type(), op.getDesc(),
                                              op.getIndices(), buffer);
  });
  return success();
}

/// tt.descriptor_reduce -> ttng.async_tma_reduce.
LogicalResult lowerDescriptorReduce(tt::DescriptorReduceOp op,
                                    PatternRewriter &rewriter) {
  lowerStore(op, op.getDesc(), op.getSrc(), rewriter, [&](Value buffer) {
    ttng::AsyncTMAReduceOp::create(rewriter, op.getLoc(), /*token=*/Type(),
                                   op.getKindAttr(), op.getDesc(),
                                   op.getIndices(), buffer);
  });
  return success();
}

/// tt.descriptor_scatter -> ttng.async_tma_scatter.
LogicalResult lowerDescriptorScatter(tt::DescriptorScatterOp op,
                                     PatternRewriter &rewriter) {
  lowerStore(op, op.getDesc(), op.getSrc(), rewriter, [&](Value buffer) {
    ttng::AsyncTMAScatterOp::create(rewriter, op.getLoc(), op.getDesc(),
                                    op.getXOffsets(), op.getYOffset(), buffer);
  });
  return success();
}

//===----------------------------------------------------------------------===//
// Descriptors made on the device
//===----------------------------------------------------------------------===//

/// The tensormap's size and alignment (the TMA unit's requirement).
constexpr int32_t kTensormapBytes = 128;

/// `elem_type` of tensormap_create (CUtensorMapDataType).
FailureOr<int32_t> getTensormapElementType(Operation *op, Type elementType) {
  if (elementType.isBF16())
    return 10;
  if (elementType.isF16())
    return 6;
  if (elementType.isF32())
    return 7;
  if (elementType.isF64())
    return 9;
  switch (elementType.getIntOrFloatBitWidth()) {
  case 8:
    return 0; // u8
  case 16:
    return 1; // u16
  case 32:
    return elementType.isSignedInteger() ? 3 : 2;
  case 64:
    return elementType.isSignedInteger() ? 5 : 4;
  default:
    return op->emitError("a tensor descriptor element must have 1, 2, 4 or 8 "
                         "bytes, got ")
           << elementType;
  }
}

/// `swizzle_mode` of tensormap_create and the swizzle width in bytes.
FailureOr<std::pair<int32_t, int64_t>> getTensormapSwizzle(Operation *op,
                                                           Attribute encoding) {
  if (auto nvmma =
          dyn_cast_if_present<ttg::NVMMASharedEncodingAttr>(encoding)) {
    int64_t bytes = nvmma.getIntField("swizzlingByteWidth");
    switch (bytes) {
    case 0:
      return std::make_pair(0, bytes);
    case 32:
      return std::make_pair(1, bytes);
    case 64:
      return std::make_pair(2, bytes);
    case 128:
      return std::make_pair(3, bytes);
    default:
      return op->emitError("unsupported TMA swizzle of ") << bytes << " bytes";
    }
  }
  auto swizzled =
      dyn_cast_if_present<ttg::SwizzledSharedEncodingAttr>(encoding);
  if (swizzled && swizzled.getIntField("vec") == 1 &&
      swizzled.getIntField("perPhase") == 1 &&
      swizzled.getIntField("maxPhase") == 1)
    return std::make_pair(0, int64_t(0));
  return op->emitError("unhandled shared memory layout for a TMA "
                       "descriptor: ")
         << encoding;
}

/// The TMA box of a block: every dimension at most 256 elements, the
/// contiguous one exactly one swizzle width when swizzled (Triton's
/// getTMABlockShape for tiled descriptors).
SmallVector<int64_t> getTensormapBox(ArrayRef<int64_t> block,
                                     int64_t elementBits,
                                     int64_t swizzleBytes) {
  SmallVector<int64_t> box(block);
  for (int64_t &size : box)
    size = std::min<int64_t>(size, 256);
  if (swizzleBytes != 0 && elementBits > 0)
    box.back() = swizzleBytes * 8 / elementBits;
  return box;
}

/// tt.make_tensor_descriptor -> (ttg.global_scratch_alloc unless a
/// descriptor pointer is given) + ttng.tensormap_create +
/// ttng.tensormap_fenceproxy_acquire + ttng.reinterpret_tensor_descriptor,
/// as Triton 3.6 and TLX lower it.
LogicalResult lowerMakeTensorDesc(tt::MakeTensorDescOp op,
                                  PatternRewriter &rewriter) {
  Location loc = op.getLoc();
  auto descType = cast<tt::TensorDescType>(op.getType());
  RankedTensorType block = descType.getBlockType();
  Attribute encoding = descType.getSharedEncoding();
  Type elementType =
      cast<tt::PointerType>(op.getBase().getType()).getPointeeType();
  FailureOr<int32_t> elemType = getTensormapElementType(op, elementType);
  FailureOr<std::pair<int32_t, int64_t>> swizzle =
      getTensormapSwizzle(op, encoding);
  if (failed(elemType) || failed(swizzle))
    return failure();
  int64_t elementBytes = elementType.getIntOrFloatBitWidth() / 8;

  auto i32 = [&](int64_t value) -> Value {
    return arith::ConstantIntOp::create(rewriter, loc, value, /*width=*/32);
  };
  SmallVector<int64_t> box = getTensormapBox(
      block.getShape(), block.getElementType().getIntOrFloatBitWidth(),
      swizzle->second);
  // Innermost dimension first, as the tensormap lists them.
  SmallVector<Value> boxDim{i32(box.back())};
  for (int64_t k = static_cast<int64_t>(box.size()) - 2; k >= 0; --k)
    boxDim.push_back(i32(box[k]));
  SmallVector<Value> globalDim(llvm::reverse(op.getShape()));
  // The scratch first, then the strides: Triton's order.
  Value descPtr = op.getDescPtr();
  if (!descPtr)
    descPtr = ttg::GlobalScratchAllocOp::create(
        rewriter, loc,
        tt::PointerType::get(rewriter.getI8Type(), /*addressSpace=*/1),
        kTensormapBytes, kTensormapBytes);
  Value elementSize =
      arith::ConstantIntOp::create(rewriter, loc, elementBytes, /*width=*/64);
  SmallVector<Value> globalStride;
  for (int64_t k = static_cast<int64_t>(op.getStrides().size()) - 2; k >= 0;
       --k)
    globalStride.push_back(
        arith::MulIOp::create(rewriter, loc, op.getStrides()[k], elementSize));
  SmallVector<Value> elementStride(globalDim.size(), i32(1));
  int32_t fillMode = op.getPadding() == tt::PaddingOption::PAD_NAN ? 1 : 0;

  ttng::TensormapCreateOp::create(rewriter, loc, descPtr, op.getBase(), boxDim,
                                  globalDim, globalStride, elementStride,
                                  *elemType, /*interleave_layout=*/0,
                                  swizzle->first, fillMode);
  ttng::TensormapFenceproxyAcquireOp::create(rewriter, loc, descPtr);
  rewriter.replaceOpWithNewOp<ttng::ReinterpretTensorDescOp>(op, descType,
                                                             descPtr);
  return success();
}

//===----------------------------------------------------------------------===//
// Checks
//===----------------------------------------------------------------------===//

bool isDescriptorOp(Operation *op) {
  return isa<tt::DescriptorLoadOp, tt::DescriptorGatherOp,
             tt::DescriptorStoreOp, tt::DescriptorReduceOp,
             tt::DescriptorScatterOp>(op);
}

/// Diagnoses a descriptor op the patterns cannot lower.
LogicalResult checkLowerable(Operation *op, int64_t numCTAs) {
  // A store, reduce or scatter lowers the same way in a cluster: the
  // buffer keeps the descriptor's CTA layout. A load's barrier expects the
  // bytes each CTA receives, which this lowering does not derive.
  if (numCTAs > 1 && isa<tt::DescriptorLoadOp, tt::DescriptorGatherOp>(op))
    return op->emitError("TMA lowering of a descriptor load or gather in a "
                         "multi-CTA module (ttg.num-ctas = ")
           << numCTAs << ") is not supported";
  Attribute encoding = getDescEncoding(op->getOperand(0));
  if (!encoding || !ttg::isSharedEncoding(encoding))
    return op->emitError("the descriptor's block has no shared-memory "
                         "encoding; cannot choose the TMA buffer layout");
  Value block =
      op->getNumResults() ? op->getResult(0) : op->getOperands().back();
  Type elementType = cast<RankedTensorType>(block.getType()).getElementType();
  if (!elementType.isIntOrFloat())
    return op->emitError("cannot move elements of type ")
           << elementType << " through TMA";
  return success();
}

int64_t getNumCTAs(ModuleOp module) {
  auto attr = module->getAttrOfType<IntegerAttr>("ttg.num-ctas");
  return attr ? attr.getInt() : 1;
}

/// The pattern that rewrites each `OpT` with `Lower` and counts the ops it
/// lowered in one of the pass's statistics.
template <typename OpT, LogicalResult (*Lower)(OpT, PatternRewriter &)>
struct CountedLowering final : OpRewritePattern<OpT> {
  CountedLowering(MLIRContext *ctx, llvm::Statistic &count)
      : OpRewritePattern<OpT>(ctx), count(count) {}

  LogicalResult matchAndRewrite(OpT op,
                                PatternRewriter &rewriter) const override {
    if (failed(Lower(op, rewriter)))
      return failure();
    ++count;
    return success();
  }

  llvm::Statistic &count;
};

struct ProxyFenceTMALoweringPass final
    : ttng::impl::ProxyFenceTMALoweringBase<ProxyFenceTMALoweringPass> {
  using ProxyFenceTMALoweringBase::ProxyFenceTMALoweringBase;

  LogicalResult initialize(MLIRContext *ctx) override {
    RewritePatternSet set(ctx);
    set.add<CountedLowering<tt::DescriptorLoadOp, lowerDescriptorLoad>,
            CountedLowering<tt::DescriptorGatherOp, lowerDescriptorGather>>(
        ctx, numLoads);
    set.add<CountedLowering<tt::DescriptorStoreOp, lowerDescriptorStore>,
            CountedLowering<tt::DescriptorReduceOp, lowerDescriptorReduce>,
            CountedLowering<tt::DescriptorScatterOp, lowerDescriptorScatter>>(
        ctx, numStores);
    set.add<CountedLowering<tt::MakeTensorDescOp, lowerMakeTensorDesc>>(
        ctx, numDescriptors);
    patterns = FrozenRewritePatternSet(std::move(set));
    return success();
  }

  void runOnOperation() override {
    ModuleOp module = getOperation();
    int64_t numCTAs = getNumCTAs(module);
    // One walk finds what there is to lower and the functions (the nearest
    // isolated-from-above ops) that hold it, in walk order; it goes function
    // by function, the next ones read ahead (WarmAhead.h).
    llvm::SetVector<Operation *> scopes;
    SmallVector<Operation *> tops = llvm::map_to_vector(
        *module.getBody(), [](Operation &op) { return &op; });
    // What there is to lower is all Triton's dialect: one comparison passes
    // over any other op (most of a module) before the op's kind is asked.
    Dialect *triton =
        module.getContext()->getLoadedDialect<tt::TritonDialect>();
    {
      WarmAhead warm(module.getContext(), tops);
      for (auto [index, top] : llvm::enumerate(tops)) {
        warm.enter(index);
        WalkResult checked = top->walk([&](Operation *op) {
          if (op->getDialect() != triton)
            return WalkResult::advance();
          bool descriptorOp = isDescriptorOp(op);
          if (descriptorOp && failed(checkLowerable(op, numCTAs)))
            return WalkResult::interrupt();
          if (descriptorOp || isa<tt::MakeTensorDescOp>(op))
            scopes.insert(
                op->getParentWithTrait<mlir::OpTrait::IsIsolatedFromAbove>());
          return WalkResult::advance();
        });
        if (checked.wasInterrupted())
          return signalPassFailure();
      }
    }
    if (scopes.empty())
      return markAllAnalysesPreserved();

    // The rewrites run under the greedy driver in those functions only,
    // as Triton's do in them (bottom-up, folding and uniquing the constants
    // they create at the function's entry); other functions are untouched.
    for (Operation *scope : scopes)
      if (failed(applyPatternsGreedily(scope, patterns)))
        return signalPassFailure();
  }

private:
  FrozenRewritePatternSet patterns;
};

} // namespace
