//===- Ops.cpp - ttng ops -----------------------------------------------===//
//
// The proxy model of the NVIDIA ops (which operand each op reads or writes,
// through which proxy, at which scope), their verifiers, and the custom
// syntax of async tokens and barrier lists.
//
//===----------------------------------------------------------------------===//

#include "proxyfence/Dialect/TritonNvidiaGPU/IR/Dialect.h"

#include "mlir/IR/OpImplementation.h"

using namespace mlir;
using namespace proxyfence;
using namespace proxyfence::ttng;

//===----------------------------------------------------------------------===//
// Custom directives
//===----------------------------------------------------------------------===//

/// `%d[%tok]`, `%d[]` (a token result but no dependency) or nothing.
static ParseResult parseToken(OpAsmParser &parser,
                              std::optional<OpAsmParser::UnresolvedOperand> &dep,
                              Type &tokenType) {
  if (failed(parser.parseOptionalLSquare()))
    return success();
  tokenType = ttg::AsyncTokenType::get(parser.getContext());
  if (succeeded(parser.parseOptionalRSquare()))
    return success();
  OpAsmParser::UnresolvedOperand operand;
  if (parser.parseOperand(operand) || parser.parseRSquare())
    return failure();
  dep = operand;
  return success();
}

static void printToken(OpAsmPrinter &printer, Operation *, Value dep,
                       Type tokenType) {
  if (!tokenType)
    return;
  printer << "[";
  if (dep)
    printer << dep;
  printer << "]";
}

/// `, %bar[%pred]` for each barrier.
static ParseResult parseBarriersAndPreds(
    OpAsmParser &parser,
    SmallVectorImpl<OpAsmParser::UnresolvedOperand> &barriers,
    SmallVectorImpl<OpAsmParser::UnresolvedOperand> &preds) {
  while (succeeded(parser.parseOptionalComma())) {
    OpAsmParser::UnresolvedOperand barrier, pred;
    if (parser.parseOperand(barrier) || parser.parseLSquare() ||
        parser.parseOperand(pred) || parser.parseRSquare())
      return failure();
    barriers.push_back(barrier);
    preds.push_back(pred);
  }
  return success();
}

static void printBarriersAndPreds(OpAsmPrinter &printer, Operation *,
                                  OperandRange barriers, OperandRange preds) {
  for (auto [barrier, pred] : llvm::zip(barriers, preds))
    printer << ", " << barrier << "[" << pred << "]";
}

#define GET_OP_CLASSES
#include "proxyfence/Dialect/TritonNvidiaGPU/IR/TritonNvidiaGPUOps.cpp.inc"

//===----------------------------------------------------------------------===//
// Helpers for the proxy model
//===----------------------------------------------------------------------===//

static MemorySpace memorySpaceOf(Value memdesc) {
  auto type = dyn_cast<ttg::MemDescType>(memdesc.getType());
  if (type && isa_and_nonnull<TensorMemorySpaceAttr>(type.getMemorySpace()))
    return MemorySpace::Tensor;
  return MemorySpace::Shared;
}

/// A thread's mbarrier instruction on `operand`.
static ProxyAccess mbarrier(OpOperand &operand, AccessKind kind) {
  return ProxyAccess::onOperand(operand, kind, MemorySpace::Shared,
                                Proxy::MBarrier);
}

/// An async unit arriving on the mbarrier `operand` when its work completes.
static ProxyAccess asyncArrive(OpOperand &operand) {
  return ProxyAccess::onOperand(operand, AccessKind::Write,
                                MemorySpace::Shared, Proxy::AsyncArrive);
}

static ProxyAccess asyncAccess(OpOperand &operand, AccessKind kind,
                               FenceScope scope = FenceScope::CTA) {
  return ProxyAccess::onOperand(operand, kind, memorySpaceOf(operand.get()),
                                Proxy::Async, scope);
}

