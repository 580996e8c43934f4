//===- Ops.cpp - ttg ops ------------------------------------------------===//
//
// Proxy accesses (the proxy model, per op), verifiers, and the custom syntax
// of ttg.warp_specialize, ttg.barrier and memdesc_subslice offsets.
//
//===----------------------------------------------------------------------===//

#include "proxyfence/Dialect/TritonGPU/IR/Dialect.h"

#include "mlir/IR/OpImplementation.h"
#include "mlir/Transforms/RegionUtils.h"

using namespace mlir;
using namespace proxyfence;
using namespace proxyfence::ttg;

/// `[0, 32]` of memdesc_subslice, without the `array<i32:` wrapper.
static ParseResult parseOffsets(OpAsmParser &parser,
                                DenseI32ArrayAttr &offsets) {
  SmallVector<int32_t> values;
  if (parser.parseCommaSeparatedList([&]() -> ParseResult {
        int32_t value;
        if (parser.parseInteger(value))
          return failure();
        values.push_back(value);
        return success();
      }))
    return failure();
  offsets = DenseI32ArrayAttr::get(parser.getContext(), values);
  return success();
}

static void printOffsets(OpAsmPrinter &printer, Operation *,
                         DenseI32ArrayAttr offsets) {
  llvm::interleaveComma(offsets.asArrayRef(), printer);
}

#define GET_OP_CLASSES
#include "proxyfence/Dialect/TritonGPU/IR/TritonGPUOps.cpp.inc"

//===----------------------------------------------------------------------===//
// Proxy accesses: how each op touches shared memory, and through which proxy
//===----------------------------------------------------------------------===//

/// A thread's generic-proxy access (ld/st/atom.shared) of the shared-memory
/// buffer `operand` names.
static ProxyAccess genericAccess(OpOperand &operand, AccessKind kind,
                                 FenceScope scope = FenceScope::CTA) {
  return ProxyAccess::onOperand(operand, kind, MemorySpace::Shared,
                                Proxy::Generic, scope);
}

void LocalAllocOp::getProxyAccesses(SmallVectorImpl<ProxyAccess> &accesses) {
  accesses.push_back(ProxyAccess::onResult(getResult(), AccessKind::Alloc,
                                           MemorySpace::Shared,
                                           Proxy::Generic));
  if (!getSrc())
    return;
  // Initialising from registers is an st.shared / stmatrix: generic proxy.
  // Before TMA lowering, an allocation of a descriptor load's result with
  // the descriptor's own shared layout is not a copy: TMA lowering makes
  // this buffer the TMA destination, so it is written by the async proxy.
  Operation *def = getSrc().getDefiningOp();
  Value desc;
  if (auto load = dyn_cast_or_null<tt::DescriptorLoadOp>(def))
    desc = load.getDesc();
  else if (auto gather = dyn_cast_or_null<tt::DescriptorGatherOp>(def))
    desc = gather.getDesc();
  bool isTMADestination =
      desc && cast<tt::TensorDescType>(desc.getType()).getSharedEncoding() ==
                  getResult().getType().getEncoding();
  accesses.push_back(ProxyAccess::onResult(
      getResult(), AccessKind::Write, MemorySpace::Shared,
      isTMADestination ? Proxy::Async : Proxy::Generic));
}

void LocalDeallocOp::getProxyAccesses(
    SmallVectorImpl<ProxyAccess> &accesses) {
  accesses.push_back(genericAccess(getSrcMutable(), AccessKind::Free));
}

void LocalLoadOp::getProxyAccesses(SmallVectorImpl<ProxyAccess> &accesses) {
  accesses.push_back(genericAccess(getSrcMutable(), AccessKind::Read));
}

void LocalStoreOp::getProxyAccesses(SmallVectorImpl<ProxyAccess> &accesses) {
  accesses.push_back(genericAccess(getDstMutable(), AccessKind::Write));
}

