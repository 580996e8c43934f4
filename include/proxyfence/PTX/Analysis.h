//===- Analysis.h - CFG, provenance and proxy hazards of PTX ----*- C++ -*-===//
//
// Per function: the control-flow graph, where each shared-memory address
// comes from (symbol + constant offset range, symbol only, or any shared
// memory), and the findings of the proxy model over the CFG.
//
//===----------------------------------------------------------------------===//

#ifndef PROXYFENCE_PTX_ANALYSIS_H
#define PROXYFENCE_PTX_ANALYSIS_H

#include "proxyfence/Engine/Finding.h"
#include "proxyfence/PTX/Classify.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringMap.h"

#include <map>
#include <memory>
#include <optional>
#include <set>
#include <tuple>

#include <vector>

namespace proxyfence::ptx {

/// Basic blocks split at labels and after branches, ret and exit.
struct BasicBlock {
  unsigned begin = 0, end = 0; // instruction indices [begin, end)
  std::vector<unsigned> successors;
  std::vector<unsigned> predecessors;
};

struct CFG {
  std::vector<BasicBlock> blocks;
  /// The block of each instruction.
  std::vector<unsigned> blockOf;
  /// The immediate dominator of each block; -1 for the entry block and
  /// blocks the entry does not reach.
  std::vector<int> idom;
  /// The blocks the entry reaches, in a topological order of the graph
  /// without its back edges (an edge to a block that dominates its
  /// source: a loop's return to its header). Empty when that graph has a
  /// cycle left (an irreducible loop).
  std::vector<unsigned> acyclicOrder;
  /// Each reached block's interval in a walk of the dominator tree (a
  /// dominates b when a's interval holds b's); 0, 0 for the others.
  std::vector<unsigned> domIn, domOut;

  /// Per block, its strongly connected component when that holds a cycle
  /// (a loop, however irreducible); -1 for a block on no cycle.
  std::vector<int> cycle;

  /// Whether blocks `a` and `b` lie on a common cycle (each reaches the
  /// other by a path of at least one edge; `a == b`: a cycle through it).
  bool onCommonCycle(unsigned a, unsigned b) const {
    return cycle[a] >= 0 && cycle[a] == cycle[b];
  }
  /// Whether block `a` dominates block `b` (both reached from the entry).
  bool dominates(unsigned a, unsigned b) const;
  /// Whether the edge `from -> to` returns to a loop header.
  bool isBackEdge(unsigned from, unsigned to) const {
    return dominates(to, from);
  }
};

CFG buildCFG(const Function &function);

/// An abstract register value: an integer range, a shared address (symbol
/// and offset range, or symbol only), or unknown (for an address: may be
/// any shared memory).
struct AbstractValue {
  enum Kind : uint8_t { Bottom, Int, Address, Top };
  Kind kind = Bottom;
  /// Address: the shared symbol, -1 for any shared symbol.
  int symbol = -1;
  /// Int, or the address's offset when `offsetKnown`: [lo, hi], and the
  /// bits that may be set (when lo >= 0).
  bool offsetKnown = false;
  int64_t lo = 0, hi = 0;
  uint64_t mask = 0;
  /// Address of another CTA's shared memory (through mapa).
  bool remote = false;
  /// Address: the offset is relative to this anchor of the symbol (-1: the
  /// symbol's start), an aligned base the kernel computes at run time (the
  /// align-up idiom `p & (A-1) ? (p & -A) + A : p`). The anchor lies at an
  /// unknown but fixed offset in [anchorLo, anchorHi] of the symbol, so two
  /// offsets from one anchor compare exactly.
  int anchor = -1;
  int64_t anchorLo = 0, anchorHi = 0;
  /// Address: the value is a wgmma/tcgen05 shared-memory matrix descriptor
  /// (or its low half) whose start-address field (bits 0-13, the 18-bit
  /// shared address >> 4) holds this address; the offset stays in bytes,
  /// and adding an integer k moves it by 16 * k. `fields`, when
  /// `fieldsKnown`, are the descriptor's other bits (leading and stride
  /// byte offsets, layout), which the shape bound reads.
  bool descriptor = false;
  bool fieldsKnown = false;
  uint64_t fields = 0;

