//===- PositionsTest.cpp - where reports place ops in the IR -------------===//
//
// `check` parses text without loc(...) without recording op positions on
// the side (AsmParserState) and places each op by its own location. The
// places must be the ones the record gives, op by op, and an op the text
// does not hold (an implicit terminator, located at its parent) must stay
// unplaced as it is without the record.
//
//===----------------------------------------------------------------------===//

#include "proxyfence/Checker/Checker.h"
#include "proxyfence/InitAll.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/AsmParser/AsmParserState.h"
#include "mlir/IR/Block.h"
#include "mlir/IR/MLIRContext.h"

#include "gtest/gtest.h"

using namespace mlir;
using namespace proxyfence;

namespace {

// Custom and generic forms, an op named without its dialect (func.return
// in func.func), results and none, and an implicit scf.yield.
constexpr llvm::StringLiteral kSource = R"mlir(module {
  tt.func @f(%n: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    scf.for %i = %c0 to %n step %c1 {
      %x = "arith.addi"(%i, %i) : (index, index) -> index
    }
    tt.return
  }
  func.func @g() {
    return
  }
}
)mlir";

struct Parsed {
  explicit Parsed(MLIRContext &context, bool record) {
    sourceMgr.AddNewSourceBuffer(
        llvm::MemoryBuffer::getMemBufferCopy(kSource, "positions.mlir"),
        llvm::SMLoc());
    ParserConfig config(&context);
    AsmParserState state;
    if (failed(parseAsmSourceFile(sourceMgr, &block, config,
                                  record ? &state : nullptr)))
      return;
    for (const AsmParserState::OperationDefinition &def : state.getOpDefs())
      locs[def.op] = def.loc.Start;
    block.walk([&](Operation *op) { ops.push_back(op); });
  }
  llvm::SourceMgr sourceMgr;
  Block block;
  llvm::DenseMap<Operation *, llvm::SMLoc> locs;
  std::vector<Operation *> ops;
};

TEST(PositionsTest, OwnLocationsPlaceOpsAsTheParserRecordDoes) {
  DialectRegistry registry;
  registerAllDialects(registry);
  MLIRContext context(registry);
  context.loadAllAvailableDialects();
  Parsed recorded(context, /*record=*/true);
  Parsed located(context, /*record=*/false);
  ASSERT_EQ(recorded.ops.size(), 10u);
  ASSERT_EQ(located.ops.size(), recorded.ops.size());
  EXPECT_TRUE(located.locs.empty());

  PositionResolver byRecord("positions.mlir", recorded.sourceMgr,
                            std::move(recorded.locs));
  PositionResolver byLocation("positions.mlir", located.sourceMgr,
                              llvm::DenseMap<Operation *, llvm::SMLoc>(),
                              /*locatedInIR=*/true);
  PositionResolver unplaced("positions.mlir", located.sourceMgr,
                            llvm::DenseMap<Operation *, llvm::SMLoc>());
  unsigned placed = 0;
  for (auto [expected, actual] : llvm::zip(recorded.ops, located.ops)) {
    OpInfo want = byRecord.describe(expected);
    OpInfo got = byLocation.describe(actual);
    ASSERT_EQ(want.name, got.name);
    EXPECT_EQ(want.ir.str(), got.ir.str()) << got.name;
    // Locations in the IR file are not kernel source positions.
    EXPECT_FALSE(got.source.isKnown()) << got.name;
    EXPECT_FALSE(unplaced.describe(actual).ir.isKnown()) << got.name;
    placed += got.ir.isKnown();
    if (got.name == "scf.yield") {
      EXPECT_FALSE(got.ir.isKnown());
    }
  }
  // Every op but the implicit yield.
  EXPECT_EQ(placed, 9u);
  // Spot checks against the text: the generic op at its quote, the
  // return named without its dialect (ops in post-order).
  OpInfo addi = byLocation.describe(located.ops[2]);
  EXPECT_EQ(addi.name, "arith.addi");
  EXPECT_EQ(addi.ir.str(), "positions.mlir:6:12");
  OpInfo ret = byLocation.describe(located.ops[7]);
  EXPECT_EQ(ret.name, "func.return");
  EXPECT_EQ(ret.ir.str(), "positions.mlir:11:5");
}

} // namespace
