// RUN: proxyfence-opt %s | proxyfence-opt | FileCheck %s
// RUN: proxyfence-opt %s --mlir-print-op-generic | proxyfence-opt | FileCheck %s

// Round-trip of every ttng op and of the tensor-memory attributes, which print
// back as #tmem / #tmem_scales (#ttng.tensor_memory prints inline).

// CHECK-DAG: #[[BLOCKED1D:blocked[0-9]*]] = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK-DAG: #[[LINEAR:linear]] = #ttg.linear<{register = {{\[\[}}0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [0, 32], [0, 64]], lane = {{\[\[}}1, 0], [2, 0], [4, 0], [8, 0], [16, 0]], warp = {{\[\[}}32, 0], [64, 0]], block = []}>
// CHECK-DAG: #[[MMA:mma]] = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
// CHECK-DAG: #[[NVMMA:shared[0-9]*]] = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
// CHECK-DAG: #[[NVMMA8:shared[0-9]*]] = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 8}>
// CHECK-DAG: #[[SWZ1:shared[0-9]*]] = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
// CHECK-DAG: #[[SWZ2:shared[0-9]*]] = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
// CHECK-DAG: #[[SMEM:smem]] = #ttg.shared_memory
// CHECK-DAG: #[[TMEM:tmem]] = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
// CHECK-DAG: #[[TMEM_CTA:tmem[0-9]+]] = #ttng.tensor_memory_encoding<blockM = 128, blockN = 64, colStride = 1, CTASplitM = 1, CTASplitN = 1>
// CHECK-DAG: #[[TMEM_SCALES:tmem_scales]] = #ttng.tensor_memory_scales_encoding<>
// CHECK-DAG: #[[TMEM_SCALES_CTA:tmem_scales[0-9]+]] = #ttng.tensor_memory_scales_encoding<CTASplitM = 2>
// CHECK: module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100", "ttg.threads-per-warp" = 32 : i32} {

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [2, 16], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#linear = #ttg.linear<{register = [[0, 1], [0, 2], [0, 4], [0, 8], [0, 16], [0, 32], [0, 64]], lane = [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0]], warp = [[32, 0], [64, 0]], block = []}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#shared1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#shared2 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 8}>
#shared3 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
#tmem = #ttng.tensor_memory_encoding<blockM = 128, blockN = 128, colStride = 1>
#tmem_scales = #ttng.tensor_memory_scales_encoding<>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:100", "ttg.threads-per-warp" = 32 : i32} {

// #ttng.tensor_memory prints inline; the bodyless spelling of
// #ttng.tensor_memory_scales_encoding is the same attribute as `<>`.
// CHECK-LABEL: tt.func @attrs(
// CHECK-SAME: %{{[^:]*}}: !ttg.memdesc<128x128xf32, #[[TMEM]], #ttng.tensor_memory, mutable>,
// CHECK-SAME: %{{[^:]*}}: !ttg.memdesc<128x4xi8, #[[TMEM_SCALES]], #ttng.tensor_memory>,
// CHECK-SAME: %{{[^:]*}}: !ttg.memdesc<128x4xi8, #[[TMEM_SCALES]], #ttng.tensor_memory>,
// CHECK-SAME: %{{[^:]*}}: !ttg.memdesc<128x64xf32, #[[TMEM_CTA]], #ttng.tensor_memory, mutable>,
// CHECK-SAME: %{{[^:]*}}: !ttg.memdesc<128x4xi8, #[[TMEM_SCALES_CTA]], #ttng.tensor_memory>)
  tt.func @attrs(%a: !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>, %b: !ttg.memdesc<128x4xi8, #tmem_scales, #ttng.tensor_memory>, %c: !ttg.memdesc<128x4xi8, #ttng.tensor_memory_scales_encoding, #ttng.tensor_memory>, %d: !ttg.memdesc<128x64xf32, #ttng.tensor_memory_encoding<blockM = 128, blockN = 64, colStride = 1, CTASplitM = 1, CTASplitN = 1>, #ttng.tensor_memory, mutable>, %e: !ttg.memdesc<128x4xi8, #ttng.tensor_memory_scales_encoding<CTASplitM = 2>, #ttng.tensor_memory>) {
    tt.return
  }

// CHECK-LABEL: tt.func @fences()
// CHECK-NEXT: ttng.fence_async_shared {bCluster = false}
// CHECK-NEXT: ttng.fence_async_shared {bCluster = true}
// CHECK-NEXT: ttng.fence {scope = "gpu"}
// CHECK-NEXT: ttng.fence {scope = "sys"}
// CHECK-NEXT: ttng.fence_mbarrier_init_release_cluster{{$}}
  tt.func @fences() {
    ttng.fence_async_shared {bCluster = false}
    ttng.fence_async_shared {bCluster = true}
    ttng.fence {scope = "gpu"}
    ttng.fence {scope = "sys"}
    ttng.fence_mbarrier_init_release_cluster
    tt.return
  }

