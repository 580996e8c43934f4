//===- HandOff.cpp - orderings between roles through mbarriers ------------===//
//
// include/proxyfence/Engine/HandOff.h states the rules.
//
//===----------------------------------------------------------------------===//

#include "proxyfence/Engine/HandOff.h"

using namespace proxyfence::engine;

std::vector<Meeting>
proxyfence::engine::meetings(llvm::ArrayRef<SyncPoint> arrives,
                             llvm::ArrayRef<SyncPoint> waits, SlotOf slotOf) {
  std::vector<Meeting> result;
  for (const SyncPoint &wait : waits) {
    if (wait.name.barrier)
      for (const SyncPoint &arrive : arrives)
        if (arrive.name.barrier == wait.name.barrier)
          result.push_back({arrive.point, wait.point, /*throughRing=*/false});
    if (wait.name.ring)
      for (const SyncPoint &arrive : arrives)
        if (arrive.name.ring == wait.name.ring)
          result.push_back({arrive.point, wait.point, /*throughRing=*/true});
  }
  if (!slotOf)
    return result;
  // One barrier against a ring named by an index: the barrier is one of
  // the ring's slots, which the index names in the phase they meet in.
  for (const SyncPoint &wait : waits)
    for (const SyncPoint &arrive : arrives) {
      std::optional<int64_t> slot;
      if (arrive.name.ring && !wait.name.ring && wait.name.barrier)
        slot = slotOf(wait.point, arrive.point);
      else if (wait.name.ring && !arrive.name.ring && arrive.name.barrier)
        slot = slotOf(arrive.point, wait.point);
      if (slot)
        result.push_back({arrive.point, wait.point, /*throughRing=*/true, slot});
    }
  return result;
}

bool MustUnfenced::join(const MustUnfenced &other) {
  MustUnfenced old = *this;
  pending |= other.pending;
  fenced |= other.fenced;
  return !(*this == old);
}

FenceHandOffs::FenceHandOffs(
    std::vector<Meeting> meetings,
    llvm::function_ref<std::vector<uint64_t>(unsigned wait)> asyncAfter) {
  // The accesses after each wait, asked once per wait.
  std::map<unsigned, std::vector<uint64_t>> after;
  for (const Meeting &meeting : meetings) {
    auto [it, fresh] = after.try_emplace(meeting.wait);
    if (fresh)
      it->second = asyncAfter(meeting.wait);
    for (uint64_t access : it->second)
      carried[access].push_back(meeting);
  }
}

std::optional<Meeting> FenceHandOffs::prove(unsigned key, uint64_t access,
                                            UnfencedAt unfencedAt,
                                            Meets meets,
                                            SameSlot sameSlot) const {
  auto found = carried.find(access);
  if (found == carried.end())
    return std::nullopt;
  std::optional<bool> met;
  for (const Meeting &meeting : found->second)
    if (!meeting.throughRing && unfencedAt(meeting.arrive, key)) {
      if (!met)
        met = meets(key, access);
      if (*met)
        return meeting;
    }
  for (const Meeting &meeting : found->second)
    if (meeting.throughRing && unfencedAt(meeting.arrive, key) &&
        sameSlot(key, access, meeting))
      return meeting;
  return std::nullopt;
}

void proxyfence::engine::completionHandOffs(
    llvm::ArrayRef<Release> releases, llvm::ArrayRef<SyncPoint> waits,
    llvm::function_ref<const std::vector<uint64_t> &(unsigned wait)>
        writesAfter,
    llvm::function_ref<bool(unsigned release, uint64_t write)> overwrites,
    llvm::function_ref<void(unsigned release, unsigned wait)> matched,
    llvm::function_ref<void(unsigned release, unsigned wait, uint64_t write,
                            bool throughRing)>
        visit,
    llvm::function_ref<bool(unsigned release, unsigned wait, uint64_t write)>
        sameSlot) {
  for (const SyncPoint &wait : waits) {
    if (!wait.name.barrier)
      continue;
    for (unsigned k = 0; k != releases.size(); ++k) {
      if (releases[k].arrive.name.barrier != wait.name.barrier)
        continue;
      matched(k, wait.point);
      for (uint64_t write : writesAfter(wait.point))
        if (overwrites(k, write))
          visit(k, wait.point, write, false);
    }
  }
  if (!sameSlot)
    return;
  for (const SyncPoint &wait : waits) {
    if (!wait.name.ring)
      continue;
    for (unsigned k = 0; k != releases.size(); ++k) {
      if (releases[k].arrive.name.ring != wait.name.ring)
        continue;
      for (uint64_t write : writesAfter(wait.point))
        if (sameSlot(k, wait.point, write))
          visit(k, wait.point, write, true);
    }
  }
}