static ProxyAccess global(OpOperand &operand, AccessKind kind) {
  return ProxyAccess::onOperand(operand, kind, MemorySpace::Global,
                                Proxy::Async);
}

/// A module that launches clusters of more than one CTA.
static bool isMultiCTA(Operation *op) {
  auto module = op->getParentOfType<ModuleOp>();
  if (!module)
    return false;
  auto numCTAs = module->getAttrOfType<IntegerAttr>("ttg.num-ctas");
  return numCTAs && numCTAs.getInt() > 1;
}

static FenceScope scopeIf(bool cluster) {
  return cluster ? FenceScope::Cluster : FenceScope::CTA;
}

//===----------------------------------------------------------------------===//
// Fences and waits
//===----------------------------------------------------------------------===//

void FenceAsyncSharedOp::getProxyAccesses(SmallVectorImpl<ProxyAccess> &) {}
std::optional<FenceScope> FenceAsyncSharedOp::getProxyFenceScope() {
  return scopeIf(getBCluster());
}

LogicalResult FenceOp::verify() {
  if (getScope() != "gpu" && getScope() != "sys")
    return emitOpError("scope must be \"gpu\" or \"sys\", got \"")
           << getScope() << "\"";
  return success();
}

void TMAStoreWaitOp::getProxyAccesses(SmallVectorImpl<ProxyAccess> &) {}
CompletionKind TMAStoreWaitOp::getCompletionKind() {
  return CompletionKind::BulkStoreRead;
}

void WarpGroupDotWaitOp::getProxyAccesses(SmallVectorImpl<ProxyAccess> &) {}
CompletionKind WarpGroupDotWaitOp::getCompletionKind() {
  return CompletionKind::WgmmaGroup;
}

//===----------------------------------------------------------------------===//
// mbarriers: mbarrier traffic, never a data hazard
//===----------------------------------------------------------------------===//

void InitBarrierOp::getProxyAccesses(SmallVectorImpl<ProxyAccess> &accesses) {
  accesses.push_back(mbarrier(getAllocMutable(), AccessKind::Write));
}

void InvalBarrierOp::getProxyAccesses(
    SmallVectorImpl<ProxyAccess> &accesses) {
  accesses.push_back(mbarrier(getAllocMutable(), AccessKind::Write));
}

void BarrierExpectOp::getProxyAccesses(
    SmallVectorImpl<ProxyAccess> &accesses) {
  accesses.push_back(mbarrier(getAllocMutable(), AccessKind::Write));
}

void WaitBarrierOp::getProxyAccesses(SmallVectorImpl<ProxyAccess> &accesses) {
  accesses.push_back(mbarrier(getAllocMutable(), AccessKind::Read));
  accesses.push_back(mbarrier(getAllocMutable(), AccessKind::Write));
}
CompletionKind WaitBarrierOp::getCompletionKind() {
  return CompletionKind::MBarrierPhase;
}

void ArriveBarrierOp::getProxyAccesses(
    SmallVectorImpl<ProxyAccess> &accesses) {
  accesses.push_back(mbarrier(getAllocMutable(), AccessKind::Write));
}

/// An mbarrier is a one-element i64 buffer in shared memory.
static LogicalResult verifyBarrier(Operation *op, Value barrier) {
  auto type = cast<ttg::MemDescType>(barrier.getType());
  if (!type.getElementType().isInteger(64) || type.getNumElements() != 1)
    return op->emitOpError("barrier must be a 1-element i64 buffer, got ")
           << type;
  if (!type.isSharedMemory())
    return op->emitOpError("barrier must live in shared memory");
  return success();
}

