//===- FirstPass.cpp - register values on a function's first pass ---------===//
//
// The value a register holds the first time control reaches an
// instruction, along a path that takes no loop back edge. A loop-carried
// register (a stage counter `mov %r, -1` before the loop, `selp %r, 0, %r+1,
// %p` in it) holds one value there, its value from before the loop run once
// through the loop's code: the flow-insensitive join of every pass only
// gives its range. The first pass is a real execution (the one where the
// loop runs at least once), so what its exact values make two accesses
// touch, they touch: docs/ptx-checker.md, First pass.
//
// Each read of a register takes the definitions that reach it on paths
// without back edges (CFG::acyclicOrder); a definition's value is its
// instruction evaluated, by Provenance::compute, on first-pass operands.
// Where the first pass is not known (an irreducible loop, a partial
// definition, too many definitions, a chain too deep), the value of every
// pass stands in: it holds on the first pass too.
//
//===----------------------------------------------------------------------===//

#include "FunctionAnalysis.h"

#include "llvm/ADT/StringSet.h"

using namespace proxyfence::ptx;
using namespace proxyfence::ptx::detail;
using llvm::StringRef;

namespace {

/// At most this many definitions of one register reach a read on the first
/// pass (else its value of every pass).
constexpr unsigned kMaxReaching = 4;
/// The longest chain of definitions followed.
constexpr unsigned kMaxDepth = 96;

} // namespace

const std::vector<std::optional<llvm::SmallVector<unsigned, 2>>> &
Provenance::firstPassReaching(StringRef reg) const {
  auto [it, fresh] = firstReaching.try_emplace(reg);
  std::vector<std::optional<llvm::SmallVector<unsigned, 2>>> &atEntry =
      it->second;
  if (!fresh)
    return atEntry;
  unsigned n = cfg->blocks.size();
  atEntry.assign(n, llvm::SmallVector<unsigned, 2>());
  // Per block: its last definition of the register (a partial one, such
  // as `@p mov`, makes the register's first-pass value unknown past it).
  std::vector<int> last(n, -1);
  std::vector<bool> partial(n, false);
  auto defs = definitions.find(reg);
  for (unsigned d : defs->second) {
    const Instruction &inst = function.instructions[d];
    unsigned b = cfg->blockOf[d];
    bool whole = !inst.isPredicated() && StringRef(inst.operands[0]).trim() == reg;
    last[b] = int(d);
    partial[b] = !whole;
  }
  std::vector<std::optional<llvm::SmallVector<unsigned, 2>>> atExit(n);
  for (unsigned b : cfg->acyclicOrder) {
    std::optional<llvm::SmallVector<unsigned, 2>> &in = atEntry[b];
    for (unsigned p : cfg->blocks[b].predecessors) {
      if (cfg->isBackEdge(p, b) || cfg->domOut[p] == 0)
        continue;
      const std::optional<llvm::SmallVector<unsigned, 2>> &from = atExit[p];
      if (!from || !in) {
        in.reset();
        break;
      }
      for (unsigned d : *from)
        if (!llvm::is_contained(*in, d))
          in->push_back(d);
      if (in->size() > kMaxReaching) {
        in.reset();
        break;
      }
    }
    if (last[b] < 0)
      atExit[b] = in;
    else if (partial[b])
      atExit[b].reset();
    else
      atExit[b] = llvm::SmallVector<unsigned, 2>{unsigned(last[b])};
  }
  return atEntry;
}

AbstractValue Provenance::firstPassAt(StringRef operand, unsigned index) const {
  StringRef reg = operand.trim();
  if (std::optional<AbstractValue> fixed = pinned(reg))
    return *fixed;
  auto defs = definitions.find(reg);
  if (!reg.starts_with("%") || defs == definitions.end() ||
      cfg->acyclicOrder.empty())
    return evaluate(reg);
  if (defs->second.size() >= kDefinitionsKept)
    return evaluate(reg);
  // The last definition before the read in its block, else those reaching
  // the block's entry.
  unsigned block = cfg->blockOf[index];
  llvm::SmallVector<unsigned, 2> reaching;
  for (unsigned d : llvm::reverse(defs->second))
    if (d < index && cfg->blockOf[d] == block) {
      const Instruction &inst = function.instructions[d];
      if (inst.isPredicated() || StringRef(inst.operands[0]).trim() != reg)
        return evaluate(reg);
      reaching.push_back(d);
      break;
    }
  if (reaching.empty()) {
    const std::optional<llvm::SmallVector<unsigned, 2>> &in =
        firstPassReaching(reg)[block];
    if (!in || in->empty())
      return evaluate(reg);
    reaching = *in;
  }
  AbstractValue value;
  for (unsigned d : reaching) {
    AbstractValue v = firstPassValue(d, reg);
    if (v.kind == AbstractValue::Bottom)
      return evaluate(reg); // in progress: a cycle
    value = value.kind == AbstractValue::Bottom ? v : Provenance::joined(value, v);
  }
  // An integer of %tid.x alone: the focus thread's value, or one the same
  // in every thread (a warp's lane-0 value, broadcast, that only differs between
  // warpgroups the CTA does not have).
  bool narrowable = (value.kind == AbstractValue::Int && value.lo != value.hi) ||
                    value.kind == AbstractValue::Top;
  if (narrowable && getDefinition(reg) >= 0) {
    int symbol = -1, anchor = -1;
    std::vector<int64_t> values;
    if (threadOffsets(reg, threadsX, symbol, anchor, values) && symbol < 0 &&
        !values.empty() &&
        firstThread < int(values.size()) &&
        (firstThread >= 0 ||
         llvm::all_of(values, [&](int64_t v) { return v == values[0]; }))) {
      int64_t v = values[std::max(firstThread, 0)];
      if (value.kind == AbstractValue::Top) {
        value = AbstractValue();
        value.kind = AbstractValue::Int;
        value.lo = value.hi = v;
        value.mask = v < 0 ? ~uint64_t(0) : uint64_t(v);
      } else if (v >= value.lo && v <= value.hi) {
        value.lo = value.hi = v;
        value.mask = v < 0 ? ~uint64_t(0) : uint64_t(v);
      }
    }
  }
  return value;
}

AbstractValue Provenance::firstPassValue(unsigned definition,
                                         StringRef reg) const {
  llvm::DenseMap<unsigned, AbstractValue> &memo = firstValues[firstThread];
  auto known = memo.find(definition);
  if (known != memo.end())
    return known->second;
  const Instruction &inst = function.instructions[definition];
  if (firstDepth > kMaxDepth || idiomOf.count(definition) ||
      inst.isPredicated() || inst.operands.empty() ||
      StringRef(inst.operands[0]).trim() != reg)
    return evaluate(reg);
  memo[definition] = AbstractValue(); // in progress
  unsigned saved = evaluating;
  evaluating = definition;
  ++firstDepth;
  AbstractValue value = compute(inst);
  --firstDepth;
  evaluating = saved;
  memo[definition] = value;
  return value;
}

bool Provenance::threadWindows(
    StringRef operand, int64_t width,
    std::vector<std::pair<int64_t, int64_t>> &runs, int64_t scale,
    const std::vector<bool> *only) const {
  runs.clear();
  const ThreadValues *exact = threadValues(operand.trim(), 0);
  if (!exact || exact->values.empty() || exact->broadcast || width <= 0 ||
      scale <= 0)
    return false;
  std::vector<int64_t> starts;
  for (unsigned t = 0; t != exact->values.size(); ++t)
    if (!only || (t < only->size() && (*only)[t]))
      starts.push_back(exact->values[t]);
  for (int64_t &start : starts) {
    if (start > (int64_t(1) << 40) / scale || start < -(int64_t(1) << 40) / scale)
      return false;
    start *= scale;
  }
  llvm::sort(starts);
  starts.erase(std::unique(starts.begin(), starts.end()), starts.end());
  for (int64_t start : starts) {
    if (!runs.empty() && start <= runs.back().second)
      runs.back().second = std::max(runs.back().second, start + width);
    else
      runs.push_back({start, start + width});
  }
  return true;
}

