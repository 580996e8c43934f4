//===- FunctionAnalysis.h - one PTX function, resolved (private) -*- C++ -*-===//
//
// What the PTX hazard analyses know about one function: its CFG,
// provenance, predicate facts, the role of each instruction and its shared
// accesses resolved to byte regions, and the queries the findings
// (Findings.cpp) and fix (Fix.cpp) ask: the missing fences, the missing
// completion waits, where a fence goes. Private to lib/PTX.
//
//===----------------------------------------------------------------------===//

#ifndef PROXYFENCE_LIB_PTX_FUNCTIONANALYSIS_H
#define PROXYFENCE_LIB_PTX_FUNCTIONANALYSIS_H

#include "proxyfence/PTX/Analysis.h"

#include "llvm/ADT/StringSet.h"

#include "proxyfence/Engine/Counters.h"
#include "proxyfence/Engine/Frontier.h"
#include "proxyfence/Engine/HandOff.h"

#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/STLFunctionalExtras.h"

#include <map>
#include <set>
#include <tuple>

namespace proxyfence::ptx::detail {

/// How the extent of an access is known (docs/ptx-checker.md, Extents).
enum class Extent : uint8_t {
  /// The instruction's type or size operand.
  Known,
  /// A TMA box, bounded by the expect_tx bytes of its mbarrier.
  ExpectTx,
  /// A TMA box, bounded by the start of the next async buffer of the same
  /// symbol (ring slots and tiles do not overlap one another).
  NextBuffer,
  /// A matrix descriptor's: its start decoded, its end bounded by the
  /// matrix shape and the descriptor's byte offsets and swizzle.
  Descriptor,
  /// Unknown: to the end of the symbol (an undecoded descriptor, an
  /// untraced box).
  Unbounded,
};

/// A loop-carried stage counter (lib/PTX/StageCounters.cpp): a register
/// in [0, slots) that instruction sequences advance by one, wrapping
/// (`add c, c, 1` then `and c, c, S-1`, or `setp.eq p, c, S` and
/// `selp c, 0, c, p`; or the same through `add t, c, 1`: an unrolled loop
/// has one such sequence per copy of its body), and that is otherwise only
/// set to constants below S. S is 1 to 64 (a ring of one slot: always 0).
struct StageCounter {
  std::string reg;
  unsigned slots = 0;
  /// Where it advances: each in-place `add` (its wrap follows before any
  /// other read), or each wrap that reads `add t, c, 1`.
  std::vector<unsigned> advances;
  /// The `mov`s of a constant (each restarts the count).
  std::vector<unsigned> resets;
};

/// An address `rest + counter * stride`: a ring slot chosen by a stage
/// counter. [lo, hi) are the bytes the access may cover with the counter at
/// 0, relative to the start of `symbol` (or of its `anchor`).
struct SlotAddress {
  /// The index register; for Resolved::slot, its stage counter.
  std::string index;
  unsigned counter = 0;
  int64_t stride = 0;
  int symbol = -1, anchor = -1;
  /// The bytes it may touch, from the slot's start.
  int64_t lo = 0, hi = 0;
  /// [lo, sureHi) it surely touches (its offset in the slot one value or
  /// one per thread, and a box's first 16 bytes); sureHi <= lo: unknown.
  int64_t sureHi = 0;
  /// Else, when not empty: the bytes it surely touches, as runs (one per
  /// thread whose windows leave gaps between them), from the slot's start.
  std::vector<std::pair<int64_t, int64_t>> sureRuns;
  /// An mbarrier arrive through `mapa` to a constant CTA rank: that rank
  /// (the slot is of its shared memory; in the CTA of that rank, its own).
  /// -1: the executing CTA's.
  int64_t clusterRank = -1;
};

/// The first bytes two slot addresses of one ring both surely touch, with
/// the index at one value (from the slot's start as SlotAddress::lo).
std::optional<std::pair<int64_t, int64_t>>
commonSureBytes(const SlotAddress &x, const SlotAddress &y);

/// One shared access of an instruction, its bytes resolved.
struct Resolved {
  SharedRegion region;
  /// Set when its address is a ring slot of a stage counter.
  std::optional<SlotAddress> slot;
  /// Set when its address is `rest + r * stride` for a register r that is
  /// not a constant nor a function of %tid.x alone, read with the value r
  /// holds at the access (a ring slot, whatever indexes it): two accesses
  /// of one r value touch the same slot (`counter` unused).
  std::optional<SlotAddress> indexed;
  bool isRead = false;
  bool isWrite = false;
  bool isAsync = false;
  bool isMbarrier = false;
  bool isInval = false;
  /// A matrix descriptor's operand (wgmma, tcgen05.mma).
  bool isDescriptor = false;
  /// Offset and width known (not a TMA box, descriptor or tx bound).
  bool exact = false;
  /// The start offset was traced (else the region is the whole symbol).
  bool offsetKnown = false;
  /// The offset is one value, not a range.
  bool singleOffset = false;
  /// For a range of start offsets: the last start (the first is
  /// region.begin), so that the bytes every start covers can be told.
  int64_t lastStart = 0;
  /// The range of start offsets is over the CTA's threads (the address is
  /// a function of %tid.x alone), not over executions.
  bool threadRange = false;
  /// For a thread range of known width: the bytes the threads touch, as
  /// disjoint runs [begin, end) in order, offsets as the region's. A proof
  /// needs a byte of a run, not of the hull (tid * 64 with 4-byte stores
  /// leaves 60 of every 64 bytes untouched).
  std::vector<std::pair<int64_t, int64_t>> threadRuns;
  /// How many bytes from its start the access surely touches (0: not
  /// known): its width, or the least value of its size operand.
  int64_t sureWidth = 0;
  /// Where the end of the region comes from.
  Extent extent = Extent::Unbounded;
  Scope scope = Scope::CTA;
  Completion completion = Completion::None;
  /// For an async access completing on an mbarrier: the barrier's bytes.
  std::optional<SharedRegion> barrier;
  /// For a decoded descriptor (Extent::Descriptor): the bytes the matrix
  /// surely includes (empty when the swizzle may move them).
  SharedRegion sure;
  /// For a decoded descriptor of one start: windows of bytes in each of
  /// which the matrix surely reads some (its first row's first 16 bytes,
  /// wherever the swizzle moves them in their line; with a 128-byte
  /// swizzle, each line of its first atom).
  std::vector<SharedRegion> touches;
  /// For a decoded descriptor: whether its shape and fields bound its end
  /// (else only the end of the symbol does).
  bool boundedByShape = false;
  /// For a decoded swizzled descriptor: its base is declared less than
  /// 128-byte aligned, so its bytes may begin up to 112 before its start.
  uint64_t descriptorBaseAlign = 0;
};

/// Why a generic access is still unordered when an async access comes
/// (the engine's).
using engine::Unordered;

/// Bytes a first-pass proof found, and the threads it took (threads 0:
/// those every launch has; else [lowest, threads) of the .maxntid bound).
struct FirstPassBytes {
  std::optional<SharedRegion> bytes;
  unsigned lowest = 0, threads = 0;
};

struct Hazard {
  unsigned generic, async; // instruction indices
  unsigned genericAccess, asyncAccess;
  HazardKind kind;
  /// The scope the fence needs.
  Scope scope;
  Unordered why = Unordered::NoFence;
  /// The async op is in code no path from the generic access reaches and
  /// that reaches no path to it: another warp role (docs/proxy-model.md,
  /// Concurrency). Its order goes through mbarriers the checker does not
  /// match, so it is reported as an unproven ordering.
  bool crossRole = false;
  /// For a cross-role hazard proven through one mbarrier (docs/ptx-checker.md,
  /// Hand-offs): the `mbarrier.arrive` the generic access reaches unfenced,
  /// and the wait on the same barrier after which the other role issues the
  /// async op with no fence and no other synchronization between.
  std::optional<unsigned> release, acquire;
  /// The hand-off is through a ring of mbarriers (docs/ptx-checker.md,
  /// Hand-offs through rings): the generic access and the arrive read one
  /// stage counter, the wait and the async op another, at the same barrier
  /// slot, so both accesses are of the same ring slot, whose bytes they
  /// surely both touch.
  bool sameSlot = false;
  /// A hand-off through a ring slot proven by the first execution of the
  /// generic access (handOffMeetsOnFirstPass): the bytes it found.
  FirstPassBytes firstPass;
};

struct CompletionHazard {
  unsigned write, async;
  unsigned writeAccess, asyncAccess;
  Completion completion;
  /// For a write of another warp role (a hand-off): the `mbarrier.arrive`
  /// the issuing thread reached with the read still pending, and the wait
  /// on the same barrier that the write follows (docs/ptx-checker.md,
  /// Hand-offs).
  std::optional<unsigned> release, acquire;
  /// Some instance of the read still pending at the write is of the same
  /// ring slot (its stage counter advanced a multiple of the slots since).
  bool sameSlot = false;
};

/// Options of one run: fences ignored or narrowed (probes) and virtual
/// fences placed before instructions (fix).
struct RunOptions {
  std::set<unsigned> ignored;
  std::set<unsigned> narrowed;
  std::map<unsigned, Scope> virtualFences;
  /// See findHazards' `observed`.
  std::optional<unsigned> observe;
  /// Completion waits (`wait_group N`) read as `wait_group N+1` (explain's
  /// probes).
  std::set<unsigned> weakened;
};

/// What the checker knows of the role that waits on an arrive a read is
/// pending at (docs/ptx-checker.md, Hand-offs).
enum class HandOff : uint8_t {
  /// An mbarrier of one traced address, matched to the waits on it: check
  /// reports what the waiting roles write over the read.
  Matched,
  /// No role that may wait on the barrier writes bytes the read may cover
  /// (before its next synchronization).
  NoOverlap,
  /// No wait of the function may wait on the barrier.
  NoWait,
  /// A role that may wait on the barrier writes bytes the read may cover,
  /// and the barrier is not one traced address (a ring of barriers), so
  /// which of its writes follows this arrive is not known.
  Unmatched,
  /// A `bar.arrive` or `barrier.cluster.arrive`: the threads that wait at
  /// the barrier are not matched to it.
  NamedBarrier,
  /// Matched, and no write before the waiting role's next synchronization
  /// covers the read, but one after it may (which that synchronization is
  /// taken to order).
  Beyond,
};

/// Whether the checker follows the waiting side of a hand-off.
inline bool isFollowed(HandOff handOff) {
  return handOff == HandOff::Matched || handOff == HandOff::NoOverlap;
}

/// An async read a thread still has pending when it reaches an arrive that
/// another thread or warp role may wait on: an `mbarrier.arrive` or a
/// `bar.arrive`/`barrier.cluster.arrive`.
struct PendingAtArrive {
  unsigned arrive, read;
  HandOff handOff = HandOff::Matched;
  bool operator<(const PendingAtArrive &o) const {
    return std::tie(arrive, read) < std::tie(o.arrive, o.read);
  }
};

/// Byte runs [begin, end), sorted, with overlapping or touching runs
/// joined (lib/PTX/FirstPass.cpp).
std::vector<std::pair<int64_t, int64_t>>
mergeRuns(std::vector<std::pair<int64_t, int64_t>> runs);

/// Everything the analyses need about one function.
class FunctionAnalysis {
public:
  FunctionAnalysis(const Module &module, const Function &function)
      : module(module), function(function), cfg(buildCFG(function)),
        provenance(module, function, &cfg), predicates(function, cfg) {
    findStageCounters();
    resolveAll();
  }