LogicalResult InitBarrierOp::verify() {
  if (getCountAttr().getInt() < 1)
    return emitOpError("arrival count must be >= 1");
  return verifyBarrier(*this, getAlloc());
}
LogicalResult InvalBarrierOp::verify() {
  return verifyBarrier(*this, getAlloc());
}
LogicalResult BarrierExpectOp::verify() {
  if (getSizeAttr().getInt() < 0)
    return emitOpError("expected byte count must be non-negative");
  return verifyBarrier(*this, getAlloc());
}
LogicalResult WaitBarrierOp::verify() {
  return verifyBarrier(*this, getAlloc());
}
LogicalResult ArriveBarrierOp::verify() {
  if (getCountAttr().getInt() < 1)
    return emitOpError("arrival count must be >= 1");
  return verifyBarrier(*this, getAlloc());
}

//===----------------------------------------------------------------------===//
// TMA
//===----------------------------------------------------------------------===//

void AsyncTMACopyGlobalToLocalOp::getProxyAccesses(
    SmallVectorImpl<ProxyAccess> &accesses) {
  accesses.push_back(global(getDescMutable(), AccessKind::Read));
  // Multicast lands in the SMEM of other CTAs of the cluster.
  bool multicast = getMulticast() || getMulticastTargets();
  accesses.push_back(asyncAccess(getResultMutable(), AccessKind::Write,
                                 scopeIf(multicast)));
  accesses.push_back(asyncArrive(getBarrierMutable()));
}

/// The TMA block and the shared buffer agree in element type and size.
static LogicalResult verifyTMABuffer(Operation *op, Type descType,
                                     size_t numCoords, Value buffer) {
  auto block = cast<tt::TensorDescType>(descType).getBlockType();
  auto type = cast<ttg::MemDescType>(buffer.getType());
  if (numCoords != static_cast<size_t>(block.getRank()))
    return op->emitOpError("expects ")
           << block.getRank() << " coordinates for a rank-" << block.getRank()
           << " descriptor, got " << numCoords;
  if (block.getElementType() != type.getElementType())
    return op->emitOpError("buffer element type ")
           << type.getElementType() << " does not match the descriptor's "
           << block.getElementType();
  if (block.getNumElements() != type.getNumElements())
    return op->emitOpError("buffer of ")
           << type.getNumElements()
           << " elements does not match the descriptor block of "
           << block.getNumElements();
  if (!type.isSharedMemory())
    return op->emitOpError("TMA buffer must live in shared memory");
  return success();
}

LogicalResult AsyncTMACopyGlobalToLocalOp::verify() {
  if (!getResult().getType().getMutableMemory())
    return emitOpError("cannot load into an immutable buffer");
  if (failed(verifyBarrier(*this, getBarrier())))
    return failure();
  return verifyTMABuffer(*this, getDesc().getType(), getCoord().size(),
                         getResult());
}

void AsyncTMACopyLocalToGlobalOp::getProxyAccesses(
    SmallVectorImpl<ProxyAccess> &accesses) {
  accesses.push_back(asyncAccess(getSrcMutable(), AccessKind::Read));
  accesses.push_back(global(getDescMutable(), AccessKind::Write));
}

LogicalResult AsyncTMACopyLocalToGlobalOp::verify() {
  return verifyTMABuffer(*this, getDesc().getType(), getCoord().size(),
                         getSrc());
}

void AsyncTMAReduceOp::getProxyAccesses(
    SmallVectorImpl<ProxyAccess> &accesses) {
  accesses.push_back(asyncAccess(getSrcMutable(), AccessKind::Read));
  accesses.push_back(global(getDescMutable(), AccessKind::Read));
  accesses.push_back(global(getDescMutable(), AccessKind::Write));
}

void AsyncTMAGatherOp::getProxyAccesses(
    SmallVectorImpl<ProxyAccess> &accesses) {
  accesses.push_back(global(getDescMutable(), AccessKind::Read));
  accesses.push_back(asyncAccess(getResultMutable(), AccessKind::Write));
  accesses.push_back(asyncArrive(getBarrierMutable()));
}

void AsyncTMAScatterOp::getProxyAccesses(
    SmallVectorImpl<ProxyAccess> &accesses) {
  accesses.push_back(asyncAccess(getSrcMutable(), AccessKind::Read));
  accesses.push_back(global(getDescMutable(), AccessKind::Write));
}

