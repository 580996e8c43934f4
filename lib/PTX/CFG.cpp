//===- CFG.cpp - basic blocks of a PTX function --------------------------===//
//
// Blocks start at labels and after branches, ret and exit. A predicated
// branch (also `@p bra.uni`) has the target and the fall-through as
// successors; an unpredicated one only its target; an unpredicated ret or
// exit none. Labels resolve in the innermost `{ }` scope that declares
// them, so the `waitLoop:` of each inlined asm block is its own.
//
//===----------------------------------------------------------------------===//

#include "proxyfence/PTX/Analysis.h"

#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/StringRef.h"

#include <algorithm>
#include <set>

using namespace proxyfence::ptx;

namespace {

/// The instruction index a branch in `scope` to `name` reaches.
std::optional<unsigned> resolveLabel(const Function &function,
                                     llvm::StringRef name, unsigned scope) {
  while (true) {
    for (const Label &label : function.labels)
      if (label.scope == scope && label.name == name)
        return label.instruction;
    if (scope == 0)
      return std::nullopt;
    scope = function.scopeParents[scope];
  }
}

/// Dominator sets to a fixpoint over the blocks the entry reaches
/// (dom(entry) = {entry}, dom(b) = {b} and the intersection over its
/// reached predecessors), then each block's immediate dominator: its strict
/// dominator with the most dominators.
void computeDominators(CFG &cfg) {
  unsigned n = cfg.blocks.size();
  cfg.idom.assign(n, -1);
  if (n == 0)
    return;
  llvm::BitVector reached(n);
  std::vector<unsigned> stack = {0};
  reached.set(0);
  while (!stack.empty()) {
    unsigned b = stack.back();
    stack.pop_back();
    for (unsigned s : cfg.blocks[b].successors)
      if (!reached.test(s)) {
        reached.set(s);
        stack.push_back(s);
      }
  }
  std::vector<llvm::BitVector> dom(n, reached);
  dom[0].reset();
  dom[0].set(0);
  for (bool changed = true; changed;) {
    changed = false;
    for (unsigned b : reached.set_bits()) {
      if (b == 0)
        continue;
      llvm::BitVector next = reached;
      for (unsigned p : cfg.blocks[b].predecessors)
        if (reached.test(p))
          next &= dom[p];
      next.set(b);
      if (next != dom[b]) {
        dom[b] = std::move(next);
        changed = true;
      }
    }
  }
  for (unsigned b : reached.set_bits()) {
    unsigned bestCount = 0;
    for (unsigned d : dom[b].set_bits())
      if (d != b && dom[d].count() > bestCount) {
        cfg.idom[b] = d;
        bestCount = dom[d].count();
      }
  }
}

/// The intervals of a walk of the dominator tree from the entry.
void numberDominatorTree(CFG &cfg) {
  unsigned n = cfg.blocks.size();
  std::vector<std::vector<unsigned>> children(n);
  for (unsigned b = 0; b != n; ++b)
    if (cfg.idom[b] >= 0)
      children[cfg.idom[b]].push_back(b);
  cfg.domIn.assign(n, 0);
  cfg.domOut.assign(n, 0);
  unsigned clock = 0;
  std::vector<std::pair<unsigned, unsigned>> stack = {{0, 0}};
  cfg.domIn[0] = ++clock;
  while (!stack.empty()) {
    auto &[b, next] = stack.back();
    if (next == children[b].size()) {
      cfg.domOut[b] = ++clock;
      stack.pop_back();
      continue;
    }
    unsigned c = children[b][next++];
    cfg.domIn[c] = ++clock;
    stack.push_back({c, 0});
  }
}

/// The reached blocks in a topological order of the forward edges (Kahn's
/// algorithm); empty when a cycle remains without the back edges.
void computeAcyclicOrder(CFG &cfg) {
  unsigned n = cfg.blocks.size();
  std::vector<unsigned> incoming(n, 0);
  auto reached = [&](unsigned b) { return cfg.domOut[b] != 0; };
  unsigned count = 0;
  for (unsigned b = 0; b != n; ++b) {
    if (!reached(b))
      continue;
    ++count;
    for (unsigned s : cfg.blocks[b].successors)
      if (!cfg.isBackEdge(b, s))
        ++incoming[s];
  }
  std::vector<unsigned> ready = {0};
  while (!ready.empty()) {
    unsigned b = ready.back();
    ready.pop_back();
    cfg.acyclicOrder.push_back(b);
    for (unsigned s : cfg.blocks[b].successors)
      if (!cfg.isBackEdge(b, s) && --incoming[s] == 0)
        ready.push_back(s);
  }
  if (cfg.acyclicOrder.size() != count)
    cfg.acyclicOrder.clear();
}

} // namespace

