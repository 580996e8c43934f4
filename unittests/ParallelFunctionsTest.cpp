//===- ParallelFunctionsTest.cpp - functions analysed at once ------------===//
//
// With threads, the hazard analysis and the region analysis it reads go
// over a module's functions at once (Support/ParallelFunctions.h). The
// results must be the sequential ones, in the same order: the same module
// parsed twice, in a context with threads and one without.
//
//===----------------------------------------------------------------------===//

#include "proxyfence/Support/ParallelFunctions.h"

#include "ParsedModule.h"
#include "proxyfence/Analysis/BufferRegion.h"
#include "proxyfence/Analysis/ProxyHazards.h"
#include "proxyfence/InitAll.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"

#include "gtest/gtest.h"

#include <condition_variable>
#include <mutex>
#include <string>
#include <thread>

using namespace mlir;
using namespace proxyfence;

namespace {

constexpr llvm::StringLiteral kHeader = R"mlir(
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#shared1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
)mlir";

// A local_store then a TMA load of the same buffer, with FENCE between
// (or nothing) and, with SPURIOUS, a fence after the wait that orders
// nothing.
std::string function(unsigned index, bool fenced, bool spurious) {
  std::string text =
      R"mlir(
  tt.func @f)mlir" +
      std::to_string(index) +
      R"mlir((%desc: !tt.tensordesc<tensor<64x64xf16, #shared>>, %i: i32, %v: tensor<64x64xf16, #blocked>) {
    %c0 = arith.constant 0 : i32
    %true = arith.constant true
    %x = ttg.local_alloc : () -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    %bar = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    ttng.init_barrier %bar, 1 : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    ttg.local_store %v, %x : tensor<64x64xf16, #blocked> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
)mlir";
  if (fenced)
    text += "    ttng.fence_async_shared {bCluster = false}\n";
  text +=
      R"mlir(    ttng.async_tma_copy_global_to_local %desc[%i, %i] %x, %bar, %true : !tt.tensordesc<tensor<64x64xf16, #shared>>, !ttg.memdesc<1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    ttng.wait_barrier %bar, %c0 : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
)mlir";
  if (spurious)
    text += "    ttng.fence_async_shared {bCluster = true}\n";
  text += "    tt.return\n  }\n";
  return text;
}

// An MMA of a buffer no op of its function writes: it needs a fence only
// because a store through an argument (storeThroughArgument) may write
// any buffer of the module.
std::string reader(unsigned index) {
  return R"mlir(
  tt.func @reader)mlir" +
         std::to_string(index) +
         R"mlir((%acc: tensor<64x64xf32, #mma>) -> tensor<64x64xf32, #mma> {
    %a = ttg.local_alloc : () -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    %d = ttng.warp_group_dot %a, %a, %acc {inputPrecision = 0 : i32} : !ttg.memdesc<64x64xf16, #shared, #smem, mutable> * !ttg.memdesc<64x64xf16, #shared, #smem, mutable> -> tensor<64x64xf32, #mma>
    tt.return %d : tensor<64x64xf32, #mma>
  }
)mlir";
}

constexpr llvm::StringLiteral kStoreThroughArgument = R"mlir(
  tt.func @store_through_argument(%b: !ttg.memdesc<64x64xf16, #shared, #smem, mutable>, %t: tensor<64x64xf16, #blocked>) {
    ttg.local_store %t, %b : tensor<64x64xf16, #blocked> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    tt.return
  }
)mlir";

/// `functions` of the kind above, then (with `untracedLast`) four readers
/// and the store through an argument, last in the module.
std::string moduleText(unsigned functions, bool untracedLast = false) {
  std::string text = kHeader.str();
  for (unsigned index = 0; index != functions; ++index)
    text += function(index, /*fenced=*/index % 3 == 1,
                     /*spurious=*/index % 2 == 0);
  if (untracedLast) {
    for (unsigned index = 0; index != 4; ++index)
      text += reader(index);
    text += kStoreThroughArgument;
  }
  return text + "}\n";
}

