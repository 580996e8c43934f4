//===- Predicates.cpp - facts about thread-invariant predicates ----------===//
//
// Branch correlation for the PTX hazard analyses. Kernels guard the issue
// of a TMA store, its commit_group and its wait_group.read by separate
// branches on the same issuer predicate (`warp == 0 && elect`, `tid == 0`):
// the path that issues the store and skips the wait does not exist. A
// predicate is *stable* when every evaluation in a thread gives the same
// value: all its definitions are the same pure expression of stable
// operands (immediates, %tid, %ctaid, %laneid, ..., kernel parameters, other
// stable registers). Stable predicates are keyed by their expression, so
// two registers computed alike are one predicate, and `setp.ne` is the
// negation of `setp.eq` on the same integer operands.
//
// A forward must-analysis then gives, for each block, the stable facts
// that hold on every path into it (from the branches taken), and the
// facts each edge adds. Facts about stable predicates are never killed.
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

PredicateFacts::PredicateFacts(const Function &function, const CFG &cfg)
    : function(function) {
  // Definitions of each register.
  for (unsigned i = 0; i != function.instructions.size(); ++i) {
    llvm::SmallVector<StringRef, 4> defs;
    getDefinedRegisters(function.instructions[i], defs);
    for (StringRef reg : defs)
      definitions[reg].push_back(i);
  }
  // Block facts: must-analysis, optimistic start (unvisited = every fact).
  unsigned blocks = cfg.blocks.size();
  std::vector<bool> visited(blocks, false);
  blockFacts.assign(blocks, {});
  edges.assign(blocks, {});
  for (unsigned b = 0; b != blocks; ++b)
    for (unsigned s : cfg.blocks[b].successors)
      edges[b].push_back({s, computeEdgeFacts(cfg, b, s)});
  if (blocks == 0)
    return;
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
  findInfeasiblePaths(cfg);
}

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
    const Instruction &inst = function.instructions[index];
    if (inst.operands.empty() || firstOperandIsSource(inst.opcode))
      return false;
    StringRef first = inst.operands.front();
    if (StringRef(inst.opcode).starts_with("call")) {
      if (!first.starts_with("("))
        return false;
    } else if (first.starts_with("[")) {
      return false;
    }
    llvm::SmallVector<StringRef, 4> names;
    registerNamesIn(first, names, /*bareNames=*/true);
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

bool PredicateFacts::isStable(StringRef reg) const {
  if (!reg.starts_with("%"))
    return true;
  if (isStableSpecial(reg))
    return true;
  auto cached = stable.find(reg);
  if (cached != stable.end())
    return cached->second;
  stable[reg] = false; // a cycle through itself is not stable
  bool result = false;
  auto defs = definitions.find(reg);
  if (defs != definitions.end() && !defs->second.empty()) {
    const Instruction &first = function.instructions[defs->second.front()];
    result = !first.isPredicated() && isPure(first.opcode) &&
             first.operands.size() >= 1;
    for (unsigned d : defs->second) {
      const Instruction &inst = function.instructions[d];
      if (!result)
        break;
      if (inst.isPredicated() || inst.opcode != first.opcode ||
          inst.operands.size() != first.operands.size() ||
          inst.operands.front() != first.operands.front()) {
        result = false;
        break;
      }
      for (unsigned o = 1; o != inst.operands.size(); ++o)
        if (inst.operands[o] != first.operands[o])
          result = false;
    }
    if (result) {
      llvm::SmallVector<StringRef, 8> uses;
      for (unsigned o = 1; o != first.operands.size(); ++o)
        registersIn(first.operands[o], uses);
      // A destination written as part of a vector or pair is not a value
      // of one expression.
      if (StringRef(first.operands.front()).contains('|') ||
          StringRef(first.operands.front()).starts_with("{"))
        result = false;
      for (StringRef use : uses)
        if (result && !isStable(use))
          result = false;
    }
  }
  stable[reg] = result;
  return result;
}