  bool operator==(const AbstractValue &other) const;
};

/// A run-time aligned base of a shared symbol: alignUp(X, align), X an
/// exactly known address.
struct Anchor {
  int symbol = -1;
  uint64_t align = 1;
  /// Where it lies in the symbol: [lo, hi].
  int64_t lo = 0, hi = 0;
};

/// A register shaped as a ring's stage counter (lib/PTX/StageCounters.cpp):
/// instruction sequences advance it by one and wrap it at `slots`
/// (`add c, c, 1` then `and c, c, S-1`, or `setp.eq p, c, S` and
/// `selp c, 0, c, p`; or the same through `add t, c, 1`: an unrolled loop
/// has one such sequence per copy of its body), and `mov`s restart it.
/// It stays in [0, slots) when every restart does.
struct CounterShape {
  std::string reg;
  unsigned slots = 0;
  /// Where it advances: each in-place `add` (its wrap follows before any
  /// other read), or each wrap that reads `add t, c, 1`.
  std::vector<unsigned> advances;
  /// The wraps of the `selp` form (whose value the ranges do not bound).
  std::vector<unsigned> selpWraps;
  /// The restarts (`mov`s).
  std::vector<unsigned> resets;
};

/// The registers of `function` shaped as stage counters; `definitions`
/// lists each register's definitions (Provenance::getAllDefinitions).
std::vector<CounterShape> findCounterShapes(
    const Function &function, const CFG &cfg,
    const llvm::StringMap<llvm::SmallVector<unsigned, 2>> &definitions);

/// Flow-insensitive provenance of a function's registers.
class Provenance {
public:
  /// With `cfg`, the align-up idiom (a register defined twice, the second
  /// definition skipped by a branch when the first is already aligned) gives
  /// an anchored address; without it, the two definitions are joined.
  Provenance(const Module &module, const Function &function,
             const CFG *cfg = nullptr);
  AbstractValue evaluate(llvm::StringRef operand) const;
  /// `evaluate`, with the offset of an address (or an integer) narrowed to
  /// its exact range over the CTA's threads when the register is a function
  /// of %tid.x alone: every register on the way defined once, unpredicated,
  /// by integer arithmetic, bit operations, selp and setp. Swizzled
  /// epilogue addresses (`tid & 127` plus a selp on a bit of tid) are the
  /// case: a range per operand adds up what no thread reaches.
  AbstractValue evaluateExact(llvm::StringRef operand) const;
  /// evaluateExact without composing a register's definition.
  AbstractValue evaluateExactDirect(llvm::StringRef operand) const;
  /// `evaluate` and `evaluateExact` of an operand of instruction `index`:
  /// a register defined more than once reads the values of its definitions
  /// that reach the instruction when they are known (an unpredicated one
  /// earlier in its block, or those that reach the block's entry), else
  /// the join of all its definitions.
  AbstractValue evaluateAt(llvm::StringRef operand, unsigned index) const;
  AbstractValue evaluateExactAt(llvm::StringRef operand, unsigned index) const;
  /// Whether evaluateExactAt reads `operand` at instruction `index` as a
  /// function of %tid.x alone: its range is then over the CTA's threads,
  /// each at its own value, not one unknown value of every thread (a stage
  /// index of the loop, a loaded value).
  bool isFunctionOfThread(llvm::StringRef operand, unsigned index) const;
  /// The bytes the threads touch at `operand` (a function of %tid.x,
  /// evaluated per thread): the windows [v, v + width) at the threads'
  /// values v, merged into disjoint runs, in order. False when the
  /// per-thread values are not known (a register defined more than once,
  /// a range the ranges only bound). With `scale`, the windows are at
  /// v * scale (the register scaled by a later `shl` or `mul`).
  /// With `only`, the windows of the threads it marks alone.
  bool threadWindows(llvm::StringRef operand, int64_t width,
                     std::vector<std::pair<int64_t, int64_t>> &runs,
                     int64_t scale = 1,
                     const std::vector<bool> *only = nullptr) const;
  /// The threads along x whose values are computed (the .maxntid/.reqntid
  /// bound, else 1024).
  unsigned threadsAlongX() const { return threadsX; }
  const std::vector<Anchor> &getAnchors() const { return anchors; }
  /// The registers shaped as stage counters (with a CFG).
  const std::vector<CounterShape> &getCounterShapes() const {
    return counterShapes;
  }
  /// The alignment of an address's base (its anchor, or its symbol).
  uint64_t baseAlign(const AbstractValue &v) const;
  /// A constant operand of any 64-bit pattern: an immediate, or a register
  /// whose one definition moves one.
  std::optional<uint64_t> constantOperand(llvm::StringRef operand) const;
  /// Whether `operand` is the executing CTA's rank in its cluster:
  /// %cluster_ctarank, or a register whose one definition, unpredicated,
  /// moves or converts it. `mapa` of an address to that rank names the same
  /// bytes (PTX ISA #data-movement-and-conversion-instructions-mapa: the
  /// corresponding address in the target CTA, here the executing one);
  /// CUTLASS's ClusterBarrier::arrive(cta_id) maps even its own barrier.
  bool isOwnClusterRank(llvm::StringRef operand) const;
  /// The index of the instruction that defines `reg`, if it is the one
  /// definition of it (-1 otherwise).
  int getDefinition(llvm::StringRef reg) const {
    auto it = definitionOf.find(reg);
    return it == definitionOf.end() ? -1 : it->second;
  }
  /// The one definition of `reg` that reaches instruction `at` on every
  /// path, for a register defined more than once (-1 when not known).
  int reachingDefinition(llvm::StringRef reg, unsigned at) const {
    const ReachingDefinitions *defs = localDefinition(reg, at);
    return defs && defs->size() == 1 ? int((*defs)[0]) : -1;
  }
  /// The definitions of a register defined more than once that reach
  /// instruction `at`, where they are known (false otherwise).
  bool reachingDefinitions(llvm::StringRef reg, unsigned at,
                           llvm::SmallVectorImpl<unsigned> &out) const;
  /// Per register, the instructions that define it (name it in a first
  /// operand that is not an address), in text order; at most
  /// kDefinitionsKept, so a list of that size means "that many or more".
  const llvm::StringMap<llvm::SmallVector<unsigned, 2>> &
  getAllDefinitions() const {
    return definitions;
  }
  static constexpr unsigned kDefinitionsKept = 9;
  /// a + b, as the `add` of two registers holding them.
  static AbstractValue add(const AbstractValue &a, const AbstractValue &b);
  /// a * k (k > 0), as a `mul` by that constant: an integer range scaled,
  /// anything else unknown.
  static AbstractValue multiplied(const AbstractValue &a, int64_t k);
  /// The least value holding both.
  static AbstractValue joined(const AbstractValue &a, const AbstractValue &b);
  /// The first pass (docs/ptx-checker.md, First pass): while on,
  /// `evaluateAt` and `evaluateExactAt` give the value a register holds when
  /// control first reaches the instruction, along a path that takes no loop
  /// back edge: each register read takes the definitions that reach it on
  /// such paths (a loop-carried counter, its value from before the loop).
  /// Where that is not known, the value of every pass. Needs the CFG.
  /// With `thread` (>= 0), the registers that are a function of %tid.x
  /// take that thread's value (for an instruction that thread runs).
  void setFirstPass(bool on, int thread = -1) const {
    firstPass = on && cfg;
    firstThread = thread;
  }
  /// Pinned registers (docs/ptx-checker.md, Pinned registers): while set,
  /// each register of `pins` reads as its integer in every evaluation,
  /// every thread's included. FunctionAnalysis pins a register defined
  /// once that a branch on the first-pass way to an access tests for
  /// equality. The values computed before are kept aside and come back at
  /// `unpin`.
  void pin(const llvm::StringMap<int64_t> &pins) const;
  void unpin() const;
  /// A register's offset in each of the first `threads` threads (index
  /// %tid.x), when it is a function of %tid.x alone (see evaluateExact):
  /// into `symbol` (-1: integers) from `anchor`.
  bool threadOffsets(llvm::StringRef operand, unsigned threads, int &symbol,
                     int &anchor, std::vector<int64_t> &values) const;

private:
  /// The align-up idiom of one register: its definitions `first` (the
  /// value X) and `second` (`(Y & -align) + align`, Y == X), the second's
  /// block entered only when X is not aligned.
  struct AlignUp {
    unsigned first = 0, second = 0;
    uint64_t align = 0;
    std::string reg;
    /// The registers the second definition aligns down and the guard tests
    /// (each X again: `reg` itself, or a register equal to X).
    std::string source, guardSource;
  };
  void findAlignUpIdioms(const CFG &cfg);
  AbstractValue alignUp(const AbstractValue &x, uint64_t align) const;
  std::optional<AbstractValue> swizzle(bool isXor, const AbstractValue &a,
                                       const AbstractValue &b) const;
  AbstractValue compute(const Instruction &inst) const;
  std::optional<AbstractValue> descriptorOp(const Instruction &inst) const;
  AbstractValue descriptorStart(AbstractValue v) const;
  using ReachingDefinitions = llvm::SmallVector<unsigned, 2>;
  /// The definitions of `operand` that reach instruction `index`, when
  /// findLocalDefinitions knows them.
  const ReachingDefinitions *localDefinition(llvm::StringRef operand,
                                             unsigned index) const;
  /// An operand of the instruction being evaluated (`evaluateAt` it).
  AbstractValue use(llvm::StringRef operand) const {
    return evaluateAt(operand, evaluating);
  }
  void findLocalDefinitions(const CFG &cfg);
  void recordDefinition(unsigned index, llvm::StringRef reg,
                        const AbstractValue &value);
  std::optional<AbstractValue> selpAlignUp(const Instruction &inst) const;
  AbstractValue firstPassAt(llvm::StringRef reg, unsigned index) const;
  std::optional<bool> knownPredicate(llvm::StringRef operand) const;
  AbstractValue comparison(const Instruction &inst) const;
  AbstractValue firstPassValue(unsigned definition, llvm::StringRef reg) const;
  /// The definitions of `reg` (among `defs`, its definitions) that reach
  /// the entry of each block on paths without back edges; none when more
  /// than a few, or a partial one, may.
  const std::vector<std::optional<llvm::SmallVector<unsigned, 2>>> &
  firstPassReaching(llvm::StringRef reg) const;
  void transfer(const Instruction &inst, unsigned index);
  void assign(llvm::StringRef reg, const AbstractValue &value);
  /// A register's value in each thread of the CTA (index: %tid.x): an
  /// address of `symbol` plus the offsets, or (symbol -1) integers.
  struct ThreadValues {
    int symbol = -1;
    int anchor = -1;
    std::vector<int64_t> values;
    /// Computed through a warp shuffle (`shfl.sync`).
    bool broadcast = false;
  };
  const ThreadValues *threadValues(llvm::StringRef operand,
                                   unsigned depth) const;
  /// The values of the definition of `reg` at instruction `definition`
  /// (-1: its one definition), cached under `key` (empty: reg).
  const ThreadValues *computeThreadValues(llvm::StringRef reg, unsigned depth,
                                          int definition = -1,
                                          llvm::StringRef key = {}) const;
  /// threadValues of an operand read at instruction `at`: a register
  /// defined more than once takes its last definition before `at` in at's
  /// block, when there is one.
  const ThreadValues *threadValuesAt(llvm::StringRef operand, unsigned at,
                                     unsigned depth) const;
  /// The values cached under `key` (a register, or `reg@definition`), if
  /// any; reading a broadcast sets readBroadcast.
  std::optional<const ThreadValues *>
  cachedThreadValues(llvm::StringRef key) const;
  /// computeThreadValues cached under `key`, marked in progress meanwhile.
  const ThreadValues *computeCached(llvm::StringRef reg, llvm::StringRef key,
                                    int definition, unsigned depth) const;
  /// Bit operations on an address from an aligned anchor that only touch
  /// the bits below its alignment (swizzles).
  bool anchoredBits(const Instruction &inst, unsigned depth,
                    ThreadValues &out) const;

