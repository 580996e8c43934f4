//===- Frontier.h - the proxy-fence rules, for any IR -----------*- C++ -*-===//
//
// The one statement of when a generic shared-memory access is ordered
// before a later async-proxy access of the same bytes (docs/proxy-model.md):
// the vocabulary (fence scopes, hazard kinds), the lattice of generic
// accesses not yet fenced, and its transfer functions (a generic access, a
// proxy fence of either scope, a barrier.cluster.arrive, an mbarrier
// invalidation) and queries (which pending accesses an async access of
// some reach is unordered after, and why; the scope the fence needs).
//
// The TTGIR analyses (lib/Analysis) and the PTX checker (lib/PTX) both
// number their generic accesses and run these rules over their own control
// flow; neither states a rule of its own. Plain C++ on LLVM ADT: no MLIR,
// so the PTX launcher stays light.
//
//===----------------------------------------------------------------------===//

#ifndef PROXYFENCE_ENGINE_FRONTIER_H
#define PROXYFENCE_ENGINE_FRONTIER_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace proxyfence {

/// What a proxy fence orders: `fence.proxy.async.shared::cta` or
/// `::cluster`; also the reach of an access (its own CTA's shared memory, or
/// other CTAs' too).
enum class Scope : uint8_t { CTA, Cluster };

inline Scope wider(Scope a, Scope b) {
  return a == Scope::Cluster || b == Scope::Cluster ? Scope::Cluster
                                                    : Scope::CTA;
}

enum class HazardKind : uint8_t {
  /// Generic write, then async read of the same bytes.
  RAW,
  /// Generic read, then async write.
  WAR,
  /// Generic write, then async write.
  WAW,
};

llvm::StringRef stringifyHazardKind(HazardKind kind);

/// The hazard a generic access and a later async access of bytes they may
/// share form when unordered; none when both only read.
std::optional<HazardKind> getHazardKind(bool genericWrites, bool asyncWrites);

namespace engine {

/// Why a pending generic access is still unordered at an async access.
enum class Unordered : uint8_t {
  /// No proxy fence after it on some path.
  NoFence,
  /// Only a CTA fence after it on some path, and the async access reaches
  /// other CTAs' shared memory (the conservative reading, or a generic
  /// access of another CTA's memory).
  CtaFenceOnly,
  /// Its cluster fence comes after the barrier.cluster.arrive that
  /// publishes it, so it is not on the way from the access to an async op
  /// another CTA issues after its wait.
  FencedAfterArrive,
};

/// Which generic accesses a CTA fence orders for an async access that
/// reaches other CTAs (docs/proxy-model.md, Scope).
enum class CtaFenceReading : uint8_t {
  /// None: a cluster-reach async access needs a cluster fence after every
  /// generic access it meets. What Triton's passes insert; the TTGIR
  /// checker and passes read fences this way.
  Conservative,
  /// The fence's state space is the generic access's (PTX ISA #membar,
  /// proxykind .async.shared::cta): a CTA fence orders the thread's
  /// accesses of its own CTA's bytes against every async access of them.
  /// Only accesses of other CTAs' memory need the cluster fence.
  ByStateSpace,
};

/// The lattice element: the generic accesses (numbered by the front-end,
/// "keys") not yet fenced on some path, per frontier, and, when the
/// front-end numbers its fences, the fences that last cleared each
/// frontier on some path. Joined by union.
struct FenceFrontier {
  /// Not ordered for async accesses of the CTA.
  llvm::BitVector cta;
  /// Not ordered for async accesses that reach other CTAs.
  llvm::BitVector cluster;
  /// Cluster-pending accesses that crossed a barrier.cluster.arrive
  /// unfenced; a cluster fence moves them to `lateFenced`, which the next
  /// arrive publishes (clears).
  llvm::BitVector late, lateFenced;
  /// Pending mbarrier accesses whose barrier was invalidated since: its
  /// bytes may now be reused as data.
  llvm::BitVector freed;
  /// Fences (numbered by the front-end) that last cleared the frontier.
  llvm::BitVector lastCta, lastCluster;

  /// Joins `other` in; true when the frontier grew.
  bool merge(const FenceFrontier &other);
  bool operator==(const FenceFrontier &other) const;
  bool operator!=(const FenceFrontier &other) const {
    return !(*this == other);
  }
};

/// The rules, over the accesses a front-end numbers ("keys": the PTX
/// checker numbers one function's generic accesses; the TTGIR analysis
/// every shared access of one function, async ones too, which its ledger
/// records as reaching fences; only generic keys enter the frontier).
class FenceRules {
public:
  /// `remote`: per key, whether the access touches another CTA's shared
  /// memory (DSMEM, `st.async`, `mapa`, a shared_cluster_memory view).
  /// `fences`: how many fences the front-end numbers (0: no fence
  /// tracking).
  FenceRules(llvm::BitVector remote, unsigned fences, CtaFenceReading reading)
      : remote(std::move(remote)), anyRemote(this->remote.any()),
        fences(fences), reading(reading) {}

  unsigned getNumKeys() const { return remote.size(); }
  bool isRemote(unsigned key) const { return remote.test(key); }

  /// The state at a function's entry: nothing pending.
  FenceFrontier entry() const;

