//===- Predicates.cpp - facts about thread-invariant predicates ----------===//
//
// Branch correlation for the PTX hazard analyses. Kernels guard the issue
// of a TMA store, its commit_group and its wait_group.read by separate
// branches on the same issuer predicate (`warp == 0 && elect`, `tid == 0`):
// the path that issues the store and skips the wait does not exist. A value
// is *stable* when every evaluation in a thread gives the same result.
//
// A forward value numbering (ValueNumbering, below) gives the registers
// that guards and branches read, at each point, an interned expression:
// leaves are immediates, stable special registers (%tid, %ctaid, %laneid,
// ...), kernel parameters, symbols, and two results the PTX ISA makes
// stable: elect.sync of a fixed member mask ("the same leader thread is
// elected for the same membermask every time", PTX ISA elect.sync) and a
// shfl.sync.idx of stable values from a stable lane. Pure instructions of
// stable values are stable; so two registers computed alike, in one block
// or in every iteration of a loop, are one value, and `setp.ne` is the
// negation of `setp.eq` on the same integer operands. A guarded write is
// `guard ? new : old`; at a join, two values that a stable fact tells
// apart (true on every edge bringing one, false on every edge bringing the
// other) become `fact ? one : other`. CUTLASS's issuer predicate, 0 outside
// warp 0 and elect.sync's pick in it, set on two paths and recomputed in
// every tile, is thus one stable value. Anything else (a load, a loop
// counter) is Unknown.
//
// A forward must-analysis then gives, for each block, the facts about
// stable values that hold on every path into it (from the branches taken,
// through not/and/or), and the facts each edge adds. Facts about stable
// values are never killed. Values and facts depend on each other (the join
// rule uses facts): the two are computed in a few rounds, each from the
// last round's facts.
//
// Unstable predicates (a query result, a loaded flag) are correlated over
// two consecutive branches only: findInfeasiblePaths() evaluates the
// second branch's predicate on the path from the first, by walking the
// reaching definitions in the two blocks (selp, setp, mov, not.pred of
// values that path fixes), and records the paths `pred -> block -> succ`
// no thread can take. The hazard dataflows keep the states of a
// correlated block's incoming edges apart (Hazards.cpp, solveForward).
//
//===----------------------------------------------------------------------===//

#include "proxyfence/PTX/Analysis.h"

#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringMap.h"

#include <algorithm>

using namespace proxyfence::ptx;
using llvm::StringRef;

void proxyfence::ptx::registerNamesIn(StringRef text,
                                      llvm::SmallVectorImpl<StringRef> &out,
                                      bool bareNames) {
  static constexpr const char *kStarts =
      "%$_abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
  while (true) {
    size_t at = bareNames ? text.find_first_of(kStarts) : text.find('%');
    if (at == StringRef::npos)
      return;
    text = text.drop_front(at);
    size_t end = 1;
    while (end < text.size() &&
           (std::isalnum(static_cast<unsigned char>(text[end])) ||
            text[end] == '_' || text[end] == '.' || text[end] == '$'))
      ++end;
    out.push_back(text.take_front(end));
    text = text.drop_front(end);
  }
}

bool proxyfence::ptx::readsRegister(const Instruction &inst, StringRef reg) {
  llvm::SmallVector<StringRef, 8> names;
  for (auto [i, operand] : llvm::enumerate(inst.operands))
    if (i != 0 || StringRef(operand).starts_with("["))
      registerNamesIn(operand, names);
  if (inst.isPredicated())
    names.push_back(inst.predicate);
  return llvm::is_contained(names, reg);
}

std::optional<int64_t> proxyfence::ptx::immediateOperand(StringRef operand) {
  int64_t value;
  if (!operand.trim().getAsInteger(10, value))
    return value;
  return std::nullopt;
}

namespace {

/// Opcodes whose first operand is read, not written, although it is a
/// register: barrier ids, nanosleep's duration, ...
bool firstOperandIsSource(StringRef opcode) {
  if (opcode.starts_with("bar.red") || opcode.starts_with("barrier.red"))
    return false;
  return opcode.starts_with("bar.") || opcode.starts_with("barrier.") ||
         opcode.starts_with("bra") || opcode.starts_with("brx") ||
         opcode.starts_with("nanosleep") || opcode.starts_with("st.") ||
         opcode.starts_with("red.") || opcode.starts_with("prefetch") ||
         opcode.starts_with("ret") || opcode.starts_with("exit") ||
         opcode.starts_with("pmevent") || opcode.starts_with("trap");
}

/// Every `%name` in an operand's text.
void registersIn(StringRef text, llvm::SmallVectorImpl<StringRef> &out) {
  registerNamesIn(text, out, /*bareNames=*/false);
}

/// Special registers that keep their value for a thread's lifetime.
bool isStableSpecial(StringRef reg) {
  static const char *const kStable[] = {
      "%tid",       "%ntid",         "%ctaid",    "%nctaid",
      "%laneid",    "%lanemask",     "%cluster_", "%nclusterid",
      "%clusterid", "%is_explicit_cluster", "%dynamic_smem_size",
      "%total_smem_size", "%aggr_smem_size", "%envreg"};
  return llvm::any_of(kStable,
                      [&](const char *prefix) { return reg.starts_with(prefix); });
}

/// Whether an instruction computes its destination from its operands
/// alone (so equal operands give equal results in one thread).
bool isPure(StringRef opcode) {
  if (opcode.starts_with("ld.param") || opcode.starts_with("ld.const"))
    return true;
  static const char *const kImpure[] = {
      "ld",  "atom", "red",   "elect", "vote", "shfl",  "match",
      "activemask", "mbarrier", "tcgen05", "wgmma", "bar", "barrier",
      "redux", "call", "clusterlaunchcontrol", "suld", "tex", "tld4",
      "cp.", "getctarank", "mapa", "griddepcontrol", "applypriority",
      "discard", "createpolicy", "isspacep", "ldu", "ldmatrix"};
  return llvm::none_of(kImpure, [&](const char *prefix) {
    return opcode.starts_with(prefix);
  });
}

} // namespace