  const Module &module;
  const Function &function;
  /// The index of each register's one definition, -1 if defined more than
  /// once (or written as a first operand that is a source).
  llvm::StringMap<int> definitionOf;
  /// Every definition of each register (see getDefinitions).
  llvm::StringMap<llvm::SmallVector<unsigned, 2>> definitions;
  /// The CTA's threads along x (the .maxntid/.reqntid bound, else 1024).
  unsigned threadsX = 1024;
  mutable llvm::StringMap<std::unique_ptr<ThreadValues>> threadCache;
  /// Interned as values are computed (also by the first pass).
  mutable std::vector<Anchor> anchors;
  mutable std::map<std::tuple<int, int, int64_t, uint64_t>, int> anchorIds;
  const CFG *cfg = nullptr;
  mutable bool firstPass = false;
  /// The first pass's value of each definition computed so far (bottom
  /// while in progress).
  /// Per thread focus (-1: none).
  mutable std::map<int, llvm::DenseMap<unsigned, AbstractValue>> firstValues;
  mutable int firstThread = -1;
  mutable llvm::StringMap<
      std::vector<std::optional<llvm::SmallVector<unsigned, 2>>>>
      firstReaching;
  mutable unsigned firstDepth = 0;
  /// The pinned registers, and what was computed without them.
  mutable llvm::StringMap<int64_t> pins;
  struct Unpinned {
    llvm::StringMap<std::unique_ptr<ThreadValues>> threadCache;
    std::map<int, llvm::DenseMap<unsigned, AbstractValue>> firstValues;
    llvm::StringMap<AbstractValue> composedCache;
    // Set by pin: with a default member initializer, clang cannot build
    // the optional before Provenance is complete.
    uint64_t threadBudget;
  };
  mutable std::optional<Unpinned> unpinned;
  std::optional<AbstractValue> pinned(llvm::StringRef reg) const;
  /// Instruction index -> its idiom (first or second definition).
  llvm::DenseMap<unsigned, unsigned> idiomOf;
  std::vector<AlignUp> idioms;
  /// The value X of each idiom's first definition, as far as computed.
  std::vector<AbstractValue> idiomInput;
  mutable uint64_t threadBudget = 0;
  /// Set while computing thread values when one read was a broadcast.
  mutable bool readBroadcast = false;
  llvm::StringMap<AbstractValue> values;
  llvm::StringMap<unsigned> updates;
  std::vector<CounterShape> counterShapes;
  AbstractValue composedExact(llvm::StringRef operand, unsigned depth) const;
  mutable llvm::StringMap<AbstractValue> composedCache;
  /// The `selp` wraps of the counters whose every restart is a constant
  /// below the slots, or `x & m` with m below them (boundedRestart): their
  /// value, [0, slots - 1].
  llvm::DenseMap<unsigned, int64_t> wrapBound;
  bool boundedRestart(unsigned index, int64_t slots) const;
  /// Per instruction: its operand registers defined more than once whose
  /// reaching definitions are known, and those definitions (see
  /// evaluateAt).
  std::vector<
      llvm::SmallVector<std::pair<llvm::StringRef, ReachingDefinitions>, 1>>
      localDefinitions;
  /// The value of each definition some instruction reads that way.
  llvm::DenseMap<unsigned, AbstractValue> definitionValues;
  /// The definitions some instruction reads that way.
  llvm::DenseSet<unsigned> readLocally;
  llvm::DenseMap<unsigned, unsigned> definitionUpdates;
  /// The instruction `transfer` (or the first pass) is evaluating.
  mutable unsigned evaluating = ~0u;
  /// When each register last changed (a count of changes, 0: never).
  llvm::StringMap<unsigned> changedAt;
  unsigned changes = 0;
  bool changed = false;
};

/// The register names in an operand's text: every `%name`, and with
/// `bareNames` also every bare identifier (the registers inline asm
/// declares without `%`, as `.reg .pred SUCCESS`).
void registerNamesIn(llvm::StringRef text,
                     llvm::SmallVectorImpl<llvm::StringRef> &out,
                     bool bareNames = false);

/// The registers an instruction writes (its destination operand; both
/// halves of `%r|%p`, every register of a `{...}` vector).
void getDefinedRegisters(const Instruction &inst,
                      llvm::SmallVectorImpl<llvm::StringRef> &out);

/// Whether `inst` reads the register `reg`: in a source operand, in the
/// address of a first operand, or as its guard.
bool readsRegister(const Instruction &inst, llvm::StringRef reg);

/// `setp`'s comparison `cmp` (eq, ne, lt/lo, le/ls, gt/hi, ge/hs) of two
/// values already read in the comparison's signedness (`T` signed or
/// unsigned); none for another comparison.
template <typename T>
std::optional<bool> compareSetp(llvm::StringRef cmp, T x, T y) {
  if (cmp == "eq")
    return x == y;
  if (cmp == "ne")
    return x != y;
  if (cmp == "lt" || cmp == "lo")
    return x < y;
  if (cmp == "le" || cmp == "ls")
    return x <= y;
  if (cmp == "gt" || cmp == "hi")
    return x > y;
  if (cmp == "ge" || cmp == "hs")
    return x >= y;
  return std::nullopt;
}

/// The decimal integer an operand spells, if it is one.
std::optional<int64_t> immediateOperand(llvm::StringRef operand);

/// Branch correlation (lib/PTX/Predicates.cpp): facts `predicate ==
/// value` about *stable* values, those that are the same at every
/// evaluation in a thread. A forward value numbering gives each register,
/// at each point, an expression over stable leaves (immediates, %tid,
/// %ctaid, %laneid, parameters, symbols, elect.sync's election of a fixed
/// member mask, a shfl.sync.idx of stable values); two registers computed
/// alike are one value, `setp.ne` negates `setp.eq` on the same integer
/// operands, and a register set on two paths that a stable fact tells
/// apart (`mov p, 0; @q bra L; setp p, ...; L:`) is the value `q ? 0 :
/// setp`. A fact about a stable value holds wherever it was learnt.
class PredicateFacts {
public:
  /// Sorted codes `key * 2 + value`.
  using FactSet = std::vector<uint32_t>;

