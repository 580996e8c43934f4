// Fence warnings of `proxyfence check`: a fence that orders nothing is
// spurious; a cluster-scope fence where the CTA scope orders every hazard it
// covers is over-wide; a cluster fence before a multicast TMA load is needed
// as it is; a missing fence before a multicast load must be cluster scoped.
//
// RUN: not proxyfence check %s > %t.txt
// RUN: FileCheck %s --check-prefix=TEXT < %t.txt
// RUN: not proxyfence check --format=json %s > %t.json
// RUN: FileCheck %s --check-prefix=JSON < %t.json
// RUN: %python %S/check_summary.py %s | FileCheck %s --check-prefix=SUMMARY
//
// One line per finding (IR line:column of the op), and nothing else: no
// warning for the cluster fence of @cluster_fence_for_multicast.
// SUMMARY: spurious-and-overwide.mlir: exit=1 errors=1 warnings=3 missing-fence=1 missing-completion-wait=0 spurious-fence=1 overwide-fence=2
// SUMMARY-NEXT: spurious-fence warning hazard=- scope=- ttng.fence_async_shared@{{[0-9]+}}:5{{$}}
// SUMMARY-NEXT: overwide-fence warning hazard=- scope=- ttng.fence_async_shared@{{[0-9]+}}:5{{$}}
// SUMMARY-NEXT: overwide-fence warning hazard=- scope=- ttng.fence_async_shared@{{[0-9]+}}:5{{$}}
// SUMMARY-NEXT: missing-fence error hazard=WAR scope=cluster ttng.async_tma_copy_global_to_local@{{[0-9]+}}:5 <- ttg.local_load@{{[0-9]+}}:10{{$}}
// SUMMARY-NOT: {{.}}
//
// JSON: "findings": [

