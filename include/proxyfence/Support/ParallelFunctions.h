//===- ParallelFunctions.h - a pass's per-function work in parallel -*- C++
//-*-===//
//
// Functions are isolated from above: a pass whose work on one function
// reads and changes only that function's ops can do the functions at once
// on the context's thread pool. Each call gets a worker state of its own
// (reused from call to call, never shared by two calls at a time), and
// writes its results to its function's slot, which the pass then reads in
// function order: output does not depend on which thread did what.
//
//===----------------------------------------------------------------------===//

#ifndef PROXYFENCE_SUPPORT_PARALLELFUNCTIONS_H
#define PROXYFENCE_SUPPORT_PARALLELFUNCTIONS_H

#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Threading.h"
#include "llvm/ADT/STLFunctionalExtras.h"

#include <atomic>
#include <chrono>
#include <memory>
#include <mutex>
#include <vector>

namespace proxyfence {

/// Below this many functions a pass goes over them on its own thread.
constexpr size_t kMinParallelFunctions = 8;

/// Whether a pass over `count` functions may do them in parallel.
inline bool shouldRunInParallel(mlir::MLIRContext *context, size_t count) {
  return count >= kMinParallelFunctions && context->isMultithreadingEnabled() &&
         context->getThreadPool().getMaxConcurrency() >= 2;
}

/// When a pass that goes over functions in turn hands the rest to the
/// pool. Handing work to the pool's threads costs some tens of
/// microseconds, as much as a small module's whole pass (at 1k ops, 0.1
/// ms of allocation took 0.3 in parallel): the pass goes on its own until
/// it has run kAfter, then hands over the functions left if they are at
/// least kMinParallelFunctions and as many as it has done. Where the pass
/// switches changes nothing it computes.
class ParallelSwitch {
public:
  static constexpr std::chrono::microseconds kAfter{500};

  ParallelSwitch(mlir::MLIRContext *context, size_t count)
      : count(count), eligible(shouldRunInParallel(context, count)),
        after(afterForTesting().load(std::memory_order_relaxed)) {
    if (eligible)
      started = std::chrono::steady_clock::now();
  }

  /// Whether functions `index` (not done yet) onward go in parallel.
  bool at(size_t index) const {
    size_t left = count - index;
    return eligible && left >= kMinParallelFunctions && left >= index &&
           std::chrono::steady_clock::now() - started >= after;
  }

  /// kAfter, or what a test sets instead (zero: the functions go in
  /// parallel from the first, so that a small module takes that path).
  static std::atomic<std::chrono::microseconds> &afterForTesting() {
    static std::atomic<std::chrono::microseconds> value{kAfter};
    return value;
  }

private:
  size_t count;
  bool eligible;
  std::chrono::microseconds after;
  std::chrono::steady_clock::time_point started;
};

/// Calls `work(index, worker)` for every index below `count`, in parallel
/// on `context`'s thread pool; `worker` is a `Worker` no other call uses
/// meanwhile (made by `make` when none is free).
template <typename Worker>
void forEachFunctionInParallel(
    mlir::MLIRContext *context, size_t count,
    llvm::function_ref<std::unique_ptr<Worker>()> make,
    llvm::function_ref<void(size_t, Worker &)> work) {
  std::mutex mutex;
  std::vector<std::unique_ptr<Worker>> free;
  mlir::parallelFor(context, 0, count, [&](size_t index) {
    std::unique_ptr<Worker> worker;
    {
      std::lock_guard<std::mutex> lock(mutex);
      if (!free.empty()) {
        worker = std::move(free.back());
        free.pop_back();
      }
    }
    if (!worker)
      worker = make();
    work(index, *worker);
    std::lock_guard<std::mutex> lock(mutex);
    free.push_back(std::move(worker));
  });
}

} // namespace proxyfence

#endif // PROXYFENCE_SUPPORT_PARALLELFUNCTIONS_H