  PredicateFacts(const Function &function, const CFG &cfg);

  /// The facts that hold on every path into block `b`.
  const FactSet &atBlock(unsigned b) const { return blockFacts[b]; }
  /// The facts the edge from block `from` to `to` adds (a conditional
  /// branch on a stable predicate, and what that implies through
  /// not/and/or.pred).
  /// Empty for an edge that does not exist.
  const FactSet &edgeFacts(unsigned from, unsigned to) const;
  /// The facts under which instruction `index` executes (its block's,
  /// and its own `@p` guard).
  FactSet instructionFacts(const CFG &cfg, unsigned index) const;
  /// Whether some fact of `a` is negated in `b`.
  static bool contradicts(const FactSet &a, const FactSet &b);
  /// Whether `facts` make the guard of instruction `index` true (an
  /// unguarded instruction always executes) / false.
  bool implies(const FactSet &facts, unsigned index) const;
  bool excludes(const FactSet &facts, unsigned index) const;

  /// Two-branch correlation of *unstable* predicates (a value read from
  /// memory, a query result): the path `pred -> block -> succ` is
  /// infeasible when the branch that ends `pred` fixes a predicate from
  /// which the branch that ends `block` is computed (through selp, setp,
  /// mov, not.pred in the two blocks, nothing redefined in between), and
  /// that branch then does not go to `succ`. E.g. `selp r, 1, 0, p; @!p bra
  /// L; ...; L: setp.eq q, r, 0; @q bra EXIT`: from the `@!p` edge the
  /// fall-through of `@q` is never taken.
  bool infeasiblePath(unsigned pred, unsigned block, unsigned succ) const;
  /// Whether `block` has an infeasible path through it (worth keeping the
  /// states of its incoming edges apart).
  bool correlated(unsigned block) const {
    return block < correlatedBlocks.size() && correlatedBlocks[block];
  }

private:
  /// A value: an expression node, interned (Predicates.cpp).
  struct Node {
    enum Kind : uint8_t { Unknown, Leaf, Not, And, Or, Op, Ite } kind;
    /// The same at every evaluation in a thread.
    bool stable;
    llvm::SmallVector<unsigned, 3> children;
  };
  friend class ValueNumbering;

