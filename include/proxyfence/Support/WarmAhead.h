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
// without it. It does nothing when the context has multithreading off, on
// one core, with fewer than four functions, when the pass is over in less
// than a millisecond, or when the process's resident memory is within
// the last-level cache (the module is then in the cache: nothing to gain).
//
//===----------------------------------------------------------------------===//

#ifndef PROXYFENCE_SUPPORT_WARMAHEAD_H
#define PROXYFENCE_SUPPORT_WARMAHEAD_H

#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Operation.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/ThreadPool.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <memory>
#include <optional>
#include <string>
#include <thread>

namespace proxyfence {

class WarmAhead {
public:
  /// A task costs some microseconds to start and only helps a pass that
  /// takes far longer (on a module larger than the cache): the helper
  /// starts once the pass has run this long, if the module then seems
  /// larger than the cache (exceedsLastLevelCache). A start of zero, for
  /// tests, starts it at the first enter() whatever the sizes.
  static constexpr std::chrono::microseconds kStartAfter{1000};

  /// The pass will go over `functions` in this order (the ops must stay in
  /// place until finish()).
  WarmAhead(mlir::MLIRContext *context,
            llvm::ArrayRef<mlir::Operation *> functions,
            std::chrono::microseconds startAfter = kStartAfter)
      : context(context), functions(functions), startAfter(startAfter) {
    // (Not on one core: the helper would take turns with the pass.)
    eligible = functions.size() >= kMinFunctions &&
               context->isMultithreadingEnabled() &&
               context->getThreadPool().getMaxConcurrency() >= 2;
    if (eligible)
      created = std::chrono::steady_clock::now();
  }

  WarmAhead(const WarmAhead &) = delete;
  WarmAhead &operator=(const WarmAhead &) = delete;

  /// The pass is about to read or change function `index` (and then only
  /// later ones): the helper leaves it first.
  void enter(size_t index) {
    if (!state) {
      if (eligible && index + 1 < functions.size() &&
          std::chrono::steady_clock::now() - created >= startAfter) {
        eligible = false;
        if (startAfter.count() == 0 || exceedsLastLevelCache())
          start(index);
      }
      return;
    }
    state->current.store(index, std::memory_order_seq_cst);
    state->waitUntilOut([&](size_t busy) { return busy > index; });
  }

  /// Stops the helper: it reads nothing after this returns (the pass may
  /// then change any function).
  void finish() {
    if (!state)
      return;
    state->stop.store(true, std::memory_order_seq_cst);
    state->waitUntilOut([](size_t busy) { return busy == kNone; });
  }

  ~WarmAhead() { finish(); }

  /// How many functions the helper read whole (for tests: 0 when it did
  /// not run).
  size_t functionsRead() const {
    return state ? state->read.load(std::memory_order_seq_cst) : 0;
  }

  /// The function the helper is reading, if any (for tests: never one the
  /// pass has entered, nor any after finish()).
  std::optional<size_t> reading() const {
    if (!state)
      return std::nullopt;
    size_t index = state->touching.load(std::memory_order_seq_cst);
    return index == kNone ? std::nullopt : std::optional<size_t>(index);
  }

  /// Whether the process's resident memory (mostly the IR, in a compiler
  /// run) exceeds the last-level cache, which is when the pass would find
  /// ops in memory. A module in the cache gains nothing, and may lose: on
  /// some processors a line the helper read sits in its core's cache, and
  /// the pass then fetches it from there instead of the shared cache
  /// (measured on the H200 host, 300k ops: 179 ms without, 221 with).
  /// False where either figure is unknown (Linux's sysfs and procfs give
  /// them; glibc's sysconf reports the whole chip's L3 on some AMD parts,
  /// not the slice a core shares).
  static bool exceedsLastLevelCache() {
    size_t cache = lastLevelCacheBytes();
    size_t resident = residentBytes();
    return cache != 0 && resident > cache;
  }

  /// The size of cpu0's last-level cache in bytes (sysfs lists its caches
  /// by level, so the last index that exists is the last level); 0 when
  /// unknown. Read once per process.
  static size_t lastLevelCacheBytes() {
    static const size_t bytes = [] {
      for (int index = 7; index >= 0; --index) {
        std::string path = "/sys/devices/system/cpu/cpu0/cache/index" +
                           std::to_string(index) + "/size";
        std::FILE *file = std::fopen(path.c_str(), "r");
        if (!file)
          continue;
        unsigned long long value = 0;
        char unit = 0;
        int read = std::fscanf(file, "%llu%c", &value, &unit);
        std::fclose(file);
        if (read < 1)
          return size_t(0);
        if (read == 2 && (unit == 'K' || unit == 'k'))
          value <<= 10;
        else if (read == 2 && (unit == 'M' || unit == 'm'))
          value <<= 20;
        return static_cast<size_t>(value);
      }
      return size_t(0);
    }();
    return bytes;
  }

