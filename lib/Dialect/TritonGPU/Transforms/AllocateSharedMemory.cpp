//===- AllocateSharedMemory.cpp - liveness-based shared-memory offsets ---===//
//
// Gives every shared-memory `ttg.local_alloc`, every op that needs
// shared-memory scratch and every `ttg.warp_specialize` (its capture
// storage) an `allocation.offset`, and the module its `ttg.shared` size.
//
// Each function is numbered in a linear program order (pre-order, nested
// regions included). A buffer's live interval covers its allocation and
// every op that uses it, as BufferRegionAnalysis resolves memdesc values;
// it is widened to whole loops, whole warp_specialize ops and whole CFG
// blocks where the buffer is reached again or used concurrently. Buffers
// whose intervals overlap get disjoint byte ranges, by deterministic
// first-fit. See docs/allocation.md.
//
//===----------------------------------------------------------------------===//

#include "proxyfence/Dialect/TritonGPU/Transforms/Passes.h"

#include "proxyfence/Analysis/BufferRegion.h"
#include "proxyfence/Dialect/Triton/IR/Dialect.h"
#include "proxyfence/Dialect/TritonGPU/IR/Dialect.h"
#include "proxyfence/Dialect/TritonNvidiaGPU/IR/Dialect.h"
#include "proxyfence/Interfaces/ProxyAccess.h"
#include "proxyfence/Support/InterfaceLookup.h"
#include "proxyfence/Support/ParallelFunctions.h"
#include "proxyfence/Support/WarmAhead.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallVectorExtras.h"
#include "llvm/Support/MathExtras.h"

namespace proxyfence::ttg {
#define GEN_PASS_DEF_PROXYFENCEALLOCATESHAREDMEMORY
#include "proxyfence/Dialect/TritonGPU/Transforms/Passes.h.inc"
} // namespace proxyfence::ttg

using namespace mlir;
using namespace proxyfence;

