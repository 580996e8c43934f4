//===- BufferRegionTest.cpp - unit tests of BufferRegionAnalysis ---------===//
//
// The analysis keeps each function's values apart: lookups that alternate
// between functions find each value's own regions, whichever function was
// looked up last; a value of no analysed function is unknown; only the
// functions with an unknown value are listed as such.
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

TEST_F(BufferRegionTest, ListsOnlyTheFunctionsWithAnUnknownValue) {
  ASSERT_TRUE(module);
  BufferRegionAnalysis analysis(module.get());
  ArrayRef<Operation *> functions = analysis.getFunctionsWithUnknownValues();
  ASSERT_EQ(functions.size(), 1u);
  EXPECT_EQ(functions[0], function("second"));
}

} // namespace
