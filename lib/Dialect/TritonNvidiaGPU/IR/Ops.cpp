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

/// A bare keyword (TLX's `tensorMode = im2col`) held as a string attribute.
static ParseResult parseModeKeyword(OpAsmParser &parser, StringAttr &attr) {
  StringRef keyword;
  if (parser.parseKeyword(&keyword))
    return failure();
  attr = parser.getBuilder().getStringAttr(keyword);
  return success();
}

static void printModeKeyword(OpAsmPrinter &printer, Operation *,
                             StringAttr attr) {
  printer << attr.getValue();
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

/// A view of another CTA's shared memory (`ttng.map_to_remote_buffer`).
static bool isClusterShared(ttg::MemDescType type) {
  return isa_and_nonnull<SharedClusterMemorySpaceAttr>(type.getMemorySpace());
}

/// This CTA's or a peer CTA's shared memory.
static bool isSharedOrCluster(ttg::MemDescType type) {
  return type.isSharedMemory() || isClusterShared(type);
}

/// An access through `memdesc` reaches at least `scope`, and the cluster
/// when `memdesc` names a peer CTA's shared memory.
static FenceScope reachOf(Value memdesc, FenceScope scope) {
  auto type = dyn_cast<ttg::MemDescType>(memdesc.getType());
  if (type && isClusterShared(type))
    return FenceScope::Cluster;
  return scope;
}

/// A thread's mbarrier instruction on `operand`.
static ProxyAccess mbarrier(OpOperand &operand, AccessKind kind) {
  return ProxyAccess::onOperand(operand, kind, MemorySpace::Shared,
                                Proxy::MBarrier,
                                reachOf(operand.get(), FenceScope::CTA));
}

/// An async unit arriving on the mbarrier `operand` when its work completes.
static ProxyAccess asyncArrive(OpOperand &operand) {
  return ProxyAccess::onOperand(operand, AccessKind::Write, MemorySpace::Shared,
                                Proxy::AsyncArrive,
                                reachOf(operand.get(), FenceScope::CTA));
}

static ProxyAccess asyncAccess(OpOperand &operand, AccessKind kind,
                               FenceScope scope = FenceScope::CTA) {
  return ProxyAccess::onOperand(operand, kind, memorySpaceOf(operand.get()),
                                Proxy::Async, reachOf(operand.get(), scope));
}

/// A generic-proxy access (ld/st.shared, st.async) of `operand`.
static ProxyAccess genericAccess(OpOperand &operand, AccessKind kind,
                                 FenceScope scope = FenceScope::CTA) {
  return ProxyAccess::onOperand(operand, kind, memorySpaceOf(operand.get()),
                                Proxy::Generic, reachOf(operand.get(), scope));
}

/// A thread's tcgen05.ld/st of the tensor memory `operand` names.
static ProxyAccess tmemAccess(OpOperand &operand, AccessKind kind) {
  return ProxyAccess::onOperand(operand, kind, MemorySpace::Tensor,
                                Proxy::Generic);
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

/// An mbarrier is an i64 buffer in shared memory (this CTA's or, through
/// `ttng.map_to_remote_buffer`, a peer's). Like Triton and TLX, a buffer of
/// several barriers is accepted (TLX initialises and signals barrier
/// arrays; `ttng.async_shared_store` signals a `2xi64` buffer).
static LogicalResult verifyBarrier(Operation *op, Value barrier) {
  auto type = cast<ttg::MemDescType>(barrier.getType());
  if (!type.getElementType().isInteger(64))
    return op->emitOpError("barrier must be a buffer of i64, got ") << type;
  if (!isSharedOrCluster(type))
    return op->emitOpError("barrier must live in shared memory");
  return success();
}

/// init_barrier and arrive_barrier: at least one arrival, on a barrier.
template <typename OpT> static LogicalResult verifyArrivalCount(OpT op) {
  if (op.getCountAttr().getInt() < 1)
    return op.emitOpError("arrival count must be >= 1");
  return verifyBarrier(op, op.getAlloc());
}

LogicalResult InitBarrierOp::verify() { return verifyArrivalCount(*this); }
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
LogicalResult ArriveBarrierOp::verify() { return verifyArrivalCount(*this); }

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

/// What Triton 3.6 checks of a TMA copy: one to five coordinates (a TMA
/// box has at most five dimensions) and a shared-memory buffer. Like
/// Triton, the buffer is not checked against the descriptor's block: a
/// store may copy one subtile of the block (Triton issues one copy per
/// subtile), a rank-reducing load a block with unit dimensions dropped,
/// and the element types may differ in signedness (`i8` buffer, `ui8`
/// descriptor).
static LogicalResult verifyTMABuffer(Operation *op, size_t numCoords,
                                     Value buffer) {
  auto type = cast<ttg::MemDescType>(buffer.getType());
  if (numCoords < 1 || numCoords > 5)
    return op->emitOpError("TMA copies take 1 to 5 coordinates, got ")
           << numCoords;
  if (!isSharedOrCluster(type))
    return op->emitOpError("TMA buffer must live in shared memory");
  return success();
}

LogicalResult AsyncTMACopyGlobalToLocalOp::verify() {
  if (!getResult().getType().getMutableMemory())
    return emitOpError("cannot load into an immutable buffer");
  if (failed(verifyBarrier(*this, getBarrier())))
    return failure();
  return verifyTMABuffer(*this, getCoord().size(), getResult());
}

void AsyncTMACopyLocalToGlobalOp::getProxyAccesses(
    SmallVectorImpl<ProxyAccess> &accesses) {
  accesses.push_back(asyncAccess(getSrcMutable(), AccessKind::Read));
  accesses.push_back(global(getDescMutable(), AccessKind::Write));
}

LogicalResult AsyncTMACopyLocalToGlobalOp::verify() {
  return verifyTMABuffer(*this, getCoord().size(), getSrc());
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

/// tcgen05.mma reads its inputs (A, B, and the scales of the scaled form)
/// through the async proxy, from both CTAs of the pair for a two-CTA MMA,
/// reads and writes the accumulator D, and arrives on each barrier.
static void addTCGen5MMAAccesses(SmallVectorImpl<ProxyAccess> &accesses,
                                 bool twoCtas, ArrayRef<OpOperand *> inputs,
                                 OpOperand &d, MutableOperandRange barriers) {
  FenceScope scope = scopeIf(twoCtas);
  for (OpOperand *input : inputs)
    accesses.push_back(asyncAccess(*input, AccessKind::Read, scope));
  accesses.push_back(asyncAccess(d, AccessKind::Read));
  accesses.push_back(asyncAccess(d, AccessKind::Write));
  for (OpOperand &barrier : barriers)
    accesses.push_back(asyncArrive(barrier));
}

void TCGen5MMAOp::getProxyAccesses(SmallVectorImpl<ProxyAccess> &accesses) {
  addTCGen5MMAAccesses(accesses, getTwoCtas(), {&getAMutable(), &getBMutable()},
                       getDMutable(), getBarriersMutable());
}

void TCGen5MMAScaledOp::getProxyAccesses(
    SmallVectorImpl<ProxyAccess> &accesses) {
  addTCGen5MMAAccesses(accesses, getTwoCtas(),
                       {&getAMutable(), &getBMutable(), &getAScaleMutable(),
                        &getBScaleMutable()},
                       getDMutable(), getBarriersMutable());
}

/// `%acc[%tok]` both consumes and produces a token: a dependency without a
/// token result could not be printed.
static LogicalResult verifyToken(Operation *op, Value dep, Value token) {
  if (dep && !token)
    return op->emitOpError("has a token dependency but no token result");
  return success();
}

/// tcgen05 MMA: A in SMEM or TMEM, B in SMEM, D in TMEM; async MMAs signal
/// barriers, synchronous ones do not.
template <typename MMAOpT> static LogicalResult verifyTCGen5MMA(MMAOpT op) {
  if (failed(verifyToken(op, op.getAccDep(), op.getToken())))
    return failure();
  if (!isSharedOrCluster(cast<ttg::MemDescType>(op.getB().getType())))
    return op.emitOpError("operand B must live in shared memory");
  // Triton accepts an accumulator view without `mutable` (its verifier
  // does not check it), so this one does not either.
  if (memorySpaceOf(op.getD()) != MemorySpace::Tensor)
    return op.emitOpError("accumulator D must live in tensor memory");
  if (op.getBarriers().size() != op.getBarrierPreds().size())
    return op.emitOpError("needs one predicate per barrier");
  if (!op.getIsAsync() && !op.getBarriers().empty())
    return op.emitOpError("a synchronous MMA cannot signal barriers");
  for (Value barrier : op.getBarriers())
    if (failed(verifyBarrier(op, barrier)))
      return failure();
  return success();
}

LogicalResult TCGen5MMAOp::verify() { return verifyTCGen5MMA(*this); }

LogicalResult TCGen5MMAScaledOp::verify() { return verifyTCGen5MMA(*this); }

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

/// tcgen05.ld/st: a token dependency only with a token result, and the
/// buffer read or written (its `role` in the message) in tensor memory.
static LogicalResult verifyTMEMAccess(Operation *op, Value dep, Value token,
                                      Value buffer, StringRef role) {
  if (failed(verifyToken(op, dep, token)))
    return failure();
  if (memorySpaceOf(buffer) != MemorySpace::Tensor)
    return op->emitOpError() << role << " must live in tensor memory";
  return success();
}

void TMEMLoadOp::getProxyAccesses(SmallVectorImpl<ProxyAccess> &accesses) {
  accesses.push_back(tmemAccess(getSrcMutable(), AccessKind::Read));
}

LogicalResult TMEMLoadOp::verify() {
  return verifyTMEMAccess(*this, getDep(), getToken(), getSrc(), "source");
}

void TMEMStoreOp::getProxyAccesses(SmallVectorImpl<ProxyAccess> &accesses) {
  accesses.push_back(tmemAccess(getDstMutable(), AccessKind::Write));
}

LogicalResult TMEMStoreOp::verify() {
  if (failed(verifyTMEMAccess(*this, getDep(), getToken(), getDst(),
                              "destination")))
    return failure();
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

//===----------------------------------------------------------------------===//
// TMA stores with a token, TMA prefetch, bulk copies
//===----------------------------------------------------------------------===//

LogicalResult AsyncTMAReduceOp::verify() {
  return verifyTMABuffer(*this, getCoord().size(), getSrc());
}

void AsyncTMAPrefetchOp::getProxyAccesses(
    SmallVectorImpl<ProxyAccess> &accesses) {
  // cp.async.bulk.prefetch.tensor: global memory only, no shared memory.
  accesses.push_back(global(getDescMutable(), AccessKind::Read));
}

void TMAStoreTokenWaitOp::getProxyAccesses(
    SmallVectorImpl<ProxyAccess> &accesses) {
  // After cp.async.bulk.wait_group.read the thread arrives on each barrier.
  for (OpOperand &barrier : getBarriersMutable())
    accesses.push_back(mbarrier(barrier, AccessKind::Write));
}
CompletionKind TMAStoreTokenWaitOp::getCompletionKind() {
  return CompletionKind::BulkStoreRead;
}

void AsyncBulkCopyGlobalToLocalOp::getProxyAccesses(
    SmallVectorImpl<ProxyAccess> &accesses) {
  // cp.async.bulk.shared::cta.global.mbarrier::complete_tx::bytes.
  accesses.push_back(global(getSrcMutable(), AccessKind::Read));
  accesses.push_back(asyncAccess(getDstMutable(), AccessKind::Write));
  accesses.push_back(asyncArrive(getBarrierMutable()));
}
CompletionKind AsyncBulkCopyGlobalToLocalOp::getCompletedBy() {
  return CompletionKind::MBarrierPhase;
}
Value AsyncBulkCopyGlobalToLocalOp::getIssuePredicate() { return getPred(); }

void AsyncBulkCopyLocalToGlobalOp::getProxyAccesses(
    SmallVectorImpl<ProxyAccess> &accesses) {
  // cp.async.bulk.global.shared::cta.bulk_group.
  accesses.push_back(asyncAccess(getSrcMutable(), AccessKind::Read));
  accesses.push_back(global(getDstMutable(), AccessKind::Write));
}
CompletionKind AsyncBulkCopyLocalToGlobalOp::getCompletedBy() {
  return CompletionKind::BulkStoreRead;
}
Value AsyncBulkCopyLocalToGlobalOp::getIssuePredicate() { return getPred(); }

void AsyncStoreOp::getProxyAccesses(SmallVectorImpl<ProxyAccess> &accesses) {
  // cp.async.bulk.global.shared::cta.bulk_group (PTX ISA #async-proxy).
  accesses.push_back(asyncAccess(getSrcMutable(), AccessKind::Read));
  accesses.push_back(global(getDstMutable(), AccessKind::Write));
}
CompletionKind AsyncStoreOp::getCompletedBy() {
  return CompletionKind::BulkStoreRead;
}
Value AsyncStoreOp::getIssuePredicate() { return {}; }

void AsyncSharedStoreOp::getProxyAccesses(
    SmallVectorImpl<ProxyAccess> &accesses) {
  // st.async.shared::cluster.mbarrier::complete_tx::bytes: a generic-proxy
  // write into a peer CTA's shared memory (distributed shared memory, hence
  // cluster reach), then a complete_tx on the peer's mbarrier.
  accesses.push_back(
      genericAccess(getDstMutable(), AccessKind::Write, FenceScope::Cluster));
  ProxyAccess arrive = asyncArrive(getBarrierMutable());
  arrive.scope = FenceScope::Cluster;
  accesses.push_back(arrive);
}

void AsyncCopyMbarrierArriveOp::getProxyAccesses(
    SmallVectorImpl<ProxyAccess> &accesses) {
  // cp.async.mbarrier.arrive.shared::cta.b64: the thread's mbarrier
  // instruction; the barrier then tracks its earlier cp.async (generic).
  accesses.push_back(mbarrier(getBarrierMutable(), AccessKind::Write));
}

//===----------------------------------------------------------------------===//
// Execution barriers
//===----------------------------------------------------------------------===//

void NamedBarrierArriveOp::getProxyAccesses(SmallVectorImpl<ProxyAccess> &) {}
std::optional<FenceScope> NamedBarrierArriveOp::getExecutionBarrierScope() {
  return FenceScope::CTA; // bar.arrive
}
void NamedBarrierWaitOp::getProxyAccesses(SmallVectorImpl<ProxyAccess> &) {}
std::optional<FenceScope> NamedBarrierWaitOp::getExecutionBarrierScope() {
  return FenceScope::CTA; // bar.sync
}
void ClusterArriveOp::getProxyAccesses(SmallVectorImpl<ProxyAccess> &) {}
std::optional<FenceScope> ClusterArriveOp::getExecutionBarrierScope() {
  return FenceScope::Cluster; // barrier.cluster.arrive
}
void ClusterWaitOp::getProxyAccesses(SmallVectorImpl<ProxyAccess> &) {}
std::optional<FenceScope> ClusterWaitOp::getExecutionBarrierScope() {
  return FenceScope::Cluster; // barrier.cluster.wait
}
void ClusterBarrierOp::getProxyAccesses(SmallVectorImpl<ProxyAccess> &) {}
std::optional<FenceScope> ClusterBarrierOp::getExecutionBarrierScope() {
  return FenceScope::Cluster; // barrier.cluster.arrive + wait
}

//===----------------------------------------------------------------------===//
// Views
//===----------------------------------------------------------------------===//

Value MapToRemoteBufferOp::getViewSource() { return getSrc(); }

LogicalResult MapToRemoteBufferOp::verify() {
  ttg::MemDescType src = getSrc().getType();
  ttg::MemDescType result = getResult().getType();
  if (src.getShape() != result.getShape() ||
      src.getElementType() != result.getElementType())
    return emitOpError("the remote view must have the shape and element "
                       "type of the local buffer, got ")
           << src << " and " << result;
  if (!src.isSharedMemory())
    return emitOpError("source must live in shared memory (#smem)");
  return success();
}

Value TMEMSubSliceOp::getViewSource() { return getSrc(); }

LogicalResult TMEMSubSliceOp::verify() {
  if (memorySpaceOf(getSrc()) != MemorySpace::Tensor ||
      memorySpaceOf(getResult()) != MemorySpace::Tensor)
    return emitOpError("source and result must live in tensor memory");
  if (!getNAttr() && !(*this)->hasAttr("offset"))
    return emitOpError("needs its first column: `N` (or TLX's `offset`)");
  return success();
}

//===----------------------------------------------------------------------===//
// Cluster launch control, tensor-memory allocation, packed arithmetic
//===----------------------------------------------------------------------===//

void CLCLoadResultOp::getProxyAccesses(SmallVectorImpl<ProxyAccess> &accesses) {
  // ld.shared.b128 of the response (generic proxy).
  accesses.push_back(genericAccess(getSrcMutable(), AccessKind::Read));
}

void TCGen5GlobalAllocOp::getProxyAccesses(
    SmallVectorImpl<ProxyAccess> &accesses) {
  // tcgen05.alloc writes the TMEM address into the shared slot.
  accesses.push_back(ProxyAccess::onScratch(AccessKind::Write, Proxy::Generic));
  accesses.push_back(ProxyAccess::onResult(
      Value(), AccessKind::Alloc, MemorySpace::Tensor, Proxy::Generic));
}
int64_t TCGen5GlobalAllocOp::getSharedScratchSize() { return 4; }
int64_t TCGen5GlobalAllocOp::getSharedScratchAlignment() { return 4; }

/// `kind %a, ... : (T...) -> R`, or `kind, packed, [p, ...], %a, ... axis =
/// N : (T...) -> R`.
ParseResult PackedArithOp::parse(OpAsmParser &parser, OperationState &result) {
  Builder &builder = parser.getBuilder();
  StringRef kind;
  if (parser.parseKeyword(&kind))
    return failure();
  result.addAttribute(getOpKindAttrName(result.name),
                      builder.getStringAttr(kind));
  bool explicitTypes = succeeded(parser.parseOptionalComma());
  if (explicitTypes) {
    StringRef packed;
    SmallVector<Attribute> operandTypes;
    if (parser.parseKeyword(&packed) || parser.parseComma() ||
        parser.parseCommaSeparatedList(
            OpAsmParser::Delimiter::Square,
            [&]() -> ParseResult {
              StringRef name;
              if (parser.parseKeyword(&name))
                return failure();
              operandTypes.push_back(builder.getStringAttr(name));
              return success();
            }) ||
        parser.parseComma())
      return failure();
    result.addAttribute(getPackedTypeAttrName(result.name),
                        builder.getStringAttr(packed));
    result.addAttribute(getOperandPackedTypesAttrName(result.name),
                        builder.getArrayAttr(operandTypes));
  }
  SmallVector<OpAsmParser::UnresolvedOperand> operands;
  if (parser.parseOperandList(operands))
    return failure();
  if (explicitTypes) {
    int32_t axis;
    if (parser.parseKeyword("axis") || parser.parseEqual() ||
        parser.parseInteger(axis))
      return failure();
    result.addAttribute(getAxisAttrName(result.name),
                        builder.getI32IntegerAttr(axis));
  }
  FunctionType type;
  SMLoc typeLoc = parser.getCurrentLocation();
  if (parser.parseOptionalAttrDict(result.attributes) || parser.parseColon() ||
      parser.parseType(type) ||
      parser.resolveOperands(operands, type.getInputs(), typeLoc,
                             result.operands))
    return failure();
  result.addTypes(type.getResults());
  return success();
}

void PackedArithOp::print(OpAsmPrinter &printer) {
  printer << " " << getOpKind();
  if (auto packed = getPackedTypeAttr()) {
    printer << ", " << packed.getValue() << ", [";
    if (auto operandTypes = getOperandPackedTypesAttr())
      llvm::interleaveComma(operandTypes, printer, [&](Attribute name) {
        printer << cast<StringAttr>(name).getValue();
      });
    printer << "],";
  }
  printer << " " << getOperands();
  if (auto axis = getAxisAttr())
    printer << " axis = " << axis.getInt();
  printer.printOptionalAttrDict((*this)->getAttrs(),
                                {getOpKindAttrName(), getPackedTypeAttrName(),
                                 getOperandPackedTypesAttrName(),
                                 getAxisAttrName()});
  printer << " : ";
  printer.printFunctionalType(getOperands().getTypes(),
                              (*this)->getResultTypes());
}

LogicalResult PackedArithOp::verify() {
  StringRef kind = getOpKind();
  if (!llvm::is_contained({"add", "sub", "mul", "fma", "min", "max"}, kind))
    return emitOpError("unknown packed operation '")
           << kind << "' (expected add, sub, mul, fma, min or max)";
  size_t expected = kind == "fma" ? 3 : 2;
  if (getOperands().size() != expected)
    return emitOpError() << kind << " takes " << expected << " operands, got "
                         << getOperands().size();
  if (auto operandTypes = getOperandPackedTypesAttr();
      operandTypes && operandTypes.size() != getOperands().size())
    return emitOpError("names ")
           << operandTypes.size() << " operand lane types for "
           << getOperands().size() << " operands";
  return success();
}

//===----------------------------------------------------------------------===//
// Tensormaps
//===----------------------------------------------------------------------===//

void TensormapCreateOp::getProxyAccesses(
    SmallVectorImpl<ProxyAccess> &accesses) {
  // st.shared of each field into the 128-byte scratch (generic proxy), then
  // tensormap.cp_fenceproxy reads it and writes the tensormap in global
  // memory.
  accesses.push_back(ProxyAccess::onScratch(AccessKind::Write, Proxy::Generic));
  accesses.push_back(ProxyAccess::onScratch(AccessKind::Read, Proxy::Generic));
  accesses.push_back(
      ProxyAccess::onOperand(getDescPtrMutable(), AccessKind::Write,
                             MemorySpace::Global, Proxy::Generic));
}
int64_t TensormapCreateOp::getSharedScratchSize() { return 128; }
int64_t TensormapCreateOp::getSharedScratchAlignment() { return 128; }

// The abstract CLC ops: their response buffer and mbarrier are materialized
// later, so they access no buffer of the IR (only their effects order them).
void CLCAdvanceOp::getProxyAccesses(SmallVectorImpl<ProxyAccess> &) {}
void CLCTryCancelAsyncOp::getProxyAccesses(SmallVectorImpl<ProxyAccess> &) {}
void CLCReadOp::getProxyAccesses(SmallVectorImpl<ProxyAccess> &) {}

//===----------------------------------------------------------------------===//
// Subtiled regions
//===----------------------------------------------------------------------===//

static bool isSubtiledRegionName(StringRef name) {
  return name == "setup" || name == "tile" || name == "teardown";
}

/// `ttng.subtiled_region name(%a, %b : T, U) ... key = attr ... {attrs}
/// setup {...} tile(%x: T) {...} teardown {...} (-> (types))?`
ParseResult SubtiledRegionOp::parse(OpAsmParser &parser,
                                    OperationState &result) {
  Builder &builder = parser.getBuilder();
  SmallVector<Attribute> groupNames, headerNames, regionNames;
  SmallVector<int32_t> groupSizes;
  StringRef keyword;
  bool haveRegionKeyword = false;
  // The header: operand groups and `key = value` entries.
  while (succeeded(parser.parseOptionalKeyword(&keyword))) {
    if (isSubtiledRegionName(keyword)) {
      haveRegionKeyword = true;
      break;
    }
    if (succeeded(parser.parseOptionalLParen())) {
      SmallVector<OpAsmParser::UnresolvedOperand> operands;
      SmallVector<Type> types;
      if (parser.parseOperandList(operands))
        return failure();
      if (!operands.empty() && parser.parseColonTypeList(types))
        return failure();
      if (parser.parseRParen() ||
          parser.resolveOperands(operands, types, parser.getNameLoc(),
                                 result.operands))
        return failure();
      groupNames.push_back(builder.getStringAttr(keyword));
      groupSizes.push_back(operands.size());
      continue;
    }
    Attribute value;
    if (parser.parseEqual() || parser.parseAttribute(value))
      return failure();
    result.addAttribute(keyword, value);
    headerNames.push_back(builder.getStringAttr(keyword));
  }
  if (!haveRegionKeyword) {
    if (parser.parseOptionalAttrDict(result.attributes) ||
        parser.parseKeyword(&keyword))
      return failure();
    if (!isSubtiledRegionName(keyword))
      return parser.emitError(parser.getCurrentLocation(),
                              "expected 'setup', 'tile' or 'teardown', got '")
             << keyword << "'";
  }
  // The regions, each named, the tile one with its arguments.
  do {
    SmallVector<OpAsmParser::Argument> arguments;
    if (succeeded(parser.parseOptionalLParen())) {
      if (failed(parser.parseOptionalRParen()) &&
          (parser.parseArgumentList(arguments, OpAsmParser::Delimiter::None,
                                    /*allowType=*/true) ||
           parser.parseRParen()))
        return failure();
    }
    Region *region = result.addRegion();
    if (parser.parseRegion(*region, arguments))
      return failure();
    regionNames.push_back(builder.getStringAttr(keyword));
  } while (succeeded(
      parser.parseOptionalKeyword(&keyword, {"setup", "tile", "teardown"})));
  // Results: `-> (T, ...)` as TLX prints them (`: T, ...` accepted too).
  SmallVector<Type> resultTypes;
  if (!result.regions.empty()) {
    if (succeeded(parser.parseOptionalArrow())) {
      if (parser.parseLParen() || parser.parseTypeList(resultTypes) ||
          parser.parseRParen())
        return failure();
    } else if (succeeded(parser.parseOptionalColon()) &&
               parser.parseTypeList(resultTypes)) {
      return failure();
    }
  }
  result.addTypes(resultTypes);
  result.addAttribute(getOperandGroupNamesAttrName(result.name),
                      builder.getArrayAttr(groupNames));
  result.addAttribute(getOperandGroupSizesAttrName(result.name),
                      builder.getDenseI32ArrayAttr(groupSizes));
  result.addAttribute(getHeaderAttrNamesAttrName(result.name),
                      builder.getArrayAttr(headerNames));
  result.addAttribute(getRegionNamesAttrName(result.name),
                      builder.getArrayAttr(regionNames));
  return success();
}

void SubtiledRegionOp::print(OpAsmPrinter &printer) {
  ValueRange operands = getGroupOperands();
  unsigned next = 0;
  for (auto [name, size] :
       llvm::zip(getOperandGroupNames(), getOperandGroupSizes())) {
    ValueRange group = operands.slice(next, size);
    next += size;
    printer << " " << cast<StringAttr>(name).getValue() << "(";
    printer << group;
    if (!group.empty()) {
      printer << " : ";
      llvm::interleaveComma(group.getTypes(), printer);
    }
    printer << ")";
  }
  SmallVector<StringRef> elided = {
      getOperandGroupNamesAttrName(), getOperandGroupSizesAttrName(),
      getHeaderAttrNamesAttrName(), getRegionNamesAttrName()};
  for (Attribute name : getHeaderAttrNames()) {
    StringRef key = cast<StringAttr>(name).getValue();
    if (Attribute value = (*this)->getAttr(key)) {
      printer << " " << key << " = ";
      printer.printAttribute(value);
    }
    elided.push_back(key);
  }
  printer.printOptionalAttrDict((*this)->getAttrs(), elided);
  for (auto [name, region] : llvm::zip(getRegionNames(), getBodies())) {
    printer << " " << cast<StringAttr>(name).getValue();
    bool tile = cast<StringAttr>(name).getValue() == "tile";
    if (tile && !region.empty() && region.getNumArguments() != 0) {
      printer << "(";
      llvm::interleaveComma(
          region.getArguments(), printer,
          [&](BlockArgument arg) { printer.printRegionArgument(arg); });
      printer << ")";
    }
    printer << " ";
    printer.printRegion(region, /*printEntryBlockArgs=*/!tile);
  }
  if (getNumResults() != 0) {
    printer << " -> (";
    llvm::interleaveComma(getResultTypes(), printer);
    printer << ")";
  }
}

LogicalResult SubtiledRegionOp::verify() {
  int64_t total = 0;
  for (int32_t size : getOperandGroupSizes())
    total += size;
  if (getOperandGroupNames().size() != getOperandGroupSizes().size() ||
      total != static_cast<int64_t>(getGroupOperands().size()))
    return emitOpError("operand groups do not cover the operands");
  if (getRegionNames().size() != getBodies().size())
    return emitOpError("needs one name per region");
  if (!getNamedRegion("tile"))
    return emitOpError("needs a 'tile' region");
  return success();
}

Region *SubtiledRegionOp::getNamedRegion(StringRef name) {
  for (auto [regionName, region] : llvm::zip(getRegionNames(), getBodies()))
    if (cast<StringAttr>(regionName).getValue() == name)
      return &region;
  return nullptr;
}
