//===- Provenance.cpp - where shared-memory addresses come from ----------===//
//
// A flow-insensitive fixpoint over a function's registers: `mov` of a
// .shared symbol starts an address; add/sub of integers move its offset
// range; cvta/cvt/mapa keep it; shifts, ands and ors of an address (as in
// wgmma/tcgen05 descriptors) keep the symbol and forget the offset, but
// for the matrix-descriptor idiom, whose start address is decoded (see
// `descriptorOp`); a register defined by anything else is unknown. Integers keep a range and
// the bits that may be set, so that Triton's swizzled offsets stay inside
// their buffer. Registers redefined many times are widened.
//
//===----------------------------------------------------------------------===//

#include "proxyfence/PTX/Analysis.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/MathExtras.h"

#include <functional>
#include <set>

using namespace proxyfence::ptx;
using llvm::StringRef;

namespace {

constexpr int64_t kLimit = int64_t(1) << 40;
constexpr unsigned kWidenAfter = 6;

AbstractValue top() {
  AbstractValue v;
  v.kind = AbstractValue::Top;
  return v;
}

uint64_t fill(int64_t hi) {
  return hi <= 0 ? 0 : llvm::maskTrailingOnes<uint64_t>(llvm::Log2_64(hi) + 1);
}

AbstractValue integer(int64_t lo, int64_t hi, std::optional<uint64_t> mask =
                                                  std::nullopt) {
  if (lo < -kLimit || hi > kLimit || lo > hi)
    return top();
  AbstractValue v;
  v.kind = AbstractValue::Int;
  v.offsetKnown = true;
  v.lo = lo;
  v.hi = hi;
  v.mask = lo < 0 ? ~uint64_t(0) : mask ? *mask : fill(hi);
  return v;
}

bool isNonNegativeInt(const AbstractValue &v) {
  return v.kind == AbstractValue::Int && v.lo >= 0;
}

/// An address through bit operations: the symbol stays, the offset goes.
AbstractValue symbolOnly(AbstractValue v) {
  v.offsetKnown = false;
  v.anchor = -1;
  v.anchorLo = v.anchorHi = 0;
  v.descriptor = v.fieldsKnown = false;
  v.fields = 0;
  return v;
}

/// The address `base` moved by `offset` (an Int or Top).
AbstractValue moveAddress(AbstractValue base, const AbstractValue &offset,
                          bool subtract) {
  if (!base.offsetKnown || offset.kind != AbstractValue::Int)
    return symbolOnly(base);
  // A descriptor's start field counts 16-byte units.
  int64_t scale = base.descriptor ? 16 : 1;
  if (offset.lo < -kLimit / 16 || offset.hi > kLimit / 16)
    return symbolOnly(base);
  int64_t lo = subtract ? base.lo - offset.hi * scale
                        : base.lo + offset.lo * scale;
  int64_t hi = subtract ? base.hi - offset.lo * scale
                        : base.hi + offset.hi * scale;
  if (lo < -kLimit || hi > kLimit)
    return symbolOnly(base);
  base.lo = lo;
  base.hi = hi;
  return base;
}

/// An address's offset relative to its symbol's start (its anchor's
/// position range added).
AbstractValue fromSymbolStart(AbstractValue v) {
  if (v.kind != AbstractValue::Address || v.anchor < 0)
    return v;
  if (v.offsetKnown) {
    v.lo += v.anchorLo;
    v.hi += v.anchorHi;
  }
  v.anchor = -1;
  v.anchorLo = v.anchorHi = 0;
  return v;
}

bool isExactAddress(const AbstractValue &v) {
  return v.kind == AbstractValue::Address && v.symbol >= 0 && v.offsetKnown &&
         v.lo == v.hi && !v.remote;
}

AbstractValue join(const AbstractValue &x, const AbstractValue &y) {
  using K = AbstractValue;
  if (x.kind == K::Bottom)
    return y;
  if (y.kind == K::Bottom)
    return x;
  if (x.kind == K::Top || y.kind == K::Top || x.kind != y.kind)
    return top();
  if (x.kind == K::Int)
    return integer(std::min(x.lo, y.lo), std::max(x.hi, y.hi),
                   x.mask | y.mask);
  // Offsets from two different bases compare only from the symbol's start.
  bool sameAnchor = x.symbol == y.symbol && x.anchor == y.anchor;
  AbstractValue a = sameAnchor ? x : fromSymbolStart(x);
  AbstractValue b = sameAnchor ? y : fromSymbolStart(y);
  AbstractValue v = a;
  v.remote = a.remote || b.remote;
  if (a.symbol != b.symbol)
    v.symbol = -1;
  v.offsetKnown = a.offsetKnown && b.offsetKnown;
  v.lo = std::min(a.lo, b.lo);
  v.hi = std::max(a.hi, b.hi);
  // An address and a descriptor of it are different numbers.
  if (a.descriptor != b.descriptor)
    return symbolOnly(v);
  v.fieldsKnown = a.fieldsKnown && b.fieldsKnown && a.fields == b.fields;
  if (!v.fieldsKnown)
    v.fields = 0;
  return v;
}

AbstractValue bitwise(StringRef op, const AbstractValue &a,
                      const AbstractValue &b) {
  using K = AbstractValue;
  if (op == "and") {
    // Masking with a constant bounds the result even if the other side is
    // unknown, an address included (a swizzle's `(a >> 3) & 112`).
    for (const AbstractValue *c : {&a, &b})
      if (isNonNegativeInt(*c) && c->lo == c->hi) {
        const AbstractValue &other = c == &a ? b : a;
        uint64_t mask = c->mask;
        if (isNonNegativeInt(other))
          mask &= other.mask;
        return integer(0, static_cast<int64_t>(mask), mask);
      }
  }
  if (a.kind == K::Address)
    return symbolOnly(a);
  if (b.kind == K::Address && op != "shl" && op != "shr")
    return symbolOnly(b);
  // A left shift by a constant multiplies by a power of two, of a negative
  // value too (two's complement; nvcc doubles a `selp 16, -16` step so).
  if (op == "shl" && a.kind == K::Int && a.lo < 0 && isNonNegativeInt(b) &&
      b.lo == b.hi && b.lo <= 40 && a.lo >= -(kLimit >> b.lo) &&
      a.hi <= (kLimit >> b.lo))
    return integer(a.lo * (int64_t(1) << b.lo), a.hi * (int64_t(1) << b.lo));
  if (!isNonNegativeInt(a) || !isNonNegativeInt(b))
    return top();
  if (op == "and")
    return integer(0, static_cast<int64_t>(a.mask & b.mask), a.mask & b.mask);
  if (op == "or" || op == "xor") {
    uint64_t mask = a.mask | b.mask;
    int64_t hi = std::min<int64_t>(mask, op == "or" ? a.hi + b.hi : mask);
    return integer(op == "or" ? std::max(a.lo, b.lo) : 0, hi, mask);
  }
  if (b.lo != b.hi || b.lo > 40)
    return top();
  if (op == "shl")
    return integer(a.lo << b.lo, a.hi << b.lo, a.mask << b.lo);
  if (op == "shr")
    return integer(a.lo >> b.lo, a.hi >> b.lo, a.mask >> b.lo);
  return top();
}

AbstractValue arithmetic(StringRef op, const AbstractValue &a,
                         const AbstractValue &b) {
  using K = AbstractValue;
  if (op == "add") {
    if (a.kind == K::Address && b.kind != K::Address)
      return moveAddress(a, b, false);
    if (b.kind == K::Address && a.kind != K::Address)
      return moveAddress(b, a, false);
    if (a.kind == K::Int && b.kind == K::Int)
      return integer(a.lo + b.lo, a.hi + b.hi);
    return top();
  }
  if (op == "sub") {
    if (a.kind == K::Address && b.kind != K::Address)
      return moveAddress(a, b, true);
    if (a.kind == K::Int && b.kind == K::Int)
      return integer(a.lo - b.hi, a.hi - b.lo);
    return top();
  }
  if (op == "mul" && isNonNegativeInt(a) && isNonNegativeInt(b) &&
      a.hi < kLimit / (b.hi + 1))
    return integer(a.lo * b.lo, a.hi * b.hi);
  return top();
}

/// "%r12" of "%r12|%p3" etc.: the registers an operand defines.
llvm::SmallVector<StringRef, 4> definedRegisters(StringRef operand) {
  llvm::SmallVector<StringRef, 4> regs;
  operand = operand.trim().trim("{}");
  llvm::SmallVector<StringRef, 8> parts;
  operand.split(parts, ',');
  for (StringRef part : parts)
    for (StringRef reg : llvm::split(part, '|'))
      if (reg.trim().starts_with("%"))
        regs.push_back(reg.trim());
  return regs;
}

} // namespace

AbstractValue Provenance::add(const AbstractValue &a, const AbstractValue &b) {
  return arithmetic("add", a, b);
}

AbstractValue Provenance::multiplied(const AbstractValue &a, int64_t k) {
  return arithmetic("mul", a, integer(k, k));
}

AbstractValue Provenance::joined(const AbstractValue &a,
                                 const AbstractValue &b) {
  return join(a, b);
}

bool AbstractValue::operator==(const AbstractValue &o) const {
  return kind == o.kind && symbol == o.symbol && offsetKnown == o.offsetKnown &&
         lo == o.lo && hi == o.hi && mask == o.mask && remote == o.remote &&
         anchor == o.anchor && anchorLo == o.anchorLo &&
         anchorHi == o.anchorHi && descriptor == o.descriptor &&
         fieldsKnown == o.fieldsKnown && fields == o.fields;
}

void Provenance::pin(const llvm::StringMap<int64_t> &registers) const {
  if (!unpinned) {
    unpinned.emplace();
    unpinned->threadCache = std::move(threadCache);
    unpinned->firstValues = std::move(firstValues);
    unpinned->composedCache = std::move(composedCache);
    unpinned->threadBudget = threadBudget;
  }
  // Values computed under other pins do not hold under these.
  threadCache.clear();
  firstValues.clear();
  composedCache.clear();
  pins = registers;
}

void Provenance::unpin() const {
  pins.clear();
  if (!unpinned)
    return;
  threadCache = std::move(unpinned->threadCache);
  firstValues = std::move(unpinned->firstValues);
  composedCache = std::move(unpinned->composedCache);
  threadBudget = unpinned->threadBudget;
  unpinned.reset();
}

std::optional<AbstractValue> Provenance::pinned(StringRef reg) const {
  if (pins.empty())
    return std::nullopt;
  auto it = pins.find(reg.trim());
  if (it == pins.end())
    return std::nullopt;
  return integer(it->second, it->second);
}