// barrier_expect prints its attr-dict before the predicate, as Triton does.
// CHECK-LABEL: tt.func @mbarriers(
// CHECK-SAME: %[[BAR:[^:]*]]: !ttg.memdesc<1xi64, #[[SWZ1]], #[[SMEM]], mutable>, %[[PH:[^:]*]]: i32, %[[P:[^:]*]]: i1, %[[BUF:[^:]*]]: !ttg.memdesc<128x64xf16, #[[NVMMA]], #[[SMEM]], mutable>, %[[BUF2:[^:]*]]: !ttg.memdesc<64x128xf16, #[[NVMMA]], #[[SMEM]]>)
// CHECK-NEXT: ttng.init_barrier %[[BAR]], 1 : !ttg.memdesc<1xi64, #[[SWZ1]], #[[SMEM]], mutable>
// CHECK-NEXT: ttng.barrier_expect %[[BAR]], 32768, %[[P]] : !ttg.memdesc<1xi64, #[[SWZ1]], #[[SMEM]], mutable>
// CHECK-NEXT: ttng.barrier_expect %[[BAR]], 0 {tt.extra = 1 : i32}, %[[P]] : !ttg.memdesc<1xi64, #[[SWZ1]], #[[SMEM]], mutable>
// CHECK-NEXT: ttng.wait_barrier %[[BAR]], %[[PH]] : !ttg.memdesc<1xi64, #[[SWZ1]], #[[SMEM]], mutable>
// CHECK-NEXT: ttng.wait_barrier %[[BAR]], %[[PH]], %[[P]] : !ttg.memdesc<1xi64, #[[SWZ1]], #[[SMEM]], mutable>
// CHECK-NEXT: ttng.wait_barrier %[[BAR]], %[[PH]], %[[P]] deps %[[BUF]], %[[BUF2]] : !ttg.memdesc<1xi64, #[[SWZ1]], #[[SMEM]], mutable>, !ttg.memdesc<128x64xf16, #[[NVMMA]], #[[SMEM]], mutable>, !ttg.memdesc<64x128xf16, #[[NVMMA]], #[[SMEM]]>
// CHECK-NEXT: ttng.wait_barrier %[[BAR]], %[[PH]] deps %[[BUF]] : !ttg.memdesc<1xi64, #[[SWZ1]], #[[SMEM]], mutable>, !ttg.memdesc<128x64xf16, #[[NVMMA]], #[[SMEM]], mutable>
// CHECK-NEXT: ttng.arrive_barrier %[[BAR]], 1 : !ttg.memdesc<1xi64, #[[SWZ1]], #[[SMEM]], mutable>
// CHECK-NEXT: ttng.arrive_barrier %[[BAR]], 2, %[[P]] : !ttg.memdesc<1xi64, #[[SWZ1]], #[[SMEM]], mutable>
// CHECK-NEXT: ttng.inval_barrier %[[BAR]] : !ttg.memdesc<1xi64, #[[SWZ1]], #[[SMEM]], mutable>
  tt.func @mbarriers(%bar: !ttg.memdesc<1xi64, #shared1, #smem, mutable>, %phase: i32, %pred: i1, %buf: !ttg.memdesc<128x64xf16, #shared, #smem, mutable>, %buf2: !ttg.memdesc<64x128xf16, #shared, #smem>) {
    ttng.init_barrier %bar, 1 : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    ttng.barrier_expect %bar, 32768, %pred : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    ttng.barrier_expect %bar, 0 {tt.extra = 1 : i32}, %pred : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    ttng.wait_barrier %bar, %phase : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    ttng.wait_barrier %bar, %phase, %pred : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    ttng.wait_barrier %bar, %phase, %pred deps %buf, %buf2 : !ttg.memdesc<1xi64, #shared1, #smem, mutable>, !ttg.memdesc<128x64xf16, #shared, #smem, mutable>, !ttg.memdesc<64x128xf16, #shared, #smem>
    ttng.wait_barrier %bar, %phase deps %buf : !ttg.memdesc<1xi64, #shared1, #smem, mutable>, !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
    ttng.arrive_barrier %bar, 1 : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    ttng.arrive_barrier %bar, 2, %pred : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    ttng.inval_barrier %bar : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    tt.return
  }