  /// `observed`: when given, receives the generic accesses (instruction,
  /// access) not yet fenced on some path to the instruction
  /// `options.observe`.
  std::vector<Hazard> findHazards(
      const RunOptions &options,
      std::vector<std::pair<unsigned, unsigned>> *observed = nullptr) const;
  bool publishesToOtherRoles(unsigned i) const;
  /// The generic keys pending unfenced at each `mbarrier.arrive` whose
  /// barrier is one traced address or one slot of a ring of barriers.
  using UnfencedAtArrive = std::map<unsigned, llvm::BitVector>;
  void addCrossRoleHazards(const llvm::BitVector &unfenced,
                           const UnfencedAtArrive &atArrive,
                           const RunOptions &options,
                           std::vector<Hazard> &hazards) const;
  /// Marks Hazard::sameSlot on the hazards whose two accesses are slots of
  /// one stage counter that surely meet when the counter is one value, and
  /// between which a path avoids every proxy fence and every advance or
  /// reset of the counter (lib/PTX/StageCounters.cpp).
  void markSameCounterSlots(const RunOptions &options,
                            std::vector<Hazard> &hazards) const;
  /// The generic keys pending unfenced on every path to each of `points`
  /// (instructions): a must analysis, any proxy fence clearing all.
  std::map<unsigned, llvm::BitVector>
  mustPendingAt(const RunOptions &options,
                llvm::ArrayRef<unsigned> points) const;
  /// The async accesses (instruction, access) issued after the mbarrier
  /// wait `w` before any proxy fence or other synchronization (an mbarrier
  /// wait, an execution barrier waited at) on some path; the fences are
  /// those of `options` (ignored ones do not stop it, virtual ones do).
  std::vector<std::pair<unsigned, unsigned>>
  asyncAfterWait(unsigned w, const RunOptions &options) const;
  /// The bytes of the mbarrier the tcgen05.commit at `commit` signals.
  SharedRegion commitBarrier(unsigned commit) const;
  /// The barriers of the tcgen05.commits the read at instruction `read`
  /// reaches (in its block after it, or in a block its block reaches).
  const std::vector<SharedRegion> &commitBarriersAfter(unsigned read) const;
  /// The blocks an async op's block reaches (`from`) and that reach it
  /// (`to`), computed once per block, when needed.
  struct AsyncReach {
    llvm::BitVector from, to;
  };
  const AsyncReach &getAsyncReach(unsigned block) const;
  /// The blocks from which a path without back edges reaches `block`.
  const llvm::BitVector &getAcyclicReach(unsigned block) const;
  /// Whether instruction `to` may run after instruction `from` in one
  /// thread: later in its block, or in a block its block reaches.
  bool reaches(unsigned from, unsigned to) const {
    unsigned bf = cfg.blockOf[from], bt = cfg.blockOf[to];
    return (bf == bt && from < to) || getAsyncReach(bf).from.test(bt);
  }
  /// What explain's wait probes ask of a completion run.
  struct CompletionTrace {
    /// The reads pending at arrives.
    std::set<PendingAtArrive> arrives;
    /// The reads a weakened wait (`RunOptions::weakened`) leaves pending
    /// that the wait as written completes.
    std::set<unsigned> lengthened;
  };
  std::vector<CompletionHazard>
  findCompletionHazards(const RunOptions &options = {},
                        CompletionTrace *trace = nullptr) const;
  /// Whether instruction `i` is an execution barrier its threads wait at
  /// (`bar.sync`, `barrier.cluster.wait`, ...; not an arrive).
  bool waitsAtBarrier(unsigned i) const {
    return roles[i].role == Role::ExecutionBarrier &&
           !llvm::StringRef(function.instructions[i].opcode).contains("arrive");
  }
  /// Whether access `a` of instruction `i` is an async read the completion
  /// dataflow does not track (a matrix descriptor whose start is not
  /// decoded).
  bool isUntrackedRead(unsigned i, unsigned a) const;
  /// The 8 bytes of the mbarrier instruction `i` when its address is one
  /// traced offset (not a range, not an unknown address).
  std::optional<SharedRegion> exactBarrier(unsigned i) const;
  /// Where a fence for the async op at `async` goes (an instruction index
  /// before which to insert); see docs/proxy-model.md.
  unsigned getInsertionPoint(unsigned async,
                             llvm::ArrayRef<unsigned> generics) const;

