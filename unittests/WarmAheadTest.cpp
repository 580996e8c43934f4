//===- WarmAheadTest.cpp - the read-ahead helper never meets the pass ----===//
//
// WarmAhead reads the next function on another thread while a pass works
// on the current one. These tests run a "pass" that rewrites each function
// it enters (erasing and creating ops) and check that the helper is never
// in a function the pass has entered, that it does read ahead when the
// context allows threads, and that it stays off when it does not.
//
//===----------------------------------------------------------------------===//

#include "ParsedModule.h"

#include "proxyfence/Support/WarmAhead.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

#include "gtest/gtest.h"

#include <chrono>
#include <cstdio>
#include <string>
#include <thread>
#include <vector>

using namespace mlir;
using namespace proxyfence;

namespace {

/// `functions` functions of `ops` chained additions each.
std::string chains(int functions, int ops) {
  std::string source = "module {\n";
  for (int f = 0; f != functions; ++f) {
    source += "  tt.func @f" + std::to_string(f) + "(%a: i32) -> i32 {\n";
    std::string last = "%a";
    for (int i = 0; i != ops; ++i) {
      std::string name = "%v" + std::to_string(i);
      source += "    " + name + " = arith.addi " + last + ", %a : i32\n";
      last = name;
    }
    source += "    tt.return " + last + " : i32\n  }\n";
  }
  return source + "}\n";
}

SmallVector<Operation *> functionsOf(ModuleOp module) {
  SmallVector<Operation *> out;
  for (Operation &op : *module.getBody())
    out.push_back(&op);
  return out;
}

/// Replaces every addition of `function` with a fresh one (the old ops
/// are freed): what a pass that changes a function does to its memory.
void rewrite(Operation *function) {
  Block &body = function->getRegion(0).front();
  OpBuilder builder(function->getContext());
  for (Operation &op : llvm::make_early_inc_range(body.without_terminator())) {
    builder.setInsertionPoint(&op);
    Operation *fresh = builder.clone(op);
    op.replaceAllUsesWith(fresh);
    op.erase();
  }
}

TEST(WarmAheadTest, NeverInAFunctionThePassEntered) {
  ParsedModule parsed(chains(/*functions=*/48, /*ops=*/2000));
  ASSERT_TRUE(parsed.module);
  ASSERT_TRUE(parsed.context.isMultithreadingEnabled());
  SmallVector<Operation *> functions = functionsOf(*parsed.module);
  // How often the pass entered a function the helper was reading.
  int caught = 0;
  // Three rounds, and more while the race has not come up (on a loaded
  // machine the helper may not get a core in time).
  for (int round = 0; round < 3 || (caught == 0 && round < 100); ++round) {
    WarmAhead warm(&parsed.context, functions, std::chrono::microseconds(0));
    size_t index = 0;
    warm.enter(index);
    while (true) {
      if (index % 2 == 0)
        rewrite(functions[index]);
      if (index + 1 == functions.size())
        break;
      // The pass goes on to the function the helper is reading, if it
      // catches it reading one within 2 ms (entering a later function
      // than the next is allowed), else to the next.
      std::optional<size_t> reading;
      auto deadline =
          std::chrono::steady_clock::now() + std::chrono::milliseconds(2);
      while (!(reading = warm.reading()) &&
             std::chrono::steady_clock::now() < deadline)
        std::this_thread::yield();
      index = reading ? *reading : index + 1;
      caught += reading.has_value();
      warm.enter(index);
      reading = warm.reading();
      EXPECT_TRUE(!reading || *reading > index)
          << "the helper reads function " << *reading << " after the pass "
          << "entered " << index;
    }
    warm.finish();
    EXPECT_FALSE(warm.reading());
  }
  // The race was there to lose.
  EXPECT_GT(caught, 0);
  EXPECT_TRUE(succeeded(verify(*parsed.module)));
}

TEST(WarmAheadTest, ReadsTheNextFunctionWhileThePassWorks) {
  ParsedModule parsed(chains(/*functions=*/8, /*ops=*/200));
  ASSERT_TRUE(parsed.module);
  SmallVector<Operation *> functions = functionsOf(*parsed.module);
  WarmAhead warm(&parsed.context, functions, std::chrono::microseconds(0));
  for (auto [index, function] : llvm::enumerate(functions)) {
    warm.enter(index);
    // While the pass is in function `index`, the helper reads the next
    // two (and no further); a pass would be working meanwhile.
    size_t expected = std::min(index + 2, functions.size() - 1);
    auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
    while (warm.functionsRead() < expected &&
           std::chrono::steady_clock::now() < deadline)
      std::this_thread::sleep_for(std::chrono::microseconds(100));
    EXPECT_EQ(warm.functionsRead(), expected) << "in function " << index;
    rewrite(function);
  }
  warm.finish();
  EXPECT_EQ(warm.functionsRead(), functions.size() - 1);
}

TEST(WarmAheadTest, FinishWaitsForTheHelperToLeave) {
  ParsedModule parsed(chains(/*functions=*/6, /*ops=*/20000));
  ASSERT_TRUE(parsed.module);
  SmallVector<Operation *> functions = functionsOf(*parsed.module);
  // How often finish() came while the helper was reading.
  int caught = 0;
  // Ten rounds, and more while finish() has not come during a read.
  for (int round = 0; round < 10 || (caught == 0 && round < 200); ++round) {
    WarmAhead warm(&parsed.context, functions, std::chrono::microseconds(0));
    warm.enter(0);
    // Stop the helper in the middle of a read if it can be caught in one
    // (a function of 20k ops takes it a while), then change every
    // function.
    auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(1);
    while (!warm.reading() && warm.functionsRead() < 2 &&
           std::chrono::steady_clock::now() < deadline)
      std::this_thread::yield();
    caught += warm.reading().has_value();
    warm.finish();
    EXPECT_FALSE(warm.reading()) << "round " << round;
    for (Operation *function : functions)
      rewrite(function);
  }
  EXPECT_GT(caught, 0);
  EXPECT_TRUE(succeeded(verify(*parsed.module)));
}

/// How many functions the helper reads while a pass spends 2 ms in each
/// of `functions` functions (threads off when `threads` is false).
size_t readDuringSlowPass(int functions, bool threads,
                          std::chrono::microseconds startAfter) {
  ParsedModule parsed(chains(functions, /*ops=*/50));
  EXPECT_TRUE(parsed.module);
  if (!threads)
    parsed.context.disableMultithreading();
  SmallVector<Operation *> ops = functionsOf(*parsed.module);
  WarmAhead warm(&parsed.context, ops, startAfter);
  for (size_t index = 0; index != ops.size(); ++index) {
    warm.enter(index);
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
  warm.finish();
  return warm.functionsRead();
}

TEST(WarmAheadTest, OffWithoutThreadsOrWithFewFunctions) {
  EXPECT_EQ(
      readDuringSlowPass(8, /*threads=*/false, std::chrono::microseconds(0)),
      0u);
  // A pass over before the helper's time to start.
  EXPECT_EQ(readDuringSlowPass(8, /*threads=*/true, std::chrono::hours(1)), 0u);
  EXPECT_EQ(
      readDuringSlowPass(2, /*threads=*/true, std::chrono::microseconds(0)),
      0u);
}

TEST(WarmAheadTest, MeasuresResidentMemoryAndTheLastLevelCache) {
  size_t before = WarmAhead::residentBytes();
#ifdef __linux__
  EXPECT_GT(before, 0u);
  // 64 MiB written is 64 MiB more resident.
  std::vector<char> block(64 << 20);
  for (size_t i = 0; i < block.size(); i += 4096)
    block[i] = static_cast<char>(i);
  EXPECT_GE(WarmAhead::residentBytes(), before + (48u << 20));
  if (std::FILE *file =
          std::fopen("/sys/devices/system/cpu/cpu0/cache/index0/size", "r")) {
    std::fclose(file);
    // At least a level-one cache's 16 KiB, at most a gigabyte.
    EXPECT_GE(WarmAhead::lastLevelCacheBytes(), 16u << 10);
    EXPECT_LE(WarmAhead::lastLevelCacheBytes(), 1u << 30);
  }
#endif
}

} // namespace