// Both !tt.tensordesc spellings print as the 3.6 form; the optional
// multicast-target operand and the `multicast` unit attribute round-trip.
// CHECK-LABEL: tt.func @tma(
// CHECK-SAME: %[[D:[^:]*]]: !tt.tensordesc<tensor<128x64xf16, #[[NVMMA]]>>, %[[D2:[^:]*]]: !tt.tensordesc<tensor<128x64xf16, #[[NVMMA]]>>, %[[I:[^:]*]]: i32, %[[J:[^:]*]]: i32, %[[BUF:[^:]*]]: !ttg.memdesc<128x64xf16, #[[NVMMA]], #[[SMEM]], mutable>, %[[BAR:[^:]*]]: !ttg.memdesc<1xi64, #[[SWZ1]], #[[SMEM]], mutable>, %[[P:[^:]*]]: i1, %[[MASK:[^:]*]]: i32, %[[GD:[^:]*]]: !tt.tensordesc<tensor<1x64xf16, #[[NVMMA]]>>, %[[ROWS:[^:]*]]: tensor<32xi32, #[[BLOCKED1D]]>, %[[GBUF:[^:]*]]: !ttg.memdesc<32x64xf16, #[[NVMMA]], #[[SMEM]], mutable>, %[[CBUF:[^:]*]]: !ttg.memdesc<128x64xf16, #[[NVMMA]], #[[SMEM]]>)
// CHECK-NEXT: ttng.async_tma_copy_global_to_local %[[D]][%[[I]], %[[J]]] %[[BUF]], %[[BAR]], %[[P]] : !tt.tensordesc<tensor<128x64xf16, #[[NVMMA]]>>, !ttg.memdesc<1xi64, #[[SWZ1]], #[[SMEM]], mutable> -> !ttg.memdesc<128x64xf16, #[[NVMMA]], #[[SMEM]], mutable>
// CHECK-NEXT: ttng.async_tma_copy_global_to_local %[[D2]][%[[I]], %[[J]]] %[[BUF]], %[[BAR]], %[[P]], %[[MASK]] cacheModifier = cg evictionPolicy = evict_first {isVolatile = true} : !tt.tensordesc<tensor<128x64xf16, #[[NVMMA]]>>, !ttg.memdesc<1xi64, #[[SWZ1]], #[[SMEM]], mutable> -> !ttg.memdesc<128x64xf16, #[[NVMMA]], #[[SMEM]], mutable>
// CHECK-NEXT: ttng.async_tma_copy_global_to_local %[[D]][%[[I]], %[[J]]] %[[BUF]], %[[BAR]], %[[P]] {multicast} : !tt.tensordesc<tensor<128x64xf16, #[[NVMMA]]>>, !ttg.memdesc<1xi64, #[[SWZ1]], #[[SMEM]], mutable> -> !ttg.memdesc<128x64xf16, #[[NVMMA]], #[[SMEM]], mutable>
// CHECK-NEXT: ttng.async_tma_copy_local_to_global %[[D]][%[[I]], %[[J]]] %[[CBUF]] : !tt.tensordesc<tensor<128x64xf16, #[[NVMMA]]>>, !ttg.memdesc<128x64xf16, #[[NVMMA]], #[[SMEM]]>
// CHECK-NEXT: ttng.async_tma_reduce add, %[[D]][%[[I]], %[[J]]] %[[BUF]] : !tt.tensordesc<tensor<128x64xf16, #[[NVMMA]]>>, !ttg.memdesc<128x64xf16, #[[NVMMA]], #[[SMEM]], mutable>
// CHECK-NEXT: ttng.async_tma_reduce xor, %[[D]][%[[I]], %[[J]]] %[[BUF]] : !tt.tensordesc<tensor<128x64xf16, #[[NVMMA]]>>, !ttg.memdesc<128x64xf16, #[[NVMMA]], #[[SMEM]], mutable>
// CHECK-NEXT: ttng.async_tma_gather %[[GD]][%[[ROWS]], %[[J]]] %[[GBUF]], %[[BAR]], %[[P]] : !tt.tensordesc<tensor<1x64xf16, #[[NVMMA]]>>, tensor<32xi32, #[[BLOCKED1D]]>, i32, !ttg.memdesc<1xi64, #[[SWZ1]], #[[SMEM]], mutable>, !ttg.memdesc<32x64xf16, #[[NVMMA]], #[[SMEM]], mutable>, i1
// CHECK-NEXT: ttng.async_tma_scatter %[[GD]][%[[ROWS]], %[[J]]] %[[GBUF]] : !tt.tensordesc<tensor<1x64xf16, #[[NVMMA]]>>, tensor<32xi32, #[[BLOCKED1D]]>, i32, !ttg.memdesc<32x64xf16, #[[NVMMA]], #[[SMEM]], mutable>
// CHECK-NEXT: ttng.async_tma_store_wait {pendings = 0 : i32}
  tt.func @tma(%desc: !tt.tensordesc<tensor<128x64xf16, #shared>>, %desc2: !tt.tensordesc<128x64xf16, #shared>, %i: i32, %j: i32, %buf: !ttg.memdesc<128x64xf16, #shared, #smem, mutable>, %bar: !ttg.memdesc<1xi64, #shared1, #smem, mutable>, %pred: i1, %mask: i32, %gdesc: !tt.tensordesc<tensor<1x64xf16, #shared>>, %rows: tensor<32xi32, #blocked1>, %gbuf: !ttg.memdesc<32x64xf16, #shared, #smem, mutable>, %cbuf: !ttg.memdesc<128x64xf16, #shared, #smem>) {
    ttng.async_tma_copy_global_to_local %desc[%i, %j] %buf, %bar, %pred : !tt.tensordesc<tensor<128x64xf16, #shared>>, !ttg.memdesc<1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
    ttng.async_tma_copy_global_to_local %desc2[%i, %j] %buf, %bar, %pred, %mask cacheModifier = cg evictionPolicy = evict_first {isVolatile = true} : !tt.tensordesc<128x64xf16, #shared>, !ttg.memdesc<1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
    ttng.async_tma_copy_global_to_local %desc[%i, %j] %buf, %bar, %pred {multicast} : !tt.tensordesc<tensor<128x64xf16, #shared>>, !ttg.memdesc<1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
    ttng.async_tma_copy_local_to_global %desc[%i, %j] %cbuf : !tt.tensordesc<tensor<128x64xf16, #shared>>, !ttg.memdesc<128x64xf16, #shared, #smem>
    ttng.async_tma_reduce add, %desc[%i, %j] %buf : !tt.tensordesc<tensor<128x64xf16, #shared>>, !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
    ttng.async_tma_reduce xor, %desc[%i, %j] %buf : !tt.tensordesc<tensor<128x64xf16, #shared>>, !ttg.memdesc<128x64xf16, #shared, #smem, mutable>
    ttng.async_tma_gather %gdesc[%rows, %j] %gbuf, %bar, %pred : !tt.tensordesc<tensor<1x64xf16, #shared>>, tensor<32xi32, #blocked1>, i32, !ttg.memdesc<1xi64, #shared1, #smem, mutable>, !ttg.memdesc<32x64xf16, #shared, #smem, mutable>, i1
    ttng.async_tma_scatter %gdesc[%rows, %j] %gbuf : !tt.tensordesc<tensor<1x64xf16, #shared>>, tensor<32xi32, #blocked1>, i32, !ttg.memdesc<32x64xf16, #shared, #smem, mutable>
    ttng.async_tma_store_wait {pendings = 0 : i32}
    tt.return
  }

// CHECK-LABEL: tt.func @tensormap(
// CHECK-SAME: %[[DP:[^:]*]]: !tt.ptr<i8>, %[[GA:[^:]*]]: !tt.ptr<f16>, %[[B0:[^:]*]]: i32, %[[B1:[^:]*]]: i32, %[[D0:[^:]*]]: i32, %[[D1:[^:]*]]: i32, %[[S0:[^:]*]]: i64, %[[E0:[^:]*]]: i32, %[[E1:[^:]*]]: i32)
// CHECK-NEXT: ttng.tensormap_create %[[DP]], %[[GA]], [%[[B0]], %[[B1]]], [%[[D0]], %[[D1]]], [%[[S0]]], [%[[E0]], %[[E1]]] {elem_type = 1 : i32, fill_mode = 0 : i32, interleave_layout = 0 : i32, swizzle_mode = 3 : i32} : (!tt.ptr<i8>, !tt.ptr<f16>, i32, i32, i32, i32, i64, i32, i32) -> ()
// CHECK-NEXT: ttng.tensormap_fenceproxy_acquire %[[DP]] : !tt.ptr<i8>
  tt.func @tensormap(%dp: !tt.ptr<i8>, %ga: !tt.ptr<f16>, %b0: i32, %b1: i32, %d0: i32, %d1: i32, %s0: i64, %e0: i32, %e1: i32) {
    ttng.tensormap_create %dp, %ga, [%b0, %b1], [%d0, %d1], [%s0], [%e0, %e1] {elem_type = 1 : i32, fill_mode = 0 : i32, interleave_layout = 0 : i32, swizzle_mode = 3 : i32} : (!tt.ptr<i8>, !tt.ptr<f16>, i32, i32, i32, i32, i64, i32, i32) -> ()
    ttng.tensormap_fenceproxy_acquire %dp : !tt.ptr<i8>
    tt.return
  }