void proxyfence::ptx::getDefinedRegisters(
    const Instruction &inst, llvm::SmallVectorImpl<StringRef> &out) {
  StringRef opcode = inst.opcode;
  if (inst.operands.empty() || firstOperandIsSource(opcode))
    return;
  if (opcode.starts_with("call")) {
    // `call (%r1, %r2), f, (...)`: the return registers.
    StringRef first = inst.operands.front();
    if (first.starts_with("("))
      registersIn(first, out);
    return;
  }
  StringRef first = inst.operands.front();
  if (first.starts_with("[") || !(first.starts_with("%") ||
                                  first.starts_with("{")))
    return;
  registersIn(first, out);
}

// PredicateFacts::PredicateFacts: below, after the value numbering.

namespace {

/// An integer literal operand (decimal or 0x hex, optionally negative).
std::optional<int64_t> parseInteger(StringRef text) {
  text = text.trim();
  bool negative = text.consume_front("-");
  int64_t value = 0;
  if (text.empty() || !std::isdigit(static_cast<unsigned char>(text[0])))
    return std::nullopt;
  if (text.starts_with("0x") || text.starts_with("0X")) {
    if (text.drop_front(2).getAsInteger(16, value))
      return std::nullopt;
  } else if (text.getAsInteger(10, value)) {
    return std::nullopt;
  }
  return negative ? -value : value;
}

/// The registers an instruction writes, including the bare names inline
/// asm declares (`.reg .pred P1;`).
void writtenNames(const Instruction &inst,
                  llvm::SmallVectorImpl<StringRef> &out) {
  StringRef opcode = inst.opcode;
  if (inst.operands.empty() || firstOperandIsSource(opcode))
    return;
  StringRef first = inst.operands.front();
  if (opcode.starts_with("call")) {
    if (first.starts_with("("))
      registerNamesIn(first, out, /*bareNames=*/true);
    return;
  }
  if (first.starts_with("["))
    return;
  // The common case, one `%name`, without a scan.
  if (first.size() > 1 && first[0] == '%' &&
      llvm::all_of(first.drop_front(), [](char c) {
        return std::isalnum(static_cast<unsigned char>(c)) || c == '_' ||
               c == '.' || c == '$';
      })) {
    out.push_back(first);
    return;
  }
  registerNamesIn(first, out, /*bareNames=*/true);
}

/// The values a path from block `first` (leaving it by the edge that
/// makes `assumed` equal `assumedValue` at its end) into block `second`
/// gives registers of the two blocks.
struct PathEvaluator {
  const Function &function;
  const CFG &cfg;
  unsigned first, second;
  StringRef assumed;
  bool assumedValue;

  /// Whether instruction `index` writes `reg`: a `%` register or one an
  /// inline asm block declared with a bare name (`.reg .pred SUCCESS`).
  bool defines(unsigned index, StringRef reg) const {
    llvm::SmallVector<StringRef, 4> names;
    writtenNames(function.instructions[index], names);
    return llvm::is_contained(names, reg);
  }

  /// Whether some instruction of the path in [from, end of `first`) or in
  /// `second` before `to` defines `reg` (`from` in `first`, `to` in
  /// `second`; either may be the block's end).
  bool definedBetween(StringRef reg, unsigned from, unsigned to) const {
    for (unsigned i = from; i < cfg.blocks[first].end; ++i)
      if (defines(i, reg))
        return true;
    for (unsigned i = cfg.blocks[second].begin; i < to; ++i)
      if (defines(i, reg))
        return true;
    return false;
  }