bool Provenance::threadOffsets(StringRef operand, unsigned threads,
                               int &symbol, int &anchor,
                               std::vector<int64_t> &values) const {
  const ThreadValues *exact = threadValues(operand, 0);
  if (!exact || exact->values.size() < threads)
    return false;
  symbol = exact->symbol;
  anchor = exact->anchor;
  values.assign(exact->values.begin(), exact->values.begin() + threads);
  return true;
}

//===----------------------------------------------------------------------===//
// Proofs on the first pass
//===----------------------------------------------------------------------===//


namespace {

/// Instructions whose result may differ between the threads of a CTA
/// whatever their operands: they read a thread's identity, memory, or
/// another thread's registers.
bool producesVarying(const Instruction &inst) {
  StringRef opcode = inst.opcode;
  StringRef root = opcode.split('.').first;
  // A load from global memory at an address every thread computes alike
  // reads one location: its value may differ between the threads only
  // where a write races with some of their loads, and an execution where
  // none does exists (the load is ordered after any write it must see by
  // the same synchronization in every thread). The address's registers
  // decide (isVarying). A shared-memory load is the threads' own traffic.
  if (root == "ld" || root == "ldu")
    return !opcode.starts_with("ld.param") && !opcode.starts_with("ld.const") &&
           !opcode.starts_with("ld.global") && !opcode.starts_with("ldu.global");
  static const char *const kVarying[] = {
      "ldmatrix", "atom",  "vote",   "shfl",    "elect",
      "activemask", "match", "redux", "mbarrier", "tcgen05", "wgmma",
      "tex",   "tld4",     "suld",  "sust",   "clusterlaunchcontrol",
      "getctarank", "nanosleep", "cp", "red", "st", "prefetch", "bar",
      "barrier", "call", "movmatrix", "stmatrix", "setmaxnreg"};
  for (const char *v : kVarying)
    if (root == v)
      return true;
  for (const std::string &operand : inst.operands) {
    StringRef text = StringRef(operand).trim();
    for (const char *special :
         {"%tid", "%laneid", "%warpid", "%clock", "%globaltimer",
          "%lanemask", "%smid", "%pm", "%envreg", "%total_smem",
          "%reserved_smem", "%aggr_smem", "%current_graph_exec"})
      if (text.contains(special))
        return true;
  }
  return false;
}

} // namespace

bool FunctionAnalysis::isVarying(StringRef reg) const {
  if (!varying) {
    varying.emplace();
    llvm::StringSet<> &set = *varying;
    for (bool changed = true; changed;) {
      changed = false;
      for (const Instruction &inst : function.instructions) {
        llvm::SmallVector<StringRef, 4> defined;
        getDefinedRegisters(inst, defined);
        if (defined.empty())
          continue;
        bool v = producesVarying(inst) ||
                 (inst.isPredicated() && set.contains(inst.predicate));
        for (unsigned i = 1; !v && i < inst.operands.size(); ++i) {
          llvm::SmallVector<StringRef, 4> names;
          registerNamesIn(inst.operands[i], names);
          v = llvm::any_of(names, [&](StringRef n) { return set.contains(n); });
        }
        if (!v)
          continue;
        for (StringRef d : defined)
          changed |= set.insert(d).second;
      }
    }
  }
  return varying->contains(reg);
}

/// Whether instruction `def` is `elect.sync` over all 32 lanes: it elects
/// one lane of each warp that runs it converged (PTX ISA #parallel-
/// synchronization-and-communication-instructions-elect-sync), the same
/// lane every time for the same mask and active threads.
static bool electsOneLane(const Instruction &def) {
  if (!StringRef(def.opcode).starts_with("elect.sync") ||
      def.operands.size() != 2)
    return false;
  StringRef mask = StringRef(def.operands[1]).trim();
  return mask == "-1" || mask.equals_insensitive("0xffffffff") ||
         mask == "4294967295";
}

bool FunctionAnalysis::isVaryingAt(StringRef reg, unsigned at) const {
  if (!isVarying(reg))
    return false;
  const std::vector<Instruction> &insts = function.instructions;
  if (varyingDefinitions.empty())
    varyingDefinitions.assign(insts.size(), 0);
  // The definitions of `name` that reach instruction `use` (false: too
  // many to follow, taken to vary).
  auto definitionsOf = [&](StringRef name, unsigned use,
                           llvm::SmallVectorImpl<unsigned> &defs) {
    defs.clear();
    int def = provenance.getDefinition(name);
    if (def >= 0) {
      defs.push_back(unsigned(def));
      return true;
    }
    if (provenance.reachingDefinitions(name, use, defs))
      return true;
    const auto &all = provenance.getAllDefinitions();
    auto it = all.find(name);
    // Asked only of registers isVarying names, which some instruction
    // defines: where the provenance keeps no definition of it (an
    // operand's part), or too many, it is taken to vary.
    if (it == all.end() ||
        it->second.size() >= Provenance::kDefinitionsKept)
      return false;
    defs.assign(it->second.begin(), it->second.end());
    return true;
  };
  // A definition varies iff it reaches, through the registers it reads and
  // their reaching definitions, one that produces a varying value: a
  // search from the definitions of `reg` at `at`. A search that finds none
  // proves every definition it visited uniform.
  llvm::SmallVector<unsigned, 16> work;
  // Each visited definition, and the one whose read led to it (itself for
  // the first ones): a definition found to vary makes those that led to it
  // vary too.
  llvm::DenseMap<unsigned, unsigned> from;
  llvm::SmallVector<unsigned, 4> defs;
  auto markFrom = [&](unsigned d) {
    while (varyingDefinitions[d] != 1) {
      varyingDefinitions[d] = 1;
      d = from[d];
    }
  };
  // False when `name` read at `use` surely varies. `by`: the definition
  // whose read this is; none for the roots, which lead to themselves.
  auto push = [&](StringRef name, unsigned use, std::optional<unsigned> by) {
    if (!isVarying(name))
      return true;
    if (!definitionsOf(name, use, defs))
      return false;
    for (unsigned d : defs) {
      if (varyingDefinitions[d] == 1)
        return false;
      if (varyingDefinitions[d] == 0 &&
          from.try_emplace(d, by.value_or(d)).second)
        work.push_back(d);
    }
    return true;
  };
  bool varies = !push(reg, at, std::nullopt);
  while (!varies && !work.empty()) {
    unsigned d = work.pop_back_val();
    const Instruction &inst = insts[d];
    bool source = producesVarying(inst) ||
                  (inst.isPredicated() && !push(inst.predicate, d, d));
    for (unsigned o = 1; !source && o < inst.operands.size(); ++o) {
      llvm::SmallVector<StringRef, 4> names;
      registerNamesIn(inst.operands[o], names);
      source = llvm::any_of(names, [&](StringRef n) { return !push(n, d, d); });
    }
    if (source) {
      varyingDefinitions[d] = 0;
      markFrom(d);
      varies = true;
    }
  }
  if (!varies)
    for (auto [d, by] : from)
      varyingDefinitions[d] = 2;
  return varies;
}