AbstractValue Provenance::evaluate(StringRef operand) const {
  operand = operand.trim();
  if (operand.empty())
    return top();
  if (std::optional<AbstractValue> fixed = pinned(operand))
    return *fixed;
  if (operand.starts_with("%")) {
    auto it = values.find(operand);
    if (it != values.end())
      return it->second;
    // Thread and lane indices are bounded by the PTX ISA's limits
    // (#special-registers: at most 1024 threads per CTA, 64 in z; 32
    // lanes).
    if (operand == "%tid.x" || operand == "%tid.y")
      return integer(0, 1023);
    if (operand == "%tid.z")
      return integer(0, 63);
    if (operand == "%laneid")
      return integer(0, 31);
    return top();
  }
  int64_t number;
  StringRef digits = operand;
  bool negative = digits.consume_front("-");
  if (digits.starts_with_insensitive("0x")) {
    uint64_t u;
    if (!digits.drop_front(2).rtrim("Uu").getAsInteger(16, u))
      return u > uint64_t(kLimit) ? top()
                                  : integer(negative ? -int64_t(u) : int64_t(u),
                                            negative ? -int64_t(u) : int64_t(u));
  }
  if (!operand.getAsInteger(10, number))
    return integer(number, number);
  // A symbol, possibly with a constant: `global_smem`, `buf+16`.
  auto [name, rest] = operand.split('+');
  if (std::optional<unsigned> sym = module.findShared(name.trim())) {
    // Every extern (dynamic) shared array starts at the same address.
    if (module.sharedSymbols[*sym].isExtern)
      for (unsigned i = 0; i != *sym; ++i)
        if (module.sharedSymbols[i].isExtern) {
          sym = i;
          break;
        }
    AbstractValue v;
    v.kind = AbstractValue::Address;
    v.symbol = static_cast<int>(*sym);
    v.offsetKnown = true;
    int64_t offset = 0;
    if (!rest.empty() && rest.trim().getAsInteger(10, offset))
      v.offsetKnown = false;
    v.lo = v.hi = offset;
    return v;
  }
  return top();
}

void Provenance::assign(StringRef reg, const AbstractValue &value) {
  AbstractValue &slot = values[reg];
  AbstractValue next = join(slot, value);
  if (next == slot)
    return;
  if (++updates[reg] > kWidenAfter) {
    if (next.kind == AbstractValue::Address)
      next = symbolOnly(next);
    else
      next = top();
  }
  if (next == slot)
    return;
  slot = next;
  changedAt[reg] = ++changes;
  changed = true;
}

void Provenance::transfer(const Instruction &inst, unsigned index) {
  evaluating = index;
  const std::vector<std::string> &ops = inst.operands;
  if (ops.empty() || !StringRef(ops[0]).starts_with("%") ||
      StringRef(ops[0]).contains('|')) {
    if (!ops.empty() && (StringRef(ops[0]).starts_with("{") ||
                         StringRef(ops[0]).contains('|'))) {
      llvm::SmallVector<StringRef, 4> regs = definedRegisters(ops[0]);
      // `mov.b64 {lo, hi}, desc`: the low half keeps the start field.
      AbstractValue whole = ops.size() == 2 && regs.size() == 2 &&
                                    StringRef(inst.opcode) == "mov.b64"
                                ? use(ops[1])
                                : top();
      // `shfl.sync d|p, a, ...`: d is the value of a in some lane of the
      // warp (the source lane's, or this lane's own when the source is out
      // of range), so within a's range over all threads (PTX ISA
      // #data-movement-and-conversion-instructions-shfl-sync).
      if (StringRef(inst.opcode).starts_with("shfl.sync.") &&
          ops.size() >= 2 && regs.size() == 2) {
        AbstractValue a = use(ops[1]);
        assign(regs[0], a.kind == AbstractValue::Int ? a : top());
        assign(regs[1], top());
        return;
      }
      if (whole.kind == AbstractValue::Address && whole.descriptor) {
        AbstractValue low = whole;
        AbstractValue high = top();
        low.fields &= 0xFFFFFFFFu;
        if (whole.fieldsKnown && (whole.fields >> 32) <= uint64_t(kLimit))
          high = integer(int64_t(whole.fields >> 32),
                         int64_t(whole.fields >> 32));
        assign(regs[0], low);
        assign(regs[1], high);
        return;
      }
      for (StringRef reg : regs)
        assign(reg, top());
    }
    return;
  }
  auto wrap = wrapBound.find(index);
  if (wrap != wrapBound.end()) {
    AbstractValue value = integer(0, wrap->second - 1);
    assign(ops[0], value);
    recordDefinition(index, ops[0], value);
    return;
  }
  auto idiom = idiomOf.find(index);
  if (idiom == idiomOf.end()) {
    AbstractValue value = compute(inst);
    assign(ops[0], value);
    recordDefinition(index, ops[0], value);
    return;
  }
  // The align-up idiom: the register holds alignUp(X) wherever it is read
  // as an address (findAlignUpIdioms checked that only the idiom's own
  // `and`s read X itself), when X is one exactly known address and the
  // second definition aligns down that same X. Else the two definitions
  // are joined, as for any register.
  const AlignUp &a = idioms[idiom->second];
  AbstractValue &x = idiomInput[idiom->second];
  auto holds = [&] {
    return isExactAddress(x) &&
           (a.source == a.reg || evaluate(a.source) == x) &&
           (a.guardSource == a.reg || evaluate(a.guardSource) == x);
  };
  if (index == a.first) {
    x = join(x, compute(inst));
    assign(a.reg, isExactAddress(x) ? alignUp(x, a.align) : x);
    return;
  }
  if (holds())
    return;
  assign(a.reg, x);
  assign(a.reg, compute(inst));
}

/// Whether the restart `mov c, x` (instruction `index`) surely sets a
/// value in [0, slots), read from the text alone (before any range is
/// known): x a constant, or a register whose definition that reaches it
/// (the last one earlier in its block, else its only one) is `mov` of such
/// a constant or `and` with a non-negative constant below `slots`.
bool Provenance::boundedRestart(unsigned index, int64_t slots) const {
  const Instruction &inst = function.instructions[index];
  auto inRange = [&](std::optional<int64_t> k) {
    return k && *k >= 0 && *k < slots;
  };
  StringRef x = StringRef(inst.operands[1]).trim();
  if (inRange(immediateOperand(x)))
    return true;
  auto it = definitions.find(x);
  if (!x.starts_with("%") || it == definitions.end() ||
      it->second.size() >= kDefinitionsKept)
    return false;
  std::optional<unsigned> reaching;
  for (unsigned d : it->second)
    if (d < index && cfg->blockOf[d] == cfg->blockOf[index] &&
        (!reaching || d > *reaching))
      reaching = d;
  if (!reaching && it->second.size() == 1)
    reaching = it->second.front();
  if (!reaching)
    return false;
  const Instruction &d = function.instructions[*reaching];
  if (d.isPredicated() || StringRef(d.operands[0]).trim() != x)
    return false;
  StringRef root = StringRef(d.opcode).split('.').first;
  if (root == "mov" && d.operands.size() == 2)
    return inRange(immediateOperand(d.operands[1]));
  if (root == "and" && d.operands.size() == 3)
    return inRange(immediateOperand(d.operands[1])) ||
           inRange(immediateOperand(d.operands[2]));
  return false;
}

AbstractValue Provenance::alignUp(const AbstractValue &x, uint64_t align) const {
  int64_t A = static_cast<int64_t>(align);
  // Already a multiple of the alignment from an anchor that has it: the
  // idiom leaves it unchanged.
  if (x.anchor >= 0 && anchors[x.anchor].align % align == 0 &&
      ((x.lo % A) + A) % A == 0)
    return x;
  auto key = std::make_tuple(x.symbol, x.anchor, x.lo, align);
  auto [it, fresh] = anchorIds.try_emplace(key, int(anchors.size()));
  if (fresh) {
    Anchor anchor;
    anchor.symbol = x.symbol;
    anchor.align = align;
    anchor.lo = x.anchorLo + x.lo;
    anchor.hi = x.anchorHi + x.lo + A - 1;
    anchors.push_back(anchor);
  }
  const Anchor &anchor = anchors[it->second];
  AbstractValue v;
  v.kind = AbstractValue::Address;
  v.symbol = x.symbol;
  v.offsetKnown = true;
  v.lo = v.hi = 0;
  v.anchor = it->second;
  v.anchorLo = anchor.lo;
  v.anchorHi = anchor.hi;
  return v;
}

AbstractValue Provenance::compute(const Instruction &inst) const {
  const std::vector<std::string> &ops = inst.operands;
  StringRef root = StringRef(inst.opcode).split('.').first;
  auto arg = [&](unsigned i) {
    return i < ops.size() ? use(ops[i]) : top();
  };
  AbstractValue result;
  if (std::optional<AbstractValue> d = descriptorOp(inst))
    return *d;
  if (root == "mov" || root == "cvta" || root == "cvt" || root == "mapa") {
    result = arg(ops.size() - 1 >= 1 ? (root == "mapa" ? 1 : ops.size() - 1)
                                     : 1);
    if (root == "mapa" && result.kind == AbstractValue::Address &&
        !(ops.size() == 3 && isOwnClusterRank(ops[2])))
      result.remote = true;
    if (root == "cvt" && result.kind == AbstractValue::Int &&
        StringRef(inst.opcode).contains(".f"))
      result = top();
  } else if (root == "add" || root == "sub" || root == "mul") {
    if (StringRef(inst.opcode).contains(".f") ||
        StringRef(inst.opcode).contains(".hi"))
      result = top();
    else
      result = arithmetic(root, arg(1), arg(2));
  } else if (root == "mad") {
    result = arithmetic("add", arithmetic("mul", arg(1), arg(2)), arg(3));
  } else if (root == "shl" || root == "shr" || root == "and" || root == "or" ||
             root == "xor") {
    result = bitwise(root, arg(1), arg(2));
    if (root == "or" || root == "xor")
      if (std::optional<AbstractValue> swizzled =
              swizzle(root == "xor", arg(1), arg(2)))
        result = *swizzled;
  } else if (root == "selp" || root == "min" || root == "max") {
    if (root == "selp")
      if (std::optional<AbstractValue> aligned = selpAlignUp(inst))
        return *aligned;
    if (std::optional<bool> taken = firstPass && root == "selp"
                                        ? knownPredicate(ops.size() == 4
                                                             ? ops[3]
                                                             : "")
                                        : std::nullopt)
      return arg(*taken ? 1 : 2);
    result = join(arg(1), arg(2));
  } else if (root == "setp" && firstPass) {
    result = comparison(inst);
  } else if (root == "rem" && arg(2).kind == AbstractValue::Int &&
             arg(2).lo > 0 && arg(1).kind == AbstractValue::Int &&
             arg(1).lo >= 0) {
    result = integer(0, arg(2).hi - 1);
  } else if (root == "shfl" && StringRef(inst.opcode).starts_with("shfl.sync.") &&
             ops.size() >= 2 && arg(1).kind == AbstractValue::Int) {
    // A value of the source operand in some lane (see transfer).
    result = arg(1);
  } else if (root == "bfe" || root == "bfi" || root == "prmt" ||
             root == "not") {
    result = arg(1).kind == AbstractValue::Address ? symbolOnly(arg(1)) : top();
  } else {
    result = top();
  }
  return result;
}