bool CFG::dominates(unsigned a, unsigned b) const {
  return domOut[a] != 0 && domOut[b] != 0 && domIn[a] <= domIn[b] &&
         domOut[b] <= domOut[a];
}

/// CFG::cycle: Tarjan's strongly connected components, iteratively (a
/// kernel has thousands of blocks), over every block, reached or not.
static void computeCycles(CFG &cfg) {
  unsigned n = cfg.blocks.size();
  cfg.cycle.assign(n, -1);
  const unsigned unvisited = ~0u;
  std::vector<unsigned> index(n, unvisited), low(n, 0);
  std::vector<bool> onStack(n, false);
  std::vector<unsigned> stack;
  // The depth-first walk: a block and the next successor to visit.
  std::vector<std::pair<unsigned, unsigned>> walk;
  unsigned counter = 0;
  int components = 0;
  for (unsigned root = 0; root != n; ++root) {
    if (index[root] != unvisited)
      continue;
    walk.push_back({root, 0});
    index[root] = low[root] = counter++;
    stack.push_back(root);
    onStack[root] = true;
    while (!walk.empty()) {
      auto &[b, next] = walk.back();
      const std::vector<unsigned> &succs = cfg.blocks[b].successors;
      if (next < succs.size()) {
        unsigned s = succs[next++];
        if (index[s] == unvisited) {
          index[s] = low[s] = counter++;
          stack.push_back(s);
          onStack[s] = true;
          walk.push_back({s, 0});
        } else if (onStack[s]) {
          low[b] = std::min(low[b], index[s]);
        }
        continue;
      }
      unsigned done = b;
      walk.pop_back();
      if (!walk.empty())
        low[walk.back().first] = std::min(low[walk.back().first], low[done]);
      if (low[done] != index[done])
        continue;
      std::vector<unsigned> members;
      unsigned m;
      do {
        m = stack.back();
        stack.pop_back();
        onStack[m] = false;
        members.push_back(m);
      } while (m != done);
      const std::vector<unsigned> &own = cfg.blocks[done].successors;
      bool cyclic = members.size() > 1 ||
                    std::find(own.begin(), own.end(), done) != own.end();
      if (!cyclic)
        continue;
      for (unsigned member : members)
        cfg.cycle[member] = components;
      ++components;
    }
  }
}

CFG proxyfence::ptx::buildCFG(const Function &function) {
  CFG cfg;
  unsigned count = function.instructions.size();
  std::set<unsigned> leaders = {0};
  std::vector<Classification> roles;
  roles.reserve(count);
  for (unsigned i = 0; i != count; ++i) {
    roles.push_back(classify(function.instructions[i]));
    if (roles.back().isBranch || roles.back().isTerminator)
      leaders.insert(i + 1);
  }
  for (const Label &label : function.labels)
    leaders.insert(label.instruction);
  std::vector<unsigned> starts;
  for (unsigned leader : leaders)
    if (leader < count)
      starts.push_back(leader);
  cfg.blockOf.assign(count, 0);
  for (unsigned b = 0; b != starts.size(); ++b) {
    BasicBlock block;
    block.begin = starts[b];
    block.end = b + 1 < starts.size() ? starts[b + 1] : count;
    for (unsigned i = block.begin; i != block.end; ++i)
      cfg.blockOf[i] = b;
    cfg.blocks.push_back(block);
  }
  auto addEdge = [&](unsigned from, unsigned toInstruction) {
    if (toInstruction >= count)
      return;
    unsigned to = cfg.blockOf[toInstruction];
    std::vector<unsigned> &succs = cfg.blocks[from].successors;
    if (std::find(succs.begin(), succs.end(), to) == succs.end()) {
      succs.push_back(to);
      cfg.blocks[to].predecessors.push_back(from);
    }
  };
  for (unsigned b = 0; b != cfg.blocks.size(); ++b) {
    unsigned last = cfg.blocks[b].end - 1;
    const Instruction &inst = function.instructions[last];
    const Classification &role = roles[last];
    bool fallsThrough = !(role.isBranch || role.isTerminator) ||
                        inst.isPredicated();
    if (role.isBranch) {
      llvm::StringRef target =
          inst.operands.empty() ? "" : llvm::StringRef(inst.operands.back());
      if (std::optional<unsigned> to =
              resolveLabel(function, target, inst.scope)) {
        addEdge(b, *to);
      } else {
        // brx.idx or an unknown target: any label may follow.
        for (const Label &label : function.labels)
          addEdge(b, label.instruction);
      }
    }
    if (fallsThrough)
      addEdge(b, last + 1);
  }
  computeDominators(cfg);
  computeCycles(cfg);
  if (!cfg.blocks.empty()) {
    numberDominatorTree(cfg);
    computeAcyclicOrder(cfg);
  }
  return cfg;
}
