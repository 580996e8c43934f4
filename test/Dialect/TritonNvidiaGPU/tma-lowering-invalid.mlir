// RUN: proxyfence-opt %s --split-input-file --proxyfence-tma-lowering --verify-diagnostics

// Input --proxyfence-tma-lowering cannot lower is diagnosed at the op.

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @no_shared_encoding(%d: !tt.tensordesc<tensor<64x64xf16>>, %i: i32, %v: tensor<64x64xf16, #blocked>) {
    // expected-error @below {{the descriptor's block has no shared-memory encoding}}
    tt.descriptor_store %d[%i, %i], %v : !tt.tensordesc<tensor<64x64xf16>>, tensor<64x64xf16, #blocked>
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16, CTAsPerCGA = [2, 1], CTASplitNum = [2, 1], CTAOrder = [1, 0]}>
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func @multi_cta(%d: !tt.tensordesc<tensor<64x64xf16, #shared>>, %i: i32) -> tensor<64x64xf16, #blocked> {
    // expected-error @below {{TMA lowering of a descriptor load or gather in a multi-CTA module (ttg.num-ctas = 2) is not supported}}
    %x = tt.descriptor_load %d[%i, %i] : !tt.tensordesc<tensor<64x64xf16, #shared>> -> tensor<64x64xf16, #blocked>
    tt.return %x : tensor<64x64xf16, #blocked>
  }
}