bool FunctionAnalysis::requireThreads(StringRef pred, bool want,
                                      std::vector<bool> &threads,
                                      unsigned depth, bool &elected,
                                      int at) const {
  if (at >= 0 ? !isVaryingAt(pred, unsigned(at)) : !isVarying(pred))
    return true; // the same in every thread: the path is taken to be feasible
  int electDef = provenance.getDefinition(pred);
  if (electDef >= 0 && electsOneLane(function.instructions[electDef])) {
    // True in the one lane elect.sync chose in each warp: the threads
    // stay, and only that lane of each warp wholly among them runs it.
    if (!want)
      return false;
    elected = true;
    return true;
  }
  int symbol = -1, anchor = -1;
  std::vector<int64_t> values;
  if (provenance.threadOffsets(pred, threads.size(), symbol, anchor, values) &&
      symbol < 0) {
    for (unsigned t = 0; t != threads.size(); ++t)
      if ((values[t] != 0) != want)
        threads[t] = false;
    return true;
  }
  // An unsigned `setp` of per-thread integers, compared as the bits its
  // type holds: `(wg - 1) >u 3` is true in warpgroup 0, where wg - 1 is
  // 0xffffffff. Read for the threads asked about only.
  int def = provenance.getDefinition(pred);
  if (def >= 0 && !function.instructions[def].isPredicated()) {
    const Instruction &setp = function.instructions[def];
    llvm::SmallVector<StringRef, 4> parts;
    StringRef(setp.opcode).split(parts, '.');
    unsigned bits = 0;
    if (parts.size() == 3 && parts[0] == "setp" && setp.operands.size() == 3 &&
        !StringRef(setp.operands[0]).contains('|') &&
        (parts[2].starts_with("u") || parts[2].starts_with("b")) &&
        !parts[2].drop_front().getAsInteger(10, bits) &&
        (bits == 16 || bits == 32 || bits == 64)) {
      std::vector<int64_t> x, y;
      int sx = -1, sy = -1, ax = -1, ay = -1;
      if (provenance.threadOffsets(setp.operands[1], threads.size(), sx, ax,
                                   x) &&
          provenance.threadOffsets(setp.operands[2], threads.size(), sy, ay,
                                   y) &&
          sx < 0 && sy < 0) {
        uint64_t mask = bits == 64 ? ~uint64_t(0) : (uint64_t(1) << bits) - 1;
        std::vector<bool> kept = threads;
        bool known = true;
        for (unsigned t = 0; t != threads.size() && known; ++t) {
          if (!threads[t])
            continue;
          std::optional<bool> r = compareSetp<uint64_t>(
              parts[1], uint64_t(x[t]) & mask, uint64_t(y[t]) & mask);
          known = r.has_value();
          if (known && *r != want)
            kept[t] = false;
        }
        if (known) {
          threads = std::move(kept);
          return true;
        }
      }
    }
  }
  // `or.pred p, a, b` false (`and.pred` true): both operands so; true (or
  // false) through its varying operand, the other taken to cooperate when
  // it is the same in every thread.
  if (def < 0 || depth > 8)
    return false;
  const Instruction &inst = function.instructions[def];
  if (inst.isPredicated() || inst.operands.size() != 3)
    return false;
  bool isOr = inst.opcode == "or.pred", isAnd = inst.opcode == "and.pred";
  if (!isOr && !isAnd)
    return false;
  StringRef a = StringRef(inst.operands[1]).trim();
  StringRef b = StringRef(inst.operands[2]).trim();
  bool negA = a.consume_front("!"), negB = b.consume_front("!");
  if ((isOr && !want) || (isAnd && want))
    return requireThreads(a, want != negA, threads, depth + 1, elected,
                          def) &&
           requireThreads(b, want != negB, threads, depth + 1, elected, def);
  // One operand decides: the other must not be an election (a lane chosen
  // or not chosen cannot be told from the threads alone).
  bool ignored = false;
  if (!isVaryingAt(a, unsigned(def)))
    return requireThreads(b, want != negB, threads, depth + 1, ignored,
                          def) &&
           !ignored;
  if (!isVaryingAt(b, unsigned(def)))
    return requireThreads(a, want != negA, threads, depth + 1, ignored,
                          def) &&
           !ignored;
  return false;
}

/// How pathPins names a guard that holds: the predicate and its value.
static std::string guardKey(StringRef pred, bool value) {
  return pred.trim().str() + (value ? "=1" : "=0");
}

std::optional<FunctionAnalysis::Runners>
FunctionAnalysis::threadsReaching(unsigned i, unsigned n, unsigned lowest,
                                  bool *undetermined) const {
  if (pinnedGuards)
    return computeThreadsReaching(i, n, lowest, undetermined);
  auto [it, fresh] = reachingCache.try_emplace(std::make_tuple(i, n, lowest));
  if (fresh) {
    bool unknown = false;
    it->second.first = computeThreadsReaching(i, n, lowest, &unknown);
    it->second.second = unknown;
  }
  if (undetermined)
    *undetermined = it->second.second;
  return it->second.first;
}

/// The first warp all 32 lanes of which are among `threads`, if any.
static std::optional<unsigned>
firstWholeWarp(const std::vector<bool> &threads) {
  for (unsigned warp = 0; (warp + 1) * 32 <= threads.size(); ++warp)
    if (std::all_of(threads.begin() + warp * 32,
                    threads.begin() + (warp + 1) * 32,
                    [](bool t) { return t; }))
      return warp;
  return std::nullopt;
}

const std::optional<std::vector<std::pair<int64_t, int64_t>>> &
FunctionAnalysis::sureThreadRuns(unsigned i, unsigned a) const {
  // Kept per access, so not asked under pinned registers (whose values are
  // another proof's own): nothing is proven then.
  static const std::optional<std::vector<std::pair<int64_t, int64_t>>> none;
  if (pinnedGuards)
    return none;
  auto [it, fresh] = sureThreadRunsCache.try_emplace({i, a});
  if (!fresh)
    return it->second;
  const Resolved &r = accesses[i][a];
  const Access &access = roles[i].accesses[a];
  const Instruction &inst = function.instructions[i];
  StringRef operand = inst.operands[access.operand];
  if (!r.threadRange || !isMemoryOperand(operand))
    return it->second;
  int64_t width = access.width ? static_cast<int64_t>(*access.width)
                  : r.sureWidth > 0 ? r.sureWidth
                  : r.isAsync && !r.isMbarrier ? 16
                                              : 0;
  if (width <= 0)
    return it->second;
  // The threads that surely run it once it runs: of the CTA's threads
  // along x (the .maxntid bound, else 1024, as the thread range itself
  // takes them), those whose way there lets them through. A thread whose
  // way may not lead there proves nothing.
  unsigned n = provenance.threadsAlongX();
  std::optional<Runners> runners = threadsReaching(i, n, 0);
  if (!runners)
    return it->second;
  if (runners->elected) {
    // The lane elect.sync chose in a warp all of whose lanes are runners:
    // whichever it is, the bytes all its lanes' offsets give (as in
    // computeSureBytes).
    std::optional<unsigned> warp = firstWholeWarp(runners->threads);
    if (!warp)
      return it->second;
    runners->threads.assign(runners->threads.size(), false);
    std::fill(runners->threads.begin() + *warp * 32,
              runners->threads.begin() + (*warp + 1) * 32, true);
  }
  StringRef base;
  int64_t displacement = parseDisplacement(
      operand.drop_front().split(']').first.split(',').first, base);
  std::vector<std::pair<int64_t, int64_t>> runs;
  if (!provenance.threadWindows(base, width, runs, 1, &runners->threads) ||
      runs.empty() || (runners->elected && runs.size() != 1) ||
      (runners->elected && runs[0].second - runs[0].first != width))
    return it->second;
  for (auto &run : runs)
    run = {run.first + displacement, run.second + displacement};
  it->second = std::move(runs);
  return it->second;
}

