//===- StageCounters.cpp - ring slots chosen by loop-carried counters -----===//
//
// A ring of S slots in a rolled loop is indexed by a stage counter: a
// register that starts at a constant, and that the loop advances by one and
// wraps (`add c, c, 1; and c, c, S-1`, or `add c, c, 1; setp.eq p, c, S;
// selp c, 0, c, p`). Flow-insensitively its value is [0, S-1], so every
// slot address covers the whole ring, and a write of slot k looks like it
// may hit the slot a bulk store issued one iteration earlier is still
// reading. What proves it does not: the address is `rest + c * stride`, the
// bytes of both accesses fit in one window of `stride` bytes, and the
// counter advanced d times between the two (d mod S != 0), so their slots
// differ. The completion dataflow (Hazards.cpp) counts the advances since
// each pending read was issued; this file finds the counters and the slot
// addresses.
//
//===----------------------------------------------------------------------===//

#include "FunctionAnalysis.h"

#include "proxyfence/Engine/Counters.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>
#include <functional>

using namespace proxyfence;
using namespace proxyfence::ptx;
using llvm::StringRef;

namespace {

StringRef rootOf(const Instruction &inst) {
  return StringRef(inst.opcode).split('.').first;
}

bool isIntegerOp(const Instruction &inst) {
  StringRef opcode = inst.opcode;
  return !opcode.contains(".f") && !opcode.contains(".cc") &&
         !opcode.contains(".sat") && !opcode.contains(".hi");
}

} // namespace