/// A predicate the first pass knows: a register whose value is 0 or 1 (a
/// comparison of two known integers), possibly negated.
std::optional<bool> Provenance::knownPredicate(StringRef operand) const {
  operand = operand.trim();
  bool negate = operand.consume_front("!");
  if (operand.empty())
    return std::nullopt;
  AbstractValue v = use(operand);
  if (v.kind != AbstractValue::Int || v.lo != v.hi || v.lo < 0 || v.lo > 1)
    return std::nullopt;
  return (v.lo == 1) != negate;
}

/// `setp.CMP.TYPE p, a, b` of two known integers: 1 or 0.
AbstractValue Provenance::comparison(const Instruction &inst) const {
  const std::vector<std::string> &ops = inst.operands;
  llvm::SmallVector<StringRef, 4> parts;
  StringRef(inst.opcode).split(parts, '.');
  if (ops.size() != 3 || parts.size() != 3 ||
      StringRef(ops[0]).contains('|'))
    return top();
  AbstractValue a = use(ops[1]), b = use(ops[2]);
  if (a.kind != AbstractValue::Int || b.kind != AbstractValue::Int ||
      a.lo != a.hi || b.lo != b.hi)
    return top();
  StringRef cmp = parts[1], type = parts[2];
  if (type.starts_with("f"))
    return top();
  int64_t x = a.lo, y = b.lo;
  if (!type.starts_with("s") && (x < 0 || y < 0))
    return top(); // an unsigned reading of a negative range bound
  std::optional<bool> r = compareSetp<int64_t>(cmp, x, y);
  if (!r)
    return top();
  return integer(*r, *r);
}

namespace {

/// An immediate of any 64-bit pattern (descriptor fields do not fit the
/// integer ranges): decimal, negative decimal or 0x hex.
std::optional<uint64_t> rawImmediate(StringRef operand) {
  operand = operand.trim();
  uint64_t u;
  if (operand.starts_with_insensitive("0x"))
    return operand.drop_front(2).rtrim("Uu").getAsInteger(16, u)
               ? std::nullopt
               : std::optional<uint64_t>(u);
  if (!operand.getAsInteger(10, u))
    return u;
  int64_t i;
  if (!operand.getAsInteger(10, i))
    return static_cast<uint64_t>(i);
  return std::nullopt;
}

/// The address bits a matrix descriptor's start field takes: bits 4-17 of
/// the shared address (PTX ISA #asynchronous-warpgroup-level-matrix-
/// shared-memory-layout-matrix-descriptor: matrix-descriptor-encode(x) =
/// (x & 0x3FFFF) >> 4), so shared addresses are below 2^18.
constexpr uint64_t kStartAddressBits = 0x3FFF0;
constexpr uint64_t kStartField = 0x3FFF;

} // namespace

/// The alignment of an address's base: its anchor's, or its symbol's
/// declared one (every extern array starts at the same address, which
/// meets each extern declaration's alignment).
/// An address or-ed or xor-ed with a non-negative integer of at most the
/// bits `m` (CuTe's swizzles, `a ^ ((a >> 3) & 112)`). When those bits lie
/// below the alignment of the address's base, the base is a multiple of
/// it, so only the offset's low bits change: it stays within the aligned
/// block of those bits. Else flipping bits of m moves a value by at most
/// m, and setting them raises it by at most m: the offset stays within
/// [lo - m, hi + m] ([lo, hi + m] for or), a bound whose ends no thread
/// need reach (not a thread range: Provenance::threadWindows has no
/// per-thread values for it).
std::optional<AbstractValue> Provenance::swizzle(bool isXor,
                                                 const AbstractValue &a,
                                                 const AbstractValue &b) const {
  const AbstractValue &address = a.kind == AbstractValue::Address ? a : b;
  const AbstractValue &bits = &address == &a ? b : a;
  if (address.kind != AbstractValue::Address || !address.offsetKnown ||
      address.descriptor || bits.kind != AbstractValue::Int ||
      !bits.offsetKnown || bits.lo < 0 || bits.mask == 0)
    return std::nullopt;
  uint64_t block = llvm::PowerOf2Ceil(bits.mask + 1);
  if (block > (uint64_t(1) << 20))
    return std::nullopt;
  AbstractValue result = address;
  int64_t low = static_cast<int64_t>(block - 1);
  result.mask = address.mask | (block - 1);
  if (block <= baseAlign(address)) {
    result.lo = address.lo & ~low;
    result.hi = address.hi | low;
    return result;
  }
  int64_t most = static_cast<int64_t>(bits.mask);
  result.lo = isXor ? address.lo - most : address.lo;
  result.hi = address.hi + most;
  return result;
}

uint64_t Provenance::baseAlign(const AbstractValue &v) const {
  if (v.anchor >= 0)
    return anchors[v.anchor].align;
  if (v.symbol < 0)
    return 1;
  const SharedSymbol &symbol = module.sharedSymbols[v.symbol];
  if (!symbol.isExtern)
    return symbol.align;
  uint64_t align = 1;
  for (const SharedSymbol &other : module.sharedSymbols)
    if (other.isExtern)
      align = std::max(align, other.align);
  return align;
}

/// A constant operand: an immediate, or a register whose one definition
/// moves one.
std::optional<uint64_t> Provenance::constantOperand(StringRef operand) const {
  operand = operand.trim();
  if (!operand.starts_with("%"))
    return rawImmediate(operand);
  int def = getDefinition(operand);
  if (def < 0)
    return std::nullopt;
  const Instruction &d = function.instructions[def];
  if (d.isPredicated() || !StringRef(d.opcode).starts_with("mov.") ||
      d.operands.size() != 2)
    return std::nullopt;
  return rawImmediate(d.operands[1]);
}

bool Provenance::isOwnClusterRank(StringRef operand) const {
  for (unsigned depth = 0; depth != 4; ++depth) {
    operand = operand.trim();
    if (operand == "%cluster_ctarank")
      return true;
    int def = getDefinition(operand);
    if (def < 0)
      return false;
    const Instruction &d = function.instructions[def];
    StringRef root = StringRef(d.opcode).split('.').first;
    if (d.isPredicated() || (root != "mov" && root != "cvt") ||
        d.operands.size() != 2)
      return false;
    operand = d.operands[1];
  }
  return false;
}

// The align-up idiom in its branch-free form (ThunderKittens' allocator
// when nvcc if-converts it):
//
//   and.b64  t, X, A-1
//   sub.s64  w, A, t            (A an immediate or a register moved from one)
//   add.s64  y, X', w           (X' holding the same address as X)
//   setp.eq  p, t, 0
//   selp.b64 r, X'', y, p       (X'' too; setp.ne with the operands swapped)
//
// r is alignUp(X, A) whatever X is at run time: an anchor, when X is one
// exactly known address (as for the branch form). Every register of the
// pattern must have one definition.
std::optional<AbstractValue>
Provenance::selpAlignUp(const Instruction &inst) const {
  const std::vector<std::string> &ops = inst.operands;
  if (ops.size() != 4 || inst.isPredicated())
    return std::nullopt;
  auto definition = [&](StringRef reg, StringRef prefix)
      -> const Instruction * {
    int def = getDefinition(reg.trim());
    if (def < 0)
      return nullptr;
    const Instruction &d = function.instructions[def];
    if (d.isPredicated() || !StringRef(d.opcode).starts_with(prefix))
      return nullptr;
    return &d;
  };
  const Instruction *test = definition(ops[3], "setp.");
  if (!test || test->operands.size() != 3)
    return std::nullopt;
  bool eq = StringRef(test->opcode).starts_with("setp.eq.");
  if (!eq && !StringRef(test->opcode).starts_with("setp.ne."))
    return std::nullopt;
  StringRef t = test->operands[1], zero = test->operands[2];
  if (rawImmediate(t) == std::optional<uint64_t>(0))
    std::swap(t, zero);
  if (rawImmediate(zero) != std::optional<uint64_t>(0))
    return std::nullopt;
  // Taken when aligned, the other when not.
  StringRef aligned = eq ? ops[1] : ops[2];
  StringRef adjusted = eq ? ops[2] : ops[1];
  const Instruction *mask = definition(t, "and.");
  if (!mask || mask->operands.size() != 3)
    return std::nullopt;
  StringRef x = mask->operands[1];
  std::optional<uint64_t> low = constantOperand(mask->operands[2]);
  if (!low) {
    x = mask->operands[2];
    low = constantOperand(mask->operands[1]);
  }
  if (!low || *low < 15 || *low >= (uint64_t(1) << 20) ||
      (*low & (*low + 1)) != 0)
    return std::nullopt;
  uint64_t align = *low + 1;
  // Each operand as its own instruction reads it.
  auto at = [&](const Instruction *d) {
    return static_cast<unsigned>(d - function.instructions.data());
  };
  AbstractValue base = evaluateAt(x, at(mask));
  if (!isExactAddress(base) || base.descriptor || !(use(aligned) == base))
    return std::nullopt;
  const Instruction *sum = definition(adjusted, "add.");
  if (!sum || sum->operands.size() != 3)
    return std::nullopt;
  for (unsigned side : {1u, 2u}) {
    const Instruction *gap = definition(sum->operands[side], "sub.");
    StringRef other = sum->operands[side == 1 ? 2 : 1];
    if (!gap || gap->operands.size() != 3 ||
        StringRef(gap->operands[2]).trim() != t.trim() ||
        constantOperand(gap->operands[1]) != std::optional<uint64_t>(align) ||
        !(evaluateAt(other, at(sum)) == base))
      continue;
    return alignUp(base, align);
  }
  return std::nullopt;
}

/// The descriptor whose start field holds address `v` >> 4: the address
/// rounded down to 16 bytes (exactly when its base is 16-byte aligned),
/// its other fields not known yet.
AbstractValue Provenance::descriptorStart(AbstractValue v) const {
  if (baseAlign(v) % 16 == 0) {
    v.lo &= ~int64_t(15);
    v.hi &= ~int64_t(15);
  } else {
    v.lo -= 15;
  }
  v.descriptor = true;
  v.fieldsKnown = false;
  v.fields = 0;
  return v;
}

