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
//===----------------------------------------------------------------------===//

#include "proxyfence/PTX/Analysis.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringMap.h"

#include <algorithm>

using namespace proxyfence::ptx;
using llvm::StringRef;

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
  while (true) {
    size_t at = text.find('%');
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
  if (!fact || depth > 8)
    return;
  uint32_t code = fact->key * 2 + fact->value;
  auto at = std::lower_bound(facts.begin(), facts.end(), code);
  if (at != facts.end() && *at == code)
    return;
  facts.insert(at, code);
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