  /// The value of `operand` just before instruction `at` (in `first` or
  /// `second`) on the path; nullopt when the path does not fix it.
  std::optional<int64_t> valueBefore(StringRef operand, unsigned at,
                                     unsigned depth) const {
    operand = operand.trim();
    if (depth > 12)
      return std::nullopt;
    bool negate = operand.consume_front("!");
    if (operand.empty())
      return std::nullopt;
    if (std::isdigit(static_cast<unsigned char>(operand[0])) ||
        operand[0] == '-') {
      std::optional<int64_t> value = parseInteger(operand);
      if (negate || !value)
        return std::nullopt;
      return value;
    }
    // A register: `%name`, or a bare name an inline asm block declared.
    if (operand[0] != '%' && operand[0] != '_' && operand[0] != '$' &&
        !std::isalpha(static_cast<unsigned char>(operand[0])))
      return std::nullopt;
    auto result = [&](std::optional<int64_t> v) -> std::optional<int64_t> {
      if (!v || !negate)
        return v;
      return *v == 0 ? 1 : 0;
    };
    bool inSecond = cfg.blockOf[at] == second && at >= cfg.blocks[second].begin;
    // The assumption: `assumed` at the end of `first`, not redefined since.
    if (operand == assumed) {
      unsigned from = inSecond ? cfg.blocks[first].end : at;
      unsigned to = inSecond ? at : cfg.blocks[second].begin;
      if (!definedBetween(operand, from, to))
        return result(assumedValue ? 1 : 0);
    }
    // The reaching definition: backwards in `second` (when there), then in
    // `first`.
    if (inSecond) {
      for (unsigned i = at; i-- > cfg.blocks[second].begin;)
        if (defines(i, operand))
          return result(evaluate(i, depth));
      at = cfg.blocks[first].end;
    }
    for (unsigned i = at; i-- > cfg.blocks[first].begin;)
      if (defines(i, operand))
        return result(evaluate(i, depth));
    return std::nullopt;
  }

  /// The value instruction `index` gives its one destination register.
  std::optional<int64_t> evaluate(unsigned index, unsigned depth) const {
    const Instruction &inst = function.instructions[index];
    if (inst.isPredicated() || inst.operands.size() < 2)
      return std::nullopt;
    StringRef dest = inst.operands.front();
    if (dest.contains('|') || dest.starts_with("{") || dest.contains(','))
      return std::nullopt;
    StringRef opcode = inst.opcode;
    llvm::SmallVector<StringRef, 4> parts;
    opcode.split(parts, '.');
    if (parts[0] == "mov" && inst.operands.size() == 2)
      return valueBefore(inst.operands[1], index, depth + 1);
    if (opcode == "not.pred" && inst.operands.size() == 2) {
      std::optional<int64_t> v = valueBefore(inst.operands[1], index, depth + 1);
      if (!v)
        return std::nullopt;
      return *v == 0 ? 1 : 0;
    }
    if (parts[0] == "selp" && inst.operands.size() == 4) {
      std::optional<int64_t> c = valueBefore(inst.operands[3], index, depth + 1);
      if (!c)
        return std::nullopt;
      return valueBefore(inst.operands[*c ? 1 : 2], index, depth + 1);
    }
    // setp.cmp.type p, a, b (integer types; no combining .and/.or/.xor, no
    // second destination).
    if (parts[0] == "setp" && parts.size() == 3 && inst.operands.size() == 3 &&
        !parts[2].starts_with("f")) {
      std::optional<int64_t> a = valueBefore(inst.operands[1], index, depth + 1);
      std::optional<int64_t> b = valueBefore(inst.operands[2], index, depth + 1);
      if (!a || !b)
        return std::nullopt;
      unsigned bits = 64;
      if (parts[2].size() > 1)
        parts[2].drop_front().getAsInteger(10, bits);
      if (bits == 0 || bits > 64)
        return std::nullopt;
      bool isSigned = parts[2].starts_with("s");
      auto toUnsigned = [&](int64_t v) {
        return bits == 64 ? static_cast<uint64_t>(v)
                          : static_cast<uint64_t>(v) & ((uint64_t(1) << bits) - 1);
      };
      auto toSigned = [&](int64_t v) {
        if (bits == 64)
          return v;
        uint64_t u = toUnsigned(v);
        uint64_t sign = uint64_t(1) << (bits - 1);
        return static_cast<int64_t>((u ^ sign) - sign);
      };
      uint64_t ua = toUnsigned(*a), ub = toUnsigned(*b);
      int64_t sa = toSigned(*a), sb = toSigned(*b);
      StringRef cmp = parts[1];
      std::optional<bool> r;
      if (cmp == "eq")
        r = ua == ub;
      else if (cmp == "ne")
        r = ua != ub;
      else if (isSigned && cmp == "lt")
        r = sa < sb;
      else if (isSigned && cmp == "le")
        r = sa <= sb;
      else if (isSigned && cmp == "gt")
        r = sa > sb;
      else if (isSigned && cmp == "ge")
        r = sa >= sb;
      else if (cmp == "lo" || (!isSigned && cmp == "lt"))
        r = ua < ub;
      else if (cmp == "ls" || (!isSigned && cmp == "le"))
        r = ua <= ub;
      else if (cmp == "hi" || (!isSigned && cmp == "gt"))
        r = ua > ub;
      else if (cmp == "hs" || (!isSigned && cmp == "ge"))
        r = ua >= ub;
      if (!r)
        return std::nullopt;
      return *r ? 1 : 0;
    }
    return std::nullopt;
  }
};

/// The conditional branch that ends `block` (two distinct successors), or
/// null.
const Instruction *conditionalBranch(const Function &function, const CFG &cfg,
                                     unsigned block) {
  const BasicBlock &bb = cfg.blocks[block];
  if (bb.end == bb.begin || bb.successors.size() != 2 ||
      bb.successors[0] == bb.successors[1] ||
      !llvm::is_contained(bb.successors, block + 1))
    return nullptr;
  const Instruction &last = function.instructions[bb.end - 1];
  if (!last.isPredicated() || !StringRef(last.opcode).starts_with("bra"))
    return nullptr;
  return &last;
}

} // namespace