  const Module &module;
  const Function &function;
  CFG cfg;
  Provenance provenance;
  PredicateFacts predicates;
  std::vector<Classification> roles;
  std::vector<std::vector<Resolved>> accesses;
  /// The generic accesses (instruction, access), numbered: the bits of the
  /// fence dataflow's state; `keyOf[i][a]` is the number of access a of
  /// instruction i (meaningful for generic ones).
  std::vector<std::pair<unsigned, unsigned>> keys;
  std::vector<std::vector<unsigned>> keyOf;
  /// The fence rules over `keys` (which of them reach other CTAs), read
  /// by the generic access's state space.
  std::optional<engine::FenceRules> fenceRules;
  /// The bytes tcgen05.alloc writes the TMEM address into (traced).
  std::vector<SharedRegion> tmemAddressSlots;
  std::vector<StageCounter> counters;
  /// Instruction index -> the counter it advances (its `add`).
  std::map<unsigned, unsigned> advances;
  /// Instruction index -> the counter it resets.
  std::map<unsigned, unsigned> resets;
  /// Whether two accesses whose reads are `delta` advances of their common
  /// stage counter apart (-1: unknown) are in different ring slots, so their
  /// bytes are disjoint.
  bool inDifferentSlots(const Resolved &a, const Resolved &b, int delta) const;
  /// Whether two such accesses are in the same slot (`delta` a multiple of
  /// the slots) and surely touch a common byte of it.
  bool surelyMeetInSlot(const Resolved &a, const Resolved &b, int delta) const;
  /// Bytes an access of instruction `first` and one of `second` both
  /// surely touch on the first pass (lib/PTX/FirstPass.cpp): both reached
  /// under uniform control, `second` after `first` with no proxy fence
  /// between on a path without back edges (with `acrossFences`, fenced or
  /// not: a completion hazard), and exact offsets there (one
  /// value, or one per thread of the `threads` surely running). Those bytes,
  /// when there are.
  ///
  /// Where the CTA's size is only bounded (`.maxntid`, no `.reqntid`) and
  /// the threads every launch has (thread 0, the first warp) do not prove
  /// it, each warpgroup [128 g, 128 g + 128) of the bound in turn: a warp
  /// role's threads. `minThreads` (when given) is then set to 128 g + 128,
  /// the CTA size the proof assumes (0: none).
  std::optional<SharedRegion> provenOnFirstPass(unsigned first,
                                                unsigned firstAccess,
                                                unsigned second,
                                                unsigned secondAccess,
                                                bool acrossFences = false,
                                                unsigned *minThreads =
                                                    nullptr) const;
  /// A window of bytes in which the async access (`async`, `asyncAccess`)
  /// surely touches some byte, all of whose bytes the generic accesses of
  /// `chain` (in program order, in one block, none predicated, no proxy
  /// fence between them) surely touch together on the first pass, the
  /// async access reached from the last of them as provenOnFirstPass asks.
  /// On that path the chain's accesses all ran, in the same threads, so one
  /// of them meets the async access (docs/ptx-checker.md, Chains).
  /// A wgmma is run by a whole warpgroup (.sync.aligned): when the CTA's
  /// size is only bounded (.maxntid), the warpgroup of threads [128 g,
  /// 128 g + 128) that takes the way to both may be the one evaluated, for
  /// a CTA of at least 128 g + 128 threads, which `minThreads` names (0:
  /// the threads every launch has).
  struct ChainWitness {
    SharedRegion bytes;
    unsigned minThreads = 0;
    /// Pinned registers the proof took (pathPins): then it holds in every
    /// warpgroup that is not surely kept off the way, minThreads naming the
    /// first.
    std::string pinned;
  };
  std::optional<ChainWitness>
  chainMeetsOnFirstPass(llvm::ArrayRef<std::pair<unsigned, unsigned>> chain,
                        unsigned async, unsigned asyncAccess,
                        bool acrossFences) const;