  /// This process's resident memory in bytes (0 when unknown).
  static size_t residentBytes() {
    std::FILE *file = std::fopen("/proc/self/statm", "r");
    if (!file)
      return 0;
    unsigned long long size = 0, resident = 0;
    int read = std::fscanf(file, "%llu %llu", &size, &resident);
    std::fclose(file);
    return read == 2 ? resident * llvm::sys::Process::getPageSizeEstimate() : 0;
  }

private:
  /// Starts the helper at the function after `index`, the pass's.
  void start(size_t index) {
    state = std::make_shared<State>(functions, index);
    // The task keeps the state alive: finish() does not wait for a task
    // still queued (it would read nothing).
    context->getThreadPool().async([state = state] { state->run(); });
  }

  /// Fewer functions than this: a task costs more than it could save.
  static constexpr size_t kMinFunctions = 4;
  /// How many functions past the pass's the helper reads.
  static constexpr size_t kAhead = 2;
  static constexpr size_t kNone = ~size_t(0);

  /// What the pass and the helper share. Each side stores its own flag and
  /// then loads the other's (all sequentially consistent), so one of them
  /// always sees the other: the helper never starts on a function the pass
  /// has entered, nor after finish(), and the pass waits for it to leave
  /// one it is in.
  struct State {
    State(llvm::ArrayRef<mlir::Operation *> functions, size_t current)
        : functions(functions.begin(), functions.end()), current(current) {}

    void run() {
      for (size_t next = current.load(std::memory_order_seq_cst) + 1;
           next < functions.size(); ++next) {
        // Wait until the pass is at most kAhead functions behind: briefly
        // on the spot, then asleep (a pass spends far longer in a function
        // than the helper takes to read one).
        for (unsigned polls = 0;
             next > current.load(std::memory_order_seq_cst) + kAhead; ++polls) {
          if (stop.load(std::memory_order_seq_cst))
            return;
          if (polls < 64)
            std::this_thread::yield();
          else
            std::this_thread::sleep_for(std::chrono::microseconds(20));
        }
        busy.store(next, std::memory_order_seq_cst);
        bool done = stop.load(std::memory_order_seq_cst);
        if (!done && current.load(std::memory_order_seq_cst) < next) {
          touching.store(next, std::memory_order_seq_cst);
          if (touch(functions[next], next))
            read.fetch_add(1, std::memory_order_seq_cst);
          touching.store(kNone, std::memory_order_seq_cst);
        }
        busy.store(kNone, std::memory_order_seq_cst);
        if (done)
          return;
      }
    }

    /// Reads `op` and the ops nested in it (what a walk reads: each op's
    /// header, its operands' and results' types, its regions), giving up
    /// once the pass enters function `index` or stops the helper. Returns
    /// false when it gave up.
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
                (current.load(std::memory_order_seq_cst) >= index ||
                 stop.load(std::memory_order_seq_cst)))
              return false;
            if (!touch(&nested, index))
              return false;
          }
      return true;
    }

    /// The pass's side: waits (briefly: the helper checks every 64 ops)
    /// until the function the helper is in satisfies `out`.
    template <typename Out> void waitUntilOut(Out out) {
      while (!out(busy.load(std::memory_order_seq_cst)))
        std::this_thread::yield();
    }

    const llvm::SmallVector<mlir::Operation *> functions;
    /// The function the pass is in.
    std::atomic<size_t> current;
    /// The function the helper is about to read or reads (kNone: none):
    /// published before it looks at `stop` and `current`, so that the pass
    /// either sees it and waits, or the helper sees the pass and stays out.
    std::atomic<size_t> busy{kNone};
    /// The function the helper reads, only while it does (for reading():
    /// `busy` also names a function the helper then decides not to read).
    std::atomic<size_t> touching{kNone};
    std::atomic<bool> stop{false};
    std::atomic<size_t> read{0};
    /// The helper's own: what it read, so that the reads stay.
    uintptr_t sink = 0;
    size_t visited = 0;
  };

  mlir::MLIRContext *context;
  llvm::ArrayRef<mlir::Operation *> functions;
  std::chrono::microseconds startAfter;
  /// Whether the helper may still start, and when the pass began.
  bool eligible = false;
  std::chrono::steady_clock::time_point created;
  /// Shared with the task; kept after finish(), which stops it.
  std::shared_ptr<State> state;
};

} // namespace proxyfence

#endif // PROXYFENCE_SUPPORT_WARMAHEAD_H
