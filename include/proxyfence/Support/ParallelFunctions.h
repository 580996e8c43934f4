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
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/Support/ThreadPool.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <vector>

namespace proxyfence {

/// Fewer functions than this a pass does on its own thread.
constexpr size_t kMinParallelFunctions = 2;

/// Whether a pass over `count` functions may do them in parallel.
inline bool shouldRunInParallel(mlir::MLIRContext *context, size_t count) {
  return count >= kMinParallelFunctions && context->isMultithreadingEnabled() &&
         context->getThreadPool().getMaxConcurrency() >= 2;
}

/// When a pass that goes over functions in turn hands the rest to the
/// pool. Waking the pool's threads costs some tens of microseconds each,
/// as much as a small module's whole pass (at 1k ops, 0.1 ms of
/// allocation took 0.3 in parallel): the pass goes on its own until it
/// has run kAfter, then hands over the functions left (at least two) if,
/// at the pace of the function it has just done, they would take another
/// 2 × kAfter. (The last function's pace, not the average's: a module's
/// last functions may hold most of its ops, as in the generated modules,
/// whose small helpers come first; by the average, the 30k-op module
/// stayed on one thread.) Where the pass switches changes nothing it
/// computes.
class ParallelSwitch {
public:
  static constexpr std::chrono::microseconds kAfter{500};

  ParallelSwitch(mlir::MLIRContext *context, size_t count)
      : count(count), eligible(shouldRunInParallel(context, count)),
        after(afterForTesting().load(std::memory_order_relaxed)) {
    if (eligible)
      started = previous = std::chrono::steady_clock::now();
  }

  /// Whether functions `index` (not done yet) onward go in parallel. The
  /// pass asks once per function, in order.
  bool at(size_t index) {
    size_t left = count - index;
    if (!eligible || left < kMinParallelFunctions)
      return false;
    auto now = std::chrono::steady_clock::now();
    auto last = now - previous;
    previous = now;
    return now - started >= after && last * left >= 2 * after;
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
  std::chrono::steady_clock::time_point started, previous;
};

namespace detail {
/// What the calling thread and the pool's tasks of one
/// forEachFunctionInParallel share. A task holds it, and may start after
/// the call has returned: it then finds no index left and touches nothing
/// else.
struct ParallelRun {
  explicit ParallelRun(size_t count) : count(count) {}
  const size_t count;
  std::atomic<size_t> next{0};
  std::mutex mutex;
  std::condition_variable allDone;
  size_t done = 0; // (guarded by mutex)
};
} // namespace detail

/// Calls `work(index, worker)` for every index below `count`, on this
/// thread and on tasks of `context`'s thread pool at once; `worker` is a
/// `Worker` no other call uses meanwhile (made by `make` when none is
/// free). This thread takes part rather than waiting for the pool: a
/// thread of the pool may take a while to wake (on the build machine's
/// virtual cores, MLIR's parallelFor, which waits, lost what two threads
/// gained on modules of 10k-30k ops), and the call returns once every
/// index is done, not once every task has run.
template <typename Worker>
void forEachFunctionInParallel(
    mlir::MLIRContext *context, size_t count,
    llvm::function_ref<std::unique_ptr<Worker>()> make,
    llvm::function_ref<void(size_t, Worker &)> work) {
  if (count == 0)
    return;
  std::mutex workersMutex;
  std::vector<std::unique_ptr<Worker>> free;
  auto run = std::make_shared<detail::ParallelRun>(count);
  // One index (only for an index below `count`: the call has not
  // returned then, so what this refers to is alive).
  auto one = [&](size_t index) {
    std::unique_ptr<Worker> worker;
    {
      std::lock_guard<std::mutex> lock(workersMutex);
      if (!free.empty()) {
        worker = std::move(free.back());
        free.pop_back();
      }
    }
    if (!worker)
      worker = make();
    work(index, *worker);
    {
      std::lock_guard<std::mutex> lock(workersMutex);
      free.push_back(std::move(worker));
    }
    std::lock_guard<std::mutex> lock(run->mutex);
    if (++run->done == run->count)
      run->allDone.notify_all();
  };
  auto task = [run, onePointer = &one] {
    for (size_t index; (index = run->next.fetch_add(1)) < run->count;)
      (*onePointer)(index);
  };
  llvm::ThreadPoolInterface &pool = context->getThreadPool();
  size_t helpers = std::min<size_t>(count, pool.getMaxConcurrency()) - 1;
  for (size_t i = 0; i < helpers; ++i)
    pool.async(task);
  task();
  std::unique_lock<std::mutex> lock(run->mutex);
  run->allDone.wait(lock, [&] { return run->done == run->count; });
}

} // namespace proxyfence

#endif // PROXYFENCE_SUPPORT_PARALLELFUNCTIONS_H