void AsyncCopyGlobalToLocalOp::getProxyAccesses(
    SmallVectorImpl<ProxyAccess> &accesses) {
  accesses.push_back(ProxyAccess::onOperand(getSrcMutable(), AccessKind::Read,
                                            MemorySpace::Global,
                                            Proxy::Generic));
  if (getUseBulk()) {
    // cp.async.bulk.shared::cta.global: a bulk copy, so the async proxy
    // writes the buffer (PTX ISA #async-proxy), and the copy unit arrives
    // on the barrier (complete_tx).
    accesses.push_back(ProxyAccess::onOperand(getResultMutable(),
                                              AccessKind::Write,
                                              MemorySpace::Shared,
                                              Proxy::Async));
    if (getBarrier())
      accesses.push_back(ProxyAccess::onOperand(
          getBarrierMutable()[0], AccessKind::Write, MemorySpace::Shared,
          Proxy::AsyncArrive));
    return;
  }
  // Non-bulk cp.async is a generic-proxy write (PTX ISA #async-proxy lists
  // only the bulk forms as async proxy).
  accesses.push_back(genericAccess(getResultMutable(), AccessKind::Write));
}

CompletionKind AsyncCopyGlobalToLocalOp::getCompletedBy() {
  return getUseBulk() ? CompletionKind::MBarrierPhase : CompletionKind::None;
}

Value AsyncCopyGlobalToLocalOp::getIssuePredicate() { return {}; }

void LocalGatherOp::getProxyAccesses(SmallVectorImpl<ProxyAccess> &accesses) {
  // Per-thread ld.shared: generic proxy.
  accesses.push_back(genericAccess(getSrcMutable(), AccessKind::Read));
}

void LocalScatterOp::getProxyAccesses(SmallVectorImpl<ProxyAccess> &accesses) {
  // Per-thread st.shared: generic proxy.
  accesses.push_back(genericAccess(getDstMutable(), AccessKind::Write));
}

void LocalAtomicScatterRMWOp::getProxyAccesses(
    SmallVectorImpl<ProxyAccess> &accesses) {
  // atom.shared reads and writes through the generic proxy.
  accesses.push_back(genericAccess(getDstMutable(), AccessKind::Read));
  accesses.push_back(genericAccess(getDstMutable(), AccessKind::Write));
}

void RemoteShmemStoreOp::getProxyAccesses(
    SmallVectorImpl<ProxyAccess> &accesses) {
  // st.shared::cluster through a mapa'd address: a generic-proxy write that
  // reaches another CTA's shared memory (#async-proxy lists only bulk and
  // tensor copies as async).
  accesses.push_back(
      genericAccess(getDstMutable(), AccessKind::Write, FenceScope::Cluster));
}

void AsyncRemoteShmemStoreOp::getProxyAccesses(
    SmallVectorImpl<ProxyAccess> &accesses) {
  // st.async.shared::cluster: asynchronous, but a generic-proxy write; its
  // complete_tx lands on the remote CTA's mbarrier (completion, not data).
  accesses.push_back(
      genericAccess(getDstMutable(), AccessKind::Write, FenceScope::Cluster));
  accesses.push_back(ProxyAccess::onOperand(
      getBarrierMutable(), AccessKind::Write, MemorySpace::Shared,
      Proxy::AsyncArrive, FenceScope::Cluster));
}

void AsyncRemoteShmemCopyOp::getProxyAccesses(
    SmallVectorImpl<ProxyAccess> &accesses) {
  // cp.async.bulk.shared::cluster.shared::cta: a bulk copy, performed by the
  // async proxy (#async-proxy): it reads the local source and writes the
  // destination in another CTA, then completes on that CTA's mbarrier.
  accesses.push_back(ProxyAccess::onOperand(getSrcMutable(), AccessKind::Read,
                                            MemorySpace::Shared,
                                            Proxy::Async));
  accesses.push_back(ProxyAccess::onOperand(
      getDstMutable(), AccessKind::Write, MemorySpace::Shared, Proxy::Async,
      FenceScope::Cluster));
  accesses.push_back(ProxyAccess::onOperand(
      getBarrierMutable(), AccessKind::Write, MemorySpace::Shared,
      Proxy::AsyncArrive, FenceScope::Cluster));
}

