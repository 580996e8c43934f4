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

#include <memory>
#include <mutex>
#include <vector>

namespace proxyfence {

/// Below this many functions a pass goes over them on its own thread:
/// handing functions to the pool costs some microseconds each, more than
/// a small module's whole pass.
constexpr size_t kMinParallelFunctions = 8;

/// Whether a pass over `count` functions does them in parallel.
inline bool shouldRunInParallel(mlir::MLIRContext *context, size_t count) {
  return count >= kMinParallelFunctions && context->isMultithreadingEnabled() &&
         context->getThreadPool().getMaxConcurrency() >= 2;
}

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
