//===- Provenance.cpp - where shared-memory addresses come from ----------===//
//
// A flow-insensitive fixpoint over a function's registers: `mov` of a
// .shared symbol starts an address; add/sub of integers move its offset
// range; cvta/cvt/mapa keep it; shifts, ands and ors of an address (as in
// wgmma/tcgen05 descriptors) keep the symbol and forget the offset; a
// register defined by anything else is unknown. Integers keep a range and
// the bits that may be set, so that Triton's swizzled offsets stay inside
// their buffer. Registers redefined many times are widened.
//
//===----------------------------------------------------------------------===//

#include "proxyfence/PTX/Analysis.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/MathExtras.h"

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

/// The address `base` moved by `offset` (an Int or Top).
AbstractValue moveAddress(AbstractValue base, const AbstractValue &offset,
                          bool subtract) {
  if (!base.offsetKnown || offset.kind != AbstractValue::Int) {
    base.offsetKnown = false;
    return base;
  }
  int64_t lo = subtract ? base.lo - offset.hi : base.lo + offset.lo;
  int64_t hi = subtract ? base.hi - offset.lo : base.hi + offset.hi;
  if (lo < -kLimit || hi > kLimit) {
    base.offsetKnown = false;
    return base;
  }
  base.lo = lo;
  base.hi = hi;
  return base;
}

/// An address through bit operations: the symbol stays, the offset goes.
AbstractValue symbolOnly(AbstractValue v) {
  v.offsetKnown = false;
  return v;
}

AbstractValue join(const AbstractValue &a, const AbstractValue &b) {
  using K = AbstractValue;
  if (a.kind == K::Bottom)
    return b;
  if (b.kind == K::Bottom)
    return a;
  if (a.kind == K::Top || b.kind == K::Top || a.kind != b.kind)
    return top();
  if (a.kind == K::Int)
    return integer(std::min(a.lo, b.lo), std::max(a.hi, b.hi),
                   a.mask | b.mask);
  AbstractValue v = a;
  v.remote = a.remote || b.remote;
  if (a.symbol != b.symbol)
    v.symbol = -1;
  v.offsetKnown = a.offsetKnown && b.offsetKnown;
  v.lo = std::min(a.lo, b.lo);
  v.hi = std::max(a.hi, b.hi);
  return v;
}

AbstractValue bitwise(StringRef op, const AbstractValue &a,
                      const AbstractValue &b) {
  using K = AbstractValue;
  if (a.kind == K::Address)
    return symbolOnly(a);
  if (b.kind == K::Address && op != "shl" && op != "shr")
    return symbolOnly(b);
  if (op == "and") {
    // Masking with a constant bounds the result even if the other side is
    // unknown.
    for (const AbstractValue *c : {&a, &b})
      if (isNonNegativeInt(*c) && c->lo == c->hi) {
        const AbstractValue &other = c == &a ? b : a;
        uint64_t mask = c->mask;
        if (isNonNegativeInt(other))
          mask &= other.mask;
        return integer(0, static_cast<int64_t>(mask), mask);
      }
  }
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

bool AbstractValue::operator==(const AbstractValue &o) const {
  return kind == o.kind && symbol == o.symbol && offsetKnown == o.offsetKnown &&
         lo == o.lo && hi == o.hi && mask == o.mask && remote == o.remote;
}

AbstractValue Provenance::evaluate(StringRef operand) const {
  operand = operand.trim();
  if (operand.empty())
    return top();
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
      next.offsetKnown = false;
    else
      next = top();
  }
  if (next == slot)
    return;
  slot = next;
  changedAt[reg] = ++changes;
  changed = true;
}