std::optional<PredicateFacts::Fact>
PredicateFacts::factOf(StringRef reg, bool value) const {
  if (!reg.starts_with("%") || !isStable(reg) || isStableSpecial(reg))
    return std::nullopt;
  const Instruction &def =
      function.instructions[definitions.find(reg)->second.front()];
  // The key: the expression, with the integer comparisons that negate one
  // another written one way.
  StringRef opcode = def.opcode;
  std::string key;
  bool negate = false;
  if (opcode.starts_with("setp.")) {
    llvm::SmallVector<StringRef, 4> parts;
    opcode.split(parts, '.');
    if (parts.size() == 3 && !parts[2].starts_with("f")) {
      static const std::pair<const char *, const char *> kNegations[] = {
          {"ne", "eq"}, {"ge", "lt"}, {"le", "gt"}, {"hs", "lo"},
          {"ls", "hi"}};
      for (auto [from, to] : kNegations)
        if (parts[1] == from) {
          negate = true;
          key = "setp." + std::string(to) + "." + parts[2].str();
        }
    }
  }
  if (key.empty())
    key = opcode.str();
  for (unsigned o = 1; o != def.operands.size(); ++o)
    key += " " + def.operands[o];
  auto [it, inserted] = keys.try_emplace(key, keys.size());
  (void)inserted;
  return Fact{it->second, negate ? !value : value};
}

void PredicateFacts::addWithConsequences(FactSet &facts, StringRef reg,
                                         bool value, unsigned depth) const {
  std::optional<Fact> fact = factOf(reg, value);
  if (depth > 8)
    return;
  if (fact) {
    uint32_t code = fact->key * 2 + fact->value;
    auto at = std::lower_bound(facts.begin(), facts.end(), code);
    if (at != facts.end() && *at == code)
      return;
    facts.insert(at, code);
  } else {
    // An unstable predicate (`p = stable || unstable`) says nothing about
    // itself, but its one definition still says something about its stable
    // operands, whose value never changes: `!p` implies each of them false.
    auto defs = definitions.find(reg);
    if (defs == definitions.end() || defs->second.size() != 1)
      return;
  }
  const Instruction &def =
      function.instructions[definitions.find(reg)->second.front()];
  StringRef opcode = def.opcode;
  if (def.operands.size() < 2)
    return;
  if (opcode == "not.pred") {
    addWithConsequences(facts, def.operands[1], !value, depth + 1);
  } else if ((opcode == "or.pred" && !value) ||
             (opcode == "and.pred" && value)) {
    for (unsigned o = 1; o != def.operands.size(); ++o)
      if (!StringRef(def.operands[o]).starts_with("!"))
        addWithConsequences(facts, def.operands[o], value, depth + 1);
  }
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
  addWithConsequences(facts, last.predicate, taken != last.negated, 0);
  return facts;
}

PredicateFacts::FactSet
PredicateFacts::instructionFacts(const CFG &cfg, unsigned index) const {
  FactSet facts = blockFacts[cfg.blockOf[index]];
  const Instruction &inst = function.instructions[index];
  if (inst.isPredicated())
    addWithConsequences(facts, inst.predicate, !inst.negated, 0);
  return facts;
}

bool PredicateFacts::contradicts(const FactSet &a, const FactSet &b) {
  for (uint32_t code : a)
    if (std::binary_search(b.begin(), b.end(), code ^ 1u))
      return true;
  return false;
}

bool PredicateFacts::implies(const FactSet &facts, const Instruction &inst) const {
  if (!inst.isPredicated())
    return true;
  std::optional<Fact> fact = factOf(inst.predicate, !inst.negated);
  if (!fact)
    return false;
  return std::binary_search(facts.begin(), facts.end(),
                            fact->key * 2 + fact->value);
}

bool PredicateFacts::excludes(const FactSet &facts, const Instruction &inst) const {
  if (!inst.isPredicated())
    return false;
  std::optional<Fact> fact = factOf(inst.predicate, inst.negated);
  if (!fact)
    return false;
  return std::binary_search(facts.begin(), facts.end(),
                            fact->key * 2 + fact->value);
}
