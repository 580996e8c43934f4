//===- Counters.h - stage counters that lag one another ---------*- C++ -*-===//
//
// A ring of S slots is read with one stage counter and released with
// another (CUTLASS's consumers: `smem_pipe_release` lags `smem_pipe_read`
// by the stages still in flight). Both advance by one modulo S; they
// differ by a fixed number of stages wherever both are defined. The slot a
// generic access of the read counter touches is then released by the
// release counter's arrive only after that many of its advances: not by
// the arrive of the same iteration, by a later one.
//
// Two questions, for any IR whose front-end can say what each program
// point does to two counters:
// - counterDifference: x - y (mod S) before each point, where it is one
//   value on every path (a forward dataflow); counterValue: y's own value;
// - mustReachSlotArrive: from a point where y - x = delta, whether every
//   path reaches an arrive indexed by y while y equals x's value there,
//   with nothing between that stops the walk (a proxy fence, the end of
//   the thread, y set anew); and which arrives those are.
//
// Plain C++ on LLVM ADT: no MLIR.
//
//===----------------------------------------------------------------------===//

#ifndef PROXYFENCE_ENGINE_COUNTERS_H
#define PROXYFENCE_ENGINE_COUNTERS_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace proxyfence::engine {

/// The program points after a point, in the front-end's numbering.
using Successors = llvm::function_ref<llvm::ArrayRef<unsigned>(unsigned)>;

/// What one program point does to a stage counter of S slots.
struct CounterEffect {
  enum Kind {
    None,    // leaves it (or completes an advance: its wrap)
    Advance, // adds one, modulo S
    Reset,   // sets it to `value`, in [0, S)
    Unknown, // sets it to anything else
  } kind = None;
  int64_t value = 0;
};

/// x - y (mod `slots`) before each of `points` program points, where it is
/// one value on every path from `entry`; std::nullopt elsewhere (and
/// where no path from `entry` leads). `effectX`/`effectY` say what a point
/// does to each counter.
std::vector<std::optional<unsigned>>
counterDifference(unsigned points, unsigned entry, unsigned slots,
                  Successors successors,
                  llvm::function_ref<CounterEffect(unsigned)> effectX,
                  llvm::function_ref<CounterEffect(unsigned)> effectY);

/// The value of one counter (in [0, `slots`)) before each point, where it
/// is one value on every path from `entry`.
std::vector<std::optional<unsigned>>
counterValue(unsigned points, unsigned entry, unsigned slots,
             Successors successors,
             llvm::function_ref<CounterEffect(unsigned)> effect);

/// What a point means to the walk of mustReachSlotArrive.
enum class WalkStep {
  Pass,     // nothing for the walk
  AdvanceY, // y advances by one
  ArriveY,  // an arrive on the ring slot y indexes (unpredicated)
  Stop,     // the walk fails here: a proxy fence, a call, y set anew
};

/// Whether every path from just after `from`, with y - x_from = `delta`
/// (mod `slots`; x_from is x's value at `from`), reaches a point of kind
/// ArriveY at which y = x_from, before any Stop point and before the end of
/// the thread (a point with no successors). The arrives reached so, or
/// std::nullopt. Gives up (std::nullopt) past `budget` points visited.
std::optional<std::vector<unsigned>>
mustReachSlotArrive(unsigned from, unsigned delta, unsigned slots,
                    Successors successors,
                    llvm::function_ref<WalkStep(unsigned)> step,
                    unsigned budget = 1u << 20);

} // namespace proxyfence::engine

#endif // PROXYFENCE_ENGINE_COUNTERS_H