void PredicateFacts::findInfeasiblePaths(const CFG &cfg) {
  unsigned blocks = cfg.blocks.size();
  correlatedBlocks.assign(blocks, false);
  for (unsigned block = 0; block != blocks; ++block) {
    const Instruction *branch = conditionalBranch(function, cfg, block);
    if (!branch)
      continue;
    for (unsigned pred : cfg.blocks[block].predecessors) {
      const Instruction *first = pred == block ? nullptr
                                               : conditionalBranch(function, cfg, pred);
      if (!first)
        continue;
      // The value of the first branch's predicate on its edge into `block`
      // (the taken edge goes to the successor that is not the next block).
      bool taken = block != pred + 1;
      PathEvaluator path{function, cfg, pred, block, first->predicate,
                         taken != first->negated};
      std::optional<int64_t> value =
          path.valueBefore(branch->predicate, cfg.blocks[block].end - 1, 0);
      if (!value)
        continue;
      bool secondTaken = (*value != 0) != branch->negated;
      unsigned fallThrough = block + 1;
      for (unsigned succ : cfg.blocks[block].successors)
        if ((succ != fallThrough) != secondTaken) {
          infeasible.insert({pred, block, succ});
          correlatedBlocks[block] = true;
        }
    }
  }
}

bool PredicateFacts::infeasiblePath(unsigned pred, unsigned block,
                                    unsigned succ) const {
  return infeasible.count({pred, block, succ}) != 0;
}

void PredicateFacts::unite(FactSet &into, const FactSet &from) {
  FactSet merged;
  std::set_union(into.begin(), into.end(), from.begin(), from.end(),
                 std::back_inserter(merged));
  into = std::move(merged);
}


namespace proxyfence::ptx {

/// The forward value numbering behind PredicateFacts (see its comment):
/// the registers that guards and branches read, and those their
/// definitions read, get at each block entry the node of their value.
/// Node 0 is Unknown: a value that may differ between evaluations (a load,
/// a loop counter, paths no stable fact tells apart).
class ValueNumbering {
public:
  using Node = PredicateFacts::Node;
  static constexpr unsigned kUnknown = 0;

  ValueNumbering(PredicateFacts &facts, const CFG &cfg)
      : facts(facts), function(facts.function), cfg(cfg) {
    facts.nodes.push_back({Node::Unknown, false, {}});
    track();
  }

  /// One round over the CFG with the facts the last round gave; fills
  /// PredicateFacts::guardValue. True when a guard's value changed.
  bool run();

private:
  bool stable(unsigned node) const { return facts.nodes[node].stable; }
  unsigned intern(Node::Kind kind, bool isStable,
                  llvm::ArrayRef<unsigned> children, StringRef text);
  unsigned leaf(StringRef text) { return intern(Node::Leaf, true, {}, text); }
  unsigned negation(unsigned x);
  unsigned select(unsigned c, unsigned a, unsigned b);
  unsigned nameValue(StringRef name, const std::vector<unsigned> &state);
  unsigned operandValue(StringRef text, const std::vector<unsigned> &state);
  unsigned evaluate(unsigned index, StringRef dest,
                    const std::vector<unsigned> &state);
  void step(unsigned index, std::vector<unsigned> &state);
  void track();
  std::vector<unsigned> join(unsigned b);

  PredicateFacts &facts;
  const Function &function;
  const CFG &cfg;
  llvm::StringMap<unsigned> interned;
  /// Register name -> index in a state.
  llvm::StringMap<unsigned> tracked;
  /// Per instruction, the tracked registers it writes.
  std::vector<llvm::SmallVector<StringRef, 2>> writes;
  std::vector<std::vector<unsigned>> in, out;
  std::vector<bool> visited;
};

} // namespace proxyfence::ptx


unsigned ValueNumbering::intern(Node::Kind kind, bool isStable,
                                llvm::ArrayRef<unsigned> children,
                                StringRef text) {
  std::string key = std::to_string(kind) + "|" + text.str();
  for (unsigned c : children)
    key += "|" + std::to_string(c);
  auto [it, inserted] = interned.try_emplace(key, facts.nodes.size());
  if (inserted)
    facts.nodes.push_back(
        {kind, isStable, llvm::SmallVector<unsigned, 3>(children)});
  return it->second;
}

unsigned ValueNumbering::negation(unsigned x) {
  if (x == kUnknown)
    return kUnknown;
  if (facts.nodes[x].kind == Node::Not)
    return facts.nodes[x].children[0];
  return intern(Node::Not, stable(x), {x}, "");
}

