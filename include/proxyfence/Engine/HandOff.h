//===- HandOff.h - orderings between roles through mbarriers ----*- C++ -*-===//
//
// The one statement of how one warp role hands shared memory to another
// through an mbarrier (docs/proxy-model.md, Hand-offs), for any IR: a
// thread arrives on a barrier, a thread of another role waits on it and
// then touches the bytes. The wait completes a phase the arrive helped
// complete, so what the arriving thread did before its arrive happens
// before what the waiting thread does after its wait, and nothing else
// orders the two when no fence or other synchronization stands between.
//
// Two hazards cross such a hand-off:
// - a missing fence: a generic access the arriving thread left unfenced on
//   every path to its arrive, and an async access of the same bytes after
//   the wait (the arrive publishes generic accesses to the generic proxy
//   only);
// - a missing completion wait: an async read the arriving thread still had
//   pending at its arrive, and a write of its bytes after the wait (the
//   arrive does not wait for the read).
//
// An arrive and a wait meet when they name one barrier, or the same slot
// of one ring of barriers (full/empty rings indexed by a stage counter):
// the front-end numbers barriers and rings, and proves, per pair of
// accesses, that the two indices choose the same slot.
//
// The front-ends number their synchronization points and accesses; they
// answer which generic keys are unfenced at an arrive (with the
// MustUnfenced lattice below), which accesses follow a wait before any
// other ordering, and whether two accesses meet (bytes, slots).
//
// Plain C++ on LLVM ADT: no MLIR, so the PTX launcher stays light.
//
//===----------------------------------------------------------------------===//

#ifndef PROXYFENCE_ENGINE_HANDOFF_H
#define PROXYFENCE_ENGINE_HANDOFF_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"

#include <cstdint>
#include <map>
#include <optional>
#include <vector>

namespace proxyfence::engine {

/// The mbarrier an arrive or a wait names, as the front-end resolved it:
/// one barrier (numbered by the front-end), a slot of one ring of barriers
/// (the ring's number), both (a ring slot whose index is known), or
/// neither (not traced: it meets nothing).
struct BarrierName {
  std::optional<unsigned> barrier;
  std::optional<unsigned> ring;
};

/// A synchronization point: the front-end's number for the instruction
/// or op, and the barrier it names.
struct SyncPoint {
  unsigned point;
  BarrierName name;
};

/// An arrive and a wait that may hand memory over.
struct Meeting {
  unsigned arrive, wait; // the points
  /// Through a ring: the same slot only where the front-end proves the
  /// two indices equal, per pair of accesses.
  bool throughRing;
  /// Through a ring one side names by an index and the other by one
  /// barrier, its slot `slot` of that ring: the index is `slot` in the
  /// phase they meet in.
  std::optional<int64_t> slot = std::nullopt;
};

/// `slotOf(one, indexed)`: the slot of the ring the point `indexed` names
/// by an index that the one barrier the point `one` names is, if it is
/// one of its slots (the front-end knows the addresses).
using SlotOf = llvm::function_ref<std::optional<int64_t>(unsigned one,
                                                         unsigned indexed)>;

/// The arrives and waits that meet: every wait, in the order given, with
/// the arrives that name its barrier (in the order given), then, in the
/// same order, those that name a slot of its ring. An arrive and a wait
/// that name both meet twice, once each way. With `slotOf`, then, every
/// wait with the arrives of which one names a ring by an index and the
/// other one barrier that `slotOf` places in that ring.
std::vector<Meeting> meetings(llvm::ArrayRef<SyncPoint> arrives,
                              llvm::ArrayRef<SyncPoint> waits,
                              SlotOf slotOf = nullptr);

/// The generic accesses unfenced on every path from their latest access to
/// a point, since the last arrive (the lattice of a forward "must"
/// dataflow, joined by union of both sets). An arrive publishes what is
/// pending: a later arrive publishes only what is accessed after it, so
/// the history starts again there (a fence after this arrive, on the way
/// to the next one, orders nothing the next one newly publishes).
struct MustUnfenced {
  /// Accessed and not fenced since, on some path.
  llvm::BitVector pending;
  /// On some path, fenced since its latest access.
  llvm::BitVector fenced;