std::optional<FunctionAnalysis::Runners>
FunctionAnalysis::computeThreadsReaching(unsigned i, unsigned n,
                                         unsigned lowest,
                                         bool *undetermined) const {
  if (undetermined)
    *undetermined = false;
  auto unknown = [&]() -> std::optional<Runners> {
    if (undetermined)
      *undetermined = true;
    return std::nullopt;
  };
  // A guard that pins a register holds in every thread taking the way.
  auto require = [&](StringRef pred, bool value, std::vector<bool> &threads,
                     bool &elected, unsigned at) {
    if (pinnedGuards && pinnedGuards->contains(guardKey(pred, value)))
      return true;
    return requireThreads(pred, value, threads, 0, elected, int(at));
  };
  Runners runners;
  runners.threads.assign(n, true);
  for (unsigned t = 0; t != std::min(lowest, n); ++t)
    runners.threads[t] = false;
  std::vector<bool> &threads = runners.threads;
  unsigned block = cfg.blockOf[i];
  const llvm::BitVector &to = getAsyncReach(block).to;
  auto leadsHere = [&](unsigned b) { return b == block || to.test(b); };
  // A block that reaches the instruction's only through a back edge (its
  // own block's end, a loop's latch after it) comes after the first pass
  // got there: its branch decides nothing about getting there.
  const llvm::BitVector &before = getAcyclicReach(block);
  for (unsigned b : to.set_bits()) {
    if (!before.test(b))
      continue;
    if (cfg.domOut[b] == 0)
      continue;
    unsigned end = cfg.blocks[b].end - 1;
    const Instruction &last = function.instructions[end];
    const Classification &role = roles[end];
    if (!role.isBranch && !role.isTerminator)
      continue;
    if (StringRef(last.opcode).starts_with("brx"))
      return unknown(); // an indexed branch
    if (!last.isPredicated())
      continue;
    // The guard's value that keeps a thread on its way here: a predicated
    // exit must not be taken; a branch must go to the successor that leads
    // here when only one does.
    bool want;
    if (role.isTerminator) {
      want = false;
    } else {
      std::optional<bool> taken = onlyLeadingEdge(b, leadsHere);
      if (!taken)
        continue;
      want = *taken;
    }
    if (!require(last.predicate, want != last.negated, threads,
                 runners.elected, end))
      return unknown();
  }
  const Instruction &inst = function.instructions[i];
  if (inst.isPredicated() &&
      !require(inst.predicate, !inst.negated, threads, runners.elected, i))
    return unknown();
  if (llvm::none_of(threads, [](bool t) { return t; }))
    return std::nullopt;
  return runners;
}

FunctionAnalysis::Pins FunctionAnalysis::pathPins(unsigned i) const {
  Pins pins;
  bool contradicted = false;
  // `pred` holds `value` on the way to i (tested at instruction `at`): pins
  // its register when it is `setp.eq|ne pred, r, imm` (either order), both
  // defined once.
  auto learn = [&](StringRef pred, bool value, unsigned at) {
    int def = provenance.getDefinition(pred);
    if (def < 0)
      return;
    const Instruction &setp = function.instructions[def];
    StringRef opcode = setp.opcode;
    bool eq = opcode.starts_with("setp.eq."), ne = opcode.starts_with("setp.ne.");
    if ((!eq && !ne) || opcode.ends_with(".f32") || opcode.ends_with(".f64") ||
        setp.isPredicated() || setp.operands.size() != 3 ||
        StringRef(setp.operands[0]).contains('|') || value != eq)
      return;
    StringRef a = StringRef(setp.operands[1]).trim();
    StringRef b = StringRef(setp.operands[2]).trim();
    std::optional<int64_t> imm = immediateOperand(b);
    StringRef reg = a;
    if (!imm) {
      imm = immediateOperand(a);
      reg = b;
    }
    if (!imm || !reg.starts_with("%"))
      return;
    int regDef = provenance.getDefinition(reg);
    if (regDef < 0 || function.instructions[regDef].isPredicated())
      return;
    auto [it, fresh] = pins.values.try_emplace(reg, *imm);
    if (!fresh && it->second != *imm)
      contradicted = true; // no first-pass way gets here
    pins.guards.insert(guardKey(pred, value));
    if (fresh)
      pins.text += (pins.text.empty() ? "" : ", ") + reg.str() + " = " +
                   std::to_string(*imm) + " (tested at PTX line " +
                   std::to_string(function.instructions[at].position.line) +
                   ")";
  };
  decidingBranches(i, [&](unsigned end, bool value) {
    learn(function.instructions[end].predicate, value, end);
    return true;
  });
  const Instruction &inst = function.instructions[i];
  if (inst.isPredicated())
    learn(inst.predicate, !inst.negated, i);
  if (contradicted)
    return Pins();
  return pins;
}

bool FunctionAnalysis::surelyOffWay(unsigned i, unsigned n,
                                    unsigned lowest) const {
  if (n <= lowest)
    return false;
  bool off = false;
  decidingBranches(i, [&](unsigned end, bool value) {
    // Every first-pass way to i passes this branch: threads whose guard
    // sends them the other way do not get there.
    StringRef pred = function.instructions[end].predicate;
    std::vector<bool> threads(n, false);
    for (unsigned t = lowest; t != n; ++t)
      threads[t] = true;
    bool elected = false;
    off = isVaryingAt(pred, end) &&
          requireThreads(pred, value, threads, 0, elected, int(end)) &&
          !elected &&
          llvm::none_of(threads, [](bool t) { return t; });
    return !off;
  });
  return off;
}

std::optional<bool> FunctionAnalysis::onlyLeadingEdge(
    unsigned b, llvm::function_ref<bool(unsigned)> leads) const {
  unsigned end = cfg.blocks[b].end - 1;
  unsigned fallThrough = cfg.blockOf[std::min<size_t>(
      end + 1, function.instructions.size() - 1)];
  bool takenLeads = false, fallLeads = false;
  for (unsigned s : cfg.blocks[b].successors)
    (s == fallThrough && end + 1 < function.instructions.size()
         ? fallLeads
         : takenLeads) |= leads(s);
  if (takenLeads == fallLeads)
    return std::nullopt;
  return takenLeads;
}

void FunctionAnalysis::decidingBranches(
    unsigned i, llvm::function_ref<bool(unsigned, bool)> visit) const {
  unsigned block = cfg.blockOf[i];
  if (cfg.domOut[block] == 0)
    return;
  // On the first pass: a successor leads to i along a path without back
  // edges.
  const llvm::BitVector &before = getAcyclicReach(block);
  auto leadsHere = [&](unsigned b) { return b == block || before.test(b); };
  for (int b = cfg.idom[block]; b >= 0; b = cfg.idom[b]) {
    unsigned end = cfg.blocks[b].end - 1;
    const Instruction &last = function.instructions[end];
    if (!roles[end].isBranch || !last.isPredicated() ||
        StringRef(last.opcode).starts_with("brx"))
      continue;
    if (std::optional<bool> taken = onlyLeadingEdge(b, leadsHere))
      if (!visit(end, *taken != last.negated))
        return;
  }
}

const llvm::BitVector &
FunctionAnalysis::getAcyclicReach(unsigned block) const {
  auto [it, fresh] = acyclicReach.try_emplace(block);
  if (!fresh)
    return it->second;
  llvm::BitVector &reach = it->second;
  reach.resize(cfg.blocks.size());
  std::vector<unsigned> stack = {block};
  while (!stack.empty()) {
    unsigned x = stack.back();
    stack.pop_back();
    for (unsigned p : cfg.blocks[x].predecessors)
      if (!cfg.isBackEdge(p, x) && !reach.test(p)) {
        reach.set(p);
        stack.push_back(p);
      }
  }
  return reach;
}

