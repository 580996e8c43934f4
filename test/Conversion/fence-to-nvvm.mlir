// The fence ops lowered to NVVM / LLVM.
// RUN: proxyfence-opt %s --proxyfence-convert-fences-to-nvvm --reconcile-unrealized-casts | FileCheck %s

// CHECK-LABEL: llvm.func @fences
// CHECK-SAME: (%[[P:.*]]: !llvm.ptr<1>)
llvm.func @fences(%p: !llvm.ptr<1>) {
  %t = builtin.unrealized_conversion_cast %p : !llvm.ptr<1> to !tt.ptr<i8>
  // CHECK-NEXT: nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}
  ttng.fence_async_shared {bCluster = false}
  // CHECK-NEXT: nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cluster>}
  ttng.fence_async_shared {bCluster = true}
  // CHECK-NEXT: llvm.fence syncscope("device") acq_rel
  ttng.fence {scope = "gpu"}
  // CHECK-NEXT: llvm.fence acq_rel
  ttng.fence {scope = "sys"}
  // CHECK-NEXT: nvvm.fence.mbarrier.init
  ttng.fence_mbarrier_init_release_cluster
  // CHECK-NEXT: %[[G:.*]] = llvm.addrspacecast %[[P]] : !llvm.ptr<1> to !llvm.ptr
  // CHECK-NEXT: %[[N:.*]] = llvm.mlir.constant(128 : i32) : i32
  // CHECK-NEXT: nvvm.fence.proxy.acquire <gpu> %[[G]], %[[N]]
  ttng.tensormap_fenceproxy_acquire %t : !tt.ptr<i8>
  // CHECK-NEXT: llvm.return
  llvm.return
}

// CHECK-LABEL: llvm.func @others_untouched
llvm.func @others_untouched() {
  // CHECK-NEXT: llvm.mlir.constant
  %c = llvm.mlir.constant(1 : i32) : i32
  llvm.return
}