  explicit MustUnfenced(unsigned keys = 0) : pending(keys), fenced(keys) {}
  void access(unsigned key) {
    pending.set(key);
    fenced.reset(key);
  }
  void fence() {
    fenced |= pending;
    pending.reset();
  }
  void arrive() {
    pending.reset();
    fenced.reset();
  }
  /// Joins `other` in; true when this grew.
  bool join(const MustUnfenced &other);
  /// The keys unfenced on every path.
  llvm::BitVector unfenced() const {
    llvm::BitVector result = pending;
    result.reset(fenced);
    return result;
  }
  bool operator==(const MustUnfenced &o) const {
    return pending == o.pending && fenced == o.fenced;
  }
};

/// Missing fences across hand-offs. Built from the meetings of the arrives
/// at which some generic access is unfenced and the waits, with the async
/// accesses (the front-end's numbers) each wait is followed by before a
/// fence or another synchronization.
class FenceHandOffs {
public:
  /// `asyncAfter(wait)`: the async accesses that follow the wait.
  FenceHandOffs(std::vector<Meeting> meetings,
                llvm::function_ref<std::vector<uint64_t>(unsigned wait)>
                    asyncAfter);

  /// `unfencedAt(arrive, key)`: generic key `key` is unfenced on every
  /// path to the arrive (MustUnfenced). `meets(key, access)`: through one
  /// barrier, the front-end proves that the two accesses touch common
  /// bytes. `sameSlot(key, access, meeting)`: through a ring, it proves
  /// that they are of the same slot and meet in it.
  using UnfencedAt = llvm::function_ref<bool(unsigned arrive, unsigned key)>;
  using Meets = llvm::function_ref<bool(unsigned key, uint64_t access)>;
  using SameSlot = llvm::function_ref<bool(unsigned key, uint64_t access,
                                           const Meeting &meeting)>;
  /// The hand-off that proves an ordering between generic key `key` and
  /// async access `access` of another role missing, if any: one that
  /// names one barrier first, then one through a ring.
  std::optional<Meeting> prove(unsigned key, uint64_t access,
                               UnfencedAt unfencedAt, Meets meets,
                               SameSlot sameSlot) const;

private:
  std::map<uint64_t, llvm::SmallVector<Meeting, 2>> carried;
};

/// Missing completion waits across hand-offs: a release is an arrive at
/// which the arriving thread still has async read `read` pending (the
/// front-end's number), with the barrier the arrive names.
struct Release {
  SyncPoint arrive;
  unsigned read;
};

/// For every wait, in order, and every release (in order) whose arrive
/// names the wait's own barrier, every write that follows the wait
/// (`writesAfter(wait)`, before another synchronization) and
/// `overwrites(release, write)` the read: `visit(release, wait, write,
/// false)`. `matched(release, wait)` is told of each such meeting first.
/// With `sameSlot`, then, every release whose arrive names a slot of the
/// wait's ring of barriers, and every write after the wait where
/// `sameSlot(release, wait, write)` proves that the write overwrites the
/// read in one data slot (the front-end relates the indices and places
/// both accesses' bytes in the slot): `visit(release, wait, write, true)`;
/// such meetings are not told to `matched`. Returns nothing: the front-end keeps what it needs.
void completionHandOffs(
    llvm::ArrayRef<Release> releases, llvm::ArrayRef<SyncPoint> waits,
    llvm::function_ref<const std::vector<uint64_t> &(unsigned wait)>
        writesAfter,
    llvm::function_ref<bool(unsigned release, uint64_t write)> overwrites,
    llvm::function_ref<void(unsigned release, unsigned wait)> matched,
    llvm::function_ref<void(unsigned release, unsigned wait, uint64_t write,
                            bool throughRing)>
        visit,
    llvm::function_ref<bool(unsigned release, unsigned wait, uint64_t write)>
        sameSlot = nullptr);

} // namespace proxyfence::engine

#endif // PROXYFENCE_ENGINE_HANDOFF_H