/// The analysis's results, with each op named by its place in a walk of
/// the module (the two parses have different ops).
std::vector<std::string> describe(ModuleOp module,
                                  const ProxyHazardAnalysis &analysis) {
  llvm::DenseMap<Operation *, unsigned> number;
  module->walk([&](Operation *op) { number[op] = number.size(); });
  std::vector<std::string> lines;
  for (const Hazard &hazard : analysis.getHazards())
    lines.push_back("hazard " +
                    std::to_string(number.lookup(hazard.genericOp)) + " " +
                    std::to_string(number.lookup(hazard.asyncOp)) + " " +
                    stringifyHazardKind(hazard.kind).str());
  for (auto [op, scope] : analysis.getFencePoints())
    lines.push_back("fence point " + std::to_string(number.lookup(op)) +
                    (scope == FenceScope::Cluster ? " cluster" : " cta"));
  std::vector<std::string> effects;
  for (auto [fence, effect] : analysis.getFenceEffects())
    effects.push_back("effect " + std::to_string(number.lookup(fence)) + " " +
                      std::to_string(effect.ordersHazard) +
                      std::to_string(effect.needsClusterScope) +
                      std::to_string(effect.greedyExact) +
                      std::to_string(effect.greedySpurious) +
                      std::to_string(effect.greedyOverwide));
  // (A map: its order is not a result.)
  llvm::sort(effects);
  llvm::append_range(lines, effects);
  return lines;
}

std::vector<std::string> analyse(const std::string &text, bool threads) {
  ParsedModule parsed(text);
  if (!parsed.module)
    return {"parse error"};
  parsed.context.disableMultithreading(!threads);
  ModuleOp module = *parsed.module;
  BufferRegionAnalysis regions(module);
  ProxyHazardOptions options;
  options.recordFenceEffects = true;
  ProxyHazardAnalysis analysis(module, regions, options);
  return describe(module, analysis);
}

/// Functions go in parallel from the first while it lives.
struct ParallelFromTheStart {
  ParallelFromTheStart() {
    ParallelSwitch::afterForTesting() = std::chrono::microseconds(0);
  }
  ~ParallelFromTheStart() {
    ParallelSwitch::afterForTesting() = ParallelSwitch::kAfter;
  }
};

TEST(ParallelFunctionsTest,
     HazardAnalysisWithThreadsGivesTheSequentialResults) {
  ParallelFromTheStart parallel;
  std::string text = moduleText(24);
  std::vector<std::string> alone = analyse(text, /*threads=*/false);
  std::vector<std::string> threads = analyse(text, /*threads=*/true);
  EXPECT_EQ(alone, threads);
  // Something to compare: 16 unfenced functions (missing fences) and 12
  // spurious fences.
  EXPECT_EQ(llvm::count_if(alone,
                           [](const std::string &line) {
                             return llvm::StringRef(line).starts_with(
                                 "fence point");
                           }),
            16);
  EXPECT_EQ(llvm::count_if(alone,
                           [](const std::string &line) {
                             return llvm::StringRef(line).starts_with("effect");
                           }),
            20);
}

TEST(ParallelFunctionsTest, SwitchesOnlyAfterItsTimeWithTwoFunctionsLeft) {
  DialectRegistry registry;
  MLIRContext context(registry);
  if (!shouldRunInParallel(&context, 100))
    GTEST_SKIP() << "one hardware thread";
  {
    ParallelFromTheStart parallel;
    ParallelSwitch now(&context, 100);
    EXPECT_TRUE(now.at(0));
    EXPECT_TRUE(now.at(98));
    EXPECT_FALSE(now.at(99)); // one function left
  }
  auto before = std::chrono::steady_clock::now();
  ParallelSwitch later(&context, 100);
  bool early = later.at(0);
  // (Unless this thread was held up past kAfter in between.)
  if (std::chrono::steady_clock::now() - before < ParallelSwitch::kAfter) {
    EXPECT_FALSE(early);
  }
  std::this_thread::sleep_for(ParallelSwitch::kAfter);
  EXPECT_TRUE(later.at(0));
}

