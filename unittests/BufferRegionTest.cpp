//===- BufferRegionTest.cpp - unit tests of BufferRegionAnalysis ---------===//
//
// The analysis keeps each function's values apart: lookups that alternate
// between functions find each value's own regions, whichever function was
// looked up last; a value of no analysed function is unknown; only the
// functions with an unknown value are listed as such. On a module of
// functions, a function analysed on its first lookup gets the regions it
// gets analysed alone.
//
//===----------------------------------------------------------------------===//

#include "ParsedModule.h"
#include "proxyfence/Analysis/BufferRegion.h"

#include "mlir/IR/SymbolTable.h"

#include "gtest/gtest.h"

using namespace mlir;
using namespace proxyfence;

namespace {

// Each value of interest is the result of an op tagged `{name = "..."}`.
constexpr StringLiteral kModule = R"mlir(
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @first() {
    %c1 = arith.constant 1 : i32
    %a = ttg.local_alloc {name = "a"} : () -> !ttg.memdesc<4x64xf32, #shared, #smem, mutable>
    %a1 = ttg.memdesc_index %a[%c1] {name = "a1"} : !ttg.memdesc<4x64xf32, #shared, #smem, mutable> -> !ttg.memdesc<64xf32, #shared, #smem, mutable>
    tt.return
  }
  tt.func @second(%arg: !ttg.memdesc<4x64xf32, #shared, #smem, mutable>) {
    %c2 = arith.constant 2 : i32
    %b = ttg.local_alloc {name = "b"} : () -> !ttg.memdesc<2x64xf32, #shared, #smem, mutable>
    %b1 = ttg.memdesc_index %b[%c2] {name = "bad"} : !ttg.memdesc<2x64xf32, #shared, #smem, mutable> -> !ttg.memdesc<64xf32, #shared, #smem, mutable>
    %x = ttg.memdesc_index %arg[%c2] {name = "x"} : !ttg.memdesc<4x64xf32, #shared, #smem, mutable> -> !ttg.memdesc<64xf32, #shared, #smem, mutable>
    tt.return
  }
}
)mlir";

class BufferRegionTest : public ::testing::Test {
protected:
  Value named(StringRef name) { return parsed.named(name); }
  Operation *function(StringRef name) {
    return SymbolTable::lookupSymbolIn(module.get(), name);
  }

  ParsedModule parsed{kModule};
  OwningOpRef<ModuleOp> &module = parsed.module;
};

TEST_F(BufferRegionTest, LookupsAlternatingBetweenFunctionsFindEachValue) {
  ASSERT_TRUE(module);
  BufferRegionAnalysis analysis(module.get());
  Operation *a = named("a").getDefiningOp();
  Operation *b = named("b").getDefiningOp();
  // Twice over, so that each lookup follows one of the other function.
  for (int round = 0; round != 2; ++round) {
    const RegionSet &a1 = analysis.getRegions(named("a1"));
    ASSERT_EQ(a1.regions.size(), 1u);
    EXPECT_FALSE(a1.unknown);
    EXPECT_EQ(a1.regions[0].alloc, a);
    EXPECT_EQ(a1.regions[0].range, (ByteRange{256, 512}));

    const RegionSet &x = analysis.getRegions(named("x"));
    EXPECT_TRUE(x.unknown);
    EXPECT_TRUE(x.regions.empty());

    const RegionSet &whole = analysis.getRegions(named("b"));
    ASSERT_EQ(whole.regions.size(), 1u);
    EXPECT_EQ(whole.regions[0].alloc, b);
    EXPECT_EQ(whole.regions[0].range, (ByteRange{0, 512}));

    // An index past the end keeps the whole buffer.
    const RegionSet &bad = analysis.getRegions(named("bad"));
    ASSERT_EQ(bad.regions.size(), 1u);
    EXPECT_EQ(bad.regions[0].range, (ByteRange{0, 512}));
  }
}

TEST_F(BufferRegionTest, AValueOfNoAnalysedFunctionIsUnknown) {
  ASSERT_TRUE(module);
  // Only @first is analysed: @second's values are not under the root.
  BufferRegionAnalysis analysis(function("first"));
  EXPECT_FALSE(analysis.getRegions(named("a1")).unknown);
  EXPECT_TRUE(analysis.getRegions(named("b")).unknown);
  EXPECT_FALSE(analysis.getRegions(named("a1")).unknown);
}

// On a module of functions, each function is analysed on its first lookup
// (or on prepare); the regions are those of analysing the function alone,
// whichever function is looked up first, and a function prepared or looked
// up earlier is not analysed (nor listed) twice.
TEST_F(BufferRegionTest, AnalysingOnFirstLookupAgreesWithAnalysingAll) {
  ASSERT_TRUE(module);
  BufferRegionAnalysis lazy(module.get());
  BufferRegionAnalysis first(function("first"));
  BufferRegionAnalysis second(function("second"));
  lazy.prepare(function("second"));
  auto expectSame = [&](const char *name, const BufferRegionAnalysis &alone) {
    const RegionSet &got = lazy.getRegions(named(name));
    const RegionSet &want = alone.getRegions(named(name));
    EXPECT_EQ(got.unknown, want.unknown) << name;
    ASSERT_EQ(got.regions.size(), want.regions.size()) << name;
    for (auto [g, w] : llvm::zip(got.regions, want.regions)) {
      EXPECT_EQ(g.alloc, w.alloc) << name;
      EXPECT_EQ(g.range, w.range) << name;
    }
  };
  // The later function first: its values, then the earlier one's.
  for (const char *name : {"x", "bad", "b"})
    expectSame(name, second);
  for (const char *name : {"a1", "a"})
    expectSame(name, first);
  ArrayRef<Operation *> unknown = lazy.getFunctionsWithUnknownValues();
  ASSERT_EQ(unknown.size(), 1u);
  EXPECT_EQ(unknown[0], function("second"));
  // Analysed already: a second prepare changes nothing.
  lazy.prepare(function("first"));
  EXPECT_EQ(lazy.getFunctionsWithUnknownValues().size(), 1u);
  expectSame("a1", first);
}

TEST_F(BufferRegionTest, ListsOnlyTheFunctionsWithAnUnknownValue) {
  ASSERT_TRUE(module);
  BufferRegionAnalysis analysis(module.get());
  ArrayRef<Operation *> functions = analysis.getFunctionsWithUnknownValues();
  ASSERT_EQ(functions.size(), 1u);
  EXPECT_EQ(functions[0], function("second"));
}

} // namespace
