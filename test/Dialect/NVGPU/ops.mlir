// RUN: proxyfence-opt %s --allow-unregistered-dialect | proxyfence-opt --allow-unregistered-dialect | FileCheck %s
// RUN: proxyfence-opt %s --allow-unregistered-dialect --mlir-print-op-generic | proxyfence-opt --allow-unregistered-dialect | FileCheck %s
// RUN: proxyfence-opt %s --allow-unregistered-dialect --proxyfence-fence-pipeline | FileCheck %s --check-prefix=FENCE

// The nvg ops that TLX and newer Triton print in TTGIR, in their syntax:
// the CTA's rank in its cluster, an acquire load of a flag in global
// memory (masked or not), the tensor-memory base. They touch no shared
// memory: the fence passes run over them, and a TMA load that overwrites
// bytes a local_load read still gets its fence, with the rank computing the
// load's coordinate.

#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 32}>
#shared1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @ops
  // FENCE-LABEL: tt.func @ops
  tt.func @ops(%desc: !tt.tensordesc<tensor<64x64xf32, #shared>>, %bar: !ttg.memdesc<1xi64, #shared1, #smem, mutable>,
               %flag: !llvm.ptr<1>, %m: i1) {
    %true = arith.constant true
    // CHECK: %[[RANK:.*]] = nvg.cluster_id
    %rank = nvg.cluster_id
    // CHECK: nvg.ld_acquire acquire, gpu, %{{.*}} : (!llvm.ptr<1>) -> i32
    %v = nvg.ld_acquire acquire, gpu, %flag : (!llvm.ptr<1>) -> i32
    // CHECK: nvg.ld_acquire relaxed, sys, %{{.*}}, %{{.*}} : (!llvm.ptr<1>, i1) -> i64
    %w = nvg.ld_acquire relaxed, sys, %flag, %m : (!llvm.ptr<1>, i1) -> i64
    // CHECK: nvg.tensor_memory_base
    %base = nvg.tensor_memory_base
    %0 = ttg.local_alloc : () -> !ttg.memdesc<64x64xf32, #shared, #smem, mutable>
    %1 = ttg.local_load %0 : !ttg.memdesc<64x64xf32, #shared, #smem, mutable> -> tensor<64x64xf32, #blocked>
    "test.keep"(%1, %v, %w) : (tensor<64x64xf32, #blocked>, i32, i64) -> ()
    // FENCE: ttg.local_load
    // FENCE: ttng.fence_async_shared
    // FENCE-NEXT: ttng.async_tma_copy_global_to_local %{{.*}}[%{{.*}}, %{{.*}}]
    ttng.async_tma_copy_global_to_local %desc[%rank, %rank] %0, %bar, %true : !tt.tensordesc<tensor<64x64xf32, #shared>>, !ttg.memdesc<1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<64x64xf32, #shared, #smem, mutable>
    tt.return
  }
}
