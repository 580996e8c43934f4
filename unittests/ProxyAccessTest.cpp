//===- ProxyAccessTest.cpp - unit tests of ProxyAccessOpInterface --------===//
//
// The interface through the C++ API: accesses name the right operand, and
// memory effects derived from them point at the same operands.
//
//===----------------------------------------------------------------------===//

#include "ParsedModule.h"
#include "proxyfence/Dialect/TritonNvidiaGPU/IR/Dialect.h"

#include "gtest/gtest.h"

using namespace mlir;
using namespace proxyfence;

namespace {

constexpr StringLiteral kModule = R"mlir(
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#shared1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module {
  tt.func @f(%desc: !tt.tensordesc<tensor<64x64xf16, #shared>>, %i: i32, %p: i1) {
    %buf = ttg.local_alloc : () -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    %bar = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    ttng.async_tma_copy_global_to_local %desc[%i, %i] %buf, %bar, %p : !tt.tensordesc<tensor<64x64xf16, #shared>>, !ttg.memdesc<1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    ttng.fence_async_shared {bCluster = true}
    tt.return
  }
}
)mlir";

class ProxyAccessTest : public ::testing::Test {
protected:

  template <typename OpTy>
  OpTy first() {
    OpTy found;
    module->walk([&](OpTy op) {
      if (!found)
        found = op;
    });
    return found;
  }

  ParsedModule parsed{kModule};
  OwningOpRef<ModuleOp> &module = parsed.module;
};

TEST_F(ProxyAccessTest, TMALoadWritesItsBufferThroughTheAsyncProxy) {
  ASSERT_TRUE(module);
  auto load = first<ttng::AsyncTMACopyGlobalToLocalOp>();
  ASSERT_TRUE(load);
  SmallVector<ProxyAccess> accesses;
  cast<ProxyAccessOpInterface>(load.getOperation()).getProxyAccesses(accesses);
  ASSERT_EQ(accesses.size(), 3u);

  const ProxyAccess &data = accesses[1];
  EXPECT_EQ(data.value, load.getResult());
  EXPECT_EQ(data.operand, &load.getResultMutable());
  EXPECT_TRUE(data.isWrite());
  EXPECT_TRUE(data.isSharedData());
  EXPECT_TRUE(data.isAsyncShared());
  EXPECT_FALSE(data.isGenericShared());
  EXPECT_EQ(data.proxy, Proxy::Async);
  EXPECT_EQ(data.scope, FenceScope::CTA);

  const ProxyAccess &barrier = accesses[2];
  EXPECT_EQ(barrier.value, load.getBarrier());
  EXPECT_EQ(barrier.proxy, Proxy::AsyncArrive);
  EXPECT_FALSE(barrier.isGenericShared());
  EXPECT_FALSE(barrier.isSharedData());
}

TEST_F(ProxyAccessTest, EffectsAreDerivedFromAccesses) {
  ASSERT_TRUE(module);
  auto load = first<ttng::AsyncTMACopyGlobalToLocalOp>();
  auto effects = cast<MemoryEffectOpInterface>(load.getOperation());
  SmallVector<MemoryEffects::EffectInstance> instances;
  effects.getEffects(instances);
  ASSERT_EQ(instances.size(), 3u);
  EXPECT_TRUE(isa<MemoryEffects::Write>(instances[1].getEffect()));
  EXPECT_EQ(instances[1].getResource(), SharedMemoryResource::get());
  EXPECT_EQ(instances[1].getEffectValue<OpOperand *>(),
            &load.getResultMutable());
  EXPECT_EQ(instances[0].getResource(), GlobalMemoryResource::get());
}

TEST_F(ProxyAccessTest, FenceReportsItsScopeAndKeepsEffects) {
  ASSERT_TRUE(module);
  auto fence = first<ttng::FenceAsyncSharedOp>();
  ASSERT_TRUE(fence);
  auto iface = cast<ProxyAccessOpInterface>(fence.getOperation());
  ASSERT_TRUE(iface.getProxyFenceScope().has_value());
  EXPECT_EQ(*iface.getProxyFenceScope(), FenceScope::Cluster);
  EXPECT_FALSE(isMemoryEffectFree(fence.getOperation()));
}

TEST_F(ProxyAccessTest, NonFenceOpsHaveNoFenceScope) {
  ASSERT_TRUE(module);
  auto load = first<ttng::AsyncTMACopyGlobalToLocalOp>();
  auto iface = cast<ProxyAccessOpInterface>(load.getOperation());
  EXPECT_FALSE(iface.getProxyFenceScope().has_value());
  EXPECT_EQ(iface.getCompletionKind(), CompletionKind::None);
}

} // namespace