namespace proxyfence::ptx {

std::vector<CounterShape> findCounterShapes(
    const Function &function, const CFG &cfg,
    const llvm::StringMap<llvm::SmallVector<unsigned, 2>> &definitions) {
  const std::vector<Instruction> &insts = function.instructions;
  auto trimmed = [](StringRef operand) { return operand.trim(); };
  // The one definition of a register (-1: none or more).
  auto onlyDefinition = [&](StringRef reg) -> int {
    auto it = definitions.find(reg);
    return it == definitions.end() || it->second.size() != 1
               ? -1
               : int(it->second.front());
  };
  // Whether no instruction in (from, to) defines `reg`.
  auto untouched = [&](StringRef reg, unsigned from, unsigned to) {
    auto it = definitions.find(reg);
    return it == definitions.end() ||
           (it->second.size() < Provenance::kDefinitionsKept &&
            llvm::none_of(it->second,
                          [&](unsigned d) { return d > from && d < to; }));
  };
  // Whether a path from just after `from` reaches `to` without passing
  // any of `avoid` (nor `from` again); `visit` sees what it passes.
  auto reaches = [&](unsigned from, unsigned to,
                     std::initializer_list<unsigned> avoid,
                     llvm::function_ref<void(unsigned)> visit) {
    bool reached = false;
    detail::walkAfter(
        cfg, from,
        [&](unsigned k) {
          reached |= k == to;
          return reached || k == from || llvm::is_contained(avoid, k);
        },
        [&](unsigned k) { visit(k); });
    return reached;
  };
  // An advance whose `add t, reg, 1` (instruction `add`), the wrap's
  // `setp.eq p, t, S` (`test`, for the selp form) and the wrap itself lie
  // in different blocks: on every path the wrap reads t and p of the last
  // add and setp, with reg unchanged since that add. No path from the add
  // reaches the wrap without the setp, or passes a definition of reg; no
  // path from the setp to the wrap passes the add; and no path from a
  // definition of reg (the wrap's included) reaches the wrap without the
  // add.
  auto acrossBlocks = [&](StringRef reg, unsigned add,
                          std::optional<unsigned> test, unsigned wrap) {
    llvm::ArrayRef<unsigned> defs = definitions.find(reg)->second;
    bool changed = false;
    auto definesReg = [&](unsigned k) {
      changed |= llvm::is_contained(defs, k) && k != wrap;
    };
    auto none = [](unsigned) {};
    if (!reaches(add, wrap, {}, definesReg) || changed)
      return false;
    if (test) {
      if (reaches(add, wrap, {*test}, none))
        return false;
      bool readd = false;
      reaches(*test, wrap, {}, [&](unsigned k) { readd |= k == add; });
      if (readd)
        return false;
    }
    return llvm::none_of(defs, [&](unsigned d) {
      return reaches(d, wrap, {add}, none);
    });
  };
  std::vector<CounterShape> shapes;
  for (const auto &entry : definitions) {
    StringRef reg = entry.getKey();
    llvm::ArrayRef<unsigned> at = entry.getValue();
    // A list of kDefinitionsKept may be longer: too many to be a counter.
    if (at.size() < 2 || at.size() >= Provenance::kDefinitionsKept)
      continue;
    auto definesOnly = [&](unsigned i) {
      const Instruction &inst = insts[i];
      return !inst.isPredicated() && inst.operands.size() >= 2 &&
             trimmed(inst.operands[0]) == reg;
    };
    if (!llvm::all_of(at, definesOnly))
      continue;
    // Each definition is an advance's wrap, its in-place `add`, or a
    // restart (a `mov`). A wrap `and reg, t, S-1` or `selp reg, 0, t, p`
    // (p = `setp.eq t, S` between) reads t = reg + 1: either `add t, reg, 1`
    // earlier in the block (t not redefined, reg not redefined, in between;
    // the counter changes at the wrap), or t is reg itself, its previous
    // definition `add reg, reg, 1` in the block, read by nothing but the
    // setp before the wrap (the counter changes at the add).
    CounterShape shape;
    shape.reg = reg.str();
    std::optional<int64_t> slots;
    llvm::SmallVector<unsigned, 4> inPlaceAdds;
    bool clean = true;
    auto isAddOne = [&](const Instruction &inst, StringRef dest) {
      if (inst.isPredicated() || rootOf(inst) != "add" || !isIntegerOp(inst) ||
          inst.operands.size() != 3 || trimmed(inst.operands[0]) != dest)
        return false;
      StringRef a = trimmed(inst.operands[1]), b = trimmed(inst.operands[2]);
      return (a == reg && immediateOperand(b) == 1) ||
             (b == reg && immediateOperand(a) == 1);
    };
    for (unsigned i : at) {
      const Instruction &w = insts[i];
      if (isAddOne(w, reg)) {
        inPlaceAdds.push_back(i);
        continue;
      }
      if (rootOf(w) == "mov" && w.operands.size() == 2) {
        // `mov reg, x` where x is reg's wrap into another register
        // (`selp x, 0, t, p`, t = reg + 1; CUTLASS's pipeline state
        // advanced into a copy): an advance at the mov, when the add, the
        // setp, the selp and the mov run in that order on every path, with
        // reg unchanged from the add to the mov. Any other mov: a restart.
        StringRef x = trimmed(w.operands[1]);
        int wrapDef = x != reg ? onlyDefinition(x) : -1;
        std::optional<std::pair<StringRef, unsigned>> wrap;
        std::optional<int64_t> bound;
        if (wrapDef >= 0) {
          const Instruction &sel = insts[wrapDef];
          int setpDef = sel.operands.size() == 4 &&
                                rootOf(sel) == "selp" &&
                                immediateOperand(sel.operands[1]) == 0
                            ? onlyDefinition(trimmed(sel.operands[3]))
                            : -1;
          StringRef t = setpDef >= 0 ? trimmed(sel.operands[2]) : "";
          int addDef = setpDef >= 0 ? onlyDefinition(t) : -1;
          if (addDef >= 0 && isAddOne(insts[addDef], t) &&
              StringRef(insts[setpDef].opcode).starts_with("setp.eq.") &&
              !insts[setpDef].isPredicated() &&
              insts[setpDef].operands.size() == 3 &&
              trimmed(insts[setpDef].operands[1]) == t) {
            bound = immediateOperand(insts[setpDef].operands[2]);
            unsigned add = unsigned(addDef), test = unsigned(setpDef),
                     sel = unsigned(wrapDef);
            bool reAdd = false;
            reaches(sel, i, {}, [&](unsigned k) { reAdd |= k == add; });
            if (bound && acrossBlocks(reg, add, test, sel) &&
                acrossBlocks(reg, add, test, i) &&
                !reaches(add, i, {sel}, [](unsigned) {}) && !reAdd)
              wrap = {t, sel};
          }
        }
        if (!wrap) {
          shape.resets.push_back(i);
          continue;
        }
        if (*bound < 1 || *bound > 64 || (slots && *slots != *bound)) {
          clean = false;
          break;
        }
        slots = bound;
        shape.selpWraps.push_back(wrap->second);
        shape.advances.push_back(i);
        continue;
      }
      // The wrap's input t and bound S.
      std::optional<int64_t> bound;
      StringRef t;
      std::optional<unsigned> test;
      bool selp = false;
      if (rootOf(w) == "and" && w.operands.size() == 3) {
        StringRef a = trimmed(w.operands[1]), b = trimmed(w.operands[2]);
        std::optional<int64_t> mask = immediateOperand(b);
        t = a;
        if (!mask) {
          mask = immediateOperand(a);
          t = b;
        }
        if (mask && *mask > 0 && llvm::isPowerOf2_64(uint64_t(*mask) + 1))
          bound = *mask + 1;
      } else if (rootOf(w) == "selp" && w.operands.size() == 4 &&
                 immediateOperand(w.operands[1]) == 0) {
        t = trimmed(w.operands[2]);
        int def = onlyDefinition(trimmed(w.operands[3]));
        if (def >= 0) {
          const Instruction &setp = insts[def];
          if (StringRef(setp.opcode).starts_with("setp.eq.") &&
              !setp.isPredicated() && setp.operands.size() == 3 &&
              trimmed(setp.operands[1]) == t) {
            bound = immediateOperand(setp.operands[2]);
            test = def;
            selp = true;
          }
        }
      }
      if (!bound || *bound < 1 || *bound > 64 || (slots && *slots != *bound) ||
          t.empty()) {
        clean = false;
        break;
      }
      slots = bound;
      if (selp)
        shape.selpWraps.push_back(i);
      // The setp, if any, earlier in the wrap's block.
      bool testInBlock = !test || (cfg.blockOf[*test] == cfg.blockOf[i] &&
                                   *test < i && untouched(t, *test, i));
      if (t == reg) {
        if (!testInBlock) {
          clean = false;
          break;
        }
        // In place: the previous definition in the block is the add.
        std::optional<unsigned> add;
        for (unsigned d : at)
          if (d < i && cfg.blockOf[d] == cfg.blockOf[i] && (!add || d > *add))
            add = d;
        if (!add || !llvm::is_contained(inPlaceAdds, *add)) {
          clean = false;
          break;
        }
        for (unsigned k = *add + 1; k < i && clean; ++k)
          if ((!test || k != *test) && readsRegister(insts[k], reg))
            clean = false;
        if (!clean)
          break;
        shape.advances.push_back(*add);
        continue;
      }
      // Through a register: `add t, reg, 1`, its one definition.
      int def = onlyDefinition(t);
      if (def < 0 || !isAddOne(insts[def], t)) {
        clean = false;
        break;
      }
      unsigned add = unsigned(def);
      if (cfg.blockOf[add] == cfg.blockOf[i] && add < i && testInBlock &&
          (!test || add < *test)) {
        // Earlier in the block, with neither changed since.
        if (!untouched(reg, add, i) || !untouched(t, add, i)) {
          clean = false;
          break;
        }
      } else if (!acrossBlocks(reg, add, test, i)) {
        clean = false;
        break;
      }
      shape.advances.push_back(i);
    }
    // Every in-place add is followed by its wrap.
    if (!clean || !slots || shape.advances.empty() || shape.resets.empty() ||
        llvm::any_of(inPlaceAdds, [&](unsigned add) {
          return !llvm::is_contained(shape.advances, add);
        }))
      continue;
    shape.slots = static_cast<unsigned>(*slots);
    llvm::sort(shape.advances);
    shapes.push_back(std::move(shape));
  }
  // One order whatever the map's.
  llvm::sort(shapes, [](const CounterShape &a, const CounterShape &b) {
    return a.advances.front() < b.advances.front();
  });
  return shapes;
}

} // namespace proxyfence::ptx