// Matrix descriptors (wgmma and tcgen05 shared-memory descriptors), as
// nvcc emits them from CUTLASS, ThunderKittens and Triton:
//
//   and.b64 t, addr, 0x3FFF0;  shr.u64 s, t, 4;  or.b64 d, s, FIELDS
//   shr.u32 s, addr, 4;  and.b32 t, s, 0x3FFF;  cvt.u64.u32 w, t;  or ...
//   mov.b64 {lo, hi}, d;  add.s32 lo2, lo, k;  mov.b64 d2, {lo2, hi}
//   add.s64 d3, d, k                      (the start moves by 16 * k)
//
// The value stays an address of its symbol, flagged as a descriptor, with
// the offset of the start address in bytes; the other fields are kept when
// they are constants. Returns nothing for an instruction that is not one
// of these steps (the ordinary rules apply).
std::optional<AbstractValue> Provenance::descriptorOp(const Instruction &inst) const {
  const std::vector<std::string> &ops = inst.operands;
  StringRef opcode = inst.opcode;
  StringRef root = opcode.split('.').first;
  auto isAddress = [](const AbstractValue &v) {
    return v.kind == AbstractValue::Address && v.offsetKnown && !v.remote;
  };
  if ((root == "and" || root == "or") && ops.size() == 3) {
    for (unsigned side : {1u, 2u}) {
      AbstractValue v = use(ops[side]);
      std::optional<uint64_t> c = constantOperand(ops[side == 1 ? 2 : 1]);
      if (!isAddress(v))
        continue;
      if (root == "and" && !v.descriptor && c &&
          (*c & kStartAddressBits) == kStartAddressBits) {
        // The address with bits 0-3 cleared (and the generic window's bits
        // above 17, which the offset does not hold).
        uint64_t cleared = ~*c & 0xF;
        if (cleared) {
          if (baseAlign(v) % 16 == 0) {
            v.lo &= ~int64_t(cleared);
            v.hi &= ~int64_t(cleared);
          } else {
            v.lo -= static_cast<int64_t>(cleared);
          }
        }
        return v;
      }
      if (!v.descriptor)
        continue;
      // A mask may also clear low bits of the start field that the
      // address's alignment already clears (nvcc's `and 16320` for a
      // 1024-byte aligned tile): the start is rounded down to 16 << k.
      uint64_t low = c ? ~*c & kStartField : 0;
      if (root == "and" && c && (low & (low + 1)) == 0) {
        if (low) {
          int64_t clear = static_cast<int64_t>(((low + 1) << 4) - 1);
          if (baseAlign(v) % uint64_t(clear + 1) == 0) {
            v.lo &= ~clear;
            v.hi &= ~clear;
          } else {
            v.lo -= clear & ~int64_t(15);
          }
        }
        v.fields &= *c;
        if ((*c & ~kStartField) == 0) {
          v.fieldsKnown = true;
          v.fields = 0;
        }
        return v;
      }
      if (root == "or" && c && (*c & kStartField) == 0) {
        v.fields |= *c;
        return v;
      }
      AbstractValue other = use(ops[side == 1 ? 2 : 1]);
      if (root == "or" && other.kind == AbstractValue::Int && other.lo >= 0 &&
          (other.mask & kStartField) == 0) {
        v.fieldsKnown = false;
        v.fields = 0;
        return v;
      }
    }
    return std::nullopt;
  }
  if (root == "add" && ops.size() == 3) {
    // A constant added to a descriptor: its low 14 bits move the start (in
    // 16-byte units), the rest sets fields (nvcc folds `desc | FIELDS`
    // plus a K step into one add when the start's field is clear above).
    for (unsigned side : {1u, 2u}) {
      AbstractValue v = use(ops[side]);
      std::optional<uint64_t> c = constantOperand(ops[side == 1 ? 2 : 1]);
      if (!isAddress(v) || !v.descriptor || !c ||
          use(ops[side == 1 ? 2 : 1]).kind == AbstractValue::Address)
        continue;
      int64_t step = static_cast<int64_t>(*c & kStartField) * 16;
      uint64_t rest = *c & ~kStartField;
      // A negative constant (two's complement) is a subtraction of the
      // start; only small ones are read so.
      if (static_cast<int64_t>(*c) < 0 && static_cast<int64_t>(*c) > -kLimit) {
        step = static_cast<int64_t>(*c) * 16;
        rest = 0;
      }
      v.lo += step;
      v.hi += step;
      if (rest && v.fieldsKnown && (v.fields & rest) == 0)
        v.fields |= rest;
      else if (rest)
        v.fieldsKnown = false, v.fields = 0;
      return v;
    }
    return std::nullopt;
  }
  if (root == "shr" && ops.size() == 3) {
    AbstractValue v = use(ops[1]);
    std::optional<uint64_t> amount = rawImmediate(ops[2]);
    if (!isAddress(v) || v.descriptor || !amount || *amount != 4)
      return std::nullopt;
    // The low 4 bits shift out.
    v = descriptorStart(v);
    // Only an address already masked to the shared window (below 2^18)
    // leaves the bits above the start field clear.
    int def = getDefinition(ops[1]);
    if (def >= 0) {
      const Instruction &d = function.instructions[def];
      std::optional<uint64_t> c;
      if (!d.isPredicated() && StringRef(d.opcode).starts_with("and.") &&
          d.operands.size() == 3 &&
          (((c = constantOperand(d.operands[2])) && *c < (1u << 18)) ||
           ((c = constantOperand(d.operands[1])) && *c < (1u << 18))))
        v.fieldsKnown = true;
    }
    return v;
  }
  if (root == "bfe" && ops.size() == 4) {
    // `bfe.u32 d, addr, 4, 14`: the start field in one step (Triton).
    AbstractValue v = use(ops[1]);
    std::optional<uint64_t> pos = rawImmediate(ops[2]);
    std::optional<uint64_t> len = rawImmediate(ops[3]);
    if (!isAddress(v) || v.descriptor || !pos || *pos != 4 || !len ||
        *len != 14 || !opcode.starts_with("bfe.u"))
      return std::nullopt;
    v = descriptorStart(v);
    v.fieldsKnown = true;
    return v;
  }
  if (root == "cvt" && ops.size() == 2) {
    AbstractValue v = use(ops[1]);
    if (v.kind != AbstractValue::Address || !v.descriptor)
      return std::nullopt;
    // A 32-bit destination keeps the low half.
    if (opcode.starts_with("cvt.u32") || opcode.starts_with("cvt.s32") ||
        opcode.starts_with("cvt.b32"))
      v.fields &= 0xFFFFFFFFu;
    return v;
  }
  if (root == "mov" && ops.size() == 2 && opcode == "mov.b64" &&
      StringRef(ops[1]).trim().starts_with("{")) {
    // `mov.b64 d, {lo, hi}`: a descriptor whose low half is `lo`.
    llvm::SmallVector<StringRef, 2> halves;
    StringRef(ops[1]).trim().trim("{}").split(halves, ',');
    if (halves.size() != 2)
      return std::nullopt;
    AbstractValue low = use(halves[0]);
    if (low.kind != AbstractValue::Address || !low.descriptor)
      return std::nullopt;
    std::optional<uint64_t> high = constantOperand(halves[1]);
    AbstractValue highValue = use(halves[1]);
    if (!high && highValue.kind == AbstractValue::Int &&
        highValue.lo == highValue.hi && highValue.lo >= 0)
      high = static_cast<uint64_t>(highValue.lo);
    low.fields = (low.fields & 0xFFFFFFFFu) | (high ? *high << 32 : 0);
    low.fieldsKnown = low.fieldsKnown && high && *high <= 0xFFFFFFFFu;
    if (!low.fieldsKnown)
      low.fields = 0;
    return low;
  }
  return std::nullopt;
}

// The align-up idiom, as nvcc emits it for `p = (p + A-1) & -A` written
// with a test (ThunderKittens' shared allocator):
//
//   B1:  X-def   r = X                   first definition
//        and     z, r, A-1               (or of a register equal to X)
//        setp.eq q, z, 0
//   @q   bra     L                       taken exactly when X is aligned
//   B2:  and     t, r, -A                (or of a register equal to X)
//        add     r, t, A                 second definition: alignDown + A
//   L:   ...
//
// After L, r is alignUp(X, A) on both paths. Checked here on the CFG:
// r has exactly these two unpredicated definitions; B2 is B1's fall-through,
// entered only from B1 and leaving only to L, the branch's target; L is
// entered only from B1 and B2; between the first definition and L nothing
// but the two `and`s reads r. Whether X is one exactly known address (and
// the other registers equal to it) is checked during the fixpoint.
void Provenance::findAlignUpIdioms(const CFG &cfg) {
  const std::vector<Instruction> &insts = function.instructions;
  auto single = [&](StringRef reg) -> const Instruction * {
    auto it = definitionOf.find(reg);
    return it == definitionOf.end() || it->second < 0
               ? nullptr
               : &insts[it->second];
  };
  auto andWith = [](const Instruction &inst, int64_t mask,
                    std::string &other) {
    StringRef opcode = inst.opcode;
    if (!opcode.starts_with("and.b") || inst.isPredicated() ||
        inst.operands.size() != 3)
      return false;
    for (unsigned i : {1u, 2u})
      if (immediateOperand(inst.operands[i]) == mask &&
          StringRef(inst.operands[3 - i]).starts_with("%")) {
        other = StringRef(inst.operands[3 - i]).trim().str();
        return true;
      }
    return false;
  };
  for (const auto &entry : definitions) {
    StringRef reg = entry.getKey();
    const llvm::SmallVector<unsigned, 2> &at = entry.getValue();
    if (at.size() != 2)
      continue;
    unsigned d1 = at[0], d2 = at[1];
    const Instruction &first = insts[d1], &second = insts[d2];
    if (first.isPredicated() || second.isPredicated() ||
        StringRef(first.operands[0]).trim() != reg ||
        StringRef(second.operands[0]).trim() != reg)
      continue;
    unsigned b1 = cfg.blockOf[d1], b2 = cfg.blockOf[d2];
    if (b2 != b1 + 1)
      continue;
    const BasicBlock &block1 = cfg.blocks[b1], &block2 = cfg.blocks[b2];
    const Instruction &branch = insts[block1.end - 1];
    if (!StringRef(branch.opcode).starts_with("bra") || !branch.isPredicated() ||
        block1.successors.size() != 2 || block2.predecessors.size() != 1 ||
        block2.successors.size() != 1)
      continue;
    unsigned join = block2.successors[0];
    if (join == b2 || !llvm::is_contained(block1.successors, join) ||
        cfg.blocks[join].predecessors.size() != 2)
      continue;
    // The second definition: add r, t, A with t = and(source, -A).
    if (!StringRef(second.opcode).starts_with("add.") ||
        StringRef(second.opcode).contains(".cc") || second.operands.size() != 3)
      continue;
    std::optional<int64_t> align;
    StringRef t;
    for (unsigned i : {1u, 2u})
      if (std::optional<int64_t> v = immediateOperand(second.operands[i])) {
        align = v;
        t = StringRef(second.operands[3 - i]).trim();
      }
    if (!align || *align < 2 || *align > (int64_t(1) << 20) ||
        !llvm::isPowerOf2_64(*align) || !t.starts_with("%"))
      continue;
    const Instruction *down = single(t);
    std::string source;
    if (!down || !andWith(*down, -*align, source))
      continue;
    unsigned downAt = static_cast<unsigned>(down - insts.data());
    if (source == reg && !(cfg.blockOf[downAt] == b2 && downAt < d2))
      continue;
    // The guard: @q bra (q = setp.eq z, 0) or @!q bra (setp.ne), z =
    // and(guardSource, A-1).
    const Instruction *test = single(branch.predicate);
    if (!test || test->isPredicated() || test->operands.size() != 3)
      continue;
    StringRef cmp = StringRef(test->opcode);
    bool eq = cmp.starts_with("setp.eq."), ne = cmp.starts_with("setp.ne.");
    if (!(eq && !branch.negated) && !(ne && branch.negated))
      continue;
    StringRef z;
    for (unsigned i : {1u, 2u})
      if (immediateOperand(test->operands[i]) == 0)
        z = StringRef(test->operands[3 - i]).trim();
    const Instruction *low = z.starts_with("%") ? single(z) : nullptr;
    std::string guardSource;
    if (!low || !andWith(*low, *align - 1, guardSource))
      continue;
    unsigned lowAt = static_cast<unsigned>(low - insts.data());
    unsigned testAt = static_cast<unsigned>(test - insts.data());
    if (guardSource == reg && !(cfg.blockOf[lowAt] == b1 && lowAt > d1))
      continue;
    if (cfg.blockOf[testAt] != b1 || testAt < lowAt)
      continue;
    // Nothing else reads X: from the first definition to the end of B1,
    // and in B2 before the second.
    // (B2 follows B1 in the text: that is the range d1 < i < d2.)
    bool onlyIdiom = block1.end == block2.begin;
    for (unsigned i = d1 + 1; i < d2 && onlyIdiom; ++i)
      if (i != lowAt && i != downAt && readsRegister(insts[i], reg))
        onlyIdiom = false;
    if (!onlyIdiom)
      continue;
    AlignUp idiom;
    idiom.first = d1;
    idiom.second = d2;
    idiom.align = static_cast<uint64_t>(*align);
    idiom.reg = reg.str();
    idiom.source = source;
    idiom.guardSource = guardSource;
    idiomOf[d1] = idioms.size();
    idiomOf[d2] = idioms.size();
    idioms.push_back(std::move(idiom));
  }
  idiomInput.assign(idioms.size(), AbstractValue());
}

