//===- Hazards.cpp - the PTX hazard and completion dataflows -------------===//
//
// The same model as lib/Analysis/ProxyHazards.cpp, on PTX: a forward
// dataflow over each function's CFG to a fixpoint, whose state is the set
// of generic shared accesses not yet ordered by a fence, per CTA and
// cluster frontier (the latter also knows which accesses crossed a
// barrier.cluster.arrive unfenced). An async access of bytes a pending
// generic access touched (unless both only read) is a missing fence; so is
// a generic access one warp role publishes unfenced against another role's
// async op (unproven). A second dataflow tracks async reads not yet
// completed, per thread and with branch correlation: a generic write of
// their bytes is a missing completion wait. Findings.cpp turns these into
// findings, Fix.cpp into fences.
//
//===----------------------------------------------------------------------===//

#include "FunctionAnalysis.h"

#include "proxyfence/Engine/Completion.h"

#include "llvm/ADT/DenseSet.h"

#include <algorithm>
#include <map>
#include <optional>

using namespace proxyfence;
using namespace proxyfence::ptx;
using llvm::StringRef;

namespace proxyfence::ptx::detail {

/// Solves a forward dataflow problem over `cfg` to a fixpoint with a
/// worklist: `transfer(b, in)` is block b's effect on a state, `merge(into,
/// from)` the join (true when `into` grew) and `same(a, b)` state equality.
/// Fills `in` per block, and `out` per block without infeasible paths
/// through it (both hazard analyses report from `in`). A block
/// with infeasible paths through it (`paths.correlated`, two branches on
/// one unstable predicate) keeps the states of its incoming edges apart:
/// what leaves it for a successor comes only from the predecessors a
/// thread can arrive from and still go there.
template <typename State, typename Transfer, typename Merge, typename Same,
          typename Edge>
void solveForward(const CFG &cfg, const PredicateFacts &paths,
                  std::vector<State> &in, std::vector<State> &out,
                  Transfer transfer, Merge merge, Same same, Edge alongEdge) {
  unsigned blocks = cfg.blocks.size();
  std::vector<unsigned> worklist;
  std::vector<bool> queued(blocks, true);
  // The incoming edges of correlated blocks, and their outgoing ones.
  std::map<std::pair<unsigned, unsigned>, State> edgeIn, edgeOut;
  for (unsigned b = blocks; b-- > 0;)
    worklist.push_back(b);
  auto propagate = [&](unsigned b, unsigned s, const State &state) {
    State scratch;
    const State &along = alongEdge(b, s, state, scratch);
    bool grew = merge(in[s], along);
    if (paths.correlated(s)) {
      auto [it, fresh] = edgeIn.try_emplace({b, s}, along);
      grew = (!fresh && merge(it->second, along)) || fresh || grew;
    }
    if (grew && !queued[s]) {
      queued[s] = true;
      worklist.push_back(s);
    }
  };
  while (!worklist.empty()) {
    unsigned b = worklist.back();
    worklist.pop_back();
    queued[b] = false;
    if (b != 0 && paths.correlated(b)) {
      for (unsigned s : cfg.blocks[b].successors) {
        std::optional<State> leaving;
        for (unsigned p : cfg.blocks[b].predecessors) {
          auto from = edgeIn.find({p, b});
          if (from == edgeIn.end() || paths.infeasiblePath(p, b, s))
            continue;
          State t = transfer(b, from->second);
          if (!leaving)
            leaving = std::move(t);
          else
            merge(*leaving, t);
        }
        if (!leaving)
          continue;
        auto [it, fresh] = edgeOut.try_emplace({b, s}, *leaving);
        if (!fresh && same(it->second, *leaving))
          continue;
        it->second = *leaving;
        propagate(b, s, it->second);
      }
      continue;
    }
    State next = transfer(b, in[b]);
    if (same(next, out[b]))
      continue;
    out[b] = std::move(next);
    for (unsigned s : cfg.blocks[b].successors)
      propagate(b, s, out[b]);
  }
}

int64_t parseDisplacement(StringRef inside, StringRef &base) {
  inside = inside.trim();
  size_t plus = inside.find_first_of("+-", 1);
  base = inside.substr(0, plus).trim();
  if (plus == StringRef::npos)
    return 0;
  int64_t value = 0;
  StringRef number = inside.substr(plus + 1).trim();
  if (number.getAsInteger(0, value))
    return 0;
  return inside[plus] == '-' ? -value : value;
}

SharedRegion FunctionAnalysis::resolveAddress(const Instruction &inst,
                                              unsigned operandIndex,
                                              std::optional<uint64_t> width,
                                              bool *remote,
                                              bool *offsetKnown,
                                              bool *single,
                                              int64_t *lastStart,
                                              bool *threadRange,
                                              std::vector<std::pair<
                                                  int64_t, int64_t>>
                                                  *threadRuns) const {
  StringRef operand = inst.operands[operandIndex];
  unsigned index = indexOf(inst);
  int64_t displacement = 0;
  AbstractValue value;
  if (isMemoryOperand(operand)) {
    StringRef inside = operand.drop_front().split(']').first.split(',').first;
    StringRef base;
    displacement = parseDisplacement(inside, base);
    value = provenance.evaluateExactAt(base, index);
    if (value.kind == AbstractValue::Address && value.descriptor)
      value.offsetKnown = false; // a descriptor used as an address
    // A range over the threads: each thread at its own value, known per
    // thread (the windows the threads touch; for a box of unknown size,
    // its first 16 bytes). A thread function whose per-thread values are
    // not known is a range whose ends no thread need reach.
    if (threadRange) {
      std::vector<std::pair<int64_t, int64_t>> runs;
      *threadRange = provenance.isFunctionOfThread(base, index) &&
                     provenance.threadWindows(
                         base, width ? static_cast<int64_t>(*width) : 16,
                         runs);
      if (*threadRange && threadRuns) {
        for (auto &run : runs)
          run = {run.first + displacement, run.second + displacement};
        *threadRuns = std::move(runs);
      }
    }
  } else {
    // A descriptor: its start address field, when decoded.
    value = provenance.evaluateAt(operand, index);
    if (value.kind == AbstractValue::Address && !value.descriptor)
      value.offsetKnown = false;
  }
  SharedRegion region;
  if (value.kind != AbstractValue::Address)
    return region; // may be any shared memory
  *remote = value.remote;
  if (value.symbol < 0)
    return region; // an address into some shared symbol: may be any
  region.symbol = value.symbol;
  const SharedSymbol &symbol = module.sharedSymbols[value.symbol];
  int64_t symbolEnd = symbol.size ? static_cast<int64_t>(*symbol.size)
                                  : INT64_MAX;
  if (!value.offsetKnown) {
    region.begin = 0;
    region.end = symbolEnd;
    return region;
  }
  if (value.anchor >= 0) {
    // Relative to a run-time aligned base of the symbol.
    region.anchor = value.anchor;
    region.anchorLo = value.anchorLo;
    region.anchorHi = value.anchorHi;
    region.anchorAlign = provenance.getAnchors()[value.anchor].align;
    region.begin = value.lo + displacement;
    if (symbolEnd != INT64_MAX)
      symbolEnd -= value.anchorLo;
  } else {
    region.begin = std::max<int64_t>(0, value.lo + displacement);
  }
  region.end = width ? value.hi + displacement + static_cast<int64_t>(*width)
                     : symbolEnd;
  // An access past the end of its variable is out of bounds: a range that
  // reaches beyond (a loose bound of a stage index) stops there.
  region.end = std::min(region.end, symbolEnd);
  region.begin = std::min(region.begin, region.end);
  if (offsetKnown)
    *offsetKnown = true;
  if (single)
    *single = value.lo == value.hi;
  if (lastStart)
    *lastStart = std::min(
        std::max<int64_t>(value.anchor >= 0 ? INT64_MIN : 0,
                          value.hi + displacement),
        region.end);
  return region;
}

/// The largest expect_tx byte count of the barrier: no single copy that
/// completes on it writes more.
std::optional<uint64_t>
FunctionAnalysis::barrierBytes(const SharedRegion &barrier) const {
  std::optional<uint64_t> bytes;
  for (const Instruction &inst : function.instructions) {
    if (!StringRef(inst.opcode).starts_with("mbarrier") ||
        !StringRef(inst.opcode).contains("expect_tx") || inst.operands.empty())
      continue;
    bool remote = false;
    std::optional<unsigned> address;
    for (unsigned i = 0; i != inst.operands.size(); ++i)
      if (isMemoryOperand(inst.operands[i]))
        address = i;
    if (!address)
      continue;
    SharedRegion region = resolveAddress(inst, *address, 8, &remote);
    if (!(region == barrier))
      continue;
    AbstractValue count =
        provenance.evaluateAt(inst.operands.back(), indexOf(inst));
    if (count.kind != AbstractValue::Int || count.hi <= 0)
      return std::nullopt;
    bytes = std::max<uint64_t>(bytes.value_or(0), count.hi);
  }
  return bytes;
}

/// Whether an operand of an unknown instruction looks like shared memory.
bool looksShared(const Module &module, const Provenance &provenance,
                 const Instruction &inst, unsigned &operand) {
  for (unsigned i = 0; i != inst.operands.size(); ++i) {
    StringRef text = inst.operands[i];
    if (!isMemoryOperand(text))
      continue;
    StringRef base;
    parseDisplacement(text.trim("[]").split(',').first, base);
    if (StringRef(inst.opcode).contains(".shared") ||
        provenance.evaluate(base).kind == AbstractValue::Address) {
      operand = i;
      return true;
    }
  }
  return false;
}

/// One access of `inst`, its bytes resolved (by the provenance's current
/// reading: every pass, or the first pass).
Resolved FunctionAnalysis::resolveAccess(
    const Instruction &inst, const Access &access,
    const std::optional<SharedRegion> &barrier) const {
  std::optional<uint64_t> width = access.width;
  bool exact = width.has_value();
  int64_t sureWidth = width ? static_cast<int64_t>(*width) : 0;
  if (access.sizeOperand && *access.sizeOperand < inst.operands.size()) {
    AbstractValue size = provenance.evaluateAt(
        inst.operands[*access.sizeOperand], indexOf(inst));
    if (size.kind == AbstractValue::Int && size.hi > 0) {
      sureWidth = std::max<int64_t>(size.lo, 0);
      width = size.hi;
      exact = true;
    }
  }
  Extent extent = width ? Extent::Known : Extent::Unbounded;
  if (!width && access.isAsync && access.isWrite && barrier) {
    width = barrierBytes(*barrier);
    if (width)
      extent = Extent::ExpectTx;
  }
  bool remote = false;
  Resolved resolved;
  resolved.region = resolveAddress(inst, access.operand, width, &remote,
                                   &resolved.offsetKnown,
                                   &resolved.singleOffset, &resolved.lastStart,
                                   &resolved.threadRange, &resolved.threadRuns);
  resolved.sureWidth = sureWidth;
  resolved.extent = access.isDescriptor ? Extent::Unbounded : extent;
  resolved.isDescriptor = access.isDescriptor;
  resolved.isRead = access.isRead;
  resolved.isWrite = access.isWrite;
  resolved.isAsync = access.isAsync;
  resolved.isMbarrier = access.isMbarrier;
  resolved.isInval = StringRef(inst.opcode).starts_with("mbarrier.inval");
  resolved.exact = exact && !access.isDescriptor &&
                   resolved.region.symbol >= 0 &&
                   resolved.region.end != INT64_MAX;
  resolved.scope = remote ? Scope::Cluster : access.scope;
  resolved.completion = access.completion;
  resolved.barrier = barrier;
  if (!access.isDescriptor) {
    resolved.slot = resolveIndexed(inst, access.operand, width,
                                   access.isAsync, /*counter=*/true);
    resolved.indexed = resolveIndexed(inst, access.operand, width,
                                      access.isAsync, /*counter=*/false);
  }
  if (access.isDescriptor && resolved.offsetKnown)
    boundDescriptor(inst, access, resolved);
  return resolved;
}

void FunctionAnalysis::resolveAll() {
  for (const Instruction &inst : function.instructions) {
    roles.push_back(classify(inst));
    Classification &role = roles.back();
    std::vector<Resolved> list;
    unsigned operand = 0;
    if (role.role == Role::Unknown &&
        looksShared(module, provenance, inst, operand)) {
      Access access;
      access.operand = operand;
      access.isRead = access.isWrite = true;
      if (isMemoryOperand(inst.operands[operand]))
        access.width = getAccessWidth(inst.opcode);
      role.accesses.push_back(access);
    }
    std::optional<SharedRegion> barrier;
    if (role.barrierOperand && *role.barrierOperand < inst.operands.size()) {
      bool remote = false;
      barrier = resolveAddress(inst, *role.barrierOperand, 8, &remote);
    }
    for (const Access &access : role.accesses) {
      if (access.operand >= inst.operands.size())
        continue;
      list.push_back(resolveAccess(inst, access, barrier));
    }
    accesses.push_back(std::move(list));
  }
  boundBoxes();
  // The shared bytes into which tcgen05.alloc writes the TMEM address
  // (`tcgen05.alloc... [dst], ncols`: 4 bytes at dst).
  for (const Instruction &inst : function.instructions)
    if (StringRef(inst.opcode).starts_with("tcgen05.alloc") &&
        !inst.operands.empty() && isMemoryOperand(inst.operands[0])) {
      bool remote = false, offsetKnown = false;
      SharedRegion slot = resolveAddress(inst, 0, 4, &remote, &offsetKnown);
      if (slot.symbol >= 0 && offsetKnown && slot.end != INT64_MAX)
        tmemAddressSlots.push_back(slot);
    }
  // Number the generic accesses (the bits of the fence dataflow).
  keyOf.resize(accesses.size());
  for (unsigned i = 0; i != accesses.size(); ++i)
    for (unsigned a = 0; a != accesses[i].size(); ++a) {
      keyOf[i].push_back(keys.size());
      if (!accesses[i][a].isAsync)
        keys.push_back({i, a});
    }
  llvm::BitVector remote(keys.size());
  for (unsigned k = 0; k != keys.size(); ++k)
    if (accesses[keys[k].first][keys[k].second].scope != Scope::CTA)
      remote.set(k);
  fenceRules.emplace(std::move(remote), /*fences=*/0,
                     engine::CtaFenceReading::ByStateSpace);
}

/// A decoded matrix descriptor (docs/ptx-checker.md, Descriptors). The
/// matrix is a grid of core matrices (8 rows of 16 bytes) or, swizzled,
/// of atoms (8 rows of W = 128, 64 or 32 bytes), whose steps along its two
/// dimensions are the leading and stride byte offsets (LBO, SBO) from the
/// start's W-byte line (PTX ISA #asynchronous-warpgroup-level-matrix-
/// shared-memory-layout, #tcgen05-shared-memory-descriptor). K-major, the
/// grid is rows/8 by K-bytes/W (16 unswizzled); MN-major, rows*element/W
/// by K/8. The bound takes either stride for either step, any swizzle as
/// 128 bytes, and the largest grid the shape allows when the major order
/// or element size is unknown. The matrix surely includes the 16 bytes at
/// its start, unswizzled or where the swizzle leaves them (the start in
/// the first 128 bytes of a 1024-byte aligned block).
void FunctionAnalysis::boundDescriptor(const Instruction &inst,
                                       const Access &access,
                                       Resolved &resolved) const {
  AbstractValue value =
      provenance.evaluateAt(inst.operands[access.operand], indexOf(inst));
  resolved.extent = Extent::Descriptor;
  SharedRegion &region = resolved.region;
  int64_t start = region.begin, last = value.hi - value.lo + region.begin;
  uint64_t align = provenance.baseAlign(value);
  bool swizzled = !value.fieldsKnown || (value.fields >> 61) != 0;
  auto line = [&](int64_t at) {
    if (!swizzled)
      return at;
    return align % 128 == 0 ? at & ~int64_t(127) : at - 112;
  };
  region.begin = line(start);
  if (region.anchor < 0)
    region.begin = std::max<int64_t>(0, region.begin);
  if (swizzled && align % 128 != 0)
    resolved.descriptorBaseAlign = align;
  resolved.sure = region;
  resolved.sure.begin = resolved.sure.end = start;
  // One start: the matrix's first row begins with 16 bytes in the 128-byte
  // line of the start, wherever the swizzle puts them (the swizzles only
  // permute the 16-byte chunks of a line; PTX ISA
  // #asynchronous-warpgroup-level-matrix-shared-memory-layout-swizzling-modes).
  // A swizzle of W bytes (128, 64 or 32) has atoms of 8 rows, W bytes
  // apart, of which the matrix reads each (8 rows of M or N, K-major; 8 of
  // K, MN-major): row r's first chunk is in the line of start + W * r.
  if (value.lo == value.hi) {
    uint64_t mode = value.fieldsKnown ? value.fields >> 61 : 0;
    int64_t pitch = mode == 1 || mode == 2 ? 128
                    : mode == 4            ? 64
                    : mode == 6            ? 32
                                           : 0;
    for (int64_t row = 0; row != (pitch ? 8 : 1); ++row) {
      int64_t at = start + pitch * row;
      SharedRegion window = region;
      window.begin = std::max(region.begin, line(at));
      window.end = std::min(
          region.end, !swizzled ? at + 16
                      : align % 128 == 0 ? line(at) + 128
                                         : at + 128);
      if (window.begin < window.end)
        resolved.touches.push_back(window);
    }
  }
  if (!value.fieldsKnown || !access.matrixRows || !access.matrixRowBytes)
    return; // to the end of the symbol; nothing surely read
  resolved.boundedByShape = true;
  if (value.lo == value.hi &&
      (!swizzled || (align % 1024 == 0 && (start & 1023) < 128)))
    resolved.sure.end = start + 16;
  uint64_t fields = value.fields;
  int64_t lbo = static_cast<int64_t>((fields >> 16) & 0x3FFF) * 16;
  int64_t sbo = static_cast<int64_t>((fields >> 32) & 0x3FFF) * 16;
  int64_t rows = access.matrixRows, rowBytes = access.matrixRowBytes;
  std::optional<bool> kMajor = access.kMajor;
  // tcgen05.mma: M (bits 24-28, in 16s), N (bits 17-22, in 8s) and the
  // transposes (bits 15, 16) of a constant instruction descriptor (PTX ISA
  // #tcgen05-instruction-descriptor).
  if (access.shapeOperand) {
    if (std::optional<uint64_t> idesc = provenance.constantOperand(
            inst.operands[*access.shapeOperand])) {
      int64_t m = int64_t((*idesc >> 24) & 0x1F) << 4;
      int64_t n = int64_t((*idesc >> 17) & 0x3F) << 3;
      int64_t dim = access.matrixOperand == 0 ? m : n;
      if (dim > 0 && dim <= rows)
        rows = dim;
      kMajor = ((*idesc >> (15 + access.matrixOperand)) & 1) == 0;
    }
  }
  int64_t atomRow = swizzled ? 128 : 16;
  auto ceilDiv = [](int64_t a, int64_t b) { return (a + b - 1) / b; };
  auto steps = [&](int64_t a, int64_t b) {
    a = std::max<int64_t>(a, 1) - 1;
    b = std::max<int64_t>(b, 1) - 1;
    return std::max(a * lbo + b * sbo, a * sbo + b * lbo);
  };
  int64_t reach = 0;
  if (!kMajor || *kMajor)
    reach = std::max(reach, steps(ceilDiv(rows, 8), ceilDiv(rowBytes, atomRow)));
  if (!kMajor || !*kMajor) {
    std::vector<int64_t> elements = {1, 2, 4};
    if (access.matrixElementBytes)
      elements = {int64_t(access.matrixElementBytes)};
    for (int64_t e : elements)
      reach = std::max(reach, steps(ceilDiv(rows * e, atomRow),
                                    ceilDiv(rowBytes / e, 8)));
  }
  int64_t end = line(last) + reach + 8 * atomRow;
  region.end = std::min(region.end, end);
}

/// A TMA box is not in the PTX. Bound a box whose start is traced by the
/// start of the next async buffer of the same symbol (the next ring slot
/// or tile: async copies of one kernel do not overlap one another's
/// start), keeping a tighter expect_tx bound.
void FunctionAnalysis::boundBoxes() {
  // Per base: the symbol, or one of its run-time aligned anchors.
  std::map<std::pair<int, int>, std::vector<int64_t>> starts;
  for (unsigned i = 0; i != accesses.size(); ++i)
    for (unsigned a = 0; a != accesses[i].size(); ++a) {
      const Resolved &r = accesses[i][a];
      if (r.isAsync && r.offsetKnown && r.region.symbol >= 0 &&
          !roles[i].accesses[a].isDescriptor)
        starts[{r.region.symbol, r.region.anchor}].push_back(r.region.begin);
    }
  for (auto &[symbol, list] : starts)
    llvm::sort(list);
  for (unsigned i = 0; i != accesses.size(); ++i)
    for (unsigned a = 0; a != accesses[i].size(); ++a) {
      Resolved &r = accesses[i][a];
      if (!r.isAsync || !r.offsetKnown || r.region.symbol < 0 ||
          roles[i].accesses[a].isDescriptor ||
          (r.extent != Extent::Unbounded && r.extent != Extent::ExpectTx))
        continue;
      const std::vector<int64_t> &list =
          starts[{r.region.symbol, r.region.anchor}];
      auto next = std::upper_bound(list.begin(), list.end(), r.region.begin);
      if (next == list.end())
        continue;
      // The offset may be a range: the box reaches at most the distance to
      // the next buffer past its highest start.
      int64_t width = *next - r.region.begin;
      int64_t end = r.region.end == INT64_MAX
                        ? INT64_MAX
                        : r.region.end; // expect_tx bound, if any
      int64_t bySlot = r.region.begin + width;
      if (r.extent == Extent::ExpectTx && end <= bySlot)
        continue;
      r.region.end = bySlot;
      r.extent = Extent::NextBuffer;
    }
}

bool FunctionAnalysis::isFence(unsigned index, const RunOptions &options,
                               Scope &scope) const {
  if (roles[index].role != Role::ProxyFence || options.ignored.count(index))
    return false;
  scope = options.narrowed.count(index) ? Scope::CTA : roles[index].fenceScope;
  return true;
}

/// An mbarrier instruction on the barrier an async op completes on never
/// conflicts with that op (docs/proxy-model.md).
bool isOwnBarrier(const Resolved &generic, const Resolved &async) {
  return generic.isMbarrier && async.barrier &&
         generic.region == *async.barrier;
}

/// Whether a generic and an async access form a hazard if unordered: not
/// both reads, bytes that may alias, and not an mbarrier instruction on the
/// async op's own barrier.
bool mayConflict(const Resolved &generic, const Resolved &async) {
  return (generic.isWrite || async.isWrite) &&
         generic.region.mayAlias(async.region) &&
         !isOwnBarrier(generic, async);
}

std::vector<Hazard> FunctionAnalysis::findHazards(
    const RunOptions &options,
    std::vector<std::pair<unsigned, unsigned>> *observed) const {
  unsigned blocks = cfg.blocks.size();
  const engine::FenceRules &rules = *fenceRules;
  engine::FenceFrontier empty = rules.entry();
  std::vector<engine::FenceFrontier> in(blocks, empty), out(blocks, empty);
  std::vector<Hazard> hazards;
  std::set<std::tuple<unsigned, unsigned, HazardKind>> seen;
  llvm::BitVector unfencedAtPublish(keys.size());
  UnfencedAtArrive unfencedAtArrive;

  auto transfer = [&](unsigned b, engine::FenceFrontier state, bool report) {
    for (unsigned i = cfg.blocks[b].begin; i != cfg.blocks[b].end; ++i) {
      if (report && observed && options.observe == i) {
        llvm::BitVector pending = rules.pending(state);
        for (unsigned k : pending.set_bits())
          observed->push_back(keys[k]);
      }
      Scope scope;
      auto virtualFence = options.virtualFences.find(i);
      if (virtualFence != options.virtualFences.end())
        rules.fence(state, virtualFence->second);
      if (isFence(i, options, scope)) {
        // A fence narrowed by the over-wide probe is read conservatively
        // (a CTA fence orders nothing for other CTAs' async ops), so that
        // narrowing a cluster fence is advised only where it is certainly
        // harmless.
        rules.fence(state, scope, std::nullopt,
                    /*conservative=*/options.narrowed.count(i) != 0);
        continue;
      }
      if (roles[i].role == Role::ExecutionBarrier && roles[i].clusterArrive)
        rules.clusterArrive(state);
      // What another role may see: the accesses this thread publishes
      // (an mbarrier arrive, a barrier, the end of the kernel) unfenced.
      if (report && publishesToOtherRoles(i)) {
        unfencedAtPublish |= state.cta;
        if (state.cta.any() &&
            StringRef(function.instructions[i].opcode)
                .starts_with("mbarrier.arrive") &&
            (exactBarrier(i) || barrierSlot(i))) {
          auto [it, fresh] = unfencedAtArrive.try_emplace(i, state.cta);
          if (!fresh)
            it->second |= state.cta;
        }
      }
      for (unsigned a = 0; a != accesses[i].size(); ++a) {
        const Resolved &async = accesses[i][a];
        if (!async.isAsync || !report)
          continue;
        auto conflict = [&](unsigned k) -> std::optional<HazardKind> {
          const Resolved &generic = accesses[keys[k].first][keys[k].second];
          if (!mayConflict(generic, async))
            return std::nullopt;
          // A live mbarrier is never the data of an async access whose
          // extent is only bounded (TMA box, descriptor): only once it is
          // invalidated may its bytes be reused.
          if (generic.isMbarrier && !async.exact && !state.freed.test(k))
            return std::nullopt;
          return getHazardKind(generic.isWrite, async.isWrite);
        };
        for (const engine::FenceRules::Missing &missing :
             rules.missingFences(state, async.scope, conflict)) {
          unsigned g = keys[missing.key].first;
          if (seen.insert({g, i, missing.kind}).second)
            hazards.push_back({g, i, keys[missing.key].second, a,
                               missing.kind, missing.scope, missing.why});
        }
      }
      for (unsigned a = 0; a != accesses[i].size(); ++a) {
        const Resolved &access = accesses[i][a];
        if (access.isAsync)
          continue;
        // mbarrier.inval frees the barrier's bytes for reuse as data;
        // mbarrier.init makes them a barrier again (for every pending
        // access of the same barrier).
        bool isInit = access.isMbarrier &&
                      StringRef(function.instructions[i].opcode)
                          .starts_with("mbarrier.init");
        if (access.isInval || isInit) {
          for (unsigned k : state.cta.set_bits()) {
            const Resolved &other = accesses[keys[k].first][keys[k].second];
            if (!other.isMbarrier || other.region.begin != access.region.begin ||
                !other.region.sameBase(access.region))
              continue;
            if (access.isInval)
              rules.invalidate(state, k);
            else
              rules.revive(state, k);
          }
        }
        rules.access(state, keyOf[i][a]);
        if (access.isInval)
          rules.invalidate(state, keyOf[i][a]);
        else if (isInit)
          rules.revive(state, keyOf[i][a]);
      }
    }
    return state;
  };

  solveForward(
      cfg, predicates, in, out,
      [&](unsigned b, const engine::FenceFrontier &state) {
        return transfer(b, state, false);
      },
      [](engine::FenceFrontier &into, const engine::FenceFrontier &from) {
        return into.merge(from);
      },
      [](const engine::FenceFrontier &x, const engine::FenceFrontier &y) {
        return x == y;
      },
      [](unsigned, unsigned, const engine::FenceFrontier &state,
         engine::FenceFrontier &) -> const engine::FenceFrontier & {
        return state;
      });
  for (unsigned b = 0; b != blocks; ++b)
    transfer(b, in[b], true);
  // A hand-off is proven only for the accesses that reach the arrive
  // unfenced on every path: one that a fence orders on some path may be
  // unfenced only where the roles' own protocol stops the other role (a
  // failed query that ends both loops), which the checker does not follow.
  if (!unfencedAtArrive.empty()) {
    std::vector<unsigned> arrives;
    for (const auto &entry : unfencedAtArrive)
      arrives.push_back(entry.first);
    std::map<unsigned, llvm::BitVector> must =
        mustPendingAt(options, arrives);
    for (auto &[arrive, keysAtArrive] : unfencedAtArrive)
      keysAtArrive &= must.at(arrive);
  }
  markSameCounterSlots(options, hazards);
  addCrossRoleHazards(unfencedAtPublish, unfencedAtArrive, options, hazards);
  return hazards;
}

std::map<unsigned, llvm::BitVector>
FunctionAnalysis::mustPendingAt(const RunOptions &options,
                                llvm::ArrayRef<unsigned> points) const {
  // The engine's MustUnfenced lattice over the CFG: a key is unfenced on
  // every path from its latest access (since the last arrive) when it is
  // pending on some path and fenced on none.
  using State = engine::MustUnfenced;
  unsigned blocks = cfg.blocks.size();
  State empty(keys.size());
  std::vector<State> in(blocks, empty), out(blocks, empty);
  std::set<unsigned> wanted(points.begin(), points.end());
  std::map<unsigned, llvm::BitVector> result;
  auto transfer = [&](unsigned b, State state, bool report) {
    for (unsigned i = cfg.blocks[b].begin; i != cfg.blocks[b].end; ++i) {
      if (report && wanted.count(i)) {
        llvm::BitVector unfenced = state.unfenced();
        auto [it, fresh] = result.try_emplace(i, unfenced);
        if (!fresh)
          it->second |= unfenced;
      }
      if (StringRef(function.instructions[i].opcode)
              .starts_with("mbarrier.arrive")) {
        state.arrive();
        continue;
      }
      Scope scope;
      if (options.virtualFences.count(i) || isFence(i, options, scope)) {
        state.fence();
        continue;
      }
      for (unsigned a = 0; a != accesses[i].size(); ++a)
        if (!accesses[i][a].isAsync)
          state.access(keyOf[i][a]);
    }
    return state;
  };
  solveForward(
      cfg, predicates, in, out,
      [&](unsigned b, const State &state) { return transfer(b, state, false); },
      [](State &into, const State &from) { return into.join(from); },
      [](const State &x, const State &y) { return x == y; },
      [](unsigned, unsigned, const State &state, State &) -> const State & {
        return state;
      });
  for (unsigned b = 0; b != blocks; ++b)
    transfer(b, in[b], true);
  for (unsigned point : points)
    result.try_emplace(point, llvm::BitVector(keys.size()));
  return result;
}

bool FunctionAnalysis::publishesToOtherRoles(unsigned i) const {
  StringRef opcode = function.instructions[i].opcode;
  return roles[i].role == Role::ExecutionBarrier || roles[i].isTerminator ||
         opcode.starts_with("mbarrier.arrive") ||
         opcode.starts_with("cp.async.mbarrier.arrive");
}

/// Generic accesses another role may see unfenced, against async accesses
/// of the bytes in code neither reaches nor is reached from them.
void FunctionAnalysis::addCrossRoleHazards(
    const llvm::BitVector &unfenced, const UnfencedAtArrive &atArrive,
    const RunOptions &options, std::vector<Hazard> &hazards) const {
  if (unfenced.none())
    return;
  // Hand-offs (the engine's rule): the async accesses each arrive's
  // barrier, or its slot of a ring, hands to a waiting role (after its
  // wait, before a fence or another synchronization), for the keys
  // unfenced at the arrive on every path.
  std::vector<engine::SyncPoint> arrives, waits;
  for (const auto &entry : atArrive)
    arrives.push_back({entry.first, barrierName(entry.first)});
  if (!arrives.empty())
    for (const auto &entry : mbarrierWaits())
      waits.push_back({entry.first, barrierName(entry.first)});
  // One traced barrier that is a slot of a ring another point names by an
  // index: the same symbol and base, at a whole number of slots from the
  // ring's first.
  // The indexed side's barrier must be able to be that one: within the
  // bytes its address may take (bounded), so that the index may be k.
  auto slotOf = [&](unsigned one, unsigned indexed) -> std::optional<int64_t> {
    std::optional<SharedRegion> barrier = exactBarrier(one);
    const SlotAddress *ring = barrierSlot(indexed);
    if (!barrier || !ring || ring->stride <= 0 ||
        barrier->symbol != ring->symbol || barrier->anchor != ring->anchor ||
        barrier->begin < ring->lo || (barrier->begin - ring->lo) % ring->stride)
      return std::nullopt;
    bool within = false;
    for (const Resolved &r : accesses[indexed])
      if (r.isMbarrier && r.offsetKnown && r.region.end != INT64_MAX &&
          r.region.sameBase(*barrier) && r.region.begin <= barrier->begin &&
          barrier->end <= r.region.end)
        within = true;
    if (!within)
      return std::nullopt;
    return (barrier->begin - ring->lo) / ring->stride;
  };
  engine::FenceHandOffs handOffs(
      engine::meetings(arrives, waits, slotOf), [&](unsigned w) {
        std::vector<uint64_t> after;
        for (auto [i, a] : asyncAfterWait(w, options))
          after.push_back(accessNumber(i, a));
        return after;
      });
  auto unfencedAt = [&](unsigned arrive, unsigned k) {
    return atArrive.at(arrive).test(k);
  };
  // The first-pass bytes that proved a pair through a ring slot one side
  // names by a barrier, for the finding to name.
  std::map<std::pair<unsigned, uint64_t>, FirstPassBytes> firstPassWitness;
  // Through a ring: whether the generic access `g` and the async one `j`
  // are of the same slot, in the threads that run them: the thread that
  // arrives ran `g` (unfenced on every path to the arrive) with the index
  // of its data slot unchanged since, and that index chose the arrive's
  // barrier slot (or a release counter lagging it holds that value at the
  // arrive: releasesSlotOf); the thread that waits issues `j` with the index of the
  // wait's barrier slot unchanged, which chose j's data slot. One barrier
  // slot means one index value, so one slot of the data ring; proven when
  // whatever bytes `g` reads or writes in it (a window of its width within
  // its in-slot range, which thread runs it not known) meet those `j`
  // surely touches.
  auto sameSlot = [&](unsigned k, uint64_t access,
                      const engine::Meeting &meeting) {
    auto [g, ga] = keys[k];
    auto [j, a] = accessOfNumber(access);
    const Resolved &generic = accesses[g][ga], &async = accesses[j][a];
    if (meeting.slot) {
      FirstPassBytes witness;
      if (!sameConstantSlot(generic, g, async, j, meeting, options, &witness))
        return false;
      if (witness.bytes)
        firstPassWitness[{k, access}] = witness;
      return true;
    }
    const SlotAddress *released = barrierSlot(meeting.arrive);
    const SlotAddress *acquired = barrierSlot(meeting.wait);
    if (!async.indexed || !released || !acquired ||
        function.instructions[g].isPredicated() || generic.sureWidth <= 0)
      return false;
    int64_t width = generic.sureWidth;
    if (!generic.indexed) {
      // A generic access of one offset (a range over threads): of slot k
      // of the async access's ring when every window of its width there
      // meets what the async access surely touches in slot k; released
      // when the arrive's counter is k (a read before the loop).
      const SlotAddress &y = *async.indexed;
      const StageCounter *counter = counterIn(released->index);
      if (!counter || !generic.offsetKnown ||
          generic.region.symbol != y.symbol ||
          generic.region.anchor != y.anchor || y.lo >= y.sureHi ||
          y.index != acquired->index ||
          !registerUnchanged(y.index, meeting.wait, j))
        return false;
      for (int64_t k = 0; k != int64_t(counter->slots); ++k) {
        int64_t lo = generic.region.begin - k * y.stride;
        int64_t hi = generic.region.end - k * y.stride;
        if (lo + width <= hi && y.lo < lo + width && hi - width < y.sureHi)
          return releasesConstantSlot(g, k, *released, meeting.arrive,
                                      options);
      }
      return false;
    }
    const SlotAddress &x = *generic.indexed, &y = *async.indexed;
    if (y.index != acquired->index || x.symbol != y.symbol ||
        x.anchor != y.anchor || x.stride != y.stride || y.lo >= y.sureHi ||
        !releasesSlotOf(x.index, g, *released, meeting.arrive, options) ||
        !registerUnchanged(y.index, meeting.wait, j))
      return false;
    return meetsInSlot(g, ga, width, x, y);
  };
  for (unsigned j = 0; j != accesses.size(); ++j)
    for (unsigned a = 0; a != accesses[j].size(); ++a) {
      const Resolved &async = accesses[j][a];
      if (!async.isAsync)
        continue;
      unsigned bj = cfg.blockOf[j];
      const AsyncReach &reach = getAsyncReach(bj);
      for (unsigned k : unfenced.set_bits()) {
        auto [g, ga] = keys[k];
        const Resolved &generic = accesses[g][ga];
        unsigned bg = cfg.blockOf[g];
        if (generic.isMbarrier || reach.from.test(bg) || reach.to.test(bg) ||
            bg == bj || !mayConflict(generic, async))
          continue;
        HazardKind kind = *getHazardKind(generic.isWrite, async.isWrite);
        Hazard hazard{g, j, ga, a, kind,
                      fenceRules->requiredScope(k, async.scope)};
        hazard.crossRole = true;
        // Proven through a hand-off: the generic access reaches the arrive
        // unfenced, and the other role issues the async op right after
        // waiting on that barrier, with no fence of its own between.
        // Through one barrier, the meeting is recorded for bytes that may
        // meet: the findings report it as proven only where the first pass
        // proves the bytes (isUnprovenCrossRole), and name the hand-off in
        // the unproven ordering otherwise.
        if (std::optional<engine::Meeting> meeting = handOffs.prove(
                k, accessNumber(j, a), unfencedAt,
                [](unsigned, uint64_t) { return true; }, sameSlot)) {
          hazard.release = meeting->arrive;
          hazard.acquire = meeting->wait;
          hazard.sameSlot = meeting->throughRing;
          auto witness = firstPassWitness.find({k, accessNumber(j, a)});
          if (witness != firstPassWitness.end())
            hazard.firstPass = witness->second;
        }
        hazards.push_back(hazard);
      }
    }
}

const FunctionAnalysis::AsyncReach &
FunctionAnalysis::getAsyncReach(unsigned block) const {
  auto it = asyncReach.find(block);
  if (it != asyncReach.end())
    return it->second;
  unsigned blocks = cfg.blocks.size();
  AsyncReach reach{llvm::BitVector(blocks), llvm::BitVector(blocks)};
  auto walk = [&](llvm::BitVector &seen, bool forward) {
    std::vector<unsigned> stack = {block};
    while (!stack.empty()) {
      unsigned x = stack.back();
      stack.pop_back();
      const std::vector<unsigned> &next = forward
                                              ? cfg.blocks[x].successors
                                              : cfg.blocks[x].predecessors;
      for (unsigned s : next)
        if (!seen.test(s)) {
          seen.set(s);
          stack.push_back(s);
        }
    }
  };
  walk(reach.from, true);
  walk(reach.to, false);
  return asyncReach.emplace(block, std::move(reach)).first->second;
}

/// Whether the guard `inst` of a commit or wait holds for the thread that
/// issued a read under `guard`, at a point where `facts` hold: yes, no,
/// or unknown (nullopt).
std::optional<bool> executesFor(const PredicateFacts &predicates,
                                const PredicateFacts::FactSet &facts,
                                const PredicateFacts::FactSet &guard,
                                const Instruction &inst, unsigned index) {
  if (!inst.isPredicated())
    return true;
  PredicateFacts::FactSet both;
  std::set_union(facts.begin(), facts.end(), guard.begin(), guard.end(),
                 std::back_inserter(both));
  if (predicates.implies(both, index))
    return true;
  if (predicates.excludes(both, index))
    return false;
  return std::nullopt;
}

engine::CompletionGroup completionGroup(Completion completion) {
  switch (completion) {
  case Completion::WgmmaGroup:
    return engine::CompletionGroup::Wgmma;
  case Completion::Tcgen05Commit:
    return engine::CompletionGroup::Mbarrier;
  default:
    return engine::CompletionGroup::Bulk;
  }
}

// The completion dataflow: the engine's rules (include/proxyfence/Engine/
// Completion.h) over the function's CFG, with branch correlation. The
// async reads it tracks are numbered in (instruction, access) order; the
// front-end answers which thread runs a commit or wait (the guards), which
// barrier a commit signals and a wait waits on, and whether a write meets
// a read (bytes, ring slots).
std::vector<CompletionHazard>
FunctionAnalysis::findCompletionHazards(const RunOptions &options,
                                        CompletionTrace *trace) const {
  unsigned blocks = cfg.blocks.size();
  // The tracked reads, numbered.
  std::vector<std::pair<unsigned, unsigned>> keyAccess;
  std::vector<engine::CompletionRules::Read> readInfo;
  // The keys of instruction i's reads: [keyBegin[i], keyBegin[i + 1]).
  std::vector<unsigned> keyBegin(accesses.size() + 1, 0);
  for (unsigned i = 0; i != accesses.size(); ++i) {
    for (unsigned a = 0; a != accesses[i].size(); ++a) {
      const Resolved &access = accesses[i][a];
      if (!access.isAsync || !access.isRead ||
          access.completion == Completion::None || isUntrackedRead(i, a))
        continue;
      keyAccess.push_back({i, a});
      engine::CompletionRules::Read read;
      read.group = completionGroup(access.completion);
      read.ringSlot = access.slot.has_value();
      read.counter = access.slot ? static_cast<int>(access.slot->counter) : -1;
      readInfo.push_back(read);
    }
    keyBegin[i + 1] = keyAccess.size();
  }
  std::vector<unsigned> counterSlots;
  for (const auto &counter : counters)
    counterSlots.push_back(counter.slots);
  engine::CompletionRules rules(std::move(readInfo), std::move(counterSlots),
                                /*uniformGuards=*/false);
  // The barriers commits signal, numbered (the engine compares numbers).
  std::vector<SharedRegion> barriers;
  auto barrierId = [&](const SharedRegion &barrier) -> int {
    auto at = llvm::find(barriers, barrier);
    if (at != barriers.end())
      return at - barriers.begin();
    barriers.push_back(barrier);
    return barriers.size() - 1;
  };
  auto barrierOf = [&](int id) {
    return id == engine::kAnyBarrier ? SharedRegion() : barriers[id];
  };

  std::vector<engine::PendingReads> in(blocks), out(blocks);
  std::vector<CompletionHazard> hazards;
  // (write, read) -> its hazard's index.
  std::map<std::pair<unsigned, unsigned>, size_t> seen;
  // The facts under which each tracked async read was issued.
  std::map<unsigned, PredicateFacts::FactSet> guards;
  auto guardOf = [&](unsigned i) -> const PredicateFacts::FactSet & {
    auto it = guards.find(i);
    if (it == guards.end())
      it = guards.emplace(i, predicates.instructionFacts(cfg, i)).first;
    return it->second;
  };

  // Whether the commit or wait `i` is guarded by the very predicate value
  // that guarded the read `read`: the same register, read the same way, in
  // the same block with no redefinition between (an `elect.sync` result
  // guarding both an MMA and its commit).
  auto sameGuard = [&](unsigned read, unsigned i) -> std::optional<bool> {
    const Instruction &r = function.instructions[read];
    const Instruction &c = function.instructions[i];
    if (!r.isPredicated() || !c.isPredicated() || r.predicate != c.predicate ||
        read >= i || cfg.blockOf[read] != cfg.blockOf[i])
      return std::nullopt;
    for (unsigned k = read; k != i; ++k) {
      llvm::SmallVector<StringRef, 4> defined;
      getDefinedRegisters(function.instructions[k], defined);
      if (llvm::is_contained(defined, StringRef(r.predicate)))
        return std::nullopt;
    }
    return r.negated == c.negated;
  };
  // Whether the commit or wait `i` runs in the thread that issued read
  // `key` (only a surely running one applies).
  auto executesAt = [&](unsigned i) {
    return [&, i, facts = predicates.instructionFacts(cfg, i)](unsigned key) {
      unsigned r = keyAccess[key].first;
      std::optional<bool> runs = executesFor(predicates, facts, guardOf(r),
                                             function.instructions[i], i);
      if (!runs)
        runs = sameGuard(r, i);
      return runs && *runs;
    };
  };
  // The reads this thread still had pending at an arrive another thread
  // may wait on (recorded while reporting).
  struct Release {
    unsigned arrive;
    std::pair<unsigned, unsigned> read;
    /// For an mbarrier.arrive: its barrier's bytes, and whether they are
    /// one traced address.
    std::optional<SharedRegion> barrier;
    bool exact = false;
  };
  std::vector<Release> releases;
  auto transfer = [&](unsigned b, engine::PendingReads state, bool report) {
    for (unsigned i = cfg.blocks[b].begin; i != cfg.blocks[b].end; ++i) {
      const Classification &role = roles[i];
      StringRef opcode = function.instructions[i].opcode;
      bool mbarrierArrive = opcode.starts_with("mbarrier.arrive");
      if (report && !state.self.empty() &&
          (mbarrierArrive ||
           (role.role == Role::ExecutionBarrier && !waitsAtBarrier(i)))) {
        Release release{i, {}, std::nullopt, false};
        if (mbarrierArrive) {
          for (const Resolved &r : accesses[i])
            if (r.isMbarrier)
              release.barrier = r.region;
          release.exact = exactBarrier(i).has_value();
        }
        const PredicateFacts::FactSet &facts =
            predicates.instructionFacts(cfg, i);
        for (const auto &[key, list] : state.self)
          if (executesFor(predicates, facts, guardOf(keyAccess[key].first),
                          function.instructions[i], i) != false) {
            release.read = keyAccess[key];
            releases.push_back(release);
          }
      }
      // A stage counter advances (every thread alike) or restarts.
      auto advanced = advances.find(i);
      auto reset = resets.find(i);
      if (advanced != advances.end() || reset != resets.end()) {
        bool isReset = reset != resets.end();
        rules.advance(state, isReset ? reset->second : advanced->second,
                      isReset);
      }
      // A wait_group N leaves N groups pending; a weakened one N + 1.
      auto complete = [&](engine::CompletionGroup group) {
        bool weakened = options.weakened.count(i);
        unsigned keep = role.waitCount + weakened;
        rules.wait(state, group, keep, executesAt(i),
                   weakened ? role.waitCount : ~0u,
                   report && trace ? llvm::function_ref<void(unsigned)>(
                                         [&](unsigned key) {
                                           trace->lengthened.insert(
                                               keyAccess[key].first);
                                         })
                                   : nullptr);
      };
      switch (role.role) {
      case Role::BulkCommit:
        rules.commit(state, engine::CompletionGroup::Bulk, executesAt(i));
        break;
      case Role::BulkWait:
        complete(engine::CompletionGroup::Bulk);
        break;
      case Role::WgmmaCommit:
        rules.commit(state, engine::CompletionGroup::Wgmma, executesAt(i));
        break;
      case Role::WgmmaWait:
        complete(engine::CompletionGroup::Wgmma);
        break;
      case Role::Tcgen05Commit:
        // tcgen05.commit makes the thread's earlier tcgen05 ops signal
        // its mbarrier when they complete.
        rules.commitToBarrier(state, barrierId(commitBarrier(i)),
                              executesAt(i));
        break;
      case Role::MbarrierWait: {
        // A wait on the mbarrier a tcgen05.commit signals completes the
        // reads that commit covered (not those of other barriers); another
        // thread's read is taken as committed to every barrier a
        // tcgen05.commit its issue reaches signals.
        std::optional<SharedRegion> waited;
        for (const Resolved &r : accesses[i])
          if (r.isMbarrier)
            waited = r.region;
        rules.waitBarrier(
            state, executesAt(i),
            [&](int barrier) {
              return !waited || barrierOf(barrier).mayAlias(*waited);
            },
            [&](unsigned key) {
              for (const SharedRegion &barrier :
                   commitBarriersAfter(keyAccess[key].first))
                if (!waited || barrier.mayAlias(*waited))
                  return true;
              return false;
            });
        break;
      }
      case Role::ExecutionBarrier:
        if (waitsAtBarrier(i))
          rules.executionBarrier(state);
        break;
      default:
        break;
      }
      // A write over a pending async read: generic (st.shared, ...) or
      // async (a TMA or bulk load into bytes a TMA store or an MMA may
      // still be reading). Neither is ordered by a proxy fence; only the
      // read's completion orders it (docs/proxy-model.md, async write over
      // a pending async read).
      for (unsigned a = 0; a != accesses[i].size(); ++a) {
        const Resolved &access = accesses[i][a];
        if (!access.isWrite || !report)
          continue;
        rules.forEachPending(state, [&](unsigned key, int delta) {
          auto [r, ra] = keyAccess[key];
          const Resolved &async = accesses[r][ra];
          if (!async.region.mayAlias(access.region) ||
              (access.isMbarrier &&
               (!async.exact || isOwnBarrier(access, async))) ||
              inDifferentSlots(async, access, delta))
            return;
          bool sameSlot = surelyMeetInSlot(async, access, delta);
          auto [at, fresh] = seen.try_emplace({i, r}, hazards.size());
          if (fresh)
            hazards.push_back({i, r, a, ra, async.completion});
          hazards[at->second].sameSlot |= sameSlot;
        });
      }
      for (unsigned key = keyBegin[i]; key != keyBegin[i + 1]; ++key)
        rules.issue(state, key, /*ownGroup=*/false);
    }
    return state;
  };
  // Along an edge whose branch contradicts the guard of a read, the
  // thread is not the one that issued it.
  auto alongEdge = [&](unsigned from, unsigned to,
                       const engine::PendingReads &state,
                       engine::PendingReads &next)
      -> const engine::PendingReads & {
    const PredicateFacts::FactSet &facts = predicates.edgeFacts(from, to);
    if (facts.empty())
      return state;
    return rules.alongEdge(
        state,
        [&](unsigned key) {
          return PredicateFacts::contradicts(guardOf(keyAccess[key].first),
                                             facts);
        },
        next);
  };
  solveForward(
      cfg, predicates, in, out,
      [&](unsigned b, const engine::PendingReads &state) {
        return transfer(b, state, false);
      },
      [&](engine::PendingReads &into, const engine::PendingReads &from) {
        return rules.join(into, from);
      },
      std::equal_to<engine::PendingReads>(), alongEdge);
  for (unsigned b = 0; b != blocks; ++b)
    transfer(b, in[b], true);
  // Hand-offs between warp roles (docs/ptx-checker.md, Hand-offs): a
  // write that follows a wait on a barrier, before any other
  // synchronization, in code the arrive's block neither reaches nor is
  // reached from, of bytes a read the arriving thread still had pending.
  // The wait pairs with that arrive in some phase, so the write may come
  // before the read completes.
  if (releases.empty())
    return hazards;
  std::vector<HandOff> handOffs(releases.size(), HandOff::NoWait);
  // The waits each release of one traced barrier is matched with.
  std::vector<llvm::SmallVector<unsigned, 2>> matchedWaits(releases.size());
  std::vector<engine::Release> named;
  for (unsigned k = 0; k != releases.size(); ++k) {
    if (!releases[k].barrier)
      handOffs[k] = HandOff::NamedBarrier;
    engine::Release release{{releases[k].arrive, {}}, k};
    if (releases[k].barrier && releases[k].exact)
      release.arrive.name.barrier = barrierName(releases[k].arrive).barrier;
    if (releases[k].barrier)
      release.arrive.name.ring = barrierName(releases[k].arrive).ring;
    named.push_back(release);
  }
  std::vector<engine::SyncPoint> waits;
  for (const auto &entry : mbarrierWaits())
    waits.push_back({entry.first, barrierName(entry.first)});
  std::map<unsigned, std::vector<uint64_t>> writes;
  engine::completionHandOffs(
      named, waits,
      [&](unsigned w) -> const std::vector<uint64_t> & {
        auto [it, fresh] = writes.try_emplace(w);
        if (fresh)
          for (auto [i, a] : writesAfterWait(w))
            it->second.push_back(accessNumber(i, a));
        return it->second;
      },
      [&](unsigned k, uint64_t write) {
        auto [i, a] = accessOfNumber(write);
        return overwritesRead(releases[k].arrive, releases[k].read, i, a);
      },
      [&](unsigned k, unsigned w) {
        handOffs[k] = HandOff::Matched;
        matchedWaits[k].push_back(w);
      },
      [&](unsigned k, unsigned w, uint64_t write, bool throughRing) {
        auto [i, a] = accessOfNumber(write);
        auto [r, ra] = releases[k].read;
        auto [at, fresh] = seen.try_emplace({i, r}, hazards.size());
        if (!fresh) {
          // Already found; through a ring, the slots are now proven the
          // same for a hand-off found before.
          CompletionHazard &found = hazards[at->second];
          if (throughRing && found.release == releases[k].arrive &&
              found.acquire == w)
            found.sameSlot = true;
          return;
        }
        CompletionHazard hazard{i, r, a, ra, accesses[r][ra].completion};
        hazard.release = releases[k].arrive;
        hazard.acquire = w;
        hazard.sameSlot = throughRing;
        hazards.push_back(hazard);
      },
      // Through a ring of barriers: the read's data slot is the arrive's
      // barrier slot (the same index register, unchanged from the read's
      // issue to the arrive), the write's data slot the wait's (unchanged
      // from the wait to the write), both of one data ring, and whatever
      // bytes the write touches meet those the read surely reads in it.
      [&](unsigned k, unsigned w, uint64_t write) {
        auto [i, a] = accessOfNumber(write);
        auto [r, ra] = releases[k].read;
        const Resolved &read = accesses[r][ra], &written = accesses[i][a];
        const SlotAddress *released = barrierSlot(releases[k].arrive);
        const SlotAddress *acquired = barrierSlot(w);
        if (!released || !acquired || !read.indexed || !written.indexed ||
            function.instructions[i].isPredicated() ||
            !overwritesRead(releases[k].arrive, releases[k].read, i, a))
          return false;
        const SlotAddress &x = *written.indexed, &y = *read.indexed;
        if (y.index != released->index || x.index != acquired->index ||
            x.symbol != y.symbol || x.anchor != y.anchor ||
            x.stride != y.stride || y.lo >= y.sureHi ||
            !registerUnchanged(y.index, r, releases[k].arrive) ||
            !registerUnchanged(x.index, w, i))
          return false;
        if (written.isAsync)
          return commonSureBytes(x, y).has_value();
        return meetsInSlot(i, a, written.sureWidth, x, y);
      });
  if (!trace)
    return hazards;
  // For explain: the other releases of the reads a weakened wait leaves
  // pending, against every wait whose barrier may be theirs.
  for (unsigned k = 0; k != releases.size(); ++k) {
    const Release &release = releases[k];
    if (!trace->lengthened.count(release.read.first))
      continue;
    if (handOffs[k] == HandOff::NoWait)
      handOffs[k] =
          followHandOff(release.arrive, *release.barrier, release.read);
    // A matched hand-off whose waiting role writes the bytes only after
    // another synchronization: that one is taken to order the write, which
    // is not proven.
    if (handOffs[k] == HandOff::Matched)
      for (unsigned w : matchedWaits[k])
        for (auto [i, a] : writesAfterWait(w, /*through=*/true))
          if (overwritesRead(release.arrive, release.read, i, a)) {
            handOffs[k] = HandOff::Beyond;
            break;
          }
  }
  // One verdict per (arrive, read instruction): the least followed.
  std::map<std::pair<unsigned, unsigned>, HandOff> worst;
  for (unsigned k = 0; k != releases.size(); ++k) {
    auto [it, fresh] = worst.try_emplace(
        {releases[k].arrive, releases[k].read.first}, handOffs[k]);
    if (!fresh && isFollowed(it->second) && !isFollowed(handOffs[k]))
      it->second = handOffs[k];
  }
  for (auto [key, handOff] : worst)
    trace->arrives.insert({key.first, key.second, handOff});
  return hazards;
}

const std::vector<std::pair<unsigned, SharedRegion>> &
FunctionAnalysis::mbarrierWaits() const {
  if (!handOffFacts.waits) {
    handOffFacts.waits.emplace();
    for (unsigned w = 0; w != roles.size(); ++w)
      if (roles[w].role == Role::MbarrierWait)
        for (const Resolved &r : accesses[w])
          if (r.isMbarrier) {
            handOffFacts.waits->push_back({w, r.region});
            break;
          }
  }
  return *handOffFacts.waits;
}

const std::vector<std::pair<unsigned, unsigned>> &
FunctionAnalysis::writesAfterWait(unsigned w, bool through) const {
  auto [it, fresh] =
      (through ? handOffFacts.through : handOffFacts.writes).try_emplace(w);
  if (!fresh)
    return it->second;
  auto isSynchronization = [&](unsigned i) {
    if (through)
      return i == w;
    return roles[i].role == Role::MbarrierWait || waitsAtBarrier(i);
  };
  walkAfter(cfg, w, isSynchronization, [&](unsigned i) {
    for (unsigned a = 0; a != accesses[i].size(); ++a)
      if (accesses[i][a].isWrite && !accesses[i][a].isMbarrier)
        it->second.push_back({i, a});
  });
  return it->second;
}

SharedRegion FunctionAnalysis::commitBarrier(unsigned commit) const {
  const Instruction &inst = function.instructions[commit];
  for (unsigned o = 0; o != inst.operands.size(); ++o)
    if (isMemoryOperand(inst.operands[o])) {
      bool remote = false;
      return resolveAddress(inst, o, 8, &remote);
    }
  return SharedRegion();
}

const std::vector<SharedRegion> &
FunctionAnalysis::commitBarriersAfter(unsigned read) const {
  auto [it, fresh] = handOffFacts.commitBarriers.try_emplace(read);
  if (!fresh)
    return it->second;
  for (unsigned i = 0; i != roles.size(); ++i)
    if (roles[i].role == Role::Tcgen05Commit && reaches(read, i))
      it->second.push_back(commitBarrier(i));
  return it->second;
}

std::vector<std::pair<unsigned, unsigned>>
FunctionAnalysis::asyncAfterWait(unsigned w, const RunOptions &options) const {
  std::vector<std::pair<unsigned, unsigned>> found;
  auto stops = [&](unsigned i) {
    Scope scope;
    return roles[i].role == Role::MbarrierWait || isFence(i, options, scope) ||
           options.virtualFences.count(i) || waitsAtBarrier(i);
  };
  walkAfter(cfg, w, stops, [&](unsigned i) {
    for (unsigned a = 0; a != accesses[i].size(); ++a)
      if (accesses[i][a].isAsync)
        found.push_back({i, a});
  });
  return found;
}

bool FunctionAnalysis::overwritesRead(unsigned arrive,
                                      std::pair<unsigned, unsigned> read,
                                      unsigned i, unsigned a) const {
  unsigned bi = cfg.blockOf[i], ba = cfg.blockOf[arrive];
  const AsyncReach &reach = getAsyncReach(ba);
  if (bi == ba || reach.from.test(bi) || reach.to.test(bi))
    return false; // the same warp role: its own dataflow decides
  return accesses[read.first][read.second].region.mayAlias(
      accesses[i][a].region);
}

HandOff FunctionAnalysis::followHandOff(unsigned arrive,
                                        const SharedRegion &barrier,
                                        std::pair<unsigned, unsigned> read) const {
  auto [it, fresh] = handOffFacts.verdicts.try_emplace(
      {arrive, read.first, read.second}, HandOff::NoWait);
  if (!fresh)
    return it->second;
  for (const auto &[w, waited] : mbarrierWaits()) {
    if (!waited.mayAlias(barrier))
      continue;
    it->second = HandOff::NoOverlap;
    for (auto [i, a] : writesAfterWait(w))
      if (overwritesRead(arrive, read, i, a))
        return it->second = HandOff::Unmatched;
  }
  return it->second;
}

bool FunctionAnalysis::isUntrackedRead(unsigned i, unsigned a) const {
  // Reads through a descriptor whose start is not decoded are not tracked
  // for completion: their extent is any shared memory.
  const Resolved &access = accesses[i][a];
  return access.isAsync && access.isRead &&
         access.completion != Completion::None && access.region.begin == 0 &&
         access.region.end == INT64_MAX && roles[i].accesses.size() > a &&
         roles[i].accesses[a].isDescriptor;
}

std::optional<SharedRegion> FunctionAnalysis::exactBarrier(unsigned i) const {
  for (const Resolved &r : accesses[i])
    if (r.isMbarrier && r.offsetKnown && r.region.symbol >= 0 &&
        r.region.end - r.region.begin == 8)
      return r.region;
  return std::nullopt;
}

const SlotAddress *FunctionAnalysis::barrierSlot(unsigned i) const {
  const SlotAddress *found = nullptr;
  for (const Resolved &r : accesses[i])
    if (r.isMbarrier) {
      if (found || !r.indexed || r.indexed->hi - r.indexed->lo != 8 ||
          r.indexed->sureHi != r.indexed->hi)
        return nullptr;
      found = &*r.indexed;
    }
  return found;
}

/// Through a ring whose slot `meeting.slot` one side names by one barrier
/// and the other by an index: the index is that slot in the phase they
/// meet in. The side of the index touches the data slot its index picks
/// (the same register, unchanged between the access and the arrive or
/// the wait; or, for the arrive, a release counter lagging the access's,
/// releasesSlotOf), the other side bytes of one known offset. Proven when
/// whatever bytes the generic access reads or writes (a window of its
/// width within its range) meet those the async one surely touches, both
/// placed in that slot.
bool FunctionAnalysis::sameConstantSlot(const Resolved &generic, unsigned g,
                                        const Resolved &async, unsigned j,
                                        const engine::Meeting &meeting,
                                        const RunOptions &options,
                                        FirstPassBytes *witness) const {
  int64_t slot = *meeting.slot;
  int64_t width = generic.sureWidth;
  if (function.instructions[g].isPredicated() || width <= 0)
    return false;
  const SlotAddress *released = barrierSlot(meeting.arrive);
  const SlotAddress *acquired = barrierSlot(meeting.wait);
  if (released && generic.indexed && !acquired) {
    // The generic access is of the arrive's index; the async access of
    // one offset.
    const SlotAddress &x = *generic.indexed;
    SharedRegion sure = provenRegion(async);
    if (!async.offsetKnown || async.indexed || sure.symbol != x.symbol ||
        sure.anchor != x.anchor ||
        !releasesSlotOf(x.index, g, *released, meeting.arrive, options))
      return false;
    int64_t lo = sure.begin - slot * x.stride, hi = sure.end - slot * x.stride;
    if (lo < hi && x.lo + width <= x.hi && lo < x.lo + width &&
        x.hi - width < hi)
      return true;
    // Else the generic access's first execution, by the threads of its
    // role that surely run it: its index then holds its value from before
    // the loop, and its bytes meet the async access's (of slot k) only if
    // that value is k, the slot the meeting is through.
    FirstPassBytes found;
    found.bytes = handOffMeetsOnFirstPass(g, accessIndex(g, generic), j,
                                          accessIndex(j, async), &found.lowest,
                                          &found.threads);
    if (found.bytes && witness)
      *witness = found;
    if (found.bytes)
      return true;
    // Else each thread's own bytes in any execution with the index at k,
    // where the address is a function of the index alone.
    return meetsInEverySlotExecution(g, accessIndex(g, generic), x.index,
                                     sure, x.stride, slot);
  }
  if (released && !generic.indexed && !acquired) {
    // Both of one offset (the generic access's a range over threads): the
    // bytes meet where every window of the generic access's width does;
    // the arrive hands them over when its counter is the slot the wait
    // names (a read before the loop, released by the loop's arrive).
    SharedRegion sure = provenRegion(async);
    int64_t lo = generic.region.begin, hi = generic.region.end;
    if (!generic.offsetKnown || !async.offsetKnown || async.indexed ||
        sure.symbol != generic.region.symbol ||
        sure.anchor != generic.region.anchor || lo + width > hi ||
        sure.begin >= lo + width || hi - width >= sure.end)
      return false;
    return releasesConstantSlot(g, slot, *released, meeting.arrive, options);
  }
  if (acquired && async.indexed && !released) {
    // The async access is of the wait's index; the generic access of one
    // offset (a range over threads or executions: some window in it).
    const SlotAddress &y = *async.indexed;
    if (y.index != acquired->index || !generic.offsetKnown ||
        generic.indexed || generic.region.symbol != y.symbol ||
        generic.region.anchor != y.anchor ||
        !registerUnchanged(y.index, meeting.wait, j))
      return false;
    int64_t lo = generic.region.begin - slot * y.stride;
    int64_t hi = generic.region.end - slot * y.stride;
    return y.lo < y.sureHi && lo + width <= hi && y.lo < lo + width &&
           hi - width < y.sureHi;
  }
  return false;
}

unsigned FunctionAnalysis::accessIndex(unsigned i, const Resolved &access) const {
  return &access - accesses[i].data();
}

engine::BarrierName FunctionAnalysis::barrierName(unsigned i) const {
  engine::BarrierName name;
  if (std::optional<SharedRegion> barrier = exactBarrier(i)) {
    auto [it, fresh] = handOffFacts.barrierNumbers.try_emplace(
        {barrier->symbol, barrier->anchor, barrier->begin},
        handOffFacts.barrierNumbers.size());
    name.barrier = it->second;
  }
  if (const SlotAddress *slot = barrierSlot(i)) {
    auto [it, fresh] = handOffFacts.ringNumbers.try_emplace(
        {slot->symbol, slot->anchor, slot->stride, slot->lo},
        handOffFacts.ringNumbers.size());
    name.ring = it->second;
  }
  return name;
}

/// Whether `block` and `other` are on a common cycle.
bool FunctionAnalysis::inLoopWith(unsigned block, unsigned other) const {
  return cfg.onCommonCycle(block, other);
}

unsigned
FunctionAnalysis::getInsertionPoint(unsigned async,
                                    llvm::ArrayRef<unsigned> generics) const {
  unsigned block = cfg.blockOf[async];
  // Hoist out of a loop none of whose instructions touches the bytes: to
  // the end of the loop's single entering block.
  if (inLoopWith(block, block) &&
      llvm::none_of(generics, [&](unsigned g) {
        return inLoopWith(cfg.blockOf[g], block);
      })) {
    std::vector<unsigned> outside;
    for (unsigned b = 0; b != cfg.blocks.size(); ++b)
      for (unsigned s : cfg.blocks[b].successors)
        if (inLoopWith(s, block) && !inLoopWith(b, block))
          outside.push_back(b);
    if (outside.size() == 1) {
      const BasicBlock &pre = cfg.blocks[outside[0]];
      unsigned last = pre.end - 1;
      if (roles[last].isBranch || roles[last].isTerminator)
        return last;
      return pre.end; // before the loop header
    }
  }
  // Walk back from the async op over what the fence may move above, out
  // of the branches around a one-thread issue (the fence must run in every
  // thread that wrote, docs/proxy-model.md), and put the fence before the
  // nearest barrier that publishes the writes to the issuing thread: a
  // bar.sync (not a barrier.cluster.wait: the arrive before it publishes),
  // or, for an async op that reaches other CTAs, the
  // barrier.cluster.arrive. From a block's start the walk goes on in its
  // single predecessor, or past a join to the immediate dominator when
  // every instruction of the blocks in between may be moved above too.
  bool reachesCluster = llvm::any_of(accesses[async], [](const Resolved &r) {
    return r.isAsync && r.scope == Scope::Cluster;
  });
  auto publishes = [&](unsigned i) {
    const Classification &role = roles[i];
    if (role.role != Role::ExecutionBarrier)
      return false;
    if (reachesCluster)
      return role.clusterArrive;
    return role.barrierScope != Scope::Cluster || role.clusterArrive;
  };
  unsigned point = async;
  unsigned b = block;
  unsigned i = async;
  std::set<unsigned> visited = {block};
  auto outsideLoop = [&](unsigned other) {
    return inLoopWith(other, other) && !inLoopWith(other, block);
  };
  while (true) {
    bool blocked = false, found = false;
    while (!blocked && !found && i > cfg.blocks[b].begin) {
      --i;
      if (publishes(i)) {
        point = i;
        found = true;
      } else if (roles[i].role != Role::ExecutionBarrier) {
        blocked = !mayMoveAbove(i, async, generics);
      }
    }
    if (blocked || found)
      break;
    const std::vector<unsigned> &preds = cfg.blocks[b].predecessors;
    int next = preds.size() == 1 ? static_cast<int>(preds.front())
                                 : cfg.idom[b];
    if (next < 0 || !visited.insert(next).second || outsideLoop(next))
      break;
    if (preds.size() > 1) {
      // The blocks between the dominator and the join.
      std::set<unsigned> between;
      std::vector<unsigned> stack(preds.begin(), preds.end());
      while (!stack.empty() && !blocked) {
        unsigned r = stack.back();
        stack.pop_back();
        if (static_cast<int>(r) == next || !between.insert(r).second)
          continue;
        if (r == b || outsideLoop(r)) {
          blocked = true;
          break;
        }
        for (unsigned j = cfg.blocks[r].begin; j != cfg.blocks[r].end; ++j)
          if (roles[j].role != Role::ExecutionBarrier &&
              !mayMoveAbove(j, async, generics))
            blocked = true;
        for (unsigned p : cfg.blocks[r].predecessors)
          stack.push_back(p);
      }
      if (blocked)
        break;
    }
    b = next;
    i = cfg.blocks[b].end;
  }
  return point;
}

/// Whether a fence for the async op at `async` may be placed above
/// instruction `i`: `i` is no call or async op, and none of its generic
/// accesses is one of the hazard's or may conflict with the async op's
/// bytes. Register-only instructions (mov, setp, the descriptor
/// arithmetic) are transparent, and so are fences that do not order the
/// hazard (too narrow, or after the cluster arrive).
bool FunctionAnalysis::mayMoveAbove(unsigned i, unsigned async,
                                    llvm::ArrayRef<unsigned> generics) const {
  if (StringRef(function.instructions[i].opcode).starts_with("call") ||
      llvm::is_contained(generics, i))
    return false;
  for (const Resolved &access : accesses[i]) {
    if (access.isAsync)
      return false;
    for (const Resolved &other : accesses[async])
      if (other.isAsync && mayConflict(access, other))
        return false;
  }
  return true;
}

} // namespace proxyfence::ptx::detail