namespace {

constexpr llvm::StringLiteral kOffsetAttr = "allocation.offset";
constexpr llvm::StringLiteral kSizeAttr = "allocation.size";
constexpr llvm::StringLiteral kSharedAttr = "ttg.shared";
constexpr int64_t kDefaultAlignment = 16;

//===----------------------------------------------------------------------===//
// Sizes and alignments
//===----------------------------------------------------------------------===//

/// Bytes one element of `type` takes in shared memory: integers and floats
/// by bit width (at least one byte), anything else (pointers, descriptors,
/// memdescs) as a 64-bit pointer.
int64_t getElementBytes(Type type) {
  if (auto shaped = dyn_cast<ShapedType>(type))
    type = shaped.getElementType();
  if (type.isIntOrFloat())
    return std::max<int64_t>(1, llvm::divideCeil(type.getIntOrFloatBitWidth(),
                                                 8));
  return 8;
}

/// Alignment of a shared buffer: an nvmma_shared layout with an N-byte
/// swizzle repeats its pattern every 8 rows of N bytes, and TMA and the
/// MMA units need the buffer aligned to that (1024 bytes for 128B swizzle);
/// everything else is 16-byte aligned.
int64_t getAlignment(ttg::MemDescType type) {
  if (auto nvmma = dyn_cast_if_present<ttg::NVMMASharedEncodingAttr>(
          type.getEncoding()))
    return std::max<int64_t>(kDefaultAlignment,
                             8 * nvmma.getIntField("swizzlingByteWidth"));
  return kDefaultAlignment;
}

/// How many warps a distributed `layout` spreads dimension `axis` over, or
/// nullopt when the layout is not understood.
std::optional<int64_t> getWarpsAlongAxis(Attribute layout, unsigned axis) {
  Attribute warpsPerCTA;
  if (auto blocked = dyn_cast_if_present<ttg::BlockedEncodingAttr>(layout))
    warpsPerCTA = blocked.getField("warpsPerCTA");
  if (auto mma = dyn_cast_if_present<ttg::NvidiaMmaEncodingAttr>(layout))
    warpsPerCTA = mma.getField("warpsPerCTA");
  if (warpsPerCTA) {
    std::optional<SmallVector<int64_t>> warps = ttg::getIntArrayField(warpsPerCTA);
    if (!warps || axis >= warps->size())
      return std::nullopt;
    return (*warps)[axis];
  }
  if (auto slice = dyn_cast_if_present<ttg::SliceEncodingAttr>(layout)) {
    int64_t dim = slice.getIntField("dim");
    return getWarpsAlongAxis(slice.getField("parent"),
                             axis < dim ? axis : axis + 1);
  }
  if (auto linear = dyn_cast_if_present<ttg::LinearEncodingAttr>(layout)) {
    auto bases = dyn_cast_if_present<ArrayAttr>(linear.getField("warp"));
    if (!bases)
      return std::nullopt;
    int64_t warps = 1;
    for (Attribute basis : bases) {
      std::optional<SmallVector<int64_t>> vector = ttg::getIntArrayField(basis);
      if (!vector || axis >= vector->size())
        return std::nullopt;
      if ((*vector)[axis] != 0)
        warps *= 2;
    }
    return warps;
  }
  return std::nullopt;
}

/// Scratch of a reduction or scan along `axis` of `src`: none when one warp
/// holds the whole axis (shuffles suffice); else one slot per warp along the
/// axis for every element of the other dimensions and every operand.
int64_t getAxisScratchSize(Operation *op, unsigned axis) {
  auto srcType = cast<RankedTensorType>(op->getOperand(0).getType());
  std::optional<int64_t> warps =
      getWarpsAlongAxis(srcType.getEncoding(), axis);
  if (warps && *warps == 1)
    return 0;
  int64_t slotsPerOperand = srcType.getNumElements();
  if (warps)
    slotsPerOperand = slotsPerOperand / srcType.getDimSize(axis) * *warps;
  int64_t bytes = 0;
  for (Value operand : op->getOperands())
    bytes += slotsPerOperand * getElementBytes(operand.getType());
  return bytes;
}

/// Whether converting `src` to `dst` stays in registers: same layout, or an
/// MMA accumulator to a dot operand of that same MMA layout.
bool isRegisterConversion(RankedTensorType src, RankedTensorType dst) {
  if (src.getEncoding() == dst.getEncoding())
    return true;
  auto dot = dyn_cast_if_present<ttg::DotOperandEncodingAttr>(dst.getEncoding());
  return dot && isa_and_present<ttg::NvidiaMmaEncodingAttr>(src.getEncoding()) &&
         dot.getField("parent") == src.getEncoding();
}

/// Bytes of shared-memory scratch `op` needs while it runs (0 for none).
/// The rules are documented in docs/allocation.md.
int64_t getScratchSize(Operation *op, ProxyAccessRef iface) {
  // Ops that state their scratch (ttng.tensormap_create: the 128-byte
  // tensormap it assembles, as Triton's allocation gives it).
  if (iface)
    if (int64_t bytes = iface.getSharedScratchSize())
      return bytes;
  if (auto cvt = dyn_cast<ttg::ConvertLayoutOp>(op)) {
    auto src = cast<RankedTensorType>(cvt.getSrc().getType());
    auto dst = cast<RankedTensorType>(cvt.getType());
    if (isRegisterConversion(src, dst))
      return 0;
    return src.getNumElements() * getElementBytes(src);
  }
  if (auto reduce = dyn_cast<tt::ReduceOp>(op))
    return getAxisScratchSize(op, reduce.getAxis());
  if (auto scan = dyn_cast<tt::ScanOp>(op))
    return getAxisScratchSize(op, scan.getAxis());
  if (auto histogram = dyn_cast<tt::HistogramOp>(op)) {
    auto type = cast<RankedTensorType>(histogram.getType());
    return type.getNumElements() * getElementBytes(type);
  }
  if (auto gather = dyn_cast<tt::GatherOp>(op)) {
    if (gather.getEfficientLayout())
      return 0;
    auto src = cast<RankedTensorType>(gather.getSrc().getType());
    return src.getNumElements() * getElementBytes(src);
  }
  if (isa<tt::AtomicRMWOp, tt::AtomicCASOp>(op)) {
    // A scalar atomic's result is broadcast to all threads through SMEM.
    Value result = op->getResult(0);
    if (isa<ShapedType>(result.getType()) || result.use_empty())
      return 0;
    return getElementBytes(result.getType());
  }
  return 0;
}

/// Capture storage of a warp_specialize: each explicit capture packed at its
/// natural alignment (see getElementBytes).
int64_t getCaptureSize(ttg::WarpSpecializeOp ws) {
  int64_t bytes = 0;
  for (Value capture : ws.getExplicitCaptures()) {
    int64_t size = getElementBytes(capture.getType());
    bytes = llvm::alignTo(bytes, size) + size;
  }
  return bytes;
}

//===----------------------------------------------------------------------===//
// Program order
//===----------------------------------------------------------------------===//

/// Program points [start, end], inclusive.
struct Interval {
  int64_t start = 0;
  int64_t end = -1;