namespace proxyfence::ptx::detail {

void FunctionAnalysis::findStageCounters() {
  // The shapes the provenance found; a counter when every restart is a
  // value the definitions reaching it bound to [0, S) (a constant,
  // `x & (S-1)`).
  for (const CounterShape &shape : provenance.getCounterShapes()) {
    bool inRange = llvm::all_of(shape.resets, [&](unsigned i) {
      AbstractValue v = provenance.evaluateAt(
          function.instructions[i].operands[1], i);
      return v.kind == AbstractValue::Int && v.offsetKnown && v.lo >= 0 &&
             v.hi < int64_t(shape.slots);
    });
    if (!inRange)
      continue;
    StageCounter counter;
    counter.reg = shape.reg;
    counter.slots = shape.slots;
    counter.advances = shape.advances;
    counter.resets = shape.resets;
    unsigned id = counters.size();
    for (unsigned i : counter.advances)
      advances[i] = id;
    for (unsigned i : counter.resets)
      resets[i] = id;
    counters.push_back(std::move(counter));
  }
}

namespace {

/// `rest + counter * stride`, the counter read at `readAt`.
struct Affine {
  /// The index register, and its stage counter when it is one.
  std::string index;
  unsigned counter = 0;
  int64_t stride = 0;
  AbstractValue rest;
  unsigned readAt = 0;
  /// The rest is one value, or one value plus one function of %tid.x
  /// whose threads' windows leave no gap (Provenance::threadWindows): the
  /// bytes it spans are surely touched, each by some thread.
  bool restSure = true;
  /// The function of %tid.x that is part of the rest (a second one would
  /// make the sum's windows unknown), and the factor the rest scaled it by.
  std::string threadPart;
  int64_t threadScale = 1;
};

} // namespace

std::optional<SlotAddress>
FunctionAnalysis::resolveIndexed(const Instruction &inst, unsigned operandIndex,
                                 std::optional<uint64_t> width,
                                 bool boxBoundedBySlot, bool counter) const {
  if (counter && counters.empty())
    return std::nullopt;
  StringRef operand = inst.operands[operandIndex];
  if (!isMemoryOperand(operand))
    return std::nullopt;
  StringRef inside = operand.drop_front().split(']').first.split(',').first;
  StringRef base;
  int64_t displacement = parseDisplacement(inside, base);
  const std::vector<Instruction> &insts = function.instructions;
  auto counterOf = [&](StringRef reg) -> std::optional<unsigned> {
    for (auto [id, c] : llvm::enumerate(counters))
      if (c.reg == reg)
        return id;
    return std::nullopt;
  };
  // The index a scaled register stands for: a stage counter, or (not
  // `counter`) any register that is not a constant nor a function of
  // %tid.x alone (those are ranges the rest keeps exactly).
  auto indexOf = [&](StringRef reg, unsigned at) -> std::optional<unsigned> {
    if (std::optional<unsigned> id = counterOf(reg))
      return id;
    if (counter || provenance.constantOperand(reg) ||
        provenance.isFunctionOfThread(reg, at))
      return std::nullopt;
    return ~0u;
  };
  // Whether a part of the rest, `operand`, is one value, or the one
  // function of %tid.x of the rest (whose threads' windows are checked at
  // the end, once the factors it is scaled by are known).
  int64_t windowWidth = width ? static_cast<int64_t>(*width) : 16;
  auto surePart = [&](StringRef operand, const AbstractValue &value,
                      Affine &a) {
    if (value.lo == value.hi)
      return true;
    if (!a.threadPart.empty())
      return false;
    a.threadPart = operand.trim().str();
    a.threadScale = 1;
    return true;
  };
  // An mbarrier arrive may go through `mapa` to a constant rank.
  bool arrive = StringRef(inst.opcode).starts_with("mbarrier.arrive");
  int64_t mappedRank = -1;
  // Walks the one-definition chain of `reg` down to one read of a counter.
  std::function<std::optional<Affine>(StringRef, unsigned)> affine =
      [&](StringRef reg, unsigned depth) -> std::optional<Affine> {
    reg = reg.trim();
    if (depth > 8 || !reg.starts_with("%"))
      return std::nullopt;
    int def = provenance.getDefinition(reg);
    // The address register itself may be defined more than once (a
    // scoped `.reg` of inline asm, such as CUTLASS's `remAddr32`): its one
    // reaching definition.
    if (def < 0 && depth == 0)
      def = provenance.reachingDefinition(
          reg, static_cast<unsigned>(&inst - insts.data()));
    if (def < 0)
      return std::nullopt;
    const Instruction &d = insts[def];
    const std::vector<std::string> &ops = d.operands;
    if (d.isPredicated() || !isIntegerOp(d))
      return std::nullopt;
    StringRef root = rootOf(d);
    auto scaled = [&](StringRef c, StringRef k,
                      int64_t factor) -> std::optional<Affine> {
      std::optional<unsigned> id = indexOf(StringRef(c).trim(), unsigned(def));
      std::optional<int64_t> value = immediateOperand(k);
      if (!value || *value <= 0 || *value > (int64_t(1) << 24))
        return std::nullopt;
      if (!id) {
        // c itself `rest + r * stride` (a shift of a shifted counter):
        // both parts scale.
        std::optional<Affine> inner = affine(c, depth + 1);
        int64_t by = factor ? *value * factor : int64_t(1) << *value;
        if (!inner || inner->rest.kind != AbstractValue::Int ||
            inner->rest.lo < 0 || inner->stride > (int64_t(1) << 40) / by)
          return std::nullopt;
        inner->stride *= by;
        inner->rest = Provenance::multiplied(inner->rest, by);
        inner->threadScale *= by;
        if (inner->rest.kind != AbstractValue::Int)
          return std::nullopt;
        return inner;
      }
      Affine a;
      a.index = StringRef(c).trim().str();
      a.counter = *id;
      a.stride = factor ? *value * factor : int64_t(1) << *value;
      a.rest.kind = AbstractValue::Int;
      a.rest.offsetKnown = true;
      a.readAt = static_cast<unsigned>(def);
      return a;
    };
    if ((root == "mov" || root == "cvt" || root == "cvta") && ops.size() == 2)
      return affine(ops[1], depth + 1);
    if (root == "mapa" && ops.size() == 3 &&
        provenance.isOwnClusterRank(ops[2]))
      return affine(ops[1], depth + 1);
    // An arrive on the barrier of a constant rank's CTA (CUTLASS's
    // cluster-launch-control pipeline arrives on rank 0's): the local
    // address's slot, of that CTA.
    if (root == "mapa" && ops.size() == 3 && arrive && mappedRank < 0)
      if (std::optional<uint64_t> rank = provenance.constantOperand(ops[2]))
        if (*rank < 16) {
          mappedRank = int64_t(*rank);
          return affine(ops[1], depth + 1);
        }
    if (root == "mul" && ops.size() == 3) {
      if (auto a = scaled(ops[1], ops[2], 1))
        return a;
      return scaled(ops[2], ops[1], 1);
    }
    if (root == "shl" && ops.size() == 3) {
      std::optional<int64_t> k = immediateOperand(ops[2]);
      if (!k || *k < 0 || *k > 24)
        return std::nullopt;
      return scaled(ops[1], ops[2], 0);
    }
    if (root == "mad" && ops.size() == 4) {
      std::optional<Affine> a = scaled(ops[1], ops[2], 1);
      if (!a)
        a = scaled(ops[2], ops[1], 1);
      if (!a)
        return std::nullopt;
      AbstractValue more = provenance.evaluateExact(ops[3]);
      a->restSure = a->restSure && surePart(ops[3], more, *a);
      a->rest = Provenance::add(a->rest, more);
      return a;
    }
    if ((root == "or" || root == "xor") && ops.size() == 3) {
      // `c * 2^k | v` with every bit v may set below 2^k is `v + c * 2^k`
      // (CUTLASS's stage offset or-ed into a swizzled one).
      for (unsigned side = 1; side != 3; ++side) {
        std::optional<Affine> x = affine(ops[side], depth + 1);
        if (!x || !llvm::isPowerOf2_64(uint64_t(x->stride)) ||
            x->rest.kind != AbstractValue::Int || x->rest.lo != 0 ||
            x->rest.hi != 0)
          continue;
        StringRef other = ops[3 - side];
        AbstractValue more = provenance.evaluateExact(other);
        if (more.kind != AbstractValue::Int || !more.offsetKnown ||
            more.lo < 0 || more.mask >= uint64_t(x->stride))
          return std::nullopt;
        x->restSure = surePart(other, more, *x);
        x->rest = more;
        return x;
      }
      return std::nullopt;
    }
    if (root == "add" && ops.size() == 3) {
      std::optional<Affine> x = affine(ops[1], depth + 1);
      std::optional<Affine> y = affine(ops[2], depth + 1);
      if (x.has_value() == y.has_value())
        return std::nullopt;
      Affine a = x ? *x : *y;
      StringRef other = x ? ops[2] : ops[1];
      AbstractValue more = provenance.evaluateExact(other);
      a.restSure = a.restSure && surePart(other, more, a);
      a.rest = Provenance::add(a.rest, more);
      return a;
    }
    return std::nullopt;
  };
  std::optional<Affine> a = affine(base, 0);
  if (!a || a->rest.kind != AbstractValue::Address || a->rest.symbol < 0 ||
      !a->rest.offsetKnown || a->rest.remote || (counter && mappedRank >= 0))
    return std::nullopt;
  // The function of %tid.x in the rest, scaled: the bytes it surely
  // touches are its threads' windows of the access's width (a box's first
  // 16 bytes), at the rest's other parts (one value) plus the scaled
  // per-thread values. One run: the rest's whole range, else those runs.
  std::vector<std::pair<int64_t, int64_t>> runs;
  if (a->restSure && !a->threadPart.empty()) {
    a->restSure = provenance.threadWindows(a->threadPart, windowWidth, runs,
                                           a->threadScale);
    int64_t shift = a->restSure ? a->rest.lo - runs.front().first : 0;
    // The per-thread values span the rest's range exactly.
    a->restSure = a->restSure &&
                  a->rest.hi + windowWidth == runs.back().second + shift;
    if (a->restSure)
      for (auto &[begin, end] : runs) {
        begin += shift + displacement;
        end += shift + displacement;
      }
    if (!a->restSure || runs.size() == 1)
      runs.clear();
    else
      a->restSure = false; // no one [lo, sureHi): the runs say it
  }
  int64_t extent;
  if (width)
    extent = static_cast<int64_t>(*width);
  else if (boxBoundedBySlot)
    extent = a->stride; // a box ends before the next slot starts
  else
    return std::nullopt;
  unsigned here = static_cast<unsigned>(&inst - insts.data());
  SlotAddress slot;
  slot.index = a->index;
  slot.counter = a->counter;
  slot.stride = a->stride;
  slot.symbol = a->rest.symbol;
  slot.anchor = a->rest.anchor;
  slot.lo = a->rest.lo + displacement;
  slot.hi = a->rest.hi + displacement + extent;
  if (a->restSure)
    slot.sureHi = a->rest.hi + displacement +
                  (width ? extent : std::min<int64_t>(extent, 16));
  slot.sureRuns = std::move(runs);
  slot.clusterRank = mappedRank;
  if (!counter) {
    // The index register, not a counter: it must hold at the access the
    // value its read gave, on every path between.
    if (!registerUnchanged(a->index, a->readAt, here))
      return std::nullopt;
    return slot;
  }
  if (a->counter == ~0u)
    return std::nullopt;
  // The counter must not advance between its read and this access: then the
  // slot is the one of the counter's value at the access.
  const StageCounter &stage = counters[a->counter];
  auto reachesAvoiding = [&](unsigned from, unsigned to, unsigned avoid) {
    // A path from just after `from` to `to` that does not pass `avoid`.
    bool reached = false;
    walkAfter(
        cfg, from,
        [&](unsigned i) {
          // Once `to` is reached every path stops, and the walk ends.
          reached |= i == to;
          return reached || i == avoid;
        },
        [](unsigned) {});
    return reached;
  };
  PredicateFacts::FactSet accessFacts = predicates.instructionFacts(cfg, here);
  for (unsigned advance : stage.advances) {
    if (reachesAvoiding(a->readAt, advance, a->readAt) &&
        reachesAvoiding(advance, here, a->readAt))
      return std::nullopt;
    // Every thread that runs this access also runs the advances: the facts
    // (thread-invariant branch conditions) each advance runs under hold
    // here.
    PredicateFacts::FactSet advanceFacts =
        predicates.instructionFacts(cfg, advance);
    if (!std::includes(accessFacts.begin(), accessFacts.end(),
                       advanceFacts.begin(), advanceFacts.end()))
      return std::nullopt;
  }
  return slot;
}

bool FunctionAnalysis::registerUnchanged(StringRef reg, unsigned from,
                                         unsigned to) const {
  // The hand-off proofs ask the same (register, from, to) for every async
  // access a wait is followed by.
  auto [cached, fresh] =
      unchangedCache.try_emplace({reg.str(), from, to}, false);
  if (fresh)
    cached->second = computeRegisterUnchanged(reg, from, to);
  return cached->second;
}

bool FunctionAnalysis::computeRegisterUnchanged(StringRef reg, unsigned from,
                                                unsigned to) const {
  const auto &all = provenance.getAllDefinitions();
  auto it = all.find(reg);
  if (it == all.end())
    return true; // never defined in the function: a parameter or special
  if (it->second.size() >= Provenance::kDefinitionsKept)
    return false;
  llvm::ArrayRef<unsigned> definitions = it->second;
  // The definitions on a path from `from` towards `to`. A path that comes
  // back to `from` first starts over there: what `to` sees is then the
  // value since that later run of `from` (a loop's wait, run again before
  // the async op of the next iteration).
  llvm::SmallVector<unsigned, 4> passed;
  walkAfter(
      cfg, from, [&](unsigned i) { return i == to || i == from; },
      [&](unsigned i) {
        if (llvm::is_contained(definitions, i))
          passed.push_back(i);
      });
  // Of those, one from which `to` is reached, again without `from`.
  for (unsigned d : passed) {
    bool reaches = d == to;
    walkAfter(
        cfg, d, [&](unsigned i) { return reaches || i == from; },
        [&](unsigned i) { reaches |= i == to; });
    if (reaches)
      return false;
  }
  return true;
}

const StageCounter *FunctionAnalysis::counterIn(StringRef reg) const {
  for (const StageCounter &counter : counters)
    if (counter.reg == reg)
      return &counter;
  return nullptr;
}

llvm::ArrayRef<unsigned> FunctionAnalysis::pointSuccessors(unsigned i) const {
  const std::vector<Instruction> &insts = function.instructions;
  if (pointNextStart.empty()) {
    // The first instruction of block `b`, through empty blocks.
    std::function<void(unsigned, llvm::SmallVectorImpl<unsigned> &,
                       llvm::BitVector &)>
        firstOf = [&](unsigned b, llvm::SmallVectorImpl<unsigned> &into,
                      llvm::BitVector &seen) {
          if (seen.test(b))
            return;
          seen.set(b);
          if (cfg.blocks[b].begin != cfg.blocks[b].end) {
            into.push_back(cfg.blocks[b].begin);
            return;
          }
          for (unsigned s : cfg.blocks[b].successors)
            firstOf(s, into, seen);
        };
    pointNextStart.assign(insts.size() + 1, 0);
    for (unsigned k = 0; k != insts.size(); ++k) {
      pointNextStart[k] = pointNext.size();
      unsigned b = cfg.blockOf[k];
      if (k + 1 != cfg.blocks[b].end) {
        pointNext.push_back(k + 1);
        continue;
      }
      llvm::SmallVector<unsigned, 4> next;
      llvm::BitVector seen(cfg.blocks.size());
      for (unsigned s : cfg.blocks[b].successors)
        firstOf(s, next, seen);
      for (unsigned n : next)
        if (!llvm::is_contained(
                llvm::ArrayRef<unsigned>(pointNext).drop_front(
                    pointNextStart[k]),
                n))
          pointNext.push_back(n);
    }
    pointNextStart[insts.size()] = pointNext.size();
  }
  return llvm::ArrayRef<unsigned>(pointNext).slice(
      pointNextStart[i], pointNextStart[i + 1] - pointNextStart[i]);
}

engine::CounterEffect FunctionAnalysis::counterEffect(unsigned id,
                                                     unsigned i) const {
  engine::CounterEffect effect;
  auto advance = advances.find(i);
  if (advance != advances.end() && advance->second == id) {
    effect.kind = engine::CounterEffect::Advance;
    return effect;
  }
  auto reset = resets.find(i);
  if (reset != resets.end() && reset->second == id) {
    int64_t value = 0;
    const Instruction &inst = function.instructions[i];
    if (inst.operands.size() >= 2 &&
        !StringRef(inst.operands[1]).trim().getAsInteger(0, value))
      effect = {engine::CounterEffect::Reset, value};
    else
      effect.kind = engine::CounterEffect::Unknown;
  }
  // Any other definition is an advance's wrap (StageCounter).
  return effect;
}

bool FunctionAnalysis::releasesSlotOf(StringRef x, unsigned g,
                                      const SlotAddress &released,
                                      unsigned arrive,
                                      const RunOptions &options) const {
  StringRef y = released.index;
  if (x == y)
    return registerUnchanged(x, g, arrive);
  // A release counter that lags the read counter (engine/Counters.h).
  const StageCounter *cx = counterIn(x), *cy = counterIn(y);
  if (!cx || !cy || cx->slots != cy->slots || function.instructions.empty())
    return false;
  unsigned idX = static_cast<unsigned>(cx - counters.data());
  unsigned idY = static_cast<unsigned>(cy - counters.data());
  unsigned slots = cx->slots;
  auto [diffs, fresh] = counterDifferences.try_emplace({idX, idY});
  if (fresh)
    diffs->second = engine::counterDifference(
        function.instructions.size(), 0, slots,
        [this](unsigned i) { return pointSuccessors(i); },
        [&](unsigned i) { return counterEffect(idX, i); },
        [&](unsigned i) { return counterEffect(idY, i); });
  std::optional<unsigned> difference = diffs->second[g];
  if (!difference)
    return false;
  // y - x at g.
  return lagWalkReaches(g, idY, (slots - *difference) % slots, released,
                        arrive, options);
}

bool FunctionAnalysis::releasesConstantSlot(unsigned g, int64_t slot,
                                            const SlotAddress &released,
                                            unsigned arrive,
                                            const RunOptions &options) const {
  const StageCounter *cy = counterIn(released.index);
  if (!cy || slot < 0 || slot >= int64_t(cy->slots) ||
      function.instructions.empty())
    return false;
  unsigned idY = static_cast<unsigned>(cy - counters.data());
  unsigned slots = cy->slots;
  auto [values, fresh] = counterValues.try_emplace(idY);
  if (fresh)
    values->second = engine::counterValue(
        function.instructions.size(), 0, slots,
        [this](unsigned i) { return pointSuccessors(i); },
        [&](unsigned i) { return counterEffect(idY, i); });
  std::optional<unsigned> value = values->second[g];
  if (!value)
    return false;
  // y - slot at g.
  return lagWalkReaches(g, idY, unsigned((*value + slots - slot) % slots),
                        released, arrive, options);
}

bool FunctionAnalysis::lagWalkReaches(unsigned g, unsigned idY, unsigned delta,
                                      const SlotAddress &released,
                                      unsigned arrive,
                                      const RunOptions &options) const {
  const std::vector<Instruction> &insts = function.instructions;
  StringRef y = counters[idY].reg;
  auto [walk, fresh] = lagWalks.try_emplace(
      {g, idY, delta, released.symbol, released.anchor, released.stride,
       released.lo, released.clusterRank});
  LagWalk &found = walk->second;
  if (fresh) {
    auto step = [&](unsigned i) {
      found.passed.push_back(i);
      const Instruction &inst = insts[i];
      StringRef opcode = inst.opcode;
      engine::CounterEffect effect = counterEffect(idY, i);
      if (effect.kind == engine::CounterEffect::Advance)
        return engine::WalkStep::AdvanceY;
      if (effect.kind != engine::CounterEffect::None ||
          opcode.starts_with("call"))
        return engine::WalkStep::Stop;
      if (opcode.starts_with("mbarrier.arrive") && !inst.isPredicated())
        if (const SlotAddress *slot = barrierSlot(i))
          if (slot->index == y && slot->symbol == released.symbol &&
              slot->anchor == released.anchor &&
              slot->stride == released.stride && slot->lo == released.lo &&
              slot->clusterRank == released.clusterRank)
            return engine::WalkStep::ArriveY;
      return engine::WalkStep::Pass;
    };
    if (std::optional<std::vector<unsigned>> arrives =
            engine::mustReachSlotArrive(
                g, delta, counters[idY].slots,
                [this](unsigned i) { return pointSuccessors(i); }, step))
      found.arrives = std::move(*arrives);
    llvm::sort(found.passed);
    found.passed.erase(std::unique(found.passed.begin(), found.passed.end()),
                       found.passed.end());
  }
  if (!llvm::is_contained(found.arrives, arrive))
    return false;
  // No proxy fence of this run between: the walk passed none.
  for (unsigned i : found.passed) {
    Scope scope;
    if (options.virtualFences.count(i) || isFence(i, options, scope))
      return false;
  }
  return true;
}

bool FunctionAnalysis::inDifferentSlots(const Resolved &a, const Resolved &b,
                                        int delta) const {
  if (delta <= 0 || !a.slot || !b.slot)
    return false;
  const SlotAddress &x = *a.slot, &y = *b.slot;
  if (x.counter != y.counter || x.stride != y.stride || x.symbol != y.symbol ||
      x.anchor != y.anchor)
    return false;
  unsigned slots = counters[x.counter].slots;
  // Both within one window of `stride` bytes: accesses of two different
  // slots are then at least a stride apart.
  int64_t lo = std::min(x.lo, y.lo), hi = std::max(x.hi, y.hi);
  return hi - lo <= x.stride && delta % slots != 0;
}

void FunctionAnalysis::markSameCounterSlots(
    const RunOptions &options, std::vector<Hazard> &hazards) const {
  if (counters.empty())
    return;
  const std::vector<Instruction> &insts = function.instructions;
  // Per (generic access's instruction, counter): the instructions a path
  // from it reaches with no proxy fence (nor a fence fix places) and with
  // the counter unchanged.
  std::map<std::pair<unsigned, unsigned>, llvm::BitVector> reached;
  for (Hazard &hazard : hazards) {
    const Resolved &generic = accesses[hazard.generic][hazard.genericAccess];
    const Resolved &async = accesses[hazard.async][hazard.asyncAccess];
    if (hazard.sameSlot || !generic.slot || !async.slot ||
        generic.slot->counter != async.slot->counter ||
        insts[hazard.generic].isPredicated() ||
        insts[hazard.async].isPredicated())
      continue;
    if (!surelyMeetInSlot(generic, async, 0)) {
      // Else each thread's own bytes (4 per thread against a box's first
      // 16), with the counter at some value k: the generic access's role
      // touches, in slot k, bytes the async access surely touches there.
      const SlotAddress &x = *generic.slot, &y = *async.slot;
      if (x.stride != y.stride || x.symbol != y.symbol ||
          x.anchor != y.anchor || y.lo >= y.sureHi ||
          !meetsInEverySlotExecution(hazard.generic, hazard.genericAccess, x,
                                     y))
        continue;
    }
    unsigned id = generic.slot->counter;
    auto [it, fresh] = reached.try_emplace(
        {hazard.generic, id}, llvm::BitVector(insts.size()));
    if (fresh) {
      llvm::BitVector &seen = it->second;
      auto stops = [&](unsigned i) {
        Scope scope;
        auto advance = advances.find(i);
        auto reset = resets.find(i);
        return isFence(i, options, scope) ||
               options.virtualFences.count(i) ||
               (advance != advances.end() && advance->second == id) ||
               (reset != resets.end() && reset->second == id);
      };
      walkAfter(cfg, hazard.generic, stops, [&](unsigned i) { seen.set(i); });
    }
    hazard.sameSlot = it->second.test(hazard.async);
  }
}

bool FunctionAnalysis::surelyMeetInSlot(const Resolved &a, const Resolved &b,
                                        int delta) const {
  if (delta < 0 || !a.slot || !b.slot)
    return false;
  const SlotAddress &x = *a.slot, &y = *b.slot;
  if (x.counter != y.counter || x.stride != y.stride || x.symbol != y.symbol ||
      x.anchor != y.anchor || delta % int(counters[x.counter].slots) != 0)
    return false;
  return commonSureBytes(x, y).has_value();
}

std::optional<std::pair<int64_t, int64_t>>
commonSureBytes(const SlotAddress &x, const SlotAddress &y) {
  auto sure = [](const SlotAddress &s) {
    if (!s.sureRuns.empty())
      return s.sureRuns;
    std::vector<std::pair<int64_t, int64_t>> one;
    if (s.lo < s.sureHi)
      one.push_back({s.lo, s.sureHi});
    return one;
  };
  for (auto [b1, e1] : sure(x))
    for (auto [b2, e2] : sure(y))
      if (std::max(b1, b2) < std::min(e1, e2))
        return std::make_pair(std::max(b1, b2), std::min(e1, e2));
  return std::nullopt;
}

} // namespace proxyfence::ptx::detail