//===----------------------------------------------------------------------===//
// MMA
//===----------------------------------------------------------------------===//

void WarpGroupDotOp::getProxyAccesses(SmallVectorImpl<ProxyAccess> &accesses) {
  // wgmma reads its shared-memory operands through the async proxy (PTX ISA
  // #asynchronous-warpgroup-level-matrix-async-proxy).
  if (isa<ttg::MemDescType>(getA().getType()))
    accesses.push_back(asyncAccess(getAMutable(), AccessKind::Read));
  accesses.push_back(asyncAccess(getBMutable(), AccessKind::Read));
}

void TCGen5MMAOp::getProxyAccesses(SmallVectorImpl<ProxyAccess> &accesses) {
  // Two-CTA MMA reads the operands of both CTAs of the pair.
  FenceScope scope = scopeIf(getTwoCtas());
  accesses.push_back(asyncAccess(getAMutable(), AccessKind::Read, scope));
  accesses.push_back(asyncAccess(getBMutable(), AccessKind::Read, scope));
  accesses.push_back(asyncAccess(getDMutable(), AccessKind::Read));
  accesses.push_back(asyncAccess(getDMutable(), AccessKind::Write));
  for (OpOperand &barrier : getBarriersMutable())
    accesses.push_back(asyncArrive(barrier));
}

void TCGen5MMAScaledOp::getProxyAccesses(
    SmallVectorImpl<ProxyAccess> &accesses) {
  FenceScope scope = scopeIf(getTwoCtas());
  accesses.push_back(asyncAccess(getAMutable(), AccessKind::Read, scope));
  accesses.push_back(asyncAccess(getBMutable(), AccessKind::Read, scope));
  accesses.push_back(asyncAccess(getAScaleMutable(), AccessKind::Read, scope));
  accesses.push_back(asyncAccess(getBScaleMutable(), AccessKind::Read, scope));
  accesses.push_back(asyncAccess(getDMutable(), AccessKind::Read));
  accesses.push_back(asyncAccess(getDMutable(), AccessKind::Write));
  for (OpOperand &barrier : getBarriersMutable())
    accesses.push_back(asyncArrive(barrier));
}

/// tcgen05 MMA: A in SMEM or TMEM, B in SMEM, D in TMEM; async MMAs signal
/// barriers, synchronous ones do not.
static LogicalResult verifyTCGen5(Operation *op, Value a, Value b, Value d,
                                  bool isAsync, size_t numBarriers,
                                  size_t numPreds) {
  auto bType = cast<ttg::MemDescType>(b.getType());
  auto dType = cast<ttg::MemDescType>(d.getType());
  if (!bType.isSharedMemory())
    return op->emitOpError("operand B must live in shared memory");
  if (memorySpaceOf(d) != MemorySpace::Tensor)
    return op->emitOpError("accumulator D must live in tensor memory");
  if (!dType.getMutableMemory())
    return op->emitOpError("accumulator D must be mutable");
  if (numBarriers != numPreds)
    return op->emitOpError("needs one predicate per barrier");
  if (!isAsync && numBarriers != 0)
    return op->emitOpError("a synchronous MMA cannot signal barriers");
  (void)a;
  return success();
}

/// `%acc[%tok]` both consumes and produces a token: a dependency without a
/// token result could not be printed.
static LogicalResult verifyToken(Operation *op, Value dep, Value token) {
  if (dep && !token)
    return op->emitOpError("has a token dependency but no token result");
  return success();
}

LogicalResult TCGen5MMAOp::verify() {
  if (failed(verifyToken(*this, getAccDep(), getToken())))
    return failure();
  if (failed(verifyTCGen5(*this, getA(), getB(), getD(), getIsAsync(),
                          getBarriers().size(), getBarrierPreds().size())))
    return failure();
  for (Value barrier : getBarriers())
    if (failed(verifyBarrier(*this, barrier)))
      return failure();
  return success();
}

