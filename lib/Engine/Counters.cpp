//===- Counters.cpp - stage counters that lag one another -----------------===//

#include "proxyfence/Engine/Counters.h"

#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLExtras.h"

using namespace proxyfence::engine;

namespace {

/// A counter's value, or the difference of two, modulo S: a value in
/// [0, S), kTop (more than one value), or kBottom (no path yet).
constexpr int kTop = -1, kBottom = -2;

int joinValue(int a, int b) {
  if (a == kBottom)
    return b;
  if (b == kBottom || a == b)
    return a;
  return kTop;
}

int modulo(int64_t v, unsigned slots) {
  int64_t s = slots;
  return static_cast<int>(((v % s) + s) % s);
}

struct Values {
  int x = kBottom, y = kBottom, d = kBottom;
  bool operator==(const Values &o) const {
    return x == o.x && y == o.y && d == o.d;
  }
};

} // namespace

std::vector<std::optional<unsigned>> proxyfence::engine::counterDifference(
    unsigned points, unsigned entry, unsigned slots, Successors successors,
    llvm::function_ref<CounterEffect(unsigned)> effectX,
    llvm::function_ref<CounterEffect(unsigned)> effectY) {
  std::vector<std::optional<unsigned>> result(points);
  if (entry >= points || slots == 0)
    return result;
  std::vector<Values> in(points);
  in[entry] = {kTop, kTop, kTop};
  std::vector<unsigned> work = {entry};
  llvm::BitVector queued(points);
  queued.set(entry);
  while (!work.empty()) {
    unsigned p = work.back();
    work.pop_back();
    queued.reset(p);
    Values v = in[p];
    auto apply = [&](CounterEffect effect, int &self, int other, int sign) {
      switch (effect.kind) {
      case CounterEffect::None:
        return;
      case CounterEffect::Advance:
        if (self >= 0)
          self = modulo(self + 1, slots);
        if (v.d >= 0)
          v.d = modulo(v.d + sign, slots);
        return;
      case CounterEffect::Reset:
        self = modulo(effect.value, slots);
        v.d = other >= 0 ? modulo(sign * (self - other), slots) : kTop;
        return;
      case CounterEffect::Unknown:
        self = kTop;
        v.d = kTop;
        return;
      }
    };
    apply(effectX(p), v.x, v.y, +1);
    apply(effectY(p), v.y, v.x, -1);
    for (unsigned s : successors(p)) {
      Values joined{joinValue(in[s].x, v.x), joinValue(in[s].y, v.y),
                    joinValue(in[s].d, v.d)};
      if (joined == in[s])
        continue;
      in[s] = joined;
      if (!queued.test(s)) {
        queued.set(s);
        work.push_back(s);
      }
    }
  }
  for (unsigned p = 0; p != points; ++p)
    if (in[p].d >= 0)
      result[p] = static_cast<unsigned>(in[p].d);
  return result;
}

std::vector<std::optional<unsigned>> proxyfence::engine::counterValue(
    unsigned points, unsigned entry, unsigned slots, Successors successors,
    llvm::function_ref<CounterEffect(unsigned)> effect) {
  // Its difference to a counter set to 0 at the entry, and never again.
  auto zeroAtEntry = [&](unsigned p) {
    CounterEffect e;
    if (p == entry) {
      e.kind = CounterEffect::Reset;
      e.value = 0;
    }
    return e;
  };
  return counterDifference(points, entry, slots, successors, effect,
                           zeroAtEntry);
}

std::optional<std::vector<unsigned>> proxyfence::engine::mustReachSlotArrive(
    unsigned from, unsigned delta, unsigned slots, Successors successors,
    llvm::function_ref<WalkStep(unsigned)> step, unsigned budget) {
  if (slots == 0)
    return std::nullopt;
  // (point, y - x_from) pairs, visited once each.
  std::vector<std::pair<unsigned, unsigned>> work;
  llvm::DenseSet<uint64_t> seen;
  auto push = [&](unsigned p, unsigned d) {
    if (seen.insert((uint64_t(p) << 32) | d).second)
      work.push_back({p, d});
  };
  llvm::ArrayRef<unsigned> first = successors(from);
  if (first.empty())
    return std::nullopt;
  for (unsigned s : first)
    push(s, delta % slots);
  std::vector<unsigned> arrives;
  while (!work.empty()) {
    if (seen.size() > budget)
      return std::nullopt;
    auto [p, d] = work.back();
    work.pop_back();
    WalkStep kind = step(p);
    if (kind == WalkStep::Stop)
      return std::nullopt;
    if (kind == WalkStep::ArriveY && d == 0) {
      if (!llvm::is_contained(arrives, p))
        arrives.push_back(p);
      continue;
    }
    if (kind == WalkStep::AdvanceY)
      d = (d + 1) % slots;
    llvm::ArrayRef<unsigned> next = successors(p);
    if (next.empty())
      return std::nullopt; // the thread ends with the slot not released
    for (unsigned s : next)
      push(s, d);
  }
  if (arrives.empty())
    return std::nullopt;
  return arrives;
}