// In the attr-dict the enum inputPrecision is an integer, as in Triton.
// CHECK-LABEL: tt.func @wgmma(
// CHECK-SAME: %[[A:[^:]*]]: !ttg.memdesc<128x64xf16, #[[NVMMA]], #[[SMEM]]>, %[[B:[^:]*]]: !ttg.memdesc<64x128xf16, #[[NVMMA]], #[[SMEM]], mutable>, %[[C:[^:]*]]: tensor<128x128xf32, #[[MMA]]>, %[[AR:[^:]*]]: tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #[[MMA]], kWidth = 2}>>, %[[USEC:[^:]*]]: i1)
// CHECK-NEXT: %[[D0:.*]] = ttng.warp_group_dot %[[A]], %[[B]], %[[C]] {inputPrecision = 0 : i32, isAsync = true} : !ttg.memdesc<128x64xf16, #[[NVMMA]], #[[SMEM]]> * !ttg.memdesc<64x128xf16, #[[NVMMA]], #[[SMEM]], mutable> -> tensor<128x128xf32, #[[MMA]]>
// CHECK-NEXT: %[[D1:.*]] = ttng.warp_group_dot %[[AR]], %[[B]], %[[D0]], %[[USEC]] {maxNumImpreciseAcc = 64 : i32} : tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #[[MMA]], kWidth = 2}>> * !ttg.memdesc<64x128xf16, #[[NVMMA]], #[[SMEM]], mutable> -> tensor<128x128xf32, #[[MMA]]>
// CHECK-NEXT: %[[W:.*]]:3 = ttng.warp_group_dot_wait %[[D1]], %[[A]], %[[B]] {pendings = 1 : i32} : tensor<128x128xf32, #[[MMA]]>, !ttg.memdesc<128x64xf16, #[[NVMMA]], #[[SMEM]]>, !ttg.memdesc<64x128xf16, #[[NVMMA]], #[[SMEM]], mutable>
// CHECK-NEXT: ttng.warp_group_dot_wait %[[W]]#0 {pendings = 0 : i32} : tensor<128x128xf32, #[[MMA]]>
  tt.func @wgmma(%a: !ttg.memdesc<128x64xf16, #shared, #smem>, %b: !ttg.memdesc<64x128xf16, #shared, #smem, mutable>, %c: tensor<128x128xf32, #mma>, %ar: tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>, %useC: i1) {
    %d0 = ttng.warp_group_dot %a, %b, %c {inputPrecision = 0 : i32, isAsync = true} : !ttg.memdesc<128x64xf16, #shared, #smem> * !ttg.memdesc<64x128xf16, #shared, #smem, mutable> -> tensor<128x128xf32, #mma>
    %d1 = ttng.warp_group_dot %ar, %b, %d0, %useC {maxNumImpreciseAcc = 64 : i32} : tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * !ttg.memdesc<64x128xf16, #shared, #smem, mutable> -> tensor<128x128xf32, #mma>
    %r:3 = ttng.warp_group_dot_wait %d1, %a, %b {pendings = 1 : i32} : tensor<128x128xf32, #mma>, !ttg.memdesc<128x64xf16, #shared, #smem>, !ttg.memdesc<64x128xf16, #shared, #smem, mutable>
    %r2 = ttng.warp_group_dot_wait %r#0 {pendings = 0 : i32} : tensor<128x128xf32, #mma>
    tt.return
  }