CompletionKind AsyncRemoteShmemCopyOp::getCompletedBy() {
  // The only completion of this form is the mbarrier's complete_tx.
  return CompletionKind::MBarrierPhase;
}

Value AsyncRemoteShmemCopyOp::getIssuePredicate() { return {}; }

// Execution barriers (bar.sync) touch no buffer; fences go before them.
void LocalBarrierOp::getProxyAccesses(SmallVectorImpl<ProxyAccess> &) {}
bool LocalBarrierOp::isExecutionBarrier() { return true; }
void BarrierOp::getProxyAccesses(SmallVectorImpl<ProxyAccess> &) {}
bool BarrierOp::isExecutionBarrier() { return true; }

void AsyncCommitGroupOp::getProxyAccesses(SmallVectorImpl<ProxyAccess> &) {}
CompletionKind AsyncCommitGroupOp::getCompletionKind() {
  return CompletionKind::None;
}

void AsyncWaitOp::getProxyAccesses(SmallVectorImpl<ProxyAccess> &) {}
CompletionKind AsyncWaitOp::getCompletionKind() {
  return CompletionKind::CpAsyncGroup;
}

//===----------------------------------------------------------------------===//
// Verifiers
//===----------------------------------------------------------------------===//

LogicalResult LocalAllocOp::verify() {
  MemDescType type = getResult().getType();
  if (!type.isSharedMemory())
    return emitOpError("result must be in shared memory (#ttg.shared_memory)");
  if (!getSrc()) {
    if (!type.getMutableMemory())
      return emitOpError("an uninitialised buffer must be mutable");
    return success();
  }
  auto src = cast<RankedTensorType>(getSrc().getType());
  if (src.getElementType() != type.getElementType())
    return emitOpError("source element type ")
           << src.getElementType() << " does not match buffer element type "
           << type.getElementType();
  if (src.getShape() != type.getShape())
    return emitOpError("source shape does not match buffer shape");
  return success();
}

/// local_load and local_store: the tensor has the buffer's element type and
/// shape (`names` names the two in the message).
static LogicalResult verifyLocalCopy(Operation *op, MemDescType buffer,
                                     Type tensor, StringRef names) {
  auto tensorType = cast<RankedTensorType>(tensor);
  if (buffer.getElementType() != tensorType.getElementType())
    return op->emitOpError("element types of ") << names << " differ";
  if (buffer.getShape() != tensorType.getShape())
    return op->emitOpError("shapes of ") << names << " differ";
  return success();
}

LogicalResult LocalLoadOp::verify() {
  return verifyLocalCopy(*this, getSrc().getType(), getResult().getType(),
                         "buffer and result");
}

LogicalResult LocalStoreOp::verify() {
  if (!getDst().getType().getMutableMemory())
    return emitOpError("cannot store into an immutable buffer");
  return verifyLocalCopy(*this, getDst().getType(), getSrc().getType(),
                         "value and buffer");
}

/// Views keep the memory space and element type (except reinterpret, which
/// may change the element type). Mutability may differ: Triton accepts an
/// immutable view of a mutable buffer (and does not check the converse).
static LogicalResult verifyView(Operation *op, MemDescType src,
                                MemDescType result, bool sameElementType) {
  if (src.getMemorySpace() != result.getMemorySpace())
    return op->emitOpError("view must stay in the memory space of its source");
  if (sameElementType && src.getElementType() != result.getElementType())
    return op->emitOpError("view must keep the element type of its source");
  return success();
}

LogicalResult MemDescIndexOp::verify() {
  MemDescType src = getSrc().getType(), result = getResult().getType();
  if (failed(verifyView(*this, src, result, true)))
    return failure();
  if (src.getRank() < 2)
    return emitOpError("source must have rank >= 2");
  if (result.getShape() != src.getShape().drop_front())
    return emitOpError("result shape must be the source shape without its "
                       "leading dimension");
  return success();
}

/// A subslice, static or dynamic: a view with one offset per dimension and
/// the rank of its source.
static LogicalResult verifySubslice(Operation *op, MemDescType src,
                                    MemDescType result, size_t numOffsets) {
  if (failed(verifyView(op, src, result, true)))
    return failure();
  if (numOffsets != static_cast<size_t>(src.getRank()) ||
      result.getRank() != src.getRank())
    return op->emitOpError("needs one offset per dimension and a result of "
                           "the source's rank");
  return success();
}