/// The fence pipeline's output on `text`.
std::string runPipeline(const std::string &text, bool threads) {
  ParsedModule parsed(text);
  if (!parsed.module)
    return "parse error";
  parsed.context.disableMultithreading(!threads);
  OwningOpRef<ModuleOp> &module = parsed.module;
  PassManager pm(&parsed.context);
  if (failed(parsePassPipeline(
          "proxyfence-fence-pipeline{compute-capability=90}", pm)) ||
      failed(pm.run(*module)))
    return "pipeline failed";
  std::string out;
  llvm::raw_string_ostream os(out);
  module->print(os);
  return out;
}

// Allocation and fence insertion (which also analyses each function's
// regions as it goes, and fences a read given the module's untraced
// writers) from their first function in parallel.
TEST(ParallelFunctionsTest, PipelineWithThreadsGivesTheSequentialOutput) {
  registerAllPasses();
  ParallelFromTheStart parallel;
  std::string text = moduleText(24, /*untracedLast=*/true);
  std::string alone = runPipeline(text, /*threads=*/false);
  EXPECT_EQ(alone, runPipeline(text, /*threads=*/true));
  // 20 fences in the input, 16 for the local_stores, 4 for the MMAs.
  EXPECT_EQ(llvm::StringRef(alone).count("ttng.fence_async_shared"), 40u);
  EXPECT_EQ(llvm::StringRef(alone).count("allocation.offset"), 52u);
}

TEST(ParallelFunctionsTest, OnlyWithThreadsAndEnoughFunctions) {
  DialectRegistry registry;
  MLIRContext context(registry);
  context.disableMultithreading(true);
  EXPECT_FALSE(shouldRunInParallel(&context, 100));
  context.disableMultithreading(false);
  EXPECT_FALSE(shouldRunInParallel(&context, kMinParallelFunctions - 1));
  EXPECT_EQ(shouldRunInParallel(&context, kMinParallelFunctions),
            context.getThreadPool().getMaxConcurrency() >= 2);
}

TEST(ParallelFunctionsTest, EveryIndexOnceAndNoWorkerSharedAtOnce) {
  DialectRegistry registry;
  MLIRContext context(registry);
  struct Worker {
    std::atomic<int> users{0};
  };
  std::vector<std::atomic<int>> calls(500);
  std::atomic<bool> shared{false};
  forEachFunctionInParallel<Worker>(
      &context, calls.size(), [] { return std::make_unique<Worker>(); },
      [&](size_t index, Worker &worker) {
        if (worker.users.fetch_add(1) != 0)
          shared = true;
        ++calls[index];
        worker.users.fetch_sub(1);
      });
  EXPECT_FALSE(shared);
  for (const std::atomic<int> &count : calls)
    EXPECT_EQ(count.load(), 1);
}

// The calling thread does every index itself when the pool's threads are
// all busy, and returns without waiting for them: the tasks it handed the
// pool run later, find no index left, and touch nothing of the call's.
TEST(ParallelFunctionsTest, DoesNotWaitForABusyPool) {
  DialectRegistry registry;
  MLIRContext context(registry);
  llvm::ThreadPoolInterface &pool = context.getThreadPool();
  std::mutex mutex;
  std::condition_variable released;
  bool release = false;
  std::atomic<unsigned> blocked{0};
  for (unsigned i = 0; i < pool.getMaxConcurrency(); ++i)
    pool.async([&] {
      ++blocked;
      std::unique_lock<std::mutex> lock(mutex);
      released.wait(lock, [&] { return release; });
    });
  while (blocked != pool.getMaxConcurrency())
    std::this_thread::yield();
  struct Worker {};
  std::vector<int> calls(64);
  std::thread::id caller = std::this_thread::get_id();
  bool elsewhere = false;
  forEachFunctionInParallel<Worker>(
      &context, calls.size(), [] { return std::make_unique<Worker>(); },
      [&](size_t index, Worker &) {
        ++calls[index];
        elsewhere |= std::this_thread::get_id() != caller;
      });
  EXPECT_FALSE(elsewhere);
  for (int count : calls)
    EXPECT_EQ(count, 1);
  {
    std::lock_guard<std::mutex> lock(mutex);
    release = true;
  }
  released.notify_all();
  pool.wait();
}

} // namespace
