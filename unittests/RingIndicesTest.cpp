//===- RingIndicesTest.cpp - unit tests of RingIndexAnalysis -------------===//
//
// Stage counters as Triton writes them, their spellings, and what is not
// one: a start outside [-1, S), a step other than 1, another ring size; two
// counters of one loop are distinct exactly when their difference modulo S
// is not 0.
//
//===----------------------------------------------------------------------===//

#include "ParsedModule.h"
#include "proxyfence/Analysis/RingIndices.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

#include "gtest/gtest.h"

using namespace mlir;
using namespace proxyfence;

namespace {

// Each value of interest is the result of an op tagged `{name = "..."}`.
constexpr StringLiteral kModule = R"mlir(
module {
  tt.func @f(%n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c2 = arith.constant 2 : i32
    %c3 = arith.constant 3 : i32
    %c4 = arith.constant 4 : i32
    %c5 = arith.constant 5 : i32
    %cm1 = arith.constant -1 : i32
    %r:6 = scf.for %i = %c0 to %n step %c1 iter_args(%r0 = %cm1, %w0 = %c1, %e0 = %cm1, %bad0 = %c5, %two0 = %c0, %q0 = %c0) -> (i32, i32, i32, i32, i32, i32) : i32 {
      // read counter: -1, 0, 1, 2, 0, ...  (sge spelling)
      %ra = arith.addi %r0, %c1 : i32
      %rc = arith.cmpi sge, %ra, %c3 : i32
      %rn = arith.select %rc, %c0, %ra {name = "read"} : i32
      // write counter: 1, 2, 0, ...  (eq spelling)
      %wa = arith.addi %c1, %w0 : i32
      %wc = arith.cmpi eq, %wa, %c3 : i32
      %wn = arith.select %wc, %c0, %wa {name = "write"} : i32
      // a counter started with the read counter (slt spelling, arms swapped)
      %ea = arith.addi %e0, %c1 : i32
      %ec = arith.cmpi slt, %ea, %c3 : i32
      %en = arith.select %ec, %ea, %c0 {name = "same"} : i32
      // starts at 5, outside [-1, 3): not a counter
      %ba = arith.addi %bad0, %c1 : i32
      %bc = arith.cmpi sge, %ba, %c3 : i32
      %bn = arith.select %bc, %c0, %ba {name = "bad"} : i32
      // steps by 2: not a counter
      %ta = arith.addi %two0, %c2 : i32
      %tc = arith.cmpi sge, %ta, %c3 : i32
      %tn = arith.select %tc, %c0, %ta {name = "two"} : i32
      // a ring of 4 (sgt S-1 spelling)
      %qa = arith.addi %q0, %c1 : i32
      %qc = arith.cmpi sgt, %qa, %c3 : i32
      %qn = arith.select %qc, %c0, %qa {name = "four"} : i32
      scf.yield %rn, %wn, %en, %bn, %tn, %qn : i32, i32, i32, i32, i32, i32
    }
    tt.return
  }
}
)mlir";

class RingIndicesTest : public ::testing::Test {
protected:
  Value named(StringRef name) { return parsed.named(name); }

  ParsedModule parsed{kModule};
  OwningOpRef<ModuleOp> &module = parsed.module;
  RingIndexAnalysis rings;
};

TEST_F(RingIndicesTest, RecognizesTheSpellingsOfAStageCounter) {
  ASSERT_TRUE(module);
  for (StringRef name : {"read", "write", "same"}) {
    std::optional<CounterExpr> expr = rings.getCounterExpr(named(name));
    ASSERT_TRUE(expr) << name.str();
    EXPECT_EQ(expr->modulus, 3) << name.str();
    EXPECT_EQ(expr->offset, 1) << name.str();
  }
  std::optional<CounterExpr> four = rings.getCounterExpr(named("four"));
  ASSERT_TRUE(four);
  EXPECT_EQ(four->modulus, 4);
}

TEST_F(RingIndicesTest, RejectsWhatIsNotAStageCounter) {
  ASSERT_TRUE(module);
  EXPECT_FALSE(rings.getCounterExpr(named("bad")));
  EXPECT_FALSE(rings.getCounterExpr(named("two")));
}

TEST_F(RingIndicesTest, CountersOfOneLoopAreDistinctByTheirDifference) {
  ASSERT_TRUE(module);
  // write - read = 1 - (-1) = 2 (mod 3) in every iteration.
  EXPECT_TRUE(rings.provablyDistinct(named("read"), named("write")));
  EXPECT_TRUE(rings.provablyDistinct(named("write"), named("read")));
  // Started together: the same slot.
  EXPECT_FALSE(rings.provablyDistinct(named("read"), named("same")));
  EXPECT_FALSE(rings.provablyDistinct(named("read"), named("read")));
  // Another ring size, or not a counter: nothing is proven.
  EXPECT_FALSE(rings.provablyDistinct(named("read"), named("four")));
  EXPECT_FALSE(rings.provablyDistinct(named("read"), named("bad")));
}

} // namespace