LogicalResult MemDescSubsliceOp::verify() {
  MemDescType src = getSrc().getType(), result = getResult().getType();
  ArrayRef<int32_t> offsets = getOffsets();
  if (failed(verifySubslice(*this, src, result, offsets.size())))
    return failure();
  // Triton's rules: a dimension kept whole has offset 0; a split one an
  // offset that is a multiple of the slice (Triton checks no bounds; the
  // analyses take an out-of-bounds slice as the whole source).
  for (auto [offset, dim, srcDim] :
       llvm::zip(offsets, result.getShape(), src.getShape())) {
    if (dim == srcDim) {
      if (offset != 0)
        return emitOpError("a non-zero offset in a dimension that is not "
                           "split");
      continue;
    }
    if (offset & (dim - 1))
      return emitOpError("the split offset ")
             << offset << " is not a multiple of the slice size " << dim;
  }
  return success();
}

LogicalResult MemDescDynamicSubsliceOp::verify() {
  MemDescType src = getSrc().getType();
  if (failed(verifySubslice(*this, src, getResult().getType(),
                            getOffsets().size())))
    return failure();
  // As Triton: no run-time choice of a partition.
  if (isa_and_present<PartitionedSharedEncodingAttr>(src.getEncoding()))
    return emitOpError("cannot take a dynamic subslice of a "
                       "#ttg.partitioned_shared buffer");
  return success();
}

LogicalResult MemDescTransOp::verify() {
  MemDescType src = getSrc().getType(), result = getResult().getType();
  if (failed(verifyView(*this, src, result, true)))
    return failure();
  ArrayRef<int32_t> order = getOrder();
  if (order.size() != static_cast<size_t>(src.getRank()))
    return emitOpError("order must have one entry per dimension");
  SmallVector<bool> seen(order.size(), false);
  for (auto [index, dim] : llvm::enumerate(order)) {
    if (dim < 0 || static_cast<size_t>(dim) >= order.size() || seen[dim])
      return emitOpError("order must be a permutation");
    seen[dim] = true;
    if (result.getShape()[index] != src.getShape()[dim])
      return emitOpError("result shape is not the permuted source shape");
  }
  return success();
}

LogicalResult MemDescReshapeOp::verify() {
  MemDescType src = getSrc().getType(), result = getResult().getType();
  if (failed(verifyView(*this, src, result, true)))
    return failure();
  if (src.getNumElements() != result.getNumElements())
    return emitOpError("reshape must keep the number of elements");
  return success();
}

LogicalResult MemDescReinterpretOp::verify() {
  MemDescType src = getSrc().getType(), result = getResult().getType();
  return verifyView(*this, src, result, false);
}

LogicalResult Fp4ToFpOp::verify() {
  auto src = cast<RankedTensorType>(getSrc().getType());
  auto result = cast<RankedTensorType>(getResult().getType());
  int64_t axis = getAxis();
  if (axis < 0 || axis >= src.getRank() || result.getRank() != src.getRank())
    return emitOpError("axis ") << axis << " out of range for rank "
                                << src.getRank();
  for (auto [dim, srcDim, resultDim] :
       llvm::enumerate(src.getShape(), result.getShape()))
    if (resultDim != (static_cast<int64_t>(dim) == axis ? 2 * srcDim : srcDim))
      return emitOpError("result must be the source with dimension ")
             << axis << " doubled (two fp4 values per byte)";
  return success();
}

//===----------------------------------------------------------------------===//
// ttg.barrier
//===----------------------------------------------------------------------===//

static constexpr StringLiteral kBarrierSpaces[] = {
    "none",        "local",        "global_read", "global_write",
    "tensor_read", "tensor_write", "all"};