// Tokens: `%acc[%tok]` (a dependency and a token result), `%acc[]` (a token
// result only) and no brackets (no token). Barriers: `, %bar[%pred]` each.
// CHECK-LABEL: tt.func @tcgen05(
// CHECK-SAME: %[[A:[^:]*]]: !ttg.memdesc<128x64xf16, #[[NVMMA]], #[[SMEM]], mutable>, %[[B:[^:]*]]: !ttg.memdesc<64x128xf16, #[[NVMMA]], #[[SMEM]], mutable>, %[[BAR:[^:]*]]: !ttg.memdesc<1xi64, #[[SWZ1]], #[[SMEM]], mutable>, %[[BAR2:[^:]*]]: !ttg.memdesc<1xi64, #[[SWZ1]], #[[SMEM]], mutable>, %[[USED:[^:]*]]: i1, %[[P:[^:]*]]: i1, %[[V:[^:]*]]: tensor<128x128xf32, #[[LINEAR]]>)
// CHECK-NEXT: %[[TRUE:.*]] = arith.constant true
// CHECK-NEXT: %[[ACC:.*]], %[[TOK:.*]] = ttng.tmem_alloc : () -> (!ttg.memdesc<128x128xf32, #[[TMEM]], #ttng.tensor_memory, mutable>, !ttg.async.token)
// CHECK-NEXT: %[[ACC2:.*]] = ttng.tmem_alloc : () -> !ttg.memdesc<128x128xf32, #[[TMEM]], #ttng.tensor_memory, mutable>{{$}}
// CHECK-NEXT: %[[ACC3:.*]] = ttng.tmem_alloc %[[V]] : (tensor<128x128xf32, #[[LINEAR]]>) -> !ttg.memdesc<128x128xf32, #[[TMEM]], #ttng.tensor_memory>
// CHECK-NEXT: %[[T1:.*]] = ttng.tmem_store %[[V]], %[[ACC]][%[[TOK]]], %[[TRUE]] : tensor<128x128xf32, #[[LINEAR]]> -> !ttg.memdesc<128x128xf32, #[[TMEM]], #ttng.tensor_memory, mutable>
// CHECK-NEXT: {{^ *}}ttng.tmem_store %[[V]], %[[ACC2]], %[[TRUE]] : tensor<128x128xf32, #[[LINEAR]]> -> !ttg.memdesc<128x128xf32, #[[TMEM]], #ttng.tensor_memory, mutable>
// CHECK-NEXT: %{{.*}} = ttng.tmem_store %[[V]], %[[ACC2]][], %[[P]] : tensor<128x128xf32, #[[LINEAR]]> -> !ttg.memdesc<128x128xf32, #[[TMEM]], #ttng.tensor_memory, mutable>
// CHECK-NEXT: %[[T2:.*]] = ttng.tc_gen5_mma %[[A]], %[[B]], %[[ACC]][%[[T1]]], %[[USED]], %[[P]], %[[BAR]][%[[TRUE]]] {is_async} : !ttg.memdesc<128x64xf16, #[[NVMMA]], #[[SMEM]], mutable>, !ttg.memdesc<64x128xf16, #[[NVMMA]], #[[SMEM]], mutable>, !ttg.memdesc<128x128xf32, #[[TMEM]], #ttng.tensor_memory, mutable>, !ttg.memdesc<1xi64, #[[SWZ1]], #[[SMEM]], mutable>
// CHECK-NEXT: %{{.*}} = ttng.tc_gen5_mma %[[A]], %[[B]], %[[ACC2]][], %[[USED]], %[[P]] : !ttg.memdesc<128x64xf16, #[[NVMMA]], #[[SMEM]], mutable>, !ttg.memdesc<64x128xf16, #[[NVMMA]], #[[SMEM]], mutable>, !ttg.memdesc<128x128xf32, #[[TMEM]], #ttng.tensor_memory, mutable>{{$}}
// CHECK-NEXT: {{^ *}}ttng.tc_gen5_mma %[[A]], %[[B]], %[[ACC2]], %[[USED]], %[[P]], %[[BAR]][%[[TRUE]]], %[[BAR2]][%[[P]]] {is_async, two_ctas} : !ttg.memdesc<128x64xf16, #[[NVMMA]], #[[SMEM]], mutable>, !ttg.memdesc<64x128xf16, #[[NVMMA]], #[[SMEM]], mutable>, !ttg.memdesc<128x128xf32, #[[TMEM]], #ttng.tensor_memory, mutable>, !ttg.memdesc<1xi64, #[[SWZ1]], #[[SMEM]], mutable>, !ttg.memdesc<1xi64, #[[SWZ1]], #[[SMEM]], mutable>
// CHECK-NEXT: {{^ *}}ttng.tc_gen5_mma %[[A]], %[[B]], %[[ACC2]], %[[USED]], %[[P]] {is_async, tt.self_latency = 1 : i32} : !ttg.memdesc<128x64xf16, #[[NVMMA]], #[[SMEM]], mutable>, !ttg.memdesc<64x128xf16, #[[NVMMA]], #[[SMEM]], mutable>, !ttg.memdesc<128x128xf32, #[[TMEM]], #ttng.tensor_memory, mutable>{{$}}
// CHECK-NEXT: ttng.tc_gen5_commit %[[BAR]] : !ttg.memdesc<1xi64, #[[SWZ1]], #[[SMEM]], mutable>{{$}}
// CHECK-NEXT: ttng.tc_gen5_commit %[[BAR]], %[[P]] : !ttg.memdesc<1xi64, #[[SWZ1]], #[[SMEM]], mutable>{{$}}
// CHECK-NEXT: ttng.tc_gen5_commit %[[BAR]], %[[P]] descs %[[A]], %[[B]] {two_ctas} : !ttg.memdesc<1xi64, #[[SWZ1]], #[[SMEM]], mutable>, !ttg.memdesc<128x64xf16, #[[NVMMA]], #[[SMEM]], mutable>, !ttg.memdesc<64x128xf16, #[[NVMMA]], #[[SMEM]], mutable>
// CHECK-NEXT: %{{.*}}, %{{.*}} = ttng.tmem_load %[[ACC]][%[[T2]]] : !ttg.memdesc<128x128xf32, #[[TMEM]], #ttng.tensor_memory, mutable> -> tensor<128x128xf32, #[[LINEAR]]>
// CHECK-NEXT: %{{[^,]*}} = ttng.tmem_load %[[ACC2]] : !ttg.memdesc<128x128xf32, #[[TMEM]], #ttng.tensor_memory, mutable> -> tensor<128x128xf32, #[[LINEAR]]>
// CHECK-NEXT: %{{.*}}, %{{.*}} = ttng.tmem_load %[[ACC3]][] : !ttg.memdesc<128x128xf32, #[[TMEM]], #ttng.tensor_memory> -> tensor<128x128xf32, #[[LINEAR]]>
  tt.func @tcgen05(%a: !ttg.memdesc<128x64xf16, #shared, #smem, mutable>, %b: !ttg.memdesc<64x128xf16, #shared, #smem, mutable>, %bar: !ttg.memdesc<1xi64, #shared1, #smem, mutable>, %bar2: !ttg.memdesc<1xi64, #shared1, #smem, mutable>, %useD: i1, %pred: i1, %v: tensor<128x128xf32, #linear>) {
    %true = arith.constant true
    %acc, %tok = ttng.tmem_alloc : () -> (!ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>, !ttg.async.token)
    %acc2 = ttng.tmem_alloc : () -> !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>
    %acc3 = ttng.tmem_alloc %v : (tensor<128x128xf32, #linear>) -> !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory>
    %t1 = ttng.tmem_store %v, %acc[%tok], %true : tensor<128x128xf32, #linear> -> !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>
    ttng.tmem_store %v, %acc2, %true : tensor<128x128xf32, #linear> -> !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>
    %t0 = ttng.tmem_store %v, %acc2[], %pred : tensor<128x128xf32, #linear> -> !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>
    %t2 = ttng.tc_gen5_mma %a, %b, %acc[%t1], %useD, %pred, %bar[%true] {is_async} : !ttg.memdesc<128x64xf16, #shared, #smem, mutable>, !ttg.memdesc<64x128xf16, #shared, #smem, mutable>, !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>, !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    %t3 = ttng.tc_gen5_mma %a, %b, %acc2[], %useD, %pred : !ttg.memdesc<128x64xf16, #shared, #smem, mutable>, !ttg.memdesc<64x128xf16, #shared, #smem, mutable>, !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>
    ttng.tc_gen5_mma %a, %b, %acc2, %useD, %pred, %bar[%true], %bar2[%pred] {is_async, two_ctas} : !ttg.memdesc<128x64xf16, #shared, #smem, mutable>, !ttg.memdesc<64x128xf16, #shared, #smem, mutable>, !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>, !ttg.memdesc<1xi64, #shared1, #smem, mutable>, !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    ttng.tc_gen5_mma %a, %b, %acc2, %useD, %pred {is_async, tt.self_latency = 1 : i32} : !ttg.memdesc<128x64xf16, #shared, #smem, mutable>, !ttg.memdesc<64x128xf16, #shared, #smem, mutable>, !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>
    ttng.tc_gen5_commit %bar : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    ttng.tc_gen5_commit %bar, %pred : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    ttng.tc_gen5_commit %bar, %pred descs %a, %b {two_ctas} : !ttg.memdesc<1xi64, #shared1, #smem, mutable>, !ttg.memdesc<128x64xf16, #shared, #smem, mutable>, !ttg.memdesc<64x128xf16, #shared, #smem, mutable>
    %l0, %t4 = ttng.tmem_load %acc[%t2] : !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable> -> tensor<128x128xf32, #linear>
    %l1 = ttng.tmem_load %acc2 : !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable> -> tensor<128x128xf32, #linear>
    %l2, %t5 = ttng.tmem_load %acc3[] : !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory> -> tensor<128x128xf32, #linear>
    tt.return
  }

// CHECK-LABEL: tt.func @tcgen05_scaled(
// CHECK-SAME: %[[A:[^:]*]]: !ttg.memdesc<128x64xf8E4M3FN, #[[NVMMA8]], #[[SMEM]]>, %[[B:[^:]*]]: !ttg.memdesc<64x128xf8E4M3FN, #[[NVMMA8]], #[[SMEM]]>, %[[ACC:[^:]*]]: !ttg.memdesc<128x128xf32, #[[TMEM]], #ttng.tensor_memory, mutable>, %[[SA:[^:]*]]: !ttg.memdesc<128x2xi8, #[[TMEM_SCALES]], #ttng.tensor_memory>, %[[SB:[^:]*]]: !ttg.memdesc<128x2xi8, #[[TMEM_SCALES]], #ttng.tensor_memory>, %[[BAR:[^:]*]]: !ttg.memdesc<1xi64, #[[SWZ1]], #[[SMEM]], mutable>, %[[USED:[^:]*]]: i1, %[[P:[^:]*]]: i1, %[[TOK:[^:]*]]: !ttg.async.token, %[[SSRC:[^:]*]]: !ttg.memdesc<128x4xi8, #[[SWZ2]], #[[SMEM]], mutable>, %[[SDST:[^:]*]]: !ttg.memdesc<128x4xi8, #[[TMEM_SCALES]], #ttng.tensor_memory, mutable>)
// CHECK-NEXT: %[[TRUE:.*]] = arith.constant true
// CHECK-NEXT: {{^ *}}ttng.tc_gen5_mma_scaled %[[A]], %[[B]], %[[ACC]], %[[SA]], %[[SB]], %[[USED]], %[[P]] lhs = e4m3 rhs = e4m3, %[[BAR]][%[[TRUE]]] {is_async} : !ttg.memdesc<128x64xf8E4M3FN, #[[NVMMA8]], #[[SMEM]]>, !ttg.memdesc<64x128xf8E4M3FN, #[[NVMMA8]], #[[SMEM]]>, !ttg.memdesc<128x128xf32, #[[TMEM]], #ttng.tensor_memory, mutable>, !ttg.memdesc<128x2xi8, #[[TMEM_SCALES]], #ttng.tensor_memory>, !ttg.memdesc<128x2xi8, #[[TMEM_SCALES]], #ttng.tensor_memory>, !ttg.memdesc<1xi64, #[[SWZ1]], #[[SMEM]], mutable>
// CHECK-NEXT: %{{.*}} = ttng.tc_gen5_mma_scaled %[[A]], %[[B]], %[[ACC]][%[[TOK]]], %[[SA]], %[[SB]], %[[USED]], %[[P]] lhs = e2m1 rhs = bf16 : !ttg.memdesc<128x64xf8E4M3FN, #[[NVMMA8]], #[[SMEM]]>, !ttg.memdesc<64x128xf8E4M3FN, #[[NVMMA8]], #[[SMEM]]>, !ttg.memdesc<128x128xf32, #[[TMEM]], #ttng.tensor_memory, mutable>, !ttg.memdesc<128x2xi8, #[[TMEM_SCALES]], #ttng.tensor_memory>, !ttg.memdesc<128x2xi8, #[[TMEM_SCALES]], #ttng.tensor_memory>{{$}}
// CHECK-NEXT: ttng.tmem_copy %[[SSRC]], %[[SDST]] : !ttg.memdesc<128x4xi8, #[[SWZ2]], #[[SMEM]], mutable>, !ttg.memdesc<128x4xi8, #[[TMEM_SCALES]], #ttng.tensor_memory, mutable>{{$}}
// CHECK-NEXT: ttng.tmem_copy %[[SSRC]], %[[SDST]], %[[BAR]] {two_ctas} : !ttg.memdesc<128x4xi8, #[[SWZ2]], #[[SMEM]], mutable>, !ttg.memdesc<128x4xi8, #[[TMEM_SCALES]], #ttng.tensor_memory, mutable>, !ttg.memdesc<1xi64, #[[SWZ1]], #[[SMEM]], mutable>
  tt.func @tcgen05_scaled(%a: !ttg.memdesc<128x64xf8E4M3FN, #shared2, #smem>, %b: !ttg.memdesc<64x128xf8E4M3FN, #shared2, #smem>, %acc: !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>, %sa: !ttg.memdesc<128x2xi8, #tmem_scales, #ttng.tensor_memory>, %sb: !ttg.memdesc<128x2xi8, #tmem_scales, #ttng.tensor_memory>, %bar: !ttg.memdesc<1xi64, #shared1, #smem, mutable>, %useD: i1, %pred: i1, %tok: !ttg.async.token, %ssrc: !ttg.memdesc<128x4xi8, #shared3, #smem, mutable>, %sdst: !ttg.memdesc<128x4xi8, #tmem_scales, #ttng.tensor_memory, mutable>) {
    %true = arith.constant true
    ttng.tc_gen5_mma_scaled %a, %b, %acc, %sa, %sb, %useD, %pred lhs = e4m3 rhs = e4m3, %bar[%true] {is_async} : !ttg.memdesc<128x64xf8E4M3FN, #shared2, #smem>, !ttg.memdesc<64x128xf8E4M3FN, #shared2, #smem>, !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>, !ttg.memdesc<128x2xi8, #tmem_scales, #ttng.tensor_memory>, !ttg.memdesc<128x2xi8, #tmem_scales, #ttng.tensor_memory>, !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    %t = ttng.tc_gen5_mma_scaled %a, %b, %acc[%tok], %sa, %sb, %useD, %pred lhs = e2m1 rhs = bf16 : !ttg.memdesc<128x64xf8E4M3FN, #shared2, #smem>, !ttg.memdesc<64x128xf8E4M3FN, #shared2, #smem>, !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>, !ttg.memdesc<128x2xi8, #tmem_scales, #ttng.tensor_memory>, !ttg.memdesc<128x2xi8, #tmem_scales, #ttng.tensor_memory>
    ttng.tmem_copy %ssrc, %sdst : !ttg.memdesc<128x4xi8, #shared3, #smem, mutable>, !ttg.memdesc<128x4xi8, #tmem_scales, #ttng.tensor_memory, mutable>
    ttng.tmem_copy %ssrc, %sdst, %bar {two_ctas} : !ttg.memdesc<128x4xi8, #shared3, #smem, mutable>, !ttg.memdesc<128x4xi8, #tmem_scales, #ttng.tensor_memory, mutable>, !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    tt.return
  }

// CHECK-LABEL: tt.func @clc(
// CHECK-SAME: %[[BAR:[^:]*]]: !ttg.memdesc<1xi64, #[[SWZ1]], #[[SMEM]], mutable>, %[[RESP:[^:]*]]: !ttg.memdesc<2xi64, #[[SWZ1]], #[[SMEM]], mutable>, %[[RESP2:[^:]*]]: !ttg.memdesc<1xui128, #[[SWZ1]], #[[SMEM]], mutable>)
// CHECK-NEXT: ttng.async_clc_try_cancel %[[BAR]], %[[RESP]] : !ttg.memdesc<1xi64, #[[SWZ1]], #[[SMEM]], mutable>, !ttg.memdesc<2xi64, #[[SWZ1]], #[[SMEM]], mutable>{{$}}
// CHECK-NEXT: ttng.async_clc_try_cancel %[[BAR]], %[[RESP]] {multicast} : !ttg.memdesc<1xi64, #[[SWZ1]], #[[SMEM]], mutable>, !ttg.memdesc<2xi64, #[[SWZ1]], #[[SMEM]], mutable>
// CHECK-NEXT: ttng.clc_query_cancel %[[RESP]] : (!ttg.memdesc<2xi64, #[[SWZ1]], #[[SMEM]], mutable>) -> i32
// CHECK-NEXT: ttng.clc_try_cancel %[[RESP2]], %[[BAR]] : !ttg.memdesc<1xui128, #[[SWZ1]], #[[SMEM]], mutable>, !ttg.memdesc<1xi64, #[[SWZ1]], #[[SMEM]], mutable>{{$}}
// CHECK-NEXT: ttng.clc_try_cancel %[[RESP2]], %[[BAR]] {multicast} : !ttg.memdesc<1xui128, #[[SWZ1]], #[[SMEM]], mutable>, !ttg.memdesc<1xi64, #[[SWZ1]], #[[SMEM]], mutable>
  tt.func @clc(%bar: !ttg.memdesc<1xi64, #shared1, #smem, mutable>, %resp: !ttg.memdesc<2xi64, #shared1, #smem, mutable>, %resp2: !ttg.memdesc<1xui128, #shared1, #smem, mutable>) {
    ttng.async_clc_try_cancel %bar, %resp : !ttg.memdesc<1xi64, #shared1, #smem, mutable>, !ttg.memdesc<2xi64, #shared1, #smem, mutable>
    ttng.async_clc_try_cancel %bar, %resp {multicast} : !ttg.memdesc<1xi64, #shared1, #smem, mutable>, !ttg.memdesc<2xi64, #shared1, #smem, mutable>
    %id = ttng.clc_query_cancel %resp : (!ttg.memdesc<2xi64, #shared1, #smem, mutable>) -> i32
    ttng.clc_try_cancel %resp2, %bar : !ttg.memdesc<1xui128, #shared1, #smem, mutable>, !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    ttng.clc_try_cancel %resp2, %bar {multicast} : !ttg.memdesc<1xui128, #shared1, #smem, mutable>, !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    tt.return
  }

// Async tokens and memdesc views carried through an scf.for.
// CHECK-LABEL: tt.func @pipeline(
// CHECK-SAME: %[[A:[^:]*]]: !ttg.memdesc<128x64xf16, #[[NVMMA]], #[[SMEM]], mutable>, %[[B:[^:]*]]: !ttg.memdesc<64x128xf16, #[[NVMMA]], #[[SMEM]], mutable>, %[[N:[^:]*]]: i32)
// CHECK: %[[BARS:.*]] = ttg.local_alloc : () -> !ttg.memdesc<2x1xi64, #[[SWZ1]], #[[SMEM]], mutable>
// CHECK-NEXT: %[[BAR:.*]] = ttg.memdesc_index %[[BARS]][%{{.*}}] : !ttg.memdesc<2x1xi64, #[[SWZ1]], #[[SMEM]], mutable> -> !ttg.memdesc<1xi64, #[[SWZ1]], #[[SMEM]], mutable, 2x1>
// CHECK-NEXT: ttng.init_barrier %[[BAR]], 1 : !ttg.memdesc<1xi64, #[[SWZ1]], #[[SMEM]], mutable, 2x1>
// CHECK-NEXT: %[[ACC:.*]], %[[TOK:.*]] = ttng.tmem_alloc : () -> (!ttg.memdesc<128x128xf32, #[[TMEM]], #ttng.tensor_memory, mutable>, !ttg.async.token)
// CHECK-NEXT: %[[R:.*]]:2 = scf.for %{{.*}} = %{{.*}} to %[[N]] step %{{.*}} iter_args(%[[T:.*]] = %[[TOK]], %[[PH:.*]] = %{{.*}}) -> (!ttg.async.token, i32) : i32 {
// CHECK-NEXT: %[[T2:.*]] = ttng.tc_gen5_mma %[[A]], %[[B]], %[[ACC]][%[[T]]], %{{.*}}, %{{.*}}, %[[BAR]][%{{.*}}] {is_async} : !ttg.memdesc<128x64xf16, #[[NVMMA]], #[[SMEM]], mutable>, !ttg.memdesc<64x128xf16, #[[NVMMA]], #[[SMEM]], mutable>, !ttg.memdesc<128x128xf32, #[[TMEM]], #ttng.tensor_memory, mutable>, !ttg.memdesc<1xi64, #[[SWZ1]], #[[SMEM]], mutable, 2x1>
// CHECK-NEXT: ttng.wait_barrier %[[BAR]], %[[PH]] deps %[[A]], %[[B]] : !ttg.memdesc<1xi64, #[[SWZ1]], #[[SMEM]], mutable, 2x1>, !ttg.memdesc<128x64xf16, #[[NVMMA]], #[[SMEM]], mutable>, !ttg.memdesc<64x128xf16, #[[NVMMA]], #[[SMEM]], mutable>
// CHECK-NEXT: %[[NP:.*]] = arith.xori %[[PH]]
// CHECK-NEXT: scf.yield %[[T2]], %[[NP]] : !ttg.async.token, i32
// CHECK-NEXT: }
// CHECK-NEXT: ttng.tmem_load %[[ACC]][%[[R]]#0] : !ttg.memdesc<128x128xf32, #[[TMEM]], #ttng.tensor_memory, mutable> -> tensor<128x128xf32, #[[LINEAR]]>
// CHECK-NEXT: ttng.inval_barrier %[[BAR]]
// CHECK-NEXT: ttg.local_dealloc %[[BARS]]
  tt.func @pipeline(%a: !ttg.memdesc<128x64xf16, #shared, #smem, mutable>, %b: !ttg.memdesc<64x128xf16, #shared, #smem, mutable>, %n: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %true = arith.constant true
    %false = arith.constant false
    %bars = ttg.local_alloc : () -> !ttg.memdesc<2x1xi64, #shared1, #smem, mutable>
    %bar = ttg.memdesc_index %bars[%c0] : !ttg.memdesc<2x1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<1xi64, #shared1, #smem, mutable, 2x1>
    ttng.init_barrier %bar, 1 : !ttg.memdesc<1xi64, #shared1, #smem, mutable, 2x1>
    %acc, %tok = ttng.tmem_alloc : () -> (!ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>, !ttg.async.token)
    %r:2 = scf.for %iv = %c0 to %n step %c1 iter_args(%t = %tok, %phase = %c0) -> (!ttg.async.token, i32) : i32 {
      %t2 = ttng.tc_gen5_mma %a, %b, %acc[%t], %false, %true, %bar[%true] {is_async} : !ttg.memdesc<128x64xf16, #shared, #smem, mutable>, !ttg.memdesc<64x128xf16, #shared, #smem, mutable>, !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable>, !ttg.memdesc<1xi64, #shared1, #smem, mutable, 2x1>
      ttng.wait_barrier %bar, %phase deps %a, %b : !ttg.memdesc<1xi64, #shared1, #smem, mutable, 2x1>, !ttg.memdesc<128x64xf16, #shared, #smem, mutable>, !ttg.memdesc<64x128xf16, #shared, #smem, mutable>
      %np = arith.xori %phase, %c1 : i32
      scf.yield %t2, %np : !ttg.async.token, i32
    }
    %l, %t3 = ttng.tmem_load %acc[%r#0] : !ttg.memdesc<128x128xf32, #tmem, #ttng.tensor_memory, mutable> -> tensor<128x128xf32, #linear>
    ttng.inval_barrier %bar : !ttg.memdesc<1xi64, #shared1, #smem, mutable, 2x1>
    ttg.local_dealloc %bars : !ttg.memdesc<2x1xi64, #shared1, #smem, mutable>
    tt.return
  }
}