  void findInfeasiblePaths(const CFG &cfg);
  /// The fact code of `node == value` (Nots stripped), if `node` is stable.
  std::optional<uint32_t> factCode(unsigned node, bool value) const;
  /// Adds `node == value` and what it implies through not/and/or.
  void addWithConsequences(FactSet &facts, unsigned node, bool value,
                           unsigned depth) const;
  FactSet computeEdgeFacts(const CFG &cfg, unsigned from, unsigned to) const;
  void computeBlockFacts(const CFG &cfg);
  static void unite(FactSet &into, const FactSet &from);

  const Function &function;
  std::vector<Node> nodes;
  /// Per instruction: the value of its guard predicate register there
  /// (Unknown when unguarded or unreached).
  std::vector<unsigned> guardValue;
  std::vector<FactSet> blockFacts;
  std::vector<std::vector<std::pair<unsigned, FactSet>>> edges;
  std::set<std::tuple<unsigned, unsigned, unsigned>> infeasible;
  std::vector<bool> correlatedBlocks;
};

/// Byte range [begin, end) of a shared symbol; symbol -1 is any.
struct SharedRegion {
  int symbol = -1;
  int64_t begin = 0;
  int64_t end = INT64_MAX;
  /// [begin, end) is relative to this anchor of the symbol (-1: its
  /// start), which lies at an unknown offset in [anchorLo, anchorHi].
  int anchor = -1;
  int64_t anchorLo = 0, anchorHi = 0;
  uint64_t anchorAlign = 1;