ParseResult BarrierOp::parse(OpAsmParser &parser, OperationState &result) {
  SmallVector<Attribute> spaces;
  do {
    SMLoc loc = parser.getCurrentLocation();
    StringRef space;
    if (parser.parseKeyword(&space))
      return failure();
    if (!llvm::is_contained(kBarrierSpaces, space))
      return parser.emitError(loc, "unknown barrier address space '")
             << space
             << "'; expected none, local, global_read, global_write, "
                "tensor_read, tensor_write or all";
    spaces.push_back(parser.getBuilder().getStringAttr(space));
  } while (succeeded(parser.parseOptionalVerticalBar()));
  result.addAttribute(getAddrSpacesAttrName(result.name),
                      parser.getBuilder().getArrayAttr(spaces));
  return parser.parseOptionalAttrDict(result.attributes);
}

void BarrierOp::print(OpAsmPrinter &printer) {
  printer << " ";
  llvm::interleave(
      getAddrSpaces().getAsValueRange<StringAttr>(), printer,
      [&](StringRef space) { printer << space; }, "|");
  printer.printOptionalAttrDict((*this)->getAttrs(),
                                {getAddrSpacesAttrName()});
}

LogicalResult BarrierOp::verify() {
  if (getAddrSpaces().empty())
    return emitOpError("needs at least one address space");
  if (getAddrSpaces().size() > 1 &&
      llvm::is_contained(getAddrSpaces().getAsValueRange<StringAttr>(),
                         "none"))
    return emitOpError("'none' cannot be combined with other address spaces");
  return success();
}

//===----------------------------------------------------------------------===//
// ttg.warp_specialize
//===----------------------------------------------------------------------===//

WarpSpecializeOp proxyfence::ttg::getWarpSpecializeOf(Region *region) {
  Operation *parent = region ? region->getParentOp() : nullptr;
  if (auto ws = dyn_cast_or_null<WarpSpecializeOp>(parent))
    return region == &ws.getDefaultRegion() ? ws : WarpSpecializeOp();
  if (auto partitions = dyn_cast_or_null<WarpSpecializePartitionsOp>(parent))
    return partitions->getParentOfType<WarpSpecializeOp>();
  return {};
}

WarpSpecializePartitionsOp WarpSpecializeOp::getPartitionOp() {
  Region &holder = getPartitionOpHolder();
  if (holder.empty() || holder.front().empty())
    return {};
  return dyn_cast<WarpSpecializePartitionsOp>(holder.front().front());
}

MutableArrayRef<Region> WarpSpecializeOp::getPartitionRegions() {
  if (WarpSpecializePartitionsOp partitions = getPartitionOp())
    return partitions.getPartitionRegions();
  return {};
}

OperandRange WarpSpecializeOp::getExplicitCaptures() {
  if (WarpSpecializePartitionsOp partitions = getPartitionOp())
    return partitions.getExplicitCaptures();
  return (*this)->getOperands(); // empty: the op itself has no operands
}

/// `(captures) attributes {..}? default region (partitionN(args)
/// num_warps(W) region)* : (capture types) -> (results)`; the partition
/// regions go into a ttg.warp_specialize.partitions op, the captures become
/// its operands.
ParseResult WarpSpecializeOp::parse(OpAsmParser &parser,
                                    OperationState &result) {
  SmallVector<OpAsmParser::UnresolvedOperand> captures;
  SMLoc capturesLoc = parser.getCurrentLocation();
  if (parser.parseOperandList(captures, OpAsmParser::Delimiter::Paren) ||
      parser.parseOptionalAttrDictWithKeyword(result.attributes) ||
      parser.parseKeyword("default"))
    return failure();
  Region *defaultRegion = result.addRegion();
  if (parser.parseRegion(*defaultRegion, /*arguments=*/{}))
    return failure();

  SmallVector<int32_t> numWarps;
  SmallVector<std::unique_ptr<Region>> partitions;
  for (unsigned index = 0;; ++index) {
    std::string keyword = ("partition" + Twine(index)).str();
    if (failed(parser.parseOptionalKeyword(keyword)))
      break;
    SmallVector<OpAsmParser::Argument> arguments;
    int32_t warps;
    if (parser.parseArgumentList(arguments, OpAsmParser::Delimiter::Paren,
                                 /*allowType=*/true) ||
        parser.parseKeyword("num_warps") || parser.parseLParen() ||
        parser.parseInteger(warps) || parser.parseRParen())
      return failure();
    numWarps.push_back(warps);
    auto region = std::make_unique<Region>();
    if (parser.parseRegion(*region, arguments))
      return failure();
    partitions.push_back(std::move(region));
  }
  result.addAttribute(getPartitionNumWarpsAttrName(result.name),
                      parser.getBuilder().getDenseI32ArrayAttr(numWarps));

  FunctionType type;
  SmallVector<Value> captureValues;
  if (parser.parseColon() || parser.parseType(type) ||
      parser.resolveOperands(captures, type.getInputs(), capturesLoc,
                             captureValues))
    return failure();
  result.addTypes(type.getResults());

  Region *holder = result.addRegion();
  OpBuilder builder(parser.getContext());
  builder.createBlock(holder);
  OperationState partitionsState(result.location,
                                 WarpSpecializePartitionsOp::getOperationName());
  partitionsState.addOperands(captureValues);
  for (std::unique_ptr<Region> &region : partitions)
    partitionsState.addRegion(std::move(region));
  builder.create(partitionsState);
  return success();
}