bool FunctionAnalysis::firstWarpWhole() const {
  if (!firstWarpIsWhole) {
    // elect.sync waits until all threads of its member mask have run it
    // (PTX ISA #parallel-synchronization-and-communication-instructions-
    // elect-sync): thread 0 running one over all 32 lanes, unguarded, means
    // lanes 0-31 exist and ran it too.
    firstWarpIsWhole = false;
    for (unsigned k = 0; k != function.instructions.size(); ++k) {
      const Instruction &inst = function.instructions[k];
      if (inst.isPredicated() || !electsOneLane(inst))
        continue;
      std::optional<Runners> runners = threadsReaching(k, 1);
      if (runners && !runners->elected && runners->threads[0]) {
        firstWarpIsWhole = true;
        break;
      }
    }
  }
  return *firstWarpIsWhole;
}

bool FunctionAnalysis::reachesUnfenced(unsigned from, unsigned to) const {
  auto fenceIn = [&](unsigned begin, unsigned end) {
    for (unsigned k = begin; k < end; ++k)
      if (roles[k].role == Role::ProxyFence)
        return true;
    return false;
  };
  unsigned bf = cfg.blockOf[from], bt = cfg.blockOf[to];
  if (bf == bt && from < to)
    return !fenceIn(from + 1, to);
  if (fenceIn(from + 1, cfg.blocks[bf].end) ||
      fenceIn(cfg.blocks[bt].begin, to))
    return false;
  llvm::BitVector seen(cfg.blocks.size());
  std::vector<unsigned> stack = {bf};
  while (!stack.empty()) {
    unsigned b = stack.back();
    stack.pop_back();
    for (unsigned s : cfg.blocks[b].successors) {
      if (cfg.isBackEdge(b, s) || seen.test(s))
        continue;
      seen.set(s);
      if (s == bt)
        return true;
      if (!fenceIn(cfg.blocks[s].begin, cfg.blocks[s].end))
        stack.push_back(s);
    }
  }
  return false;
}

/// The bytes one first-pass resolution of an access surely touches when its
/// offset is one value: a matrix's windows, an exact access's bytes, a TMA
/// box's first row. False when it proves nothing.
static bool singleOffsetBytes(const Resolved &r, const Access &access,
                              std::vector<std::pair<int64_t, int64_t>> &all,
                              std::vector<SharedRegion> &windows) {
  if (!r.singleOffset || r.region.symbol < 0 || !r.offsetKnown ||
      r.region.begin >= r.region.end)
    return false;
  if (access.isDescriptor) {
    windows.insert(windows.end(), r.touches.begin(), r.touches.end());
    if (r.sure.begin < r.sure.end)
      all.push_back({r.sure.begin, r.sure.end});
    return !r.touches.empty();
  }
  if (r.exact && r.extent == Extent::Known) {
    all.push_back({r.region.begin, r.region.end});
    return true;
  }
  if (r.isAsync && !access.isMbarrier) {
    // A TMA box: its first row, at least 16 bytes (PTX ISA
    // #tensor-copy-restrictions).
    all.push_back({r.region.begin, std::min(r.region.begin + 16, r.region.end)});
    return true;
  }
  return false;
}

std::optional<FunctionAnalysis::SureBytes>
FunctionAnalysis::sureBytes(unsigned i, unsigned a,
                            const Runners &runners) const {
  // Asked again for each pair an access is in: kept, unless registers are
  // pinned (their values are the proof's own).
  if (pinnedGuards)
    return computeSureBytes(i, a, runners);
  auto key = std::make_tuple(i, a, runners.elected, runners.threads);
  auto [it, fresh] = sureBytesCache.try_emplace(key);
  if (fresh)
    it->second = computeSureBytes(i, a, runners);
  return it->second;
}

std::optional<FunctionAnalysis::SureBytes>
FunctionAnalysis::computeSureBytes(unsigned i, unsigned a,
                                   const Runners &runners) const {
  const std::vector<bool> &threads = runners.threads;
  const Instruction &inst = function.instructions[i];
  const Access &access = roles[i].accesses[a];
  // The barrier's bytes, as every pass resolved them (resolveAll).
  const std::optional<SharedRegion> &barrier = accesses[i][a].barrier;
  auto resolveFirst = [&](int thread) {
    provenance.setFirstPass(true, thread);
    Resolved r = resolveAccess(inst, access, barrier);
    provenance.setFirstPass(false);
    return r;
  };
  auto known = [](const Resolved &x) {
    return x.region.symbol >= 0 && x.offsetKnown &&
           x.region.begin < x.region.end;
  };
  int focus = int(std::find(threads.begin(), threads.end(), true) -
                  threads.begin());
  // Every thread's offset at once; where they differ (a warpgroup's
  // buffer), the first running thread's.
  Resolved r = resolveFirst(-1);
  bool perThread = !known(r);
  if (perThread)
    r = resolveFirst(focus);
  if (!known(r))
    return std::nullopt;
  SureBytes out;
  out.symbol = r.region.symbol;
  out.anchor = r.region.anchor;
  if (!perThread && singleOffsetBytes(r, access, out.all, out.windows))
    return out;
  if (runners.elected) {
    // Run by the lane elect.sync chose in each warp wholly among the
    // threads: whichever lane it is, a warp all of whose lanes touch the
    // same bytes surely touches them (a Mosaic GPU warp's TMA offset,
    // broadcast from lane 0 by shfl.sync.idx).
    std::optional<unsigned> wholeWarp = firstWholeWarp(threads);
    if (!wholeWarp)
      return std::nullopt;
    unsigned warp = *wholeWarp;
    std::optional<Resolved> same;
    for (unsigned lane = 0; lane != 32; ++lane) {
      Resolved one = resolveFirst(int(warp * 32 + lane));
      if (!one.singleOffset || !one.offsetKnown ||
          one.region.symbol != out.symbol || one.region.anchor != out.anchor ||
          (same && (one.region.begin != same->region.begin ||
                    one.region.end != same->region.end)))
        return std::nullopt;
      if (!same)
        same = one;
    }
    if (!singleOffsetBytes(*same, access, out.all, out.windows))
      return std::nullopt;
    return out;
  }
  // Run by each thread of `threads`: the first one's bytes ...
  Resolved one = perThread ? r : resolveFirst(focus);
  if (one.region.symbol == out.symbol && one.region.anchor == out.anchor)
    singleOffsetBytes(one, access, out.all, out.windows);
  // ... and the union of the offsets of all of them.
  StringRef operand = inst.operands[access.operand];
  std::optional<int64_t> width;
  if (access.width)
    width = static_cast<int64_t>(*access.width);
  else if (access.sizeOperand && *access.sizeOperand < inst.operands.size())
    if (std::optional<uint64_t> c =
            provenance.constantOperand(inst.operands[*access.sizeOperand]))
      width = static_cast<int64_t>(*c);
  StringRef base;
  int symbol = -1, anchor = -1;
  std::vector<int64_t> offsets;
  if (one.exact && one.extent == Extent::Known && isMemoryOperand(operand) &&
      width && *width > 0) {
    int64_t displacement = parseDisplacement(
        operand.drop_front().split(']').first.split(',').first, base);
    if (provenance.threadOffsets(base, threads.size(), symbol, anchor,
                                 offsets) &&
        symbol == out.symbol && anchor == out.anchor) {
      std::vector<int64_t> running;
      for (unsigned t = 0; t != offsets.size(); ++t)
        if (threads[t])
          running.push_back(offsets[t]);
      llvm::sort(running);
      std::vector<std::pair<int64_t, int64_t>> cover;
      for (int64_t v : running) {
        int64_t begin = v + displacement, end = begin + *width;
        if (!cover.empty() && begin <= cover.back().second)
          cover.back().second = std::max(cover.back().second, end);
        else
          cover.push_back({begin, end});
      }
      out.all.insert(out.all.end(), cover.begin(), cover.end());
    } else {
      // The offsets of all threads at once are not known (a register the
      // loop carries, at its value from before the loop on the first
      // pass): each running thread's own first-pass offset, for a role of
      // at most four warps.
      // Only the address is evaluated again (not the access's ring slots).
      unsigned running = unsigned(llvm::count(threads, true));
      if (running > 1 && running <= 128)
        for (unsigned t = unsigned(focus) + 1; t != threads.size(); ++t) {
          if (!threads[t])
            continue;
          Resolved each = one;
          each.offsetKnown = each.singleOffset = false; // set if traced
          bool remote = false;
          provenance.setFirstPass(true, int(t));
          each.region = resolveAddress(inst, access.operand,
                                       static_cast<uint64_t>(*width), &remote,
                                       &each.offsetKnown, &each.singleOffset);
          provenance.setFirstPass(false);
          if (!remote && each.region.symbol == out.symbol &&
              each.region.anchor == out.anchor)
            singleOffsetBytes(each, access, out.all, out.windows);
        }
    }
  }
  if (out.all.empty() && out.windows.empty())
    return std::nullopt;
  return out;
}