  bool mayAlias(const SharedRegion &other) const;
  /// Whether the two are relative to the same base (offsets compare).
  bool sameBase(const SharedRegion &other) const {
    return symbol == other.symbol && anchor == other.anchor;
  }
  /// The bytes of the symbol it may cover, relative to the symbol's start.
  SharedRegion widened() const;
  bool operator==(const SharedRegion &other) const {
    return symbol == other.symbol && begin == other.begin &&
           end == other.end && anchor == other.anchor;
  }
  std::string str(const Module &module) const;
};

/// All findings of the module, in text order.
std::vector<Finding> checkPTX(const Module &module);

/// The module's text with the missing fences inserted and the missing
/// completion waits repaired (a `wait_group N` on the way made 0, or a
/// `cp.async.bulk.wait_group.read 0` inserted); `inserted` is the number of
/// fence lines added, `waits` the number of waits strengthened or added.
std::string fixPTX(const Module &module, unsigned &inserted, unsigned &waits);
inline std::string fixPTX(const Module &module, unsigned &inserted) {
  unsigned waits = 0;
  return fixPTX(module, inserted, waits);
}

/// For every proxy fence, in text order: the hazards that appear without it
/// (what it orders), or that it orders none (the fences `checkPTX` calls
/// spurious, by the same probe), and whether its cluster scope is wider
/// than needed.
/// `waits`: when given, receives every `cp.async.bulk.wait_group` and
/// `wgmma.wait_group`, in text order, with what one group more would leave
/// unordered.
std::vector<FenceExplanation>
explainPTX(const Module &module,
           std::vector<WaitExplanation> *waits = nullptr);

} // namespace proxyfence::ptx

#endif // PROXYFENCE_PTX_ANALYSIS_H