void WarpSpecializeOp::print(OpAsmPrinter &printer) {
  printer << "(" << getExplicitCaptures() << ")";
  printer.printOptionalAttrDictWithKeyword((*this)->getAttrs(),
                                           {getPartitionNumWarpsAttrName()});
  printer.printNewline();
  printer << "default ";
  printer.printRegion(getDefaultRegion(), /*printEntryBlockArgs=*/false);
  for (auto [index, region] : llvm::enumerate(getPartitionRegions())) {
    printer.printNewline();
    printer << "partition" << index << "(";
    llvm::interleaveComma(region.getArguments(), printer,
                          [&](BlockArgument arg) {
                            printer.printRegionArgument(arg);
                          });
    printer << ") num_warps(" << getPartitionNumWarps()[index] << ") ";
    printer.printRegion(region, /*printEntryBlockArgs=*/false);
  }
  printer << " : ";
  printer.printFunctionalType(getExplicitCaptures().getTypes(),
                              getResultTypes());
}

LogicalResult WarpSpecializeOp::verify() {
  Region &holder = getPartitionOpHolder();
  if (holder.empty() || !holder.hasOneBlock() ||
      !llvm::hasSingleElement(holder.front()) || !getPartitionOp())
    return emitOpError("its second region must hold exactly one "
                       "ttg.warp_specialize.partitions op");
  if (getPartitionNumWarps().size() != getPartitionRegions().size())
    return emitOpError("has ")
           << getPartitionRegions().size() << " partitions but "
           << getPartitionNumWarps().size() << " num_warps entries";
  for (auto [index, region] : llvm::enumerate(getPartitionRegions())) {
    int32_t warps = getPartitionNumWarps()[index];
    if (warps <= 0 || !llvm::isPowerOf2_32(warps))
      return emitOpError("partition ")
             << index << " has num_warps(" << warps
             << "), which is not a power of two";
    if (region.getNumArguments() != getExplicitCaptures().size())
      return emitOpError("partition ")
             << index << " takes " << region.getNumArguments()
             << " arguments but the op captures "
             << getExplicitCaptures().size();
    for (auto [arg, capture] :
         llvm::zip(region.getArguments(), getExplicitCaptures()))
      if (arg.getType() != capture.getType())
        return emitOpError("partition ")
               << index << " argument type " << arg.getType()
               << " does not match capture type " << capture.getType();
    // Partitions run on other warps: they may only use their arguments.
    llvm::SetVector<Value> outside;
    getUsedValuesDefinedAbove(region, outside);
    if (!outside.empty())
      return emitOpError("partition ")
             << index
             << " uses a value defined outside it; partitions are isolated "
                "and see only their block arguments";
  }
  Operation *terminator = getDefaultRegion().back().getTerminator();
  if (terminator && terminator->getNumOperands() != getNumResults())
    return emitOpError("default region yields ")
           << terminator->getNumOperands() << " values but the op has "
           << getNumResults() << " results";
  return success();
}