std::vector<std::pair<int64_t, int64_t>>
proxyfence::ptx::detail::mergeRuns(std::vector<std::pair<int64_t, int64_t>> runs) {
  llvm::sort(runs);
  std::vector<std::pair<int64_t, int64_t>> merged;
  for (auto run : runs)
    if (!merged.empty() && run.first <= merged.back().second)
      merged.back().second = std::max(merged.back().second, run.second);
    else
      merged.push_back(run);
  return merged;
}

unsigned FunctionAnalysis::firstPassThreads(unsigned first,
                                            unsigned second) const {
  // The required CTA shape, or the warpgroup a wgmma needs.
  unsigned threads = 1;
  if (function.requiredThreads)
    threads = function.maxThreads[0];
  else if (StringRef(function.instructions[first].opcode).starts_with("wgmma.") ||
           StringRef(function.instructions[second].opcode).starts_with("wgmma."))
    threads = function.maxThreads[0] ? std::min(function.maxThreads[0], 128u)
                                     : 128u;
  if (threads < 32 && firstWarpWhole())
    threads = 32;
  return threads;
}

std::optional<FunctionAnalysis::ChainWitness>
FunctionAnalysis::chainMeetsOnFirstPass(
    llvm::ArrayRef<std::pair<unsigned, unsigned>> chain, unsigned async,
    unsigned asyncAccess, bool acrossFences) const {
  unsigned last = chain.back().first;
  unsigned bl = cfg.blockOf[last], ba = cfg.blockOf[async];
  bool reach = acrossFences ? (bl == ba && last < async) ||
                                  getAcyclicReach(ba).test(bl)
                            : reachesUnfenced(last, async);
  if (cfg.acyclicOrder.empty() || !reach)
    return std::nullopt;
  const PredicateFacts::FactSet &asyncFacts =
      predicates.instructionFacts(cfg, async);
  for (auto [i, a] : chain)
    if (PredicateFacts::contradicts(predicates.instructionFacts(cfg, i),
                                    asyncFacts))
      return std::nullopt;
  // The threads evaluated: those every launch has, or, for a wgmma in a
  // CTA whose size is only bounded, each warpgroup in turn.
  std::vector<std::pair<unsigned, unsigned>> groups = {
      {firstPassThreads(last, async), 0}};
  bool wgmma =
      StringRef(function.instructions[async].opcode).starts_with("wgmma.");
  if (wgmma && !function.requiredThreads)
    for (unsigned g = 1; 128 * (g + 1) <= function.maxThreads[0]; ++g)
      groups.push_back({128 * (g + 1), 128 * g});
  for (auto [n, lowest] : groups)
    if (std::optional<SharedRegion> w =
            chainMeetsFor(chain, async, asyncAccess, n, lowest))
      return ChainWitness{*w, lowest ? n : 0};
  if (!wgmma)
    return std::nullopt;
  // Under the pins of the wgmma's way (a warp role's stage bit tested
  // before its MMA): the warpgroups that may take it are not told by the
  // threads' own values, so the chain must meet it in each warpgroup that
  // is not surely kept off the way; one of them takes it.
  Pins pins = pathPins(async);
  if (pins.values.empty())
    return std::nullopt;
  provenance.pin(pins.values);
  pinnedGuards = &pins.guards;
  std::optional<ChainWitness> witness;
  unsigned cta = function.maxThreads[0] ? function.maxThreads[0] : 1024;
  for (unsigned g = 0; 128 * (g + 1) <= cta; ++g) {
    unsigned n = 128 * (g + 1), lowest = 128 * g;
    if (surelyOffWay(last, n, lowest) || surelyOffWay(async, n, lowest))
      continue;
    std::optional<SharedRegion> w =
        chainMeetsFor(chain, async, asyncAccess, n, lowest);
    if (!w) {
      witness.reset();
      break;
    }
    if (!witness)
      witness = ChainWitness{*w, n, pins.text};
  }
  pinnedGuards = nullptr;
  provenance.unpin();
  return witness;
}

std::optional<SharedRegion> FunctionAnalysis::chainMeetsFor(
    llvm::ArrayRef<std::pair<unsigned, unsigned>> chain, unsigned async,
    unsigned asyncAccess, unsigned n, unsigned lowest) const {
  unsigned last = chain.back().first;
  // The chain's instructions share a block and no guard: the same threads.
  std::optional<Runners> generic = threadsReaching(last, n, lowest);
  std::optional<Runners> asyncThreads =
      generic ? threadsReaching(async, n, lowest) : std::nullopt;
  if (!asyncThreads)
    return std::nullopt;
  std::optional<SureBytes> y = sureBytes(async, asyncAccess, *asyncThreads);
  if (!y)
    return std::nullopt;
  std::vector<std::pair<int64_t, int64_t>> all;
  for (auto [i, a] : chain)
    if (std::optional<SureBytes> x = sureBytes(i, a, *generic))
      if (x->symbol == y->symbol && x->anchor == y->anchor)
        all.insert(all.end(), x->all.begin(), x->all.end());
  std::vector<std::pair<int64_t, int64_t>> merged = mergeRuns(std::move(all));
  SharedRegion witness;
  witness.symbol = y->symbol;
  witness.anchor = y->anchor;
  // Bytes the async access surely touches, all of them: one in the
  // chain's will do.
  for (auto [b1, e1] : y->all)
    for (auto [b2, e2] : merged)
      if (std::max(b1, b2) < std::min(e1, e2)) {
        witness.begin = std::max(b1, b2);
        witness.end = std::min(e1, e2);
        return witness;
      }
  // A window of which it surely touches some byte: the chain's must hold
  // all of it.
  for (const SharedRegion &w : y->windows)
    if (w.begin < w.end &&
        llvm::any_of(merged, [&](const std::pair<int64_t, int64_t> &r) {
          return r.first <= w.begin && w.end <= r.second;
        }))
      return w;
  return std::nullopt;
}