  /// A generic access `key` happens.
  void access(FenceFrontier &state, unsigned key) const;
  /// A proxy fence of `scope`; `fence`, its number (none: a fence the
  /// analysis assumes). `conservative`: read a CTA fence conservatively
  /// whatever the rules' reading (the over-wide probe narrows a cluster
  /// fence to the CTA and advises it only where certainly harmless).
  void fence(FenceFrontier &state, Scope scope,
             std::optional<unsigned> fence = std::nullopt,
             bool conservative = false) const;
  /// barrier.cluster.arrive: what was fenced since the last arrive is now
  /// ordered for the other CTAs; what is still pending crossed it unfenced.
  void clusterArrive(FenceFrontier &state) const;
  /// mbarrier.inval of the barrier `key` accessed: its bytes may be reused.
  void invalidate(FenceFrontier &state, unsigned key) const {
    state.freed.set(key);
  }
  /// mbarrier.init of the barrier `key` accessed: a barrier again, its
  /// bytes no longer data.
  void revive(FenceFrontier &state, unsigned key) const {
    if (key < state.freed.size())
      state.freed.reset(key);
  }

  /// The pending keys an async access of `reach` is unordered after.
  llvm::BitVector unordered(const FenceFrontier &state, Scope reach) const;
  /// Why `key` (one of `unordered(state, reach)`) is unordered.
  Unordered why(const FenceFrontier &state, unsigned key, Scope reach) const;
  /// Every key pending for some async access.
  llvm::BitVector pending(const FenceFrontier &state) const;
  /// The scope the fence between `key` and an async access of `reach`
  /// needs.
  Scope requiredScope(unsigned key, Scope reach) const {
    return wider(reach, isRemote(key) ? Scope::Cluster : Scope::CTA);
  }

  /// One missing fence at an async access: the pending generic key, the
  /// hazard, the scope the fence needs and why the key is unordered.
  struct Missing {
    unsigned key;
    HazardKind kind;
    Scope scope;
    Unordered why;
  };
  /// `conflict(key)`: the hazard the pending generic access `key` forms
  /// with the async access if their bytes may meet (the front-end knows the
  /// bytes), none otherwise.
  using Conflict = llvm::function_ref<std::optional<HazardKind>(unsigned)>;
  /// The missing fences at an async access of `reach`, in key order.
  /// `candidates`, when given, holds every key `conflict` may answer for
  /// (a front-end that knows, say, that an async read meets only generic
  /// writes); the others are not asked.
  llvm::SmallVector<Missing, 4>
  missingFences(const FenceFrontier &state, Scope reach, Conflict conflict,
                const llvm::BitVector *candidates = nullptr) const;

private:
  llvm::BitVector remote;
  /// Whether some key is remote (most functions have none).
  bool anyRemote;
  unsigned fences;
  CtaFenceReading reading;
};


/// What each fence orders, recorded during one run of a dataflow over the
/// frontier, so that the effect of removing or narrowing any fence is known
/// without running it again: per fence, the generic keys pending where it
/// stands (per frontier it clears), the async accesses (numbered in the same
/// key space) that reach it as the last fence of their frontier, and the
/// fences met next that clear the same frontier.
class FenceLedger {
public:
  explicit FenceLedger(const FenceRules &rules, unsigned fences);

  /// At fence `fence`, whose scope (after any narrowing) is `scope`, before
  /// the rules apply it to `state`.
  void atFence(const FenceFrontier &state, unsigned fence, Scope scope);
  /// At async access `key` of `reach`.
  void atAsync(const FenceFrontier &state, unsigned key, Scope reach);
  /// Whether the dataflow reached `fence`.
  bool isReached(unsigned fence) const { return reached.test(fence); }

  /// `addsHazard(pending, reached, throughCluster)`: whether some pending
  /// generic key and reached async key conflict and are not already a
  /// hazard (through the cluster frontier: only pairs of which one side
  /// reaches other CTAs need that fence). The front-end knows the bytes.
  using AddsHazard = llvm::function_ref<bool(
      const llvm::BitVector &, const llvm::BitVector &, bool)>;

  struct Effect {
    /// Removing the fence alone adds a hazard.
    bool ordersHazard = false;
    /// Narrowing the (cluster) fence to the CTA adds a hazard.
    bool needsClusterScope = false;
  };
  Effect alone(unsigned fence, AddsHazard addsHazard) const;

  struct Verdict {
    bool spurious = false;
    bool overwide = false;
  };
  /// The greedy verdict over `order` (one function's fences, in program
  /// order): a fence is spurious if removing it, with the spurious ones
  /// before it removed too, adds no hazard; a fence that is not is
  /// over-wide if narrowing it to the CTA adds none. A hazard that removing
  /// fence c adds runs g -> f0 -> ... -> c -> ... -> fk -> a, every fence on
  /// the way removed: g pending at f0, a reached from fk, where f0 and fk
  /// are c or removed fences chained to it by "next fence" edges of the
  /// frontier (CTA: any fence; cluster: cluster fences). Unreached fences
  /// get no verdict (both false).
  std::vector<Verdict> greedy(llvm::ArrayRef<unsigned> order,
                              AddsHazard addsHazard) const;

private:
  struct Record {
    llvm::BitVector pendingCta, pendingCluster;
    llvm::BitVector reachedCta, reachedCluster;
    llvm::SmallVector<unsigned, 2> nextCta, nextCluster;
  };
  const FenceRules &rules;
  std::vector<Record> records;
  llvm::BitVector reached;
};

} // namespace engine
} // namespace proxyfence

#endif // PROXYFENCE_ENGINE_FRONTIER_H
