// Every fence kind, from TTGIR op to PTX instruction, assembled by ptxas.
// RUN: proxyfence-translate --mlir-to-ptx %s | FileCheck %s --check-prefixes=PTX,SM90
// RUN: proxyfence-translate --mlir-to-ptx --chip=sm_100a %s | FileCheck %s --check-prefixes=PTX,SM100

// PTX: .version 8.6
// SM90: .target sm_90a
// SM100: .target sm_100a
// PTX-LABEL: .visible .entry fences(
// PTX: fence.proxy.async.shared::cta;
// PTX-NEXT: fence.proxy.async.shared::cluster;
// PTX-NEXT: fence.acq_rel.gpu;
// PTX-NEXT: fence.acq_rel.sys;
// PTX-NEXT: fence.mbarrier_init.release.cluster;
// PTX-NEXT: cvta.global.u64 [[G:%rd[0-9]+]], {{%rd[0-9]+}};
// PTX-NEXT: fence.proxy.tensormap::generic.acquire.gpu [[[G]]], 128;
// PTX-NEXT: ret;
llvm.func @fences(%p: !llvm.ptr<1>) attributes {nvvm.kernel} {
  %t = builtin.unrealized_conversion_cast %p : !llvm.ptr<1> to !tt.ptr<i8>
  ttng.fence_async_shared {bCluster = false}
  ttng.fence_async_shared {bCluster = true}
  ttng.fence {scope = "gpu"}
  ttng.fence {scope = "sys"}
  ttng.fence_mbarrier_init_release_cluster
  ttng.tensormap_fenceproxy_acquire %t : !tt.ptr<i8>
  llvm.return
}
