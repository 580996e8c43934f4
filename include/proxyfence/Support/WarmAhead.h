//===- WarmAhead.h - read the next function ahead of a pass --*- C++ -*-===//
//
// On a module larger than the last-level cache, a pass that goes over its
// functions in turn finds each one's ops in memory (a walk follows each
// block's list of ops, one load after another). WarmAhead reads the next
// function's ops on another thread of the context's pool while the pass
// works on the current one, so that the pass finds them in the cache.
//
// It only reads, and never a function the pass is in: before the pass
// enters function i (`enter(i)`), the helper leaves it (it checks which
// function the pass is in as it goes, and the pass waits for it to leave).
// It changes nothing a pass computes: output is the same with it and
// without it (it does nothing when the context has multithreading off, or
// the module has fewer functions than make it worth a task).
//
//===----------------------------------------------------------------------===//

#ifndef PROXYFENCE_SUPPORT_WARMAHEAD_H
#define PROXYFENCE_SUPPORT_WARMAHEAD_H

#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Operation.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/ThreadPool.h"

#include <atomic>
#include <chrono>
#include <memory>
#include <optional>
#include <thread>

namespace proxyfence {

class WarmAhead {
public:
  /// The pass will go over `functions` in this order (the list must stay
  /// valid, and the ops in place, until this object is destroyed).
  WarmAhead(mlir::MLIRContext *context,
            llvm::ArrayRef<mlir::Operation *> functions)
      : functions(functions) {
    // (Not on one core: the helper would take turns with the pass.)
    if (functions.size() < kMinFunctions ||
        !context->isMultithreadingEnabled() ||
        context->getThreadPool().getMaxConcurrency() < 2)
      return;
    group =
        std::make_unique<llvm::ThreadPoolTaskGroup>(context->getThreadPool());
    group->async([this] { run(); });
  }

  WarmAhead(const WarmAhead &) = delete;
  WarmAhead &operator=(const WarmAhead &) = delete;

  /// The pass is about to read or change function `index` (and then only
  /// later ones): the helper leaves it first.
  void enter(size_t index) {
    current.store(index, std::memory_order_seq_cst);
    while (busy.load(std::memory_order_seq_cst) <= index)
      std::this_thread::yield();
  }

  /// Stops the helper: it reads nothing after this returns (the pass may
  /// then change any function).
  void finish() {
    if (!group)
      return;
    stop.store(true, std::memory_order_seq_cst);
    // From a worker of the same pool, wait() runs a task not yet started
    // itself (and the task returns at once): no deadlock.
    group->wait();
    group.reset();
  }

  ~WarmAhead() { finish(); }

  /// How many functions the helper read whole (for tests: 0 when it did
  /// not run). Exact only once finish() has returned.
  size_t functionsRead() const { return read.load(std::memory_order_relaxed); }

  /// The function the helper is reading, if any (for tests: never one the
  /// pass has entered).
  std::optional<size_t> reading() const {
    size_t index = busy.load(std::memory_order_seq_cst);
    return index == kNone ? std::nullopt : std::optional<size_t>(index);
  }

private:
  /// Fewer functions than this: a task costs more than it could save.
  static constexpr size_t kMinFunctions = 4;
  /// How many functions past the pass's the helper reads.
  static constexpr size_t kAhead = 2;
  static constexpr size_t kNone = ~size_t(0);

  void run() {
    for (size_t next = 1; next < functions.size(); ++next) {
      // Wait until the pass is at most kAhead functions behind: briefly
      // on the spot, then asleep (a pass spends far longer in a function
      // than the helper takes to read one).
      for (unsigned polls = 0;
           next > current.load(std::memory_order_seq_cst) + kAhead; ++polls) {
        if (stop.load(std::memory_order_relaxed))
          return;
        if (polls < 64)
          std::this_thread::yield();
        else
          std::this_thread::sleep_for(std::chrono::microseconds(20));
      }
      if (stop.load(std::memory_order_relaxed))
        return;
      busy.store(next, std::memory_order_seq_cst);
      if (current.load(std::memory_order_seq_cst) < next &&
          touch(functions[next], next))
        read.fetch_add(1, std::memory_order_relaxed);
      busy.store(kNone, std::memory_order_seq_cst);
    }
  }

  /// Reads `op` and the ops nested in it (what a walk reads: each op's
  /// header, operands and regions), giving up once the pass enters
  /// function `index`. Returns false when it gave up.
  bool touch(mlir::Operation *op, size_t index) {
    sink += reinterpret_cast<uintptr_t>(op->getName().getAsOpaquePointer());
    for (mlir::Value operand : op->getOperands())
      sink +=
          reinterpret_cast<uintptr_t>(operand.getType().getAsOpaquePointer());
    for (mlir::Value result : op->getResults())
      sink +=
          reinterpret_cast<uintptr_t>(result.getType().getAsOpaquePointer());
    for (mlir::Region &region : op->getRegions())
      for (mlir::Block &block : region)
        for (mlir::Operation &nested : block) {
          if ((++visited & 63) == 0 &&
              current.load(std::memory_order_seq_cst) >= index)
            return false;
          if (!touch(&nested, index))
            return false;
        }
    return true;
  }

  llvm::ArrayRef<mlir::Operation *> functions;
  std::unique_ptr<llvm::ThreadPoolTaskGroup> group;
  /// The function the pass is in.
  std::atomic<size_t> current{0};
  /// The function the helper reads (kNone: none).
  std::atomic<size_t> busy{kNone};
  std::atomic<bool> stop{false};
  std::atomic<size_t> read{0};
  /// The helper's own: what it read, so that the reads stay.
  uintptr_t sink = 0;
  size_t visited = 0;
};

} // namespace proxyfence

#endif // PROXYFENCE_SUPPORT_WARMAHEAD_H