unsigned ValueNumbering::select(unsigned c, unsigned a, unsigned b) {
  if (a == b && stable(a))
    return a;
  if (!stable(c) || !stable(a) || !stable(b))
    return kUnknown;
  if (facts.nodes[c].kind == Node::Not)
    return select(facts.nodes[c].children[0], b, a);
  return intern(Node::Ite, true, {c, a, b}, "");
}

unsigned ValueNumbering::nameValue(StringRef name,
                                   const std::vector<unsigned> &state) {
  auto it = tracked.find(name);
  if (it != tracked.end())
    return state[it->second];
  if (isStableSpecial(name))
    return leaf("sreg:" + name.str());
  if (name.starts_with("%"))
    return kUnknown;
  // A name nothing writes: a symbol, whose address is a constant.
  return leaf("sym:" + name.str());
}

unsigned ValueNumbering::operandValue(StringRef text,
                                      const std::vector<unsigned> &state) {
  text = text.trim();
  bool negate = text.consume_front("!");
  unsigned value = kUnknown;
  if (text.empty() || text.starts_with("{")) {
    value = kUnknown;
  } else if (std::optional<int64_t> integer = parseInteger(text)) {
    value = leaf("imm:" + std::to_string(*integer));
  } else if (text.size() > 2 && text[0] == '0' &&
             (text[1] == 'f' || text[1] == 'F' || text[1] == 'd' ||
              text[1] == 'D')) {
    value = leaf("imm:" + text.str());
  } else if (text.starts_with("[")) {
    // An address: its text with the value of every name in it.
    llvm::SmallVector<StringRef, 4> names;
    registerNamesIn(text, names, /*bareNames=*/true);
    llvm::SmallVector<unsigned, 4> values;
    for (StringRef name : names) {
      values.push_back(nameValue(name, state));
      if (!stable(values.back()))
        return kUnknown;
    }
    value = intern(Node::Op, true, values, "addr:" + text.str());
  } else {
    value = nameValue(text, state);
  }
  return negate ? negation(value) : value;
}

unsigned ValueNumbering::evaluate(unsigned index, StringRef dest,
                                  const std::vector<unsigned> &state) {
  const Instruction &inst = function.instructions[index];
  StringRef opcode = inst.opcode;
  const std::vector<std::string> &ops = inst.operands;
  llvm::SmallVector<StringRef, 4> parts;
  opcode.split(parts, '.');
  StringRef first = ops.front();
  auto value = [&](unsigned o) { return operandValue(ops[o], state); };
  auto allStable = [&](llvm::SmallVectorImpl<unsigned> &values) {
    for (unsigned o = 1; o != ops.size(); ++o) {
      values.push_back(value(o));
      if (!stable(values.back()))
        return false;
    }
    return true;
  };
  // elect.sync elects the same leader for the same member mask every
  // time (PTX ISA, elect.sync): its lane and predicate are stable.
  if (parts[0] == "elect" && first.contains('|') && ops.size() == 2) {
    unsigned mask = value(1);
    if (!stable(mask))
      return kUnknown;
    bool isLane = dest == first.split('|').first.trim();
    return intern(Node::Op, true, {mask}, isLane ? "elect.lane" : "elect.pred");
  }
  // A shfl.sync.idx of stable values from a stable lane reads one fixed
  // lane's stable value (CUTLASS's warp index broadcast from lane 0).
  if (opcode.starts_with("shfl.sync.idx")) {
    llvm::SmallVector<unsigned, 4> values;
    if (!allStable(values))
      return kUnknown;
    bool isPred = first.contains('|') && dest == first.split('|').second.trim();
    return intern(Node::Op, true, values,
                  opcode.str() + (isPred ? ".pred" : ""));
  }
  if (first.contains('|') || first.starts_with("{") || ops.size() < 2)
    return kUnknown;
  if (parts[0] == "mov" && ops.size() == 2)
    return value(1);
  if (opcode == "not.pred" && ops.size() == 2)
    return negation(value(1));
  if ((opcode == "and.pred" || opcode == "or.pred") && ops.size() == 3) {
    unsigned a = value(1), b = value(2);
    if (a == kUnknown && b == kUnknown)
      return kUnknown;
    // Kept with an unknown operand: `p = q || unknown` false still says
    // q is false.
    return intern(opcode == "and.pred" ? Node::And : Node::Or,
                  stable(a) && stable(b), {std::min(a, b), std::max(a, b)},
                  "");
  }
  if (parts[0] == "selp" && ops.size() == 4)
    return select(value(3), value(1), value(2));
  if (parts[0] == "setp") {
    if (parts.size() != 3 || ops.size() != 3)
      return kUnknown;
    unsigned a = value(1), b = value(2);
    if (!stable(a) || !stable(b))
      return kUnknown;
    // Integer comparisons that negate one another are one predicate.
    if (!parts[2].starts_with("f")) {
      static const std::pair<const char *, const char *> kNegations[] = {
          {"ne", "eq"}, {"ge", "lt"}, {"le", "gt"}, {"hs", "lo"},
          {"ls", "hi"}};
      for (auto [from, to] : kNegations)
        if (parts[1] == from)
          return negation(intern(Node::Op, true, {a, b},
                                 "setp." + std::string(to) + "." + parts[2].str()));
    }
    return intern(Node::Op, true, {a, b}, opcode);
  }
  if (!isPure(opcode))
    return kUnknown;
  llvm::SmallVector<unsigned, 4> values;
  if (!allStable(values))
    return kUnknown;
  return intern(Node::Op, true, values, opcode);
}