std::optional<SharedRegion>
FunctionAnalysis::provenOnFirstPass(unsigned first, unsigned firstAccess,
                                    unsigned second, unsigned secondAccess,
                                    bool acrossFences,
                                    unsigned *minThreads) const {
  if (minThreads)
    *minThreads = 0;
  // A completion hazard (an async read, then a write of its bytes) is not
  // ordered by a fence: a path without back edges, fenced or not, will do.
  auto reaches = [&] {
    if (!acrossFences)
      return reachesUnfenced(first, second);
    // An async read still pending at the write: a path without back edges
    // on which no wait completes it. Along the path, count the commit
    // groups of the read's kind issued since it: a `wait_group N` completes
    // it once more than N were (its own group among them). A predicated
    // commit may or may not run (both counts go on); a predicated wait is
    // taken to run. tcgen05 reads: no path through a wait on an mbarrier.
    // Other fence hazards: a path without back edges.
    Role commitRole = Role::Unknown, waitRole = Role::Unknown;
    for (const Resolved &r : accesses[first])
      if (r.isAsync && r.isRead) {
        if (r.completion == Completion::BulkGroup) {
          commitRole = Role::BulkCommit;
          waitRole = Role::BulkWait;
        } else if (r.completion == Completion::WgmmaGroup) {
          commitRole = Role::WgmmaCommit;
          waitRole = Role::WgmmaWait;
        } else if (r.completion == Completion::Tcgen05Commit) {
          waitRole = Role::MbarrierWait;
        }
      }
    unsigned bf = cfg.blockOf[first], bt = cfg.blockOf[second];
    if (!(bf == bt && first < second) && !getAcyclicReach(bt).test(bf))
      return false;
    if (waitRole == Role::Unknown)
      return true;
    constexpr unsigned kCap = 16;
    // Runs instructions [begin, end) on the counts `in`; the counts left.
    auto run = [&](unsigned begin, unsigned end, llvm::SmallVector<unsigned, 4> in) {
      for (unsigned k = begin; k < end && !in.empty(); ++k) {
        const Classification &role = roles[k];
        if (role.role == commitRole && commitRole != Role::Unknown) {
          llvm::SmallVector<unsigned, 4> next;
          for (unsigned c : in) {
            next.push_back(std::min(c + 1, kCap));
            if (function.instructions[k].isPredicated())
              next.push_back(c);
          }
          llvm::sort(next);
          next.erase(std::unique(next.begin(), next.end()), next.end());
          in = std::move(next);
        } else if (role.role == waitRole) {
          if (waitRole == Role::MbarrierWait)
            in.clear();
          else
            llvm::erase_if(in, [&](unsigned c) { return c > role.waitCount; });
        }
      }
      return in;
    };
    if (bf == bt && first < second)
      return !run(first + 1, second, {0}).empty();
    std::map<unsigned, llvm::SmallVector<unsigned, 4>> seen;
    std::vector<std::pair<unsigned, llvm::SmallVector<unsigned, 4>>> stack = {
        {bf, run(first + 1, cfg.blocks[bf].end, {0})}};
    while (!stack.empty()) {
      auto [b, counts] = stack.back();
      stack.pop_back();
      if (counts.empty())
        continue;
      for (unsigned succ : cfg.blocks[b].successors) {
        if (cfg.isBackEdge(b, succ))
          continue;
        llvm::SmallVector<unsigned, 4> &known = seen[succ];
        llvm::SmallVector<unsigned, 4> fresh;
        for (unsigned c : counts)
          if (!llvm::is_contained(known, c)) {
            known.push_back(c);
            fresh.push_back(c);
          }
        if (fresh.empty())
          continue;
        if (succ == bt) {
          if (!run(cfg.blocks[bt].begin, second, fresh).empty())
            return true;
          continue;
        }
        stack.push_back({succ, run(cfg.blocks[succ].begin,
                                   cfg.blocks[succ].end, fresh)});
      }
    }
    return false;
  };
  if (cfg.acyclicOrder.empty() || !reaches() ||
      PredicateFacts::contradicts(predicates.instructionFacts(cfg, first),
                                  predicates.instructionFacts(cfg, second)))
    return std::nullopt;
  // Of the threads surely running, those each instruction's way lets
  // through; the hazard names one access of each instruction, and a
  // wgmma's two descriptors (or a copy's two sides) are each tried.
  const Resolved &f = accesses[first][firstAccess];
  const Resolved &g = accesses[second][secondAccess];
  auto meetIn = [&](unsigned n, unsigned lowest) -> std::optional<SharedRegion> {
    std::optional<Runners> firstThreads = threadsReaching(first, n, lowest);
    std::optional<Runners> secondThreads =
        firstThreads ? threadsReaching(second, n, lowest) : std::nullopt;
    if (!secondThreads)
      return std::nullopt;
    for (unsigned fa = 0; fa != accesses[first].size(); ++fa)
      for (unsigned sa = 0; sa != accesses[second].size(); ++sa) {
        const Resolved &p = accesses[first][fa], &q = accesses[second][sa];
        if (p.isAsync != f.isAsync || q.isAsync != g.isAsync ||
            p.isMbarrier || q.isMbarrier || !(p.isWrite || q.isWrite))
          continue;
        if (std::optional<SharedRegion> w = meetOnFirstPass(
                first, fa, *firstThreads, second, sa, *secondThreads))
          return w;
      }
    return std::nullopt;
  };
  unsigned threads = firstPassThreads(first, second);
  if (std::optional<SharedRegion> w = meetIn(threads, 0))
    return w;
  if (function.requiredThreads || !function.maxThreads[0])
    return std::nullopt;
  // A warp role of a CTA whose size is only bounded: each warpgroup, the
  // last one as far as the bound (.maxntid 288: threads 256..287).
  for (unsigned group = threads >= 128 ? 1 : 0;
       128 * group < function.maxThreads[0]; ++group) {
    unsigned n = std::min(128 * (group + 1), function.maxThreads[0]);
    if (std::optional<SharedRegion> w = meetIn(n, 128 * group)) {
      if (minThreads)
        *minThreads = n;
      return w;
    }
  }
  return std::nullopt;
}

std::optional<SharedRegion>
FunctionAnalysis::handOffMeetsOnFirstPass(unsigned g, unsigned ga, unsigned j,
                                          unsigned ja, unsigned *lowest,
                                          unsigned *threads) const {
  if (lowest)
    *lowest = 0;
  if (threads)
    *threads = 0;
  const Resolved &async = accesses[j][ja];
  if (cfg.acyclicOrder.empty() || !async.offsetKnown || !async.singleOffset ||
      async.indexed)
    return std::nullopt;
  SharedRegion sure = provenRegion(async);
  if (sure.begin >= sure.end)
    return std::nullopt;
  // The generic access's first-pass bytes per group of threads, found once
  // per access (many async accesses are asked about each).
  auto [cached, fresh] = firstPassGroups.try_emplace({g, ga});
  if (fresh) {
    auto add = [&](unsigned n, unsigned low) {
      std::optional<Runners> runners = threadsReaching(g, n, low);
      if (!runners)
        return;
      if (std::optional<SureBytes> x = sureBytes(g, ga, *runners))
        cached->second.push_back({low, n, std::move(*x)});
    };
    add(firstPassThreads(g, g), 0);
    if (!function.requiredThreads && function.maxThreads[0])
      for (unsigned warp = 1; 32 * (warp + 1) <= function.maxThreads[0];
           ++warp)
        add(32 * (warp + 1), 32 * warp);
  }
  for (const FirstPassGroup &group : cached->second) {
    const SureBytes &x = group.bytes;
    if (x.symbol != sure.symbol || x.anchor != sure.anchor)
      continue;
    for (auto [begin, end] : x.all)
      if (std::max(begin, sure.begin) < std::min(end, sure.end)) {
        SharedRegion witness = sure;
        witness.begin = std::max(begin, sure.begin);
        witness.end = std::min(end, sure.end);
        // The first group is the threads every launch has.
        if (&group != &cached->second.front() || group.lowest) {
          if (lowest)
            *lowest = group.lowest;
          if (threads)
            *threads = group.threads;
        }
        return witness;
      }
  }
  return std::nullopt;
}