LogicalResult TCGen5MMAScaledOp::verify() {
  if (failed(verifyToken(*this, getAccDep(), getToken())))
    return failure();
  if (failed(verifyTCGen5(*this, getA(), getB(), getD(), getIsAsync(),
                          getBarriers().size(), getBarrierPreds().size())))
    return failure();
  for (Value barrier : getBarriers())
    if (failed(verifyBarrier(*this, barrier)))
      return failure();
  return success();
}

void TCGen5CommitOp::getProxyAccesses(
    SmallVectorImpl<ProxyAccess> &accesses) {
  accesses.push_back(asyncArrive(getBarrierMutable()));
}

//===----------------------------------------------------------------------===//
// Tensor memory
//===----------------------------------------------------------------------===//

void TMEMAllocOp::getProxyAccesses(SmallVectorImpl<ProxyAccess> &accesses) {
  accesses.push_back(ProxyAccess::onResult(getResult(), AccessKind::Alloc,
                                           MemorySpace::Tensor,
                                           Proxy::Generic));
  if (getSrc())
    accesses.push_back(ProxyAccess::onResult(getResult(), AccessKind::Write,
                                             MemorySpace::Tensor,
                                             Proxy::Generic));
}

LogicalResult TMEMAllocOp::verify() {
  if (memorySpaceOf(getResult()) != MemorySpace::Tensor)
    return emitOpError("result must live in tensor memory "
                       "(#ttng.tensor_memory)");
  if (!getSrc() && !getResult().getType().getMutableMemory())
    return emitOpError("an uninitialised buffer must be mutable");
  return success();
}

void TMEMLoadOp::getProxyAccesses(SmallVectorImpl<ProxyAccess> &accesses) {
  accesses.push_back(ProxyAccess::onOperand(getSrcMutable(), AccessKind::Read,
                                            MemorySpace::Tensor,
                                            Proxy::Generic));
}

LogicalResult TMEMLoadOp::verify() {
  if (failed(verifyToken(*this, getDep(), getToken())))
    return failure();
  if (memorySpaceOf(getSrc()) != MemorySpace::Tensor)
    return emitOpError("source must live in tensor memory");
  return success();
}

void TMEMStoreOp::getProxyAccesses(SmallVectorImpl<ProxyAccess> &accesses) {
  accesses.push_back(ProxyAccess::onOperand(getDstMutable(),
                                            AccessKind::Write,
                                            MemorySpace::Tensor,
                                            Proxy::Generic));
}

LogicalResult TMEMStoreOp::verify() {
  if (failed(verifyToken(*this, getDep(), getToken())))
    return failure();
  if (memorySpaceOf(getDst()) != MemorySpace::Tensor)
    return emitOpError("destination must live in tensor memory");
  if (!getDst().getType().getMutableMemory())
    return emitOpError("cannot store into immutable tensor memory");
  return success();
}

void TMEMCopyOp::getProxyAccesses(SmallVectorImpl<ProxyAccess> &accesses) {
  // tcgen05.cp reads SMEM through the async proxy; cta_group::2 reads the
  // pair's SMEM.
  FenceScope scope = scopeIf(getTwoCtas());
  accesses.push_back(asyncAccess(getSrcMutable(), AccessKind::Read, scope));
  accesses.push_back(asyncAccess(getDstMutable(), AccessKind::Write));
  if (!getBarrierMutable().empty())
    accesses.push_back(asyncArrive(getBarrierMutable()[0]));
}

LogicalResult TMEMCopyOp::verify() {
  if (memorySpaceOf(getSrc()) != MemorySpace::Shared)
    return emitOpError("source must live in shared memory");
  if (memorySpaceOf(getDst()) != MemorySpace::Tensor)
    return emitOpError("destination must live in tensor memory");
  return success();
}