Provenance::Provenance(const Module &module, const Function &function,
                       const CFG *cfg)
    : module(module), function(function), cfg(cfg) {
  // One definition per register, for the thread-exact ranges: every
  // register named in a first operand counts (a source there, as in
  // `bar.sync %r1, %r2`, only makes the register ineligible).
  for (auto [index, inst] : llvm::enumerate(function.instructions)) {
    if (inst.operands.empty())
      continue;
    StringRef first = inst.operands.front();
    if (first.starts_with("[")) // an address (st, red, cp...): read, not written
      continue;
    llvm::SmallVector<StringRef, 4> names;
    registerNamesIn(first, names);
    for (StringRef name : names) {
      auto [it, fresh] = definitionOf.try_emplace(name, int(index));
      if (!fresh)
        it->second = -1;
      llvm::SmallVector<unsigned, 2> &at = definitions[name];
      if (at.size() < kDefinitionsKept)
        at.push_back(index);
    }
  }
  if (function.maxThreads[0] != 0)
    threadsX = std::min(function.maxThreads[0], 1024u);
  if (cfg) {
    findAlignUpIdioms(*cfg);
    findLocalDefinitions(*cfg);
    // A counter wrapped by `selp c, 0, c + 1, c + 1 == S` stays in [0, S)
    // when every restart does: the ranges, which would widen it, take
    // that value at each wrap.
    counterShapes = findCounterShapes(function, *cfg, definitions);
    for (const CounterShape &shape : counterShapes)
      if (llvm::all_of(shape.resets, [&](unsigned i) {
            return boundedRestart(i, shape.slots);
          }))
        for (unsigned wrap : shape.selpWraps)
          wrapBound[wrap] = shape.slots;
  }
  // Rounds over the function until nothing changes. An instruction whose
  // input registers have not changed since it was last evaluated is
  // skipped: it would compute the value it computed then, which its
  // destination already holds (assign joins, and the join absorbs it), so
  // the rounds and every value are those of evaluating everything.
  const std::vector<Instruction> &insts = function.instructions;
  std::vector<llvm::SmallVector<const unsigned *, 3>> inputs(insts.size());
  for (auto [index, inst] : llvm::enumerate(insts))
    for (unsigned i = 1; i < inst.operands.size(); ++i) {
      StringRef operand = StringRef(inst.operands[i]).trim();
      if (operand.starts_with("%"))
        inputs[index].push_back(&changedAt[operand]); // stable entries
    }
  std::vector<unsigned> evaluatedAt(insts.size(), 0);
  std::vector<bool> evaluated(insts.size(), false);
  for (unsigned round = 0; round != 64; ++round) {
    changed = false;
    for (auto [index, inst] : llvm::enumerate(insts)) {
      unsigned last = evaluatedAt[index];
      // (An idiom's definitions also depend on registers they do not
      // name: always evaluated.)
      if (evaluated[index] && !idiomOf.count(index) &&
          llvm::none_of(inputs[index],
                        [&](const unsigned *at) { return *at > last; }))
        continue;
      evaluated[index] = true;
      evaluatedAt[index] = changes;
      transfer(inst, index);
    }
    if (!changed)
      return;
  }
}

// Thread-exact values: a register that is a function of %tid.x alone has
// one value per thread; its range is the minimum and maximum over the CTA's
// threads, which a range per operand overestimates when two operands depend
// on the same bits (`(tid & 127) + (tid & 16 ? 112 : 144)`).

namespace {

constexpr int64_t kExactLimit = int64_t(1) << 62;
/// At most this many values are computed per function (1024 threads: 4096
/// registers).
constexpr uint64_t kThreadBudget = uint64_t(1) << 22;

/// A decimal or hexadecimal integer immediate of magnitude below
/// kExactLimit.
std::optional<int64_t> exactImmediate(StringRef operand) {
  StringRef digits = operand;
  bool negative = digits.consume_front("-");
  uint64_t u;
  if (digits.starts_with_insensitive("0x")
          ? digits.drop_front(2).rtrim("Uu").getAsInteger(16, u)
          : digits.getAsInteger(10, u))
    return std::nullopt;
  if (u >= uint64_t(kExactLimit))
    return std::nullopt;
  return negative ? -int64_t(u) : int64_t(u);
}

bool inExactRange(const std::vector<int64_t> &values) {
  return llvm::all_of(values, [](int64_t v) {
    return v > -kExactLimit && v < kExactLimit;
  });
}

bool allNonNegative(const std::vector<int64_t> &values) {
  return llvm::all_of(values, [](int64_t v) { return v >= 0; });
}

} // namespace

const Provenance::ThreadValues *
Provenance::threadValues(StringRef operand, unsigned depth) const {
  operand = operand.trim();
  if (operand.empty() || depth > 48)
    return nullptr;
  if (std::optional<AbstractValue> fixed = pinned(operand)) {
    auto &slot = threadCache[operand];
    if (!slot) {
      slot = std::make_unique<ThreadValues>();
      slot->values.assign(threadsX, fixed->lo);
    }
    return slot.get();
  }
  if (std::optional<const ThreadValues *> cached = cachedThreadValues(operand))
    return *cached;
  std::unique_ptr<ThreadValues> result;
  if (operand == "%tid.x") {
    result = std::make_unique<ThreadValues>();
    for (unsigned t = 0; t != threadsX; ++t)
      result->values.push_back(t);
  } else if (AbstractValue v = evaluate(operand);
             operand.starts_with("%") &&
             (isExactAddress(v) ||
              (v.kind == AbstractValue::Int && v.lo == v.hi))) {
    // One value wherever the register is defined: the same in every thread.
    result = std::make_unique<ThreadValues>();
    result->symbol = v.kind == AbstractValue::Address ? v.symbol : -1;
    result->anchor = v.kind == AbstractValue::Address ? v.anchor : -1;
    result->values.assign(threadsX, v.lo);
  } else if (operand.starts_with("%")) {
    return computeCached(operand, operand, -1, depth);
  } else if (std::optional<int64_t> literal = exactImmediate(operand)) {
    // An immediate beyond the ranges' bound (a 64-bit table of warp roles
    // that a shift by the warp index reads).
    result = std::make_unique<ThreadValues>();
    result->values.assign(threadsX, *literal);
  } else {
    AbstractValue v = evaluate(operand);
    bool constant = v.kind == AbstractValue::Int && v.lo == v.hi;
    bool address = isExactAddress(v);
    if (constant || address) {
      result = std::make_unique<ThreadValues>();
      result->symbol = address ? v.symbol : -1;
      result->anchor = address ? v.anchor : -1;
      result->values.assign(threadsX, v.lo);
    }
  }
  if (result) {
    if (threadBudget + result->values.size() > kThreadBudget)
      result.reset();
    else
      threadBudget += result->values.size();
  }
  return (threadCache[operand] = std::move(result)).get();
}

bool Provenance::anchoredBits(const Instruction &inst, unsigned depth,
                              ThreadValues &out) const {
  const std::vector<std::string> &ops = inst.operands;
  StringRef root = StringRef(inst.opcode).split('.').first;
  unsigned n = threadsX;
  auto alignOf = [&](const ThreadValues *v) -> int64_t {
    return v->symbol >= 0 && v->anchor >= 0
               ? static_cast<int64_t>(anchors[v->anchor].align)
               : 0;
  };
  // (anchor + v) ^ m, (anchor + v) | m.
  if (root != "and") {
    const ThreadValues *a = threadValues(ops[1], depth + 1);
    const ThreadValues *b = threadValues(ops[2], depth + 1);
    if (!a || !b || (alignOf(a) != 0) == (alignOf(b) != 0) ||
        (a->symbol >= 0 && b->symbol >= 0))
      return false;
    const ThreadValues *address = alignOf(a) ? a : b;
    const ThreadValues *bits = address == a ? b : a;
    int64_t A = alignOf(address);
    out.symbol = address->symbol;
    out.anchor = address->anchor;
    out.values.clear();
    for (unsigned t = 0; t != n; ++t) {
      int64_t v = address->values[t], m = bits->values[t];
      if (v < 0 || m < 0 || m >= A)
        return false;
      out.values.push_back(root == "or" ? v | m : v ^ m);
    }
    return true;
  }
  // ((anchor + v) >> k) & m: the register shifted is defined once, by a shr
  // of an anchored address by an immediate.
  for (unsigned i : {1u, 2u}) {
    std::optional<int64_t> mask = immediateOperand(ops[3 - i]);
    auto def = definitionOf.find(StringRef(ops[i]).trim());
    if (!mask || *mask < 0 || def == definitionOf.end() || def->second < 0)
      continue;
    const Instruction &shift = function.instructions[def->second];
    std::optional<int64_t> k = shift.operands.size() == 3
                                   ? immediateOperand(shift.operands[2])
                                   : std::nullopt;
    if (!StringRef(shift.opcode).starts_with("shr.") || shift.isPredicated() ||
        StringRef(shift.opcode).ends_with(".s32") ||
        StringRef(shift.opcode).ends_with(".s64") || !k || *k < 0 || *k > 30)
      continue;
    const ThreadValues *x = threadValues(shift.operands[1], depth + 1);
    int64_t A = x ? alignOf(x) : 0;
    if (!A || (*mask << *k) >= A)
      continue;
    out.symbol = -1;
    out.anchor = -1;
    out.values.clear();
    for (unsigned t = 0; t != n; ++t) {
      int64_t v = x->values[t];
      out.values.push_back((((v % A) + A) % A >> *k) & *mask);
    }
    return true;
  }
  return false;
}