std::optional<SharedRegion>
FunctionAnalysis::meetOnFirstPass(
    unsigned first, unsigned firstAccess, const Runners &firstThreads,
    unsigned second, unsigned secondAccess,
    const Runners &secondThreads) const {
  std::optional<SureBytes> x = sureBytes(first, firstAccess, firstThreads);
  std::optional<SureBytes> y =
      x ? sureBytes(second, secondAccess, secondThreads) : std::nullopt;
  if (!y || x->symbol != y->symbol || x->anchor != y->anchor)
    return std::nullopt;
  SharedRegion witness;
  witness.symbol = x->symbol;
  witness.anchor = x->anchor;
  for (auto [b1, e1] : x->all)
    for (auto [b2, e2] : y->all)
      if (std::max(b1, b2) < std::min(e1, e2)) {
        witness.begin = std::max(b1, b2);
        witness.end = std::min(e1, e2);
        return witness;
      }
  // A window of which one side surely touches some byte, all of whose
  // bytes the other side touches.
  auto covers = [](const SureBytes &s, const SharedRegion &w) {
    return llvm::any_of(s.all, [&](const std::pair<int64_t, int64_t> &r) {
      return r.first <= w.begin && w.end <= r.second;
    });
  };
  for (const SharedRegion &w : y->windows)
    if (covers(*x, w))
      return w;
  for (const SharedRegion &w : x->windows)
    if (covers(*y, w))
      return w;
  return std::nullopt;
}

bool FunctionAnalysis::meetsInEverySlotExecution(unsigned i, unsigned a,
                                                 StringRef index,
                                                 const SharedRegion &sure,
                                                 int64_t stride,
                                                 std::optional<int64_t> slot)
    const {
  const StageCounter *counter = counterIn(index);
  const Instruction &inst = function.instructions[i];
  const Access &access = roles[i].accesses[a];
  if (!counter || cfg.acyclicOrder.empty() || sure.begin >= sure.end ||
      access.operand >= inst.operands.size())
    return false;
  // The address is a function of the index alone: every register on the
  // way, but the index, has one definition (no other value carried by a
  // loop), and nothing is read from memory.
  const auto &all = provenance.getAllDefinitions();
  llvm::SmallVector<StringRef, 8> work;
  llvm::StringSet<> seen;
  auto addRegisters = [&](StringRef operand) {
    operand = operand.trim().ltrim("[").rtrim("]");
    llvm::SmallVector<StringRef, 4> parts;
    operand.split(parts, '+');
    for (StringRef part : parts) {
      part = part.trim();
      if (part.starts_with("%") && seen.insert(part).second)
        work.push_back(part);
    }
  };
  addRegisters(inst.operands[access.operand]);
  while (!work.empty()) {
    StringRef reg = work.pop_back_val();
    if (reg == index)
      continue;
    auto it = all.find(reg);
    if (it == all.end())
      continue; // a special register or a parameter's
    if (seen.size() > 64)
      return false;
    // Several definitions only as straight-line updates in place, in one
    // block outside every loop (`shl r, t, 2; and r, r, 1020`): the value
    // is the same in every iteration, the one the first pass evaluates.
    unsigned home = cfg.blockOf[it->second.front()];
    if (it->second.size() != 1 &&
        (it->second.size() >= Provenance::kDefinitionsKept ||
         cfg.cycle[home] >= 0 ||
         llvm::any_of(it->second,
                      [&](unsigned def) { return cfg.blockOf[def] != home; })))
      return false;
    for (unsigned def : it->second) {
      const Instruction &d = function.instructions[def];
      StringRef root = StringRef(d.opcode).split('.').first;
      if (d.isPredicated() || root == "ld" || root == "atom" ||
          root == "shfl" || root == "call")
        return false;
      for (unsigned o = 1; o < d.operands.size(); ++o)
        addRegisters(d.operands[o]);
    }
  }
  // The threads that run it with the index at k are those the first pass
  // finds: it lies in a loop and runs in every iteration (its block
  // dominates every source of the loop's back edges), so no condition
  // carried by the loop keeps a thread from it. Outside loops the first
  // pass is the only execution (handOffMeetsOnFirstPass).
  unsigned block = cfg.blockOf[i];
  int cycle = cfg.cycle[block];
  if (cycle < 0)
    return false;
  // Each back edge b -> h of a loop that holds the block (the natural
  // loop: h dominates the block, which reaches b without passing h) must
  // leave from a block it dominates. Inner loops that do not hold it (a
  // wait's spin loop before it) do not matter.
  auto inLoop = [&](unsigned latch, unsigned header) {
    if (block == header)
      return true;
    if (!cfg.dominates(header, block))
      return false;
    llvm::BitVector seenBlocks(cfg.blocks.size());
    llvm::SmallVector<unsigned, 16> stack = {block};
    seenBlocks.set(block);
    while (!stack.empty()) {
      unsigned b = stack.pop_back_val();
      if (b == latch)
        return true;
      for (unsigned next : cfg.blocks[b].successors)
        if (next != header && !seenBlocks.test(next)) {
          seenBlocks.set(next);
          stack.push_back(next);
        }
    }
    return false;
  };
  for (unsigned b = 0; b != cfg.blocks.size(); ++b) {
    if (cfg.cycle[b] != cycle)
      continue;
    for (unsigned next : cfg.blocks[b].successors)
      if (cfg.isBackEdge(b, next) && inLoop(b, next) &&
          !cfg.dominates(block, b))
        return false;
  }
  static const llvm::StringSet<> noGuards;
  bool met = false;
  for (unsigned k = 0; k != counter->slots && !met; ++k) {
    if (slot && int64_t(k) != *slot)
      continue;
    SharedRegion there = sure;
    if (!slot) {
      there.begin += int64_t(k) * stride;
      there.end += int64_t(k) * stride;
    }
    llvm::StringMap<int64_t> pins;
    pins[index] = k;
    provenance.pin(pins);
    pinnedGuards = &noGuards;
    auto meets = [&](unsigned n, unsigned low) {
      std::optional<Runners> runners = threadsReaching(i, n, low);
      if (!runners)
        return false;
      std::optional<SureBytes> x = sureBytes(i, a, *runners);
      if (!x || x->symbol != there.symbol || x->anchor != there.anchor)
        return false;
      for (auto [begin, end] : x->all)
        if (std::max(begin, there.begin) < std::min(end, there.end))
          return true;
      return false;
    };
    met = meets(firstPassThreads(i, i), 0);
    if (!function.requiredThreads && function.maxThreads[0])
      for (unsigned warp = 1; !met && 32 * (warp + 1) <= function.maxThreads[0];
           ++warp)
        met = meets(32 * (warp + 1), 32 * warp);
    pinnedGuards = nullptr;
    provenance.unpin();
  }
  return met;
}

bool FunctionAnalysis::meetsInEverySlotExecution(unsigned i, unsigned a,
                                                 const SlotAddress &x,
                                                 const SlotAddress &y) const {
  SharedRegion sure;
  sure.symbol = y.symbol;
  sure.anchor = y.anchor;
  sure.begin = y.lo;
  sure.end = y.sureHi;
  return meetsInEverySlotExecution(i, a, x.index, sure, y.stride);
}

bool FunctionAnalysis::meetsInSlot(unsigned i, unsigned a, int64_t width,
                                   const SlotAddress &x,
                                   const SlotAddress &y) const {
  if (width > 0 && x.lo + width <= x.hi && y.lo < x.lo + width &&
      x.hi - width < y.sureHi)
    return true;
  return meetsInEverySlotExecution(i, a, x, y);
}