void ValueNumbering::step(unsigned index, std::vector<unsigned> &state) {
  if (writes[index].empty())
    return;
  const Instruction &inst = function.instructions[index];
  unsigned guard = kUnknown;
  if (inst.isPredicated()) {
    guard = nameValue(inst.predicate, state);
    if (inst.negated)
      guard = negation(guard);
  }
  llvm::SmallVector<std::pair<unsigned, unsigned>, 2> results;
  for (StringRef dest : writes[index]) {
    unsigned slot = tracked.find(dest)->second;
    unsigned result = evaluate(index, dest, state);
    // A guarded write: the new value where the guard holds, else the old.
    if (inst.isPredicated())
      result = select(guard, result, state[slot]);
    results.push_back({slot, result});
  }
  for (auto [slot, result] : results)
    state[slot] = result;
}

void ValueNumbering::track() {
  unsigned count = function.instructions.size();
  writes.assign(count, {});
  llvm::StringMap<llvm::SmallVector<unsigned, 2>> definitions;
  for (unsigned i = 0; i != count; ++i) {
    writtenNames(function.instructions[i], writes[i]);
    for (StringRef name : writes[i])
      definitions[name].push_back(i);
  }
  // Instructions whose results may be stable (the others give Unknown).
  auto candidate = [](StringRef opcode) {
    return opcode == "and.pred" || opcode == "or.pred" ||
           opcode == "not.pred" || opcode.starts_with("elect") ||
           opcode.starts_with("shfl.sync.idx") || opcode.starts_with("mov") ||
           opcode.starts_with("selp") || opcode.starts_with("setp") ||
           isPure(opcode);
  };
  // The registers a definition reads (its guard first), once each.
  llvm::DenseMap<unsigned, llvm::SmallVector<StringRef, 4>> sources;
  auto sourcesOf = [&](unsigned d) -> llvm::ArrayRef<StringRef> {
    auto [it, fresh] = sources.try_emplace(d);
    if (fresh) {
      const Instruction &inst = function.instructions[d];
      if (inst.isPredicated())
        it->second.push_back(inst.predicate);
      for (unsigned o = 1; o < inst.operands.size(); ++o)
        registerNamesIn(inst.operands[o], it->second, /*bareNames=*/true);
    }
    return it->second;
  };
  // The guards and branch predicates, then what their candidate
  // definitions read.
  std::vector<StringRef> worklist;
  auto add = [&](StringRef name) {
    if (definitions.count(name) &&
        tracked.try_emplace(name, tracked.size()).second)
      worklist.push_back(name);
  };
  for (const Instruction &inst : function.instructions)
    if (inst.isPredicated())
      add(inst.predicate);
  while (!worklist.empty()) {
    StringRef name = worklist.back();
    worklist.pop_back();
    for (unsigned d : definitions[name])
      if (candidate(function.instructions[d].opcode))
        for (StringRef used : sourcesOf(d))
          add(used);
  }
  // Only registers that may hold a stable value are worth a place in the
  // state (an untracked register reads as Unknown): drop, to a fixpoint,
  // those with a definition that can only give Unknown (a load, an atomic,
  // an instruction of a dropped register).
  auto known = [&](StringRef name) {
    return tracked.count(name) || !definitions.count(name);
  };
  bool dropped = true;
  while (dropped) {
    dropped = false;
    for (auto it = tracked.begin(); it != tracked.end();) {
      StringRef name = it->first();
      bool keep = true;
      for (unsigned d : definitions[name]) {
        const Instruction &inst = function.instructions[d];
        StringRef opcode = inst.opcode;
        llvm::ArrayRef<StringRef> names = sourcesOf(d);
        if (!candidate(opcode)) {
          keep = false;
        } else if (opcode == "and.pred" || opcode == "or.pred") {
          // Kept for what it says of a stable operand.
          if (inst.isPredicated()) {
            keep = known(inst.predicate);
            names = names.drop_front();
          }
          keep = keep && llvm::any_of(names, known);
        } else {
          keep = llvm::all_of(names, known);
        }
        if (!keep)
          break;
      }
      auto current = it++;
      if (!keep) {
        tracked.erase(current);
        dropped = true;
      }
    }
  }
  unsigned next = 0;
  for (auto &entry : tracked)
    entry.second = next++;
  for (auto &names : writes)
    llvm::erase_if(names, [&](StringRef name) { return !tracked.count(name); });
}