  bool overlaps(const Interval &other) const {
    return start <= other.end && other.start <= end;
  }
  void extend(const Interval &other) {
    start = std::min(start, other.start);
    end = std::max(end, other.end);
  }
};

/// Numbers every op of a function in pre-order; an op's span covers the ops
/// nested in it. Also answers, once per kind of op, whether ops of that kind
/// are functions or loops (InterfaceLookup). One object serves every
/// function of the module in turn (its map keeps its capacity, and each
/// kind of op is asked once).
class ProgramOrder {
public:
  /// Numbers the ops under `root` (forgetting any earlier root), calling
  /// `visit` on each in pre-order (spans are complete only once this
  /// returns).
  void numberOps(Operation *root, function_ref<void(Operation *)> callback) {
    spans.clear();
    visit = callback;
    int64_t next = 0;
    number(root, next);
  }

  Interval span(Operation *op) const { return spans.lookup(op); }
  bool isFunction(Operation *op) const { return functions.has(op); }
  bool isLoop(Operation *op) const { return loops.has(op); }
  ProxyAccessRef proxyAccess(Operation *op) const { return accesses.get(op); }
  Interval span(Block *block) const {
    return {span(&block->front()).start, span(&block->back()).end};
  }
  Interval span(Region *region) const {
    return {span(&region->front()).start, span(&region->back()).end};
  }

private:
  void number(Operation *op, int64_t &next) {
    int64_t start = next++;
    visit(op);
    for (Region &region : op->getRegions())
      for (Block &block : region)
        for (Operation &nested : block)
          number(&nested, next);
    spans[op] = {start, next - 1};
  }