//===----------------------------------------------------------------------===//
// Cluster launch control
//===----------------------------------------------------------------------===//

void AsyncCLCTryCancelOp::getProxyAccesses(
    SmallVectorImpl<ProxyAccess> &accesses) {
  // TLX lowers to .multicast::cluster::all: every CTA of a multi-CTA
  // cluster receives the response.
  FenceScope scope = scopeIf(getMulticast() || isMultiCTA(*this));
  accesses.push_back(asyncAccess(getResultMutable(), AccessKind::Write, scope));
  accesses.push_back(asyncArrive(getMbarrierMutable()));
}

void CLCTryCancelOp::getProxyAccesses(SmallVectorImpl<ProxyAccess> &accesses) {
  FenceScope scope = scopeIf(getMulticast());
  accesses.push_back(asyncAccess(getResultMutable(), AccessKind::Write, scope));
  accesses.push_back(asyncArrive(getMbarrierMutable()));
}

void CLCQueryCancelOp::getProxyAccesses(
    SmallVectorImpl<ProxyAccess> &accesses) {
  accesses.push_back(ProxyAccess::onOperand(getSrcMutable(), AccessKind::Read,
                                            MemorySpace::Shared,
                                            Proxy::Generic));
}

//===----------------------------------------------------------------------===//
// Completion: which wait ends each async op's accesses
//===----------------------------------------------------------------------===//

CompletionKind AsyncTMACopyGlobalToLocalOp::getCompletedBy() {
  return CompletionKind::MBarrierPhase;
}
CompletionKind AsyncTMAGatherOp::getCompletedBy() {
  return CompletionKind::MBarrierPhase;
}
CompletionKind AsyncTMACopyLocalToGlobalOp::getCompletedBy() {
  return CompletionKind::BulkStoreRead;
}
CompletionKind AsyncTMAReduceOp::getCompletedBy() {
  return CompletionKind::BulkStoreRead;
}
CompletionKind AsyncTMAScatterOp::getCompletedBy() {
  return CompletionKind::BulkStoreRead;
}
CompletionKind WarpGroupDotOp::getCompletedBy() {
  // A synchronous wgmma is waited for where it is issued.
  return getIsAsync() ? CompletionKind::WgmmaGroup : CompletionKind::None;
}
CompletionKind TCGen5MMAOp::getCompletedBy() {
  return CompletionKind::MBarrierPhase;
}
CompletionKind TCGen5MMAScaledOp::getCompletedBy() {
  return CompletionKind::MBarrierPhase;
}
CompletionKind TMEMCopyOp::getCompletedBy() {
  return CompletionKind::MBarrierPhase;
}
CompletionKind AsyncCLCTryCancelOp::getCompletedBy() {
  return CompletionKind::MBarrierPhase;
}
CompletionKind CLCTryCancelOp::getCompletedBy() {
  return CompletionKind::MBarrierPhase;
}

//===----------------------------------------------------------------------===//
// Issue predicates
//===----------------------------------------------------------------------===//

Value AsyncTMACopyGlobalToLocalOp::getIssuePredicate() { return getPred(); }
Value AsyncTMAGatherOp::getIssuePredicate() { return getPred(); }
Value AsyncTMACopyLocalToGlobalOp::getIssuePredicate() { return {}; }
Value AsyncTMAReduceOp::getIssuePredicate() { return {}; }
Value AsyncTMAScatterOp::getIssuePredicate() { return {}; }
Value WarpGroupDotOp::getIssuePredicate() { return {}; }
Value TCGen5MMAOp::getIssuePredicate() { return getPred(); }
Value TCGen5MMAScaledOp::getIssuePredicate() { return getPred(); }
Value TMEMCopyOp::getIssuePredicate() { return {}; }
Value AsyncCLCTryCancelOp::getIssuePredicate() { return {}; }
Value CLCTryCancelOp::getIssuePredicate() { return {}; }