std::vector<unsigned> ValueNumbering::join(unsigned b) {
  unsigned width = tracked.size();
  llvm::SmallVector<unsigned, 4> preds;
  for (unsigned p : cfg.blocks[b].predecessors)
    if (visited[p])
      preds.push_back(p);
  // The entry block is also entered from the kernel's start, where
  // nothing is known.
  if (b == 0 || preds.empty())
    return std::vector<unsigned>(width, kUnknown);
  std::vector<unsigned> state = out[preds.front()];
  if (preds.size() == 1 ||
      llvm::all_of(llvm::drop_begin(preds),
                   [&](unsigned p) { return out[p] == state; }))
    return state;
  // The facts on each incoming edge (those of the last round).
  std::vector<PredicateFacts::FactSet> edgeFacts;
  auto factsOf = [&](unsigned k) -> const PredicateFacts::FactSet & {
    if (edgeFacts.empty()) {
      for (unsigned p : preds) {
        PredicateFacts::FactSet f = facts.blockFacts[p];
        PredicateFacts::unite(f, facts.edgeFacts(p, b));
        edgeFacts.push_back(std::move(f));
      }
    }
    return edgeFacts[k];
  };
  for (unsigned r = 0; r != width; ++r) {
    unsigned a = state[r];
    std::optional<unsigned> other;
    bool many = false;
    for (unsigned k = 1; k != preds.size() && !many; ++k) {
      unsigned v = out[preds[k]][r];
      if (v == a || (other && v == *other))
        continue;
      if (other)
        many = true;
      other = v;
    }
    if (!other)
      continue;
    state[r] = kUnknown;
    if (many || !stable(a) || !stable(*other))
      continue;
    // Two values: a stable fact true on every edge that brings one and
    // false on every edge that brings the other picks between them.
    PredicateFacts::FactSet common;
    bool first = true;
    for (unsigned k = 0; k != preds.size(); ++k) {
      if (out[preds[k]][r] != a)
        continue;
      const PredicateFacts::FactSet &f = factsOf(k);
      if (first) {
        common = f;
        first = false;
        continue;
      }
      PredicateFacts::FactSet both;
      std::set_intersection(common.begin(), common.end(), f.begin(), f.end(),
                            std::back_inserter(both));
      common = std::move(both);
    }
    for (uint32_t code : common) {
      bool apart = true;
      for (unsigned k = 0; k != preds.size() && apart; ++k)
        if (out[preds[k]][r] != a &&
            !std::binary_search(factsOf(k).begin(), factsOf(k).end(),
                                code ^ 1u))
          apart = false;
      if (!apart)
        continue;
      unsigned node = code >> 1;
      state[r] = (code & 1) ? select(node, a, *other) : select(node, *other, a);
      break;
    }
  }
  return state;
}

bool ValueNumbering::run() {
  unsigned blocks = cfg.blocks.size();
  unsigned width = tracked.size();
  in.assign(blocks, {});
  out.assign(blocks, {});
  visited.assign(blocks, false);
  std::vector<unsigned> changes(blocks, 0);
  // Sweeps in block order over the blocks whose predecessors changed,
  // until none did; a block whose entry changed more than a few times
  // keeps Unknown for what still changes.
  constexpr unsigned kChanges = 6;
  llvm::BitVector dirty(blocks);
  dirty.set(0);
  while (dirty.any()) {
    for (int next = dirty.find_first(); next >= 0;
         next = dirty.find_next(next)) {
      unsigned b = next;
      dirty.reset(b);
      std::vector<unsigned> state = join(b);
      if (visited[b]) {
        if (state == in[b])
          continue;
        if (++changes[b] > kChanges)
          for (unsigned r = 0; r != width; ++r)
            if (state[r] != in[b][r])
              state[r] = kUnknown;
        if (state == in[b])
          continue;
      }
      bool first = !visited[b];
      visited[b] = true;
      in[b] = state;
      for (unsigned i = cfg.blocks[b].begin; i != cfg.blocks[b].end; ++i)
        step(i, state);
      if (!first && state == out[b])
        continue;
      out[b] = std::move(state);
      for (unsigned s : cfg.blocks[b].successors)
        dirty.set(s);
    }
  }
  // The value of each guard.
  bool guardsChanged = false;
  facts.guardValue.resize(function.instructions.size(), kUnknown);
  for (unsigned b = 0; b != blocks; ++b) {
    std::vector<unsigned> state =
        visited[b] ? in[b] : std::vector<unsigned>(width, kUnknown);
    for (unsigned i = cfg.blocks[b].begin; i != cfg.blocks[b].end; ++i) {
      const Instruction &inst = function.instructions[i];
      if (inst.isPredicated()) {
        unsigned guard = nameValue(inst.predicate, state);
        guardsChanged |= guard != facts.guardValue[i];
        facts.guardValue[i] = guard;
      }
      step(i, state);
    }
  }
  return guardsChanged;
}

PredicateFacts::PredicateFacts(const Function &function, const CFG &cfg)
    : function(function) {
  unsigned blocks = cfg.blocks.size();
  blockFacts.assign(blocks, {});
  edges.assign(blocks, {});
  if (blocks == 0)
    return;
  // Values and facts depend on each other (a join tells two values apart
  // by a fact): a few rounds, each from the facts of the last.
  ValueNumbering values(*this, cfg);
  constexpr unsigned kRounds = 4;
  for (unsigned round = 0; round != kRounds; ++round) {
    if (!values.run() && round != 0)
      break;
    computeBlockFacts(cfg);
  }
  findInfeasiblePaths(cfg);
}