  function_ref<void(Operation *)> visit = nullptr;
  DenseMap<Operation *, Interval> spans;
  mutable InterfaceLookup<FunctionOpInterface> functions;
  mutable InterfaceLookup<LoopLikeOpInterface> loops;
  mutable ProxyAccessLookup accesses;
};

//===----------------------------------------------------------------------===//
// Liveness
//===----------------------------------------------------------------------===//

/// One op reaching a buffer; `async` when an async proxy (TMA, wgmma,
/// tcgen05) may still access it after the op.
struct Use {
  Operation *op;
  bool async;
};

/// Blocks reachable from `from` (not counting `from` itself unless it lies
/// on a cycle), or, with `backward`, blocks that reach `from`.
llvm::SmallPtrSet<Block *, 16> reachable(ArrayRef<Block *> from,
                                         bool backward) {
  llvm::SmallPtrSet<Block *, 16> seen;
  SmallVector<Block *> worklist;
  auto push = [&](Block *block) {
    if (seen.insert(block).second)
      worklist.push_back(block);
  };
  for (Block *block : from) {
    if (backward)
      push(block);
    else
      llvm::for_each(block->getSuccessors(), push);
  }
  while (!worklist.empty()) {
    Block *block = worklist.pop_back_val();
    if (backward)
      llvm::for_each(block->getPredecessors(), push);
    else
      llvm::for_each(block->getSuccessors(), push);
  }
  return seen;
}

/// Widens `live` over the blocks of the multi-block `region` (which holds
/// the allocation): a block reached from the allocation that reaches a use
/// is live on entry (from its start), and live throughout when a successor
/// is live on entry too; the allocation's block is live from the allocation
/// to its end when a successor is live on entry.
void extendOverCfg(Region &region, Operation *alloc, ArrayRef<Use> uses,
                   const ProgramOrder &order, Interval &live) {
  Operation *def = region.findAncestorOpInRegion(*alloc);
  Block *defBlock = def->getBlock();
  SmallVector<Block *> useBlocks;
  for (const Use &use : uses)
    if (Operation *ancestor = region.findAncestorOpInRegion(*use.op))
      useBlocks.push_back(ancestor->getBlock());
  auto forward = reachable(defBlock, /*backward=*/false);
  auto backward = reachable(useBlocks, /*backward=*/true);
  auto isLiveIn = [&](Block *block) {
    return forward.contains(block) && backward.contains(block);
  };
  auto isLiveOut = [&](Block *block) {
    return llvm::any_of(block->getSuccessors(), isLiveIn);
  };
  if (isLiveOut(defBlock))
    live.extend({order.span(def).start, order.span(defBlock).end});
  for (Block &block : region) {
    if (!isLiveIn(&block))
      continue;
    Interval span = order.span(&block);
    if (!isLiveOut(&block))
      span.end = span.start;
    live.extend(span);
  }
}

/// Widens the interval of a use at `op` of a buffer allocated by `alloc`:
/// over loops that run the use again, warp_specialize ops that run it
/// concurrently with other regions, and CFG cycles the use lies on.
void extendOverAncestors(Operation *op, Operation *alloc,
                         const ProgramOrder &order, Interval &live) {
  Operation *child = op;
  for (Operation *parent = op->getParentOp(); parent;
       child = parent, parent = parent->getParentOp()) {
    if (order.isFunction(child))
      break;
    if (isa<ttg::WarpSpecializeOp>(parent))
      live.extend(order.span(parent));
    // A use inside a loop is reached again on the next iteration, unless the
    // buffer is allocated afresh inside it; a yield carries it anyway.
    if (order.isLoop(parent) &&
        (!parent->isAncestor(alloc) || child->hasTrait<mlir::OpTrait::IsTerminator>()))
      live.extend(order.span(parent));
    Region *region = child->getParentRegion();
    if (!region->hasOneBlock() && !region->isAncestor(alloc->getParentRegion()))
      if (reachable(child->getBlock(), false).contains(child->getBlock()))
        live.extend(order.span(region));
  }
}

/// Whether `wait` completes the async access `access` of kind `kind`
/// issued before it: a wait of that kind that leaves none pending (an
/// mbarrier wait is taken to complete what its kind covers, as the
/// completion analysis does), or TLX's token wait on the access's own token.
bool completes(Operation *wait, Operation *access, CompletionKind kind,
               const ProgramOrder &order) {
  ProxyAccessRef iface = order.proxyAccess(wait);
  if (!iface || iface.getCompletionKind() != kind)
    return false;
  if (auto tokenWait = dyn_cast<ttng::TMAStoreTokenWaitOp>(wait))
    return tokenWait.getToken().getDefiningOp() == access;
  if (auto storeWait = dyn_cast<ttng::TMAStoreWaitOp>(wait))
    return storeWait.getPendingsAttr().getInt() == 0;
  if (auto dotWait = dyn_cast<ttng::WarpGroupDotWaitOp>(wait))
    return dotWait.getPendingsAttr().getInt() == 0;
  return true;
}

/// Widens the interval of an async access at `op` to where it may still be
/// in flight: up to the first wait after it that completes it, in its
/// block or, when the block has none, after an enclosing op (over a whole
/// enclosing loop, whose next iteration the access may overlap), else to
/// the end of the function.
void extendOverAsyncAccess(Operation *op, const ProgramOrder &order,
                           Interval &live) {
  ProxyAccessRef iface = order.proxyAccess(op);
  CompletionKind kind = iface ? iface.getCompletedBy() : CompletionKind::None;
  // Complete when issued (a synchronous wgmma).
  if (kind == CompletionKind::None)
    return;
  for (Operation *at = op; at && !order.isFunction(at);
       at = at->getParentOp()) {
    for (Operation *next = at->getNextNode(); next;
         next = next->getNextNode()) {
      if (completes(next, op, kind, order)) {
        live.extend(order.span(next));
        return;
      }
    }
    live.extend(order.span(&at->getBlock()->back()));
    Operation *parent = at->getParentOp();
    if (parent && order.isLoop(parent))
      live.extend(order.span(parent));
  }
}

/// The live interval of the buffer `alloc` allocates, given its uses.
Interval getLiveInterval(Operation *alloc, ArrayRef<Use> uses,
                         const ProgramOrder &order) {
  Interval live = order.span(alloc);
  extendOverAncestors(alloc, alloc, order, live);
  // Two uses in one block that are not its last op (a terminator: a yield
  // carries the buffer) widen the interval over the same ancestors: once
  // per block is enough.
  llvm::SmallPtrSet<Block *, 8> widened;
  for (const Use &use : uses) {
    live.extend(order.span(use.op));
    Block *block = use.op->getBlock();
    if (use.op == &block->back() || widened.insert(block).second)
      extendOverAncestors(use.op, alloc, order, live);
    if (use.async)
      extendOverAsyncAccess(use.op, order, live);
  }
  for (Region *region = alloc->getParentRegion(); region;
       region = region->getParentRegion()) {
    if (!region->hasOneBlock())
      extendOverCfg(*region, alloc, uses, order, live);
    if (isa<FunctionOpInterface>(region->getParentOp()))
      break;
  }
  return live;
}

//===----------------------------------------------------------------------===//
// Placement
//===----------------------------------------------------------------------===//

/// A byte range to place: an allocation, an op's scratch, or a
/// warp_specialize's capture storage.
struct Buffer {
  Operation *op = nullptr;
  int64_t size = 0;
  int64_t alignment = kDefaultAlignment;
  Interval live;
  std::optional<int64_t> offset;
  bool isScratch = false;
};

/// Lowest offset, aligned for `buffer`, at which it overlaps none of
/// `busy` (sorted by start).
int64_t findFirstFit(const Buffer &buffer, ArrayRef<ByteRange> busy) {
  int64_t candidate = 0;
  for (const ByteRange &range : busy) {
    if (range.end <= candidate)
      continue;
    if (candidate + buffer.size <= range.start)
      break;
    candidate = llvm::alignTo(range.end, buffer.alignment);
  }
  return candidate;
}

/// Places every buffer without an offset: allocations before scratch, each
/// group largest first, then in program order; each at the first fit among
/// the buffers already placed that are live at the same time. Returns the
/// end of the highest buffer.
int64_t placeBuffers(MutableArrayRef<Buffer> buffers) {
  SmallVector<Buffer *> placed, pending;
  for (Buffer &buffer : buffers)
    (buffer.offset ? placed : pending).push_back(&buffer);
  llvm::stable_sort(pending, [](const Buffer *a, const Buffer *b) {
    return std::make_pair(a->isScratch, -a->size) <
           std::make_pair(b->isScratch, -b->size);
  });
  for (Buffer *buffer : pending) {
    SmallVector<ByteRange> busy;
    for (const Buffer *other : placed)
      if (other->live.overlaps(buffer->live))
        busy.push_back({*other->offset, *other->offset + other->size});
    llvm::sort(busy, [](const ByteRange &a, const ByteRange &b) {
      return a.start < b.start || (a.start == b.start && a.end < b.end);
    });
    buffer->offset = findFirstFit(*buffer, busy);
    placed.push_back(buffer);
  }
  int64_t total = 0;
  for (const Buffer &buffer : buffers)
    total = std::max(total, *buffer.offset + buffer.size);
  return total;
}

//===----------------------------------------------------------------------===//
// The pass
//===----------------------------------------------------------------------===//

bool isSharedAlloc(Operation *op) {
  auto alloc = dyn_cast<ttg::LocalAllocOp>(op);
  return alloc &&
         !cast<ttg::MemDescType>(alloc->getResult(0).getType()).isTensorMemory();
}

/// Operand numbers of the op `iface` (null: an op without the interface)
/// that an async proxy accesses.
SmallVector<unsigned, 4> getAsyncOperands(ProxyAccessRef iface) {
  SmallVector<unsigned, 4> async;
  if (!iface)
    return async;
  SmallVector<ProxyAccess> accesses;
  iface.getProxyAccesses(accesses);
  for (const ProxyAccess &access : accesses)
    if (access.operand && access.isAsyncShared())
      async.push_back(access.operand->getOperandNumber());
  return async;
}

/// A memdesc operand of an op, and the regions it may denote.
struct MemDescUse {
  Use use;
  const RegionSet *regions;
  /// An argument of the function: a buffer of the caller, none of ours.
  bool external;
};

/// Appends the memdesc operands of `op` (`iface`: its ProxyAccess
/// interface, if any) to `out`.
void collectMemDescUses(Operation *op, ProxyAccessRef iface,
                        const BufferRegionAnalysis &analysis,
                        SmallVectorImpl<MemDescUse> &out) {
  std::optional<SmallVector<unsigned, 4>> async;
  for (OpOperand &operand : op->getOpOperands()) {
    if (!isa<ttg::MemDescType>(operand.get().getType()))
      continue;
    if (!async)
      async.emplace(getAsyncOperands(iface));
    auto arg = dyn_cast<BlockArgument>(operand.get());
    bool external =
        arg && isa<FunctionOpInterface>(arg.getOwner()->getParentOp());
    out.push_back({{op, llvm::is_contained(*async, operand.getOperandNumber())},
                   &analysis.getRegions(operand.get()),
                   external});
  }
}

/// Every op reaching each allocation through a memdesc operand. An operand
/// the analysis cannot resolve may reach any buffer.
llvm::MapVector<Operation *, SmallVector<Use>>
distributeUses(ArrayRef<Operation *> allocs, ArrayRef<MemDescUse> memDescUses) {
  llvm::MapVector<Operation *, SmallVector<Use>> uses;
  for (Operation *alloc : allocs)
    uses[alloc];
  for (const MemDescUse &memDescUse : memDescUses) {
    const Use &use = memDescUse.use;
    if (memDescUse.regions->unknown && !memDescUse.external)
      for (auto &entry : uses)
        entry.second.push_back(use);
    for (const BufferRegion &region : memDescUse.regions->regions) {
      auto it = uses.find(region.alloc);
      if (it == uses.end())
        continue;
      if (!it->second.empty() && it->second.back().op == use.op)
        it->second.back().async |= use.async;
      else
        it->second.push_back(use);
    }
  }
  return uses;
}

/// The buffers of `func`, with sizes, alignments and live intervals: its
/// allocations, then its ops with scratch and its warp_specialize capture
/// storage, each kind in program order (placement orders them so anyway).
/// One walk numbers the ops and finds the buffers and the memdesc uses.
/// (`memDescUses`: a list to reuse, as `order` is reused, from function to
/// function.)
SmallVector<Buffer> collectBuffers(FunctionOpInterface func,
                                   const BufferRegionAnalysis &analysis,
                                   ProgramOrder &order,
                                   SmallVectorImpl<MemDescUse> &memDescUses) {
  SmallVector<Operation *> allocs;
  SmallVector<Buffer> scratch;
  memDescUses.clear();
  order.numberOps(func, [&](Operation *op) {
    ProxyAccessRef iface = order.proxyAccess(op);
    collectMemDescUses(op, iface, analysis, memDescUses);
    if (isSharedAlloc(op)) {
      allocs.push_back(op);
      return;
    }
    auto ws = dyn_cast<ttg::WarpSpecializeOp>(op);
    int64_t size = ws ? getCaptureSize(ws) : getScratchSize(op, iface);
    // (Most ops have no attribute outside their properties to search.)
    if (!op->getRawDictionaryAttrs().empty())
      if (auto recorded = dyn_cast_or_null<IntegerAttr>(
              op->getDiscardableAttr(kSizeAttr)))
        size = recorded.getInt();
    if (size == 0)
      return;
    Buffer buffer;
    buffer.op = op;
    buffer.isScratch = true;
    buffer.size = size;
    if (iface)
      if (int64_t alignment = iface.getSharedScratchAlignment())
        buffer.alignment = alignment;
    scratch.push_back(buffer);
  });
  auto uses = distributeUses(allocs, memDescUses);

  SmallVector<Buffer> buffers;
  buffers.reserve(allocs.size() + scratch.size());
  for (Operation *op : allocs) {
    Buffer buffer;
    buffer.op = op;
    auto type = cast<ttg::MemDescType>(op->getResult(0).getType());
    buffer.size = type.getAllocSizeInBytes();
    buffer.alignment = getAlignment(type);
    buffer.live = getLiveInterval(op, uses[op], order);
    buffers.push_back(buffer);
  }
  for (Buffer &buffer : scratch) {
    Operation *op = buffer.op;
    // Capture storage is written and read as the op starts; scratch lives
    // only at its op. Both live throughout a warp_specialize they run in
    // (a nested warp_specialize's captures are written while the outer
    // one's partitions may still be reading theirs).
    buffer.live = order.span(op);
    if (isa<ttg::WarpSpecializeOp>(op))
      buffer.live.end = buffer.live.start;
    extendOverAncestors(op, op, order, buffer.live);
    buffers.push_back(buffer);
  }
  for (Buffer &buffer : buffers)
    if (auto offset = buffer.op->getAttrOfType<IntegerAttr>(kOffsetAttr))
      buffer.offset = offset.getInt();
  return buffers;
}

struct ProxyFenceAllocateSharedMemoryPass final
    : proxyfence::ttg::impl::ProxyFenceAllocateSharedMemoryBase<
          ProxyFenceAllocateSharedMemoryPass> {
  using ProxyFenceAllocateSharedMemoryBase::ProxyFenceAllocateSharedMemoryBase;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    // Shared with the fence passes around it: offsets are attributes, and
    // the analysis resolves values to allocations, not to addresses.
    const auto &analysis = getAnalysis<BufferRegionAnalysis>();
    markAnalysesPreserved<BufferRegionAnalysis>();
    Builder builder(module.getContext());
    SmallVector<Operation *> functions = llvm::map_to_vector(
        module.getOps<FunctionOpInterface>(),
        [](FunctionOpInterface func) { return func.getOperation(); });
    // Each function's buffers are placed on their own: its offsets are
    // attributes of its ops, and the module's size is the largest
    // function's.
    struct Worker {
      ProgramOrder order;
      SmallVector<MemDescUse> memDescUses;
    };
    auto allocate = [&](Operation *function, Worker &worker,
                        uint64_t &buffersPlaced) {
      auto func = cast<FunctionOpInterface>(function);
      SmallVector<Buffer> buffers =
          collectBuffers(func, analysis, worker.order, worker.memDescUses);
      for (const Buffer &buffer : buffers)
        if (!buffer.offset)
          ++buffersPlaced;
      int64_t size = placeBuffers(buffers);
      for (const Buffer &buffer : buffers) {
        buffer.op->setAttr(kOffsetAttr,
                           builder.getI32IntegerAttr(*buffer.offset));
        if (buffer.isScratch)
          buffer.op->setAttr(kSizeAttr, builder.getI32IntegerAttr(buffer.size));
      }
      return size;
    };
    int64_t total = 0;
    uint64_t buffersPlaced = 0;
    // Function by function, the next one read ahead (WarmAhead.h), until
    // the rest go in parallel (ParallelFunctions.h).
    ParallelSwitch parallel(module.getContext(), functions.size());
    size_t index = 0;
    {
      Worker worker;
      WarmAhead warm(module.getContext(), functions);
      for (; index != functions.size() && !parallel.at(index); ++index) {
        warm.enter(index);
        total =
            std::max(total, allocate(functions[index], worker, buffersPlaced));
      }
      warm.finish();
    }
    if (index != functions.size()) {
      // Lookups of regions change nothing the analysis shares once every
      // function is analysed.
      analysis.prepareAll();
      ArrayRef<Operation *> rest = ArrayRef(functions).drop_front(index);
      std::vector<int64_t> sizes(rest.size());
      std::vector<uint64_t> placed(rest.size());
      forEachFunctionInParallel<Worker>(
          module.getContext(), rest.size(),
          [] { return std::make_unique<Worker>(); },
          [&](size_t at, Worker &worker) {
            sizes[at] = allocate(rest[at], worker, placed[at]);
          });
      for (auto [size, count] : llvm::zip(sizes, placed)) {
        total = std::max(total, size);
        buffersPlaced += count;
      }
    }
    numBuffers += buffersPlaced;
    module->setAttr(kSharedAttr, builder.getI32IntegerAttr(total));
    sharedBytes += total;
  }
};

} // namespace