const Provenance::ThreadValues *
Provenance::threadValuesAt(StringRef operand, unsigned at,
                           unsigned depth) const {
  operand = operand.trim();
  if (!cfg || !operand.starts_with("%") || getDefinition(operand) >= 0 ||
      pinned(operand) || at >= cfg->blockOf.size() || depth > 48)
    return threadValues(operand, depth);
  // A register defined more than once, of which one definition reaches
  // the reading instruction on every path (the last one before it in its
  // block, or the only one reaching the block): that definition's values
  // (computeThreadValues follows only a whole, unpredicated definition).
  auto defs = definitions.find(operand);
  int d = defs == definitions.end() || defs->second.size() >= kDefinitionsKept
              ? -1
              : reachingDefinition(operand, at);
  if (d >= 0) {
    std::string key = (operand + "@" + llvm::Twine(d)).str();
    if (std::optional<const ThreadValues *> cached = cachedThreadValues(key))
      return *cached;
    return computeCached(operand, key, d, depth);
  }
  return threadValues(operand, depth);
}

std::optional<const Provenance::ThreadValues *>
Provenance::cachedThreadValues(StringRef key) const {
  auto cached = threadCache.find(key);
  if (cached == threadCache.end())
    return std::nullopt;
  if (cached->second && cached->second->broadcast)
    readBroadcast = true;
  return cached->second.get();
}

const Provenance::ThreadValues *
Provenance::computeCached(StringRef reg, StringRef key, int definition,
                          unsigned depth) const {
  // Marks the entry in progress (a cycle is not exact).
  threadCache[key] = nullptr;
  bool outer = readBroadcast;
  readBroadcast = false;
  ThreadValues *computed = const_cast<ThreadValues *>(
      computeThreadValues(reg, depth, definition, key));
  if (computed)
    computed->broadcast |= readBroadcast;
  readBroadcast = outer || (computed && computed->broadcast);
  return threadCache[key].get();
}

const Provenance::ThreadValues *
Provenance::computeThreadValues(StringRef reg, unsigned depth, int definition,
                                StringRef key) const {
  if (definition < 0) {
    auto def = definitionOf.find(reg);
    if (def == definitionOf.end() || def->second < 0)
      return nullptr;
    definition = def->second;
  }
  if (key.empty())
    key = reg;
  unsigned at = unsigned(definition);
  const Instruction &inst = function.instructions[at];
  const std::vector<std::string> &ops = inst.operands;
  StringRef opcode = inst.opcode;
  // `shfl.sync d|p, ...` defines d and the predicate p: only d is followed.
  StringRef dest = ops.empty() ? StringRef() : StringRef(ops[0]);
  if (opcode.starts_with("shfl.sync."))
    dest = dest.split('|').first.trim();
  if (inst.isPredicated() || ops.size() < 2 || dest != reg)
    return nullptr;
  llvm::SmallVector<StringRef, 4> parts;
  opcode.split(parts, '.');
  StringRef root = parts[0];
  StringRef type = parts.back();
  if (type.starts_with("f") || opcode.contains(".cc") ||
      opcode.contains(".sat") || opcode.contains(".hi"))
    return nullptr;
  bool isSigned = type.starts_with("s");
  auto arg = [&](unsigned i) -> const ThreadValues * {
    return i < ops.size() ? threadValuesAt(ops[i], at, depth + 1) : nullptr;
  };
  auto integers = [&](unsigned i) -> const std::vector<int64_t> * {
    const ThreadValues *v = arg(i);
    return v && v->symbol < 0 ? &v->values : nullptr;
  };
  auto out = std::make_unique<ThreadValues>();
  std::vector<int64_t> &values = out->values;
  unsigned n = threadsX;
  values.reserve(n);
  if ((root == "mov" || root == "cvta" || root == "cvt") && ops.size() == 2) {
    if (StringRef(ops[1]).starts_with("{"))
      return nullptr;
    const ThreadValues *a = arg(1);
    if (!a)
      return nullptr;
    *out = *a;
    // A narrowing conversion keeps the value only if it fits.
    if (root == "cvt" && (parts.size() < 3 || parts[1].starts_with("f") ||
                          parts[2].starts_with("f")))
      return nullptr;
    // An integer narrowing conversion (no .sat) keeps the low bits of
    // the destination's width (PTX ISA #data-movement-and-conversion-
    // instructions-cvt: chop), sign-extended for a signed destination.
    unsigned to = 0, from = 0;
    if (root == "cvt" && out->symbol < 0 && parts.size() == 3 &&
        !parts[1].drop_front().getAsInteger(10, to) &&
        !parts[2].drop_front().getAsInteger(10, from) && to < from &&
        (to == 8 || to == 16 || to == 32)) {
      uint64_t mask = (uint64_t(1) << to) - 1;
      for (int64_t &v : values) {
        uint64_t low = uint64_t(v) & mask;
        v = parts[1].starts_with("s") && (low >> (to - 1))
                ? int64_t(low) - (int64_t(1) << to)
                : int64_t(low);
      }
    }
  } else if ((root == "add" || root == "sub") && ops.size() == 3) {
    const ThreadValues *a = arg(1), *b = arg(2);
    if (!a || !b)
      return nullptr;
    if (root == "sub" && b->symbol >= 0)
      return nullptr;
    if (a->symbol >= 0 && b->symbol >= 0)
      return nullptr;
    out->symbol = a->symbol >= 0 ? a->symbol : b->symbol;
    out->anchor = a->symbol >= 0 ? a->anchor : b->anchor;
    for (unsigned t = 0; t != n; ++t)
      values.push_back(root == "add" ? a->values[t] + b->values[t]
                                     : a->values[t] - b->values[t]);
  } else if ((root == "mul" || root == "mad") &&
             (parts[1] == "lo" || parts[1] == "wide")) {
    const std::vector<int64_t> *a = integers(1), *b = integers(2);
    if (!a || !b || (root == "mad" && ops.size() != 4) ||
        (root == "mul" && ops.size() != 3))
      return nullptr;
    const ThreadValues *c = root == "mad" ? arg(3) : nullptr;
    if (root == "mad" && !c)
      return nullptr;
    if (c) {
      out->symbol = c->symbol;
      out->anchor = c->anchor;
    }
    for (unsigned t = 0; t != n; ++t) {
      int64_t product, sum;
      if (__builtin_mul_overflow((*a)[t], (*b)[t], &product) ||
          __builtin_add_overflow(product, c ? c->values[t] : 0, &sum))
        return nullptr;
      values.push_back(sum);
    }
  } else if ((root == "shl" || root == "shr") && ops.size() == 3) {
    const std::vector<int64_t> *a = integers(1), *b = integers(2);
    if (!a || !b)
      return nullptr;
    for (unsigned t = 0; t != n; ++t) {
      int64_t amount = (*b)[t];
      if (amount < 0 || ((*a)[t] < 0 && root == "shr" && !isSigned))
        return nullptr;
      // A negative value shifted left is multiplied by 2^amount (two's
      // complement), while it stays in range.
      if (root == "shl" && (*a)[t] < 0) {
        if (amount > 61 || (*a)[t] < -(kExactLimit >> amount))
          return nullptr;
        values.push_back((*a)[t] * (int64_t(1) << amount));
        continue;
      }
      // A shift by the register's width or more is clamped to it (PTX ISA
      // #integer-arithmetic-instructions-shr): a non-negative value
      // shifted right is then 0.
      if (root == "shr" && amount > 63) {
        values.push_back(0);
        continue;
      }
      if (amount > 63 ||
          (root == "shl" && (*a)[t] > (kExactLimit >> amount)))
        return nullptr;
      values.push_back(root == "shl" ? (*a)[t] << amount : (*a)[t] >> amount);
    }
  } else if ((root == "and" || root == "or" || root == "xor") &&
             ops.size() == 3) {
    // An address from a run-time aligned anchor (A-aligned) keeps its low
    // bits: (anchor + v) ^ m == anchor + (v ^ m) for v >= 0 and
    // 0 <= m < A (or alike), and ((anchor + v) >> k) & m == ((v mod A) >> k)
    // & m when m << k < A. These are the XOR swizzles of tiles in an
    // aligned dynamic shared buffer.
    const std::vector<int64_t> *a = integers(1), *b = integers(2);
    if (!a || !b) {
      if (!anchoredBits(inst, depth, *out))
        return nullptr;
    } else {
      // An `and` with one side non-negative is exact even when the other
      // is negative (the mask of a signed remainder, `x & -128`): the
      // result is non-negative and its bits are those of both sides.
      bool exactAnd = root == "and" &&
                      (allNonNegative(*a) || allNonNegative(*b));
      if (!exactAnd && (!allNonNegative(*a) || !allNonNegative(*b)))
        return nullptr;
      for (unsigned t = 0; t != n; ++t)
        values.push_back(root == "and"  ? ((*a)[t] & (*b)[t])
                         : root == "or" ? ((*a)[t] | (*b)[t])
                                        : ((*a)[t] ^ (*b)[t]));
    }
  } else if (root == "not" && type == "pred" && ops.size() == 2) {
    const std::vector<int64_t> *a = integers(1);
    if (!a)
      return nullptr;
    for (int64_t v : *a)
      values.push_back(v ? 0 : 1);
  } else if (root == "neg" && ops.size() == 2) {
    const std::vector<int64_t> *a = integers(1);
    if (!a)
      return nullptr;
    for (int64_t v : *a)
      values.push_back(-v);
  } else if ((root == "min" || root == "max") && ops.size() == 3) {
    const std::vector<int64_t> *a = integers(1), *b = integers(2);
    if (!a || !b || (!isSigned && (!allNonNegative(*a) || !allNonNegative(*b))))
      return nullptr;
    for (unsigned t = 0; t != n; ++t)
      values.push_back(root == "min" ? std::min((*a)[t], (*b)[t])
                                     : std::max((*a)[t], (*b)[t]));
  } else if ((root == "rem" || root == "div") && ops.size() == 3 &&
             !isSigned) {
    const std::vector<int64_t> *a = integers(1), *b = integers(2);
    if (!a || !b || !allNonNegative(*a))
      return nullptr;
    for (unsigned t = 0; t != n; ++t) {
      if ((*b)[t] <= 0)
        return nullptr;
      values.push_back(root == "rem" ? (*a)[t] % (*b)[t] : (*a)[t] / (*b)[t]);
    }
  } else if (root == "bfe" && ops.size() == 4 && !isSigned) {
    const std::vector<int64_t> *a = integers(1), *pos = integers(2),
                               *len = integers(3);
    if (!a || !pos || !len || !allNonNegative(*a))
      return nullptr;
    for (unsigned t = 0; t != n; ++t) {
      if ((*pos)[t] < 0 || (*pos)[t] > 40 || (*len)[t] < 0 || (*len)[t] > 40)
        return nullptr;
      values.push_back(((*a)[t] >> (*pos)[t]) &
                       ((int64_t(1) << (*len)[t]) - 1));
    }
  } else if (root == "selp" && ops.size() == 4) {
    StringRef condition = StringRef(ops[3]).trim();
    bool negate = condition.consume_front("!");
    const ThreadValues *a = arg(1), *b = arg(2);
    const ThreadValues *c = threadValuesAt(condition, at, depth + 1);
    if (!a || !b || !c || c->symbol >= 0 || a->symbol != b->symbol ||
        a->anchor != b->anchor)
      return nullptr;
    out->symbol = a->symbol;
    out->anchor = a->anchor;
    for (unsigned t = 0; t != n; ++t)
      values.push_back(((c->values[t] != 0) != negate) ? a->values[t]
                                                         : b->values[t]);
  } else if (opcode == "shfl.sync.idx.b32" && ops.size() == 5) {
    // Every lane reads lane j = b & 31 of its warp when c is 31 (clamp 31,
    // no segment mask) and all 32 lanes take part (PTX ISA
    // #data-movement-and-conversion-instructions-shfl-sync).
    const std::vector<int64_t> *lane = integers(2);
    std::optional<uint64_t> c = constantOperand(ops[3]);
    std::optional<uint64_t> members = constantOperand(ops[4]);
    const ThreadValues *a = arg(1);
    if (!a || a->symbol >= 0 || !lane || c != std::optional<uint64_t>(31) ||
        !members || (*members & 0xFFFFFFFFu) != 0xFFFFFFFFu)
      return nullptr;
    for (unsigned t = 0; t != n; ++t) {
      unsigned from = (t & ~31u) | unsigned((*lane)[t] & 31);
      if (from >= n)
        return nullptr;
      values.push_back(a->values[from]);
    }
    out->broadcast = true;
  } else if (root == "setp" && parts.size() == 3 && ops.size() == 3 &&
             !StringRef(ops[0]).contains('|')) {
    const std::vector<int64_t> *a = integers(1), *b = integers(2);
    if (!a || !b)
      return nullptr;
    StringRef cmp = parts[1];
    bool unsignedCompare = !isSigned;
    if (unsignedCompare && (!allNonNegative(*a) || !allNonNegative(*b)))
      return nullptr;
    for (unsigned t = 0; t != n; ++t) {
      std::optional<bool> r = compareSetp<int64_t>(cmp, (*a)[t], (*b)[t]);
      if (!r)
        return nullptr;
      values.push_back(*r ? 1 : 0);
    }
  } else {
    return nullptr;
  }
  if (!inExactRange(out->values) || out->values.size() != n)
    return nullptr;
  // Registers narrower than 64 bits wrap: a value outside what the
  // destination type holds (signed or unsigned) is not followed.
  StringRef destType = root == "cvt" || root == "setp" ? parts[1] : type;
  unsigned bits = 64;
  if (root == "setp" || destType == "pred")
    bits = 1;
  else if (destType.size() > 1)
    destType.drop_front().getAsInteger(10, bits);
  if (bits > 1 && bits < 64 && out->symbol < 0) {
    int64_t lowest = -(int64_t(1) << (bits - 1));
    int64_t highest = (int64_t(1) << bits) - 1;
    if (llvm::any_of(out->values,
                     [&](int64_t v) { return v < lowest || v > highest; }))
      return nullptr;
  }
  if (threadBudget + n > kThreadBudget)
    return nullptr;
  threadBudget += n;
  threadCache[key] = std::move(out);
  return threadCache[key].get();
}

