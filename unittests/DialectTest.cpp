//===- DialectTest.cpp - unit tests of types and attributes --------------===//
//
// !ttg.memdesc sizes and alloc shapes, !tt.tensordesc spellings, and layout
// attribute key checking through the C++ API.
//
//===----------------------------------------------------------------------===//

#include "proxyfence/Dialect/TritonNvidiaGPU/IR/Dialect.h"
#include "proxyfence/InitAll.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/IR/MLIRContext.h"

#include "gtest/gtest.h"

using namespace mlir;
using namespace proxyfence;

namespace {

class DialectTest : public ::testing::Test {
protected:
  DialectTest() {
    DialectRegistry registry;
    registerAllDialects(registry);
    context.appendDialectRegistry(registry);
    context.loadAllAvailableDialects();
  }

  Type parse(StringRef text) { return parseType(text, &context); }

  MLIRContext context;
};

TEST_F(DialectTest, MemDescSizes) {
  auto type = dyn_cast_or_null<ttg::MemDescType>(
      parse("!ttg.memdesc<3x128x64xf16, #ttg.swizzled_shared<{vec = 1, "
            "perPhase = 1, maxPhase = 1, order = [2, 1, 0]}>, "
            "#ttg.shared_memory, mutable>"));
  ASSERT_TRUE(type);
  EXPECT_EQ(type.getRank(), 3);
  EXPECT_EQ(type.getNumElements(), 3 * 128 * 64);
  EXPECT_EQ(type.getSizeInBytes(), 3 * 128 * 64 * 2);
  EXPECT_TRUE(type.getMutableMemory());
  EXPECT_TRUE(type.isSharedMemory());
  EXPECT_FALSE(type.isTensorMemory());
  EXPECT_EQ(type.getAllocShape(), type.getShape());
}

TEST_F(DialectTest, MemDescAllocShape) {
  auto type = dyn_cast_or_null<ttg::MemDescType>(
      parse("!ttg.memdesc<64x32xf32, #ttg.swizzled_shared<{vec = 1, perPhase "
            "= 1, maxPhase = 1, order = [1, 0]}>, #ttg.shared_memory, "
            "mutable, 2x64x64>"));
  ASSERT_TRUE(type);
  EXPECT_EQ(type.getSizeInBytes(), 64 * 32 * 4);
  EXPECT_EQ(type.getAllocSizeInBytes(), 2 * 64 * 64 * 4);
  SmallVector<int64_t> expected = {2, 64, 64};
  EXPECT_EQ(type.getAllocShape(), ArrayRef<int64_t>(expected));
}

TEST_F(DialectTest, MemDescRejectsAllocShapeSmallerThanShape) {
  context.getDiagEngine().registerHandler([](Diagnostic &) { return success(); });
  EXPECT_FALSE(parse("!ttg.memdesc<64x64xf16, #ttg.shared_memory, 32x32>"));
}

TEST_F(DialectTest, TensorMemory) {
  auto type = dyn_cast_or_null<ttg::MemDescType>(
      parse("!ttg.memdesc<128x128xf32, #ttng.tensor_memory_encoding<blockM = "
            "128, blockN = 128, colStride = 1>, #ttng.tensor_memory, "
            "mutable>"));
  ASSERT_TRUE(type);
  EXPECT_TRUE(type.isTensorMemory());
  EXPECT_FALSE(type.isSharedMemory());
}

TEST_F(DialectTest, TensorDescBothSpellingsAreOneType) {
  Type old = parse("!tt.tensordesc<tensor<64x64xf16>>");
  Type newer = parse("!tt.tensordesc<64x64xf16>");
  ASSERT_TRUE(old);
  EXPECT_EQ(old, newer);
  auto desc = cast<tt::TensorDescType>(old);
  EXPECT_EQ(desc.getBlockType().getNumElements(), 64 * 64);
}

TEST_F(DialectTest, LayoutFieldsKeepOrderAndReportBadKeys) {
  Attribute attr = parseAttribute(
      "#ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, "
      "elementBitWidth = 16}>",
      &context);
  auto shared = dyn_cast_or_null<ttg::NVMMASharedEncodingAttr>(attr);
  ASSERT_TRUE(shared);
  ASSERT_EQ(shared.getFields().size(), 3u);
  EXPECT_EQ(shared.getFields()[0].getName(), "swizzlingByteWidth");
  EXPECT_EQ(shared.getIntField("swizzlingByteWidth"), 128);
  EXPECT_EQ(shared.getIntField("elementBitWidth"), 16);
  EXPECT_EQ(shared.getIntField("fp4Padded", -1), -1);

  std::string message;
  context.getDiagEngine().registerHandler([&](Diagnostic &diag) {
    message = diag.str();
    return success();
  });
  EXPECT_FALSE(parseAttribute("#ttg.blocked<{sizePerThread = [1], order = "
                              "[0], threadsPerWarp = [32], bogus = 1}>",
                              &context));
  EXPECT_NE(message.find("unknown key 'bogus'"), std::string::npos)
      << message;
}

} // namespace
