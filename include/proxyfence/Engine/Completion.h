//===- Completion.h - what a completion wait completes, for any IR -*- C++ -*-===//
//
// The one statement of how async reads of shared memory complete
// (docs/proxy-model.md, Completion): they complete in commit groups, and a
// wait for all but the newest N groups completes a read once N groups newer
// than its own are committed.
//
//   PTX                                         Triton's IR
//   cp.async.bulk.commit_group, then            each TMA store is its own
//     cp.async.bulk.wait_group.read N             group; async_tma_store_wait
//                                                 {pendings = N}
//   wgmma.commit_group, then                    each wgmma its own group;
//     wgmma.wait_group N                          warp_group_dot_wait
//                                                 {pendings = N}
//   tcgen05.commit to an mbarrier, then a       an mbarrier wait (N = 0)
//     wait on that mbarrier (N = 0)
//
// The TTGIR and PTX completion dataflows keep, per pending read, a
// CommitCount and apply these rules; what they track around it (ring slots,
// the issuing thread, the barrier a commit signals) is theirs.
//
//===----------------------------------------------------------------------===//

#ifndef PROXYFENCE_ENGINE_COMPLETION_H
#define PROXYFENCE_ENGINE_COMPLETION_H

#include <algorithm>

namespace proxyfence::engine {

/// The commit groups a pending async read has seen: how many were
/// committed since it was issued, its own included (0: not yet committed).
/// Joined by minimum, the least completed path; capped, so that a loop that
/// commits converges (a wait that keeps kCap or more groups pending is then
/// taken to complete nothing, the conservative side).
struct CommitCount {
  static constexpr unsigned kCap = 64;
  unsigned groups = 0;

  /// A read that is its own group (Triton's TMA stores and wgmmas).
  static CommitCount ownGroup() { return CommitCount{1}; }

  /// A commit of the read's kind by the issuing thread.
  void commit() { groups = std::min(groups + 1, kCap); }
  bool isCommitted() const { return groups > 0; }
  /// Whether a wait for all but the newest `pendings` groups completes it.
  bool completedBy(unsigned pendings) const { return groups > pendings; }

  void join(const CommitCount &other) {
    groups = std::min(groups, other.groups);
  }
  bool operator==(const CommitCount &other) const {
    return groups == other.groups;
  }
  bool operator<(const CommitCount &other) const {
    return groups < other.groups;
  }
};

} // namespace proxyfence::engine

#endif // PROXYFENCE_ENGINE_COMPLETION_H