void Provenance::transfer(const Instruction &inst) {
  const std::vector<std::string> &ops = inst.operands;
  if (ops.empty() || !StringRef(ops[0]).starts_with("%") ||
      StringRef(ops[0]).contains('|')) {
    if (!ops.empty() && (StringRef(ops[0]).starts_with("{") ||
                         StringRef(ops[0]).contains('|')))
      for (StringRef reg : definedRegisters(ops[0]))
        assign(reg, top());
    return;
  }
  StringRef dst = ops[0];
  StringRef root = StringRef(inst.opcode).split('.').first;
  auto arg = [&](unsigned i) {
    return i < ops.size() ? evaluate(ops[i]) : top();
  };
  AbstractValue result;
  if (root == "mov" || root == "cvta" || root == "cvt" || root == "mapa") {
    result = arg(ops.size() - 1 >= 1 ? (root == "mapa" ? 1 : ops.size() - 1)
                                     : 1);
    if (root == "mapa" && result.kind == AbstractValue::Address)
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
  } else if (root == "selp" || root == "min" || root == "max") {
    result = join(arg(1), arg(2));
  } else if (root == "rem" && arg(2).kind == AbstractValue::Int &&
             arg(2).lo > 0 && arg(1).kind == AbstractValue::Int &&
             arg(1).lo >= 0) {
    result = integer(0, arg(2).hi - 1);
  } else if (root == "bfe" || root == "bfi" || root == "prmt" ||
             root == "not") {
    result = arg(1).kind == AbstractValue::Address ? symbolOnly(arg(1)) : top();
  } else {
    result = top();
  }
  assign(dst, result);
}

Provenance::Provenance(const Module &module, const Function &function)
    : module(module), function(function) {
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
    }
  }
  if (function.maxThreads[0] != 0)
    threadsX = std::min(function.maxThreads[0], 1024u);
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
      if (evaluated[index] &&
          llvm::none_of(inputs[index],
                        [&](const unsigned *at) { return *at > last; }))
        continue;
      evaluated[index] = true;
      evaluatedAt[index] = changes;
      transfer(inst);
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