  /// The ring slot of the one barrier instruction `i` reads: 8 bytes, one
  /// offset in the slot.
  const SlotAddress *barrierSlot(unsigned i) const;

  /// Across a hand-off (the generic access of one role reaches an arrive
  /// unfenced, the async access follows a wait on it in another role): the
  /// bytes the generic access (g, ga) surely touches in its first
  /// execution, by the threads of its role that surely run it there, that
  /// the async access (j, ja) surely touches in every execution (one
  /// offset, the same each time: whichever execution follows the wait).
  /// The threads tried: those every launch has, then, where the CTA's size
  /// is only bounded (.maxntid), each warp [32 w, 32 w + 32) of the bound,
  /// which `lowest` and `threads` name (threads 0: the first group).
  std::optional<SharedRegion>
  handOffMeetsOnFirstPass(unsigned g, unsigned ga, unsigned j, unsigned ja,
                          unsigned *lowest = nullptr,
                          unsigned *threads = nullptr) const;

  /// For a write (i, a) of a ring slot whose address is a function of the
  /// index register `index` alone (every other register on the way defined
  /// once; %tid.x and parameters as they are): whether, with the index at
  /// some value k of its stage counter, the threads of its role that
  /// surely run it (as handOffMeetsOnFirstPass tries them) touch bytes of
  /// `sure` shifted by k slots of `stride` (what the other access surely
  /// touches in slot k). Every execution with the index at k touches those
  /// bytes, so none depends on which execution it is. With `slot`, k is
  /// that slot and `sure` is already placed in it.
  bool meetsInEverySlotExecution(
      unsigned i, unsigned a, llvm::StringRef index, const SharedRegion &sure,
      int64_t stride, std::optional<int64_t> slot = std::nullopt) const;
  /// The same for access (i, a) of ring slot `x` against what the slot
  /// address `y` (of the same ring) surely touches in each slot.
  bool meetsInEverySlotExecution(unsigned i, unsigned a, const SlotAddress &x,
                                 const SlotAddress &y) const;
  /// Whether whatever bytes access (i, a) of ring slot `x` touches in a
  /// slot (its sure width `width`) meet what `y` surely touches in the
  /// same slot: every window of that width within x's in-slot range, or
  /// else each thread's own bytes with the index pinned
  /// (meetsInEverySlotExecution).
  bool meetsInSlot(unsigned i, unsigned a, int64_t width, const SlotAddress &x,
                   const SlotAddress &y) const;

