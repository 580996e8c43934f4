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

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>
#include <functional>

using namespace proxyfence;
using namespace proxyfence::ptx;
using llvm::StringRef;

namespace proxyfence::ptx::detail {

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

void FunctionAnalysis::findStageCounters() {
  const std::vector<Instruction> &insts = function.instructions;
  for (const auto &entry : provenance.getAllDefinitions()) {
    StringRef reg = entry.getKey();
    llvm::ArrayRef<unsigned> at = entry.getValue();
    // A list of kDefinitionsKept may be longer: too many to be a counter.
    if (at.size() < 3 || at.size() >= Provenance::kDefinitionsKept)
      continue;
    auto definesOnly = [&](unsigned i) {
      const Instruction &inst = insts[i];
      return !inst.isPredicated() && StringRef(inst.operands[0]).trim() == reg;
    };
    if (!llvm::all_of(at, definesOnly))
      continue;
    // The advance: add reg, reg, 1.
    std::optional<unsigned> advance;
    unsigned adds = 0;
    for (unsigned i : at) {
      const Instruction &inst = insts[i];
      if (rootOf(inst) != "add" || !isIntegerOp(inst) ||
          inst.operands.size() != 3)
        continue;
      StringRef a = StringRef(inst.operands[1]).trim();
      StringRef b = StringRef(inst.operands[2]).trim();
      if ((a == reg && immediateOperand(b) == 1) ||
          (b == reg && immediateOperand(a) == 1)) {
        advance = i;
        ++adds;
      }
    }
    if (adds != 1)
      continue;
    // Its wrap: the next definition, in the same block, with nothing but
    // the wrap's setp reading the register in between.
    unsigned block = cfg.blockOf[*advance];
    std::optional<unsigned> wrap;
    for (unsigned i : at)
      if (i > *advance && (!wrap || i < *wrap))
        wrap = i;
    if (!wrap || cfg.blockOf[*wrap] != block)
      continue;
    const Instruction &w = insts[*wrap];
    std::optional<int64_t> slots;
    std::optional<unsigned> test;
    if (rootOf(w) == "and" && w.operands.size() == 3) {
      StringRef a = StringRef(w.operands[1]).trim();
      StringRef b = StringRef(w.operands[2]).trim();
      std::optional<int64_t> mask = a == reg ? immediateOperand(b) : immediateOperand(a);
      if ((a == reg || b == reg) && mask && *mask > 0 &&
          llvm::isPowerOf2_64(uint64_t(*mask) + 1))
        slots = *mask + 1;
    } else if (rootOf(w) == "selp" && w.operands.size() == 4 &&
               immediateOperand(w.operands[1]) == 0 &&
               StringRef(w.operands[2]).trim() == reg) {
      // selp reg, 0, reg, p with p = setp.eq reg, S.
      StringRef p = StringRef(w.operands[3]).trim();
      int def = provenance.getDefinition(p);
      if (def > int(*advance) && def < int(*wrap)) {
        const Instruction &setp = insts[def];
        if (StringRef(setp.opcode).starts_with("setp.eq.") &&
            !setp.isPredicated() && setp.operands.size() == 3 &&
            StringRef(setp.operands[1]).trim() == reg) {
          slots = immediateOperand(setp.operands[2]);
          test = def;
        }
      }
    }
    if (!slots || *slots < 2 || *slots > 64)
      continue;
    bool clean = true;
    for (unsigned i = *advance + 1; i < *wrap && clean; ++i)
      if ((!test || i != *test) && readsRegister(insts[i], reg))
        clean = false;
    if (!clean)
      continue;
    // Every other definition sets a constant slot.
    StageCounter counter;
    counter.reg = reg.str();
    counter.slots = static_cast<unsigned>(*slots);
    counter.advance = *advance;
    for (unsigned i : at) {
      if (i == *advance || i == *wrap)
        continue;
      const Instruction &inst = insts[i];
      std::optional<int64_t> k = inst.operands.size() == 2
                                     ? immediateOperand(inst.operands[1])
                                     : std::nullopt;
      if (rootOf(inst) != "mov" || !k || *k < 0 || *k >= *slots) {
        clean = false;
        break;
      }
      counter.resets.push_back(i);
    }
    if (!clean || counter.resets.empty())
      continue;
    unsigned id = counters.size();
    advances[counter.advance] = id;
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
  /// A function of %tid.x is part of the rest (a second one would make
  /// the sum's windows unknown).
  bool threadPart = false;
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
  // function of %tid.x of the rest and its threads' windows of the
  // access's width (a box's first 16 bytes) leave no gap.
  int64_t windowWidth = width ? static_cast<int64_t>(*width) : 16;
  auto surePart = [&](StringRef operand, const AbstractValue &value,
                      Affine &a) {
    if (value.lo == value.hi)
      return true;
    std::vector<std::pair<int64_t, int64_t>> runs;
    if (a.threadPart ||
        !provenance.threadWindows(operand, windowWidth, runs) ||
        runs.size() != 1)
      return false;
    a.threadPart = true;
    return true;
  };
  // Walks the one-definition chain of `reg` down to one read of a counter.
  std::function<std::optional<Affine>(StringRef, unsigned)> affine =
      [&](StringRef reg, unsigned depth) -> std::optional<Affine> {
    reg = reg.trim();
    if (depth > 8 || !reg.starts_with("%"))
      return std::nullopt;
    int def = provenance.getDefinition(reg);
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
      if (!id || !value || *value <= 0 || *value > (int64_t(1) << 24))
        return std::nullopt;
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
      a->rest = provenance.evaluateExact(ops[3]);
      a->restSure = surePart(ops[3], a->rest, *a);
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
      !a->rest.offsetKnown || a->rest.remote)
    return std::nullopt;
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
  if (reachesAvoiding(a->readAt, stage.advance, a->readAt) &&
      reachesAvoiding(stage.advance, here, a->readAt))
    return std::nullopt;
  // Every thread that runs this access also runs the advances: the facts
  // (thread-invariant branch conditions) the advance runs under hold here.
  PredicateFacts::FactSet advanceFacts =
      predicates.instructionFacts(cfg, stage.advance);
  PredicateFacts::FactSet accessFacts = predicates.instructionFacts(cfg, here);
  if (!std::includes(accessFacts.begin(), accessFacts.end(),
                     advanceFacts.begin(), advanceFacts.end()))
    return std::nullopt;
  return slot;
}

bool FunctionAnalysis::registerUnchanged(StringRef reg, unsigned from,
                                         unsigned to) const {
  const auto &all = provenance.getAllDefinitions();
  auto it = all.find(reg);
  if (it == all.end())
    return true; // never defined in the function: a parameter or special
  if (it->second.size() >= Provenance::kDefinitionsKept)
    return false;
  llvm::ArrayRef<unsigned> definitions = it->second;
  bool changed = false;
  walkAfter(
      cfg, from, [&](unsigned i) { return changed || i == to; },
      [&](unsigned i) { changed |= llvm::is_contained(definitions, i); });
  return !changed;
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

bool FunctionAnalysis::surelyMeetInSlot(const Resolved &a, const Resolved &b,
                                        int delta) const {
  if (delta < 0 || !a.slot || !b.slot)
    return false;
  const SlotAddress &x = *a.slot, &y = *b.slot;
  if (x.counter != y.counter || x.stride != y.stride || x.symbol != y.symbol ||
      x.anchor != y.anchor || delta % int(counters[x.counter].slots) != 0)
    return false;
  return x.lo < x.sureHi && y.lo < y.sureHi &&
         std::max(x.lo, y.lo) < std::min(x.sureHi, y.sureHi);
}

} // namespace proxyfence::ptx::detail