void PredicateFacts::computeBlockFacts(const CFG &cfg) {
  // Must-analysis, optimistic start (unvisited = every fact).
  unsigned blocks = cfg.blocks.size();
  std::vector<bool> visited(blocks, false);
  blockFacts.assign(blocks, {});
  edges.assign(blocks, {});
  for (unsigned b = 0; b != blocks; ++b)
    for (unsigned s : cfg.blocks[b].successors)
      edges[b].push_back({s, computeEdgeFacts(cfg, b, s)});
  std::vector<unsigned> worklist = {0};
  visited[0] = true;
  std::vector<bool> queued(blocks, false);
  queued[0] = true;
  while (!worklist.empty()) {
    unsigned b = worklist.back();
    worklist.pop_back();
    queued[b] = false;
    for (const auto &[s, facts] : edges[b]) {
      FactSet incoming = blockFacts[b];
      unite(incoming, facts);
      FactSet next;
      if (!visited[s]) {
        next = incoming;
      } else {
        std::set_intersection(blockFacts[s].begin(), blockFacts[s].end(),
                              incoming.begin(), incoming.end(),
                              std::back_inserter(next));
        if (next == blockFacts[s])
          continue;
      }
      visited[s] = true;
      blockFacts[s] = std::move(next);
      if (!queued[s]) {
        queued[s] = true;
        worklist.push_back(s);
      }
    }
  }
  // The entry block has no facts; a block entered from the entry keeps
  // only what every edge into it gives (computed above). Unreached blocks
  // keep none.
  for (unsigned b = 0; b != blocks; ++b)
    if (!visited[b])
      blockFacts[b].clear();
}

std::optional<uint32_t> PredicateFacts::factCode(unsigned node,
                                                 bool value) const {
  while (nodes[node].kind == Node::Not) {
    node = nodes[node].children[0];
    value = !value;
  }
  if (!nodes[node].stable)
    return std::nullopt;
  return node * 2 + value;
}

void PredicateFacts::addWithConsequences(FactSet &facts, unsigned node,
                                         bool value, unsigned depth) const {
  if (depth > 8 || node == ValueNumbering::kUnknown)
    return;
  while (nodes[node].kind == Node::Not) {
    node = nodes[node].children[0];
    value = !value;
  }
  if (nodes[node].stable) {
    uint32_t code = node * 2 + value;
    auto at = std::lower_bound(facts.begin(), facts.end(), code);
    if (at != facts.end() && *at == code)
      return;
    facts.insert(at, code);
  }
  Node::Kind kind = nodes[node].kind;
  if ((kind == Node::And && value) || (kind == Node::Or && !value))
    for (unsigned child : nodes[node].children)
      addWithConsequences(facts, child, value, depth + 1);
}

const PredicateFacts::FactSet &PredicateFacts::edgeFacts(unsigned from,
                                                        unsigned to) const {
  static const FactSet kNone;
  if (from >= edges.size())
    return kNone;
  for (const auto &[successor, facts] : edges[from])
    if (successor == to)
      return facts;
  return kNone;
}

PredicateFacts::FactSet PredicateFacts::computeEdgeFacts(const CFG &cfg,
                                                         unsigned from,
                                                         unsigned to) const {
  FactSet facts;
  const BasicBlock &block = cfg.blocks[from];
  if (block.end == block.begin)
    return facts;
  const Instruction &last = function.instructions[block.end - 1];
  if (!last.isPredicated() || !StringRef(last.opcode).starts_with("bra") ||
      block.successors.size() != 2)
    return facts;
  // The branch target is the successor that is not the next block (when
  // both are the same block there is no fact).
  unsigned fallThrough = from + 1;
  if (block.successors[0] == block.successors[1])
    return facts;
  bool taken = to != fallThrough;
  addWithConsequences(facts, guardValue[block.end - 1], taken != last.negated,
                      0);
  return facts;
}

PredicateFacts::FactSet
PredicateFacts::instructionFacts(const CFG &cfg, unsigned index) const {
  FactSet facts = blockFacts[cfg.blockOf[index]];
  const Instruction &inst = function.instructions[index];
  if (inst.isPredicated())
    addWithConsequences(facts, guardValue[index], !inst.negated, 0);
  return facts;
}

bool PredicateFacts::contradicts(const FactSet &a, const FactSet &b) {
  for (uint32_t code : a)
    if (std::binary_search(b.begin(), b.end(), code ^ 1u))
      return true;
  return false;
}

bool PredicateFacts::implies(const FactSet &facts, unsigned index) const {
  const Instruction &inst = function.instructions[index];
  if (!inst.isPredicated())
    return true;
  std::optional<uint32_t> code = factCode(guardValue[index], !inst.negated);
  return code && std::binary_search(facts.begin(), facts.end(), *code);
}

bool PredicateFacts::excludes(const FactSet &facts, unsigned index) const {
  const Instruction &inst = function.instructions[index];
  if (!inst.isPredicated())
    return false;
  std::optional<uint32_t> code = factCode(guardValue[index], inst.negated);
  return code && std::binary_search(facts.begin(), facts.end(), *code);
}