const Provenance::ReachingDefinitions *
Provenance::localDefinition(StringRef operand, unsigned index) const {
  if (index >= localDefinitions.size())
    return nullptr;
  StringRef reg = operand.trim();
  for (const auto &[name, defs] : localDefinitions[index])
    if (name == reg)
      return &defs;
  return nullptr;
}

AbstractValue Provenance::evaluateAt(StringRef operand, unsigned index) const {
  if (firstPass)
    return firstPassAt(operand, index);
  const ReachingDefinitions *defs = localDefinition(operand, index);
  if (!defs)
    return evaluate(operand);
  // The join of the reaching definitions evaluated so far (one not yet
  // evaluated is bottom: the rounds come back when it changes).
  AbstractValue value;
  for (unsigned def : *defs) {
    auto it = definitionValues.find(def);
    if (it != definitionValues.end())
      value = join(value, it->second);
  }
  // None evaluated yet: unknown, as any register not yet assigned (one
  // earlier in the block always is).
  return value.kind == AbstractValue::Bottom ? evaluate(operand) : value;
}

AbstractValue Provenance::evaluateExactAt(StringRef operand,
                                          unsigned index) const {
  if (firstPass) {
    AbstractValue value = firstPassAt(operand, index);
    if (value.lo == value.hi &&
        (value.kind == AbstractValue::Int ||
         (value.kind == AbstractValue::Address && value.offsetKnown)))
      return value;
  }
  // A register read at one of its several definitions: no narrowing (the
  // thread-exact values follow registers defined once).
  if (localDefinition(operand, index))
    return evaluateAt(operand, index);
  return evaluateExact(operand);
}

bool Provenance::isFunctionOfThread(StringRef operand, unsigned index) const {
  // Follows the definitions that reach each read (the one definition, or
  // the reaching ones of a register defined more than once) down to %tid,
  // immediates and symbols, through integer arithmetic: then every thread
  // computes its own value from its %tid alone, the same in every
  // execution. A load, a parameter, %ctaid (one value per CTA, unknown), a
  // shuffle or a register whose reaching definitions are not known makes
  // it a value each execution picks.
  // (register, definition) pairs being followed (a cycle: a loop-carried
  // value) and those found to be functions of %tid.x.
  std::set<std::pair<std::string, unsigned>> visiting, done;
  std::function<bool(StringRef, unsigned, unsigned)> threadOnly =
      [&](StringRef text, unsigned at, unsigned depth) -> bool {
    text = text.trim();
    if (text.empty() || depth > 48)
      return false;
    if (std::isdigit(static_cast<unsigned char>(text[0])) || text[0] == '-')
      return true;
    if (text.starts_with("%tid"))
      return true;
    // A symbol's address.
    if (!text.starts_with("%"))
      return std::isalpha(static_cast<unsigned char>(text[0])) ||
             text[0] == '_' || text[0] == '$';
    // One value there (a constant the range analysis finds, a run-time
    // aligned anchor's start): the same for every thread.
    AbstractValue one = evaluateExactAt(text, at);
    if ((one.kind == AbstractValue::Int ||
         (one.kind == AbstractValue::Address && one.offsetKnown &&
          !one.remote)) &&
        one.lo == one.hi)
      return true;
    llvm::SmallVector<unsigned, 2> defs;
    if (const ReachingDefinitions *reaching = localDefinition(text, at))
      defs.append(reaching->begin(), reaching->end());
    else if (int one = getDefinition(text); one >= 0)
      defs.push_back(unsigned(one));
    if (defs.empty())
      return false;
    for (unsigned d : defs) {
      std::pair<std::string, unsigned> key{text.str(), d};
      if (done.count(key))
        continue;
      if (!visiting.insert(key).second)
        return false; // a cycle: a loop-carried value
      const Instruction &inst = function.instructions[d];
      StringRef opcode = inst.opcode;
      StringRef root = opcode.split('.').first;
      static const char *const kArithmetic[] = {
          "add", "sub", "mul", "mad", "shl", "shr", "and", "or",  "xor",
          "not", "cvt", "cvta", "mov", "selp", "setp", "min", "max", "bfe",
          "bfi", "rem", "div", "neg", "abs"};
      if (inst.isPredicated() || inst.operands.size() < 2 ||
          StringRef(inst.operands[0]).contains('|') ||
          StringRef(inst.operands[0]).starts_with("{") ||
          llvm::none_of(kArithmetic,
                        [&](const char *r) { return root == r; }))
        return false;
      for (unsigned o = 1; o != inst.operands.size(); ++o)
        if (!threadOnly(inst.operands[o], d, depth + 1))
          return false;
      visiting.erase(key);
      done.insert(key);
    }
    return true;
  };
  return threadOnly(operand, index, 0);
}

bool Provenance::reachingDefinitions(
    StringRef reg, unsigned at, llvm::SmallVectorImpl<unsigned> &out) const {
  const ReachingDefinitions *defs = localDefinition(reg, at);
  if (!defs)
    return false;
  out.assign(defs->begin(), defs->end());
  return true;
}