constexpr int64_t kExactLimit = int64_t(1) << 40;
/// At most this many values are computed per function (1024 threads: 4096
/// registers).
constexpr uint64_t kThreadBudget = uint64_t(1) << 22;

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
  auto cached = threadCache.find(operand);
  if (cached != threadCache.end())
    return cached->second.get();
  std::unique_ptr<ThreadValues> result;
  if (operand == "%tid.x") {
    result = std::make_unique<ThreadValues>();
    for (unsigned t = 0; t != threadsX; ++t)
      result->values.push_back(t);
  } else if (operand.starts_with("%")) {
    // Marks the register in progress (a cycle is not exact).
    threadCache[operand] = nullptr;
    const ThreadValues *computed = computeThreadValues(operand, depth);
    (void)computed;
    return threadCache[operand].get();
  } else {
    AbstractValue v = evaluate(operand);
    bool constant = v.kind == AbstractValue::Int && v.lo == v.hi;
    bool address = v.kind == AbstractValue::Address && v.symbol >= 0 &&
                   v.offsetKnown && v.lo == v.hi && !v.remote;
    if (constant || address) {
      result = std::make_unique<ThreadValues>();
      result->symbol = address ? v.symbol : -1;
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

const Provenance::ThreadValues *
Provenance::computeThreadValues(StringRef reg, unsigned depth) const {
  auto def = definitionOf.find(reg);
  if (def == definitionOf.end() || def->second < 0)
    return nullptr;
  const Instruction &inst = function.instructions[def->second];
  const std::vector<std::string> &ops = inst.operands;
  if (inst.isPredicated() || ops.size() < 2 || StringRef(ops[0]) != reg)
    return nullptr;
  StringRef opcode = inst.opcode;
  llvm::SmallVector<StringRef, 4> parts;
  opcode.split(parts, '.');
  StringRef root = parts[0];
  StringRef type = parts.back();
  if (type.starts_with("f") || opcode.contains(".cc") ||
      opcode.contains(".sat") || opcode.contains(".hi"))
    return nullptr;
  bool isSigned = type.starts_with("s");
  auto arg = [&](unsigned i) -> const ThreadValues * {
    return i < ops.size() ? threadValues(ops[i], depth + 1) : nullptr;
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
    // (A narrowing conversion keeps the value only if it fits: the
    // destination type's width is checked below.)
  } else if ((root == "add" || root == "sub") && ops.size() == 3) {
    const ThreadValues *a = arg(1), *b = arg(2);
    if (!a || !b)
      return nullptr;
    if (root == "sub" && b->symbol >= 0)
      return nullptr;
    if (a->symbol >= 0 && b->symbol >= 0)
      return nullptr;
    out->symbol = a->symbol >= 0 ? a->symbol : b->symbol;
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
    if (c)
      out->symbol = c->symbol;
    for (unsigned t = 0; t != n; ++t) {
      if ((*a)[t] > kExactLimit / 2 || (*a)[t] < -kExactLimit / 2 ||
          (*b)[t] > (1 << 20) || (*b)[t] < -(1 << 20))
        return nullptr;
      values.push_back((*a)[t] * (*b)[t] + (c ? c->values[t] : 0));
    }
  } else if ((root == "shl" || root == "shr") && ops.size() == 3) {
    const std::vector<int64_t> *a = integers(1), *b = integers(2);
    if (!a || !b)
      return nullptr;
    for (unsigned t = 0; t != n; ++t) {
      int64_t amount = (*b)[t];
      if (amount < 0 || amount > 40 || ((*a)[t] < 0 && (root == "shl" || !isSigned)))
        return nullptr;
      values.push_back(root == "shl" ? (*a)[t] << amount : (*a)[t] >> amount);
    }
  } else if ((root == "and" || root == "or" || root == "xor") &&
             ops.size() == 3) {
    const std::vector<int64_t> *a = integers(1), *b = integers(2);
    if (!a || !b || !allNonNegative(*a) || !allNonNegative(*b))
      return nullptr;
    for (unsigned t = 0; t != n; ++t)
      values.push_back(root == "and"  ? ((*a)[t] & (*b)[t])
                       : root == "or" ? ((*a)[t] | (*b)[t])
                                      : ((*a)[t] ^ (*b)[t]));
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
    const ThreadValues *c = threadValues(condition, depth + 1);
    if (!a || !b || !c || c->symbol >= 0 || a->symbol != b->symbol)
      return nullptr;
    out->symbol = a->symbol;
    for (unsigned t = 0; t != n; ++t)
      values.push_back(((c->values[t] != 0) != negate) ? a->values[t]
                                                         : b->values[t]);
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
      int64_t x = (*a)[t], y = (*b)[t];
      bool r;
      if (cmp == "eq")
        r = x == y;
      else if (cmp == "ne")
        r = x != y;
      else if (cmp == "lt" || cmp == "lo")
        r = x < y;
      else if (cmp == "le" || cmp == "ls")
        r = x <= y;
      else if (cmp == "gt" || cmp == "hi")
        r = x > y;
      else if (cmp == "ge" || cmp == "hs")
        r = x >= y;
      else
        return nullptr;
      values.push_back(r ? 1 : 0);
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
  threadCache[reg] = std::move(out);
  return threadCache[reg].get();
}

AbstractValue Provenance::evaluateExact(StringRef operand) const {
  AbstractValue value = evaluate(operand);
  operand = operand.trim();
  if (!operand.starts_with("%") ||
      (value.kind != AbstractValue::Address && value.kind != AbstractValue::Int))
    return value;
  // Already exact (a constant offset): nothing to narrow.
  if (value.lo == value.hi &&
      (value.kind == AbstractValue::Int || value.offsetKnown))
    return value;
  const ThreadValues *exact = threadValues(operand, 0);
  if (!exact || exact->values.empty())
    return value;
  bool isAddress = value.kind == AbstractValue::Address;
  if (isAddress != (exact->symbol >= 0) ||
      (isAddress && (exact->symbol != value.symbol || value.remote)))
    return value;
  auto [lo, hi] = std::minmax_element(exact->values.begin(), exact->values.end());
  if (isAddress && !value.offsetKnown) {
    value.offsetKnown = true;
    value.lo = *lo;
    value.hi = *hi;
    return value;
  }
  value.lo = std::max(value.lo, *lo);
  value.hi = std::min(value.hi, *hi);
  if (value.lo > value.hi) // cannot happen when both are sound
    return evaluate(operand);
  return value;
}

bool SharedRegion::mayAlias(const SharedRegion &other) const {
  if (symbol != -1 && other.symbol != -1 && symbol != other.symbol)
    return false;
  return begin < other.end && other.begin < end;
}

std::string SharedRegion::str(const Module &module) const {
  std::string name =
      symbol < 0 ? std::string("any shared memory")
                 : "'" + module.sharedSymbols[symbol].name + "'";
  std::string range =
      end == INT64_MAX ? "[" + std::to_string(begin) + ", end)"
                       : "[" + std::to_string(begin) + ", " +
                             std::to_string(end) + ")";
  return symbol < 0 ? name : "shared symbol " + name + " bytes " + range;
}