#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#shared1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 2 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // A fence between two generic accesses, with no async access after it.
  tt.func @fence_orders_nothing(%v: tensor<64x64xf16, #blocked>) {
    %x = ttg.local_alloc {allocation.offset = 0 : i32} : () -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    ttg.local_store %v, %x : tensor<64x64xf16, #blocked> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    // TEXT: spurious-and-overwide.mlir:[[@LINE+7]]:5: warning: spurious proxy fence: it orders no generic access against a later async access of the same bytes [spurious-fence]
    // TEXT-NEXT: fence: ttng.fence_async_shared at {{.*}}spurious-and-overwide.mlir:[[@LINE+6]]:5
    // TEXT-NEXT: fix: remove the fence
    // JSON:      "kind": "spurious-fence",
    // JSON:      "line": [[@LINE+3]]
    // JSON:      "op": "ttng.fence_async_shared",
    // JSON:      "severity": "warning"
    ttng.fence_async_shared {bCluster = false}
    %r = ttg.local_load %x : !ttg.memdesc<64x64xf16, #shared, #smem, mutable> -> tensor<64x64xf16, #blocked>
    tt.return
  }

  // A cluster fence before a non-multicast TMA load: the CTA scope suffices.
  tt.func @overwide_before_tma_load(%desc: !tt.tensordesc<tensor<64x64xf16, #shared>>, %i: i32) {
    %c0 = arith.constant 0 : i32
    %true = arith.constant true
    %x = ttg.local_alloc {allocation.offset = 0 : i32} : () -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    %bar = ttg.local_alloc {allocation.offset = 8192 : i32} : () -> !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    ttng.init_barrier %bar, 1 : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    %r = ttg.local_load %x : !ttg.memdesc<64x64xf16, #shared, #smem, mutable> -> tensor<64x64xf16, #blocked>
    ttng.barrier_expect %bar, 8192, %true : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    // TEXT-NEXT: spurious-and-overwide.mlir:[[@LINE+7]]:5: warning: over-wide proxy fence: cluster scope (~150 cycles) where the CTA scope (~10-18 cycles) orders every hazard it covers [overwide-fence]
    // TEXT-NEXT: fence: ttng.fence_async_shared at {{.*}}spurious-and-overwide.mlir:[[@LINE+6]]:5
    // TEXT-NEXT: fix: use `ttng.fence_async_shared {bCluster = false}` (fence.proxy.async.shared::cta)
    // JSON:      "kind": "overwide-fence",
    // JSON:      "line": [[@LINE+3]]
    // JSON:      "op": "ttng.fence_async_shared",
    // JSON:      "severity": "warning"
    ttng.fence_async_shared {bCluster = true}
    ttng.async_tma_copy_global_to_local %desc[%i, %i] %x, %bar, %true : !tt.tensordesc<tensor<64x64xf16, #shared>>, !ttg.memdesc<1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    ttng.wait_barrier %bar, %c0 : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    ttng.inval_barrier %bar : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    tt.return
  }

  // A cluster fence before a TMA store (no multicast): CTA scope suffices.
  tt.func @overwide_before_tma_store(%desc: !tt.tensordesc<tensor<64x64xf16, #shared>>, %i: i32, %v: tensor<64x64xf16, #blocked>) {
    %x = ttg.local_alloc {allocation.offset = 0 : i32} : () -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    ttg.local_store %v, %x : tensor<64x64xf16, #blocked> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    // TEXT-NEXT: spurious-and-overwide.mlir:[[@LINE+4]]:5: warning: over-wide proxy fence: {{.*}} [overwide-fence]
    // TEXT-NEXT: fence: ttng.fence_async_shared at {{.*}}spurious-and-overwide.mlir:[[@LINE+3]]:5
    // TEXT-NEXT: fix: use `ttng.fence_async_shared {bCluster = false}`
    // JSON:      "kind": "overwide-fence",
    ttng.fence_async_shared {bCluster = true}
    ttng.async_tma_copy_local_to_global %desc[%i, %i] %x : !tt.tensordesc<tensor<64x64xf16, #shared>>, !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    ttng.async_tma_store_wait {pendings = 0 : i32}
    tt.return
  }

  // A cluster fence before a multicast TMA load after a generic read: needed
  // at cluster scope, no warning.
  tt.func @cluster_fence_for_multicast(%desc: !tt.tensordesc<tensor<64x64xf16, #shared>>, %i: i32) {
    %c0 = arith.constant 0 : i32
    %true = arith.constant true
    %x = ttg.local_alloc {allocation.offset = 0 : i32} : () -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    %bar = ttg.local_alloc {allocation.offset = 8192 : i32} : () -> !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    ttng.init_barrier %bar, 1 : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    %r = ttg.local_load %x : !ttg.memdesc<64x64xf16, #shared, #smem, mutable> -> tensor<64x64xf16, #blocked>
    ttng.barrier_expect %bar, 8192, %true : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    ttng.fence_async_shared {bCluster = true}
    ttng.async_tma_copy_global_to_local %desc[%i, %i] %x, %bar, %true {multicast} : !tt.tensordesc<tensor<64x64xf16, #shared>>, !ttg.memdesc<1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    ttng.wait_barrier %bar, %c0 : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    ttng.inval_barrier %bar : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    tt.return
  }

  // No fence before a multicast TMA load after a generic read: a missing
  // fence, cluster scoped.
  tt.func @missing_cluster_fence(%desc: !tt.tensordesc<tensor<64x64xf16, #shared>>, %i: i32) {
    %c0 = arith.constant 0 : i32
    %true = arith.constant true
    %x = ttg.local_alloc {allocation.offset = 0 : i32} : () -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    %bar = ttg.local_alloc {allocation.offset = 8192 : i32} : () -> !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    ttng.init_barrier %bar, 1 : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    %r = ttg.local_load %x : !ttg.memdesc<64x64xf16, #shared, #smem, mutable> -> tensor<64x64xf16, #blocked>
    ttng.barrier_expect %bar, 8192, %true : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    // TEXT-NEXT: spurious-and-overwide.mlir:[[@LINE+16]]:5: error: missing proxy fence (WAR): ttg.local_load reads shared memory that ttng.async_tma_copy_global_to_local then writes through the async proxy, with no fence.proxy.async.shared::cluster between (same block) [missing-fence]
    // TEXT-NEXT: async op: ttng.async_tma_copy_global_to_local at {{.*}}spurious-and-overwide.mlir:[[@LINE+15]]:5
    // TEXT-NEXT: generic op: ttg.local_load at {{.*}}spurious-and-overwide.mlir:[[@LINE-4]]:10
    // TEXT-NEXT: memory: buffer '<unnamed>' (ttg.local_alloc at {{.*}}spurious-and-overwide.mlir:[[@LINE-8]]:10) bytes [0, 8192), shared memory [0, 8192)
    // TEXT-NEXT: path: same block
    // TEXT-NEXT: fix: insert `ttng.fence_async_shared {bCluster = true}` (fence.proxy.async.shared::cluster) before the ttng.async_tma_copy_global_to_local at {{.*}}spurious-and-overwide.mlir:[[@LINE+11]]:5
    // TEXT-NEXT: spurious-and-overwide.mlir: 1 error, 3 warnings
    // JSON:      "hazard": "WAR",
    // JSON-NEXT: "kind": "missing-fence",
    // JSON:      "line": [[@LINE+7]]
    // JSON:      "op": "ttng.async_tma_copy_global_to_local",
    // JSON:      "scope": "cluster",
    // JSON-NEXT: "secondary": {
    // JSON:      "line": [[@LINE-15]]
    // JSON:      "op": "ttg.local_load",
    // JSON:      "severity": "error"
    ttng.async_tma_copy_global_to_local %desc[%i, %i] %x, %bar, %true {multicast} : !tt.tensordesc<tensor<64x64xf16, #shared>>, !ttg.memdesc<1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    ttng.wait_barrier %bar, %c0 : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    ttng.inval_barrier %bar : !ttg.memdesc<1xi64, #shared1, #smem, mutable>
    tt.return
  }
}
// JSON:      "summary": {
// JSON-NEXT:   "errors": 1,
// JSON-NEXT:   "warnings": 3