  /// For an access whose offset is a function of the thread: the bytes
  /// the threads that surely run it touch (runs in order), or nothing
  /// when no thread surely does (Findings.cpp's proofs of a meeting).
  const std::optional<std::vector<std::pair<int64_t, int64_t>>> &
  sureThreadRuns(unsigned i, unsigned a) const;
private:
  /// What an access surely touches on the first pass: all the bytes of
  /// `all`, and some byte of each of `windows`.
  struct SureBytes {
    int symbol = -1, anchor = -1;
    std::vector<std::pair<int64_t, int64_t>> all;
    std::vector<SharedRegion> windows;
  };
  /// The threads that run an instruction on the first pass: of
  /// `threads`, those whose way there lets them through; with `elected`,
  /// only the lane elect.sync chose in each warp all of whose lanes are
  /// among them (the guard has an election in it).
  struct Runners {
    std::vector<bool> threads;
    bool elected = false;
  };
  std::optional<SureBytes> sureBytes(unsigned i, unsigned a,
                                     const Runners &runners) const;
  mutable std::map<std::pair<unsigned, unsigned>,
                   std::optional<std::vector<std::pair<int64_t, int64_t>>>>
      sureThreadRunsCache;
  std::optional<SureBytes> computeSureBytes(unsigned i, unsigned a,
                                            const Runners &runners) const;
  mutable std::map<std::tuple<unsigned, unsigned, bool, std::vector<bool>>,
                   std::optional<SureBytes>>
      sureBytesCache;
  /// handOffMeetsOnFirstPass's groups of threads for one generic access,
  /// with the bytes each surely touches on the first pass.
  struct FirstPassGroup {
    unsigned lowest, threads;
    SureBytes bytes;
  };
  mutable std::map<std::pair<unsigned, unsigned>, std::vector<FirstPassGroup>>
      firstPassGroups;
  /// chainMeetsOnFirstPass for threads [lowest, n).
  std::optional<SharedRegion>
  chainMeetsFor(llvm::ArrayRef<std::pair<unsigned, unsigned>> chain,
                unsigned async, unsigned asyncAccess, unsigned n,
                unsigned lowest) const;
  /// The threads provenOnFirstPass takes as surely running a pair of
  /// instructions: the required CTA shape, or the warpgroup a wgmma needs.
  unsigned firstPassThreads(unsigned first, unsigned second) const;
  std::optional<SharedRegion>
  meetOnFirstPass(unsigned first, unsigned firstAccess,
                  const Runners &firstThreads, unsigned second,
                  unsigned secondAccess, const Runners &secondThreads) const;
  /// Whether a register may hold different values in the threads of a CTA
  /// (it depends on %tid, a load, a vote, ...).
  bool isVarying(llvm::StringRef reg) const;
  /// Of the first `n` threads, those that reach instruction `i` and run it
  /// (its guard true), when every branch and exit on the way is the same
  /// in all threads (taken to go this way), a function of %tid.x, or an
  /// election (then only the elected lanes run it); none if that is not
  /// known or no thread does.
  /// Of threads [lowest, n), those that surely take the way to instruction
  /// `i` on the first pass.
  /// With `undetermined`, set when none is returned because the way is
  /// not known (rather than no thread taking it).
  std::optional<Runners> threadsReaching(unsigned i, unsigned n,
                                         unsigned lowest = 0,
                                         bool *undetermined = nullptr) const;
  std::optional<Runners> computeThreadsReaching(unsigned i, unsigned n,
                                                unsigned lowest,
                                                bool *undetermined) const;
  mutable std::map<std::tuple<unsigned, unsigned, unsigned>,
                   std::pair<std::optional<Runners>, bool>>
      reachingCache;
  /// Pinned registers (docs/ptx-checker.md): on the first pass each
  /// instruction runs at most once, so a register defined once holds one
  /// value all along a path. A branch on every first-pass way to
  /// instruction `i` (its block dominating i's, one successor leading to
  /// i) on `setp.eq|ne p, r, imm`, `r` and `p` defined once and
  /// unpredicated, tells r's value wherever i is reached: `r == imm`.
  /// Also i's own guard. The registers, and in `predicates` the guards
  /// that pin them (true on the way to i, in every thread that takes it).
  struct Pins {
    llvm::StringMap<int64_t> values;
    llvm::StringSet<> guards;
    /// For messages: "%r18 = 1 (line 15331)", ...
    std::string text;
  };
  Pins pathPins(unsigned i) const;
  /// Whether no thread of [lowest, n) gets to instruction `i` on the
  /// first pass: a block on every way there ends in a branch whose guard,
  /// known in each of those threads, sends all of them off the way.
  bool surelyOffWay(unsigned i, unsigned n, unsigned lowest) const;
  /// For block `b` ending in a conditional branch: true when only its
  /// taken edge leads on (`leads` of the successor), false when only its
  /// fall-through does; none when both or neither.
  std::optional<bool> onlyLeadingEdge(
      unsigned b, llvm::function_ref<bool(unsigned)> leads) const;
  /// The conditional branches every first-pass way to instruction `i`
  /// passes (their blocks dominate i's) that lead there by one edge only:
  /// `visit(branch, value)` with the value of its predicate on the way to
  /// i, until it returns false.
  void decidingBranches(
      unsigned i, llvm::function_ref<bool(unsigned, bool)> visit) const;
  /// While a proof runs under pins: the guards that hold on its way.
  mutable const llvm::StringSet<> *pinnedGuards = nullptr;
  /// Clears in `threads` those in which predicate `pred` is not `want`;
  /// sets `elected` where it is true only in elect.sync's lane; false
  /// when that is not known.
  /// `at`: the instruction that reads `pred` (its reaching definitions
  /// decide whether it varies), or -1.
  bool requireThreads(llvm::StringRef pred, bool want,
                      std::vector<bool> &threads, unsigned depth,
                      bool &elected, int at = -1) const;
  /// Whether `reg` as instruction `at` reads it may differ between the
  /// threads of a CTA: some definition of it reaching `at` produces a
  /// varying value or reads one (isVarying, by reaching definitions where
  /// the provenance knows them: a uniform flag that another branch of the
  /// kernel also computes from a thread's own load).
  bool isVaryingAt(llvm::StringRef reg, unsigned at) const;
  /// Per instruction, as a definition: 0 not known yet, 1 varies, 2 does
  /// not (isVaryingAt).
  mutable std::vector<uint8_t> varyingDefinitions;
  /// Whether lanes 0-31 surely exist: thread 0 runs an elect.sync over
  /// all 32 lanes, which waits for each of them.
  bool firstWarpWhole() const;
  mutable std::optional<bool> firstWarpIsWhole;
  /// Whether `to` follows `from` on a path without back edges and with no
  /// proxy fence.
  bool reachesUnfenced(unsigned from, unsigned to) const;
  mutable std::optional<llvm::StringSet<>> varying;
  mutable std::map<unsigned, AsyncReach> asyncReach;
  /// Per block: the blocks with a path to it that takes no back edge.
  mutable std::map<unsigned, llvm::BitVector> acyclicReach;
  /// Hand-off facts that do not depend on the completion state (found
  /// once, shared by explain's probes).
  struct HandOffFacts {
    /// The writes (instruction, access) after each wait, up to the next
    /// synchronization.
    std::map<unsigned, std::vector<std::pair<unsigned, unsigned>>> writes;
    /// The same, through every synchronization up to the wait itself.
    std::map<unsigned, std::vector<std::pair<unsigned, unsigned>>> through;
    /// The barriers the tcgen05.commits a read's issue reaches signal.
    std::map<unsigned, std::vector<SharedRegion>> commitBarriers;
    /// The mbarrier waits and their barriers' bytes.
    std::optional<std::vector<std::pair<unsigned, SharedRegion>>> waits;
    /// The verdict for a read pending at an arrive not matched exactly:
    /// (arrive, read instruction, access) -> NoWait, NoOverlap or
    /// Unmatched.
    std::map<std::tuple<unsigned, unsigned, unsigned>, HandOff> verdicts;
    /// The numbers the engine compares barriers by: one barrier by its
    /// bytes (symbol, anchor, offset); a ring by its slot address
    /// (symbol, anchor, stride, first slot).
    std::map<std::tuple<int, int, int64_t>, unsigned> barrierNumbers;
    std::map<std::tuple<int, int, int64_t, int64_t>, unsigned> ringNumbers;
  };
  mutable HandOffFacts handOffFacts;
  /// The writes after a wait, up to the next synchronization, or with
  /// `through` up to the wait itself.
  const std::vector<std::pair<unsigned, unsigned>> &
  writesAfterWait(unsigned wait, bool through = false) const;
  const std::vector<std::pair<unsigned, SharedRegion>> &mbarrierWaits() const;
  /// Whether the write (i, a) is another role's than the arrive's and may
  /// overwrite the read.
  bool overwritesRead(unsigned arrive, std::pair<unsigned, unsigned> read,
                      unsigned i, unsigned a) const;
  /// The barrier the arrive or wait `i` names, for the engine's hand-off
  /// rules: one traced barrier (exactBarrier), a slot of a ring
  /// (barrierSlot), both, or neither.
  engine::BarrierName barrierName(unsigned i) const;
  /// Through a ring one side names by one barrier (meeting.slot): whether
  /// the generic access `generic` of instruction `g` and the async one of
  /// `j` are of that slot and meet in it.
  /// The index of `access` among instruction `i`'s.
  unsigned accessIndex(unsigned i, const Resolved &access) const;
  bool sameConstantSlot(const Resolved &generic, unsigned g,
                        const Resolved &async, unsigned j,
                        const engine::Meeting &meeting,
                        const RunOptions &options,
                        FirstPassBytes *witness = nullptr) const;
  /// An access (instruction, its access) as one number, for the engine.
  static uint64_t accessNumber(unsigned i, unsigned a) {
    return (static_cast<uint64_t>(i) << 32) | a;
  }
  static std::pair<unsigned, unsigned> accessOfNumber(uint64_t number) {
    return {static_cast<unsigned>(number >> 32),
            static_cast<unsigned>(number & 0xffffffffu)};
  }
  HandOff followHandOff(unsigned arrive, const SharedRegion &barrier,
                        std::pair<unsigned, unsigned> read) const;
  void resolveAll();
  void findStageCounters();
  /// The address operand as `rest + r * stride`: r a stage counter
  /// (`counter`, Resolved::slot) or any index register (Resolved::indexed).
  std::optional<SlotAddress> resolveIndexed(const Instruction &inst,
                                            unsigned operand,
                                            std::optional<uint64_t> width,
                                            bool boxBoundedBySlot,
                                            bool counter) const;
  SharedRegion resolveAddress(const Instruction &inst, unsigned operand,
                              std::optional<uint64_t> width, bool *remote,
                              bool *offsetKnown = nullptr,
                              bool *single = nullptr,
                              int64_t *lastStart = nullptr,
                              bool *threadRange = nullptr,
                              std::vector<std::pair<int64_t, int64_t>>
                                  *threadRuns = nullptr) const;
  Resolved resolveAccess(const Instruction &inst, const Access &access,
                         const std::optional<SharedRegion> &barrier) const;
  /// The index of one of this function's instructions.
  unsigned indexOf(const Instruction &inst) const {
    return static_cast<unsigned>(&inst - function.instructions.data());
  }
  void boundBoxes();
  void boundDescriptor(const Instruction &inst, const Access &access,
                       Resolved &resolved) const;
  std::optional<uint64_t> barrierBytes(const SharedRegion &barrier) const;
  bool isFence(unsigned index, const RunOptions &options, Scope &scope) const;
  bool inLoopWith(unsigned block, unsigned other) const;
  /// Whether no path from instruction `from` to instruction `to` (ending
  /// there) passes a definition of register `reg`: at `to` it holds the
  /// value it had at `from`.
  bool registerUnchanged(llvm::StringRef reg, unsigned from,
                         unsigned to) const;
  bool computeRegisterUnchanged(llvm::StringRef reg, unsigned from,
                                unsigned to) const;
  mutable std::map<std::tuple<std::string, unsigned, unsigned>, bool>
      unchangedCache;
  /// Whether the arrive `arrive`, of the ring slot `released` indexes,
  /// releases the slot that index register `x` held at instruction `g`:
  /// the same register, unchanged between; or a stage counter that lags
  /// x's (engine::counterDifference), such that every path from `g`
  /// reaches, with no proxy fence of `options` on the way, an arrive of
  /// that ring whose index then holds x's value at `g`, `arrive` among
  /// them (engine::mustReachSlotArrive).
  bool releasesSlotOf(llvm::StringRef x, unsigned g,
                      const SlotAddress &released, unsigned arrive,
                      const RunOptions &options) const;
  /// Whether the arrive `arrive` (of the ring slot `released` indexes, by
  /// a stage counter) releases slot `slot`: every path from `g` reaches,
  /// with no proxy fence of `options` on the way, an arrive of that ring
  /// while its counter holds `slot`, `arrive` among them; the counter's
  /// value at `g` known (engine::counterValue). For a generic access of
  /// one offset, in that slot.
  bool releasesConstantSlot(unsigned g, int64_t slot,
                            const SlotAddress &released, unsigned arrive,
                            const RunOptions &options) const;
  /// The walk of both: from `g`, with counter `idY` minus the slot's index
  /// at `delta`.
  bool lagWalkReaches(unsigned g, unsigned idY, unsigned delta,
                      const SlotAddress &released, unsigned arrive,
                      const RunOptions &options) const;
  /// What instruction `i` does to stage counter `id`.
  engine::CounterEffect counterEffect(unsigned id, unsigned i) const;
  /// The stage counter held in register `reg`, if any.
  const StageCounter *counterIn(llvm::StringRef reg) const;
  /// Each instruction's successors, for the engine's walks: the next in
  /// its block, or the first of each successor block.
  llvm::ArrayRef<unsigned> pointSuccessors(unsigned i) const;
  mutable std::vector<unsigned> pointNextStart, pointNext;
  /// Per pair of counters (x, y): x - y before each instruction.
  mutable std::map<std::pair<unsigned, unsigned>,
                   std::vector<std::optional<unsigned>>>
      counterDifferences;
  /// Per counter: its value before each instruction.
  mutable std::map<unsigned, std::vector<std::optional<unsigned>>>
      counterValues;
  /// Per (instruction, counter y, y - x, ring barrier slot): the arrives a
  /// lag walk reaches, and the instructions it passes (where a fence of a
  /// run's options stops it); no arrives when the walk fails.
  struct LagWalk {
    std::vector<unsigned> arrives, passed;
  };
  mutable std::map<std::tuple<unsigned, unsigned, unsigned, int, int,
                              int64_t, int64_t, int64_t>,
                   LagWalk>
      lagWalks;
  bool mayMoveAbove(unsigned i, unsigned async,
                    llvm::ArrayRef<unsigned> generics) const;
};

/// Visits the instructions after `from` on every CFG path, each once, up to
/// (not including) the first one on the path for which `stops` holds.
template <typename Stops, typename Visit>
void walkAfter(const CFG &cfg, unsigned from, Stops stops, Visit visit) {
  llvm::BitVector reached(cfg.blocks.size());
  std::vector<std::pair<unsigned, unsigned>> work = {
      {cfg.blockOf[from], from + 1}};
  while (!work.empty()) {
    auto [b, start] = work.back();
    work.pop_back();
    bool stopped = false;
    for (unsigned i = start; i != cfg.blocks[b].end; ++i) {
      if ((stopped = stops(i)))
        break;
      visit(i);
    }
    if (stopped)
      continue;
    for (unsigned s : cfg.blocks[b].successors)
      if (!reached.test(s)) {
        reached.set(s);
        work.push_back({s, cfg.blocks[s].begin});
      }
  }
}

/// An mbarrier instruction on the barrier an async op completes on never
/// conflicts with that op (docs/proxy-model.md).
bool isOwnBarrier(const Resolved &generic, const Resolved &async);
/// Whether a generic and an async access form a hazard if unordered: not
/// both reads, bytes that may alias, and not an mbarrier instruction on the
/// async op's own barrier.
bool mayConflict(const Resolved &generic, const Resolved &async);
/// Whether the bytes of access `ai` of instruction `i` and access `aj` of
/// `j` are proven to overlap (both resolved and the bytes they surely
/// touch meet; lib/PTX/Findings.cpp).
bool isProven(const FunctionAnalysis &fa, unsigned i, unsigned ai, unsigned j,
              unsigned aj);
/// The tensormap proxy's missing fences of one function: a tensor map
/// rewritten by generic stores and then read by a TMA, in a function with no
/// fence.proxy.tensormap::generic acquire (lib/PTX/Tensormaps.cpp).
void addTensormapFindings(const FunctionAnalysis &fa,
                          std::vector<Finding> &out);
/// fix's repair of those: the TMA instructions (indices) before which the
/// release and the acquire of their map go.
std::vector<unsigned> placeTensormapFences(const FunctionAnalysis &fa);
/// The tensor-map address of a TMA instruction's `[map, {...}]` operand.
std::string tensormapOperand(const Instruction &inst);
/// The op record of a finding for `inst`.
OpInfo describe(const Module &module, const Instruction &inst);
/// The bytes an access surely touches (Findings.cpp).
SharedRegion provenRegion(const Resolved &r);
/// The displacement of a memory operand's inside (`%r1+16`: 16), and its
/// base (`%r1`).
int64_t parseDisplacement(llvm::StringRef inside, llvm::StringRef &base);
/// The fence instruction of `scope`, with its `;`.
std::string fenceText(Scope scope);

} // namespace proxyfence::ptx::detail

#endif // PROXYFENCE_LIB_PTX_FUNCTIONANALYSIS_H