/// Per instruction, the registers it reads that are defined more than once
/// and whose reaching definitions are known (nvcc reuses registers: `%r1350`
/// an address in one loop and another in the next, which a join per
/// register loses): an unpredicated one earlier in its block, or, when its
/// block defines the register only after the read, the definitions that
/// reach the block's entry (a loop-carried stage bit: `mov %r97, %r95`
/// before the loop, `xor %r97, %r97, 1` in it).
void Provenance::findLocalDefinitions(const CFG &cfg) {
  const std::vector<Instruction> &insts = function.instructions;
  localDefinitions.assign(insts.size(), {});
  // The definitions of each register defined more than once: the
  // instruction, whether its value is the register's (one register, not an
  // idiom's), and whether it also assigns unconditionally (it kills the
  // earlier ones).
  struct Def {
    unsigned index;
    bool single, kills;
  };
  llvm::StringMap<llvm::SmallVector<Def, 4>> defsOf;
  // Reads with no definition of their register earlier in their block:
  // the instruction and the register's name in its operand (the map's keys
  // die with it; localDefinitions keeps names into the instructions).
  llvm::StringMap<llvm::SmallVector<std::pair<unsigned, StringRef>, 4>>
      entryReads;
  for (const BasicBlock &block : cfg.blocks) {
    llvm::StringMap<int> last; // -1: a predicated or partial definition
    for (unsigned i = block.begin; i != block.end; ++i) {
      const Instruction &inst = insts[i];
      llvm::SmallVector<StringRef, 8> read;
      for (auto [o, operand] : llvm::enumerate(inst.operands))
        if (o != 0 || StringRef(operand).starts_with("["))
          registerNamesIn(operand, read);
      for (StringRef reg : read) {
        if (getDefinition(reg) >= 0)
          continue;
        auto found = last.find(reg);
        if (found == last.end()) {
          auto &at = entryReads[reg];
          if (at.empty() || at.back().first != i)
            at.push_back({i, reg});
          continue;
        }
        if (found->second < 0)
          continue;
        auto &list = localDefinitions[i];
        if (llvm::none_of(list, [&](const auto &e) { return e.first == reg; })) {
          list.push_back({reg, {unsigned(found->second)}});
          readLocally.insert(unsigned(found->second));
        }
      }
      if (inst.operands.empty() || StringRef(inst.operands[0]).starts_with("["))
        continue;
      StringRef first = inst.operands[0];
      llvm::SmallVector<StringRef, 4> written;
      registerNamesIn(first, written);
      bool single = written.size() == 1 && first.trim() == written[0] &&
                    !idiomOf.count(i);
      bool whole = single && !inst.isPredicated();
      for (StringRef reg : written) {
        last[reg] = whole ? int(i) : -1;
        if (getDefinition(reg) < 0) // defined more than once
          defsOf[reg].push_back({i, single, whole});
      }
    }
  }
  // The definitions reaching the entry of the blocks that read a register
  // first: each definition floods forward from the end of its block (if no
  // later definition there kills it) until a block that kills it.
  constexpr size_t kMaxDefinitions = 16;
  for (auto &entry : entryReads) {
    StringRef reg = entry.getKey();
    auto defsIt = defsOf.find(reg);
    if (defsIt == defsOf.end())
      continue;
    const llvm::SmallVector<Def, 4> &defs = defsIt->second;
    if (defs.size() > kMaxDefinitions ||
        llvm::any_of(defs, [](const Def &d) { return !d.single; }))
      continue; // a partial definition's value is not the register's
    // Per block: whether it kills the register; then the definitions
    // reaching its entry (bit j: defs[j]; defs are in text order).
    llvm::DenseMap<unsigned, bool> kills;
    for (const Def &d : defs) {
      unsigned b = cfg.blockOf[d.index];
      kills[b] = kills.lookup(b) || d.kills;
    }
    llvm::DenseMap<unsigned, uint32_t> reaching;
    for (auto [j, d] : llvm::enumerate(defs)) {
      unsigned b = cfg.blockOf[d.index];
      // A later definition in the block that kills it.
      bool killed = false;
      for (size_t k = j + 1; k < defs.size(); ++k)
        killed |= cfg.blockOf[defs[k].index] == b && defs[k].kills;
      if (killed)
        continue;
      std::vector<unsigned> stack(cfg.blocks[b].successors.begin(),
                                  cfg.blocks[b].successors.end());
      while (!stack.empty()) {
        unsigned s = stack.back();
        stack.pop_back();
        uint32_t &bits = reaching[s];
        if (bits & (1u << j))
          continue;
        bits |= 1u << j;
        if (kills.lookup(s))
          continue;
        for (unsigned t : cfg.blocks[s].successors)
          stack.push_back(t);
      }
    }
    for (auto [i, name] : entry.getValue()) {
      auto it = reaching.find(cfg.blockOf[i]);
      // Reached by none: undefined on every path here, or unreachable.
      if (it == reaching.end() || it->second == 0)
        continue;
      ReachingDefinitions list;
      for (unsigned j = 0; j != defs.size(); ++j)
        if (it->second & (1u << j)) {
          list.push_back(defs[j].index);
          readLocally.insert(defs[j].index);
        }
      // A register the block also reads with no definition reaching from
      // the function's entry is still covered: every reaching path holds
      // one of these (an uninitialized read is the kernel's bug).
      localDefinitions[i].push_back({name, std::move(list)});
    }
  }
}

/// Records the value a definition read by a later instruction of its
/// block gives (joined over the rounds, widened like a register).
void Provenance::recordDefinition(unsigned index, StringRef reg,
                                  const AbstractValue &value) {
  if (!readLocally.count(index))
    return;
  auto [it, fresh] = definitionValues.try_emplace(index, value);
  if (!fresh) {
    AbstractValue next = join(it->second, value);
    if (next == it->second)
      return;
    if (++definitionUpdates[index] > kWidenAfter)
      next = next.kind == AbstractValue::Address ? symbolOnly(next) : top();
    if (next == it->second)
      return;
    it->second = next;
  }
  changedAt[reg] = ++changes;
  changed = true;
}

namespace {

/// A value whose bytes or integers a range bounds.
bool isBounded(const AbstractValue &v) {
  return v.kind == AbstractValue::Int ||
         (v.kind == AbstractValue::Address && v.offsetKnown);
}

} // namespace

AbstractValue Provenance::evaluateExact(StringRef operand) const {
  return composedExact(operand, 0);
}

/// evaluateExactDirect, and where it bounds nothing (the ranges lost a
/// part, and the register is no function of %tid.x alone: a thread offset
/// plus a warp's stage bit), the register's one definition evaluated from
/// its operands' exact values: each is a sound range over all threads and
/// executions, and so is their sum, shift or mask.
AbstractValue Provenance::composedExact(StringRef operand,
                                        unsigned depth) const {
  AbstractValue value = evaluateExactDirect(operand);
  operand = operand.trim();
  if (isBounded(value) || value.descriptor || depth > 10 ||
      !operand.starts_with("%"))
    return value;
  auto cached = composedCache.find(operand);
  if (cached != composedCache.end())
    return cached->second;
  composedCache[operand] = value; // in progress: a cycle bounds nothing
  int def = getDefinition(operand);
  if (def < 0)
    return value;
  const Instruction &inst = function.instructions[def];
  const std::vector<std::string> &ops = inst.operands;
  StringRef opcode = inst.opcode;
  StringRef root = opcode.split('.').first;
  if (inst.isPredicated() || opcode.contains(".f") || opcode.contains(".hi") ||
      opcode.contains(".cc") || opcode.contains(".sat") ||
      StringRef(ops[0]).contains('|') || StringRef(ops[0]).contains('{'))
    return value;
  auto part = [&](unsigned i) {
    return i < ops.size() ? composedExact(ops[i], depth + 1) : top();
  };
  AbstractValue result = top();
  if ((root == "mov" || root == "cvt") && ops.size() == 2)
    result = part(1);
  else if ((root == "add" || root == "sub" || root == "mul") &&
           ops.size() == 3)
    result = arithmetic(root, part(1), part(2));
  else if (root == "mad" && ops.size() == 4)
    result = arithmetic("add", arithmetic("mul", part(1), part(2)), part(3));
  else if ((root == "shl" || root == "shr" || root == "and" || root == "or" ||
            root == "xor") &&
           ops.size() == 3) {
    AbstractValue a = part(1), b = part(2);
    result = bitwise(root, a, b);
    if (root == "or" || root == "xor")
      if (std::optional<AbstractValue> swizzled =
              swizzle(root == "xor", a, b))
        result = *swizzled;
  }
  if (!isBounded(result))
    result = value;
  composedCache[operand] = result;
  return result;
}

AbstractValue Provenance::evaluateExactDirect(StringRef operand) const {
  AbstractValue value = evaluate(operand);
  if (value.descriptor)
    return value; // a descriptor is no address to narrow
  operand = operand.trim();
  if (!operand.starts_with("%"))
    return value;
  if (value.kind == AbstractValue::Top) {
    // The ranges lost it (a signed remainder's `and x, -128`), but each
    // thread's value is known: its exact range over the threads.
    const ThreadValues *exact = threadValues(operand, 0);
    if (!exact || exact->values.empty() || exact->broadcast)
      return value;
    auto [lo, hi] =
        std::minmax_element(exact->values.begin(), exact->values.end());
    AbstractValue narrowed;
    narrowed.lo = *lo;
    narrowed.hi = *hi;
    if (exact->symbol < 0) {
      narrowed.kind = AbstractValue::Int;
      narrowed.offsetKnown = true;
      for (int64_t v : exact->values)
        narrowed.mask |= static_cast<uint64_t>(v);
      return narrowed;
    }
    narrowed.kind = AbstractValue::Address;
    narrowed.symbol = exact->symbol;
    narrowed.offsetKnown = true;
    narrowed.anchor = exact->anchor;
    narrowed.anchorLo = exact->anchor < 0 ? 0 : anchors[exact->anchor].lo;
    narrowed.anchorHi = exact->anchor < 0 ? 0 : anchors[exact->anchor].hi;
    return narrowed;
  }
  if (value.kind != AbstractValue::Address && value.kind != AbstractValue::Int)
    return value;
  // Already exact (a constant offset): nothing to narrow.
  if (value.lo == value.hi &&
      (value.kind == AbstractValue::Int || value.offsetKnown))
    return value;
  const ThreadValues *exact = threadValues(operand, 0);
  // (Values through a warp shuffle are exact per thread, but a range over
  // them spans warpgroups, which the hazard rules would read as meeting:
  // the first pass reads them, see threadOffsets.)
  if (!exact || exact->values.empty() || exact->broadcast)
    return value;
  bool isAddress = value.kind == AbstractValue::Address;
  if (isAddress != (exact->symbol >= 0) ||
      (isAddress && (exact->symbol != value.symbol || value.remote)))
    return value;
  if (isAddress && value.offsetKnown && exact->anchor != value.anchor)
    return value;
  auto [lo, hi] = std::minmax_element(exact->values.begin(), exact->values.end());
  if (isAddress && !value.offsetKnown) {
    value.offsetKnown = true;
    value.lo = *lo;
    value.hi = *hi;
    value.anchor = exact->anchor;
    value.anchorLo = exact->anchor < 0 ? 0 : anchors[exact->anchor].lo;
    value.anchorHi = exact->anchor < 0 ? 0 : anchors[exact->anchor].hi;
    return value;
  }
  value.lo = std::max(value.lo, *lo);
  value.hi = std::min(value.hi, *hi);
  if (value.lo > value.hi) // cannot happen when both are sound
    return evaluate(operand);
  return value;
}

SharedRegion SharedRegion::widened() const {
  if (anchor < 0)
    return *this;
  SharedRegion r = *this;
  r.anchor = -1;
  r.anchorLo = r.anchorHi = 0;
  r.anchorAlign = 1;
  r.begin = std::max<int64_t>(0, begin + anchorLo);
  r.end = end == INT64_MAX ? INT64_MAX : end + anchorHi;
  return r;
}

bool SharedRegion::mayAlias(const SharedRegion &other) const {
  if (symbol != -1 && other.symbol != -1 && symbol != other.symbol)
    return false;
  // No bytes alias nothing (a swizzled matrix's surely-read bytes may be
  // none, Findings.cpp provenRegion).
  if (begin >= end || other.begin >= other.end)
    return false;
  if (sameBase(other))
    return begin < other.end && other.begin < end;
  SharedRegion a = widened(), b = other.widened();
  return a.begin < b.end && b.begin < a.end;
}

std::string SharedRegion::str(const Module &module) const {
  std::string name =
      symbol < 0 ? std::string("any shared memory")
                 : "'" + module.sharedSymbols[symbol].name + "'";
  std::string range =
      end == INT64_MAX ? "[" + std::to_string(begin) + ", end)"
                       : "[" + std::to_string(begin) + ", " +
                             std::to_string(end) + ")";
  if (symbol >= 0 && anchor >= 0)
    return "shared symbol " + name + " bytes " + range + " past its " +
           std::to_string(anchorAlign) + "-byte aligned base (which lies at [" +
           std::to_string(anchorLo) + ", " + std::to_string(anchorHi) +
           "] of it)";
  return symbol < 0 ? name : "shared symbol " + name + " bytes " + range;
}
